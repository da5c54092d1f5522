"""Plain polygon arithmetic (pure: the core's deployment and the pymunk table both use it).

Why a separate module: terrain polygons from a map may be concave, and pymunk only knows convex
polygons (it silently takes the convex hull). So the table splits each piece into convex parts
for pymunk, and keeps the original outline for the questions that are easier to answer exactly
on it: which stretch of a path lies inside a piece (difficult terrain), and which corners a path
has to go round. Set-up (core/deploy.py) asks the same point and edge questions without a table.
"""

from __future__ import annotations

import math

from game.core.state import Point

_EPS = 1e-12
#: How far outside a segment's box an edge may lie and still be tested for a crossing (inches;
#: far beyond rounding, far below any distance the rules measure).
_BOX_MARGIN = 1e-6


def clean(polygon: tuple[Point, ...] | list[Point]) -> list[Point]:
    """The outline without a repeated closing point, repeated points or straight-through points
    (those would make zero-area ears)."""
    points: list[Point] = []
    for x, y in polygon:
        point = (float(x), float(y))
        if not points or math.dist(points[-1], point) > 1e-9:
            points.append(point)
    if len(points) > 1 and math.dist(points[0], points[-1]) <= 1e-9:
        points.pop()
    changed = True
    while changed and len(points) >= 3:
        changed = False
        for i in range(len(points)):
            a, b, c = points[i - 1], points[i], points[(i + 1) % len(points)]
            if abs(_cross(a, b, c)) <= 1e-12 * max(1.0, math.dist(a, c) ** 2):
                points.pop(i)
                changed = True
                break
    return points


def signed_area(polygon: list[Point]) -> float:
    """Positive when the vertices turn counter-clockwise in x-right/y-up maths terms."""
    total = 0.0
    for i in range(len(polygon)):
        x1, y1 = polygon[i - 1]
        x2, y2 = polygon[i]
        total += x1 * y2 - x2 * y1
    return total / 2


def _cross(a: Point, b: Point, c: Point) -> float:
    """z of (b - a) x (c - b): the turn at b."""
    return (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])


def is_convex(polygon: list[Point]) -> bool:
    sign = 0.0
    for i in range(len(polygon)):
        turn = _cross(polygon[i - 2], polygon[i - 1], polygon[i])
        if abs(turn) <= _EPS:
            continue
        if sign == 0.0:
            sign = turn
        elif (turn > 0) != (sign > 0):
            return False
    return True


def convex_parts(polygon: list[Point]) -> list[list[Point]]:
    """Convex pieces covering the polygon exactly: itself when convex, else ear-clipped
    triangles (terrain outlines are small, so the simple O(n^3) clipping is plenty)."""
    if len(polygon) < 3:
        return []
    if is_convex(polygon):
        return [list(polygon)]
    points = list(polygon) if signed_area(polygon) > 0 else list(reversed(polygon))
    remaining = list(range(len(points)))
    triangles: list[list[Point]] = []
    while len(remaining) > 3:
        ear = _find_ear(points, remaining)
        if ear is None:  # only possible for self-touching outlines: keep what we have
            break
        i = remaining.index(ear)
        triangles.append([points[remaining[i - 1]], points[ear],
                          points[remaining[(i + 1) % len(remaining)]]])
        remaining.pop(i)
    if len(remaining) == 3:
        triangles.append([points[i] for i in remaining])
    return triangles


def _find_ear(points: list[Point], remaining: list[int]) -> int | None:
    count = len(remaining)
    for i in range(count):
        a, b, c = (points[remaining[i - 1]], points[remaining[i]],
                   points[remaining[(i + 1) % count]])
        if _cross(a, b, c) <= _EPS:
            continue  # reflex or flat corner: not an ear
        others = (points[j] for j in remaining if points[j] not in (a, b, c))
        if not any(_in_triangle(p, a, b, c) for p in others):
            return remaining[i]
    return None


def _in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    """Inside or on the edge of the counter-clockwise triangle abc."""
    return _cross(a, b, p) >= -_EPS and _cross(b, c, p) >= -_EPS and _cross(c, a, p) >= -_EPS


def point_in_polygon(point: Point, polygon: list[Point]) -> bool:
    """Even-odd ray casting; works for concave outlines. (Each edge walked from the previous
    corner kept in hand, not indexed twice: the same products, the same answer, as it is asked
    for every stretch of every path through difficult ground.)"""
    x, y = point
    inside = False
    x1, y1 = polygon[-1]
    for x2, y2 in polygon:
        if (y1 > y) != (y2 > y):
            cross_x = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if cross_x > x:
                inside = not inside
        x1, y1 = x2, y2
    return inside


def outside_box(point: Point, box: tuple[float, float, float, float]) -> bool:
    """The point lies clear of the polygon's box (min x, min y, max x, max y) by more than
    rounding could move a crossing, so `point_in_polygon` is surely False: a horizontal line
    above or below the outline crosses none of its edges, and beside it crosses an even number,
    all on one side of the point."""
    x, y = point
    return (x < box[0] - _BOX_MARGIN or x > box[2] + _BOX_MARGIN
            or y < box[1] - _BOX_MARGIN or y > box[3] + _BOX_MARGIN)


