"""Events of the `ranks` combat that the shared event types do not cover. Each carries the
names it needs, so describing it needs no state. Their texts are `Msg`s (game.core.i18n): the
English is the log's, a translation is chosen where the line is shown."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event
from game.core.i18n import and_list, join, msg, nmsg


@dataclass(frozen=True)
class CombatStarted(Event):
    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()

    def describe(self) -> str:
        return msg("Combat: {attackers} against {defenders}",
                   attackers=and_list(self.attackers), defenders=and_list(self.defenders))


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
        # "1 dice" as the log always said it: the English singular is the plural's words
        return nmsg("{unit} rolls {n} dice [{faces}]: {hits}, {fumbles}",
                    "{unit} rolls {n} dice [{faces}]: {hits}, {fumbles}", dice,
                    unit=self.unit_name, faces=faces,
                    hits=nmsg("{n} hit", "{n} hits", self.hits),
                    fumbles=nmsg("{n} fumble", "{n} fumbles", self.fumbles))


@dataclass(frozen=True)
class FumblesGiven(Event):
    side_name: str = ""
    count: int = 0
    doubled_by: tuple[str, ...] = ()

    def describe(self) -> str:
        text = nmsg("{side} spends {n} enemy fumble on talents",
                    "{side} spends {n} enemy fumbles on talents", self.count, side=self.side_name)
        if self.doubled_by:
            return join([text, msg(" (fumbles of {units} count double: it charged)",
                                   units=join(self.doubled_by))], "")
        return text


@dataclass(frozen=True)
class TalentUsed(Event):
    model_name: str = ""
    talent: str = ""
    effect: str = ""
    values: tuple[int, ...] = ()

    def describe(self) -> str:
        return msg("{base} uses {talent}: {effect}", base=self.model_name, talent=self.talent,
                   effect=self.effect)


@dataclass(frozen=True)
class HitsTaken(Event):
    unit_name: str = ""
    hits: int = 0
    parried: int = 0

    def describe(self) -> str:
        text = nmsg("{unit} takes {n} hit", "{unit} takes {n} hits", self.hits,
                    unit=self.unit_name)
        if self.parried:
            return join([text, msg(" ({parried} parried)", parried=self.parried)], "")
        return text


@dataclass(frozen=True)
class PanicTaken(Event):
    unit_name: str = ""
    terms: str = ""
    total: int = 0
    marked: tuple[str, ...] = ()

    def describe(self) -> str:
        text = msg("{unit} panic: {terms}", unit=self.unit_name, terms=self.terms)
        if self.marked:
            return join([text, msg("; panicked: {bases}", bases=join(self.marked))], "")
        return text
