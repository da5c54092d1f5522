"""Plain-English counts and possessives for the texts players read (the log, buttons, results).

One place so that "1 wounds", "1 hits" and "Stompers's" cannot come back in one ruleset while
fixed in another, and so that the translation work has a single seam to turn into gettext's
plural forms (Russian has three) instead of dozens of inline `'s' if n != 1` tests.
"""

from __future__ import annotations

import re

from game.core.i18n import Msg, nmsg, possessive  # noqa: F401 (possessive: re-exported)

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


def nmsg_id(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural pair for extraction (gettext keyword `nmsg_id`)."""
    return singular, plural


#: The counted nouns' message ids (gettext needs both forms written out to extract them).
COUNTED = {
    "attack": nmsg_id("{n} attack", "{n} attacks"),
    "hit": nmsg_id("{n} hit", "{n} hits"),
    "wound": nmsg_id("{n} wound", "{n} wounds"),
    "model": nmsg_id("{n} model", "{n} models"),
    "die": nmsg_id("{n} die", "{n} dice"),
    "casualty": nmsg_id("{n} casualty", "{n} casualties"),
    "character": nmsg_id("{n} character", "{n} characters"),
    "reaction point": nmsg_id("{n} reaction point", "{n} reaction points"),
    "resolution point": nmsg_id("{n} resolution point", "{n} resolution points"),
    "glancing hit": nmsg_id("{n} glancing hit", "{n} glancing hits"),
}


def count(n: int | float, word: str) -> Msg:
    """`n` and the noun in the right number: "1 wound", "2 wounds", "0 hits", "1 die"; a
    `Msg`, so that each language says it with its own plural forms (Russian has three).
    A noun not in COUNTED still reads right in English but has no translation: add it."""
    singular, many = COUNTED.get(word) or ("{n} " + word, "{n} " + plural(word))
    if isinstance(n, float):
        singular, many = singular.replace("{n}", "{n:g}"), many.replace("{n}", "{n:g}")
    return nmsg(singular, many, n)


# --- provenance tags -----------------------------------------------------------------------------
# The rule texts say where each rule comes from, for the people who check them against the
# original rules: "(squads seed)", "[added]", "[added, same game family]", "(ranks [added])".
# Players read the rule, not its source; `plain_words` is the one place that takes the tags out.
_RULESETS = r"(?:squads|warband|cards|legions|ranks)"
_TAG = r"\[added[^\]]*\](?:\s+in the spec)?"
# A whole parenthesis that only says where the rule comes from (with an optional remark after a
# comma or semicolon): "(legions seed)", "(the seed)", "(ranks [added], common rules)".
_SOURCE_PARENS = re.compile(
    rf"\s*\((?:(?:{_RULESETS}|the)\s+)?(?:seed|{_TAG})(?:[,;][^()]*)?\)", re.IGNORECASE)
# "([added] rounding)": a one-word note on what was added is a tag too.
_ADDED_NOTE = re.compile(rf"\s*\(\s*{_TAG}\s+[\w-]+\s*\)", re.IGNORECASE)
_RULESET_PARENS = re.compile(rf"\s*\({_RULESETS}\)", re.IGNORECASE)
_BARE_TAG = re.compile(rf"\s*{_TAG}\s*", re.IGNORECASE)


def plain_words(text: str) -> str:
    """A rule text or refusal reason without its provenance tags, as players should read it:
    "Charge roll: 2D6, roll first, choose after (squads seed)" -> "Charge roll: 2D6, roll first,
    choose after"; "[added] A model ..." -> "A model ..."; "Running [added, same game family]:
    ..." -> "Running: ..."; "up ([added] rounding)" -> "up"."""
    if not text or ("seed" not in text and "added" not in text and "(" not in text):
        return text
    out = _SOURCE_PARENS.sub("", text)
    out = _ADDED_NOTE.sub("", out)
    out = _RULESET_PARENS.sub("", out)
    out = _BARE_TAG.sub(" ", out)
    out = re.sub(r"\(\s+", "(", out)
    out = re.sub(r"\s*\(\s*\)", "", out)
    # A tag taken out leaves a space before the punctuation that followed it; but French
    # writes a space before ":" and ";" on purpose, so a text that does keeps them.
    tight = ",.)" if re.search(r"\S [:;]", text) else ",;:.)"
    out = re.sub(rf"\s+([{re.escape(tight)}])", r"\1", out)
    out = re.sub(r"[ \t]{2,}", " ", out)
    out = re.sub(r"^[\s,;:]+", "", out)
    return out.strip()
