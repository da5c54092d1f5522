"""The table: a pymunk Space in inches, with terrain as static shapes and bases as kinematic
bodies.

Why a cache that checks poses: a `Table` is made once per scenario, but the rules and the AI ask
it about many copies of the game state, each with its own model positions. So a model's pymunk
shape is created the first time it is asked about and then re-posed whenever a question comes
with a different position or facing: the pose is compared on every access, never trusted.

Space-wide queries only ever look at terrain (static and always right). Model shapes are posed
for whichever state asked last, so questions about models go pair by pair instead.
"""

from __future__ import annotations

import atexit
import gc
import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field

import pymunk

from game.core import polygons
from game.core.geometry import CONTACT_TOLERANCE, Destinations
from game.core.state import MM_PER_INCH, BaseShape, GameState, Model, Point, Scenario, Terrain
from game.table import arcs, measure, moves

#: Collision categories. Models have their own bit so that terrain queries never see them.
CATEGORY_MODEL = 1
TERRAIN_CATEGORIES = {"impassable": 2, "difficult": 4, "obscuring": 8, "cover": 16}
CATEGORY_OTHER_TERRAIN = 32

#: Vertices of the polygon standing in for an oval base (measure.py's bounds rely on it).
OVAL_VERTICES = measure.OVAL_VERTICES
#: Caches keyed by facing (which may take any value) are dropped when they grow past this.
CACHE_LIMIT = 4096
#: Solved moves kept per table (their keys hold a whole board, so fewer).
SOLVED_LIMIT = 1024
_MISSING = object()


#: Slack added to every "could this model matter" distance of `near_board`.
NEAR_MARGIN = 0.25


def _row(m: Model) -> tuple:
    base = m.base  # by its fields: hashed at C speed, unlike the dataclass itself
    return (m.id, m.unit, m.side, m.name, base.kind, base.width_mm, base.depth_mm, m.x, m.y,
            m.facing)


def board_key(s: GameState) -> tuple:
    """Everything about the board a move or an end check reads: each living model's id,
    unit, side, name (it is in the reasons), base and pose."""
    return tuple(_row(m) for m in s.models.values() if m.alive)


def near_board(s: GameState, points: list[tuple[float, float, float]], reach: float,
               own: set[str]) -> tuple:
    """The part of `board_key` that can matter to a question about bases of radius r at
    (x, y) (`points`) going at most `reach`: the models in `own` and every living model whose
    base comes within reach of one of them (with a margin). A straight move or an end check
    never looks farther (a path search does: it is keyed on the whole board)."""
    out = []
    if not points:
        return tuple(_row(m) for m in s.models.values()
                     if m.alive and (m.id in own or m.unit in own))
    pad = reach + max(p[2] for p in points) + NEAR_MARGIN
    low_x, high_x = min(p[0] for p in points) - pad, max(p[0] for p in points) + pad
    low_y, high_y = min(p[1] for p in points) - pad, max(p[1] for p in points) + pad
    for m in s.models.values():
        if not m.alive:
            continue
        if m.id in own or m.unit in own:
            out.append(_row(m))
            continue
        mx, my, base = m.x, m.y, m.base  # (measure.radius written out: asked for every key)
        mine = base.width_mm / MM_PER_INCH / 2 if base.kind == "round" else base.radius
        if mx < low_x - mine or mx > high_x + mine or my < low_y - mine or my > high_y + mine:
            continue
        limit = reach + mine + NEAR_MARGIN
        for x, y, r in points:
            far = limit + r
            if abs(mx - x) <= far and abs(my - y) <= far and \
                    (mx - x) ** 2 + (my - y) ** 2 <= far * far:
                out.append(_row(m))
                break
    return tuple(out)


@dataclass(eq=False)
class TerrainPiece:
    """One terrain outline: its kinds, its exact outline, and the convex pymunk shapes that
    cover it."""

    index: int
    terrain: Terrain
    kinds: frozenset[str]
    outline: list[Point]
    bounds: tuple[float, float, float, float]
    shapes: list[pymunk.Poly] = field(default_factory=list)

    @property
    def label(self) -> str:
        return self.terrain.name or "terrain"


class _Posed:
    """A model's body and shape, and the pose (and base) the shape was last moved to."""

    __slots__ = ("body", "shape", "base", "pose")

    def __init__(self, body: pymunk.Body, shape: pymunk.Shape, base: BaseShape):
        self.body = body
        self.shape = shape
        self.base = base
        self.pose: tuple[float, float, float] | None = None


