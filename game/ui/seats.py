"""Who plays each side: a person (with a name) or an AI (by agent name).

Why seats and not only a mode: a group at one table mixes people and AIs freely (four-side
warband with two people and two AIs; AI against AI with a different AI per side). The menu's
modes are presets of seats; the battle screen reads the seats to know whose turn is a person's
and whom the hand-over screen names.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.config import AI_VS_AI, GROUP, HOT_SEAT, VS_AI

HUMAN = "human"
DEFAULT_AI = "normal"


@dataclass(frozen=True)
class Seat:
    who: str = HUMAN  # HUMAN or an agent name (game.ai.make)
    name: str = ""  # the person's name; "" = "Player N"

    @property
    def human(self) -> bool:
        return self.who == HUMAN


def player_name(seat: Seat, index: int) -> str:
    from game.i18n import _

    return seat.name.strip() or _("Player {number}").format(number=index + 1)


def preset(mode: str, count: int, human_side: int = 0, ai: str = DEFAULT_AI,
           names: list[str] | None = None) -> list[Seat]:
    """The seats a mode stands for (GROUP keeps nothing: every side a person)."""
    names = list(names or []) + [""] * count
    if mode == AI_VS_AI:
        return [Seat(ai) for _ in range(count)]
    if mode == VS_AI:
        return [Seat(HUMAN, names[i]) if i == human_side else Seat(ai) for i in range(count)]
    return [Seat(HUMAN, names[i]) for i in range(count)]


def mode_of(seats: list[Seat]) -> str:
    """The mode these seats make: one person = versus the AI, all = hot-seat, none = AI vs
    AI, else a group."""
    humans = sum(seat.human for seat in seats)
    if humans == 0:
        return AI_VS_AI
    if humans == len(seats):
        return HOT_SEAT
    return VS_AI if humans == 1 else GROUP


def seats_for(config, count: int) -> list[Seat]:
    """The seats of a battle configuration with `count` sides: its own when it names one per
    side, else the preset of its mode."""
    players = list(getattr(config, "players", ()) or ())
    if len(players) == count and all(isinstance(p, Seat) for p in players):
        return players
    return preset(config.mode, count, config.human_side, config.ai)
