"""Where a block may go: the ground its motion sweeps, and where it ends.

A block moves by rigid motions (formation.py): straight stretches, wheels about a front corner,
and drill turns about its centre. A straight stretch sweeps the convex hull of the block's
rectangle at its two ends (exact); a wheel is cut into steps whose outer corner moves at most
STEP, each step swept as such a hull (the arc bulges past the chord by far less than the
contact tolerance). A drill turn is not swept: the bases turn in place, only where they end
counts.

Common rules (common.md): a move never passes through enemy bases or impassable terrain
(friends may be passed); it ends on the table, on no base, in no impassable terrain; every inch
moved inside difficult terrain costs 2". For a block, a step costs double when any part of the
block is in difficult terrain during that step.

These checks are a little stricter than the table's (SAFETY), so that every end position they
accept the table accepts too; the rules still ask the table (`placement_problem`) before a move
is applied.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.geometry import CONTACT_TOLERANCE
from game.core.i18n import msg
from game.core.polygons import bounds, convex_hull, convex_parts
from game.core.state import GameState, Model, Point
from game.rulesets.ranks import formation
from game.rulesets.ranks.formation import Extent, Frame
from game.rulesets.ranks.shapes import (
    Polygon,
    boxes_meet,
    convex_meets_polygon,
    overlap_entry,
    penetration,
    rect_corners,
    sinks_deeper,
    unit_vectors,
)

TOLERANCE = CONTACT_TOLERANCE
#: The pure checks refuse this much earlier than the table does.
SAFETY = 0.005
#: Longest step of a corner when a wheel is cut into steps, and of difficult-terrain costing.
STEP = 0.25
#: Bases closer to the table edge than this count as off it (positions are stored to 1/1000").
EDGE_MARGIN = 0.002

Box = tuple[float, float, float, float]


@dataclass(slots=True)
class Obstacle:
    box: Box
    polygon: Polygon
    name: str
    model: Model | None = None
    parts: list[Polygon] | None = None  # convex pieces of a terrain outline
    hull: Polygon | None = None  # a terrain outline's convex hull

    def sinks_in(self, convex: Polygon, depth: float) -> bool:
        """A convex shape overlaps this piece of terrain deeper than `depth` (the deepest of
        its convex pieces, as the table measures it)."""
        return any(sinks_deeper(convex, part, depth) for part in self.parts or [self.polygon])


class Surroundings:
    """What one unit's move can meet in one state: enemy and friendly bases, impassable and
    difficult terrain, and the table's size."""

    def __init__(self, s: GameState, unit_id: str,
                 rows: list[tuple[str, int, Obstacle]] | None = None):
        """`rows`: `base_rows(s)`, when a listing has made them already for all its units."""
        side = s.units[unit_id].side
        self.width = s.scenario.width
        self.height = s.scenario.height
        self.enemies: list[Obstacle] = []
        self.friends: list[Obstacle] = []
        for unit, row_side, row in base_rows(s) if rows is None else rows:
            if unit != unit_id:
                (self.friends if row_side == side else self.enemies).append(row)
        self.impassable = _terrain(s, "impassable")
        self.difficult = _terrain(s, "difficult")

    def near(self, box: Box, friends: bool = True, difficult: bool = True) -> Surroundings:
        """The same surroundings cut down to what meets a box (for a motion's many checks).
        A sweep asks without the friends (they may be passed), an end check without the
        difficult ground (it only costs): those lists come back empty, not cut."""
        out = Surroundings.__new__(Surroundings)
        out.width, out.height = self.width, self.height
        out.enemies = _meeting(box, self.enemies)
        out.friends = _meeting(box, self.friends) if friends else []
        out.impassable = _meeting(box, self.impassable)
        out.difficult = _meeting(box, self.difficult) if difficult else []
        return out


def _meeting(box: Box, rows: list[Obstacle]) -> list[Obstacle]:
    """The rows whose box meets `box` (`boxes_meet` written out: every check of every move
    cuts its surroundings down this way)."""
    if not rows:
        return []
    x0, y0, x1, y1 = box
    out = []
    for row in rows:
        other = row.box
        if x0 <= other[2] and other[0] <= x1 and y0 <= other[3] and other[1] <= y1:
            out.append(row)
    return out


