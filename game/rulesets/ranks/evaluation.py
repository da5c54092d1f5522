"""What an action is worth to the side taking it, in expected victory points (for the AI), and
the pre-charge preview the client shows.

A charge or a fight is valued from the exact hit laws (odds.py) of the dice each side would
roll where the bases stand (the charger moved first, on a copy): expected enemy bases removed,
minus own, plus the panic a flank or rear attack adds. Moves are valued by the objectives they
take and the ground they close; a turn by bringing the nearest enemy into the front arc.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

from game.core.actions import Action
from game.core.geometry import Geometry
from game.core.state import GameState, Point
from game.rulesets.base import OBJECTIVE_RANGE, POINTS_PER_OBJECTIVE
from game.rulesets.ranks import charge, combat, formation, odds, panic
from game.rulesets.ranks.contacts import contacts
from game.rulesets.ranks.dice_plan import dice_plan, situation
from game.rulesets.ranks.geometry import ranks_geometry
from game.rulesets.ranks.movement import parse_option
from game.rulesets.ranks.shapes import point_rect_distance

#: Value of an inch closed toward the nearest enemy, and of a panic point on the enemy.
CLOSING_VALUE = 0.04
PANIC_VALUE = 0.35
#: Value of facing the nearest enemy (a unit caught in the flank loses its ranks).
FACING_VALUE = 0.4


def _charged_copy(s: GameState, geo: Geometry, a: Action) -> GameState | None:
    solution, _ = charge.chosen(s, geo, a)
    if solution is None:
        return None
    trial = s.copy()
    dest = solution.plan.destinations(s, a.unit)
    for m in trial.alive_models(a.unit):
        m.x, m.y = dest[m.id]
        m.facing = round(solution.plan.frame.facing, 6) % 360.0
    trial.units[a.unit].flags["charged"] = True
    trial.units[a.unit].flags["order"] = "Charge"
    return trial


def _sides_dice(s: GameState, geo: Geometry, unit_id: str) -> dict | None:
    """Dice of the combat `unit_id`'s order would make now, per side and per target unit."""
    attackers, defenders = combat.fighting_units(s, geo, unit_id)
    if not defenders:
        return None
    plan = dice_plan(s, geo, attackers + defenders, set(attackers) | set(defenders))
    out = {"attackers": attackers, "defenders": defenders, "against": {}, "rolled": {}}
    for row in plan.values():
        out["against"][row.target] = out["against"].get(row.target, 0) + row.dice
        unit = s.models[row.model].unit
        out["rolled"][unit] = out["rolled"].get(unit, 0) + row.dice
    return out


def _expected_losses(s: GameState, unit_id: str, dice: int) -> float:
    if dice <= 0 or not s.unit_alive(unit_id):
        return 0.0
    return _mean_removed(dice, tuple(m.wounds for m in combat.removal_order(s, unit_id)))


@lru_cache(maxsize=1024)
def _mean_removed(dice: int, armour: tuple[int, ...]) -> float:
    """The exact mean of the bases `dice` remove from bases of this armour (in removal
    order), as a float: the same few (dice, armour) pairs come back every decision."""
    return float(odds.mean_removed(dice, armour))


def combat_value(s: GameState, geo: Geometry, unit_id: str) -> float:
    """Expected bases the enemy loses minus those we lose, plus flank and rear panic."""
    found = _sides_dice(s, geo, unit_id)
    if found is None:
        return 0.0
    side = s.units[unit_id].side
    c = contacts(s, geo)
    value = 0.0
    for target, dice in found["against"].items():
        loss = _expected_losses(s, target, dice)
        value += loss if s.units[target].side != side else -loss
    for enemy in found["defenders"]:
        where = situation(s, c, enemy)
        value += PANIC_VALUE * (where.flanked + 2 * where.rear_attacked)
    for mine in found["attackers"]:
        where = situation(s, c, mine)
        value -= PANIC_VALUE * (where.flanked + 2 * where.rear_attacked)
    return value


