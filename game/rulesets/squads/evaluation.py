"""What an action is worth to the side taking it, in expected victory points (for the AI).

Dice steps are valued exactly from the distributions in odds.py (a charge: every 2D6 total with
its probability, times the best fight it would open); moves are valued by the objectives they
take and the ground they close. This is the greedy agent's whole judgement.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from fractions import Fraction

from game.core import probability as P
from game.core.actions import Action
from game.core.geometry import Geometry
from game.core.memo import PerTable
from game.core.state import GameState
from game.rulesets.base import (
    OBJECTIVE_RANGE,
    POINTS_PER_OBJECTIVE,
    POINTS_PER_UNIT_WIPED,
    moved_view,
    objective_holders,
)
from game.rulesets.squads import charge, fight
from game.rulesets.squads.board import valuation_key
from game.rulesets.squads.engagement import engaged_enemies
from game.rulesets.squads.movement import KEEP_AWAY
from game.rulesets.squads.odds import casualties_distribution, charge_success

#: Value of an inch closed toward the nearest enemy (every unit here is a melee unit).
CLOSING_VALUE = 0.05


def attack_value(s: GameState, attacker_id: str, target_id: str, attackers: int | None = None) -> float:
    """Expected points from one unit's attacks on another: 1 per model slain, 3 for a wipe."""
    unit, target = s.units[attacker_id], s.units[target_id]
    if attackers is None:
        attackers = len(s.alive_models(attacker_id))
    alive = s.alive_models(target_id)
    if not attackers or not alive:
        return 0.0
    a, t = unit.profile, target.profile
    first = min(m.wounds for m in alive)
    return _attack_points(attackers * a["A"], a["WS"], a["S"], a["AP"], a["D"], t["T"],
                          t["Sv"], t.get("InvSv"), t["W"], len(alive), first)


@functools.lru_cache(maxsize=8192)
def _attack_points(attacks, ws, strength, ap, damage, toughness, save, invuln, wounds, alive,
                   first) -> float:
    """The expected points of `attack_value`, a function of these numbers alone (so worked
    out once per pairing of profiles and strengths, not once per action valued)."""
    dist = casualties_distribution(attacks, ws, strength, ap, damage, toughness, save, invuln,
                                   wounds, alive, first)
    slain = sum((k * p for k, p in dist), Fraction(0))
    wipe = sum((p for k, p in dist if k >= alive), Fraction(0))
    return float(slain + wipe * POINTS_PER_UNIT_WIPED)


def best_attack(s: GameState, attacker_id: str, targets) -> float:
    return max((attack_value(s, attacker_id, t) for t in targets), default=0.0)


def charge_value(s: GameState, geo: Geometry, unit_id: str) -> float:
    """Sum over every 2D6 total of P(total) x the best fight among targets it would reach."""
    distances = {e: geo.unit_distance(s, unit_id, e)
                 for e in charge.enemies_within(s, geo, unit_id, charge.CHARGE_RANGE)}
    total = 0.0
    for roll, p in P.sum_of_dice(2).items():
        reach = [e for e, d in distances.items() if d <= roll]
        total += float(p) * best_attack(s, unit_id, reach)
    return total


#: Move values remembered per table under what they read (`board.valuation_key`): the greedy
#: player values every unit's moves again at each decision of a Movement phase, and most of
#: them have not changed since the last one.
_move_values = PerTable(2048)


def move_value(s: GameState, geo: Geometry, a: Action) -> float:
    """What `_move_value` says of this move, remembered (the same number, computed once)."""
    trial = moved_view(s, a)
    near = near_objectives(s, trial, geo, a.unit)
    key = (a.unit, a.placement, a.option, valuation_key(s, a.unit, near, OBJECTIVE_RANGE))
    return _move_values.get(geo, key, lambda: _move_value(s, geo, a, trial, near))


def _move_value(s: GameState, geo: Geometry, a: Action, trial: GameState, near: list) -> float:
    """Objectives taken (half their points), ground closed toward the nearest enemy, and the
    change in the coming charges' exchange (`exchange_value`) from where the unit stands to
    where the move puts it. `trial`: the state after the move; `near`: the objectives the
    move can change hands (`near_objectives`)."""
    side = s.units[a.unit].side
    swing = 0
    if near:  # else no objective can change hands (and only these can: no other model moved)
        before = holders_of(s, geo, near)
        after = holders_of(trial, geo, near)
        swing = sum((h == side) - (b == side) for h, b in zip(after, before, strict=True))
    d0, standing = _standing(s, geo, a.unit)
    gaps = enemy_gaps(trial, geo, a.unit)
    closing = 0.0
    if gaps:
        d1 = min(gaps.values())
        closing = (d0 - d1) * CLOSING_VALUE
        if a.option == "fall_back":
            closing = -closing * 0.5
    return (swing * POINTS_PER_OBJECTIVE * 0.5 + closing
            + exchange_from(trial, a.unit, gaps) - standing)


