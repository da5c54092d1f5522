"""Taking figures off the table and moving a unit's figures, with the events that show it.
Every rule that removes or moves figures goes through these two steps."""

from __future__ import annotations

import math

from game.core.events import Casualty, Event, UnitMoved
from game.core.geometry import Geometry
from game.core.state import GameState
from game.rulesets.base import COHERENCY_RANGE, moved_models


def remove_figure(s: GameState, model_id: str, rule: str) -> Event:
    """The figure leaves the table and joins its side's casualty list."""
    model = s.models[model_id]
    model.alive = False
    s.sides[model.side].casualties.append(model.id)
    return Casualty(rule=rule, model=model.id, model_name=model.name,
                    unit_name=s.units[model.unit].name)


def move_figures(s: GameState, unit_id: str, dest: dict, how: str, rule: str) -> UnitMoved:
    """Put the unit's figures at `dest`; the event lists every figure that moved."""
    moves = []
    longest = 0.0
    for mid, (x, y) in sorted(dest.items()):
        model = s.models[mid]
        if (model.x, model.y) != (x, y):
            moves.append((mid, model.x, model.y, x, y))
            longest = max(longest, math.hypot(x - model.x, y - model.y))
            model.x, model.y = x, y
    return UnitMoved(rule=rule, unit=unit_id, unit_name=s.units[unit_id].name, how=how,
                     longest=longest, moves=tuple(moves))


def linked(s: GameState, geo: Geometry, unit_id: str, dest: dict) -> bool:
    """Every figure joined to every other by steps of at most 2" (coherency range)."""
    models = moved_models(s, unit_id, dest)
    if len(models) < 2:
        return True
    reached = {0}
    frontier = [0]
    while frontier:
        i = frontier.pop()
        for j, other in enumerate(models):
            if j not in reached and geo.distance(models[i], other) <= COHERENCY_RANGE:
                reached.add(j)
                frontier.append(j)
    return len(reached) == len(models)