def local_outline(base: BaseShape) -> list[Point]:
    """Polygon of a rect or oval base in its own frame: +x is the facing (depth runs along it),
    +y runs along the front edge (width)."""
    half_width, half_depth = base.width / 2, base.depth / 2
    if base.kind == "rect":
        return [(-half_depth, -half_width), (half_depth, -half_width),
                (half_depth, half_width), (-half_depth, half_width)]
    step = 2 * math.pi / OVAL_VERTICES
    return [(half_depth * math.cos(i * step), half_width * math.sin(i * step))
            for i in range(OVAL_VERTICES)]


def oriented_outline(base: BaseShape, facing: float) -> list[Point]:
    """The outline turned to a facing, relative to the base's centre (map frame)."""
    angle = math.radians(facing)
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    return [(x * cos_a - y * sin_a, x * sin_a + y * cos_a) for x, y in local_outline(base)]


#: Every table still alive. pymunk frees a space through callbacks that fail if they run during
#: the interpreter's own final clean-up (where tables held by module-level caches would go), so
#: at exit each table lets go of its pymunk objects while the interpreter is still whole.
_live_tables: weakref.WeakSet = weakref.WeakSet()


@atexit.register
def _release_tables() -> None:
    for table in list(_live_tables):
        table.release()
    gc.collect()