#: Where a unit stands before it moves (nearest enemy, exchange), the same for each of its moves.
_standings = PerTable(512)


def _standing(s: GameState, geo: Geometry, unit_id: str) -> tuple[float, float]:
    """(distance to the nearest enemy unit, `exchange_value`) of the unit where it stands."""
    def compute():
        gaps = enemy_gaps(s, geo, unit_id)
        return min(gaps.values(), default=0.0), exchange_from(s, unit_id, gaps)

    return _standings.get(geo, (unit_id, valuation_key(s, unit_id, (), OBJECTIVE_RANGE)), compute)


def holders_of(s: GameState, geo: Geometry, objectives) -> list[int | None]:
    """`objective_holders` (the common rule, OC-weighted) of these objectives only."""
    from game.rulesets.squads import control_value

    view = copy.copy(s)
    view.scenario = dataclasses.replace(s.scenario, objectives=tuple(objectives))
    return objective_holders(view, geo, control_value)


def enemy_gaps(s: GameState, geo: Geometry, unit_id: str) -> dict[str, float]:
    """Distance from the unit to each living enemy unit."""
    side = s.units[unit_id].side
    return {e.id: geo.unit_distance(s, unit_id, e.id) for e in s.enemy_units(side)}


def near_objectives(before: GameState, after: GameState, geo: Geometry, unit_id: str) -> list:
    """The objectives a move of this unit can change hands: those some model of it is within
    range of, before or after (no other objective's count changes)."""
    return [obj for obj in before.scenario.objectives
            if any(geo.point_distance(m, (obj.x, obj.y)) <= OBJECTIVE_RANGE
                   for state in (before, after) for m in state.alive_models(unit_id))]


def exchange_value(s: GameState, geo: Geometry, unit_id: str) -> float:
    """Where a unit stands, what the coming charges are worth to its side: after this turn the
    enemy may charge it (exact 2D6 odds for the gap, then its attacks strike first), and next
    turn it may charge them after a move of M. Threats it makes minus threats it faces. A move
    ends more than 2" from every enemy (KEEP_AWAY), so the gap left is never under that."""
    return exchange_from(s, unit_id, enemy_gaps(s, geo, unit_id))


def exchange_from(s: GameState, unit_id: str, gaps: dict[str, float]) -> float:
    """`exchange_value` from the distances to each enemy unit (`enemy_gaps`), measured once
    for it and for the nearest enemy."""
    unit = s.units[unit_id]
    total = 0.0
    for enemy in s.enemy_units(unit.side):
        gap = gaps[enemy.id]
        if gap > charge.CHARGE_RANGE + unit.profile["M"] + enemy.profile["M"]:
            continue
        threat = float(charge_success(max(KEEP_AWAY, gap - enemy.profile["M"])))
        chance = float(charge_success(max(KEEP_AWAY, gap - unit.profile["M"])))
        total += chance * attack_value(s, unit_id, enemy.id) * 0.5
        total -= threat * attack_value(s, enemy.id, unit_id) * 0.5
    return total


def advance_value(s: GameState, geo: Geometry, unit_id: str) -> float:
    """An Advance gains about 3.5" but gives up this turn's charge: worth it only when no enemy
    could be charged this turn anyway (further than a move plus the 12" charge range)."""
    unit = s.units[unit_id]
    reach = unit.profile["M"] + charge.CHARGE_RANGE
    nearest = min((geo.unit_distance(s, unit_id, e.id) for e in s.enemy_units(unit.side)),
                  default=float("inf"))
    return 3.5 * CLOSING_VALUE if nearest > reach else -0.5


def action_value(s: GameState, a: Action, geo: Geometry) -> float:
    kind = a.kind
    if kind == "attack" and a.targets:
        n = len(fight.attacking_models(s, geo, a.unit, a.targets[0]))
        return attack_value(s, a.unit, a.targets[0], n)
    if kind == "charge":
        return charge_value(s, geo, a.unit)
    if kind == "charge_move":
        return best_attack(s, a.unit, a.targets) + 0.01 * len(a.targets)
    if kind == "fight":
        return best_attack(s, a.unit, engaged_enemies(s, geo, a.unit))
    if kind in ("pile_in", "consolidate"):
        return 0.1 if a.placement else 0.0
    if kind == "move":
        return move_value(s, geo, a)
    if kind == "advance":
        return advance_value(s, geo, a.unit)
    if kind == "charge_fail":
        return -0.01
    return 0.0
