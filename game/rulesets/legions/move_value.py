"""What a Move, Run or consolidation is worth to the greedy AI: objectives taken (common rule:
more models within 3") and ground closed on the nearest enemy.

Why a module of its own, with a board shared by the candidates: every offered move of every
unit is valued on each Movement decision, and each valuation used to measure every model
against every enemy and every objective again. The board (enemy bases, who stands near each
objective, each unit's nearest-enemy gap) depends only on the position, so it is worked out
once per position (`board`, keyed by where every model stands) and each candidate only
measures its own moved models.

A Move or Run intent's value reads only the unit's own models, its goal and allowance, the
enemy models and the tallies at the objectives it could reach: while one side moves, the enemy
stands still and those tallies seldom change, so a unit's intents are mostly valued once per
Movement phase, not again after each other unit's move (`Board.intent_values`).
"""

from __future__ import annotations

import math
from operator import itemgetter

from game.core.actions import Action
from game.core.geometry import Geometry
from game.core.memo import PerTable
from game.core.state import GameState, Model
from game.rulesets.base import OBJECTIVE_RANGE, POINTS_PER_OBJECTIVE
from game.rulesets.legions import charge, movement
from game.rulesets.legions.move_intents import estimate, goal_of, goal_point, how_of, poses

CLOSING_VALUE = 0.05
#: Boards kept (a decision asks about one position; a search about a few).
BOARDS_KEPT = 8
#: A base whose bounding circle is farther than the objective range plus this from a point
#: is out of range (near_point answers no without measuring).
NEAR_SLACK = 0.1
#: Intent values per table: one dict per side and enemy models (one per Movement phase),
#: each holding at most INTENTS_KEPT values.
_INTENT_VALUES = PerTable(256)
INTENTS_KEPT = 4096
#: An objective farther than the range plus this beyond a unit's allowance is out of reach of
#: its intents (objective_swing skips it), whatever the floats of the move estimated.
TALLY_SLACK = 1e-3


class Board:
    """One position's shared measures, for valuing many moves from it."""

    def __init__(self, s: GameState, geo: Geometry):
        self.s, self.geo = s, geo
        #: per side: rows (x, y, radius, round?, model) of the enemy models still standing
        self.enemy_rows: dict[int, list] = {}
        #: per objective: (point, {side: models within range}, ids of the models within)
        self.objectives = []
        # a model whose bounding circle is out of range (by the slack near_point allows) is
        # not asked: near_point would say no (most models stand far from every objective)
        rows = [(m, m.x, m.y, m.base.radius) for m in s.models.values() if m.alive]
        hypot, reach = math.hypot, OBJECTIVE_RANGE + NEAR_SLACK
        for obj in s.scenario.objectives:
            point = px, py = (obj.x, obj.y)
            counts: dict[int, int] = {}
            inside = set()
            for m, x, y, r in rows:
                if hypot(px - x, py - y) - r <= reach and self.near_point(m, point):
                    counts[m.side] = counts.get(m.side, 0) + 1
                    inside.add(m.id)
            self.objectives.append((point, counts, inside))
        self._gaps: dict[str, float] = {}
        self._ranked: dict[str, list] = {}
        self._objective_gaps: dict[str, list] = {}
        self._intent_values: dict[int, dict] = {}

    def near_point(self, m: Model, point: tuple[float, float]) -> bool:
        if m.base.kind == "round":
            gap = math.hypot(point[0] - m.x, point[1] - m.y) - m.base.width / 2
            return gap <= OBJECTIVE_RANGE + 1e-9 and (
                gap <= OBJECTIVE_RANGE - 1e-9 or self.geo.point_distance(m, point)
                <= OBJECTIVE_RANGE)
        if math.hypot(point[0] - m.x, point[1] - m.y) - m.base.radius > OBJECTIVE_RANGE + NEAR_SLACK:
            return False  # its bounding circle is out of range: the table need not measure
        return self.geo.point_distance(m, point) <= OBJECTIVE_RANGE

    def enemies_of(self, side: int) -> list:
        rows = self.enemy_rows.get(side)
        if rows is None:
            rows = self.enemy_rows[side] = [
                (m.x, m.y, m.base.width / 2 if m.base.kind == "round" else m.base.radius,
                 m.base.kind == "round", m)
                for m in self.s.models.values() if m.alive and m.side != side]
        return rows

    def intent_values(self, side: int) -> dict:
        """The remembered values of this side's intents, shared by every board of the table
        with the same enemy models (where each stands, its base): all an intent's value reads
        besides the unit's own models, its goal, its allowance and the tallies near it (the
        key of each value in the dict, see `_intent_value`)."""
        found = self._intent_values.get(side)
        if found is None:
            enemies = poses([row[4] for row in self.enemies_of(side)])
            found = _INTENT_VALUES.get(self.geo, (side, enemies), dict)
            self._intent_values[side] = found
        return found

    def tallies_near(self, unit_id: str, reach: float) -> tuple:
        """(index, point, tally by side) of each objective a move of `reach` might bring the
        unit's models within range of: the only tallies objective_swing reads for such a move
        (it skips an objective farther than the range past the farthest model's move)."""
        limit = OBJECTIVE_RANGE + TALLY_SLACK + reach
        return tuple([(i, point, tuple(sorted(counts.items())))
                      for i, ((point, counts, _), gap) in enumerate(
                          zip(self.objectives, self.objective_gaps(unit_id), strict=True))
                      if gap <= limit])

    def unit_gap(self, unit_id: str) -> float:
        """The unit's least gap to any enemy model where it stands now."""
        if unit_id not in self._gaps:
            self._gaps[unit_id] = ranked_gap(self.geo, self.s.alive_models(unit_id),
                                             self.ranked(unit_id), 0.0)
        return self._gaps[unit_id]

    def objective_gaps(self, unit_id: str) -> list[float]:
        """Per objective, a lower bound of the gap from the unit's nearest base to it (the
        bounding circles'): objectives a move cannot bring within range are skipped."""
        found = self._objective_gaps.get(unit_id)
        if found is None:
            models = self.s.alive_models(unit_id)
            found = self._objective_gaps[unit_id] = [
                min(math.hypot(point[0] - m.x, point[1] - m.y) - m.base.radius for m in models)
                for point, _, _ in self.objectives]
        return found

    def ranked(self, unit_id: str) -> list:
        """(bound, index, row) of every enemy row, nearest bound first: the bound is the gap
        of its bounding circle to the nearest circle of the unit's models where they stand now
        (a lower bound of the bases' gap)."""
        ranked = self._ranked.get(unit_id)
        if ranked is None:
            models = self.s.alive_models(unit_id)
            circles = [(m.x, m.y, m.base.width / 2 if m.base.kind == "round" else m.base.radius)
                       for m in models]
            hypot = math.hypot
            ranked = sorted(((min(hypot(row[0] - x, row[1] - y) - r for x, y, r in circles)
                              - row[2], i, row)
                             for i, row in enumerate(self.enemies_of(models[0].side))))
            self._ranked[unit_id] = ranked
        return ranked

    def rows_within(self, unit_id: str, margin: float) -> list:
        """The enemy rows whose bounding circle comes within `margin` of the circle of one of
        the unit's models where it stands now (every enemy base within `margin` is among
        them): a move of d inches can only meet the enemies these bounds let through."""
        out = []
        for bound, _, row in self.ranked(unit_id):
            if bound > margin:
                break
            out.append(row)
        return out


