"""Events only `warband` needs (the shared ones live in game/core/events.py)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Casualty, Event
from game.core.text import possessive


@dataclass(frozen=True)
class OutOfAction(Casualty):
    """A model taken out of action: off the table, counted in its warband's casualties."""

    cause: str = ""

    def describe(self) -> str:
        text = f"{self.model_name} ({self.unit_name}) is out of action"
        return f"{text}: {self.cause}" if self.cause else text


@dataclass(frozen=True)
class StrikeOrder(Event):
    """The order in which the engaged models strike in this close combat phase."""

    side_name: str = ""
    names: tuple[str, ...] = ()

    def describe(self) -> str:
        if not self.names:
            return f"{possessive(self.side_name)} close combat: nobody is fighting"
        return f"{possessive(self.side_name)} close combat, strike order: " + ", ".join(self.names)


@dataclass(frozen=True)
class Routed(Event):
    """A warband leaves the battle (failed rout test, or its player gave up)."""

    side: int = 0
    side_name: str = ""
    models: int = 0

    def describe(self) -> str:
        return f"{self.side_name} routs: its {self.models} remaining models leave the battle"


@dataclass(frozen=True)
class DiceKept(Event):
    """A throw where each die counts on its own (injury: the highest is kept; a roll-off: each
    model's own die), so no total is shown."""

    who: str = ""
    label: str = ""
    values: tuple[int, ...] = ()
    outcome: str = ""

    def describe(self) -> str:
        faces = ", ".join(str(v) for v in self.values)
        text = f"{self.who} rolls {self.label}: {faces}"
        return f"{text}: {self.outcome}" if self.outcome else text
