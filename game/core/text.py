"""Plain-English counts and possessives for the texts players read (the log, buttons, results).

One place so that "1 wounds", "1 hits" and "Stompers's" cannot come back in one ruleset while
fixed in another, and so that the translation work has a single seam to turn into gettext's
plural forms (Russian has three) instead of dozens of inline `'s' if n != 1` tests.
"""

from __future__ import annotations

# Words whose plural is not "+s" among the ones the game prints.
IRREGULAR = {
    "casualty": "casualties",
    "die": "dice",
    "model": "models",
    "glancing hit": "glancing hits",
}


def plural(word: str) -> str:
    """The English plural of one of the game's nouns."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


def count(n: int | float, word: str) -> str:
    """`n` and the noun in the right number: "1 wound", "2 wounds", "0 hits", "1 die"."""
    shown = f"{n:g}" if isinstance(n, float) else str(n)
    return f"{shown} {word if n == 1 else plural(word)}"


def possessive(name: str) -> str:
    """English possessive: "Brute Mob's", and "Stompers'" for a name ending in s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