def charge_preview(s: GameState, a: Action, geo: Geometry) -> dict:
    """For the client before a charge (or a Fight): per side, the dice it would roll and the
    exact P(hits = k, fumbles = f) of those dice."""
    trial = s if a.kind == "fight" else _charged_copy(s, geo, a)
    if trial is None:
        return {}
    found = _sides_dice(trial, geo, a.unit)
    if found is None:
        return {}
    out = {}
    for role, units in (("attacker", found["attackers"]), ("defender", found["defenders"])):
        dice = sum(found["rolled"].get(u, 0) for u in units)
        out[role] = {"units": [s.units[u].name for u in units], "dice": dice,
                     "distribution": odds.hit_distribution(dice)}
    return out


# --- objectives and closing ----------------------------------------------------------------------

_presence_cache: dict[tuple, dict[str, tuple[int, ...]]] = {}
#: The objectives within range of one base, by the objectives' token, the base's pose and its
#: size (all `point_rect_distance` reads): most bases stand still from a position to the next.
_in_range: dict[tuple, tuple[int, ...]] = {}
IN_RANGE_KEPT = 8192
#: One token per objectives layout met (each kept alive here, so its id is never reused): a
#: key holds the token, which hashes at once, instead of the objectives themselves.
_layouts: dict[int, tuple[tuple, int]] = {}


def _objectives_token(s: GameState) -> int:
    objectives = s.scenario.objectives
    found = _layouts.get(id(objectives))
    if found is None or found[0] is not objectives:
        token = next((known for layout, known in _layouts.values() if layout == objectives),
                     len(_layouts))
        found = _layouts[id(objectives)] = (objectives, token)
    return found[1]


def _board(s: GameState) -> tuple:
    return tuple([(m.id, m.x, m.y, m.facing) for m in s.models.values() if m.alive])


def _presence(s: GameState, key: tuple | None = None) -> dict[str, tuple[int, ...]]:
    """For each living base, the objectives within range of it (cached by the objectives and
    the positions)."""
    token = _objectives_token(s)
    key = (token, _board(s) if key is None else key)
    found = _presence_cache.get(key)
    if found is None:
        found = {}
        for m in s.models.values():
            if m.alive:
                base = m.base
                pose = (token, m.x, m.y, m.facing, base.width_mm, base.depth_mm)
                near = _in_range.get(pose)
                if near is None:
                    if len(_in_range) >= IN_RANGE_KEPT:
                        _in_range.clear()
                    near = _in_range[pose] = tuple(
                        i for i, obj in enumerate(s.scenario.objectives)
                        if point_rect_distance((obj.x, obj.y), m.x, m.y, m.facing,
                                               base.width, base.depth) <= OBJECTIVE_RANGE)
                found[m.id] = near
        if len(_presence_cache) > 64:
            _presence_cache.clear()
        _presence_cache[key] = found
    return found


def _objective_totals(s: GameState, skip_unit: str | None = None, key: tuple | None = None
                      ) -> list[dict[int, int]]:
    from game.rulesets.ranks import control_value

    totals: list[dict[int, int]] = [{} for _ in s.scenario.objectives]
    for mid, near in _presence(s, key).items():
        if not near:
            continue
        m = s.models[mid]
        if m.unit == skip_unit:
            continue
        value = control_value(s, m)
        for i in near:
            totals[i][m.side] = totals[i].get(m.side, 0) + value
    return totals


def _holders(totals: list[dict[int, int]]) -> list[int | None]:
    out = []
    for row in totals:
        ranked = sorted(row.items(), key=lambda kv: -kv[1])
        if ranked and ranked[0][1] > 0 and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
            out.append(ranked[0][0])
        else:
            out.append(None)
    return out


