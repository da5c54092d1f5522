"""Characteristic checks (rules/legions.md, "Checks" [added]): 2D6 at or under the value passes;
a double 1 always passes and a double 6 always fails. A unit checks with its lowest value, or
with a Sergeant's or a Command model's instead, and a Paragon lends its own to the unit it has
joined (the seed's Paragon type: it lends its characteristics to its unit for any check).

`characteristic` is the one place a model's WS or Ld is read with what changes them for the
phase: a Disgraced model (a refused challenge, challenge.py) has them halved.
"""

from __future__ import annotations

from fractions import Fraction

from game.core.dice import Dice
from game.core.events import DiceRolled
from game.core.i18n import join, msg
from game.core.state import GameState
from game.rulesets.legions.profile import has_sub_type, is_paragon

RULE_CHECK = msg("Check: 2D6 <= the value passes; double 1 passes, double 6 fails (legions)")
RULE_UNIT_VALUE = msg("A unit uses its lowest value, or a Sergeant's or Command model's (legions)")
#: Sub-types whose value the whole unit uses for a check.
LEADING_SUB_TYPES = ("Sergeant", "Command")
NAMES = {"Ld": msg("Leadership"), "Cl": msg("Cool")}
ABBREVIATIONS = {"Ld": msg("Ld"), "Cl": msg("Cl")}
RULE_LENDS = msg("A Paragon lends its characteristics to its unit for any characteristic check "
                 "(legions seed, the Paragon type)")
RULE_DISGRACED = msg("Disgraced (a refused challenge): WS and Ld halved this phase, rounded up "
                     "([added] rounding) (legions)")
#: The characteristics a disgrace halves.
DISGRACED_KEYS = ("WS", "Ld")


def disgraced(s: GameState, model_id: str) -> bool:
    return model_id in s.pending.get("duels", {}).get("disgraced", ())


def characteristic(s: GameState, model, key: str) -> int:
    """The model's value of `key` this phase: its profile's, halved (rounded up) for WS and Ld
    while it is Disgraced (RULE_DISGRACED)."""
    value = int(model.profile[key])
    if key in DISGRACED_KEYS and disgraced(s, model.id):
        return (value + 1) // 2
    return value


def unit_value(s: GameState, unit_id: str, key: str) -> int:
    """The value a unit checks with: a living Sergeant's, Command model's or joined Paragon's
    (the best of them: RULE_UNIT_VALUE, RULE_LENDS), else the lowest among its living models;
    each as it is this phase (`characteristic`: a Disgraced model's Ld is halved)."""
    models = s.alive_models(unit_id)
    leaders = [m for m in models
               if is_paragon(m) or any(has_sub_type(m, t) for t in LEADING_SUB_TYPES)]
    if leaders:
        return max(characteristic(s, m, key) for m in leaders)
    return min(characteristic(s, m, key) for m in models)


def check_passes(dice: tuple[int, ...], target: int) -> bool:
    """The check rule itself: doubles first, then 2D6 <= target."""
    if dice == (1, 1):
        return True
    if dice == (6, 6):
        return False
    return sum(dice) <= target


def p_pass(target: int) -> Fraction:
    """Exact chance that a check against `target` passes (the double rules included)."""
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if check_passes((a, b), target))
    return Fraction(wins, 36)


def take_check(s: GameState, dice: Dice, unit_id: str, key: str, penalty: int = 0,
               why: str = "") -> tuple[bool, DiceRolled]:
    """Roll a unit's check of `key` (Ld, Cl) with a penalty; returns (passed, the event)."""
    unit = s.units[unit_id]
    value = unit_value(s, unit_id, key)
    target = value - penalty
    name = NAMES.get(key, key)
    roll = dice.roll(2, msg("{unit} {name} check", unit=unit.name, name=name), RULE_CHECK)
    passed = check_passes(roll.values, target)
    penalty_part = [f" - {penalty}"] if penalty else []  # never an empty part
    shown = join([ABBREVIATIONS.get(key, key), f" {value}", *penalty_part], "")
    label = _label(key, name, why, shown)
    outcome = msg("passed") if passed else msg("failed")
    if roll.values in ((1, 1), (6, 6)):
        outcome = join([outcome, msg(" (a double 1 always passes, a double 6 always fails)")], "")
    return passed, DiceRolled(rule=RULE_CHECK, who=unit.name, label=label, values=roll.values,
                              needed=msg("{target} or less", target=target), outcome=outcome)


def _label(key: str, name: str, why: str, shown: str) -> str:
    """ "a Leadership check at the table edge (Ld 7)": one message per check, so that each
    language can word its own check."""
    if key == "Ld":
        return (msg("a Leadership check {why} ({shown})", why=why, shown=shown) if why
                else msg("a Leadership check ({shown})", shown=shown))
    if key == "Cl":
        return (msg("a Cool check {why} ({shown})", why=why, shown=shown) if why
                else msg("a Cool check ({shown})", shown=shown))
    return (msg("a {check} check {why} ({shown})", check=name, why=why, shown=shown) if why
            else msg("a {check} check ({shown})", check=name, shown=shown))
