"""Sweeps: the plain geometry of a moving base, shared by the path search (paths.py) and the
unit solvers (moves.py): a segment's box, where a base's centre may not go near another base
or an impassable piece (half-planes of their grown outlines), how far a movement budget goes
along a segment with difficult stretches, and the detour points round a corner.

Why apart from paths.py: these are pure functions of outlines and numbers, with no view of a
state; keeping them here leaves paths.py to the mover and its search.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.core import polygons
from game.core.geometry import CONTACT_TOLERANCE
from game.core.state import Model, Point

if TYPE_CHECKING:
    from game.table.types import TableView as Table
    from game.table.types import TerrainPieceView as TerrainPiece

TOLERANCE = CONTACT_TOLERANCE
#: Largest turn covered by one detour point at a terrain corner.
CORNER_STEP = math.radians(45)
#: "More than" / "closer than" in the solvers means by at least this much.
STRICT = 1e-6


def segment_box(start: Point, end: Point, pad: float) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of a segment, grown by `pad` (the ends compared directly,
    without `min` and `max` calls: every swept segment's box tests start here)."""
    sx, sy = start
    ex, ey = end
    low_x, high_x = (sx, ex) if sx <= ex else (ex, sx)
    low_y, high_y = (sy, ey) if sy <= ey else (ey, sy)
    return (low_x - pad, low_y - pad, high_x + pad, high_y + pad)


def model_planes(table: Table, mover: Model, other: Model) -> list[tuple[float, float, float]]:
    """Where the mover's centre may not go (deeper than the tolerance) near another base with
    corners, relative to that base's centre; cached per pair of bases and facings."""
    def build() -> list[tuple[float, float, float]]:
        mirrored = [(-x, -y) for x, y in table.outline(mover.base, mover.facing)]
        points = [(ox + mx, oy + my) for ox, oy in table.outline(other.base, other.facing)
                  for mx, my in mirrored]
        return polygons.half_planes(polygons.convex_hull(points), TOLERANCE)

    key = ("model", mover.base, mover.facing, other.base, other.facing)
    return table.cached(table.sweep_cache, key, build)


def terrain_planes(table: Table, mover: Model, piece: TerrainPiece, part: int
                    ) -> list[tuple[float, float, float]]:
    """The same for one convex part of an impassable piece, in table coordinates."""
    def build() -> list[tuple[float, float, float]]:
        mirrored = [(-x, -y) for x, y in table.outline(mover.base, mover.facing)]
        corners = [(v.x, v.y) for v in piece.shapes[part].get_vertices()]
        points = [(cx + mx, cy + my) for cx, cy in corners for mx, my in mirrored]
        return polygons.half_planes(polygons.convex_hull(points), TOLERANCE)

    key = ("terrain", piece.index, part, mover.base, mover.facing)
    return table.cached(table.sweep_cache, key, build)


def parameter_for_cost(inside: list[tuple[float, float]], length: float, budget: float
                        ) -> float:
    """Parameter along a segment where `budget` runs out, inside stretches costing double."""
    if length <= 0.0:
        return 0.0
    t = 0.0
    for t0, t1 in inside + [(1.0, 1.0)]:
        plain = (t0 - t) * length
        if budget <= plain:
            return t + budget / length
        budget -= plain
        rough = (t1 - t0) * length * 2
        if budget <= rough:
            return t0 + budget / (2 * length)
        budget -= rough
        t = t1
    return 1.0


def round_corners(outline: list[Point], offset: float) -> list[Point]:
    """Points round each outward corner at `offset`, forming a polygon chain that stays
    outside the circle of that radius round the corner (one point per 45 degrees of turn)."""
    points = []
    for (vx, vy), before, after in polygons.convex_corners(outline):
        first = math.atan2(before[1], before[0])
        turn = (math.atan2(after[1], after[0]) - first) % (2 * math.pi)
        if turn > math.pi:
            turn -= 2 * math.pi
        steps = max(1, math.ceil(abs(turn) / CORNER_STEP - 1e-9))
        spread = offset / math.cos(turn / (2 * steps))
        for k in range(steps):
            angle = first + turn * (k + 0.5) / steps
            points.append((vx + spread * math.cos(angle), vy + spread * math.sin(angle)))
    return points