def _with_unit(s: GameState, totals, unit_id: str, dest: dict, facing: float):
    """The objective counts `totals` (kept: never changed here) with the unit's bases standing
    at `dest`, turned to `facing`: a row is copied only when a base adds to it, and `totals`
    itself comes back when none does."""
    from game.rulesets.ranks import control_value

    out = None
    models = s.alive_models(unit_id)
    points = [dest.get(m.id, (m.x, m.y)) for m in models]
    corners, base, corner = [], None, 0.0
    for m in models:  # each base's corner reach (a unit's bases are mostly one base)
        if m.base is not base:
            base = m.base
            corner = math.hypot(base.width, base.depth) / 2
        corners.append(corner)
    cx = sum([x for x, _ in points]) / len(points)
    cy = sum([y for _, y in points]) / len(points)
    # every base lies within `spread` of the centre (its corners included)
    spread = max([math.hypot(x - cx, y - cy) + corner
                  for (x, y), corner in zip(points, corners, strict=True)])
    for i, obj in enumerate(s.scenario.objectives):
        if math.hypot(obj.x - cx, obj.y - cy) - spread > OBJECTIVE_RANGE + 1e-6:
            continue  # the whole block is out of range of this objective
        for m, (x, y), corner in zip(models, points, corners, strict=True):
            if math.hypot(obj.x - x, obj.y - y) - corner > OBJECTIVE_RANGE + 1e-9:
                continue  # the circle round the rectangle is out of range, so is it
            if point_rect_distance((obj.x, obj.y), x, y, facing, m.base.width,
                                   m.base.depth) <= OBJECTIVE_RANGE:
                if out is None:
                    out = list(totals)
                if out[i] is totals[i]:
                    out[i] = dict(totals[i])
                out[i][m.side] = out[i].get(m.side, 0) + control_value(s, m)
    return totals if out is None else out


class _Position:
    """What every move of one decision is weighed against, worked out once per position: who
    holds each objective, the objective counts without each unit, each side's enemy bases,
    and each unit's centre, nearest enemy and whether it faces it. Greedy weighs a dozen moves
    of the same position; each then costs only its own end. Only values are kept (never the
    state's objects, which change after), each worked out from the state asked about, which
    is this position."""

    def __init__(self, s: GameState, key: tuple):
        self.key = key
        self.before = _holders(_objective_totals(s, key=key))
        self._without: dict[str, list[dict[int, int]]] = {}
        self._holders_without: dict[str, list[int | None]] = {}
        self._enemies: dict[int, list[Point]] = {}
        self._distance: dict[str, float] = {}
        self._facing: dict[str, tuple[Point, bool] | None] = {}
        self._readings: dict[str, int] = {}

    def without(self, s: GameState, unit_id: str) -> list[dict[int, int]]:
        found = self._without.get(unit_id)
        if found is None:
            found = self._without[unit_id] = _objective_totals(s, skip_unit=unit_id,
                                                               key=self.key)
        return found

    def holders(self, s: GameState, unit_id: str, counts: list[dict[int, int]]
                ) -> list[int | None]:
        """`_holders(counts)`; kept when `counts` are the counts without the unit (its move
        adds to no objective: most moves)."""
        if counts is not self.without(s, unit_id):
            return _holders(counts)
        found = self._holders_without.get(unit_id)
        if found is None:
            found = self._holders_without[unit_id] = _holders(counts)
        return found

    def enemies(self, s: GameState, side: int) -> list[Point]:
        found = self._enemies.get(side)
        if found is None:
            found = self._enemies[side] = [(m.x, m.y) for m in s.models.values()
                                           if m.alive and m.side != side]
        return found

    def distance(self, s: GameState, unit_id: str) -> float:
        """From the centre of the unit's bases to the nearest enemy base."""
        found = self._distance.get(unit_id)
        if found is None:
            models = s.alive_models(unit_id)
            cx = sum([m.x for m in models]) / len(models)
            cy = sum([m.y for m in models]) / len(models)
            found = self._distance[unit_id] = min([
                math.hypot(x - cx, y - cy) for x, y in self.enemies(s, s.units[unit_id].side)])
        return found

    def facing(self, s: GameState, geo: Geometry, unit_id: str) -> tuple[Point, bool] | None:
        """The nearest enemy's front centre, and whether it is in the unit's front arc now."""
        if unit_id not in self._facing:
            nearest = combat._nearest_enemy(s, unit_id)
            found = None
            if nearest:
                point = formation.front_centre(*formation.block(s, nearest[0]))
                found = (point, ranks_geometry(geo).target_arc(s.alive_models(unit_id), point)
                         == "front")
            self._facing[unit_id] = found
        return self._facing[unit_id]

    def reading(self, s: GameState, unit_id: str) -> int:
        """A token of all a move of this unit is valued by besides the move itself (and the
        facing a turn reads, `facing`): the objectives, the unit's bases (id, pose, base,
        side, control value), who holds each objective, the counts without the unit and the
        enemy bases' places. Equal readings get one token, so a move weighed again after
        another unit's order that changed none of them finds its value (`move_value`)."""
        found = self._readings.get(unit_id)
        if found is None:
            from game.rulesets.ranks import control_value

            side = s.units[unit_id].side
            reading = (_objectives_token(s), side,
                       tuple([(m.id, m.x, m.y, m.facing, m.base, m.side, control_value(s, m))
                              for m in s.alive_models(unit_id)]),
                       tuple(self.before),
                       tuple([tuple(row.items()) for row in self.without(s, unit_id)]),
                       tuple(self.enemies(s, side)))
            found = _tokens.get(reading)
            if found is None:
                if len(_tokens) >= READINGS_KEPT:
                    _tokens.clear()
                    _move_values.clear()
                found = _tokens[reading] = next(_token_numbers)
            self._readings[unit_id] = found
        return found


