"""Exact odds for `cards`: one melee round's losses on each side, and one figure's attack.

Every number is a Fraction. The client's odds panel (`melee_round_odds`), the `odds melee`
command and the greedy AI read these; tests check them against scripted dice and Monte Carlo.

One round (steps 2-4): each group of attacking dice hits on >= its Aggression; every hit on a
unit is a defence die that blocks on >= its Defence (Inspiring re-rolls one failed die); the
unblocked hits remove figures, never more than the unit has in base contact. The two sides'
losses are independent (each side's losses come from the other side's attack dice and its own
defence dice), so the joint distribution is the product of the two marginals.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from game.core import probability as P

Dist = dict[int, Fraction]


def p_hit(aggression: int) -> Fraction:
    """A die hits on >= Aggression."""
    return P.p_roll_at_least(aggression)


def p_block(defence: int) -> Fraction:
    """A defence die blocks on >= Defence."""
    return P.p_roll_at_least(defence)


@lru_cache(maxsize=4096)
def _unit_losses(attacks: tuple[tuple[int, int], ...], defence: int, inspiring: bool,
                 cap: int) -> tuple[tuple[int, Fraction], ...]:
    hits: Dist = {0: Fraction(1)}
    for dice, need in attacks:
        hits = P.convolve(hits, P.successes(dice, need))
    fail = 1 - p_block(defence)
    block = p_block(defence)
    out: Dist = {}
    for h, ph in hits.items():
        for f, pf in P.binomial(h, fail).items():
            outcomes = [(f, Fraction(1))]
            if inspiring and f >= 1:
                outcomes = [(f - 1, block), (f, 1 - block)]
            for lost, pl in outcomes:
                lost = min(lost, cap)
                out[lost] = out.get(lost, Fraction(0)) + ph * pf * pl
    return tuple(sorted(out.items()))


def unit_losses(attacks: list[tuple[int, int]], defence: int, inspiring: bool, cap: int) -> Dist:
    """Figures one unit loses in a round: `attacks` are (dice, Aggression) groups aimed at it,
    `cap` its figures in base contact (hits beyond them are ignored)."""
    return dict(_unit_losses(tuple(sorted(attacks)), defence, inspiring, cap))


def side_losses(per_unit: list[Dist]) -> Dist:
    total: Dist = {0: Fraction(1)}
    for dist in per_unit:
        total = P.convolve(total, dist)
    return total


def joint(a: Dist, b: Dist) -> dict[tuple[int, int], Fraction]:
    return {(ka, kb): pa * pb for ka, pa in a.items() for kb, pb in b.items()}


def one_figure_attack(aggression: int, defence: int, dice: int = 1,
                      inspiring: bool = False) -> Dist:
    """Casualties one figure's dice cause to a unit with enough figures in contact."""
    return unit_losses([(dice, aggression)], defence, inspiring, dice)
