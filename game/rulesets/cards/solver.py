"""The table's approach solver, asked the `cards` way: only the figures that can matter, and
each answer remembered.

Why: the table's path search has no budget. Asked for a spot it cannot reach within the move,
it searches detours of any length round every enemy base on the table, and a charge on a unit
behind a palisade took seconds (issue 11: one `apply` of 3.1 s, seed 5002). Two things bound
that work here, and neither changes what is legal (every offer is still checked by `apply`'s
own check before it is offered):

- A unit's move of M" can only meet figures within M" (plus both bases) of one of its
  figures. The solver is handed a copy of the state in which every other figure is left out
  (goals and figures to avoid are kept), so its searches only walk round what is near.
- The answer is a pure function of what it was given (those figures, the parameters, the
  table), so it is remembered under exactly that key: the next unit of the same card, or the
  same question asked again after a move elsewhere, costs nothing. Deterministic, since a
  remembered answer is the one a fresh search would give.
"""

from __future__ import annotations

import copy
import functools

from game.core.geometry import CONTACT_TOLERANCE, Geometry
from game.core.memo import PerTable
from game.core.polygons import bounds, edge_distance, point_in_polygon
from game.core.state import GameState, Model, Terrain

#: Slack added to every "could this figure matter" distance.
MARGIN = 0.25
#: Answers kept (a few units' worth of questions per card).
KEPT = 256

_ANSWERS = PerTable(KEPT)


def _near(x: float, y: float, radius: float, mine: list[tuple[float, float, float]],
          reach: float) -> bool:
    """Is a base of `radius` at (x, y) within `reach` (edge to edge, with the margin) of one
    of the unit's bases (x, y, radius)?"""
    for ox, oy, other in mine:
        limit = reach + radius + other + CONTACT_TOLERANCE + MARGIN
        if abs(x - ox) <= limit and abs(y - oy) <= limit and \
                ((x - ox) ** 2 + (y - oy) ** 2) <= limit * limit:
            return True
    return False


def local_ids(s: GameState, unit_id: str, reach: float, keep: set[str]) -> list[str]:
    """Living figures that may matter to a move of `reach` inches by the unit: its own, those
    named in `keep`, and any within reach (edge to edge, with a margin) of one of its figures.
    (Each base's radius is read once: the solver asks this for every move it solves.)"""
    mine = s.alive_models(unit_id)
    if not mine:
        return sorted(m.id for m in s.models.values() if m.alive and (
            m.unit == unit_id or m.id in keep or m.unit in keep))
    bases = [(m.x, m.y, m.base.radius) for m in mine]
    # a cheap box round the unit first: a figure outside it is beyond `_near`'s every limit
    pad = reach + max(r for _, _, r in bases) + CONTACT_TOLERANCE + MARGIN
    low_x, high_x = min(m.x for m in mine) - pad, max(m.x for m in mine) + pad
    low_y, high_y = min(m.y for m in mine) - pad, max(m.y for m in mine) + pad
    out = []
    for m in s.models.values():
        if not m.alive:
            continue
        if m.unit == unit_id or m.id in keep or m.unit in keep:
            out.append(m.id)
            continue
        r = m.base.radius
        if m.x < low_x - r or m.x > high_x + r or m.y < low_y - r or m.y > high_y + r:
            continue
        if _near(m.x, m.y, r, bases, reach):
            out.append(m.id)
    return sorted(out)


def _trial(s: GameState, ids: list[str]) -> GameState:
    """The state as the table's solver sees it: every living figure not in `ids` left out.
    A view, not a copy: the table only reads the states it is asked about (it keeps answers,
    never the state), so the figures kept are shared and only those left out stand in as
    dead copies (their units still name them); a whole state copy per solved move cost more."""
    trial = copy.copy(s)
    wanted = set(ids)
    models = {}
    for mid, m in s.models.items():
        if m.alive and mid not in wanted:
            m = m.copy()
            m.alive = False
        models[mid] = m
    trial.models = models
    return trial


def _key(s: GameState, geo: Geometry, ids: list[str], question: tuple) -> tuple:
    figures = tuple((m.id, m.unit, m.side, m.base, m.x, m.y)
                    for m in (s.models[i] for i in ids))
    return (question, figures)


def remembered(key: tuple, compute, geo: Geometry):
    """The answer kept under `key` for this very table, else `compute()`, kept (a copy is
    returned: callers change it)."""
    return dict(_ANSWERS.get(geo, key, compute))


