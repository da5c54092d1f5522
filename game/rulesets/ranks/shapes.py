"""Pure polygon arithmetic for rectangular bases and blocks of them (no pymunk).

Why here and not in the table: the move solvers try many poses of a whole block per decision
(every sample of a wheel, every slide of a charge), and a rectangle against a rectangle is a
handful of dot products. The table keeps the final word: every pose the rules accept is checked
once more with `Geometry.placement_problem`. Two facts make these checks exact:
- a convex shape translated along a segment sweeps exactly the convex hull of its two ends;
- two convex polygons overlap exactly when no edge normal of either separates them.

Frames follow `game.core.state`: map coordinates, y down, facing in degrees, 0 faces +x.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.core.polygons import point_in_polygon
from game.core.state import Point

Polygon = list[Point]

EPS = 1e-9


#: The vectors of each facing met (a few dozen facings come back all battle long); a facing
#: of zero is never kept, as 0.0 and -0.0 are one key but give zeros of two signs.
_vectors: dict[float, tuple[Point, Point]] = {}
VECTORS_KEPT = 4096


def unit_vectors(facing: float) -> tuple[Point, Point]:
    """(forward, right): forward points along the facing; right is forward turned +90 degrees,
    the base's right hand on a y-down map (and the +y axis of a base's own frame)."""
    found = _vectors.get(facing)
    if found is None:
        angle = math.radians(facing)
        cos_a, sin_a = math.cos(angle), math.sin(angle)
        found = (cos_a, sin_a), (-sin_a, cos_a)
        if facing != 0.0:
            if len(_vectors) >= VECTORS_KEPT:
                _vectors.clear()
            _vectors[facing] = found
    return found


def rect_corners(x: float, y: float, facing: float, width: float, depth: float,
                 shrink: float = 0.0) -> Polygon:
    """Corners of a rectangle centred on (x, y): `width` across the facing, `depth` along it,
    each half-size reduced by `shrink`. Order: front-left, front-right, rear-right, rear-left."""
    (fx, fy), (rx, ry) = unit_vectors(facing)
    half_d = depth / 2 - shrink
    half_w = width / 2 - shrink
    return [(x + fx * half_d - rx * half_w, y + fy * half_d - ry * half_w),
            (x + fx * half_d + rx * half_w, y + fy * half_d + ry * half_w),
            (x - fx * half_d + rx * half_w, y - fy * half_d + ry * half_w),
            (x - fx * half_d - rx * half_w, y - fy * half_d - ry * half_w)]


def boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float],
               margin: float = 0.0) -> bool:
    return (a[0] <= b[2] + margin and b[0] <= a[2] + margin
            and a[1] <= b[3] + margin and b[1] <= a[3] + margin)


def _axes(polygon: Polygon) -> list[Point]:
    out = []
    for i in range(len(polygon)):
        x1, y1 = polygon[i - 1]
        x2, y2 = polygon[i]
        nx, ny = y1 - y2, x2 - x1
        length = math.hypot(nx, ny)
        if length > EPS:
            out.append((nx / length, ny / length))
    return out


def _project(polygon: Polygon, axis: Point) -> tuple[float, float]:
    values = [p[0] * axis[0] + p[1] * axis[1] for p in polygon]
    return min(values), max(values)


def penetration(a: Polygon, b: Polygon, every_axis: bool = False, depth: float = 0.0) -> float:
    """How deep two convex polygons overlap: the smallest overlap of their projections on any
    edge normal (<= 0 when they only touch or are apart). It stops at the first axis that
    separates them, unless `every_axis` (`separation` wants the widest gap); or, given a
    `depth`, at the first axis whose overlap is no more than that: a caller that only asks
    whether they overlap deeper than `depth` gets an answer that compares alike (the sweeps
    and end checks ask just that, and most pairs they ask part there; a negative depth asks
    whether an axis parts them by more than its size).

    Written out in plain loops (the same axes in the same order, the same products and
    sums as `_axes` and `_project`, so the very same floats): every sweep and end check of a
    block asks it, thousands of times a battle."""
    best = math.inf
    hypot = math.hypot
    for polygon in (a, b):
        x1, y1 = polygon[-1]
        for x2, y2 in polygon:
            nx, ny = y1 - y2, x2 - x1
            x1, y1 = x2, y2
            length = hypot(nx, ny)
            if length <= EPS:
                continue
            ax, ay = nx / length, ny / length
            min_a = max_a = a[0][0] * ax + a[0][1] * ay
            for px, py in a:
                value = px * ax + py * ay
                if value < min_a:
                    min_a = value
                elif value > max_a:
                    max_a = value
            min_b = max_b = b[0][0] * ax + b[0][1] * ay
            for px, py in b:
                value = px * ax + py * ay
                if value < min_b:
                    min_b = value
                elif value > max_b:
                    max_b = value
            first, second = max_a - min_b, max_b - min_a
            overlap = first if first < second else second
            if overlap < best:
                best = overlap
                if best <= depth and not every_axis:
                    return best
    return best


def sinks_deeper(a: Polygon, b: Polygon, depth: float) -> bool:
    """Two convex polygons overlap deeper than `depth`: `penetration(a, b) > depth`, told at
    the first axis that settles it."""
    return penetration(a, b, depth=depth) > depth


def overlap_entry(a: Polygon, b: Polygon, direction: Point, depth: float) -> float:
    """For two convex polygons overlapping deeper than `depth`: how far `a` can be moved
    back along `direction` (a unit vector, so a negative shift) and still overlap deeper
    than that. The overlap is the least of the projections' overlaps, each of which a
    translation changes linearly on both sides, so the shifts where it exceeds `depth` are one
    interval; this is its lower end (-inf when no shift along the line ever frees them)."""
    lowest = -math.inf
    for axis in _axes(a) + _axes(b):
        along = direction[0] * axis[0] + direction[1] * axis[1]
        if abs(along) <= EPS:
            continue
        min_a, max_a = _project(a, axis)
        min_b, max_b = _project(b, axis)
        # moving back lowers max_a - min_b when the axis points along the motion, else
        # max_b - min_a
        bound = ((depth + min_b - max_a) / along if along > 0.0
                 else (depth - max_b + min_a) / -along)
        lowest = max(lowest, bound)
    return lowest


def separation(a: Polygon, b: Polygon) -> float:
    """A lower bound of the distance between two convex polygons, as tight as the separating
    axes give it: the widest gap between their projections on any edge normal of either
    (`gap` stops at the first axis that separates them, this one looks at every axis)."""
    return -penetration(a, b, every_axis=True)


def gap(a: Polygon, b: Polygon) -> float:
    """A lower bound of the distance between two convex polygons (the largest separation along
    an edge normal; exact when the closest features are edge and vertex, which is enough for
    `contact`-margin tests)."""
    return -penetration(a, b)


def _segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """The open segments cross properly (touching at an end or running along does not count)."""
    def orient(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and (
        (d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS))


def convex_meets_polygon(convex: Polygon, polygon: Sequence[Point]) -> bool:
    """A convex polygon and any simple polygon share interior: an edge of one crosses an edge
    of the other, or a vertex of one lies inside the other."""
    if any(point_in_polygon(p, polygon) for p in convex):
        return True
    if any(point_in_polygon(p, convex) for p in polygon):
        return True
    count_a, count_b = len(convex), len(polygon)
    for i in range(count_a):
        a1, a2 = convex[i - 1], convex[i]
        for j in range(count_b):
            if _segments_cross(a1, a2, polygon[j - 1], polygon[j]):
                return True
    # Vertices exactly on the other's edges with no crossing: test a point inside the convex.
    cx = sum(p[0] for p in convex) / count_a
    cy = sum(p[1] for p in convex) / count_a
    return point_in_polygon((cx, cy), polygon)


def point_rect_distance(point: Point, x: float, y: float, facing: float, width: float,
                        depth: float) -> float:
    """From a rectangle's edge to a point (0 when the point is under it)."""
    (fx, fy), (rx, ry) = unit_vectors(facing)
    dx, dy = point[0] - x, point[1] - y
    along = abs(dx * fx + dy * fy) - depth / 2
    across = abs(dx * rx + dy * ry) - width / 2
    return math.hypot(max(along, 0.0), max(across, 0.0))


def rotate_about(point: Point, pivot: Point, degrees: float) -> Point:
    angle = math.radians(degrees)
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    dx, dy = point[0] - pivot[0], point[1] - pivot[1]
    return (pivot[0] + dx * cos_a - dy * sin_a, pivot[1] + dx * sin_a + dy * cos_a)


def normalise_angle(degrees: float) -> float:
    """Into [0, 360)."""
    value = math.fmod(degrees, 360.0)
    if value < 0.0:
        value += 360.0
    return 0.0 if abs(value - 360.0) < 1e-9 else value


def signed_turn(degrees: float) -> float:
    """Into (-180, 180]: the shortest turn."""
    value = normalise_angle(degrees)
    return value - 360.0 if value > 180.0 else value