class Table:
    """Implements `game.core.geometry.Geometry` for one scenario, in inches.

    Beyond the protocol: `route` (a path's corner points, for drawing it), `shape_at` /
    `shape_of` (a model's pymunk shape at a pose) and `on_table`."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.width = float(scenario.width)
        self.height = float(scenario.height)
        self.space = pymunk.Space()
        self.terrain: list[TerrainPiece] = []
        self.piece_of_shape: dict[pymunk.Shape, TerrainPiece] = {}
        self._posed: dict[str, _Posed] = {}
        self._extents: dict[tuple[BaseShape, float], tuple[float, float, float, float]] = {}
        self._outlines: dict[tuple[BaseShape, float], list[Point]] = {}
        #: Holds throwaway shapes (Minkowski sums for placing bases in contact); not in the space
        self.scratch_body = pymunk.Body(body_type=pymunk.Body.STATIC)
        #: Minkowski differences for sweeping bases with corners, per pair of bases and facings
        self.sweep_cache: dict[tuple, list[tuple[float, float, float]]] = {}
        #: Contact rings snapped to the grid, per goal pose, mover base and gap (moves.py)
        self.ring_cache: dict[tuple, list[Point]] = {}
        #: Stretches of a segment inside difficult terrain, per segment (terrain never moves)
        self.stretch_cache: dict[tuple, list[tuple[float, float]]] = {}
        #: Cost of a straight segment (difficult stretches counted twice), per segment
        self.cost_cache: dict[tuple, float] = {}
        #: Movers' answers per base, facing and enemy bases (paths.Mover._share)
        self.answer_cache: dict[tuple, tuple] = {}
        #: Paths found, per base, start, end, budget and enemy bases (paths.Mover.route)
        self.route_cache: dict[tuple, object] = {}
        #: Impassable piece under a base at a spot, per base, facing and spot (measure.py)
        self.overlap_cache: dict[tuple, tuple] = {}
        #: Gaps between two bases with corners, per bases and poses (measure.gap_at)
        self.gap_cache: dict[tuple, float] = {}
        #: Line of sight, per pair of bases and poses and the vehicles near (measure.py)
        self.sight_cache: dict[tuple, bool] = {}
        #: Impassable piece a base sweeping a segment sinks into, per base, facing, segment
        self.sweep_terrain_cache: dict[tuple, tuple] = {}
        #: Solved moves and end checks, per question and board (see `placement_problem`)
        self.solved_cache: dict[tuple, object] = {}
        for terrain in scenario.terrain:
            self._add_terrain(terrain)
        self.impassable = [p for p in self.terrain if "impassable" in p.kinds]
        self.difficult = [p for p in self.terrain if "difficult" in p.kinds]
        self.obscuring = [p for p in self.terrain if "obscuring" in p.kinds]
        #: (min x, min y, max x, max y, piece) of the impassable and difficult pieces: the
        #: box tests of every swept segment read them unpacked, without an attribute per piece
        self.impassable_boxes = [(*p.bounds, p) for p in self.impassable]
        self.difficult_boxes = [(*p.bounds, p) for p in self.difficult]
        self.impassable_filter = pymunk.ShapeFilter(mask=TERRAIN_CATEGORIES["impassable"])
        _live_tables.add(self)

    def release(self) -> None:
        """Drop every pymunk object now (at exit); the table cannot measure afterwards."""
        for piece in self.terrain:
            piece.shapes.clear()
        self.piece_of_shape.clear()
        self._posed.clear()
        self.sweep_cache.clear()
        self.ring_cache.clear()
        self.stretch_cache.clear()
        self.cost_cache.clear()
        self.answer_cache.clear()
        self.route_cache.clear()
        self.overlap_cache.clear()
        self.gap_cache.clear()
        self.sight_cache.clear()
        self.sweep_terrain_cache.clear()
        self.solved_cache.clear()
        self.scratch_body = None
        self.space = None

    # --- building -----------------------------------------------------------------------------
    def _add_terrain(self, terrain: Terrain) -> None:
        outline = polygons.clean(terrain.polygon)
        if len(outline) < 3:
            return
        kinds = frozenset(kind.strip().lower() for kind in terrain.kinds)
        piece = TerrainPiece(len(self.terrain), terrain, kinds, outline, polygons.bounds(outline))
        categories = 0
        for kind in kinds:
            categories |= TERRAIN_CATEGORIES.get(kind, CATEGORY_OTHER_TERRAIN)
        shape_filter = pymunk.ShapeFilter(categories=categories or CATEGORY_OTHER_TERRAIN)
        for part in polygons.convex_parts(outline):
            shape = pymunk.Poly(self.space.static_body, part)
            shape.filter = shape_filter
            self.space.add(shape)
            piece.shapes.append(shape)
            self.piece_of_shape[shape] = piece
        self.terrain.append(piece)

    def _new_posed(self, base: BaseShape) -> _Posed:
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        if base.kind == "round":
            shape: pymunk.Shape = pymunk.Circle(body, base.width / 2)
        else:
            shape = pymunk.Poly(body, local_outline(base))
        shape.filter = pymunk.ShapeFilter(categories=CATEGORY_MODEL)
        self.space.add(body, shape)
        return _Posed(body, shape, base)

    # --- poses --------------------------------------------------------------------------------
    def shape_at(self, model: Model, x: float, y: float, facing: float | None = None
                 ) -> pymunk.Shape:
        """The model's shape moved to (x, y, facing); facing defaults to the model's own."""
        if facing is None:
            facing = model.facing
        posed = self._posed.get(model.id)
        if posed is None or (posed.base is not model.base and posed.base != model.base):
            if posed is not None:
                self.space.remove(posed.body, posed.shape)
            posed = self._posed[model.id] = self._new_posed(model.base)
        pose = (x, y, facing)
        if posed.pose != pose:
            posed.body.position = (x, y)
            posed.body.angle = math.radians(facing)
            self.space.reindex_shapes_for_body(posed.body)
            posed.pose = pose
        return posed.shape

    def shape_of(self, model: Model) -> pymunk.Shape:
        """The model's shape where the model stands."""
        return self.shape_at(model, model.x, model.y, model.facing)

    def outline(self, base: BaseShape, facing: float) -> list[Point]:
        """Polygon of a rect/oval base relative to its centre, cached per base and facing."""
        return self.cached(self._outlines, (base, facing),
                           lambda: oriented_outline(base, facing))

    def extents(self, base: BaseShape, facing: float) -> tuple[float, float, float, float]:
        """(min dx, min dy, max dx, max dy) of the base around its centre: the exact bounding
        box, for table-edge checks and prefilters."""
        box = self._extents.get((base, facing))  # the hot path, without a closure
        if box is None:
            box = self.cached(self._extents, (base, facing), lambda: self._box(base, facing))
        return box

    def _box(self, base: BaseShape, facing: float) -> tuple[float, float, float, float]:
        if base.kind == "round":
            r = base.width / 2
            return (-r, -r, r, r)
        return polygons.bounds(self.outline(base, facing))

    @staticmethod
    def cached(cache: dict, key, build, limit: int = CACHE_LIMIT):
        """cache[key], built on first use; a cache past `limit` entries is emptied first
        (keys include facings, and a long game may see many)."""
        value = cache.get(key)
        if value is None:
            if len(cache) >= limit:
                cache.clear()
            value = cache[key] = build()
        return value

    def on_table(self, model: Model, x: float, y: float) -> bool:
        """The whole base lies on the table (touching the edge is fine)."""
        min_x, min_y, max_x, max_y = self.extents(model.base, model.facing)
        eps = 1e-9
        return (x + min_x >= -eps and y + min_y >= -eps
                and x + max_x <= self.width + eps and y + max_y <= self.height + eps)

    # --- the Geometry protocol ----------------------------------------------------------------
    #: the rules' most frequent question: bound straight to the function, no extra call
    distance = measure.distance

    def unit_distance(self, s: GameState, unit_a: str, unit_b: str) -> float:
        return measure.unit_distance(self, s, unit_a, unit_b)

    def in_contact(self, a: Model, b: Model) -> bool:
        return measure.distance(self, a, b) <= CONTACT_TOLERANCE

    def point_distance(self, model: Model, point: Point) -> float:
        return measure.point_distance(self, model, point)

    def line_of_sight(self, s: GameState, a: Model, b: Model) -> bool:
        return measure.line_of_sight(self, s, a, b)

    def contact_kind(self, a: Model, b: Model) -> str | None:
        """How base `a` touches base `b` (front-to-front, corner-to-corner, flank, rear,
        exposed), or None: see arcs.py."""
        return arcs.contact_kind(self, a, b)

    def target_arc(self, models: Sequence[Model], point: Point) -> str:
        """The arc (front, rear, left, right) of a formation where `point` stands."""
        return arcs.target_arc(models, point)

    def path_length(self, s: GameState, model: Model, dest: Point) -> float | None:
        return moves.path_length(self, s, model, dest)

    def path_within(self, s: GameState, model: Model, dest: Point, allowance: float) -> bool:
        return moves.path_within(self, s, model, dest, allowance)

    def route(self, s: GameState, model: Model, dest: Point
              ) -> tuple[float, list[Point]] | None:
        """The path itself (cost, corner points from start to dest), for drawing it."""
        return moves.route(self, s, model, dest)

    # The solvers and the end check are pure functions of the board (every living model's
    # base, pose and unit, see `board_key`) and their questions, and the same question comes
    # back many times per decision: listing the offers, valuing them (the AI), `apply`'s check.
    # So the answers are remembered per table under the whole board: exact, and a state copy
    # or a search asks the same board the same way.

    def placement_problem(self, s: GameState, dest: Destinations) -> str | None:
        if len(dest) < 2:  # a solver trying one spot: seldom asked twice, not worth a key
            return moves.placement_problem(self, s, dest)
        spots = tuple((mid, float(x), float(y)) for mid, (x, y) in dest.items())
        points = [(x, y, measure.radius(s.models[mid])) for mid, x, y in spots
                  if mid in s.models]
        key = (spots, near_board(s, points, 0.0, {mid for mid, _, _ in spots}))
        return self._solved(("end", key), lambda: moves.placement_problem(self, s, dest))

    def move_toward(self, s: GameState, unit_id: str, point: Point, allowance: float,
                    keep_away: float = 0.0) -> Destinations:
        points = [(m.x, m.y, measure.radius(m)) for m in s.alive_models(unit_id)]
        key = ("toward", unit_id, s.units[unit_id].models, tuple(point), allowance, keep_away,
               near_board(s, points, allowance + max(keep_away, 0.0), {unit_id}))
        return dict(self._solved(key, lambda: moves.move_toward(self, s, unit_id, point,
                                                                allowance, keep_away)))

    def approach(self, s: GameState, unit_id: str, goals: list[str], allowance: float,
                 stop_at: float, avoid: list[str] = (), avoid_range: float = 0.0,
                 movers: list[str] | None = None) -> Destinations:
        key = ("approach", unit_id, s.units[unit_id].models, tuple(goals), allowance, stop_at,
               tuple(avoid), avoid_range, None if movers is None else tuple(movers),
               board_key(s))
        return dict(self._solved(key, lambda: moves.approach(self, s, unit_id, goals,
                                                             allowance, stop_at, avoid,
                                                             avoid_range, movers)))

    def _solved(self, key, build):
        found = self.solved_cache.get(key, _MISSING)
        if found is _MISSING:
            if len(self.solved_cache) >= SOLVED_LIMIT:
                self.solved_cache.clear()
            found = self.solved_cache[key] = build()
        return found
