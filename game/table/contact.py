"""Where a mover stands at a given gap from a goal's edge: contact rings round the goal, on
the placement grid the solvers work on.

Why a module of its own: the charge and pile-in solvers (moves.py) ask for these rings for
every model of a charging unit, and they depend only on the two bases, their poses and the
gap, so they are worked out here once and kept per table (`snapped_ring`).
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

import pymunk

from game.core.state import Model, Point

if TYPE_CHECKING:
    from game.table.types import TableView as Table

#: Directions tried round each goal model by the charge solver (every 10 degrees).
APPROACH_ANGLES = 36
#: Solvers place models on the grid placements are stored on (`make_placement` rounds to
#: 1/1000"), and check legality there, so storing a solved move never makes it illegal.
GRID_DECIMALS = 3


def snap(x: float, y: float) -> Point:
    """The nearest point of the placement grid."""
    return (round(x, GRID_DECIMALS), round(y, GRID_DECIMALS))


@functools.cache
def _directions(count: int) -> tuple[Point, ...]:
    return tuple((math.cos(2 * math.pi * i / count), math.sin(2 * math.pi * i / count))
                 for i in range(count))


def contact_ring(table: Table, goal: Model, mover: Model, gap: float, count: int
                 ) -> list[Point]:
    """Centres where the mover (at its facing) stands `gap` from the goal's edge, in `count`
    directions round the goal.

    Round pairs are arithmetic. Otherwise the mover's centre must lie on the edge of the
    Minkowski sum of the goal and the mirrored mover, grown by the gap: pymunk builds that sum
    (a Poly takes the convex hull of its points) and a circle sweep towards the goal's centre
    finds its edge."""
    directions = _directions(count)
    if goal.base.kind == "round" and mover.base.kind == "round":
        spread = (goal.base.width + mover.base.width) / 2 + gap
        return [(goal.x + spread * dx, goal.y + spread * dy) for dx, dy in directions]
    shape, sweep = _minkowski(table, goal, mover, gap)
    far = goal.base.radius + mover.base.radius + gap + 1.0
    spots = []
    for dx, dy in directions:
        outside = (goal.x + dx * far, goal.y + dy * far)
        hit = shape.segment_query(outside, (goal.x, goal.y), sweep)
        if hit is not None:
            alpha = hit.alpha
            spots.append((outside[0] + (goal.x - outside[0]) * alpha,
                          outside[1] + (goal.y - outside[1]) * alpha))
    return spots


def snapped_ring(table: Table, goal: Model, mover: Model, gap: float) -> list[Point]:
    """`contact_ring` in APPROACH_ANGLES directions, snapped to the placement grid: the same
    rings come back for every model of a charging unit and for every board the solvers try
    round an unmoved goal, so they are kept per table under the poses they depend on."""
    key = ("ring", goal.base, goal.x, goal.y, goal.facing, mover.base, mover.facing, gap)
    return table.cached(table.ring_cache, key, lambda: [
        snap(*exact) for exact in contact_ring(table, goal, mover, gap, APPROACH_ANGLES)])


def _minkowski(table: Table, goal: Model, mover: Model, gap: float
               ) -> tuple[pymunk.Shape, float]:
    """The shape whose edge, grown by the returned sweep radius, is where the mover's centre
    touches the goal at `gap`."""
    if mover.base.kind == "round":
        return table.shape_of(goal), mover.base.width / 2 + gap
    mirrored = [(-x, -y) for x, y in table.outline(mover.base, mover.facing)]
    if goal.base.kind == "round":
        corners = [(goal.x + x, goal.y + y) for x, y in mirrored]
        sweep = goal.base.width / 2 + gap
    else:
        goal_outline = table.outline(goal.base, goal.facing)
        corners = [(goal.x + gx + x, goal.y + gy + y)
                   for gx, gy in goal_outline for x, y in mirrored]
        sweep = gap
    shape = pymunk.Poly(table.scratch_body, corners)
    shape.cache_bb()
    return shape, sweep
