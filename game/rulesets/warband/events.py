"""Events only `warband` needs (the shared ones live in game/core/events.py)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Casualty, Event
from game.core.i18n import join, msg, nmsg


@dataclass(frozen=True)
class OutOfAction(Casualty):
    """A model taken out of action: off the table, counted in its warband's casualties."""

    cause: str = ""

    def describe(self) -> str:
        if self.cause:
            return msg("{model} ({warband}) is out of action: {cause}", model=self.model_name,
                       warband=self.unit_name, cause=self.cause)
        return msg("{model} ({warband}) is out of action", model=self.model_name,
                   warband=self.unit_name)


@dataclass(frozen=True)
class StrikeOrder(Event):
    """The order in which the engaged models strike in this close combat phase."""

    side_name: str = ""
    names: tuple[str, ...] = ()

    def describe(self) -> str:
        if not self.names:
            return msg("{side:poss} close combat: nobody is fighting", side=self.side_name)
        return msg("{side:poss} close combat, strike order: {names}", side=self.side_name,
                   names=join(self.names))


@dataclass(frozen=True)
class Routed(Event):
    """A warband leaves the battle (failed rout test, or its player gave up)."""

    side: int = 0
    side_name: str = ""
    models: int = 0

    def describe(self) -> str:
        # English says "models" even for one (kept: the log hash of saved battles reads it)
        return nmsg("{side} routs: its {n} remaining models leave the battle",
                    "{side} routs: its {n} remaining models leave the battle", self.models,
                    side=self.side_name)


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
        if self.outcome:
            return msg("{who} rolls {label}: {faces}: {outcome}", who=self.who, label=self.label,
                       faces=faces, outcome=self.outcome)
        return msg("{who} rolls {label}: {faces}", who=self.who, label=self.label, faces=faces)
