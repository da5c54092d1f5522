"""The searcher's hooks for warband: the leaf evaluation.

A warband charge rolls no dice: a model reaches whatever lies within 2 x M (`movement.
charge_reach`), so the threat term counts a reachable enemy with certainty and a farther one
not at all. Its fights are resolved in automatic steps, sampled by the searcher's own dice
(no `chance_outcomes` here: no decision of this ruleset rolls dice of its own).

The rout tests to come (`pending_points`): a warband with a quarter of its models out of
action tests at the start of each of its turns, and a failure gives every other warband 4
points for each model it still has (with two warbands, the battle too). Half the greedy
mirrors end that way (seeds 0-9: 5 of 10), yet the points now do not show it: a leaf one turn
ahead sees a warband just past a quarter as if nothing followed.
"""

from __future__ import annotations

from fractions import Fraction

from game.core.probability import sum_of_dice
from game.rulesets.base import POINTS_PER_MODEL, POINTS_PER_UNIT_WIPED
from game.rulesets.warband.movement import charge_reach
from game.rulesets.warband.recovery import needs_rout_test, rout_leadership

#: Points each other warband gets per model of a warband that routs (every model is a unit).
ROUTED_MODEL_POINTS = POINTS_PER_MODEL + POINTS_PER_UNIT_WIPED


def reach_odds(s, unit_id, gap):
    """The chance that this unit's charge reaches an enemy `gap` inches away (the searcher's
    threat term, `game.ai.evaluate`)."""
    models = s.alive_models(unit_id)
    return 1 if models and gap <= charge_reach(models[0]) else 0


def fails_rout_test(leadership: int) -> float:
    """The chance that 2D6 exceed `leadership` (a failed rout test)."""
    return float(sum((p for total, p in sum_of_dice(2).items() if total > leadership),
                     Fraction(0)))


def turns_left(s, side: int) -> int:
    """The turns `side` still starts (each with its rout test), this round's included when it
    has not started yet (a later side, or the active one still in its recovery phase)."""
    rounds = int(getattr(s.scenario, "rounds", 5) or 5)
    this_round = side > s.active or (side == s.active and s.phase == "recovery")
    return max(0, rounds - s.round) + (1 if this_round else 0)


def pending_points(s) -> list[float]:
    """Per side: the expected points the rout tests to come will give it (the searcher's leaf
    evaluation, `game.ai.evaluate.values`): for each warband that must test (a quarter out of
    action), the chance it fails one of its tests left at today's Ld times 4 points per model
    it has now, to every other warband still fighting."""
    out = [0.0] * len(s.sides)
    fighting = [side.index for side in s.sides if not side.routed
                and any(m.alive and m.side == side.index for m in s.models.values())]
    for side in fighting:
        if not needs_rout_test(s, side):
            continue
        turns = turns_left(s, side)
        if not turns:
            continue
        routs = 1.0 - (1.0 - fails_rout_test(rout_leadership(s, side)[0])) ** turns
        alive = sum(1 for m in s.models.values() if m.alive and m.side == side)
        for other in fighting:
            if other != side:
                out[other] += routs * alive * ROUTED_MODEL_POINTS
    return out


#: With three or four warbands, the share of the budget past which the next-turn look-ahead
#: starts no new round of rollouts unless a challenger leads greedy's choice.
MANY_SIDES_SOFT = 0.5


def next_turn_soft(s) -> float | None:
    """The next-turn look-ahead's soft stop (`game.ai.search.SearchAgent.soft_share`): none
    with two warbands, `MANY_SIDES_SOFT` of the budget with more."""
    return MANY_SIDES_SOFT if len(s.sides) > 2 else None

#: The turn look-ahead overrides greedy's choice when a challenger's paired gain is beyond
#: its margin plus this many standard errors (`game.ai.turns`; 1.0 by default).
TURN_Z = 0.5