#: The boards kept, each with the position it was worked out for (see `board`).
_BOARDS: list[tuple[Geometry, list, Board]] = []


def board(s: GameState, geo: Geometry) -> Board:
    """The board of this position (remembered under the table, every model's place and every
    unit's models: a character joining or leaving a unit moves no model, yet changes which
    models each unit has, and the board answers per unit).

    The position is compared, not hashed: a greedy Movement decision values some 40 moves
    from one position, and hashing its ~60 models' places for each cost twice the compare
    (a list's equality stops at the first model that differs)."""
    place = [(m.id, m.x, m.y, m.alive, m.facing) for m in s.models.values()]
    place.append(tuple([(u.id, u.models) for u in s.units.values()]))
    for table, kept, found in reversed(_BOARDS):
        if table is geo and kept == place:
            return found
    if len(_BOARDS) >= BOARDS_KEPT:
        _BOARDS.clear()
    # a copy: the board answers lazily, and the state it was asked about is mutated by the
    # next action applied to it (a stale board once valued a Move from a position where its
    # unit was aboard a Transport, and found no models)
    found = Board(s.position_copy(), geo)
    _BOARDS.append((geo, place, found))
    return found


def ranked_gap(geo: Geometry, models: list[Model], ranked: list, slack: float) -> float:
    """The least edge-to-edge gap from these models to the rows of `ranked` (a board's
    `ranked`, nearest bound first, the bounds from where the unit's models stood), for models
    standing at most `slack` from there: round bases by arithmetic, a base with corners by the
    table, only when its bounding circle could beat the least gap found. A row's bound less
    the slack is a lower bound of its gap to any of the models, so the rows from the first
    whose bound cannot beat the least gap found on are never measured: the same least gap
    as over every row, for about a quarter of the pairs measured (greedy battles' moves)."""
    best = math.inf
    hypot = math.hypot
    mine = [(m.x, m.y, m.base.width / 2 if m.base.kind == "round" else m.base.radius,
             m.base.kind == "round", m) for m in models]
    shaped = []
    for bound, _, (ex, ey, re, round_e, e) in ranked:
        if bound - slack - 1e-9 >= best:
            break
        for mx, my, rm, round_m, m in mine:
            if round_m and round_e:
                gap = hypot(ex - mx, ey - my) - rm - re
                if gap < best:
                    best = gap
            else:
                shaped.append((hypot(ex - mx, ey - my) - rm - re, m, e))
    shaped.sort(key=itemgetter(0))
    for bound, m, e in shaped:
        if bound - 1e-9 >= best:
            break
        best = min(best, geo.distance(m, e))
    return max(best, 0.0)


