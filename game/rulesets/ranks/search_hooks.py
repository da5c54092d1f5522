"""The searcher's hooks for ranks: the leaf evaluation.

A ranks charge rolls no dice: it is allowed when the whole move reaches (`movement.allowance`),
so the threat term counts an enemy within the unit's allowance with certainty. Combats are
sampled by the searcher's own dice.
"""

from __future__ import annotations

from game.ai.evaluate import values
from game.rulesets.ranks.movement import allowance


def reach_odds(s, unit_id, gap):
    """The chance that this unit's charge reaches an enemy `gap` inches away (the searcher's
    threat term, `game.ai.evaluate`)."""
    return 1 if gap <= allowance(s, unit_id) else 0


#: The threat term's weights (the side to act's, the others'), `game.ai.evaluate`:
#: over 60 greedy battles (`benchmarks/evaluate_fit.py`, fitted on even seeds) a
#: threatened model predicted +0.10 of final margin for the side to act and -0.03 for the
#: other, a fifth of the common weights (0.5, 0.25): ranks weighs them so.
THREAT_WEIGHTS = (0.1, 0.05)

#: The weight of the fights owed in the leaf (`evaluate`): 1, greedy's own exact expectation.
FIGHTS_OWED_WEIGHT = 1.0


def evaluate(ruleset, s, side: int, geo) -> float:
    """The leaf's margin for `side` (`game.ai.evaluate.margin` with `reach_odds`), the fights
    the side giving orders owes added to its value (`evaluation.fights_owed_value`). Why: a leaf at the
    searcher's next turn stands just before its compulsory fights, so without the term a
    candidate that leaves a good fight owed looked no better than one that leaves none."""
    vals = values(ruleset, s, geo, reach_odds)
    if not s.over:
        vals[s.active] += FIGHTS_OWED_WEIGHT * ruleset.fights_owed_value(s, geo)
    others = [v for i, v in enumerate(vals) if i != side]
    return vals[side] - (max(others) if others else 0.0)


#: Tried and dropped: the turn look-ahead to the opponents' next turn only
#: (`search_to_the_end = False`, as legions): `python -m benchmarks.ai --ruleset ranks --seeds
#: 10 --budget 1.0 --jobs 1`, 12 of 20 won, margin +7.40 +- 3.58, against 14 of 20, +8.80 +-
#: 2.77 with the default (to the battle's end when affordable); paired -1.4 +- 3.6 points.
#: Also dropped: a rollout policy giving greedy's very choices with its values kept by
#: position (a position met again in a candidate's rollouts costs a key): 57% of the
#: valuations were repeats, but a next-turn rollout cost 29.0 ms against 30.7 ms with greedy
#: (the listing and the moves' solving, not the valuing, are most of a rollout).
#: Also not kept (no clear gain): a leaf `evaluate` adding the fights the side giving orders
#: owes (its units in contact since the start of its turn), as greedy values them
#: (`evaluation.combat_value`, weight 1), since a next-turn leaf stops just before they
#: strike. Same seeds, both seats, 1.0 s: seeds 0-29, 44 of 60 won, margin +9.35, against
#: 42 of 60, +7.22 without; paired +2.1 +- 2.0 points (seeds 0-9 +0.6 +- 2.3, 10-19 +3.3 +-
#: 3.2, 20-29 +2.6 +- 4.7): one standard error, the same sign in each block of seeds.
