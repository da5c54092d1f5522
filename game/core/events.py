"""Typed events the rules emit. The log, the tutorial and the client read these; none of them
computes a rule. Each event names the rule it serves and can describe itself in plain language
(the names it needs travel inside the event, so describing needs no state).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from game.core.i18n import join, msg, nmsg


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
        return msg("Battle begins ({ruleset}): {sides}", ruleset=self.ruleset,
                   sides=join(self.sides, " vs "))


@dataclass(frozen=True)
class TurnStarted(Event):
    round: int = 1
    side: int = 0
    side_name: str = ""

    def describe(self) -> str:
        return msg("Round {round}: {side:poss} turn", round=self.round, side=self.side_name)


@dataclass(frozen=True)
class PhaseStarted(Event):
    phase: str = ""
    side_name: str = ""

    def describe(self) -> str:
        return msg("{side}: {phase} phase", side=self.side_name, phase=self.phase)


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
        parts = [msg("{who} rolls {label}: {faces}", who=self.who, label=self.label, faces=faces)]
        if len(self.values) > 1 and not self.needed:
            parts.append(f" = {sum(self.values)}")
        if self.needed:
            parts.append(msg(" (needs {needed})", needed=self.needed))
        if self.outcome:
            parts.append(msg(": {outcome}", outcome=self.outcome))
        return join(parts, "")


@dataclass(frozen=True)
class UnitMoved(Event):
    unit: str = ""
    unit_name: str = ""
    how: str = "moves"
    longest: float = 0.0
    moves: tuple[tuple[str, float, float, float, float], ...] = ()  # model, x0, y0, x1, y1

    def describe(self) -> str:
        return msg("{unit} {how} (furthest model {longest:.1f}\")", unit=self.unit_name,
                   how=self.how, longest=self.longest)


@dataclass(frozen=True)
class ChargeDeclared(Event):
    unit: str = ""
    unit_name: str = ""
    roll: int = 0
    reachable: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.reachable:
            return msg("{unit} may charge up to {roll}\": in reach: {targets}",
                       unit=self.unit_name, roll=self.roll, targets=join(self.reachable))
        return msg("{unit} may charge up to {roll}\": no enemy in reach", unit=self.unit_name,
                   roll=self.roll)


@dataclass(frozen=True)
class ChargeResolved(Event):
    unit: str = ""
    unit_name: str = ""
    success: bool = False
    targets: tuple[str, ...] = ()
    reason: str = ""

    def describe(self) -> str:
        if self.success:
            return msg("{unit} charges into {targets}", unit=self.unit_name,
                       targets=join(self.targets))
        return msg("{unit:poss} charge fails: {reason}", unit=self.unit_name, reason=self.reason)


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
        return msg("{unit} attacks {target} with {weapon}: {attacks}, {hits}, {wounds}, "
                   "{saves} saved, {unsaved} unsaved", unit=self.unit_name,
                   target=self.target_name, weapon=self.weapon,
                   attacks=nmsg("{n} attack", "{n} attacks", self.attacks),
                   hits=nmsg("{n} hit", "{n} hits", self.hits),
                   wounds=nmsg("{n} wound", "{n} wounds", self.wounds),
                   saves=self.saves, unsaved=self.unsaved)


@dataclass(frozen=True)
class DamageDealt(Event):
    model: str = ""
    model_name: str = ""
    damage: int = 0
    wounds_left: int = 0
    lost: int = 0

    def describe(self) -> str:
        left = nmsg("{n} wound", "{n} wounds", self.wounds_left)
        if self.lost:
            return msg("{model} takes {damage} damage ({left} left); {lost} excess damage is "
                       "lost", model=self.model_name, damage=self.damage, left=left,
                       lost=self.lost)
        return msg("{model} takes {damage} damage ({left} left)", model=self.model_name,
                   damage=self.damage, left=left)


@dataclass(frozen=True)
class Casualty(Event):
    model: str = ""
    model_name: str = ""
    unit_name: str = ""

    def describe(self) -> str:
        return msg("{model} of {unit} is removed as a casualty", model=self.model_name,
                   unit=self.unit_name)


@dataclass(frozen=True)
class StatusChanged(Event):
    unit: str = ""
    unit_name: str = ""
    status: str = ""
    gained: bool = True

    def describe(self) -> str:
        if self.gained:
            return msg("{unit} becomes {status}", unit=self.unit_name, status=self.status)
        return msg("{unit} is no longer {status}", unit=self.unit_name, status=self.status)


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
        who = msg("a draw") if self.winner is None else \
            msg("side {side} wins", side=self.winner + 1)
        return msg("Battle over ({reason}): points {points}: {who}", reason=self.reason,
                   points=pts, who=who)
