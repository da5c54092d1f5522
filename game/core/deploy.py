"""Automatic deployment: units the map does not place are set up in their side's zone.

This is pure polygon arithmetic (no pymunk) because `new_game` must work without a table: the
zones and the terrain are polygons, and a conservative circle around each base is enough to keep
set-up bases clear of each other and of impassable ground.
"""

from __future__ import annotations

import math

from game.core.polygons import edge_distance, point_in_polygon
from game.core.state import GameState, Point

#: Gap between the bases of one unit at set-up, and between two units (inches).
MODEL_GAP = 0.5
UNIT_GAP = 1.5
ANCHOR_STEP = 1.0


def circle_inside(p: Point, radius: float, poly: tuple[Point, ...]) -> bool:
    return point_in_polygon(p, poly) and edge_distance(p, poly) >= radius


def circle_touches(p: Point, radius: float, poly: tuple[Point, ...]) -> bool:
    return point_in_polygon(p, poly) or edge_distance(p, poly) < radius


def centroid(poly: tuple[Point, ...]) -> Point:
    return (sum(x for x, _ in poly) / len(poly), sum(y for _, y in poly) / len(poly))


def formation_offsets(count: int, spacing: float, files: int = 5) -> list[tuple[float, float]]:
    """(lateral, back) offsets of a block `files` wide, centred on the front rank."""
    files = max(1, min(files, count))
    out = []
    for i in range(count):
        rank, file = divmod(i, files)
        in_rank = min(files, count - rank * files)
        out.append(((file - (in_rank - 1) / 2) * spacing, rank * spacing))
    return out


def place_block(models, x: float, y: float, facing: float, files: int = 5,
                gap: float = MODEL_GAP) -> None:
    """Stand models in a block whose front rank is centred on (x, y), facing `facing` degrees.
    Used for units the map places and by tests that need an exact set-up."""
    fx, fy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
    spacing = 2 * max(m.base.radius for m in models) + gap
    for m, (lat, back) in zip(models, formation_offsets(len(models), spacing, files), strict=True):
        m.x = x - fy * lat - fx * back
        m.y = y + fx * lat - fy * back
        m.facing = facing


def auto_deploy(s: GameState) -> list[str]:
    """Place every unit whose models are not yet placed (x, y both 0) in its side's zone.

    Units go in a block facing the table centre, as far forward as they fit, spreading
    sideways from the zone's middle. Returns the ids of units that did not fit anywhere (the
    caller reports them as a map error).
    """
    sc = s.scenario
    blockers = [t.polygon for t in sc.terrain if "impassable" in t.kinds]
    placed: list[tuple[Point, float]] = [
        ((m.x, m.y), m.base.radius) for m in s.models.values() if (m.x, m.y) != (0.0, 0.0)
    ]
    centre = (sc.width / 2, sc.height / 2)
    zones: dict[int, _Zone] = {}
    failed = []
    for unit in s.units.values():
        models = [s.models[i] for i in unit.models]
        if all((m.x, m.y) != (0.0, 0.0) for m in models):
            continue
        if unit.side not in zones:
            polygon = sc.deployment.get(unit.side) or _default_zone(
                sc.width, sc.height, unit.side, len(s.sides))
            zones[unit.side] = _Zone(polygon, centre, blockers)
        spot = zones[unit.side].find_spot(models, placed, sc.width, sc.height)
        if spot is None:
            failed.append(unit.id)
            continue
        facing, positions = spot
        for m, (x, y) in zip(models, positions, strict=True):
            m.x, m.y, m.facing = x, y, facing
            placed.append(((x, y), m.base.radius))
    return failed


def _default_zone(width: float, height: float, side: int, sides: int) -> tuple[Point, ...]:
    """A 12"-deep strip along a table edge, for maps that give no zone to a side."""
    depth = 12.0
    edges = [
        ((0, 0), (depth, 0), (depth, height), (0, height)),
        ((width - depth, 0), (width, 0), (width, height), (width - depth, height)),
        ((0, 0), (width, 0), (width, depth), (0, depth)),
        ((0, height - depth), (width, height - depth), (width, height), (0, height)),
    ]
    return edges[side % 4]


class _Zone:
    """One side's zone, with its candidate anchor points worked out once: front (toward the
    table centre) to back, and from the middle outwards; and the impassable pieces near it."""

    def __init__(self, polygon, centre: Point, blockers):
        self.polygon = polygon
        zc = centroid(polygon)
        fx, fy = centre[0] - zc[0], centre[1] - zc[1]
        norm = math.hypot(fx, fy) or 1.0
        self.forward = (fx / norm, fy / norm)
        self.lateral = (-self.forward[1], self.forward[0])
        self.facing = math.degrees(math.atan2(self.forward[1], self.forward[0]))
        xs = [x for x, _ in polygon]
        ys = [y for _, y in polygon]
        reach = math.hypot(max(xs) - min(xs), max(ys) - min(ys))
        steps = int(reach / ANCHOR_STEP) + 1
        anchors = []
        for fwd in range(steps, -steps - 1, -1):
            for side_step in sorted(range(-steps, steps + 1), key=abs):
                point = (zc[0] + (self.forward[0] * fwd + self.lateral[0] * side_step) * ANCHOR_STEP,
                         zc[1] + (self.forward[1] * fwd + self.lateral[1] * side_step) * ANCHOR_STEP)
                if min(xs) <= point[0] <= max(xs) and min(ys) <= point[1] <= max(ys) \
                        and point_in_polygon(point, polygon):
                    anchors.append(point)
        self.anchors = anchors
        margin = 4.0
        self.blockers = [b for b in blockers
                         if min(x for x, _ in b) <= max(xs) + margin
                         and max(x for x, _ in b) >= min(xs) - margin
                         and min(y for _, y in b) <= max(ys) + margin
                         and max(y for _, y in b) >= min(ys) - margin]

    def find_spot(self, models, placed, width, height):
        fx, fy = self.forward
        lx, ly = self.lateral
        spacing = 2 * max(m.base.radius for m in models) + MODEL_GAP
        offsets = formation_offsets(len(models), spacing)
        for ax, ay in self.anchors:
            positions = [(ax + lx * lat - fx * back, ay + ly * lat - fy * back)
                         for lat, back in offsets]
            if all(_fits(p, m.base.radius, self.polygon, self.blockers, placed, width, height)
                   for p, m in zip(positions, models, strict=True)):
                return self.facing, positions
        return None


def _fits(p, radius, zone, blockers, placed, width, height) -> bool:
    """On the table, wholly in the zone, clear of impassable ground and of placed bases
    (cheapest checks first)."""
    if not (radius <= p[0] <= width - radius and radius <= p[1] <= height - radius):
        return False
    if not all(math.hypot(p[0] - q[0], p[1] - q[1]) >= radius + r + UNIT_GAP for q, r in placed):
        return False
    if not circle_inside(p, radius, zone):
        return False
    return not any(circle_touches(p, radius + 0.05, poly) for poly in blockers)
