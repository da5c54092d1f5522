"""Checks on a map's deployment zones and unit markers that need geometry or the ruleset.

Why here and not in the rules: a map that gives two sides the same ground, or more sides than
the ruleset is played by, is a broken file, and the player must be told which file, before a
battle starts (not by a wrong battle or an error blaming something else).
"""

from __future__ import annotations

from game.core import polygons
from game.core.errors import MapError
from game.core.i18n import msg
from game.core.state import Point, Scenario

#: Square inches two zones may share (rounding at their common edge).
_AREA_TOLERANCE = 1e-4


def _clip(subject: list[Point], edge_start: Point, edge_end: Point) -> list[Point]:
    """The part of `subject` on the left of the directed edge (Sutherland-Hodgman step)."""
    def side(p):
        return ((edge_end[0] - edge_start[0]) * (p[1] - edge_start[1])
                - (edge_end[1] - edge_start[1]) * (p[0] - edge_start[0]))

    out: list[Point] = []
    for i, current in enumerate(subject):
        previous = subject[i - 1]
        s_prev, s_cur = side(previous), side(current)
        if s_cur >= 0:
            if s_prev < 0:
                out.append(_meet(previous, current, s_prev, s_cur))
            out.append(current)
        elif s_prev >= 0:
            out.append(_meet(previous, current, s_prev, s_cur))
    return out


def _meet(a: Point, b: Point, side_a: float, side_b: float) -> Point:
    t = side_a / (side_a - side_b)
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


def _counter_clockwise(part: list[Point]) -> list[Point]:
    return part if polygons.signed_area(part) > 0 else list(reversed(part))


def shared_area(first, second) -> float:
    """The area two polygons share: their convex pieces clipped against each other."""
    total = 0.0
    for a in polygons.convex_parts(list(first)):
        for b in polygons.convex_parts(list(second)):
            piece = _counter_clockwise(list(a))
            clip = _counter_clockwise(list(b))
            for i in range(len(clip)):
                if not piece:
                    break
                piece = _clip(piece, clip[i - 1], clip[i])
            if len(piece) >= 3:
                total += abs(polygons.signed_area(piece))
    return total


def zones_overlap(first, second) -> bool:
    """Two zones share ground (more than an edge or a corner)."""
    return shared_area(first, second) > _AREA_TOLERANCE


def check_zones(source, zones: dict[int, tuple[Point, ...]]) -> None:
    """No two sides' deployment zones overlap."""
    sides = sorted(zones)
    for n, first in enumerate(sides):
        for second in sides[n + 1:]:
            if zones_overlap(zones[first], zones[second]):
                raise MapError(source, msg("the deployment zones of sides {first} and {second} "
                                           "overlap",
                                           first=first, second=second))


def check_sides_for(ruleset, scenario: Scenario) -> None:
    """The map has no more deployment zones than the ruleset is played by."""
    most = getattr(ruleset, "max_sides", 2)
    if len(scenario.deployment) > most:
        raise MapError(scenario.source or "map",
                       msg("the map has {zones} deployment zones but {ruleset} is played by at "
                           "most {most} sides",
                           zones=len(scenario.deployment), ruleset=ruleset.id, most=most))