def base_rows(s: GameState) -> list[tuple[str, int, Obstacle]]:
    """(unit, side, obstacle) of every living base of the state, in the state's order."""
    out = []
    for m in s.models.values():
        if m.alive:
            box, corners = _posed_rect(m)
            out.append((m.unit, m.side, Obstacle(box, corners, m.name, m)))
    return out


#: Base rectangles by pose: most bases stand still while the AI weighs a side's moves.
_rects: dict[tuple, tuple[Box, Polygon]] = {}
RECT_CACHE = 8192


def _posed_rect(model: Model) -> tuple[Box, Polygon]:
    base = model.base
    # the base's size in millimetres, as it is stored (its inches are worked out from them)
    key = (model.x, model.y, model.facing, base.width_mm, base.depth_mm)
    found = _rects.get(key)
    if found is None:
        if len(_rects) >= RECT_CACHE:
            _rects.clear()
        corners = model_rect(model)
        found = _rects[key] = (bounds(corners), corners)
    return found


_terrain_cache: dict[int, tuple[object, dict[str, list[Obstacle]]]] = {}


def _terrain(s: GameState, kind: str) -> list[Obstacle]:
    """Terrain pieces of a kind, with their boxes (cached per scenario)."""
    terrain = s.scenario.terrain
    cached = _terrain_cache.get(id(terrain))
    if cached is None or cached[0] is not terrain:
        by_kind: dict[str, list[Obstacle]] = {}
        for piece in terrain:
            polygon = [(float(x), float(y)) for x, y in piece.polygon]
            if len(polygon) < 3:
                continue
            parts = convex_parts(polygon)
            for k in piece.kinds:
                by_kind.setdefault(k.strip().lower(), []).append(
                    Obstacle(bounds(polygon), polygon, piece.name or k, None, parts,
                             convex_hull(polygon)))
        cached = (terrain, by_kind)
        _terrain_cache[id(terrain)] = cached
    return cached[1].get(kind, [])


def posed_box(model: Model) -> Box:
    """The bounding box of a base where it stands (kept by pose, as its rectangle is)."""
    return _posed_rect(model)[0]


def model_rect(model: Model, shrink: float = 0.0) -> Polygon:
    return rect_corners(model.x, model.y, model.facing, model.base.width, model.base.depth,
                        shrink)


# --- sweeps ----------------------------------------------------------------------------------------

def _swept_blocker(sur: Surroundings, hull: Polygon) -> str | None:
    """An enemy base or impassable piece the swept ground sinks into deeper than the table's
    contact tolerance (less SAFETY)."""
    box = bounds(hull)
    depth = TOLERANCE - SAFETY
    for row in sur.enemies:
        if boxes_meet(box, row.box) and sinks_deeper(hull, row.polygon, depth):
            return row.name
    for row in sur.impassable:
        if boxes_meet(box, row.box) and row.sinks_in(hull, depth):
            return msg("impassable {terrain}", terrain=row.name)
    return None


def _in_difficult(sur: Surroundings, hull: Polygon) -> bool:
    box = bounds(hull)
    return any(boxes_meet(box, row.box) and _meets_piece(hull, row) for row in sur.difficult)


#: A shape this far clear of a terrain piece's convex hull (along a separating axis) surely
#: shares nothing with the piece: far above the float error of the projections.
CLEAR = 1e-6


def _meets_piece(convex: Polygon, row: Obstacle) -> bool:
    """`convex_meets_polygon(convex, row.polygon)`. A shape clear of the piece's convex hull
    is clear of the piece (it lies within its hull), so one separating axis tells it without
    the edge-by-edge test: most steps of a sweep whose box meets a difficult piece's box miss
    the piece itself."""
    if row.hull and penetration(convex, row.hull, depth=-CLEAR) <= -CLEAR:
        return False
    return convex_meets_polygon(convex, row.polygon)


def _outline(frame: Frame, ext: Extent) -> Polygon:
    return formation.footprint(frame, ext)


