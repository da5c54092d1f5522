"""The ground each offered move of a unit can meet, as a box: what its solution depends on.

Why: an offered move is kept (offers.py) under the unit's own pose and the bases standing on
this ground, so a neighbour moving beside a block does not make its straight march or its
turns on the spot be solved again, while anything that could change them does. Each
box holds every place the solver looks (sweep.py: the wheel's square round its pivot, the hull
of a straight stretch, the block where it ends, the contact and close-call margins, the
table's own check where it ends), with a margin to spare; a base whose box meets it is part of
the key. The charges read more (which enemies are within the move, each target's whole block,
the ways round it, both orders of wheel and stretch): their ground is the wide square `near`.
"""

from __future__ import annotations

import math

from game.core.polygons import bounds
from game.core.state import GameState, Point
from game.rulesets.ranks import formation, movement

Box = tuple[float, float, float, float]
#: Room beyond what the solvers look at: the contact tolerance, SAFETY, the touch and
#: close-call margins and the table's contact test are all well under this.
MARGIN = 1.0
#: The charges' ground reaches this far beyond the move and the block (as it always has).
NEAR_MARGIN = 8.0


def grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def united(*boxes: Box) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def march(s: GameState, unit_id: str, point: Point | None) -> Box:
    """The March toward `point`: the wheel's square, then the stretch ahead at its longest."""
    block = formation.block(s, unit_id)
    start, ext = block
    here = bounds(formation.footprint(start, ext))
    aim = movement.march_aim(s, unit_id, point, block)
    if aim is None:
        return grown(here, MARGIN)
    degrees, reach = aim
    wheeled = formation.wheeled(start, ext, degrees)
    boxes = [here, bounds(formation.footprint(wheeled, ext)
                          + formation.footprint(formation.advanced(wheeled, reach), ext))]
    if abs(degrees) >= 1e-9:
        pivot = formation.wheel_pivot(start, ext, degrees)
        radius = max(math.dist(pivot, c) for c in formation.footprint(start, ext))
        boxes.append((pivot[0] - radius, pivot[1] - radius, pivot[0] + radius,
                      pivot[1] + radius))
    return grown(united(*boxes), MARGIN)


def turns(s: GameState, unit_id: str) -> Box:
    """The turns on the spot: where the block stands now and after each turn."""
    start, ext = formation.block(s, unit_id)
    corners = formation.footprint(start, ext)
    for degrees in movement.TURNS:
        corners += formation.footprint(formation.turned(start, ext, degrees), ext)
    return grown(bounds(corners), MARGIN)


def turn_ahead(s: GameState, unit_id: str, degrees: float) -> Box:
    """A turn, then the other half move straight ahead."""
    start, ext = formation.block(s, unit_id)
    turned = formation.turned(start, ext, degrees)
    half = movement.allowance(s, unit_id) / 2
    return grown(bounds(formation.footprint(start, ext) + formation.footprint(turned, ext)
                        + formation.footprint(formation.advanced(turned, half), ext)), MARGIN)


def flight(s: GameState, unit_id: str) -> Box:
    """A flight (movement.flee_plan): a turn about the block's centre to any of its faces,
    then up to a full move straight ahead; every place the block passes or ends lies within
    the move plus its half-diagonal of that centre."""
    start, ext = formation.block(s, unit_id)
    cx, cy = formation.centre(start, ext)
    reach = (movement.allowance(s, unit_id) + math.hypot(ext.right - ext.left, ext.depth) / 2
             + MARGIN)
    return (cx - reach, cy - reach, cx + reach, cy + reach)


def near(s: GameState, unit_id: str) -> Box:
    """The charges' ground: a square round the unit's centre, half as wide as its move plus
    NEAR_MARGIN plus its bases' radii together (every target within charge reach, all of its
    block, and the ways round it lie well inside). It holds every other ground of the unit."""
    mine = s.alive_models(unit_id)
    cx = sum(m.x for m in mine) / len(mine)
    cy = sum(m.y for m in mine) / len(mine)
    reach = (float(s.units[unit_id].profile["M"]) + NEAR_MARGIN
             + max(m.base.radius for m in mine) * len(mine))
    return (cx - reach, cy - reach, cx + reach, cy + reach)
