"""What an action is worth to the side taking it, in expected victory points (for the AI).

Melee choices (a charge, fighting or declining) are valued from the exact odds of one round
(odds.py through melee.round_odds): the figures each side expects to lose, plus what the
reaction test the loser takes is expected to cost it. Moves are valued by the objectives they
take and the ground they close; casualty choices keep the officer alive.
"""

from __future__ import annotations

import copy as _copy

from game.core.actions import Action
from game.core.geometry import Geometry
from game.core.state import GameState
from game.rulesets.base import OBJECTIVE_RANGE, POINTS_PER_OBJECTIVE, POINTS_PER_UNIT_WIPED
from game.rulesets.cards import reaction
from game.rulesets.cards.activation import ends_in_contact
from game.rulesets.cards.contact import contacting_figures, melee_groups
from game.rulesets.cards.melee import round_odds
from game.rulesets.cards.profile import OFFICER

#: Value of an inch closed toward the nearest enemy (every unit here fights in melee).
CLOSING_VALUE = 0.05
#: Value of an inch closed toward the nearest objective its side does not hold yet.
OBJECTIVE_APPROACH_VALUE = 0.05
#: Losing the officer costs the unit its talents and +1 on reaction tests.
OFFICER_VALUE = 2.0


def test_cost(s: GameState, geo: Geometry, unit_id: str, enemies: list[str]) -> float:
    """Expected points a reaction test costs the unit: Rout loses every figure (and the unit),
    Flight about half its figures in contact and Recoil a third of them."""
    figures = len(s.alive_models(unit_id))
    contact = len(contacting_figures(s, geo, unit_id, enemies))
    mods = sum(v for _, v in reaction.modifiers(s, geo, unit_id))
    p = reaction.result_odds(s.units[unit_id].profile["Discipline"], mods)
    return float(p[reaction.ROUT] * (figures + POINTS_PER_UNIT_WIPED)
                 + p[reaction.FLIGHT] * (contact / 2 + 1) + p[reaction.RECOIL] * contact / 3)


def melee_value(s: GameState, geo: Geometry, side: int, units: list[str]) -> float:
    """One round's expected swing for `side`: enemy figures lost minus its own, plus the
    expected cost of the reaction test each side may have to take."""
    odds = round_odds(s, geo, units)
    if len(odds["sides"]) < 2:
        return 0.0
    other = 1 - side
    value = float(odds["expected"][other] - odds["expected"][side])
    for who, sign in ((other, 1.0), (side, -1.0)):
        mine = [u for u in odds["units"] if s.units[u].side == who]
        theirs = [u for u in odds["units"] if s.units[u].side != who]
        if mine:
            cost = sum(test_cost(s, geo, u, theirs) for u in mine) / len(mine)
            value += sign * float(odds["tests"][who]) * cost
    return value


def position_value(before: GameState, after: GameState, geo: Geometry, unit_id: str) -> float:
    """Objectives taken or lost by this unit's move (only objectives it is near before or after
    can change hands), plus the ground closed toward the enemy and toward objectives its side
    does not hold."""
    side = before.units[unit_id].side
    swing = 0
    wanted = []
    for obj in before.scenario.objectives:
        point = (obj.x, obj.y)
        held = holder(before, geo, point)
        if any(geo.point_distance(m, point) <= OBJECTIVE_RANGE
               for state in (before, after) for m in state.alive_models(unit_id)):
            swing += (holder(after, geo, point) == side) - (held == side)
        if held != side:
            wanted.append(point)
    enemies = before.enemy_units(side)
    closing = 0.0
    if enemies:
        d0 = min(geo.unit_distance(before, unit_id, e.id) for e in enemies)
        d1 = min(geo.unit_distance(after, unit_id, e.id) for e in enemies)
        closing = (d0 - d1) * CLOSING_VALUE
    approach = 0.0
    if wanted:
        def nearest(state):
            return min(geo.point_distance(m, p) for m in state.alive_models(unit_id)
                       for p in wanted)
        approach = (nearest(before) - nearest(after)) * OBJECTIVE_APPROACH_VALUE
    return swing * POINTS_PER_OBJECTIVE * 0.5 + closing + approach


def holder(s: GameState, geo: Geometry, point) -> int | None:
    """The common rule for one objective: more figures within 3" than any other side."""
    totals: dict[int, int] = {}
    for m in s.models.values():
        if m.alive and geo.point_distance(m, point) <= OBJECTIVE_RANGE:
            totals[m.side] = totals.get(m.side, 0) + 1
    ranked = sorted(totals.values(), reverse=True)
    if not ranked or (len(ranked) > 1 and ranked[0] == ranked[1]):
        return None
    return max(totals, key=totals.get)


def moved(s: GameState, a: Action) -> GameState:
    """A read-only view of the state after the action's placement: only the moved figures are
    copied (the evaluation never changes it, so everything else is shared)."""
    trial = _copy.copy(s)
    trial.models = dict(s.models)
    for mid, (x, y) in a.destinations().items():
        figure = s.models[mid].copy()
        figure.x, figure.y = x, y
        trial.models[mid] = figure
    return trial


def action_value(s: GameState, a: Action, geo: Geometry) -> float:
    kind = a.kind
    if kind == "move":
        trial = moved(s, a)
        value = position_value(s, trial, geo, a.unit)
        if ends_in_contact(s, geo, a.unit, a.destinations()):
            group = next((g for g in melee_groups(trial, geo) if a.unit in g), [])
            value += melee_value(trial, geo, s.units[a.unit].side, group)
        return value
    if kind == "fight":
        return melee_value(s, geo, s.active, s.pending["melee"]["units"])
    if kind == "remove":
        return -OFFICER_VALUE if OFFICER in s.models[a.targets[0]].statuses else 0.0
    if kind == "free_move" and a.placement:
        return position_value(s, moved(s, a), geo, a.unit)
    return 0.0