def objective_swing(b: Board, unit_id: str, moved: list[Model], farthest: float) -> int:
    """Objectives this side gains (minus those it loses) if the unit's models stand as in
    `moved` (none moved more than `farthest`): only objectives the unit is near can change,
    so only those are counted."""
    s = b.s
    side = s.units[unit_id].side
    mine = s.alive_models(unit_id)
    swing = 0
    for (point, counts, inside), gap in zip(b.objectives, b.objective_gaps(unit_id),
                                            strict=True):
        if gap - farthest > OBJECTIVE_RANGE + 1e-6:
            continue  # out of reach of every model, before and after
        now = [m for m in mine if m.id in inside]
        then = [m for m in moved if b.near_point(m, point)]
        if not now and not then:
            continue
        others = dict(counts)
        others[side] = others.get(side, 0) - len(now)
        holders = []
        for here in (now, then):
            tally = dict(others)
            tally[side] = tally.get(side, 0) + len(here)
            tally = {k: v for k, v in tally.items() if v > 0 or k == side}
            ranked = sorted(tally.values(), reverse=True)
            best = max(tally, key=lambda k: tally[k]) if tally else None
            holders.append(best if ranked and ranked[0] > 0 and (
                len(ranked) == 1 or ranked[0] > ranked[1]) else None)
        swing += (holders[1] == side) - (holders[0] == side)
    return swing


def moved_models(models, dest) -> tuple[list, float]:
    """The unit's models where `dest` puts them (copies for those it moves), and the
    farthest any of them goes in a straight line: what a move's value measures, the
    farthest bounding which enemies it can come near."""
    moved, farthest = [], 0.0
    for m in models:
        if m.id in dest:
            x, y = dest[m.id]
            farthest = max(farthest, math.hypot(x - m.x, y - m.y))
            m = m.copy()
            m.x, m.y = x, y
        moved.append(m)
    return moved, farthest


def move_value(s: GameState, geo: Geometry, a: Action, estimate=None) -> float:
    """Objectives taken and ground closed. An intent is valued where its move would take it
    on open ground (`estimate(board, action)`: a Move's or Run's by default):
    solving each offered move only to value it cost more than the rest of the battle."""
    b = board(s, geo)
    if estimate is None and not a.placement:
        return _intent_value(s, b, a)
    return _move_value(s, b, a, estimate)


def _intent_value(s: GameState, b: Board, a: Action) -> float:
    """A Move's or Run's value, remembered (`Board.intent_values`) under the unit's models,
    how it moves, its goal's point, its allowance and the tallies of the objectives in its
    reach."""
    how = how_of(a.option)
    reach = movement.allowance(s, a.unit, how)
    key = (a.unit, how, goal_point(s, goal_of(a.option) or ""), reach,
           poses(s.alive_models(a.unit)), b.tallies_near(a.unit, reach))
    values = b.intent_values(s.units[a.unit].side)
    found = values.get(key)
    if found is None:
        if len(values) >= INTENTS_KEPT:
            values.clear()
        found = values[key] = _move_value(s, b, a, None)
    return found


def _move_value(s: GameState, b: Board, a: Action, estimate) -> float:
    """`move_value` worked out."""
    dest = a.destinations() if a.placement else (estimate or _estimated)(b, a)
    if not dest:
        return 0.0
    moved, farthest = moved_models(s.alive_models(a.unit), dest)
    swing = objective_swing(b, a.unit, moved, farthest)
    closing = 0.0
    if b.enemies_of(s.units[a.unit].side):
        # the nearest enemy after the move was within d0 + 2 x the move before it
        d0 = b.unit_gap(a.unit)
        d1 = ranked_gap(b.geo, moved, b.ranked(a.unit), farthest)
        closing = (d0 - d1) * CLOSING_VALUE
        if d1 <= charge.CHARGE_RANGE and how_of(a.option) == "run":
            closing -= 0.3  # it could have charged after a Move
    return swing * POINTS_PER_OBJECTIVE * 0.5 + closing


def estimate_rows(b: Board, unit_id: str, reach: float, keep_away: float) -> list:
    """(x, y, radius) of the enemies a straight move of `reach` could come within
    `keep_away` of (what `move_intents.estimate` stops short of)."""
    return [(x, y, r) for x, y, r, _, _ in b.rows_within(unit_id, reach + keep_away + 1e-6)]


def _estimated(b: Board, a: Action) -> dict:
    s = b.s
    point = goal_point(s, goal_of(a.option) or "")
    if point is None:
        return {}
    reach = movement.allowance(s, a.unit, how_of(a.option))
    keep = movement.KEEP_AWAY + 0.05
    return estimate(s, a.unit, point, reach, keep, estimate_rows(b, a.unit, reach, keep))
