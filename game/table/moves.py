"""Moving: end-position checks, and the formation and charge/pile-in solvers (the paths they
walk, and what blocks them, are in paths.py; the contact rings they try, in contact.py).

Conventions shared by every check here: a base may touch, or sink into another base or
impassable terrain by no more than CONTACT_TOLERANCE (so positions computed "in contact" are
never refused for a rounding error); friends can be passed through, enemies cannot.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from game.core.geometry import Destinations
from game.core.i18n import msg
from game.core.state import GameState, Model, Point
from game.table.contact import GRID_DECIMALS, snap, snapped_ring
from game.table.enemies import enemy_rows, segment_enemies
from game.table.measure import closer_than, distance, gap_at, impassable_overlap, radius
from game.table.paths import (  # noqa: F401 (the constants are also read as moves.X)
    CLEARANCE,
    DETOUR_ROUNDS,
    POINTS_ROUND_BASE,
    Mover,
    Route,
)
from game.table.sweeps import STRICT, TOLERANCE, parameter_for_cost  # noqa: F401 (moves.X)

if TYPE_CHECKING:
    from game.table.types import TableView as Table

#: Coarse samples before bisection when looking for the farthest legal point on a path.
SCAN_SAMPLES = 12
BISECTIONS = 12

#: Solver spots meant to be within a range sit this far inside it, for the same reason.
GRID_MARGIN = 0.005
#: Added to `Field.near_group`'s box, so that rounding can never leave out a row `near` keeps.
BOX_SLACK = 1e-6
#: Spots on a straight move are snapped to the grid, so they stray from the segment by up to
#: half a grid step across both axes; bases are kept for its checks with this much to spare.
SEGMENT_SLACK = 0.01


class Field:
    """Positions of the living models while a unit's moves are being decided: movers already
    placed stand at their new spots, everyone else where they are."""

    def __init__(self, table: Table, s: GameState):
        self.table = table
        self.rows = {m.id: [m, m.x, m.y, radius(m)] for m in s.models.values() if m.alive}

    def place(self, model_id: str, x: float, y: float) -> None:
        row = self.rows[model_id]
        row[1], row[2] = x, y

    def near(self, model: Model, reach: float, rows: Iterable[list] | None = None
             ) -> list[list]:
        """Rows whose bases could come within `reach` of any point the model can reach, looked
        for among `rows` (`near_group`'s, in the field's order) or else every row."""
        mine = radius(model)
        x, y = model.x, model.y
        hypot = math.hypot
        out = []
        for row in self.rows.values() if rows is None else rows:
            limit = reach + mine + row[3]
            if abs(row[1] - x) > limit or abs(row[2] - y) > limit or row[0].id == model.id:
                continue
            if hypot(row[1] - x, row[2] - y) <= limit:
                out.append(row)
        return out

    def near_group(self, models: list[Model], reach: float) -> list[list]:
        """Every row `near` could give one of these models for a reach up to `reach`, in the
        field's order: their own rows (they move as they are placed) and the others whose
        centres lie in the box round the models' centres grown by the reach and both radii.
        A solver placing a unit asks `near` once per model; looking among these few instead
        of the whole board gives the same rows in the same order."""
        own = {m.id for m in models}
        grow = reach + max(radius(m) for m in models) + BOX_SLACK
        low_x, high_x = min(m.x for m in models) - grow, max(m.x for m in models) + grow
        low_y, high_y = min(m.y for m in models) - grow, max(m.y for m in models) + grow
        return [row for row in self.rows.values()
                if row[0].id in own or (low_x - row[3] <= row[1] <= high_x + row[3]
                                        and low_y - row[3] <= row[2] <= high_y + row[3])]

    def overlap(self, model: Model, x: float, y: float, rows: Iterable[list]) -> Model | None:
        """A base the model at (x, y) would sink into deeper than the contact tolerance."""
        return self.within(model, x, y, rows, -TOLERANCE)

    def within(self, model: Model, x: float, y: float, rows: Iterable[list], limit: float
               ) -> Model | None:
        """A base the model at (x, y) would be closer than `limit` to (edge to edge)."""
        mine = radius(model)
        is_round = model.base.kind == "round"
        own, hypot = model.id, math.hypot
        for other, ox, oy, other_radius in rows:
            # the boxes first: most rows are far (the model's own row is skipped after them)
            reach = mine + other_radius + limit
            if abs(ox - x) >= reach or abs(oy - y) >= reach or other.id == own:
                continue
            if is_round and other.base.kind == "round":
                if hypot(ox - x, oy - y) < reach:
                    return other
            elif closer_than(self.table, model, x, y, other, ox, oy, limit):
                return other
        return None


def _spot_clash(table: Table, model: Model, x: float, y: float, field: Field,
                near: list[list]) -> tuple | None:
    """What keeps the model from ending at (x, y), as data: ("edge",), ("terrain", piece) or
    ("model", other); None when the spot is legal. The solvers ask this tens of thousands of
    times a battle and only want yes or no, so the reason's text is built only when asked
    (`_spot_problem`), never here."""
    if not table.on_table(model, x, y):
        return ("edge",)
    piece = impassable_overlap(table, model, x, y)
    if piece is not None:
        return ("terrain", piece)
    other = field.overlap(model, x, y, near)
    if other is not None:
        return ("model", other)
    return None


def _spot_free(table: Table, model: Model, x: float, y: float, field: Field,
               near: list[list]) -> bool:
    """`_spot_clash(...) is None`, as one yes or no: the arithmetic test of the bases first,
    then the table edge, the table's cached terrain answer last (most refused spots are
    refused by a base, for the least work)."""
    return (field.overlap(model, x, y, near) is None and table.on_table(model, x, y)
            and impassable_overlap(table, model, x, y) is None)


def _spot_problem(table: Table, model: Model, x: float, y: float, field: Field,
                  near: list[list]) -> str | None:
    """Why the model cannot end at (x, y) (off the table, impassable, overlapping), or None."""
    clash = _spot_clash(table, model, x, y, field, near)
    if clash is None:
        return None
    if clash[0] == "edge":
        return msg("{model} would be off the table", model=model.name)
    if clash[0] == "terrain":
        return msg("{model} would overlap impassable {terrain}", model=model.name,
                   terrain=clash[1].label)
    return msg("{model} would overlap {other}", model=model.name, other=clash[1].name)


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


def path_within(table: Table, s: GameState, model: Model, dest: Point, allowance: float
                ) -> bool:
    """`Mover.within`. Most checks (the rules checking an offered move) end on the straight
    way, which only the enemies near it can block: when there are none (and the base is
    round), a mover without enemies answers, without the whole side's rows and the key of
    their bases; the full mover otherwise, and when a detour search must tell."""
    dest = (float(dest[0]), float(dest[1]))
    if model.base.kind == "round" and not segment_enemies(s, model, dest):
        # (with an enemy by the way, its sweep is dearer than the whole side's shared answer)
        found = Mover(table, s, model, []).straight_within(dest, allowance)
        if found is not None:
            return found
    return Mover(table, s, model).within(dest, allowance)


def placement_problem(table: Table, s: GameState, dest: Destinations) -> str | None:
    """The first reason these end positions are illegal, or None."""
    field = Field(table, s)
    for model_id, (x, y) in dest.items():
        if model_id in field.rows:
            field.place(model_id, float(x), float(y))
    for model_id, (x, y) in dest.items():
        model = s.models.get(model_id)
        if model is None:
            return msg("there is no model {model}", model=repr(model_id))
        if not model.alive:
            return msg("{model} has been removed", model=model.name)
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
    group = field.near_group(models, allowance + max(keep_away, 0.0))
    for model in sorted(models, key=lambda m: (-(m.x * ux + m.y * uy), m.id)):
        ahead = (point[0] - model.x) * ux + (point[1] - model.y) * uy
        reach = min(allowance, max(0.0, ahead))
        mover = Mover(table, s, model, blockers)
        spot = _advance(mover, (ux, uy), reach, allowance, keep_away, field, group)
        if spot is not None:
            result[model.id] = spot
            field.place(model.id, *spot)
    return result


def _advance(mover: Mover, direction: Point, reach: float, allowance: float, keep_away: float,
             field: Field, group: list[list] | None = None) -> Point | None:
    """The farthest legal spot (on the placement grid) along `direction`, or None to stay
    (`group`: the unit's `Field.near_group`, for a reach up to `allowance`).

    The model goes straight: it never walks round an enemy or impassable terrain on a
    formation move (that is what `approach` and dragged moves are for), but it may pass
    friends and leave or cross keep-away zones, since only the end position counts there."""
    if reach <= 1e-9:
        return None
    table, model, start = mover.table, mover.model, mover.start
    near = field.near(model, reach + max(keep_away, 0.0), group)
    enemies = [row for row in near if row[0].side != model.side]

    def spot_at(amount: float) -> Point:
        return snap(start[0] + direction[0] * amount, start[1] + direction[1] * amount)

    # what the checks look at: every base near; narrowed before a long search (below)
    scope = [near, enemies, mover]
    checked: dict[Point, bool] = {}  # the answer depends on the grid spot alone

    def legal(amount: float) -> bool:
        spot = spot_at(amount)
        found = checked.get(spot)
        if found is None:
            found = checked[spot] = spot_legal(spot)
        return found

    def spot_legal(spot: Point) -> bool:
        rows, foes, sweeper = scope
        if not _spot_free(table, model, spot[0], spot[1], field, rows):
            return False
        if keep_away > 0.0 and field.within(model, spot[0], spot[1], foes,
                                            keep_away + STRICT):
            return False
        if sweeper.blocker(start, spot) is not None:
            return False
        return sweeper.segment_cost(start, spot) <= allowance + 1e-9

    amount = None
    if mover.round and all(row[0].base.kind == "round" for row in near):
        estimate = _round_reach(mover, direction, reach, allowance, keep_away, near, enemies)
        # the estimate is exact; snapping to the grid may nudge it over a limit: back off
        amount = next((a for a in (estimate - k * 10 ** -GRID_DECIMALS for k in range(6))
                       if a > 0.0 and legal(a)), None)
    if amount is None:
        # some two dozen spots to try, all on the segment (give or take the grid): bases
        # farther from it than any limit asked about can never answer yes, so they are left out
        end = (start[0] + direction[0] * reach, start[1] + direction[1] * reach)
        pad = mover.radius + max(keep_away + STRICT, 0.0) + SEGMENT_SLACK
        close = _by_segment(near, start, end, pad)
        scope[:] = [close, [row for row in close if row[0].side != model.side],
                    mover.narrowed(_by_segment(mover.enemies, start, end, pad, position=0,
                                               reach=2))]
        amount = _farthest(legal, reach)  # only returns amounts found legal, or 0
    spot = spot_at(amount)
    return None if spot == snap(*start) else spot


def _by_segment(rows: list, start: Point, end: Point, pad: float, position: int = 1,
                reach: int = 3) -> list:
    """The rows (in their order) whose bounding circle (centre at row[position],
    row[position + 1], radius row[reach]) comes within `pad` of the segment start-end."""
    sx, sy = start
    dx, dy = end[0] - sx, end[1] - sy
    length_sq = dx * dx + dy * dy
    out = []
    for row in rows:
        px, py = row[position] - sx, row[position + 1] - sy
        t = (px * dx + py * dy) / length_sq if length_sq > 0.0 else 0.0
        t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
        limit = row[reach] + pad
        off_x, off_y = px - t * dx, py - t * dy
        if off_x * off_x + off_y * off_y <= limit * limit:
            out.append(row)
    return out


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
        hard *= parameter_for_cost(inside, hard, allowance)
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
    group = field.near_group(moving, allowance + max(avoid_range, 0.0)) if moving else None
    for model in moving:
        if min(start_gaps[model.id]) <= stop_at:
            continue  # already where it should be
        mover = Mover(table, s, model, blockers)
        job = _Approach(mover, goal_models, avoid_models, avoid_range, field, group)
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
                 avoid_range: float, field: Field, group: list[list] | None = None):
        """`group`: the movers' `Field.near_group` for the reach of the whole move."""
        self.table = mover.table
        self.group = group
        self.model = mover.model
        self.goals = goals
        self.field = field
        self.mover = mover
        self.avoid_range = avoid_range
        self.avoid_ids = {m.id for m in avoid}
        # the rows are the field's own (updated in place as movers are placed): the same
        # bases the avoid test looks up by id, looked up once
        self.avoid_rows = [field.rows[i] for i in self.avoid_ids if i in field.rows]
        self.near: list[list] = []
        self._reach: float | None = None
        #: legal_spot's answers by spot: nothing it reads changes while this model is placed
        #: (the field moves only once the job is done), and the searches below come back to
        #: the same grid spots (the scan after the bisection, close_in's second pass)
        self._checked: dict[Point, bool] = {}

    def _look_around(self, allowance: float) -> None:
        """The bases near enough to matter to a move of `allowance` (kept for the job)."""
        reach = allowance + max(self.avoid_range, 0.0)
        if reach != self._reach:
            self._reach = reach
            self.near = self.field.near(self.model, reach, self.group)
            self._checked = {}

    def legal_spot(self, x: float, y: float) -> bool:
        found = self._checked.get((x, y))
        if found is None:
            found = self._checked[(x, y)] = self._spot_free(x, y)
        return found

    def _spot_free(self, x: float, y: float) -> bool:
        """`_spot_clash` is None and the avoided bases are kept off, as one yes or no."""
        field, model = self.field, self.model
        if self.avoid_rows and field.within(model, x, y, self.avoid_rows,
                                            self.avoid_range + STRICT) is not None:
            return False
        return _spot_free(self.table, model, x, y, field, self.near)

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
            # the goal's spots join the queue in one go: each entry is unique (its count), so
            # the heap pops them in the same order as pushing them one by one would
            start, dist = self.mover.start, math.dist
            for gap in gaps:
                ring = snapped_ring(self.table, goal, self.model, gap)
                queue.extend([(round(dist(start, spot) + gap, 6), gap, count + i, spot)
                              for i, spot in enumerate(ring)])
                count += len(ring)
            heapq.heapify(queue)

    def best_spot(self, allowance: float, stop_at: float) -> Point | None:
        """The legal spot that leaves the least ground to cover (path length plus the gap
        left to the goal; ties go to the smaller gap), so that a model able to reach base
        contact on its way in does, rather than halting at `stop_at`."""
        self._look_around(allowance)
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
        self._look_around(allowance)
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
        walk = self.mover.walker(path)

        def end_at(spent: float) -> Point:
            return snap(*walk(spent))

        def path_ok(end: Point) -> bool:
            return self.mover.within(end, allowance + 1e-9)

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
