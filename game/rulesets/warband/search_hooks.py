"""The searcher's hooks for warband: the leaf evaluation.

A warband charge rolls no dice: a model reaches whatever lies within 2 x M (`movement.
charge_reach`), so the threat term counts a reachable enemy with certainty and a farther one
not at all, each by what its charge is worth (`threat_value`: the duel it opens). Its fights are resolved in automatic steps, sampled by the searcher's own dice
(no `chance_outcomes` here: no decision of this ruleset rolls dice of its own).
"""

from __future__ import annotations

from game.rulesets.warband.evaluation import charge_value
from game.rulesets.warband.movement import charge_reach


def reach_odds(s, unit_id, gap):
    """The chance that this unit's charge reaches an enemy `gap` inches away (the searcher's
    threat term, `game.ai.evaluate`)."""
    models = s.alive_models(unit_id)
    return 1 if models and gap <= charge_reach(models[0]) else 0


def threat_value(s, geo, unit_id, target_id):
    """What this model's charge on that enemy is worth, in points: the one-phase duel it
    opens, both ways (greedy's own `charge_value`, exact strike odds), so that the threat term
    tells a Champion's charge from a Zealot's (a model reached is not 0.5 of a point whoever
    strikes)."""
    mine, theirs = s.alive_models(unit_id), s.alive_models(target_id)
    return charge_value(s, geo, mine[0], theirs[0]) if mine and theirs else 0.0


#: The threat term's weights (the side to act's, the others'), `game.ai.evaluate`: fitted
#: over 60 greedy battles (`benchmarks/evaluate_fit.py`, even seeds) with the duel's worth
#: as the threat: +0.28 of final margin a point for the side to act, -0.17 for the other.
THREAT_WEIGHTS = (0.3, 0.15)