#: Tokens of the readings met (`_Position.reading`): numbers never given twice, so a value
#: kept under a forgotten reading's token can never be found by another reading.
_tokens: dict[tuple, int] = {}
_token_numbers = itertools.count()
READINGS_KEPT = 4096
#: Move values by the unit's reading token and the action (and a turn's facing reading).
_move_values: dict[tuple, float] = {}
MOVE_VALUES_KEPT = 16384


_positions: dict[tuple, _Position] = {}
POSITIONS_KEPT = 16
#: The position last asked for, with its key: greedy weighs every move of a decision in one
#: position, one after another, and comparing a key with an equal one (the same objects in
#: it, item for item) costs less than hashing it for the look-up.
_last: list = [None, None]


def _position(s: GameState) -> _Position:
    """The position's shared terms, kept by everything they read: where the bases stand,
    their statuses and the units' rout (a panicked or routed base holds no objective)."""
    key = (tuple([(m.id, m.x, m.y, m.facing, m.statuses) for m in s.models.values()
                  if m.alive]),
           tuple([u.id for u in s.units.values() if u.flags.get(panic.ROUTED)]),
           _objectives_token(s))
    if key == _last[0]:
        return _last[1]
    found = _positions.get(key)
    if found is None:
        if len(_positions) >= POSITIONS_KEPT:
            _positions.clear()
        found = _positions[key] = _Position(s, _board(s))
    _last[0], _last[1] = key, found
    return found


def move_value(s: GameState, geo: Geometry, a: Action) -> float:
    """What a March, Turn or flight gains: objectives taken or lost, ground closed toward the
    nearest enemy (given up, for a flight), and for a turn the nearest enemy brought into the
    front arc. Kept by the unit's reading of the position (`_Position.reading`) and the
    action: greedy weighs a unit's moves again after each other order of its side, and most
    of those orders change nothing they read."""
    here = _position(s)
    key = (here.reading(s, a.unit), a)
    if a.kind == "turn":
        key += (here.facing(s, geo, a.unit),)
    found = _move_values.get(key)
    if found is None:
        if len(_move_values) >= MOVE_VALUES_KEPT:
            _move_values.clear()
        found = _move_values[key] = _move_value(s, geo, a, here)
    return found