def straight(sur: Surroundings, start: Frame, end: Frame, ext: Extent,
             ahead: bool = False, costed: bool = True) -> tuple[float, str | None]:
    """(cost, what blocks it) of a straight stretch between two frames of one facing;
    `ahead`: `end` is `formation.advanced(start, ...)`, straight along the facing. Not
    `costed`: only what blocks it is wanted (a search for how far a block passes), so the
    difficult ground, which only costs, is not looked at and the length stands for the cost."""
    length = math.dist(start.point, end.point)
    if length <= 1e-12:
        return 0.0, None
    first, last = _outline(start, ext), _outline(end, ext)
    sur = sur.near(bounds(first + last), friends=False, difficult=costed)
    if not (sur.enemies or sur.impassable or sur.difficult):
        return length, None
    hull = _ahead_hull(first, last) if ahead and length >= 1e-6 else convex_hull(first + last)
    blocker = _swept_blocker(sur, hull)
    if blocker is not None:
        return length, blocker
    if not sur.difficult or not _in_difficult(sur, hull):
        return length, None
    steps = max(1, math.ceil(length / STEP))
    cost = 0.0
    previous = first
    for k in range(1, steps + 1):
        t = k / steps
        frame = Frame(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t,
                      start.facing)
        current = _outline(frame, ext)
        piece = length / steps
        # the step's hull lies in the box of its corners: a step whose box meets no
        # difficult piece's box is plain, as `_in_difficult` would find, without its hull
        box = bounds(previous + current)
        if any(boxes_meet(box, row.box) for row in sur.difficult):
            cost += 2 * piece if _in_difficult(sur, _step_hull(previous, current, ahead,
                                                               piece)) else piece
        else:
            cost += piece
        previous = current
    return cost, None


def _step_hull(previous: Polygon, current: Polygon, ahead: bool, piece: float) -> Polygon:
    """The hull one step of a straight stretch sweeps: `_ahead_hull` when the block goes
    straight ahead (the steps of a stretch in difficult ground each ask it), else the full
    hull."""
    if ahead and piece >= 1e-6:
        return _ahead_hull(previous, current)
    return convex_hull(previous + current)


def _ahead_hull(first: Polygon, last: Polygon) -> Polygon:
    """`convex_hull(first + last)` for a block's outline moved straight ahead: the rear
    corners where it started and the front corners where it ends, counter-clockwise from the
    least point, as the hull lists them (without sorting eight points for it)."""
    hull = [first[2], first[3], last[0], last[1]]
    k = hull.index(min(hull))
    return hull[k:] + hull[:k]


def wheel(sur: Surroundings, start: Frame, ext: Extent, degrees: float
          ) -> tuple[Frame, float, str | None]:
    """(end frame, cost, what blocks it) of a wheel about the inner front corner; the cost is
    the outer front corner's path (ranks.md), doubled for steps in difficult terrain."""
    end = formation.wheeled(start, ext, degrees)
    if abs(degrees) < 1e-9:
        return end, 0.0, None
    pivot = formation.wheel_pivot(start, ext, degrees)
    reach = max(math.dist(pivot, c) for c in formation.footprint(start, ext))
    plain = formation.wheel_cost(ext, degrees)
    sur = sur.near((pivot[0] - reach, pivot[1] - reach, pivot[0] + reach, pivot[1] + reach),
                   friends=False)
    if not (sur.enemies or sur.impassable or sur.difficult):
        return end, plain, None
    steps = max(1, math.ceil(reach * math.radians(abs(degrees)) / STEP))
    outer = plain / steps
    cost = 0.0
    # Every step's corners lie on the arcs the block's corners sweep about the pivot, so
    # does the box of a step's corners, in which the checks below look: a piece whose box
    # misses the arcs' box meets no step (most pieces within the reach of the pivot lie
    # beside the few degrees a wheel turns)
    swept = _arcs_box(pivot, formation.footprint(start, ext), degrees)
    sur.enemies = _meeting(swept, sur.enemies)
    sur.impassable = _meeting(swept, sur.impassable)
    sur.difficult = _meeting(swept, sur.difficult)
    if not (sur.enemies or sur.impassable or sur.difficult):
        for _ in range(steps):  # every step clear and plain: the same sum, step by step
            cost += outer
        return end, cost, None
    previous = _outline(start, ext)
    solid = sur.enemies + sur.impassable
    for k in range(1, steps + 1):
        frame = formation.wheeled(start, ext, degrees * k / steps)
        current = _outline(frame, ext)
        # The hull lies within the box of the step's corners: a step whose corners' box meets
        # no piece's box is clear and plain, as the checks on its hull would find, so its
        # hull is not worked out
        box = bounds(previous + current)
        if _any_meets(box, solid):
            hull = convex_hull(previous + current)
            blocker = _swept_blocker(sur, hull)
            if blocker is not None:
                return end, cost, blocker
        else:
            hull = None
        if sur.difficult and _any_meets(box, sur.difficult):
            hull = hull or convex_hull(previous + current)
            cost += 2 * outer if _in_difficult(sur, hull) else outer
        else:
            cost += outer
        previous = current
    return end, cost, None


