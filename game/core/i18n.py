"""Texts that can be said in any language: the seam between the rules and the translations.

The rules speak English, always: every event, refusal and rule text is an English string, so the
event log (and its hash, which saves and replays check) is the same whatever language the player
reads. A text the rules build from parts is a `Msg`: a `str` whose value is the English text, and
which also remembers the gettext message id (its template) and the parts, so that the display
(`game.i18n.translate`) can look the template up in the player's language and fill it with the
parts, each translated in turn. The rules never read a translation; nothing here imports one.

    msg("{unit} holds", unit=name)                       -> "Brute Mob I holds"
    nmsg("{n} wound", "{n} wounds", n)                   -> "2 wounds" (n is a parameter too)
    msg("Round {round}: {side:poss} turn", ...)          -> "Round 1: Stompers' turn"
    join([a, b], ", ")                                   -> "a, b", each part translated

`:poss` is the English possessive ("Brute Mob's", "Stompers'"); other languages' templates
write their own construction ("Tour de {side}") and the spec is ignored there.
Extraction: `msg` and `nmsg` are gettext keywords (`game.i18n.extract`), so their first
arguments must be string literals (never f-strings).
"""

from __future__ import annotations

import string
from collections.abc import Iterable


def possessive(name: str) -> str:
    """English possessive: "Brute Mob's", and "Stompers'" for a name ending in s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


class _EnglishFormatter(string.Formatter):
    """str.format with one extra spec, `poss`, for the English possessive."""

    def format_field(self, value, format_spec):
        if format_spec == "poss":
            return possessive(str(value))
        return super().format_field(value, format_spec)


ENGLISH = _EnglishFormatter()


class Msg(str):
    """An English text that remembers its template and parts (see the module docstring).

    Immutable like any str: copies share it; pickling or deep-copying keeps template and parts.
    """

    template: str
    plural: str | None
    params: dict

    def __new__(cls, template: str, plural: str | None = None, params: dict | None = None):
        params = params or {}
        chosen = template
        if plural is not None and params.get("n", 1) != 1:
            chosen = plural
        if not params:
            text = chosen
        elif ":poss}" in chosen:
            text = ENGLISH.vformat(chosen, (), params)
        else:  # the same text, by the built-in formatter: several times faster
            text = chosen.format_map(params)
        self = super().__new__(cls, text)
        self.template = template
        self.plural = plural
        self.params = params
        return self

    def __reduce__(self):
        return (Msg, (self.template, self.plural, self.params))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class Joined(str):
    """Parts joined by a separator ("A, B and C" is written by the caller): each part is
    translated on its own, the separator is kept."""

    parts: tuple
    sep: str

    def __new__(cls, parts: Iterable, sep: str = ", "):
        parts = tuple(parts)
        self = super().__new__(cls, sep.join(str(p) for p in parts))
        self.parts = parts
        self.sep = sep
        return self

    def __reduce__(self):
        return (Joined, (self.parts, self.sep))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class Verbatim(str):
    """A part that is the same in every language and must never be looked up: a numeral
    ("Line Marines II": "I" is also the initiative's abbreviation, which a catalog translates)."""

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def msg(template: str, **params) -> Msg:
    """A translatable text: `template` is the English message id, `params` fill its fields."""
    return Msg(template, None, params)


def nmsg(singular: str, plural: str, n: int | float, **params) -> Msg:
    """A translatable text with plural forms; `n` chooses the form and fills `{n}`.
    A float `n` is shown with `:g` by the caller's template ("{n:g} VP")."""
    params["n"] = n
    return Msg(singular, plural, params)


def join(parts: Iterable, sep: str = ", ") -> Joined:
    """`sep.join(parts)` that a translation can still see into."""
    return Joined(parts, sep)


def and_list(names: Iterable) -> str:
    """"A", "A and B", "A and B and C": each "and" a message of its own, so a translation says
    its own word, and each name is translated on its own ("" for no name)."""
    names = list(names)
    text = names[0] if names else ""
    for name in names[1:]:
        text = msg("{first} and {second}", first=text, second=name)
    return text


def N_(text: str) -> str:
    """Marks a constant for extraction without making it a Msg (translated where it is shown)."""
    return text
