"""Taking figures off the table and moving a unit's figures, with the events that show it.
Every rule that removes or moves figures goes through these steps; and the one rounding of a
move's ends to what an Action stores (`as_stored`), so that the rules check what they offer."""

from __future__ import annotations

import math

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


#: An Action stores ends on this grid (core/actions.make_placement: 1/1000").
GRID = 1000


def _toward(value: float, start: float) -> float:
    """`value` on the grid, rounded toward `start` (a hair off the grid counts as on it)."""
    scaled = value * GRID
    nearest = round(scaled)
    if abs(scaled - nearest) < 1e-6:
        return round(nearest / GRID, 3)
    step = math.floor(scaled) if value > start else math.ceil(scaled)
    return round(step / GRID, 3)


def as_stored(s: GameState, dest: dict) -> dict:
    """The ends as an offered Action will store them, on the 1/1000" grid -- each coordinate
    rounded toward the figure's start, so rounding never lengthens a straight move. The
    solvers place bases exactly touching; rounding to the nearest point instead could sink one
    into another by a hair, and the offer would then be refused (seed 7014). Figures that do
    not move are left out (a forced move may have stood them off the grid: rounding them would
    move them). Offers are checked in this form, which `make_placement` keeps as it is."""
    out = {}
    for mid, (x, y) in dest.items():
        model = s.models[mid]
        if (x, y) != (model.x, model.y):
            out[mid] = (_toward(x, model.x), _toward(y, model.y))
    return out
