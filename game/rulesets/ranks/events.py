"""Events of the `ranks` combat that the shared event types do not cover. Each carries the
names it needs, so describing it needs no state."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event


@dataclass(frozen=True)
class CombatStarted(Event):
    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"Combat: {' and '.join(self.attackers)} against {' and '.join(self.defenders)}"


@dataclass(frozen=True)
class CombatDice(Event):
    """One unit's dice in a combat: per base (name, way it fights, faces)."""

    unit: str = ""
    unit_name: str = ""
    bases: tuple[tuple[str, str, tuple[int, ...]], ...] = ()
    hits: int = 0
    fumbles: int = 0

    def describe(self) -> str:
        dice = sum(len(values) for _, _, values in self.bases)
        faces = " ".join("".join(str(v) for v in values) for _, _, values in self.bases)
        return (f"{self.unit_name} rolls {dice} dice [{faces}]: {self.hits} hit"
                f"{'s' if self.hits != 1 else ''}, {self.fumbles} fumble"
                f"{'s' if self.fumbles != 1 else ''}")


@dataclass(frozen=True)
class FumblesGiven(Event):
    side_name: str = ""
    count: int = 0
    doubled_by: tuple[str, ...] = ()

    def describe(self) -> str:
        text = (f"{self.side_name} spends {self.count} enemy fumble"
                f"{'s' if self.count != 1 else ''} on talents")
        if self.doubled_by:
            text += f" (fumbles of {', '.join(self.doubled_by)} count double: it charged)"
        return text


@dataclass(frozen=True)
class TalentUsed(Event):
    model_name: str = ""
    talent: str = ""
    effect: str = ""
    values: tuple[int, ...] = ()

    def describe(self) -> str:
        return f"{self.model_name} uses {self.talent}: {self.effect}"


@dataclass(frozen=True)
class HitsTaken(Event):
    unit_name: str = ""
    hits: int = 0
    parried: int = 0

    def describe(self) -> str:
        text = f"{self.unit_name} takes {self.hits} hit{'s' if self.hits != 1 else ''}"
        if self.parried:
            text += f" ({self.parried} parried)"
        return text


@dataclass(frozen=True)
class PanicTaken(Event):
    unit_name: str = ""
    terms: str = ""
    total: int = 0
    marked: tuple[str, ...] = ()

    def describe(self) -> str:
        text = f"{self.unit_name} panic: {self.terms}"
        if self.marked:
            text += f"; panicked: {', '.join(self.marked)}"
        return text
