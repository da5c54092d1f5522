"""Typed events the rules emit. The log, the tutorial and the client read these; none of them
computes a rule. Each event names the rule it serves and can describe itself in plain language
(the names it needs travel inside the event, so describing needs no state).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from game.core.text import count, possessive


@dataclass(frozen=True)
class Event:
    rule: str = ""

    def describe(self) -> str:
        return self.rule

    def to_json(self) -> dict:
        data = asdict(self)
        data["type"] = type(self).__name__
        return data


@dataclass(frozen=True)
class BattleStarted(Event):
    ruleset: str = ""
    sides: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"Battle begins ({self.ruleset}): " + " vs ".join(self.sides)


@dataclass(frozen=True)
class TurnStarted(Event):
    round: int = 1
    side: int = 0
    side_name: str = ""

    def describe(self) -> str:
        return f"Round {self.round}: {possessive(self.side_name)} turn"


@dataclass(frozen=True)
class PhaseStarted(Event):
    phase: str = ""
    side_name: str = ""

    def describe(self) -> str:
        return f"{self.side_name}: {self.phase} phase"


@dataclass(frozen=True)
class DiceRolled(Event):
    """A throw. `needed` is the target ("3+"), `outcome` says what it did ("2 hits")."""

    who: str = ""
    label: str = ""
    values: tuple[int, ...] = ()
    needed: str = ""
    outcome: str = ""

    def describe(self) -> str:
        faces = "+".join(str(v) for v in self.values)
        text = f"{self.who} rolls {self.label}: {faces}"
        if len(self.values) > 1 and not self.needed:
            text += f" = {sum(self.values)}"
        if self.needed:
            text += f" (needs {self.needed})"
        if self.outcome:
            text += f": {self.outcome}"
        return text


@dataclass(frozen=True)
class UnitMoved(Event):
    unit: str = ""
    unit_name: str = ""
    how: str = "moves"
    longest: float = 0.0
    moves: tuple[tuple[str, float, float, float, float], ...] = ()  # model, x0, y0, x1, y1

    def describe(self) -> str:
        return f"{self.unit_name} {self.how} (furthest model {self.longest:.1f}\")"


@dataclass(frozen=True)
class ChargeDeclared(Event):
    unit: str = ""
    unit_name: str = ""
    roll: int = 0
    reachable: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.reachable:
            return (f"{self.unit_name} may charge up to {self.roll}\": in reach: "
                    + ", ".join(self.reachable))
        return f"{self.unit_name} may charge up to {self.roll}\": no enemy in reach"


@dataclass(frozen=True)
class ChargeResolved(Event):
    unit: str = ""
    unit_name: str = ""
    success: bool = False
    targets: tuple[str, ...] = ()
    reason: str = ""

    def describe(self) -> str:
        if self.success:
            return f"{self.unit_name} charges into " + ", ".join(self.targets)
        return f"{possessive(self.unit_name)} charge fails: {self.reason}"


@dataclass(frozen=True)
class AttacksMade(Event):
    unit_name: str = ""
    target_name: str = ""
    weapon: str = ""
    attacks: int = 0
    hits: int = 0
    wounds: int = 0
    saves: int = 0
    unsaved: int = 0

    def describe(self) -> str:
        return (f"{self.unit_name} attacks {self.target_name} with {self.weapon}: "
                f"{count(self.attacks, 'attack')}, {count(self.hits, 'hit')}, "
                f"{count(self.wounds, 'wound')}, "
                f"{self.saves} saved, {self.unsaved} unsaved")


@dataclass(frozen=True)
class DamageDealt(Event):
    model: str = ""
    model_name: str = ""
    damage: int = 0
    wounds_left: int = 0
    lost: int = 0

    def describe(self) -> str:
        text = f"{self.model_name} takes {self.damage} damage ({count(self.wounds_left, 'wound')} left)"
        if self.lost:
            text += f"; {self.lost} excess damage is lost"
        return text


@dataclass(frozen=True)
class Casualty(Event):
    model: str = ""
    model_name: str = ""
    unit_name: str = ""

    def describe(self) -> str:
        return f"{self.model_name} of {self.unit_name} is removed as a casualty"


@dataclass(frozen=True)
class StatusChanged(Event):
    unit: str = ""
    unit_name: str = ""
    status: str = ""
    gained: bool = True

    def describe(self) -> str:
        verb = "becomes" if self.gained else "is no longer"
        return f"{self.unit_name} {verb} {self.status}"


@dataclass(frozen=True)
class Note(Event):
    """A rule that happened with nothing else to show (a pass, a skipped step)."""

    text: str = ""

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class BattleEnded(Event):
    reason: str = ""
    points: tuple[float, ...] = ()
    winner: int | None = None
    breakdown: tuple[dict, ...] = field(default_factory=tuple)

    def describe(self) -> str:
        pts = ", ".join(f"{p:g}" for p in self.points)
        who = "a draw" if self.winner is None else f"side {self.winner + 1} wins"
        return f"Battle over ({self.reason}): points {pts}: {who}"
