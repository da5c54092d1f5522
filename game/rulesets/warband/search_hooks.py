"""The searcher's hooks for warband: the leaf evaluation.

A warband charge rolls no dice: a model reaches whatever lies within 2 x M (`movement.
charge_reach`), so the threat term counts a reachable enemy with certainty and a farther one
not at all. Its fights are resolved in automatic steps, sampled by the searcher's own dice
(no `chance_outcomes` here: no decision of this ruleset rolls dice of its own).
"""

from __future__ import annotations

from game.rulesets.warband.movement import charge_reach


def reach_odds(s, unit_id, gap):
    """The chance that this unit's charge reaches an enemy `gap` inches away (the searcher's
    threat term, `game.ai.evaluate`)."""
    models = s.alive_models(unit_id)
    return 1 if models and gap <= charge_reach(models[0]) else 0
