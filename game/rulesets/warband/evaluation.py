"""What an action is worth to the warband taking it, in expected victory points (the greedy
agent's whole judgement).

Strikes and charges are valued from the exact strike distributions in odds.py: a strike by what
it does to each target as it stands now (knocked down, stunned, wounds left, parry and critical
already used); a charge by the one-phase duel it opens, both ways, plus a small premium because
fighting is how a warband scores. Moves are valued by the ground they close and the objectives
they may take, without solving them (that would cost more than the battle's budget).
"""

from __future__ import annotations

from functools import lru_cache

from game.core.actions import Action
from game.core.geometry import Geometry
from game.core.state import GameState, Model
from game.rulesets.base import OBJECTIVE_RANGE, POINTS_PER_OBJECTIVE
from game.rulesets.warband.combat import batches_on, strike_odds, striker
from game.rulesets.warband.movement import (
    APPROACH_GAP,
    allowance,
    model_of,
)
from game.rulesets.warband.odds import (
    KNOCKED_DOWN,
    OUT_OF_ACTION,
    STUNNED,
    Fighter,
    duel,
    expected_value,
    p_strikes_first,
    strike_distribution,
)
from game.rulesets.warband.status import FLEEING, condition, flag

#: Value of an inch closed toward the enemy (every warband model is a close-combat fighter).
CLOSING_VALUE = 0.05
#: A charge opens a fight that goes on in later phases: worth a little beyond its first round.
CHARGE_PREMIUM = 0.3
RESULT_VALUE_OOA = 4.0
DOWNED = (KNOCKED_DOWN, STUNNED, OUT_OF_ACTION)


def strike_value(s: GameState, geo: Geometry, a: Action) -> float:
    """Expected points of this declaration, target by target."""
    model = striker(s)
    me = Fighter.of(model.profile)
    single = a.option if a.option not in (None, "auto") else None
    plan = me.kit.attack_plan(model.profile["A"], single)
    total = 0.0
    for target_unit, target_plan in batches_on(plan, a.targets).items():
        target = model_of(s, target_unit)
        if not target.alive:
            continue
        total += expected_value(strike_odds(s, geo, model, target, tuple(target_plan),
                                            exact=False))
    return total


def charge_value(s: GameState, geo: Geometry, model: Model, target: Model) -> float:
    """The duel the charge opens: my strike's worth minus the return blow's, each weighted by
    the chance it lands before the other side is struck down."""
    me, them = Fighter.of(model.profile), Fighter.of(target.profile)
    state = condition(s, target)
    if state != "standing" or flag(s, target, FLEEING):
        dist = strike_distribution(me, me.plan(), them, state, target.wounds, exact=False)
        return expected_value(dist) + CHARGE_PREMIUM
    return _standing_charge_value(me, them)


@lru_cache(maxsize=4096)
def _standing_charge_value(me: Fighter, them: Fighter) -> float:
    """`charge_value` on a standing target: a function of the two profiles alone, and the
    greedy agent asks it for every charge offered, so it is worked out once per pair."""
    _, mine, theirs = duel(me, them, True, exact=False)
    first = float(p_strikes_first(me, them, True))
    down_them = float(sum(p for (final, *_), p in mine if final in DOWNED))
    down_me = float(sum(p for (final, *_), p in theirs if final in DOWNED))
    gain, loss = expected_value(mine), expected_value(theirs)
    if_first = gain - (1 - down_them) * loss
    if_second = -loss + (1 - down_me) * gain
    return first * if_first + (1 - first) * if_second + CHARGE_PREMIUM


def move_value(s: GameState, geo: Geometry, a: Action) -> float:
    model = model_of(s, a.unit)
    reach = allowance(s, geo, model)
    if a.targets:
        enemy = model_of(s, a.targets[0])
        gap = geo.distance(model, enemy)
        return CLOSING_VALUE * min(reach, max(0.0, gap - APPROACH_GAP))
    if a.option and a.option.startswith("objective:"):
        obj = s.scenario.objectives[int(a.option.split(":", 1)[1])]
        gap = geo.point_distance(model, (obj.x, obj.y))
        if gap - reach <= OBJECTIVE_RANGE:
            mine = _near_objective(s, geo, obj, model.side)
            theirs = max((_near_objective(s, geo, obj, side.index) for side in s.sides
                          if side.index != model.side), default=0)
            if mine <= theirs:
                return POINTS_PER_OBJECTIVE * 0.5
            return 0.02
        return CLOSING_VALUE * 0.5 * min(reach, gap)
    if a.option == "regroup":
        return 0.05
    return 0.0


def _near_objective(s: GameState, geo: Geometry, obj, side: int) -> int:
    return sum(1 for m in s.models.values()
               if m.alive and m.side == side and geo.point_distance(m, (obj.x, obj.y))
               <= OBJECTIVE_RANGE)


def action_value(s: GameState, a: Action, geo: Geometry) -> float:
    if a.kind == "strike":
        return strike_value(s, geo, a)
    if a.kind == "charge":
        return charge_value(s, geo, model_of(s, a.unit), model_of(s, a.targets[0]))
    if a.kind == "move":
        return move_value(s, geo, a)
    return 0.0