def _any_meets(box: Box, rows: list[Obstacle]) -> bool:
    """Some row's box meets `box` (`boxes_meet` written out, in a plain loop: every step of
    a wheel asks it)."""
    x0, y0, x1, y1 = box
    for row in rows:
        other = row.box
        if x0 <= other[2] and other[0] <= x1 and y0 <= other[3] and other[1] <= y1:
            return True
    return False


#: A piece is passed over by a wheel only when its box lies this much beyond the box of the
#: arcs its corners sweep (far above the float error of the stepped corners).
REACH_SLACK = 1e-6
_QUARTER = math.pi / 2


def _arcs_box(pivot: Point, corners: Polygon, degrees: float) -> Box:
    """The box of the arcs `corners` sweep turning `degrees` about `pivot` (each arc's ends
    and the compass points it passes), grown by REACH_SLACK."""
    px, py = pivot
    turn = math.radians(degrees)
    low, high = (0.0, turn) if turn > 0 else (turn, 0.0)
    xs, ys = [], []
    for x, y in corners:
        dx, dy = x - px, y - py
        radius = math.hypot(dx, dy)
        start = math.atan2(dy, dx)
        first, last = start + low, start + high
        angles = [first, last]
        k = math.ceil(first / _QUARTER)
        while k * _QUARTER <= last:
            angles.append(k * _QUARTER)
            k += 1
        for angle in angles:
            xs.append(px + radius * math.cos(angle))
            ys.append(py + radius * math.sin(angle))
    return (min(xs) - REACH_SLACK, min(ys) - REACH_SLACK,
            max(xs) + REACH_SLACK, max(ys) + REACH_SLACK)


# --- where a block ends -----------------------------------------------------------------------------

def base_rects(s: GameState, unit_id: str, frame: Frame, shrink: float = 0.0
               ) -> list[tuple[str, Polygon]]:
    width, depth = formation.base_size(s, unit_id)
    return [(mid, rect_corners(x, y, frame.facing, width, depth, shrink))
            for mid, (x, y) in formation.positions(s, unit_id, frame).items()]


def end_problem(sur: Surroundings, s: GameState, unit_id: str, frame: Frame,
                ext: Extent | None = None) -> str | None:
    """Why the unit cannot stand in this frame (off the table, on a base, in impassable
    terrain), or None (`ext`: the unit's extent in this state, when known)."""
    ext = ext or formation.extent(s, unit_id)
    outline = formation.footprint(frame, ext)
    box = bounds(outline)
    # every corner on the table when the corners' box is (the least and greatest of the
    # same coordinates): the bases are looked at one by one only near an edge
    if not (box[0] >= EDGE_MARGIN and box[2] <= sur.width - EDGE_MARGIN
            and box[1] >= EDGE_MARGIN and box[3] <= sur.height - EDGE_MARGIN):
        for mid, full in base_rects(s, unit_id, frame):
            if not all(EDGE_MARGIN <= x <= sur.width - EDGE_MARGIN
                       and EDGE_MARGIN <= y <= sur.height - EDGE_MARGIN for x, y in full):
                return msg("{base} would be off the table", base=s.models[mid].name)
    near = sur.near(box, difficult=False)
    others = near.enemies + near.friends
    if not others and not near.impassable:
        return None
    depth = TOLERANCE - SAFETY
    for mid, rect in base_rects(s, unit_id, frame):
        box = bounds(rect)
        for row in others:
            if boxes_meet(box, row.box) and sinks_deeper(rect, row.polygon, depth):
                return msg("{base} would overlap {other}", base=s.models[mid].name,
                           other=row.name)
        for row in near.impassable:
            if boxes_meet(box, row.box) and row.sinks_in(rect, depth):
                return msg("{base} would be inside impassable {terrain}",
                           base=s.models[mid].name, terrain=row.name)
    return None


