"""Moving: legal paths, end-position checks, and the formation and charge/pile-in solvers.

Why this shape: the AI asks for many moves per turn, so the common case (a straight, clear
segment) must be a handful of arithmetic operations; only a blocked segment pays for a detour
search. A detour is a small visibility graph: corner points around the blocking enemy bases and
impassable outlines, grown until a path is found or nothing new blocks, searched with A*.

Conventions shared by every check here: a base may touch, or sink into another base or
impassable terrain by no more than CONTACT_TOLERANCE (so positions computed "in contact" are
never refused for a rounding error); friends can be passed through, enemies cannot.
"""

from __future__ import annotations

import bisect
import functools
import heapq
import itertools
import math
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

import pymunk

from game.core import polygons
from game.core.geometry import CONTACT_TOLERANCE, Destinations
from game.core.state import GameState, Model, Point
from game.table.measure import distance, gap_at, impassable_overlap, radius

if TYPE_CHECKING:
    from game.table.space import Table, TerrainPiece

TOLERANCE = CONTACT_TOLERANCE
#: Extra clearance of detour corner points, so that the path clears what it goes round.
CLEARANCE = 0.01
#: Points placed round an enemy base for detours (a circumscribed octagon).
POINTS_ROUND_BASE = 8
#: Largest turn covered by one detour point at a terrain corner.
CORNER_STEP = math.radians(45)
#: Beyond this many enemies, a segment's sweep looks only at those within reach across.
ACROSS_MIN = 8
#: How many times a detour search may grow its set of obstacles.
DETOUR_ROUNDS = 6
#: Directions tried round each goal model by `approach` (every 10 degrees).
APPROACH_ANGLES = 36
#: Coarse samples before bisection when looking for the farthest legal point on a path.
SCAN_SAMPLES = 12
BISECTIONS = 12

#: Solvers place models on the grid placements are stored on (`make_placement` rounds to
#: 1/1000"), and check legality there, so storing a solved move never makes it illegal.
GRID_DECIMALS = 3
#: Solver spots meant to be within a range sit this far inside it, for the same reason.
GRID_MARGIN = 0.005
#: "More than" / "closer than" in the solvers means by at least this much.
STRICT = 1e-6

Route = tuple[float, list[Point]]
ObstacleKey = tuple[str, object]


