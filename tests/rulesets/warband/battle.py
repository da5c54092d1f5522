"""warband set-ups on the shared test Battle: models stood exactly where a test says, dice
scripted and strict."""

import math

from game.core.actions import Action
from game.rulesets.warband import RULESET
from game.rulesets.warband.profile import build_state
from tests import battle

#: Centre-to-centre distance of two 25 mm bases in base contact (a hair inside the tolerance).
TOUCH = 25 / 25.4 + 0.005
BASE = 25 / 25.4


def Battle(armies, terrain=(), phase="movement", size=(48.0, 48.0)):  # noqa: N802
    """armies: [(side name, force id, [profile ids])...]; unit ids are s<side>u<n>."""
    return battle.Battle(RULESET, build_state, armies, terrain, phase, size)


def warband(name, *profiles, force="sellswords"):
    return (name, force, list(profiles))


def stand(b, unit_id, x, y):
    """One model (every warband unit is one) at (x, y)."""
    b.place(unit_id, x, y, 0.0)


def touching(b, unit_id, other_id, angle=0.0):
    """Put `unit_id` in base contact with `other_id`, at `angle` degrees round it."""
    other = b.state.alive_models(other_id)[0]
    rad = math.radians(angle)
    stand(b, unit_id, other.x + TOUCH * math.cos(rad), other.y + TOUCH * math.sin(rad))


def model(b, unit_id):
    return b.state.models[b.state.units[unit_id].models[0]]


def flags(b, unit_id):
    return b.state.units[unit_id].flags


def start_combat(b, *dice):
    """End the movement phase (the active warband's) with these strike-order tie dice."""
    b.state.phase = "movement"
    return b.apply(Action("end_phase"), *dice)


def current_striker(b):
    from game.rulesets.warband.combat import striker

    return striker(b.state)


def describe(events):
    return [e.describe() for e in events]


def only_striker(b, unit_id, side=None):
    """Skip the strike order: the close combat phase of `side` (default: the active warband)
    with this one model left to strike."""
    from game.rulesets.warband.combat import new_fight

    b.state.phase = "combat"
    b.state.pending["combat"] = new_fight(b.state.active if side is None else side,
                                          [model(b, unit_id).id])
