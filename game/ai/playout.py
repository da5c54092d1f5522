"""A light controller over a copied state, for the searcher's look-ahead.

Why not a TurnController: it builds a table, keeps a history and an event log; a playout needs
none of that, only the same reading and acting interface (so that the greedy agent can play
inside it) and its own dice, never the game's.
"""

from __future__ import annotations

from game.core.dice import Dice
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
