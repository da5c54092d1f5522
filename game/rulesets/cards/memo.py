"""Answers about one position, remembered: the offers listed, and what the AI reads of it.

Why: one decision asks the same questions of one position several times over. The turn
controller lists the offers, the greedy AI values every one of them, `apply` checks the one
chosen, and a search copies the state and asks again. Every answer here is a pure function
of the position (`position_key`: each living figure's unit, side, base and pose, each unit's
figures and Shaken flag, the units waiting on the card) and of the table it stands on, so it is
remembered per table (`game.core.memo.PerTable`, held weakly) under that key: a copy of the
state, or the same position reached again, finds it; any change to a figure or a flag is a new
key. A remembered answer is the one a fresh computation gives, so nothing offered or refused
changes, and nothing offered can become illegal.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from game.core.geometry import Geometry
from game.core.memo import PerTable
from game.core.state import GameState
from game.rulesets.cards.solver import table_of

#: Positions remembered per table (a few decisions' worth: a listing and its values each).
KEPT = 512

_ANSWERS = PerTable(KEPT)


def position_key(s: GameState) -> tuple:
    """Everything about the position the offers and the AI's values read: the battle (its
    forces and seed, which fixed every unit's profile and talents at set-up); each living
    figure's unit, side, base (by its fields: plain numbers and strings hash at C speed),
    pose and statuses (the officer); each unit's figures and Shaken flag; the phase, the units
    waiting on the card, the objectives and the talents already used in the melee under
    way."""
    figures = tuple((m.id, m.unit, m.side, m.base.kind, m.base.width_mm, m.base.depth_mm,
                     m.x, m.y, m.facing, m.statuses) for m in s.models.values() if m.alive)
    units = tuple((u.id, u.models, bool(u.flags.get("shaken"))) for u in s.units.values())
    activation = s.pending.get("activation") or {}
    used = (s.pending.get("melee") or {}).get("used") or {}
    objectives = tuple((o.name, o.x, o.y) for o in s.scenario.objectives)
    # the units' profiles and talents were dealt from the forces and the seed at set-up
    battle = (s.seed, tuple(side.force for side in s.sides))
    return (battle, s.phase, tuple(activation.get("units", ())), figures, units, objectives,
            tuple(sorted((unit, tuple(talents)) for unit, talents in used.items())))


def remembered(s: GameState, geo: Geometry, question: Hashable, compute: Callable[[], Any],
               key: tuple | None = None) -> Any:
    """The answer to `question` about this position on this table, computed once. Callers
    must not change what they get back (lists are handed out as tuples)."""
    table = table_of(geo)
    return _ANSWERS.get(table, (question, key or position_key(s)), compute)