# --- one model's view of a state -------------------------------------------------------------
class Mover:
    """What blocks one model in one state, and what a straight stretch costs it.

    Round bases sweep exactly (capsule tests, pymunk circle sweeps); bases with corners sweep
    exactly too, through Minkowski differences (see `_polygon_blocker`)."""

    def __init__(self, table: Table, s: GameState, model: Model,
                 enemies: list[tuple] | None = None):
        self.table = table
        self.model = model
        self.round = model.base.kind == "round"
        self.radius = radius(model)
        self.sweep_radius = max(self.radius - TOLERANCE, 0.0)
        self.start: Point = (model.x, model.y)
        self.enemies = enemy_rows(s, model.side) if enemies is None else enemies
        self._enemy_by_id: dict[str, tuple] | None = None  # built on the first detour
        #: Answers per point and per segment: a mover's state never changes while it lives,
        #: and every route it searches walks the same corner points (exact, just not redone).
        self._nodes: dict[Point, bool] = {}
        self._blockers: dict[tuple[Point, Point], ObstacleKey | None] = {}
        self._costs: dict[tuple[Point, Point], float] = {}
        self._signature: tuple | None = None
        self._xs: list[float] | None = None  # the enemies' centres across, sorted (`_across`)
        self._order: list[int] = []
        self._pad = 0.0

    # --- positions ----------------------------------------------------------------------------
    def position_ok(self, x: float, y: float) -> bool:
        """On the table and out of impassable terrain (enemies are the sweep's business)."""
        return (self.table.on_table(self.model, x, y)
                and impassable_overlap(self.table, self.model, x, y) is None)

    def node_ok(self, x: float, y: float) -> bool:
        """A detour corner must be a place the base could stand, clear of enemies."""
        found = self._nodes.get((x, y))
        if found is None:
            found = self._nodes[(x, y)] = self._node_ok(x, y)
        return found

    def _node_ok(self, x: float, y: float) -> bool:
        if not self.position_ok(x, y):
            return False
        for ex, ey, enemy_radius, enemy_round, enemy in self.enemies:
            reach = self.radius + enemy_radius
            if abs(ex - x) >= reach or abs(ey - y) >= reach:
                continue
            if self.round and enemy_round:
                if math.hypot(ex - x, ey - y) < reach - TOLERANCE:
                    return False
            elif gap_at(self.table, self.model, x, y, enemy, ex, ey) < -TOLERANCE:
                return False
        return True

    # --- segments -----------------------------------------------------------------------------
    def blocker(self, start: Point, end: Point) -> ObstacleKey | None:
        """An enemy base or impassable piece the base would sink into (deeper than the
        contact tolerance) somewhere on its way from start to end, or None."""
        if start == end:
            return None  # detour corners are checked as places (node_ok), not as sweeps
        key = (start, end)
        if key in self._blockers:
            return self._blockers[key]
        found = self._blockers[key] = (self._circle_blocker(start, end) if self.round
                                       else self._polygon_blocker(start, end))
        return found

    def _circle_blocker(self, start: Point, end: Point) -> ObstacleKey | None:
        sx, sy = start
        dx, dy = end[0] - sx, end[1] - sy
        length_sq = dx * dx + dy * dy
        low_x, high_x = min(sx, end[0]), max(sx, end[0])
        low_y, high_y = min(sy, end[1]), max(sy, end[1])
        for ex, ey, enemy_radius, enemy_round, enemy in self._across(low_x, high_x):
            reach = self.radius + enemy_radius - (TOLERANCE if enemy_round else 0.0)
            if (ex < low_x - reach or ex > high_x + reach
                    or ey < low_y - reach or ey > high_y + reach):
                continue
            t = ((ex - sx) * dx + (ey - sy) * dy) / length_sq if length_sq > 0.0 else 0.0
            t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
            off_x, off_y = sx + t * dx - ex, sy + t * dy - ey
            if off_x * off_x + off_y * off_y >= reach * reach:
                continue
            if enemy_round:
                return ("model", enemy.id)
            shape = self.table.shape_of(enemy)
            if shape.segment_query(start, end, self.sweep_radius) is not None:
                return ("model", enemy.id)
        if self.table.impassable and length_sq > 0.0:
            return self._terrain_blocker(start, end)
        return None

    def _terrain_blocker(self, start: Point, end: Point) -> ObstacleKey | None:
        """The impassable piece the base would sink into on its way: terrain never moves, so
        the answer is kept per table for this base, facing and segment (detours of every
        model with this base walk the same corners)."""
        def sweep() -> tuple:
            if self.round:
                hit = self.table.space.segment_query_first(start, end, self.sweep_radius,
                                                           self.table.impassable_filter)
                return (None if hit is None
                        else ("terrain", self.table.piece_of_shape[hit.shape].index),)
            return (self._polygon_terrain(start, end),)

        base = self.model.base
        return self.table.cached(self.table.sweep_terrain_cache,
                                 (base.kind, base.width_mm, base.depth_mm, self.model.facing,
                                  start, end), sweep)[0]

    def _across(self, low_x: float, high_x: float) -> list[tuple]:
        """The enemy rows whose centres lie within reach of [low_x, high_x] across, in their
        own order (the first blocker found must be the one a full scan finds): a sorted index
        of the centres, built on first use, when there are enough enemies for it to pay."""
        if len(self.enemies) <= ACROSS_MIN:
            return self.enemies
        if self._xs is None:
            self._order = sorted(range(len(self.enemies)), key=lambda i: self.enemies[i][0])
            self._xs = [self.enemies[i][0] for i in self._order]
            self._pad = self.radius + max(row[2] for row in self.enemies) + STRICT
        first = bisect.bisect_left(self._xs, low_x - self._pad)
        last = bisect.bisect_right(self._xs, high_x + self._pad)
        if last - first == len(self.enemies):
            return self.enemies
        return [self.enemies[i] for i in sorted(self._order[first:last])]

    def _polygon_blocker(self, start: Point, end: Point) -> ObstacleKey | None:
        """Exact sweeps for a base with corners, which keeps its facing while it moves.

        Against a round base, turn it round: the enemy's centre sweeps backwards past this
        base, a pymunk circle sweep. Against anything with corners, the base sinks in deeper
        than the tolerance exactly when its centre passes through the Minkowski difference of
        the two outlines shrunk by the tolerance, a convex polygon clipped in arithmetic."""
        dx, dy = end[0] - start[0], end[1] - start[1]
        for ex, ey, enemy_radius, enemy_round, enemy in self.enemies:
            if polygons.point_segment_distance((ex, ey), start, end) >= self.radius + enemy_radius:
                continue
            if enemy_round:
                shape = self.table.shape_at(self.model, start[0], start[1])
                sweep = max(enemy_radius - TOLERANCE, 0.0)
                if shape.segment_query((ex, ey), (ex - dx, ey - dy), sweep) is not None:
                    return ("model", enemy.id)
            else:
                planes = _model_planes(self.table, self.model, enemy)
                if polygons.segment_enters((start[0] - ex, start[1] - ey),
                                           (end[0] - ex, end[1] - ey), planes):
                    return ("model", enemy.id)
        if not self.table.impassable:
            return None
        return self._terrain_blocker(start, end)

    def _polygon_terrain(self, start: Point, end: Point) -> ObstacleKey | None:
        low_x, high_x = min(start[0], end[0]) - self.radius, max(start[0], end[0]) + self.radius
        low_y, high_y = min(start[1], end[1]) - self.radius, max(start[1], end[1]) + self.radius
        for piece in self.table.impassable:
            min_x, min_y, max_x, max_y = piece.bounds
            if min_x > high_x or max_x < low_x or min_y > high_y or max_y < low_y:
                continue
            for part in range(len(piece.shapes)):
                planes = _terrain_planes(self.table, self.model, piece, part)
                if polygons.segment_enters(start, end, planes):
                    return ("terrain", piece.index)
        return None

    def _difficult_near(self, start: Point, end: Point) -> list[TerrainPiece]:
        low_x, high_x = min(start[0], end[0]), max(start[0], end[0])
        low_y, high_y = min(start[1], end[1]), max(start[1], end[1])
        return [piece for piece in self.table.difficult
                if piece.bounds[0] <= high_x and piece.bounds[2] >= low_x
                and piece.bounds[1] <= high_y and piece.bounds[3] >= low_y]

    def _difficult_crossed(self, start: Point, end: Point) -> list[ObstacleKey]:
        return [("terrain", piece.index) for piece in self._difficult_near(start, end)
                if polygons.inside_intervals(start, end, piece.outline)]

    def difficult_stretch(self, start: Point, end: Point) -> list[tuple[float, float]]:
        """Parameter intervals (0..1) of start->end that lie in difficult terrain: the
        terrain's alone (not the base's), so remembered per table."""
        if not self.table.difficult:
            return []

        def build() -> list[tuple[float, float]]:
            intervals: list[tuple[float, float]] = []
            for piece in self._difficult_near(start, end):
                intervals.extend(polygons.inside_intervals(start, end, piece.outline))
            return polygons.merge_intervals(intervals)

        return self.table.cached(self.table.stretch_cache, (start, end), build)

    def segment_cost(self, start: Point, end: Point) -> float:
        """Length of start->end with the part in difficult terrain counted twice."""
        key = (start, end)
        found = self._costs.get(key)
        if found is None:
            length = math.dist(start, end)
            inside = sum(t1 - t0 for t0, t1 in self.difficult_stretch(start, end))
            found = self._costs[key] = length * (1.0 + inside)
        return found

    # --- routes -------------------------------------------------------------------------------
    def route(self, dest: Point, budget: float = math.inf) -> Route | None:
        """Cheapest legal path from where the model stands to `dest`, or None (also None when
        every legal path costs more than `budget`).

        A detour search is remembered per table under everything its answer depends on (the
        base, where it stands, the destination, the budget and every enemy base): the same
        path is asked for by the solver, by the check of the offer and again by `apply`'s."""
        dest = (float(dest[0]), float(dest[1]))
        if not self.position_ok(*dest):
            return None
        start = self.start
        if math.dist(start, dest) <= 1e-12:
            return (0.0, [start])
        blocked = self.blocker(start, dest)
        crossed = self._difficult_crossed(start, dest)
        if blocked is None and not crossed:
            return (math.dist(start, dest), [start, dest])
        if math.dist(start, dest) > budget:
            return None
        active = set(crossed)
        if blocked is not None:
            active.add(blocked)
        if self._signature is None:
            # flat numbers and strings: a key hashed at C speed (a tuple of dataclasses
            # would call each base's generated __hash__ on every look-up)
            self._signature = tuple(itertools.chain.from_iterable(
                (row[0], row[1], row[4].base.kind, row[4].base.width_mm, row[4].base.depth_mm,
                 row[4].facing) for row in self.enemies))
        base = self.model.base
        key = (base.kind, base.width_mm, base.depth_mm, self.model.facing, start, dest, budget,
               self._signature)
        found = self.table.cached(self.table.route_cache, key,
                                  lambda: (self._detour(start, dest, active, budget),))[0]
        return None if found is None else (found[0], list(found[1]))

    def _detour(self, start: Point, dest: Point, active: set[ObstacleKey],
                budget: float = math.inf) -> Route | None:
        """Search with corner points round the obstacles met so far; while edges turn out to
        be blocked by obstacles without corner points, add theirs and search again (a path
        round them may be shorter, or the only one)."""
        best: Route | None = None
        for _ in range(DETOUR_ROUNDS):
            nodes = [start, dest]
            for key in sorted(active, key=str):
                nodes.extend(p for p in self._corners(key) if self.node_ok(*p))
            found, blockers = self._search(nodes, budget)
            if found is not None and (best is None or found[0] < best[0]):
                best = found
            fresh = blockers - active
            if not fresh:
                break
            active |= fresh
        return best

    def _corners(self, key: ObstacleKey) -> list[Point]:
        """Detour points round an obstacle, far enough out that this base clears it."""
        kind, ident = key
        if kind == "model":
            if self._enemy_by_id is None:
                self._enemy_by_id = {row[4].id: row for row in self.enemies}
            ex, ey, enemy_radius, _, _ = self._enemy_by_id[ident]
            spread = (self.radius + enemy_radius + CLEARANCE) / math.cos(math.pi / POINTS_ROUND_BASE)
            return [(ex + spread * math.cos((i + 0.5) * 2 * math.pi / POINTS_ROUND_BASE),
                     ey + spread * math.sin((i + 0.5) * 2 * math.pi / POINTS_ROUND_BASE))
                    for i in range(POINTS_ROUND_BASE)]
        piece = self.table.terrain[ident]
        offset = self.radius + CLEARANCE if "impassable" in piece.kinds else CLEARANCE
        return _round_corners(piece.outline, offset)

    def _search(self, nodes: list[Point], budget: float = math.inf
                ) -> tuple[Route | None, set[ObstacleKey]]:
        """A* from nodes[0] to nodes[1] over the complete graph, checking edges only when they
        could improve a node (straight-line length is a lower bound of every edge's cost)."""
        goal = nodes[1]
        count = len(nodes)
        best = [math.inf] * count
        previous = [-1] * count
        done = [False] * count
        blockers: set[ObstacleKey] = set()
        best[0] = 0.0
        dist = math.dist
        to_goal = [dist(node, goal) for node in nodes]  # the heuristic, once per node
        heap = [(to_goal[0], 0)]
        while heap:
            _, i = heapq.heappop(heap)
            if done[i]:
                continue
            done[i] = True
            if i == 1:
                return (best[1], _unwind(nodes, previous)), blockers
            here = nodes[i]
            so_far = best[i]
            for j in range(count):
                if done[j]:
                    continue
                node = nodes[j]
                reached = so_far + dist(here, node)
                if reached >= best[j] or reached + to_goal[j] > budget:
                    continue
                key = self.blocker(here, node)
                if key is not None:
                    blockers.add(key)
                    continue
                cost = so_far + self.segment_cost(here, node)
                if cost < best[j]:
                    best[j] = cost
                    previous[j] = i
                    heapq.heappush(heap, (cost + to_goal[j], j))
        return None, blockers

    def point_at(self, path: list[Point], budget: float) -> Point:
        """Where the model is after spending `budget` inches of movement along the path."""
        for start, end in zip(path, path[1:], strict=False):
            length = math.dist(start, end)
            cost = self.segment_cost(start, end)
            if budget >= cost:
                budget -= cost
                continue
            t = _parameter_for_cost(self.difficult_stretch(start, end), length, budget)
            return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        return path[-1]


