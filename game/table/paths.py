"""Paths: one model's view of a state, what blocks it and what a straight stretch costs, and
the cheapest legal path (a detour search) from where it stands.

Why this shape: the AI asks for many moves per turn, so the common case (a straight, clear
segment) must be a handful of arithmetic operations; only a blocked segment pays for a detour
search. A detour is a small visibility graph: corner points around the blocking enemy bases and
impassable outlines, grown until a path is found or nothing new blocks, searched with A*.
The solvers that place whole units (moves.py) stand on this.

Conventions shared by every check here: a base may touch, or sink into another base or
impassable terrain by no more than CONTACT_TOLERANCE (so positions computed "in contact" are
never refused for a rounding error); friends can be passed through, enemies cannot.
"""

from __future__ import annotations

import bisect
import heapq
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core import polygons
from game.core.memo import PerTable
from game.core.state import GameState, Model, Point
from game.table.enemies import EnemyRows, enemy_rows, signature
from game.table.measure import closer_than, impassable_overlap, radius
from game.table.sweeps import (
    STRICT,
    TOLERANCE,
    model_planes,
    parameter_for_cost,
    round_corners,
    segment_box,
    terrain_planes,
)

if TYPE_CHECKING:
    from game.table.types import TableView as Table
    from game.table.types import TerrainPieceView as TerrainPiece

#: Extra clearance of detour corner points, so that the path clears what it goes round.
CLEARANCE = 0.01
#: Points placed round an enemy base for detours (a circumscribed octagon).
POINTS_ROUND_BASE = 8
#: Beyond this many enemies, a segment's sweep looks only at those within reach across.
ACROSS_MIN = 8
#: A mover's first sweeps filter its enemies in one pass; later ones use a sorted index.
ACROSS_SCANS = 4
#: How many times a detour search may grow its set of obstacles.
DETOUR_ROUNDS = 6

#: A remembered answer not there yet (None is an answer: nothing blocks).
_UNKNOWN = object()

