"""Events of the `cards` ruleset that the core events do not cover: the deck, the rounds, the
melee's per-round summary and the reaction test. Each names its rule and describes itself."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event


@dataclass(frozen=True)
class DeckShuffled(Event):
    cards: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"The deck is shuffled ({len(self.cards)} cards)"


@dataclass(frozen=True)
class CardDrawn(Event):
    card: str = ""
    label: str = ""
    side: int | None = None
    left: int = 0

    def describe(self) -> str:
        return f"Card drawn: {self.label} ({self.left} left in the deck)"


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int = 1
    rounds: int = 6

    def describe(self) -> str:
        return f"Round {self.round} of {self.rounds} begins: all cards are shuffled back"


@dataclass(frozen=True)
class MeleeRoundFought(Event):
    """Steps 2-4 are over: what each side lost, and who tests (step 5)."""

    round: int = 1
    side_names: tuple[str, ...] = ()
    losses: tuple[int, ...] = ()
    tester: str = ""

    def describe(self) -> str:
        lost = ", ".join(f"{n} lost {k}" for n, k in zip(self.side_names, self.losses,
                                                          strict=True))
        then = f"{self.tester} takes a reaction test" if self.tester else (
            "equal losses: no reaction test")
        return f"Melee round {self.round}: {lost}; {then}"


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
        mods = "".join(f" {v:+d} ({why})" for why, v in self.modifiers)
        return (f"{self.unit_name} reaction test: {self.roll}{mods} = {self.total} "
                f"({self.discipline}): {self.result}")