def approach(s: GameState, geo: Geometry, unit_id: str, goals: list[str], allowance: float,
             stop_at: float, avoid: list[str] = (), avoid_range: float = 0.0,
             movers: list[str] | None = None) -> dict:
    """`geo.approach`, asked on the figures near the unit (plus the goals: figures to avoid
    only matter within the move and `avoid_range` of it), and remembered."""
    table = table_of(geo)
    ids = local_ids(s, unit_id, allowance + max(avoid_range, 0.0), set(goals))
    question = ("approach", unit_id, s.units[unit_id].models, tuple(goals), allowance, stop_at,
                tuple(avoid), avoid_range, None if movers is None else tuple(movers))
    return remembered(_key(s, table, ids, question),
                      lambda: table.approach(_trial(s, ids), unit_id, goals, allowance, stop_at,
                                             avoid=avoid, avoid_range=avoid_range,
                                             movers=movers), table)


def move_toward(s: GameState, geo: Geometry, unit_id: str, point, allowance: float,
                keep_away: float = 0.0) -> dict:
    """`geo.move_toward` (straight moves of at most `allowance`, kept `keep_away` from the
    enemy), asked on the figures within reach of the unit, and remembered."""
    table = table_of(geo)
    ids = local_ids(s, unit_id, allowance + max(keep_away, 0.0), set())
    question = ("toward", unit_id, s.units[unit_id].models, tuple(point), allowance, keep_away)
    return remembered(_key(s, table, ids, question),
                      lambda: table.move_toward(_trial(s, ids), unit_id, point, allowance,
                                                keep_away), table)


#: Each mover goes for this many of the nearest enemy figures it may reach.
NEAREST_GOALS = 2


def approach_each(s: GameState, geo: Geometry, unit_id: str, movers: list[str],
                  goal_units: list[str], allowance: float, stop_at: float,
                  avoid: list[str] = (), avoid_range: float = 0.0) -> dict:
    """The table's approach one mover at a time, closest first (as the table itself places
    them), each aimed only at the nearest enemy figures it may reach (`may_reach`): the search
    for a spot in contact then walks round those figures, not round every figure of the
    enemy units. The ends of figures that do not move are their own positions."""
    enemies = [m for u in goal_units for m in s.alive_models(u)]
    out = {m.id: (m.x, m.y) for m in s.alive_models(unit_id)}
    if not enemies:
        return out
    trial = s.copy()
    order = sorted(movers, key=lambda mid: (min(geo.distance(s.models[mid], e)
                                                for e in enemies), mid))
    for mid in order:
        model = trial.models[mid]
        near = sorted(enemies, key=lambda e: (geo.distance(model, e), e.id))
        goals = [e for e in near if may_reach(s, geo, model, [e], allowance)][:NEAREST_GOALS]
        goals = goals or near[:1]
        if min(geo.distance(model, g) for g in goals) <= stop_at:
            continue  # already there: the table's approach would leave it where it stands
        end = approach(trial, geo, unit_id, [g.id for g in goals], allowance, stop_at, avoid,
                       avoid_range, movers=[mid])[mid]
        out[mid] = end
        model.x, model.y = end
    return out


class Local:
    """A Geometry that answers `approach` and `move_toward` as above and passes every other
    question to the table: handed to shared helpers (base.representative_destinations) so that
    their solving is local and remembered too. Checks (paths, placements) are the table's."""

    #: The table's questions asked most often (tens of thousands per battle), bound once so
    #: that each is not looked up through `__getattr__`.
    FREQUENT = ("distance", "unit_distance", "in_contact", "point_distance", "path_length",
                "path_within", "placement_problem")

    def __init__(self, table: Geometry):
        self.table = table
        for name in self.FREQUENT:
            setattr(self, name, getattr(table, name))

    def __getattr__(self, name):
        return getattr(self.table, name)

    def approach(self, s, unit_id, goals, allowance, stop_at, avoid=(), avoid_range=0.0,
                 movers=None):
        return approach(s, self.table, unit_id, goals, allowance, stop_at, avoid, avoid_range,
                        movers)

    def move_toward(self, s, unit_id, point, allowance, keep_away=0.0):
        return move_toward(s, self.table, unit_id, point, allowance, keep_away)


def local(geo: Geometry) -> Local:
    return geo if isinstance(geo, Local) else Local(geo)


