"""The searcher's hooks for ranks: the leaf evaluation.

A ranks charge rolls no dice: it is allowed when the whole move reaches (`movement.allowance`),
so the threat term counts an enemy within the unit's allowance with certainty. Combats are
sampled by the searcher's own dice.
"""

from __future__ import annotations

from game.rulesets.ranks.movement import allowance


def reach_odds(s, unit_id, gap):
    """The chance that this unit's charge reaches an enemy `gap` inches away (the searcher's
    threat term, `game.ai.evaluate`)."""
    return 1 if gap <= allowance(s, unit_id) else 0