def _move_value(s: GameState, geo: Geometry, a: Action, here: _Position) -> float:
    unit = s.units[a.unit]
    side = unit.side
    models = s.alive_models(a.unit)
    values = parse_option(a.option)
    turn = values.get("wheel", values.get("by", values.get("turn", 0.0)))
    facing = models[0].facing + turn
    dest = a.destinations()
    after = here.holders(s, a.unit, _with_unit(s, here.without(s, a.unit), a.unit, dest,
                                               facing))
    swing = sum([(h == side) - (b == side) for h, b in zip(after, here.before, strict=True)])
    value = swing * POINTS_PER_OBJECTIVE * 0.5
    enemies = here.enemies(s, side)
    if enemies:
        d0 = here.distance(s, a.unit)
        ends = [dest[m.id] for m in models]
        nx = sum([x for x, _ in ends]) / len(models)
        ny = sum([y for _, y in ends]) / len(models)
        hypot = math.hypot
        d1 = min([hypot(x - nx, y - ny) for x, y in enemies])
        closing = (d0 - d1) * CLOSING_VALUE
        value += -closing if a.kind == "flee" else closing
    if a.kind == "turn":
        value += _facing_gain(s, geo, a, facing, here)
    return value


def _facing_gain(s: GameState, geo: Geometry, a: Action, facing: float,
                 here: _Position) -> float:
    """FACING_VALUE if the turn brings the nearest enemy into the front arc, minus it if it
    takes it out."""
    found = here.facing(s, geo, a.unit)
    if found is None:
        return 0.0
    point, before = found
    models = s.alive_models(a.unit)
    turned = facing % 360.0
    # the arc reads the bases where the move puts them, their facing and their sizes: the
    # same turn is weighed again after each other order of the side, the enemy unmoved
    key = (tuple([(m.id, m.x, m.y, m.base) for m in models]), a.placement, turned, point)
    after = _arcs_after.get(key)
    if after is None:
        dest = a.destinations()
        trial = [_Posed(*dest.get(m.id, (m.x, m.y)), turned, m.base) for m in models]
        after = ranks_geometry(geo).target_arc(trial, point) == "front"
        if len(_arcs_after) >= ARCS_KEPT:
            _arcs_after.clear()
        _arcs_after[key] = after
    return FACING_VALUE * (after - before)


def forget() -> None:
    """Drop every kept reading and value (tests that work values out afresh)."""
    for kept in (_positions, _presence_cache, _in_range, _arcs_after, _tokens, _move_values):
        kept.clear()
    _last[0] = _last[1] = None


#: Whether the point is in the front arc of a unit after a move, by its bases (ids, places and
#: sizes), the move's placement, the facing and the point (all the arc reads).
_arcs_after: dict[tuple, bool] = {}
ARCS_KEPT = 4096


class _Posed:
    """A base where a move would put it: all the table's arc question reads of a base (its
    place, facing and base), without copying the whole model."""

    __slots__ = ("x", "y", "facing", "base")

    def __init__(self, x: float, y: float, facing: float, base):
        self.x, self.y, self.facing, self.base = x, y, facing, base


def talent_value(s: GameState, a: Action) -> float:
    pending = s.pending.get("combat", {})
    mid = a.targets[0] if a.targets else None
    if mid is None:
        return 0.0
    rolled = pending.get("bases", {}).get(mid)
    if a.option == "Parry":
        return 1.0 / max(1, s.models[mid].profile["AV"])
    if a.option in ("Fury", "Deadly") and rolled:
        target_av = max(1, min((m.wounds for m in s.alive_models(rolled["target"])), default=1))
        return (float(odds.MEAN_HITS) if a.option == "Fury" else 1.0) / target_av
    return PANIC_VALUE


def action_value(s: GameState, a: Action, geo: Geometry) -> float:
    kind = a.kind
    if kind == "charge":
        trial = _charged_copy(s, geo, a)
        return -1.0 if trial is None else combat_value(trial, geo, a.unit) + 0.05
    if kind == "fight":
        return combat_value(s, geo, a.unit)
    if kind in ("march", "turn"):
        return move_value(s, geo, a)
    if kind == "flee":
        in_contact = contacts(s, geo).in_contact(s, a.unit)
        return 0.5 if in_contact else -0.1
    if kind == "talent":
        return talent_value(s, a)
    if kind == "end_turn":
        return -0.01
    if kind == "hold":
        return 0.0 if not panic.front_all_panicked(s, a.unit) else -0.05
    return 0.0