def table_of(geo: Geometry) -> Geometry:
    return geo.table if isinstance(geo, Local) else geo


_OPEN_GROUND = PerTable(16 * KEPT)


def open_ground_path(s: GameState, geo: Geometry, model: Model, point: tuple[float, float]
                     ) -> float | None:
    """The model's path length to `point` with no enemy on the table, only the terrain: a
    lower bound of its path with the enemy there (enemy bases only ever block). Remembered
    per table, base, start and point."""
    geo = table_of(geo)
    key = (model.base, model.x, model.y, point)

    def path() -> float | None:
        # a view with the enemy figures left out (a path search only reads who blocks it;
        # nothing is changed, so the figures are shared, not copied: a whole state copy per
        # new question cost more than the question)
        ground = copy.copy(s)
        ground.models = {mid: m for mid, m in s.models.items() if m.side == model.side}
        return geo.path_length(ground, ground.models[model.id], point)

    return _OPEN_GROUND.get(geo, key, path)


@functools.lru_cache(maxsize=256)
def _bounds(piece: Terrain) -> tuple[float, float, float, float]:
    return bounds(piece.polygon)


#: A point farther than this beyond a piece's box (besides the reach) is out of reach of it
#: whatever the rounding of the edge distance.
BOX_SLACK = 1e-9


def _terrain_within(s: GameState, point, reach: float, kind: str) -> bool:
    """Is any terrain piece of this kind within `reach` of the point (or under it)? A piece
    whose box (grown by the reach) leaves the point out is neither: every edge is farther
    than the reach and the point is outside, so only the pieces near are measured edge by
    edge (the charge solver asks this for every figure and target)."""
    x, y = point
    far = reach + BOX_SLACK
    for piece in s.scenario.terrain:
        if kind not in piece.kinds:
            continue
        low_x, low_y, high_x, high_y = _bounds(piece)
        if x < low_x - far or x > high_x + far or y < low_y - far or y > high_y + far:
            continue
        if edge_distance(point, piece.polygon) <= reach or point_in_polygon(
                point, list(piece.polygon)):
            return True
    return False


#: Taken off a depth in difficult ground, whatever the rounding of the path costs.
DEPTH_SLACK = 0.01


def difficult_depth(s: GameState, point) -> float:
    """How deep the point lies in difficult ground: its distance to the outline of a
    difficult piece it stands in (the largest, if several; less a slack), 0 outside. The disc
    that wide round the point lies in the piece, so a path from or to the point spends its
    first or last inches, up to the depth, in difficult ground (at double cost)."""
    depth = max((edge_distance(point, piece.polygon) for piece in s.scenario.terrain
                 if "difficult" in piece.kinds and _within_bounds(piece, point)
                 and point_in_polygon(point, list(piece.polygon))), default=0.0)
    return max(depth - DEPTH_SLACK, 0.0)


def least_cost(length: float, depth: float) -> float:
    """The least a path of `length` costs if it starts or ends `depth` deep in difficult
    ground (`difficult_depth`): its length, plus that stretch (at most its whole length)
    counted again."""
    return length + min(length, max(depth, 0.0))


def _within_bounds(piece: Terrain, point) -> bool:
    low_x, low_y, high_x, high_y = _bounds(piece)
    return low_x <= point[0] <= high_x and low_y <= point[1] <= high_y


def may_reach(s: GameState, geo: Geometry, model: Model, targets: list[Model], move: float
              ) -> bool:
    """Could the model reach base contact with one of `targets` within `move`? False only when
    for every target the answer is no: over open ground (no enemy on the table, only terrain)
    the path to the target's centre, less the last stretch from a contact spot to the centre
    (its length; twice that in difficult ground; once more if impassable terrain stands by
    the target, where that stretch may have to bend round a corner) and a margin, is still
    longer than the move. This keeps the charge solver from searching for contacts that no
    path can make (seed 5002: a unit behind a palisade, its target inside)."""
    for target in targets:
        if geo.distance(model, target) > move:
            continue
        centre = (target.x, target.y)
        stretch = model.base.radius + target.base.radius + CONTACT_TOLERANCE
        last = stretch * (2 if _terrain_within(s, centre, stretch, "difficult") else 1)
        if _terrain_within(s, centre, stretch + model.base.radius, "impassable"):
            last += stretch
        length = open_ground_path(s, geo, model, centre)
        if length is None or length - last - MARGIN <= move:
            return True
    return False
