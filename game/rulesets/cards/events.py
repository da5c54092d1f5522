"""Events of the `cards` ruleset that the core events do not cover: the deck, the rounds, the
melee's per-round summary and the reaction test. Each names its rule and describes itself."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event
from game.core.i18n import join, msg, nmsg


@dataclass(frozen=True)
class DeckShuffled(Event):
    cards: tuple[str, ...] = ()

    def describe(self) -> str:
        return nmsg("The deck is shuffled ({n} card)", "The deck is shuffled ({n} cards)",
                    len(self.cards))


@dataclass(frozen=True)
class CardDrawn(Event):
    card: str = ""
    label: str = ""
    side: int | None = None
    left: int = 0

    def describe(self) -> str:
        return msg("Card drawn: {card} ({left} left in the deck)", card=self.label,
                   left=self.left)


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int = 1
    rounds: int = 6

    def describe(self) -> str:
        return msg("Round {round} of {rounds} begins: all cards are shuffled back",
                   round=self.round, rounds=self.rounds)


@dataclass(frozen=True)
class MeleeRoundFought(Event):
    """Steps 2-4 are over: what each side lost, and who tests (step 5)."""

    round: int = 1
    side_names: tuple[str, ...] = ()
    losses: tuple[int, ...] = ()
    tester: str = ""

    def describe(self) -> str:
        lost = join(msg("{side} lost {lost}", side=n, lost=k)
                    for n, k in zip(self.side_names, self.losses, strict=True))
        then = msg("{side} takes a reaction test", side=self.tester) if self.tester else (
            msg("equal losses: no reaction test"))
        return msg("Melee round {round}: {lost}; {then}", round=self.round, lost=lost,
                   then=then)


@dataclass(frozen=True)
class ReactionTested(Event):
    unit: str = ""
    unit_name: str = ""
    roll: int = 0
    modifiers: tuple[tuple[str, int], ...] = ()
    total: int = 0
    discipline: str = ""
    result: str = ""

    def describe(self) -> str:
        mods = join((msg(" {value:+d} ({why})", value=v, why=why) for why, v in self.modifiers),
                    "")
        return msg("{unit} reaction test: {roll}{modifiers} = {total} ({discipline}): {result}",
                   unit=self.unit_name, roll=self.roll, modifiers=mods, total=self.total,
                   discipline=self.discipline, result=self.result)
