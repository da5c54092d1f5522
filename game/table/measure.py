"""Measuring: edge-to-edge distances, contact, distance to a point, line of sight.

Why the mix of arithmetic and pymunk: two round bases are exact and far cheaper by arithmetic,
and the AI asks thousands of these questions per battle. A round base against one with corners
is pymunk's point query from the circle's centre, minus the radius (exact, and it sidesteps the
flipped Poly->Circle contact sign). Two bases with corners go through `shapes_collide`, with
the pymunk 7 workarounds from DESIGN.md: it raises AssertionError when shapes do not touch (so
one shape is padded until they surely do), and contact distances are read as
`(point_b - point_a) . normal`, which has the right sign in every order.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

import pymunk

from game.core import polygons
from game.core.geometry import CONTACT_TOLERANCE, blocks_sight
from game.core.state import MM_PER_INCH, BaseShape, GameState, Model, Point

if TYPE_CHECKING:
    from game.table.types import TableView as Table
    from game.table.types import TerrainPieceView as TerrainPiece


#: Distances are reported to a billionth of an inch, so that a set-up measured as exactly 12"
#: (bases placed with trigonometry) compares as 12" and not 12.000000000000002".
REPORTED_DECIMALS = 9
REPORTED_SCALE = 10.0 ** REPORTED_DECIMALS
HALF_INCH_PER_MM = 0.5 / MM_PER_INCH
#: Vertices of the polygon standing in for an oval base: it stays within 0.015" of the true
#: ellipse even for the largest oval (90x52 mm).
OVAL_VERTICES = 24
#: Bounding-circle tests decide a comparison only when they clear it by this much; nearer
#: than that, the exact (pymunk) gap decides, so a rounding error can never flip an answer.
BOUND_MARGIN = 1e-9
#: Pair gaps kept per table (`gap_at`); emptied when full.
GAP_LIMIT = 16384
#: Sight answers kept per table (`line_of_sight`); emptied when full.
SIGHT_LIMIT = 16384


def radius(model: Model) -> float:
    """Radius of a round base; of the smallest circle around any other base. (The round
    case spelled out as `width` computes it, without the property call: asked hundreds of
    thousands of times a battle, the same float.)"""
    base = model.base
    return base.width_mm / MM_PER_INCH / 2 if base.kind == "round" else base.radius


@functools.cache
def _inner(kind: str, width: float, depth: float) -> float:
    if kind == "round":
        return width / 2
    if kind == "rect":
        return min(width, depth) / 2
    # a polygon whose corners lie on the ellipse: each edge is a chord, at least cos(half the
    # step) of the shorter half-axis from the centre (the circle's case, squeezed)
    return min(width, depth) / 2 * math.cos(math.pi / OVAL_VERTICES)


def inner_radius(model: Model) -> float:
    """Radius of a circle round the centre that lies inside the base's shape (the base itself
    when round): with `radius`, it brackets every gap between two bases."""
    base = model.base
    return _inner(base.kind, base.width, base.depth)


def closer_than(table: Table, a: Model, ax: float, ay: float, b: Model, bx: float, by: float,
                limit: float) -> bool:
    """`gap_at(...) < limit`, with the pymunk call only when the bases' outer and inner
    circles leave it open: the gap lies between the centres' distance less both outer radii
    and less both inner radii."""
    centres = math.hypot(bx - ax, by - ay)
    if centres - radius(a) - radius(b) >= limit + BOUND_MARGIN:
        return False
    if a.base.kind == "round" and b.base.kind == "round":
        return centres - (a.base.width + b.base.width) / 2 < limit
    if centres - inner_radius(a) - inner_radius(b) < limit - BOUND_MARGIN:
        return True
    if a.base.kind == "rect" and b.base.kind == "rect":
        # ranks of rectangles stand edge to edge: the circles never decide, the axes do
        low = rect_separation(a.base, a.facing, b.base, b.facing, bx - ax, by - ay)
        if low >= limit + BOUND_MARGIN:
            return False
        if low <= 0.0 and low < limit - BOUND_MARGIN:
            return True
    return gap_at(table, a, ax, ay, b, bx, by) < limit


#: `_rect_frame`'s answers by base size (mm) and facing; emptied when full (facings vary).
_rect_frames: dict[tuple[float, float, float], tuple[float, float, float, float]] = {}
RECT_FRAMES_KEPT = 4096


def _rect_frame(base: BaseShape, facing: float) -> tuple[float, float, float, float]:
    """(ux, uy, half depth, half width) of a rectangle turned to `facing`: u is the facing
    (depth runs along it), (-uy, ux) runs along the front edge (as the table's outlines).
    Kept by the base's stored sizes and the facing: read without the inch properties, as
    every check of a block against its neighbours asks it twice."""
    key = (base.width_mm, base.depth_mm, facing)
    found = _rect_frames.get(key)
    if found is None:
        if len(_rect_frames) >= RECT_FRAMES_KEPT:
            _rect_frames.clear()
        angle = math.radians(facing)
        found = _rect_frames[key] = (math.cos(angle), math.sin(angle), base.depth / 2,
                                     base.width / 2)
    return found


def rect_separation(base_a: BaseShape, facing_a: float, base_b: BaseShape, facing_b: float,
                    dx: float, dy: float) -> float:
    """The separating-axis bound of the gap between two rectangles (b's centre at (dx, dy)
    from a's): the largest separation along the four edge normals. It never exceeds the gap,
    and it is the gap when they touch or overlap (two convex polygons part, or are pushed
    apart, along one of their edge normals), so `closer_than` may decide by it with the
    same margin as by the circles, and ask pymunk only near a tie."""
    aux, auy, a_depth, a_width = _rect_frame(base_a, facing_a)
    bux, buy, b_depth, b_width = _rect_frame(base_b, facing_b)
    # cos and sin of the angle between the frames: every cross projection is one of them
    cos_ab = abs(aux * bux + auy * buy)
    sin_ab = abs(aux * buy - auy * bux)
    along_a, across_a = dx * aux + dy * auy, dx * auy - dy * aux
    along_b, across_b = dx * bux + dy * buy, dx * buy - dy * bux
    return max(abs(along_a) - a_depth - b_depth * cos_ab - b_width * sin_ab,
               abs(across_a) - a_width - b_depth * sin_ab - b_width * cos_ab,
               abs(along_b) - b_depth - a_depth * cos_ab - a_width * sin_ab,
               abs(across_b) - b_width - a_depth * sin_ab - a_width * cos_ab)


# --- pair gaps ---------------------------------------------------------------------------------
def poly_gap(shape_a: pymunk.Shape, shape_b: pymunk.Poly, pad: float) -> float:
    """Signed gap between two convex shapes (negative = penetration depth).

    `shape_b` is padded by `pad` (which must exceed the true gap) so that pymunk reports a
    contact; the gap is then the pad plus the contact distance."""
    shape_b.unsafe_set_radius(pad)
    try:
        contact = shape_a.shapes_collide(shape_b)
    except AssertionError:  # still not touching: the pad was too small
        return math.inf
    finally:
        shape_b.unsafe_set_radius(0.0)
    normal = contact.normal
    return pad + min((p.point_b - p.point_a).dot(normal) for p in contact.points)


def gap_at(table: Table, a: Model, ax: float, ay: float, b: Model, bx: float, by: float
           ) -> float:
    """Signed edge-to-edge gap between two bases at the given centres, each at its own facing
    (negative = they overlap by that much).

    A pair with corners is pymunk's to measure (re-posing one or two shapes, a query), and the
    same pair at the same poses is asked again and again (each copy of a state, each offer
    valued on the same board: some 70% of a legions battle's questions are repeats), so the
    gap is kept per table under both bases and poses: the figure pymunk gave the first time."""
    base_a, base_b = a.base, b.base
    kind_a, kind_b = base_a.kind, base_b.kind
    if kind_a == "round" and kind_b == "round":
        return math.hypot(bx - ax, by - ay) - (base_a.width + base_b.width) / 2
    key = (kind_a, base_a.width_mm, base_a.depth_mm, a.facing, ax, ay,
           kind_b, base_b.width_mm, base_b.depth_mm, b.facing, bx, by)
    found = table.gap_cache.get(key)  # (most are repeats: read first, without a closure)
    if found is None:
        found = table.cached(table.gap_cache, key,
                             lambda: _measured_gap(table, a, ax, ay, b, bx, by), GAP_LIMIT)
    return found


def _measured_gap(table: Table, a: Model, ax: float, ay: float, b: Model, bx: float, by: float
                  ) -> float:
    """`gap_at` for a pair with corners, by pymunk."""
    kind_a, kind_b = a.base.kind, b.base.kind
    if kind_a == "round":
        query = table.shape_at(b, bx, by).point_query((ax, ay))
        return query.distance - a.base.width / 2
    if kind_b == "round":
        query = table.shape_at(a, ax, ay).point_query((bx, by))
        return query.distance - b.base.width / 2
    pad = math.hypot(bx - ax, by - ay) + a.base.radius + b.base.radius + 1.0
    return poly_gap(table.shape_at(a, ax, ay), table.shape_at(b, bx, by), pad)


def distance(table: Table, a: Model, b: Model) -> float:
    """Edge-to-edge distance at the models' poses, 0 when touching or overlapping. (`reported`
    written out: the rules' most frequent question, a call less each time.)"""
    base_a, base_b = a.base, b.base
    if base_a.kind == "round" and base_b.kind == "round":  # the hot path: plain arithmetic
        gap = (math.hypot(b.x - a.x, b.y - a.y)
               - (base_a.width_mm + base_b.width_mm) * HALF_INCH_PER_MM)
    else:
        gap = gap_at(table, a, a.x, a.y, b, b.x, b.y)
    return math.floor(gap * REPORTED_SCALE + 0.5) / REPORTED_SCALE if gap > 0.0 else 0.0


def reported(gap: float) -> float:
    """A positive distance rounded to REPORTED_DECIMALS: the whole number of billionths over
    1e9 is the float nearest that decimal, as round() gives (but three times faster; the two
    may differ only on a tie in the tenth decimal)."""
    return math.floor(gap * REPORTED_SCALE + 0.5) / REPORTED_SCALE


def unit_distance(table: Table, s: GameState, unit_a: str, unit_b: str) -> float:
    """Shortest distance between any two living models of the two units.

    The raw gaps are compared and only the least is rounded (`reported` never changes their
    order), with the round-to-round gap worked out inline: the same figure as the least of
    `distance` over every pair, at a fraction of the cost (the AI asks this all the time)."""
    best = math.inf
    hypot = math.hypot
    models_b = [(b, b.x, b.y, b.base.width_mm if b.base.kind == "round" else None, radius(b))
                for b in s.alive_models(unit_b)]
    shaped = []  # pairs with a base that has corners: (lower bound of the gap, a, b)
    for a in s.alive_models(unit_a):
        ax, ay = a.x, a.y
        width_a = a.base.width_mm if a.base.kind == "round" else None
        radius_a = radius(a)
        for b, bx, by, width_b, radius_b in models_b:
            if width_a is not None and width_b is not None:
                gap = hypot(bx - ax, by - ay) - (width_a + width_b) * HALF_INCH_PER_MM
                if gap < best:
                    best = gap
                    if best <= 0.0:
                        return 0.0
            else:
                shaped.append((hypot(bx - ax, by - ay) - radius_a - radius_b, a, b))
    # the circles round two bases are never farther apart than the bases: pairs are measured
    # exactly nearest first, until no circle bound could beat the least gap found; a pair of
    # rectangles whose separating-axis bound cannot beat it either is passed over unmeasured
    # (blocks of rectangles stand close, where the circles round their corners overlap)
    shaped.sort(key=lambda row: row[0])
    for bound, a, b in shaped:
        if bound - 1e-9 >= best:
            break
        if (a.base.kind == "rect" and b.base.kind == "rect"
                and rect_separation(a.base, a.facing, b.base, b.facing, b.x - a.x, b.y - a.y)
                - BOUND_MARGIN >= best):
            continue
        gap = gap_at(table, a, a.x, a.y, b, b.x, b.y)
        if gap < best:
            best = gap
            if best <= 0.0:
                return 0.0
    return reported(best) if best < math.inf else best


def point_distance(table: Table, model: Model, point: Point) -> float:
    """From the edge of the base to the point; 0 when the point is under the base."""
    if model.base.kind == "round":
        gap = math.hypot(point[0] - model.x, point[1] - model.y) - model.base.width / 2
    else:
        gap = table.shape_of(model).point_query(point).distance
    return reported(gap) if gap > 0.0 else 0.0


# --- terrain -----------------------------------------------------------------------------------
def terrain_gap(table: Table, model: Model, x: float, y: float, piece: TerrainPiece) -> float:
    """Signed gap between the base at (x, y) and a terrain piece (negative = inside it)."""
    best = math.inf
    if model.base.kind == "round":
        r = model.base.width / 2
        for shape in piece.shapes:
            best = min(best, shape.point_query((x, y)).distance - r)
        return best
    mover = table.shape_at(model, x, y)
    min_x, min_y, max_x, max_y = piece.bounds
    pad = (max(abs(x - min_x), abs(x - max_x)) + max(abs(y - min_y), abs(y - max_y))
           + model.base.radius + 1.0)
    for shape in piece.shapes:
        best = min(best, poly_gap(mover, shape, pad))
    return best


def _near(table: Table, model: Model, x: float, y: float, piece: TerrainPiece,
          margin: float) -> bool:
    """Bounding boxes of base and piece are within `margin` of each other (cheap prefilter)."""
    min_x, min_y, max_x, max_y = table.extents(model.base, model.facing)
    p_min_x, p_min_y, p_max_x, p_max_y = piece.bounds
    return (x + min_x <= p_max_x + margin and x + max_x >= p_min_x - margin
            and y + min_y <= p_max_y + margin and y + max_y >= p_min_y - margin)


def impassable_overlap(table: Table, model: Model, x: float, y: float) -> TerrainPiece | None:
    """The impassable piece the base at (x, y) would sink into deeper than the contact
    tolerance, if any (touching its edge is fine, like touching another base)."""
    if not table.impassable:
        return None
    min_x, min_y, max_x, max_y = table.extents(model.base, model.facing)
    min_x, min_y, max_x, max_y = x + min_x, y + min_y, x + max_x, y + max_y
    near = [piece for p_min_x, p_min_y, p_max_x, p_max_y, piece in table.impassable_boxes
            if min_x <= p_max_x and max_x >= p_min_x and min_y <= p_max_y and max_y >= p_min_y]
    if not near:
        return None
    # terrain never moves: the answer for this base, facing and spot is kept per table (read
    # straight from the cache first: most spots were asked before, and need no closure)
    base = model.base
    key = (base.kind, base.width_mm, base.depth_mm, model.facing, x, y)
    found = table.overlap_cache.get(key)
    if found is None:
        found = table.cached(table.overlap_cache, key,
                             lambda: _first_overlap(table, model, x, y, near))
    return found[0]


def _first_overlap(table: Table, model: Model, x: float, y: float,
                   near: list[TerrainPiece]) -> tuple:
    """(the first of the pieces the base at (x, y) sinks into,), or (None,)."""
    for piece in near:
        if terrain_gap(table, model, x, y, piece) < -CONTACT_TOLERANCE:
            return (piece,)
    return (None,)


def overlapped(table: Table, model: Model, pieces: list[TerrainPiece]) -> set[int]:
    """Indices of the pieces the model's base actually overlaps where it stands."""
    return {piece.index for piece in pieces
            if _near(table, model, model.x, model.y, piece, 0.0)
            and terrain_gap(table, model, model.x, model.y, piece) < 0.0}


# --- line of sight -----------------------------------------------------------------------------
def line_of_sight(table: Table, s: GameState, a: Model, b: Model) -> bool:
    """Some sampled straight segment between the two bases is clear.

    Obscuring terrain blocks sight through it, not into it: a piece that either base overlaps
    is ignored. Third living models of the vehicle type block too (`blocks_sight`).

    The answer depends on the two bases and poses, the vehicles near them and the terrain
    (which never moves), and the same pair is asked again and again on the same board (each
    copy of a state, each offer valued): some three quarters of a battle's questions are
    repeats, so the answer is kept per table under exactly those."""
    box = _pair_box(table, a, b)
    vehicles = [m for m in s.models.values()
                if m.alive and m.id != a.id and m.id != b.id
                and blocks_sight(m) and _boxes_meet(_model_box(table, m), box)]
    base_a, base_b = a.base, b.base
    key = (base_a.kind, base_a.width_mm, base_a.depth_mm, a.x, a.y, a.facing,
           base_b.kind, base_b.width_mm, base_b.depth_mm, b.x, b.y, b.facing,
           *[(v.base.kind, v.base.width_mm, v.base.depth_mm, v.x, v.y, v.facing)
             for v in vehicles])
    return table.cached(table.sight_cache, key, lambda: _sight(table, a, b, box, vehicles),
                        SIGHT_LIMIT)


def _sight(table: Table, a: Model, b: Model, box: tuple[float, float, float, float],
           vehicles: list[Model]) -> bool:
    """`line_of_sight` worked out, given the pair's box and the vehicles that meet it."""
    # only pieces that meet the pair's box can be walls, so only they need the (dearer) test
    # of whether a base stands in them
    candidates = [piece for piece in table.obscuring if _boxes_meet(piece.bounds, box)]
    if candidates:
        inside = overlapped(table, a, candidates) | overlapped(table, b, candidates)
        walls = [piece for piece in candidates if piece.index not in inside]
    else:
        walls = candidates
    if not walls and not vehicles:
        return True
    return any(_segment_clear(table, start, end, walls, vehicles)
               for start, end in _sight_segments(table, a, b))


def _segment_clear(table: Table, start: Point, end: Point, walls: list[TerrainPiece],
                   vehicles: list[Model]) -> bool:
    for piece in walls:
        for shape in piece.shapes:
            if shape.segment_query(start, end, 0.0) is not None:
                return False
    for vehicle in vehicles:
        if vehicle.base.kind == "round":
            centre = (vehicle.x, vehicle.y)
            if polygons.point_segment_distance(centre, start, end) < vehicle.base.width / 2:
                return False
        elif table.shape_of(vehicle).segment_query(start, end, 0.0) is not None:
            return False
    return True


def _sight_segments(table: Table, a: Model, b: Model) -> list[tuple[Point, Point]]:
    """Segments between sample points of both bases: centres, the extreme points across the
    line between them (tangent points for round bases), and points halfway out; the outer
    pairs first, since those see round an obstacle."""
    dx, dy = b.x - a.x, b.y - a.y
    length = math.hypot(dx, dy)
    if length <= 1e-12:
        return [((a.x, a.y), (b.x, b.y))]
    across = (-dy / length, dx / length)
    points_a = _sample_points(table, a, across)
    points_b = _sample_points(table, b, across)
    pairs = [(pa, pb) for pa in points_a for pb in points_b]
    pairs.sort(key=lambda pair: -abs(pair[0][2]) - abs(pair[1][2]))
    return [((pa[0], pa[1]), (pb[0], pb[1])) for pa, pb in pairs]


def _sample_points(table: Table, model: Model, across: Point) -> list[tuple[float, float, float]]:
    """(x, y, how far across) for the centre and points towards both extreme sides, kept a
    hair inside the edge so that they belong to the base."""
    if model.base.kind == "round":
        reach_left = reach_right = model.base.width / 2
        left = (across[0] * reach_left, across[1] * reach_left)
        right = (-across[0] * reach_right, -across[1] * reach_right)
    else:
        outline = table.outline(model.base, model.facing)
        left = max(outline, key=lambda p: p[0] * across[0] + p[1] * across[1])
        right = min(outline, key=lambda p: p[0] * across[0] + p[1] * across[1])
    points = [(model.x, model.y, 0.0)]
    for side, sign in ((left, 1.0), (right, -1.0)):
        for fraction in (0.999, 0.5):
            points.append((model.x + side[0] * fraction, model.y + side[1] * fraction,
                           sign * fraction))
    return points


def _model_box(table: Table, model: Model) -> tuple[float, float, float, float]:
    min_x, min_y, max_x, max_y = table.extents(model.base, model.facing)
    return (model.x + min_x, model.y + min_y, model.x + max_x, model.y + max_y)


def _pair_box(table: Table, a: Model, b: Model) -> tuple[float, float, float, float]:
    box_a, box_b = _model_box(table, a), _model_box(table, b)
    return (min(box_a[0], box_b[0]), min(box_a[1], box_b[1]),
            max(box_a[2], box_b[2]), max(box_a[3], box_b[3]))


def _boxes_meet(one: tuple[float, float, float, float],
                other: tuple[float, float, float, float]) -> bool:
    return (one[0] <= other[2] and other[0] <= one[2]
            and one[1] <= other[3] and other[1] <= one[3])
