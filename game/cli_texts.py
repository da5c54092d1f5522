"""argparse's own words (usage, section titles, its error messages) in the player's language.

Why: `--help` and a refused argument are the first things a command-line player reads. argparse
looks its words up through a module-level gettext function (`argparse._` and `argparse.ngettext`)
each time it formats, which is how it is meant to be translated; `install` points those at the
game's catalogs. The message ids are argparse's own English strings, listed here so that the
extraction puts them in the `core` catalogs (only those a player of this CLI can meet: the
others are programming errors). `%(name)s` fields are argparse's and stay as they are.
"""

from __future__ import annotations

import argparse

from game.core.i18n import N_

ARGPARSE_TEXTS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
)


def install() -> None:
    """argparse's words from now on in the current language (`game.i18n.set_language`)."""
    from game import i18n

    argparse._ = i18n._
    argparse.ngettext = i18n.ngettext