def overlapped_since(sur: Surroundings, s: GameState, unit_id: str, frame: Frame,
                     distance: float) -> float | None:
    """For a block that ends a straight stretch of `distance` (along its facing) in `frame`:
    a shorter stretch that ends above the returned length still has a base overlapping one it
    overlaps here (so a search stepping back need not try it); None when no base overlaps
    another here."""
    ext = formation.extent(s, unit_id)
    near = sur.near(bounds(formation.footprint(frame, ext)), difficult=False)
    others = near.enemies + near.friends
    if not others:
        return None
    forward, _ = unit_vectors(frame.facing)
    depth = TOLERANCE - SAFETY
    found = None
    for _, rect in base_rects(s, unit_id, frame):
        box = bounds(rect)
        for row in others:
            if boxes_meet(box, row.box) and sinks_deeper(rect, row.polygon, depth):
                since = distance + overlap_entry(rect, row.polygon, forward, depth)
                found = since if found is None else min(found, since)
    return found


def overlap_spans(sur: Surroundings, s: GameState, unit_id: str, frame: Frame,
                  direction: Point) -> list[tuple[float, float]]:
    """For a block standing in `frame` with bases overlapping others: for each such pair,
    the shifts along `direction` (a unit vector) between which that base still overlaps that
    one (an open interval round 0), narrowed by SPAN_SLACK at both ends for float safety."""
    ext = formation.extent(s, unit_id)
    near = sur.near(bounds(formation.footprint(frame, ext)), difficult=False)
    others = near.enemies + near.friends
    depth = TOLERANCE - SAFETY
    back = (-direction[0], -direction[1])
    out = []
    for _, rect in base_rects(s, unit_id, frame):
        box = bounds(rect)
        for row in others:
            if boxes_meet(box, row.box) and sinks_deeper(rect, row.polygon, depth):
                low = overlap_entry(rect, row.polygon, direction, depth)
                high = -overlap_entry(rect, row.polygon, back, depth)
                out.append((low + SPAN_SLACK, high - SPAN_SLACK))
    return out


#: Float slack left at the ends of a known overlap (positions are kept to 1/1000").
SPAN_SLACK = 1e-7


def touched_enemy(sur: Surroundings, s: GameState, unit_id: str, frame: Frame,
                  ext: Extent | None = None) -> str | None:
    """An enemy base the unit would touch (or nearly) in this frame (`ext`: the unit's
    extent in this state, when known)."""
    reach = TOLERANCE + SAFETY
    outline = formation.footprint(frame, ext or formation.extent(s, unit_id), shrink=-reach)
    enemies = sur.near(bounds(outline), friends=False, difficult=False).enemies
    if not enemies:
        return None
    for _, rect in base_rects(s, unit_id, frame, shrink=-reach):
        box = bounds(rect)
        for row in enemies:
            if boxes_meet(box, row.box) and penetration(rect, row.polygon) > 0.0:
                return row.name
    return None


#: Within this of another base or impassable ground, an end position is a close call.
CLOSE_CALL = 0.1


def close_call(sur: Surroundings, s: GameState, unit_id: str, dest: dict, facing: float,
               bases: bool = True) -> bool:
    """Something stands near where the unit would end (a bounding-box test): only then is the
    table asked to confirm what the pure checks accepted.

    Without `bases`, only impassable ground or the table's edge near the end is a close
    call, not other bases: the offers ask so (`offers.table_problem`). The pure checks
    (`end_problem`) refused every base the block would sink into deeper than TOLERANCE -
    SAFETY, by the separating axes of the rectangles where the block ends; the table refuses
    a base sunk deeper than TOLERANCE, by the same axes for two rectangles
    (`measure.closer_than` decides by `rect_separation` when it clears the limit) and by the
    true outline of a round or oval base, which lies within the rectangle the checks take for
    it; and the end stored to 1/1000" and its facing to 1e-6 degrees moves an overlap by a
    thousandth of an inch at most, far less than SAFETY. So the table would only confirm: and
    blocks stand edge to edge, so bases near the end were every close call of the offers of a
    battle, each a check of the board by the table. `apply`'s check still asks it of them."""
    width, depth = formation.base_size(s, unit_id)
    corners = [p for x, y in dest.values()
               for p in rect_corners(x, y, facing, width, depth, -CLOSE_CALL)]
    box = bounds(corners)
    # within CLOSE_CALL of an edge: some corner is, when the corners' box is
    if not (box[0] >= CLOSE_CALL and box[2] <= sur.width - CLOSE_CALL
            and box[1] >= CLOSE_CALL and box[3] <= sur.height - CLOSE_CALL):
        return True
    if not bases:
        return bool(_meeting(box, sur.impassable))
    near = sur.near(box, difficult=False)
    return bool(near.enemies or near.friends or near.impassable)