def enemy_rows(s: GameState, side: int) -> list[tuple]:
    """(x, y, radius, is round, model) of every living model not on `side`: what blocks a
    move. Built once per unit by the solvers, since all its models share it."""
    return [(m.x, m.y, radius(m), m.base.kind == "round", m)
            for m in s.models.values() if m.alive and m.side != side]


def _model_planes(table: Table, mover: Model, other: Model) -> list[tuple[float, float, float]]:
    """Where the mover's centre may not go (deeper than the tolerance) near another base with
    corners, relative to that base's centre; cached per pair of bases and facings."""
    def build() -> list[tuple[float, float, float]]:
        mirrored = [(-x, -y) for x, y in table.outline(mover.base, mover.facing)]
        points = [(ox + mx, oy + my) for ox, oy in table.outline(other.base, other.facing)
                  for mx, my in mirrored]
        return polygons.half_planes(polygons.convex_hull(points), TOLERANCE)

    key = ("model", mover.base, mover.facing, other.base, other.facing)
    return table.cached(table.sweep_cache, key, build)


def _terrain_planes(table: Table, mover: Model, piece: TerrainPiece, part: int
                    ) -> list[tuple[float, float, float]]:
    """The same for one convex part of an impassable piece, in table coordinates."""
    def build() -> list[tuple[float, float, float]]:
        mirrored = [(-x, -y) for x, y in table.outline(mover.base, mover.facing)]
        corners = [(v.x, v.y) for v in piece.shapes[part].get_vertices()]
        points = [(cx + mx, cy + my) for cx, cy in corners for mx, my in mirrored]
        return polygons.half_planes(polygons.convex_hull(points), TOLERANCE)

    key = ("terrain", piece.index, part, mover.base, mover.facing)
    return table.cached(table.sweep_cache, key, build)


