"""The client's words in the player's language, at the moment they are drawn.

Two kinds of text reach the screen. The client's own strings are English message ids of the
`ui` catalog, shown with `_()` (or `ngettext`, then `.format`), so a change of language shows at
the next frame. The rules' texts (event lines, rule texts, refusals, action labels, data names)
arrive as `Msg`s or plain English strings: `rules_words` translates them first and only then
takes the provenance tags off (`plain_words`): the translations keep the tags where the English
has them, and a tag-free English text would no longer match its message id.
"""

from __future__ import annotations

from game.core.i18n import ENGLISH
from game.core.text import plain_words
from game.i18n import _, current_language, local_number, ngettext, translate

__all__ = ["_", "current_language", "decimal", "fill", "ngettext", "rules_words", "translate"]


def fill(template: str, **parts) -> str:
    """`template.format(**parts)` that also knows `{x:poss}`, the English possessive (a
    translated template writes its own construction and never uses it)."""
    return ENGLISH.vformat(template, (), parts)


def decimal(number: str) -> str:
    """A number already written ("2.5", "+0.25") as the language shown writes it."""
    return local_number(number)


def rules_words(text) -> str:
    """A text of the rules (a Msg or an English string) as the player reads it: in their
    language, provenance tags taken off."""
    if not text:
        return ""
    return plain_words(translate(text))
