"""The `option` of a ranks move, in words a player reads: the client shows it as it is ("Your
march (wheel 12.5° right, then 3.2" forward)"), and the rules read the numbers back from it.

A March is "5" forward, no wheel" or "wheel 12.5° right, then 3.2" forward" (or "..., no
advance"); a Turn "turn
right, then 2" forward" or "turn about on the spot"; a flight "turn about, then 5" forward";
a Charge "into its flank edge, facing 90°". Numbers keep the precision the move was solved to
(3 decimals, 6 for a charge's facing), trailing zeros dropped, so reading one back gives the
same move. The older "wheel=-30.000;forward=4.200" form is still read (saved games).
"""

from __future__ import annotations

import re
from functools import lru_cache

from game.core.i18n import msg
from game.rulesets.ranks.wording import EDGE_NAMES

DEGREE = "\u00b0"
_TURNS = {"right": 90.0, "left": -90.0, "about": 180.0}
_NUMBER = r"(-?\d+(?:\.\d+)?)"


def number(value: float, places: int = 3) -> str:
    """`value` to `places` decimals, without trailing zeros ("5", "3.25")."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def shown(value: float, places: int = 3) -> int | float | str:
    """`value` as a message field that prints exactly as `number` writes it ("5", "3.25"), and
    as a number, so that a translation shows its own decimal comma ("3,25"): an int when whole,
    else the rounded float (Python prints it shortest, no trailing zeros); `number`'s text for
    the rare magnitudes a float would print with an exponent."""
    rounded = round(value, places)
    if rounded == int(rounded):
        return int(rounded)
    return rounded if 1e-4 <= abs(rounded) < 1e15 else number(value, places)


#: The named turns ("turn right"); another angle is "turn 45°".
_TURN_WORDS = {0: msg("no turn"), 90: msg("turn right"), 270: msg("turn left"),
               180: msg("turn about")}


def _turn_words(degrees: float) -> str:
    found = _TURN_WORDS.get(round(degrees) % 360)
    return found if found is not None else msg("turn {degrees}\u00b0", degrees=shown(degrees))


def option_text(**values) -> str:
    """Words for a move: keys `wheel` and `forward` (March), `by` and `forward` (Turn),
    `turn` and `forward` (a flight), `edge` and `facing` (Charge). A `Msg`: its English is
    what `parse_option` reads back, a translation what a player sees."""
    forward = values.get("forward")
    ahead = shown(forward) if forward is not None else ""
    if "edge" in values:
        return msg("into its {edge} edge, facing {facing}\u00b0",
                   edge=EDGE_NAMES.get(values["edge"], values["edge"]),
                   facing=shown(values["facing"], 6))
    if "wheel" in values:
        wheel = values["wheel"]
        if abs(wheel) < 5e-4:
            if forward is None:
                return msg(", no wheel")
            return msg("{forward}\" forward, no wheel", forward=ahead)
        degrees = shown(abs(wheel))
        if forward is not None and abs(forward) < 5e-4:
            if wheel > 0:
                return msg("wheel {degrees}\u00b0 right, no advance", degrees=degrees)
            return msg("wheel {degrees}\u00b0 left, no advance", degrees=degrees)
        if forward is None:  # never offered: a March always says how far it goes
            return f"wheel {degrees}{DEGREE} {'right' if wheel > 0 else 'left'}, then "
        if wheel > 0:
            return msg("wheel {degrees}\u00b0 right, then {forward}\" forward",
                       degrees=degrees, forward=ahead)
        return msg("wheel {degrees}\u00b0 left, then {forward}\" forward", degrees=degrees,
                   forward=ahead)
    turn = _turn_words(values.get("by", values.get("turn", 0.0)))
    if forward is None or abs(forward) < 5e-4:
        return msg("{turn} on the spot", turn=turn)
    return msg("{turn}, then {forward}\" forward", turn=turn, forward=ahead)


def parse_option(text: str | None) -> dict[str, float]:
    """The numbers of a move's option: {'wheel': -30.0, 'forward': 4.2}, {'by': 90.0,
    'turn': 90.0, 'forward': 2.0}, {'facing': 90.0}; words or the older key=value form.
    (A fresh dict each time; the reading itself is remembered: the AI reads the same few
    options again and again.)"""
    return dict(_parsed(str(text or "")))


@lru_cache(maxsize=4096)
def _parsed(text: str) -> tuple[tuple[str, float], ...]:
    return tuple(_parse(text).items())


def _parse(text: str) -> dict[str, float]:
    if "=" in text:
        return _legacy(text)
    out: dict[str, float] = {}
    found = re.search(_NUMBER + r"\" forward", text)
    if found:
        out["forward"] = float(found.group(1))
    elif "no advance" in text or "on the spot" in text:
        out["forward"] = 0.0
    if "no wheel" in text:
        out["wheel"] = 0.0
    found = re.search(r"wheel " + _NUMBER + DEGREE + r" (right|left)", text)
    if found:
        out["wheel"] = float(found.group(1)) * (1 if found.group(2) == "right" else -1)
    found = re.search(r"turn (right|left|about)", text)
    if found:
        out["by"] = out["turn"] = _TURNS[found.group(1)]
    found = re.search(r"turn " + _NUMBER + DEGREE, text)
    if found:
        out["by"] = out["turn"] = float(found.group(1))
    if "no turn" in text:
        out["by"] = out["turn"] = 0.0
    found = re.search(r"facing " + _NUMBER + DEGREE, text)
    if found:
        out["facing"] = float(found.group(1))
    return out


def _legacy(text: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for part in text.split(";"):
        if "=" in part:
            key, value = part.split("=", 1)
            try:
                out[key.strip()] = float(value)
            except ValueError:
                continue
    return out
