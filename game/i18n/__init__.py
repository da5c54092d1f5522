"""The player's language: which one is chosen, and every text shown in it.

The rules and the log speak English (`game.core.i18n`); this is where a text meets the player's
language, at the moment it is shown: the client's screens, the CLI's output. `translate` looks a
`Msg`'s template up in the chosen language's catalogs (`catalogs.py`) and fills it with its parts,
each translated the same way; a plain string is looked up whole (rule texts, data names, lesson
texts); a text with no translation stays English.

The language is chosen, first found wins: `--lang`, then `$SKIRMISH_LANG`, then the settings,
then the system locale, then English.
"""

from __future__ import annotations

import locale
import os
import re
import string
from collections.abc import Callable

from game.core.i18n import N_, Joined, Msg, Verbatim, possessive
from game.i18n.catalogs import available_languages, translations

__all__ = ["N_", "LANGUAGE_NAMES", "_", "choose_language", "current_language", "local_number",
           "ngettext", "set_language", "set_ruleset", "supported", "translate"]

#: Each language's name in itself (the settings screen lists them so).
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ru": "Русский"}

_current = "en"
#: A part of a text worth translating has a word in it ("Brute Mob I"), not only dice, numbers
#: and numerals ("2D6", "3+", "IV", "#3").
_WORD = re.compile(r"(?![IVXLC]+\b)[^\W\d_]{3,}")


def supported() -> list[str]:
    return [lang for lang in available_languages() if lang in LANGUAGE_NAMES]


def normalize(code: str | None) -> str | None:
    """"fr_FR.UTF-8" -> "fr"; None or an unknown language -> None."""
    if not code:
        return None
    short = code.replace("-", "_").split(".")[0].split("_")[0].lower()
    return short if short in LANGUAGE_NAMES else None


def system_language() -> str | None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        found = normalize(os.environ.get(var, "").split(":")[0])
        if found:
            return found
    try:
        return normalize(locale.getlocale()[0])
    except ValueError:
        return None


def choose_language(cli: str | None = None, setting: str | None = None) -> str:
    """The language to play in (see the module docstring for the order)."""
    for candidate in (cli, os.environ.get("SKIRMISH_LANG"), setting, system_language()):
        found = normalize(candidate)
        if found:
            return found
    return "en"


def set_language(lang: str) -> str:
    """Make `lang` the language of every text shown from now on; returns the one chosen."""
    global _current
    _current = normalize(lang) or "en"
    return _current


def current_language() -> str:
    return _current


_ruleset: str | None = None


def set_ruleset(ruleset_id: str | None) -> None:
    """The ruleset being shown (a battle, a lesson, its rules): its catalogs are looked in
    first. None: no preference (menus)."""
    global _ruleset
    _ruleset = ruleset_id


#: Languages that write a decimal comma ("6,0"").
DECIMAL_COMMA = ("fr", "ru")


def local_number(number: str, lang: str | None = None) -> str:
    """A number already written ("2.5", "+0.25") as `lang` (the current language) writes it."""
    return number.replace(".", ",") if (lang or _current) in DECIMAL_COMMA else number


class _LocalFormatter(string.Formatter):
    """Fills a translated template: parts translated, decimals with the language's comma,
    `:poss` meaningful only in English."""

    def __init__(self, lang: str, misses: Callable[[str], None] | None):
        self.lang = lang
        self.misses = misses

    def format_field(self, value, format_spec):
        if format_spec == "poss":
            text = translate(value, self.lang, self.misses, part=True)
            return possessive(text) if self.lang == "en" else text
        if isinstance(value, str):
            return super().format_field(translate(value, self.lang, self.misses, part=True),
                                        format_spec)
        text = super().format_field(value, format_spec)
        return local_number(text, self.lang) if isinstance(value, float) else text


def translate(text, lang: str | None = None, misses: Callable[[str], None] | None = None,
              part: bool = False) -> str:
    """`text` in `lang` (the current language by default). `misses`, when given, is told each
    message id that has no translation (the tests' check that a whole battle is translated).
    A plain-string part of a Msg is looked up too, and reported missing only when it has a word
    in it (a name is, "2D6" and "IV" are not)."""
    lang = lang or _current
    if lang == "en" or not isinstance(text, str) or not text or isinstance(text, Verbatim):
        return str(text) if text is not None else ""  # gettext("") is the catalog's header
    catalog = translations(lang, _ruleset)
    if isinstance(text, Joined):
        return text.sep.join(translate(p, lang, misses, part) for p in text.parts)
    if isinstance(text, Msg):
        if text.plural is not None:
            found = catalog.ngettext(text.template, text.plural, text.params.get("n", 1))
            missing = found is text.template or found is text.plural
        else:
            found = catalog.gettext(text.template)
            missing = found is text.template
        if missing and misses is not None:
            misses(text.template)
        if not text.params:
            return found
        return _LocalFormatter(lang, misses).vformat(found, (), text.params)
    key = str(text)
    found = catalog.gettext(key)
    if found is not key:
        return found
    if misses is not None and (_WORD.search(key) if part else any(c.isalpha() for c in key)):
        misses(key)
    return key


def _(text: str) -> str:
    """gettext's `_`: `text` in the current language (for the client's and the CLI's own
    strings, translated where they are shown)."""
    return translate(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The plural form for `n` in the current language (not filled: call `.format` after)."""
    if _current == "en":
        return singular if n == 1 else plural
    return translations(_current, _ruleset).ngettext(singular, plural, n)
