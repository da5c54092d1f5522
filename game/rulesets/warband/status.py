"""Model statuses in `warband`: knocked down, stunned, fleeing, and the marks a turn leaves
(moved, charged, was charged, stood up).

Every model is a unit of one, so a status is a flag on its unit set to True: the client shows
those on the base and explains them on hover (`STATUS_HELP`). Turn marks are cleared when the
warband's turn ends (`TURN_FLAGS`).
"""

from __future__ import annotations

from game.core.i18n import msg
from game.core.state import GameState, Model
from game.rulesets.warband import charts

KNOCKED_DOWN = "knocked_down"
STUNNED = "stunned"
FLEEING = "fleeing"
MOVED = "moved"
CHARGED = "charged"
WAS_CHARGED = "was_charged"
STOOD_UP = "stood_up"

#: Marks that last for the turn of the warband that is playing.
TURN_FLAGS = (MOVED, CHARGED, WAS_CHARGED, STOOD_UP)

STATUS_HELP = {
    KNOCKED_DOWN: (msg("DOWN"), msg("Knocked down: cannot move or fight back; every attack "
                                    "on it hits automatically and an unsaved wound takes it "
                                    "out of action. It stands up in its warband's next "
                                    "recovery phase.")),
    STUNNED: (msg("STUN"), msg("Stunned: cannot move or fight back; an enemy attacking it in "
                               "close combat takes it out of action. It becomes knocked down "
                               "in its warband's next recovery phase.")),
    FLEEING: (msg("FLEE"), msg("Fleeing: runs 2D6\" from the enemy each movement phase until "
                               "it rallies (Ld test in the recovery phase, not possible while "
                               "the closest model is an enemy); it cannot charge or fight.")),
    CHARGED: (msg("CHG"), msg("Charged this turn: strikes first in this turn's close combat.")),
    WAS_CHARGED: (msg("HIT"), msg("Was charged this turn (a spear strikes first).")),
    STOOD_UP: (msg("UP"), msg("Stood up this turn: half move, cannot charge, strikes last.")),
    MOVED: (msg("MOVED"), msg("Has moved this turn.")),
}

#: What an attack on a model meets (compared in code: a Msg equals its English text).
STANDING_TEXT = msg("standing")
FLEEING_TEXT = msg("fleeing")


def flag(s: GameState, model: Model, name: str) -> bool:
    return bool(s.units[model.unit].flags.get(name))


def set_flag(s: GameState, model: Model, name: str, value: bool = True) -> None:
    flags = s.units[model.unit].flags
    if value:
        flags[name] = True
    else:
        flags.pop(name, None)


def is_down(s: GameState, model: Model) -> bool:
    """Knocked down or stunned."""
    flags = s.units[model.unit].flags
    return bool(flags.get(KNOCKED_DOWN) or flags.get(STUNNED))


def is_standing(s: GameState, model: Model) -> bool:
    return model.alive and not is_down(s, model)


def can_fight(s: GameState, model: Model) -> bool:
    """Standing and not fleeing: knocked down or stunned models cannot fight back (the seed),
    and a fleeing model has turned its back."""
    return is_standing(s, model) and not flag(s, model, FLEEING)


def condition(s: GameState, model: Model) -> str:
    """'standing', 'knocked down' or 'stunned' (what an attack on it meets)."""
    flags = s.units[model.unit].flags
    if flags.get(STUNNED):
        return charts.STUNNED
    if flags.get(KNOCKED_DOWN):
        return charts.KNOCKED_DOWN
    return STANDING_TEXT
