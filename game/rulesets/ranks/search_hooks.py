"""The searcher's hooks for ranks: the leaf evaluation.

A ranks charge rolls no dice: it is allowed when the whole move reaches (`movement.allowance`),
so the threat term counts an enemy within the unit's allowance with certainty. Combats are
sampled by the searcher's own dice.
"""

from __future__ import annotations

from game.rulesets.ranks import RULESET
from game.rulesets.ranks.movement import allowance


def _reach(s, unit_id, gap):
    return 1 if gap <= allowance(s, unit_id) else 0


def evaluate(s, side, geo):
    from game.ai.evaluate import margin

    return margin(RULESET, s, side, geo, _reach)


RULESET.evaluate = evaluate