def inside_intervals(a: Point, b: Point, polygon: list[Point],
                     box: tuple[float, float, float, float] | None = None
                     ) -> list[tuple[float, float]]:
    """Parameter intervals (0..1 along a->b) of the segment that lie inside the polygon.

    Exact for concave outlines: split the segment where it crosses an edge, and test the middle
    of each piece. An edge whose box lies clear of the segment's (by more than rounding could
    ever move a crossing) cannot cut it and is skipped before any division: path searches
    ask this for thousands of segments, most of which meet few of an outline's edges. Given the
    polygon's `box` (`bounds`), a middle clear of it is outside without walking the outline."""
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    low_x, high_x = min(ax, bx) - _BOX_MARGIN, max(ax, bx) + _BOX_MARGIN
    low_y, high_y = min(ay, by) - _BOX_MARGIN, max(ay, by) + _BOX_MARGIN
    cuts = [0.0, 1.0]
    px, py = polygon[-1]
    for qx, qy in polygon:
        if ((px < low_x and qx < low_x) or (px > high_x and qx > high_x)
                or (py < low_y and qy < low_y) or (py > high_y and qy > high_y)):
            px, py = qx, qy
            continue
        ex, ey = qx - px, qy - py
        denom = dx * ey - dy * ex
        if abs(denom) > _EPS:
            t = ((px - ax) * ey - (py - ay) * ex) / denom
            u = ((px - ax) * dy - (py - ay) * dx) / denom
            if 0.0 < t < 1.0 and -1e-12 <= u <= 1.0 + 1e-12:
                cuts.append(t)
        px, py = qx, qy
    cuts.sort()
    intervals: list[tuple[float, float]] = []
    for t0, t1 in zip(cuts, cuts[1:], strict=False):
        if t1 - t0 <= 1e-12:
            continue
        mid = (t0 + t1) / 2
        middle = (ax + dx * mid, ay + dy * mid)
        if box is not None and outside_box(middle, box):
            continue
        if point_in_polygon(middle, polygon):
            if intervals and abs(intervals[-1][1] - t0) <= 1e-12:
                intervals[-1] = (intervals[-1][0], t1)
            else:
                intervals.append((t0, t1))
    return intervals


def merge_intervals(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Union of overlapping intervals, sorted (overlapping difficult pieces count once)."""
    merged: list[tuple[float, float]] = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def convex_corners(polygon: list[Point]) -> list[tuple[Point, Point, Point]]:
    """(vertex, outward normal of the edge before, outward normal of the edge after) for each
    corner that points outward: the only corners a shortest path around the piece bends at."""
    if len(polygon) < 3:
        return []
    orientation = 1.0 if signed_area(polygon) > 0 else -1.0
    corners = []
    count = len(polygon)
    for i in range(count):
        prev, vertex, nxt = polygon[i - 1], polygon[i], polygon[(i + 1) % count]
        if _cross(prev, vertex, nxt) * orientation <= _EPS:
            continue
        corners.append((vertex, _outward(prev, vertex, orientation),
                        _outward(vertex, nxt, orientation)))
    return corners


def _outward(a: Point, b: Point, orientation: float) -> Point:
    ex, ey = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ex, ey)
    return (ey / length * orientation, -ex / length * orientation)


def bounds(polygon: list[Point]) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y). A rectangle's four corners are unpacked and compared
    directly, any other outline's coordinates split by `zip` (both quicker than two
    comprehensions: every sweep step and end check of a block asks it)."""
    if len(polygon) == 4:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = polygon
        return (min(x0, x1, x2, x3), min(y0, y1, y2, y3), max(x0, x1, x2, x3),
                max(y0, y1, y2, y3))
    xs, ys = zip(*polygon, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


def convex_hull(points: list[Point]) -> list[Point]:
    """Counter-clockwise hull (monotone chain). The hull of pairwise differences of two convex
    outlines is their Minkowski difference: where one's centre may not go near the other."""
    unique = sorted(set(points))
    if len(unique) < 3:
        return unique

    def half(sequence):
        chain: list[Point] = []
        for p in sequence:
            while len(chain) >= 2 and _cross(chain[-2], chain[-1], p) <= _EPS:
                chain.pop()
            chain.append(p)
        return chain

    lower, upper = half(unique), half(reversed(unique))
    return lower[:-1] + upper[:-1]


def half_planes(hull: list[Point], shrink: float = 0.0) -> list[tuple[float, float, float]]:
    """(nx, ny, d) with the inside of the counter-clockwise hull, eroded by `shrink`, being
    nx*x + ny*y < d for every plane."""
    planes = []
    for i in range(len(hull)):
        (ax, ay), (bx, by) = hull[i - 1], hull[i]
        ex, ey = bx - ax, by - ay
        length = math.hypot(ex, ey)
        if length <= _EPS:
            continue
        nx, ny = ey / length, -ex / length
        planes.append((nx, ny, nx * ax + ny * ay - shrink))
    return planes


def segment_enters(start: Point, end: Point, planes: list[tuple[float, float, float]]) -> bool:
    """Whether some point of the segment lies strictly inside every half-plane (Cyrus-Beck
    clipping)."""
    low, high = 0.0, 1.0
    sx, sy = start
    dx, dy = end[0] - sx, end[1] - sy
    for nx, ny, d in planes:
        room = d - (nx * sx + ny * sy)
        rate = nx * dx + ny * dy
        if rate > 0.0:
            high = min(high, room / rate)
        elif rate < 0.0:
            low = max(low, room / rate)
        elif room <= 0.0:
            return False
        if low >= high:
            return False
    return True


def point_segment_distance(point: Point, start: Point, end: Point) -> float:
    """Shortest distance from a point to a segment."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length_sq = dx * dx + dy * dy
    t = 0.0
    if length_sq > 0.0:
        t = ((point[0] - start[0]) * dx + (point[1] - start[1]) * dy) / length_sq
        t = min(1.0, max(0.0, t))
    return math.hypot(start[0] + t * dx - point[0], start[1] + t * dy - point[1])


def edge_distance(point: Point, polygon) -> float:
    """Shortest distance from a point to the outline of a polygon."""
    return min(point_segment_distance(point, polygon[i - 1], polygon[i])
               for i in range(len(polygon)))