Route = tuple[float, list[Point]]
ObstacleKey = tuple[str, object]
#: A mover's answers per detour corner and per segment's blocker (a segment's cost is the
#: terrain's alone: kept per table, `Mover.segment_cost`).
Answers = tuple[dict, dict]
#: Groups of answers (one per base, facing and set of enemy bases) kept per table.
ANSWER_GROUPS = 64
#: Segment costs kept per table before they are forgotten all at once.
COST_LIMIT = 65536


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
        #: None depends on where the mover starts, only on its base, its facing and the enemy
        #: bases, so movers on `enemy_rows` share them per table (`_share`, on first use).
        self._nodes: dict[Point, bool] | None = None
        self._blockers: dict[tuple[Point, Point], ObstacleKey | None] | None = None
        #: Segment costs depend on the terrain alone (not the base, not the enemies), so every
        #: mover of every solve on this table reads and fills the table's own: the detour
        #: searches of one battle walk the same terrain corners again and again
        self._costs: dict[tuple[Point, Point], float] = table.cost_cache
        self._pad: float | None = None  # how far across an enemy centre can matter
        self._scans = 0  # sweeps filtered in one pass so far (`_across`)
        self._xs: list[float] | None = None  # the enemies' centres across, sorted
        self._order: list[int] = []

    def narrowed(self, enemies: list[tuple]) -> Mover:
        """The same mover blocked only by these enemy rows (a subset of its own, chosen by a
        caller that knows the others can never be in the way), with its own answers."""
        other = Mover.__new__(Mover)
        other.__dict__.update(self.__dict__)
        other.enemies = enemies
        other._enemy_by_id = None
        other._nodes, other._blockers = {}, {}  # (costs are the table's: no enemies in them)
        other._pad, other._scans, other._xs = None, 0, None
        return other

    def _share(self) -> Answers:
        """This mover's answer dictionaries: the table's group for its base, facing and enemy
        bases when its enemies are a whole side's `enemy_rows` (every solve, listing, check and
        `apply` on one board asks the same segments round the same enemies), else its own."""
        enemies = self.enemies
        if isinstance(enemies, EnemyRows):
            base = self.model.base
            key = (base.kind, base.width_mm, base.depth_mm, self.model.facing, enemies.key())
            found = self.table.cached(self.table.answer_cache, key, lambda: ({}, {}),
                                      ANSWER_GROUPS)
        else:
            found = ({}, {})
        self._nodes, self._blockers = found
        return found

    # --- positions ----------------------------------------------------------------------------
    def position_ok(self, x: float, y: float) -> bool:
        """On the table and out of impassable terrain (enemies are the sweep's business)."""
        return (self.table.on_table(self.model, x, y)
                and impassable_overlap(self.table, self.model, x, y) is None)

    def node_ok(self, x: float, y: float) -> bool:
        """A detour corner must be a place the base could stand, clear of enemies."""
        nodes = self._nodes
        if nodes is None:
            nodes = self._share()[0]
        found = nodes.get((x, y))
        if found is None:
            found = nodes[(x, y)] = self._node_ok(x, y)
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
            elif closer_than(self.table, self.model, x, y, enemy, ex, ey, -TOLERANCE):
                return False
        return True

    # --- segments -----------------------------------------------------------------------------
    def blocker(self, start: Point, end: Point) -> ObstacleKey | None:
        """An enemy base or impassable piece the base would sink into (deeper than the
        contact tolerance) somewhere on its way from start to end, or None."""
        if start == end:
            return None  # detour corners are checked as places (node_ok), not as sweeps
        key = (start, end)
        known = self._blockers
        if known is None:
            known = self._share()[1]
        found = known.get(key, _UNKNOWN)
        if found is _UNKNOWN:
            found = known[key] = (self._circle_blocker(start, end) if self.round
                                  else self._polygon_blocker(start, end))
        return found

    def _circle_blocker(self, start: Point, end: Point) -> ObstacleKey | None:
        sx, sy = start
        dx, dy = end[0] - sx, end[1] - sy
        length_sq = dx * dx + dy * dy
        low_x, low_y, high_x, high_y = segment_box(start, end, 0.0)
        mine = self.radius
        for ex, ey, enemy_radius, enemy_round, enemy in self._across(low_x, high_x):
            reach = mine + enemy_radius - (TOLERANCE if enemy_round else 0.0)
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
        low_x, low_y, high_x, high_y = segment_box(start, end, self.radius)
        for x0, y0, x1, y1, _ in self.table.impassable_boxes:
            if x0 <= high_x and x1 >= low_x and y0 <= high_y and y1 >= low_y:
                break
        else:
            # no piece's box meets the sweep's: nothing to ask pymunk, nor to remember (the
            # answer the remembered sweep gives too, for a box test instead of a key)
            return None

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
        own order (the first blocker found must be the one a full scan finds), when there are
        enough enemies for it to pay: one pass for a mover's first few sweeps (many movers
        live for one route), then a sorted index of the centres (a detour search sweeps
        hundreds of segments)."""
        if len(self.enemies) <= ACROSS_MIN:
            return self.enemies
        if self._pad is None:
            self._pad = self.radius + max(row[2] for row in self.enemies) + STRICT
        low, high = low_x - self._pad, high_x + self._pad
        if self._xs is None:
            self._scans += 1
            if self._scans <= ACROSS_SCANS:
                return [row for row in self.enemies if low <= row[0] <= high]
            self._order = sorted(range(len(self.enemies)), key=lambda i: self.enemies[i][0])
            self._xs = [self.enemies[i][0] for i in self._order]
        first = bisect.bisect_left(self._xs, low)
        last = bisect.bisect_right(self._xs, high)
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
                planes = model_planes(self.table, self.model, enemy)
                if polygons.segment_enters((start[0] - ex, start[1] - ey),
                                           (end[0] - ex, end[1] - ey), planes):
                    return ("model", enemy.id)
        if not self.table.impassable:
            return None
        return self._terrain_blocker(start, end)

    def _polygon_terrain(self, start: Point, end: Point) -> ObstacleKey | None:
        low_x, low_y, high_x, high_y = segment_box(start, end, self.radius)
        for min_x, min_y, max_x, max_y, piece in self.table.impassable_boxes:
            if min_x > high_x or max_x < low_x or min_y > high_y or max_y < low_y:
                continue
            for part in range(len(piece.shapes)):
                planes = terrain_planes(self.table, self.model, piece, part)
                if polygons.segment_enters(start, end, planes):
                    return ("terrain", piece.index)
        return None

    def _difficult_near(self, start: Point, end: Point) -> list[TerrainPiece]:
        low_x, low_y, high_x, high_y = segment_box(start, end, 0.0)
        return [piece for x0, y0, x1, y1, piece in self.table.difficult_boxes
                if x0 <= high_x and x1 >= low_x and y0 <= high_y and y1 >= low_y]

    def _difficult_crossed(self, start: Point, end: Point) -> list[ObstacleKey]:
        return [("terrain", piece.index) for piece in self._difficult_near(start, end)
                if polygons.inside_intervals(start, end, piece.outline, piece.bounds)]

    def difficult_stretch(self, start: Point, end: Point) -> list[tuple[float, float]]:
        """Parameter intervals (0..1) of start->end that lie in difficult terrain: the
        terrain's alone (not the base's), so remembered per table."""
        found = self.table.stretch_cache.get((start, end))
        if found is not None:
            return found
        near = self._difficult_near(start, end)
        if not near:
            return []  # what the remembered answer would be, for a box test instead of a key

        def build() -> list[tuple[float, float]]:
            intervals: list[tuple[float, float]] = []
            for piece in near:
                intervals.extend(polygons.inside_intervals(start, end, piece.outline,
                                                          piece.bounds))
            return polygons.merge_intervals(intervals)

        return self.table.cached(self.table.stretch_cache, (start, end), build)

    def segment_cost(self, start: Point, end: Point) -> float:
        """Length of start->end with the part in difficult terrain counted twice."""
        return self.table.cached(self._costs, (start, end), lambda: math.dist(start, end) * (
            1.0 + sum(t1 - t0 for t0, t1 in self.difficult_stretch(start, end))), COST_LIMIT)

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
        enemies = self.enemies
        bases = enemies.key() if isinstance(enemies, EnemyRows) else signature(enemies)
        base = self.model.base
        key = (base.kind, base.width_mm, base.depth_mm, self.model.facing, start, dest, budget,
               bases)
        found = self.table.cached(self.table.route_cache, key,
                                  lambda: (self._detour(start, dest, active, budget),))[0]
        return None if found is None else (found[0], list(found[1]))

    def within(self, dest: Point, allowance: float) -> bool:
        """Does a legal path to `dest` cost at most `allowance`? The same answer as comparing
        `route`'s cost, without its detour search when the straight way is clear and cheap
        enough: the straight segment is one of the paths the search weighs, so the cheapest
        one costs no more (most offered moves are such segments, often through difficult
        terrain, where `route` would still search round it)."""
        dest = (float(dest[0]), float(dest[1]))
        found = self.straight_within(dest, allowance)
        if found is not None:
            return found
        found = self.route(dest)
        return found is not None and found[0] <= allowance

    def straight_within(self, dest: Point, allowance: float) -> bool | None:
        """`within`'s answer when no detour search is needed to give it (a spot the base
        cannot stand on, no move at all, or the straight way clear and cheap enough), else
        None. Of the enemies it reads only whether one blocks the straight segment, so a
        mover that sees just the enemies near that segment gives the same answer
        (`segment_enemies`)."""
        if not self.position_ok(*dest):
            return False
        start = self.start
        if math.dist(start, dest) <= 1e-12:
            return allowance >= 0.0
        if self.blocker(start, dest) is None and self.segment_cost(start, dest) <= allowance:
            return True
        return None

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
        return _TERRAIN_CORNERS.get(self.table, (ident, offset),
                                    lambda: round_corners(piece.outline, offset))

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
        # the mover's remembered answers read here directly: most edges were already swept
        # (by an earlier round, route or model of the unit), and a method call per edge cost
        # more than the look-up itself
        if self._blockers is None:
            self._share()
        known_blockers, known_costs = self._blockers, self._costs
        blocker, segment_cost = self.blocker, self.segment_cost
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
                edge = (here, node)
                key = known_blockers.get(edge, _UNKNOWN)
                if key is _UNKNOWN:
                    key = blocker(here, node)
                if key is not None:
                    blockers.add(key)
                    continue
                cost = known_costs.get(edge)
                cost = so_far + (segment_cost(here, node) if cost is None else cost)
                if cost < best[j]:
                    best[j] = cost
                    previous[j] = i
                    heapq.heappush(heap, (cost + to_goal[j], j))
        return None, blockers

    def point_at(self, path: list[Point], budget: float) -> Point:
        """Where the model is after spending `budget` inches of movement along the path."""
        return self.walker(path)(budget)

    def walker(self, path: list[Point]) -> Callable[[float], Point]:
        """`point_at` for one path, its legs measured once (length, cost and difficult
        stretches): the solvers ask two dozen points along the same path
        (`moves._Approach._farthest_along`), each the same sums in the same order as a walk
        from the start."""
        legs = [(start, end, math.dist(start, end), self.segment_cost(start, end),
                 self.difficult_stretch(start, end))
                for start, end in zip(path, path[1:], strict=False)]
        last = path[-1]

        def at(budget: float) -> Point:
            for start, end, length, cost, inside in legs:
                if budget >= cost:
                    budget -= cost
                    continue
                t = parameter_for_cost(inside, length, budget)
                return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
            return last

        return at


#: Detour points round each terrain piece, per table, piece and offset (a base's radius):
#: terrain never moves, and every detour search of every model with that base rounds the
#: same pieces again, round after round (callers only read them).
_TERRAIN_CORNERS = PerTable(256)


def _unwind(nodes: list[Point], previous: list[int]) -> list[Point]:
    path = [1]
    while path[-1] != 0:
        path.append(previous[path[-1]])
    return [nodes[i] for i in reversed(path)]


# --- where everyone stands while a unit moves ------------------------------------------------
