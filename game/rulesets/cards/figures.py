"""Taking figures off the table and moving a unit's figures, with the events that show it.
Every rule that removes or moves figures goes through these two steps."""

from __future__ import annotations

from game.core.events import Casualty, Event
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
