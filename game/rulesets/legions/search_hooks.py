"""The searcher's hooks for legions: the charge roll's exact grouped outcomes, the leaf
evaluation and the turn look-ahead's horizon (the next turn: TURN_HORIZONS).

Chance step: the charger's roll (a `charge_roll` decision) is 2D6 with the highest kept
(P(highest = h) = (2h - 1)/36), against the roll `odds.needed_roll` of the gap at that moment
(the rule `charge._roll` applies): grouped as "reaches" and "falls short". What follows a
short roll (the Cool check) is rolled by the caller's dice. Fights and volleys are sampled.
`evaluate` is the common margin with each unit's own whole-charge odds (setup move by its
I + M, then the kept die) as the threat, read "move then charge" for a unit whose Movement
sub-phase comes before its next charge (its slowest model's M straight in; none while locked).
"""

from __future__ import annotations

from game.core import chance
from game.rulesets.base import after_move, moves_before_charging
from game.rulesets.legions import charge, movement
from game.rulesets.legions.combat import is_locked
from game.rulesets.legions.odds import needed_roll, whole_charge_odds


def chance_outcomes(s, a, geo):
    """The charge roll's two groups, or None for an action with no exact model here."""
    if a.kind != "charge_roll" or not a.targets or a.unit not in s.units:
        return None
    need = needed_roll(geo.unit_distance(s, a.unit, a.targets[0]))
    name = s.units[a.targets[0]].name
    return chance.highest_outcomes(
        lambda kept: kept >= need,
        lambda reaches: f"the roll reaches {name}" if reaches else f"the roll falls short of {name}")


#: The phase of its own turn from which a unit's Move still comes before its next charge.
MOVE_PHASES = ("movement",)


def reach_odds(s, unit_id, gap):
    """The chance that this unit's next charge reaches an enemy `gap` inches away (the
    searcher's threat term, `game.ai.evaluate`): after its Move when one comes first (a
    unit locked in combat makes no Move)."""
    if moves_before_charging(s, unit_id, MOVE_PHASES) and not is_locked(s, unit_id):
        gap = after_move(gap, movement.allowance(s, unit_id, "move"), movement.KEEP_AWAY)
    return whole_charge_odds(gap, charge.setup_move_distance(charge.initiative_plus_move(s, unit_id)))


#: The threat term's weights (the side to act's, the others'), `game.ai.evaluate`:
#: over 60 greedy battles (`benchmarks/evaluate_fit.py`, fitted on even seeds) the
#: threat terms predicted the final margin with the wrong sign (-0.8 for the side to act): a
#: unit of 10 models in reach counted 5 points, swamping points and objectives; without them
#: the held-out correlation rose from +0.47 to +0.61 (the fit's). So legions counts none.
THREAT_WEIGHTS = (0.0, 0.0)


#: The turn look-ahead stops at the end of the opponents' next turn here, never at the
#: battle's end (`SearchAgent.horizon`): the end needs `END_CANDIDATES` x `SEEDS_WANTED`
#: rollouts (12) in the budget, i.e. <= 0.083 s each at 1 s, and a legions battle played out
#: by greedy costs 1.0-1.7 s (seeds 0-2); the one try at a battle's first decision (and every
#: 40th after) spent the whole second on a single cut rollout (0.98 s, seed 1) and then
#: played greedy's choice. Without the try, those decisions are searched. Measured with this
#: and the unmeasured zero-weight threats (`python -m benchmarks.ai --ruleset legions --seeds 5
#: --budget 1.0`, a 2-core machine): 8 of 10 won, margin +7.9 +- 4.7, decision median 0.211 s,
#: against 7 of 10 (1 draw), +3.8 +- 4.9, 0.398 s before (paired gain +4.1 +- 2.2).
#: Nor four, three or two turns (ranks' horizon ladder, `turn_horizons = (4, 3, 2)` with
#: `horizon_remeasure = 6`, patched in): each try of a horizon too dear spends the decision's
#: budget on a cut rollout, every sixth decision per horizon. `python -m benchmarks.ai
#: --ruleset legions --seeds 5 --budget 1.0 --progress --jobs 1`: 2 of 10 won, margin -8.30
#: +- 4.32, against 7 of 10, +11.20 +- 4.64 without (paired -19.50 +- 4.94).
TURN_HORIZONS = ()

#: Greedy plays the rollouts (a `rollout_policy` hook, bec9578, was reverted unused). A policy
#: that was greedy's very choice for less (commit f768653: declarations listed without odds
#: labels, scored by branch and bound on an open-ground bound of their value) cut a next-turn
#: rollout by ~17% (greedy battles' own-turn positions, seeds 0-1: mean 136 -> 113 ms) and let
#: the turn look-ahead decide 17 of 34 own-turn decisions instead of 13 (seed 0); but
#: `benchmarks.ai`, seeds 0-5 both seats at 1 s, gave search a margin of +3.5 a battle against
#: +7.6 without (paired -4.1 +- 3.9 over 12 battles; the tree's overrides fell from 26 to 16):
#: the decisions it moved from the expectimax tree to the next-turn look-ahead were not played
#: better.
