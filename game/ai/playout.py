"""A light controller over a copied state, for the searcher's look-ahead.

Why not a TurnController: it builds a table, keeps a history and an event log; a playout needs
none of that, only the same reading and acting interface (so that the greedy agent can play
inside it) and its own dice, never the game's.
"""

from __future__ import annotations

import random

from game.core.dice import Dice, Roll
from game.core.state import GameState

AUTO = "auto"


class Playout:
    def __init__(self, ruleset, state: GameState, geo, dice: Dice):
        self.ruleset = ruleset
        self.state = state
        self.geo = geo
        self.dice = dice
        self._legal = None

    @property
    def over(self) -> bool:
        return self.state.over

    def current_player(self):
        return self.ruleset.current_player(self.state)

    @property
    def listed(self):
        """The current state's legal actions if already listed (else None): a searcher keeps
        them with the state instead of listing it again."""
        return self._legal

    def legal_actions(self):
        if self._legal is None:
            self._legal = self.ruleset.legal_actions(self.state, self.geo)
        return self._legal

    def apply(self, action) -> None:
        self.ruleset.apply(self.state, action, self.geo, self.dice)
        self._legal = None
        self.take_automatic_steps()

    def take_automatic_steps(self) -> None:
        while not self.state.over:
            legal = self.legal_actions()
            if len(legal) == 1 and legal[0].option == AUTO:
                self.ruleset.apply(self.state, legal[0], self.geo, self.dice)
                self._legal = None
            else:
                return


class KeyedDice(Dice):
    """Dice for paired look-aheads: each throw's faces come from a generator seeded by the
    seed, the throw's label and rule, and how many throws of that label came before it.

    Why: two candidates' rollouts share a seed so that their difference is the candidates'
    doing, not the dice's; but a sequential generator pairs the k-th die of one with the k-th
    of the other, and once one rollout throws a die the other does not (one charge more, a
    save less), every later throw is paired with an unrelated one and the pairing is lost. Keyed
    by what the throw is for ("Unit A charge", its second time), the same event gets the
    same faces in both rollouts whatever came between. Each key is thrown once, so the faces
    stay independent and fair within a rollout. The seeding is by string (SHA-512 in
    `random.seed`), the same in every process."""

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self._thrown: dict[tuple, int] = {}

    def _keyed(self, label, rule) -> random.Random:
        key = (str(label), str(rule))
        count = self._thrown[key] = self._thrown.get(key, 0) + 1
        return random.Random(f"{self.seed}|{key[0]}|{key[1]}|{count}")

    def roll(self, count: int = 1, label: str = "", rule: str = "", sides: int = 6) -> Roll:
        rng = self._keyed(label, rule)
        roll = Roll(label, rule, tuple(rng.randint(1, sides) for _ in range(count)), sides)
        self.log.append(roll)
        return roll

    def shuffle(self, items: list, label: str = "", rule: str = "") -> None:
        self._keyed(label or "shuffle", rule).shuffle(items)
        self.log.append(Roll(label or "shuffle", rule, (), 0))