def _parameter_for_cost(inside: list[tuple[float, float]], length: float, budget: float
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


def _round_corners(outline: list[Point], offset: float) -> list[Point]:
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


def _unwind(nodes: list[Point], previous: list[int]) -> list[Point]:
    path = [1]
    while path[-1] != 0:
        path.append(previous[path[-1]])
    return [nodes[i] for i in reversed(path)]


# --- where everyone stands while a unit moves ------------------------------------------------
class Field:
    """Positions of the living models while a unit's moves are being decided: movers already
    placed stand at their new spots, everyone else where they are."""

    def __init__(self, table: Table, s: GameState):
        self.table = table
        self.rows = {m.id: [m, m.x, m.y, radius(m)] for m in s.models.values() if m.alive}

    def place(self, model_id: str, x: float, y: float) -> None:
        row = self.rows[model_id]
        row[1], row[2] = x, y

    def near(self, model: Model, reach: float) -> list[list]:
        """Rows whose bases could come within `reach` of any point the model can reach."""
        mine = radius(model)
        x, y = model.x, model.y
        hypot = math.hypot
        out = []
        for row in self.rows.values():
            limit = reach + mine + row[3]
            if abs(row[1] - x) > limit or abs(row[2] - y) > limit or row[0].id == model.id:
                continue
            if hypot(row[1] - x, row[2] - y) <= limit:
                out.append(row)
        return out

    def overlap(self, model: Model, x: float, y: float, rows: Iterable[list]) -> Model | None:
        """A base the model at (x, y) would sink into deeper than the contact tolerance."""
        return self.within(model, x, y, rows, -TOLERANCE)

    def within(self, model: Model, x: float, y: float, rows: Iterable[list], limit: float
               ) -> Model | None:
        """A base the model at (x, y) would be closer than `limit` to (edge to edge)."""
        mine = radius(model)
        is_round = model.base.kind == "round"
        for other, ox, oy, other_radius in rows:
            if other.id == model.id:
                continue
            reach = mine + other_radius + limit
            if abs(ox - x) >= reach or abs(oy - y) >= reach:
                continue
            if is_round and other.base.kind == "round":
                if math.hypot(ox - x, oy - y) < reach:
                    return other
            elif gap_at(self.table, model, x, y, other, ox, oy) < limit:
                return other
        return None


def _spot_problem(table: Table, model: Model, x: float, y: float, field: Field,
                  near: list[list]) -> str | None:
    """Why the model cannot end at (x, y) (off the table, impassable, overlapping), or None."""
    if not table.on_table(model, x, y):
        return f"{model.name} would be off the table"
    piece = impassable_overlap(table, model, x, y)
    if piece is not None:
        return f"{model.name} would overlap impassable {piece.label}"
    other = field.overlap(model, x, y, near)
    if other is not None:
        return f"{model.name} would overlap {other.name}"
    return None


def snap(x: float, y: float) -> Point:
    """The nearest point of the placement grid."""
    return (round(x, GRID_DECIMALS), round(y, GRID_DECIMALS))


def _farthest(legal: Callable[[float], bool], reach: float) -> float:
    """Largest amount in [0, reach] found legal: the far end if it is, else coarse samples
    from the far end back, then bisection towards the first illegal sample."""
    if reach <= 1e-9:
        return 0.0
    if legal(reach):
        return reach
    step = reach / SCAN_SAMPLES
    high = reach
    low = 0.0
    for k in range(SCAN_SAMPLES - 1, 0, -1):
        if legal(step * k):
            low = step * k
            break
        high = step * k
    for _ in range(BISECTIONS):
        middle = (low + high) / 2
        if legal(middle):
            low = middle
        else:
            high = middle
    return low


# --- the Geometry protocol's moving questions ------------------------------------------------
def route(table: Table, s: GameState, model: Model, dest: Point) -> Route | None:
    return Mover(table, s, model).route(dest)


def path_length(table: Table, s: GameState, model: Model, dest: Point) -> float | None:
    found = Mover(table, s, model).route(dest)
    return None if found is None else found[0]


def placement_problem(table: Table, s: GameState, dest: Destinations) -> str | None:
    """The first reason these end positions are illegal, or None."""
    field = Field(table, s)
    for model_id, (x, y) in dest.items():
        if model_id in field.rows:
            field.place(model_id, float(x), float(y))
    for model_id, (x, y) in dest.items():
        model = s.models.get(model_id)
        if model is None:
            return f"there is no model {model_id!r}"
        if not model.alive:
            return f"{model.name} has been removed"
        problem = _spot_problem(table, model, float(x), float(y), field,
                                field.rows.values())
        if problem is not None:
            return problem
    return None


def move_toward(table: Table, s: GameState, unit_id: str, point: Point, allowance: float,
                keep_away: float = 0.0) -> Destinations:
    """The unit moves as a formation along one direction (its centroid to `point`).

    Front-most models go first, so followers never block leaders. Each goes straight as far
    as the allowance, the table, terrain, enemies, the others' end spots and `keep_away`
    allow, and never past the point (measured along the direction)."""
    models = s.alive_models(unit_id)
    result: Destinations = {m.id: (m.x, m.y) for m in models}
    if not models or allowance <= 0.0:
        return result
    centre_x = sum(m.x for m in models) / len(models)
    centre_y = sum(m.y for m in models) / len(models)
    span = math.hypot(point[0] - centre_x, point[1] - centre_y)
    if span <= 1e-9:
        return result
    ux, uy = (point[0] - centre_x) / span, (point[1] - centre_y) / span
    field = Field(table, s)
    blockers = enemy_rows(s, models[0].side)
    for model in sorted(models, key=lambda m: (-(m.x * ux + m.y * uy), m.id)):
        ahead = (point[0] - model.x) * ux + (point[1] - model.y) * uy
        reach = min(allowance, max(0.0, ahead))
        mover = Mover(table, s, model, blockers)
        spot = _advance(mover, (ux, uy), reach, allowance, keep_away, field)
        if spot is not None:
            result[model.id] = spot
            field.place(model.id, *spot)
    return result


def _advance(mover: Mover, direction: Point, reach: float, allowance: float, keep_away: float,
             field: Field) -> Point | None:
    """The farthest legal spot (on the placement grid) along `direction`, or None to stay.

    The model goes straight: it never walks round an enemy or impassable terrain on a
    formation move (that is what `approach` and dragged moves are for), but it may pass
    friends and leave or cross keep-away zones, since only the end position counts there."""
    if reach <= 1e-9:
        return None
    table, model, start = mover.table, mover.model, mover.start
    near = field.near(model, reach + max(keep_away, 0.0))
    enemies = [row for row in near if row[0].side != model.side]

    def spot_at(amount: float) -> Point:
        return snap(start[0] + direction[0] * amount, start[1] + direction[1] * amount)

    def legal(amount: float) -> bool:
        spot = spot_at(amount)
        if _spot_problem(table, model, spot[0], spot[1], field, near) is not None:
            return False
        if keep_away > 0.0 and field.within(model, spot[0], spot[1], enemies,
                                            keep_away + STRICT):
            return False
        if mover.blocker(start, spot) is not None:
            return False
        return mover.segment_cost(start, spot) <= allowance + 1e-9

    amount = None
    if mover.round and all(row[0].base.kind == "round" for row in near):
        estimate = _round_reach(mover, direction, reach, allowance, keep_away, near, enemies)
        # the estimate is exact; snapping to the grid may nudge it over a limit: back off
        amount = next((a for a in (estimate - k * 10 ** -GRID_DECIMALS for k in range(6))
                       if a > 0.0 and legal(a)), None)
    if amount is None:
        amount = _farthest(legal, reach)  # only returns amounts found legal, or 0
    spot = spot_at(amount)
    return None if spot == snap(*start) else spot


def _round_reach(mover: Mover, direction: Point, reach: float, allowance: float,
                 keep_away: float, near: list[list], enemies: list[list]) -> float:
    """How far a round base can go straight, by arithmetic: up to the first thing it cannot
    pass (table edge, impassable terrain, an enemy base, the allowance spent), then back to
    the nearest spot that is not too close to anyone (overlap, keep-away)."""
    table = mover.table
    (x0, y0), (ux, uy), r = mover.start, direction, mover.radius
    hard = min(reach, _edge_reach(x0, ux, r, table.width), _edge_reach(y0, uy, r, table.height))
    if hard <= 0.0:
        return 0.0
    if table.impassable:
        hit = table.space.segment_query_first(mover.start, (x0 + ux * hard, y0 + uy * hard),
                                              mover.sweep_radius, table.impassable_filter)
        if hit is not None:
            hard *= hit.alpha
    for _, ox, oy, other_radius in enemies:
        crossing = _ray_circle(mover.start, direction, (ox, oy), r + other_radius - TOLERANCE)
        if crossing is not None and crossing[0] >= 0.0:
            hard = min(hard, crossing[0])
    inside = mover.difficult_stretch(mover.start, (x0 + ux * hard, y0 + uy * hard))
    if hard * (1.0 + sum(t1 - t0 for t0, t1 in inside)) > allowance:
        hard *= _parameter_for_cost(inside, hard, allowance)
    too_close = [_ray_circle(mover.start, direction, (ox, oy), r + other_radius - TOLERANCE)
                 for _, ox, oy, other_radius in near]
    if keep_away > 0.0:
        too_close += [_ray_circle(mover.start, direction, (ox, oy),
                                  r + other_radius + keep_away + STRICT)
                      for _, ox, oy, other_radius in enemies]
    amount = hard
    moved_back = True
    while moved_back:
        moved_back = False
        for span in too_close:
            if span is not None and span[0] < amount < span[1]:
                amount, moved_back = span[0], True
    return max(amount, 0.0)


def _edge_reach(position: float, step: float, radius: float, size: float) -> float:
    """How far along one axis the centre may go before the base leaves the table."""
    if step > 1e-12:
        return max((size - radius - position) / step, 0.0)
    if step < -1e-12:
        return max((radius - position) / step, 0.0)
    return math.inf


def _ray_circle(start: Point, direction: Point, centre: Point, reach: float
                ) -> tuple[float, float] | None:
    """The stretch (t1, t2) of the ray start + t * direction closer than `reach` to centre."""
    if reach <= 0.0:
        return None
    dx, dy = start[0] - centre[0], start[1] - centre[1]
    half_b = dx * direction[0] + dy * direction[1]
    c = dx * dx + dy * dy - reach * reach
    disc = half_b * half_b - c
    if disc <= 0.0:
        return None
    root = math.sqrt(disc)
    return (-half_b - root, -half_b + root)


def approach(table: Table, s: GameState, unit_id: str, goals: list[str], allowance: float,
             stop_at: float, avoid: list[str] = (), avoid_range: float = 0.0,
             movers: list[str] | None = None) -> Destinations:
    """The charge / pile-in solver. Each mover, closest to a goal first, takes the reachable
    spot within `stop_at` of a goal model that leaves the least ground to cover (see
    `_Approach.best_spot`); failing that it closes in along the path to the nearest goal as
    far as it legally can, if that gets it closer. A mover already within `stop_at` stays.

    `goals` and `avoid` may name models or whole units."""
    models = s.alive_models(unit_id)
    result: Destinations = {m.id: (m.x, m.y) for m in models}
    goal_models = [m for m in _expand(s, goals) if m.unit != unit_id]
    if not goal_models or allowance <= 0.0:
        return result
    avoid_models = _expand(s, avoid) if avoid_range > 0.0 else []
    chosen = set(movers) if movers is not None else {m.id for m in models}
    moving = [m for m in models if m.id in chosen]
    start_gaps = {m.id: [distance(table, m, g) for g in goal_models] for m in moving}
    moving.sort(key=lambda m: (min(start_gaps[m.id]), m.id))
    field = Field(table, s)
    blockers = enemy_rows(s, s.units[unit_id].side)
    for model in moving:
        if min(start_gaps[model.id]) <= stop_at:
            continue  # already where it should be
        job = _Approach(Mover(table, s, model, blockers), goal_models, avoid_models,
                        avoid_range, field)
        spot = job.best_spot(allowance, stop_at) or job.close_in(allowance, start_gaps[model.id])
        if spot is not None:
            result[model.id] = spot
            field.place(model.id, *spot)
    return result


def _expand(s: GameState, ids: Iterable[str]) -> list[Model]:
    """Living models named directly or through their unit, each once."""
    found: dict[str, Model] = {}
    for ident in ids:
        if ident in s.models:
            candidates = [s.models[ident]]
        elif ident in s.units:
            candidates = [s.models[i] for i in s.units[ident].models]
        else:
            continue
        for model in candidates:
            if model.alive:
                found.setdefault(model.id, model)
    return list(found.values())


class _Approach:
    """One model's charge or pile-in: candidate spots round the goals, best first."""

    def __init__(self, mover: Mover, goals: list[Model], avoid: list[Model],
                 avoid_range: float, field: Field):
        self.table = mover.table
        self.model = mover.model
        self.goals = goals
        self.field = field
        self.mover = mover
        self.avoid_ids = {m.id for m in avoid}
        self.avoid_range = avoid_range
        self.near: list[list] = []

    def legal_spot(self, x: float, y: float) -> bool:
        if _spot_problem(self.table, self.model, x, y, self.field, self.near) is not None:
            return False
        if self.avoid_ids:
            rows = [self.field.rows[i] for i in self.avoid_ids if i in self.field.rows]
            if self.field.within(self.model, x, y, rows, self.avoid_range + STRICT):
                return False
        return True

    def candidates(self, goals: list[Model], stop_at: float
                   ) -> Iterator[tuple[float, float, Point]]:
        """(straight-line distance + gap, gap, spot) round the goals at a few gaps up to
        stop_at, most promising first.

        A goal's spots are only worked out once they could compete: none can beat the goal's
        current edge distance, since closing a gap from d to g takes a move of at least d - g.
        """
        outer = stop_at - min(GRID_MARGIN, stop_at / 4)
        gaps = sorted({min(0.01, stop_at / 2), stop_at / 2, outer} - {0.0}) or [0.0]
        queue: list[tuple[float, float, int, Point]] = []
        order = sorted((distance(self.table, self.model, g), g.id, g) for g in goals)
        count = 0
        for goal_gap, _, goal in order + [(math.inf, "", None)]:
            while queue and queue[0][0] < round(goal_gap, 6) - 1e-6:
                bound, gap, _, spot = heapq.heappop(queue)
                yield bound, gap, spot
            if goal is None:
                return
            for gap in gaps:
                for exact in contact_ring(self.table, goal, self.model, gap, APPROACH_ANGLES):
                    spot = snap(*exact)
                    bound = round(math.dist(self.mover.start, spot) + gap, 6)
                    heapq.heappush(queue, (bound, gap, count, spot))
                    count += 1

    def best_spot(self, allowance: float, stop_at: float) -> Point | None:
        """The legal spot that leaves the least ground to cover (path length plus the gap
        left to the goal; ties go to the smaller gap), so that a model able to reach base
        contact on its way in does, rather than halting at `stop_at`."""
        self.near = self.field.near(self.model, allowance + max(self.avoid_range, 0.0))
        reachable = [g for g in self.goals if distance(self.table, self.model, g) - stop_at
                     <= allowance + 1e-9]
        best: tuple[float, float, Point] | None = None
        for bound, gap, spot in self.candidates(reachable, stop_at):
            if bound > allowance + stop_at + 1e-6 or (best is not None
                                                       and bound > best[0] + 1e-6):
                break
            if bound - gap > allowance + 1e-9 or not self.legal_spot(*spot):
                continue
            found = self.mover.route(spot, allowance + 1e-9)
            if found is None or found[0] > allowance + 1e-9:
                continue
            score = found[0] + gap
            if best is None or score < best[0] - 1e-6 or (score <= best[0] + 1e-6
                                                          and gap < best[1]):
                best = (score, gap, spot)
        return None if best is None else best[2]

    def close_in(self, allowance: float, start_gaps: list[float]) -> Point | None:
        """Along the path to the nearest goal as far as is legal, if that ends closer."""
        nearest = min(range(len(self.goals)), key=lambda i: start_gaps[i])
        self.near = self.field.near(self.model, allowance + max(self.avoid_range, 0.0))
        for _, _, spot in itertools.islice(self.candidates([self.goals[nearest]], 0.0), 6):
            found = self.mover.route(spot)
            if found is None:
                continue
            end = self._farthest_along(found[1], min(allowance, found[0]), allowance)
            if end is None or end == snap(*self.mover.start):
                return None
            return end if self._closer(end, start_gaps) else None
        return None

    def _farthest_along(self, path: list[Point], budget: float, allowance: float
                        ) -> Point | None:
        """The farthest legal end (on the grid) within `budget` along the path.

        End spots are searched cheaply; the path to the one found is then measured afresh
        (the best path to a point part-way need not follow this one, and snapping moves the
        point a hair), stepping back a little while that comes out over the allowance."""
        def end_at(spent: float) -> Point:
            return snap(*self.mover.point_at(path, spent))

        def path_ok(end: Point) -> bool:
            again = self.mover.route(end)
            return again is not None and again[0] <= allowance + 1e-9

        spent = _farthest(lambda c: self.legal_spot(*end_at(c)), budget)
        for step in (0.0, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064):
            if spent - step <= 0.0:
                break
            end = end_at(spent - step)
            if self.legal_spot(*end) and path_ok(end):
                return end
        spent = _farthest(lambda c: self.legal_spot(*end_at(c)) and path_ok(end_at(c)), budget)
        return end_at(spent) if spent > 0.0 else None

    def _closer(self, end: Point, start_gaps: list[float]) -> bool:
        return any(gap_at(self.table, self.model, end[0], end[1], goal, goal.x, goal.y)
                   < start - STRICT for goal, start in zip(self.goals, start_gaps, strict=True))


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
