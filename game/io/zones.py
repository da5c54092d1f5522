"""Checks on a map's deployment zones and unit markers that need geometry or the ruleset.

Why here and not in the rules: a map that gives two sides the same ground, or more sides than
the ruleset is played by, is a broken file, and the player must be told which file, before a
battle starts (not by a wrong battle or an error blaming something else).
"""

from __future__ import annotations

from game.core import polygons
from game.core.errors import MapError
from game.core.state import Point, Scenario

_TOLERANCE = 1e-6


def _properly_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Segments ab and cd cross at one point inside both (touching or collinear: no)."""
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2, d3, d4 = side(a, b, c), side(a, b, d), side(c, d, a), side(c, d, b)
    return (((d1 > _TOLERANCE and d2 < -_TOLERANCE) or (d1 < -_TOLERANCE and d2 > _TOLERANCE))
            and ((d3 > _TOLERANCE and d4 < -_TOLERANCE)
                 or (d3 < -_TOLERANCE and d4 > _TOLERANCE)))


def _strictly_inside(point: Point, polygon: list[Point]) -> bool:
    return (polygons.point_in_polygon(point, polygon)
            and polygons.edge_distance(point, polygon) > _TOLERANCE)


def _inner_points(polygon: list[Point]) -> list[Point]:
    """Points strictly inside the polygon: the centre of each convex piece."""
    out = []
    for part in polygons.convex_parts(polygon):
        out.append((sum(p[0] for p in part) / len(part), sum(p[1] for p in part) / len(part)))
    return out


def zones_overlap(first, second) -> bool:
    """Two zones share ground (more than an edge or a corner)."""
    a, b = list(first), list(second)
    for i in range(len(a)):
        for j in range(len(b)):
            if _properly_cross(a[i - 1], a[i], b[j - 1], b[j]):
                return True
    return (any(_strictly_inside(p, b) for p in (*a, *_inner_points(a)))
            or any(_strictly_inside(p, a) for p in (*b, *_inner_points(b))))


def check_zones(source, zones: dict[int, tuple[Point, ...]]) -> None:
    """No two sides' deployment zones overlap."""
    sides = sorted(zones)
    for n, first in enumerate(sides):
        for second in sides[n + 1:]:
            if zones_overlap(zones[first], zones[second]):
                raise MapError(source, f"the deployment zones of sides {first} and {second} "
                                       "overlap")


def check_sides_for(ruleset, scenario: Scenario) -> None:
    """The map has no more deployment zones than the ruleset is played by."""
    most = getattr(ruleset, "max_sides", 2)
    if len(scenario.deployment) > most:
        raise MapError(scenario.source or "map",
                       f"the map has {len(scenario.deployment)} deployment zones but "
                       f"{ruleset.id} is played by at most {most} sides")
