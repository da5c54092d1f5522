"""Exact odds for `legions`: the drop-lowest charge roll, the WS hit chart, the S - T wound
chart and saves (rules/legions.md, "Odds" and the Fight sub-phase). All Fractions: the `odds`
command, the action labels and the greedy AI read them.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from game.core import probability as P

CHARGE_DICE = 2
#: A volley is made of snap shots: they hit only on a 6 ([added] in the spec).
SNAP_SHOT = 6


def charge_distribution() -> dict[int, Fraction]:
    """2D6, the lowest discarded: P(k) = (2k - 1)/36."""
    return P.highest_of_dice(CHARGE_DICE)


def needed_roll(distance: float) -> int:
    """The charge roll that covers `distance` inches (a whole number of inches, at least 1)."""
    return max(1, math.ceil(round(distance, 6)))


def charge_success(distance: float) -> Fraction:
    """P(2D6 drop lowest >= distance): 36, 35, 32, 27, 20, 11 out of 36 for 1..6, 0 beyond."""
    if distance <= 0:
        return Fraction(1)
    return P.at_least(charge_distribution(), needed_roll(distance))


def whole_charge_odds(distance: float, setup: int) -> Fraction:
    """The whole charge on open ground, from `distance` at its declaration: a setup move of
    `setup` inches straight in (0 for a disordered charge), which wins the charge if it
    reaches base contact, else the roll for the gap left. On a real table charge_odds works
    it out with the game's own placements instead (terrain, other models, coherency)."""
    left = distance - setup
    if left <= 1e-9:
        return Fraction(1)
    return charge_success(left)


def shot_target(bs: int) -> int:
    """The BS chart for a shot fired normally [added: the seed has none]: 7 - BS, never better
    than 2+ (BS 4 -> 3+, BS 1 -> 6+). Snap shots ignore BS: SNAP_SHOT."""
    return max(2, 7 - bs)


def hit_target(attacker_ws: int, defender_ws: int) -> int:
    """The WS chart [added]: 2× or more -> 2+; higher -> 3+; equal -> 4+; lower -> 5+;
    half or less -> 6+ (the doubled rows are checked first)."""
    if attacker_ws >= 2 * defender_ws:
        return 2
    if defender_ws >= 2 * attacker_ws:
        return 6
    if attacker_ws > defender_ws:
        return 3
    if attacker_ws == defender_ws:
        return 4
    return 5


def wound_target(strength: int, toughness: int) -> int | None:
    """The S - T chart [added]: +2 or more -> 2+; +1 -> 3+; 0 -> 4+; -1 -> 5+; -2 or -3 -> 6+;
    -4 or less -> None (impossible, "-" in the table)."""
    diff = strength - toughness
    if diff >= 2:
        return 2
    if diff == 1:
        return 3
    if diff == 0:
        return 4
    if diff == -1:
        return 5
    if diff >= -3:
        return 6
    return None


def p_at_least(target: int | None) -> Fraction:
    if target is None or target > 6:
        return Fraction(0)
    return P.p_roll_at_least(max(2, target))


def p_unsaved(save: int) -> Fraction:
    """A save of `save`+ (7+: none) fails this often."""
    return 1 - p_at_least(save)


@lru_cache(maxsize=4096)
def unsaved_distribution(attacks: int, hit: int, wound: int | None, save: int
                         ) -> tuple[tuple[int, Fraction], ...]:
    """Exact distribution of unsaved wounds from `attacks` dice: each hits, wounds and beats
    the save independently, so it is Binomial(attacks, product)."""
    p = p_at_least(hit) * p_at_least(wound) * p_unsaved(save)
    return tuple(sorted(P.binomial(attacks, p).items()))


def expected_unsaved(attacks: int, hit: int, wound: int | None, save: int) -> Fraction:
    return attacks * p_at_least(hit) * p_at_least(wound) * p_unsaved(save)
