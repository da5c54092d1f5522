"""The start of a warband's turn: the rout test, then the recovery phase (rallying, standing up,
coming round from a stun), then the runs of models still fleeing (warband.md, "Turn [added]").
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import DiceRolled, Event, StatusChanged
from game.core.geometry import Geometry
from game.core.i18n import msg
from game.core.state import GameState, Model
from game.rulesets.warband.events import Routed
from game.rulesets.warband.status import (
    FLEEING,
    FLEEING_TEXT,
    KNOCKED_DOWN,
    STOOD_UP,
    STUNNED,
    flag,
    set_flag,
)
from game.rulesets.warband.victory import credit_rout

RULE_ROUT = msg("Rout test: at the start of its turn a warband with 25% or more of its models out "
                "of action tests 2D6 <= its leader's Ld (the highest Ld among the rest if the "
                "leader is out of action); failed = it routs and leaves the battle (warband)")
RULE_CONCEDE = msg("A warband may give up: it routs and leaves the battle (warband)")
RULE_RALLY = msg("Recovery: a fleeing model rallies on 2D6 <= Ld; it cannot if the closest model "
                 "is an enemy (warband)")
RULE_STUNNED_RECOVERS = msg("Recovery: a stunned model becomes knocked down (warband)")
RULE_STAND_UP = msg("Recovery: a knocked-down model stands up: half move this turn, cannot charge, "
                    "strikes last (warband)")

#: The rout test is taken when this share of the warband is out of action.
ROUT_SHARE = 0.25


def side_models(s: GameState, side: int) -> list[Model]:
    return [m for m in s.models.values() if m.side == side]


def needs_rout_test(s: GameState, side: int) -> bool:
    models = side_models(s, side)
    out = sum(1 for m in models if not m.alive)
    return bool(models) and out >= ROUT_SHARE * len(models) and out < len(models)


def leadership_test(dice: Dice, who: str, leadership: int, roll_label: str, shown: str,
                    rule: str, outcomes: tuple[str, str]) -> tuple[bool, DiceRolled]:
    """The warband Leadership test (2D6, passed on the Ld or less) and its logged roll;
    `outcomes` are the words for a pass and a failure. Rout, rally and all alone use it."""
    roll = dice.roll(2, f"{who} {roll_label}", rule)
    passed = roll.total <= leadership
    return passed, DiceRolled(rule=rule, who=who, label=shown, values=roll.values,
                              needed=msg("{leadership} or less", leadership=leadership),
                              outcome=outcomes[0] if passed else outcomes[1])


def rout_leadership(s: GameState, side: int) -> tuple[int, str]:
    """(Ld, whose): the leader's, or the best among the rest once the leader is out of action."""
    alive = [m for m in side_models(s, side) if m.alive]
    leader = next((m for m in alive if m.profile.get("leader")), None)
    if leader is not None:
        return leader.profile["Ld"], leader.name
    best = max(sorted(alive, key=lambda m: m.id), key=lambda m: m.profile["Ld"])
    return best.profile["Ld"], best.name


def rout_test(s: GameState, dice: Dice) -> tuple[bool, list[Event]]:
    """The active warband's rout test, when it must take one. Returns (routed, events)."""
    side = s.active
    if not needs_rout_test(s, side):
        return False, []
    leadership, whose = rout_leadership(s, side)
    passed, rolled = leadership_test(
        dice, s.sides[side].name, leadership, "rout test",
        msg("2D6 rout test on {model:poss} Ld", model=whose), RULE_ROUT,
        (msg("holds"), msg("fails: the warband routs")))
    events: list[Event] = [rolled]
    if passed:
        return False, events
    return True, events + rout(s, side, RULE_ROUT)


def rout(s: GameState, side: int, rule: str) -> list[Event]:
    """The warband leaves the battle: its models go off the table (they are not casualties)."""
    leaving = [m for m in side_models(s, side) if m.alive]
    credit_rout(s, leaving)
    for m in leaving:
        m.alive = False
    s.sides[side].routed = True
    return [Routed(rule=rule, side=side, side_name=s.sides[side].name, models=len(leaving))]


def closest_is_enemy(s: GameState, geo: Geometry, model: Model) -> bool:
    """The closest other model (edge to edge) is an enemy; a tie with a friend counts as an
    enemy being closest."""
    best_enemy = best_friend = float("inf")
    for other in s.models.values():
        if not other.alive or other.id == model.id:
            continue
        gap = geo.distance(model, other)
        if other.side == model.side:
            best_friend = min(best_friend, gap)
        else:
            best_enemy = min(best_enemy, gap)
    return best_enemy <= best_friend and best_enemy < float("inf")


def recover(s: GameState, geo: Geometry, dice: Dice) -> list[Event]:
    """Rally tests for fleeing models, then knocked down -> stands up, stunned -> knocked down
    (one step per recovery phase), for the active warband's models in id order."""
    events: list[Event] = []
    models = sorted((m for m in side_models(s, s.active) if m.alive), key=lambda m: m.id)
    for m in models:
        if not flag(s, m, FLEEING):
            continue
        if closest_is_enemy(s, geo, m):
            events.append(StatusChanged(rule=RULE_RALLY, unit=m.unit, unit_name=m.name,
                                        status=msg("fleeing (cannot rally: the closest model "
                                                   "is an enemy)"), gained=True))
            continue
        rallied, rolled = leadership_test(dice, m.name, m.profile["Ld"], "rally",
                                          msg("2D6 to rally"), RULE_RALLY,
                                          (msg("rallies"), msg("keeps fleeing")))
        events.append(rolled)
        if rallied:
            set_flag(s, m, FLEEING, False)
            events.append(StatusChanged(rule=RULE_RALLY, unit=m.unit, unit_name=m.name,
                                        status=FLEEING_TEXT, gained=False))
    for m in models:
        if flag(s, m, KNOCKED_DOWN):
            set_flag(s, m, KNOCKED_DOWN, False)
            set_flag(s, m, STOOD_UP)
            events.append(StatusChanged(rule=RULE_STAND_UP, unit=m.unit, unit_name=m.name,
                                        status=msg("knocked down (it stands up)"),
                                        gained=False))
        elif flag(s, m, STUNNED):
            set_flag(s, m, STUNNED, False)
            set_flag(s, m, KNOCKED_DOWN)
            events.append(StatusChanged(rule=RULE_STUNNED_RECOVERS, unit=m.unit,
                                        unit_name=m.name,
                                        status=msg("knocked down (no longer stunned)"),
                                        gained=True))
    return events
