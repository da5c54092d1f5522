"""Determinization: the searcher's copy of a state never holds hidden information.

Why: a copy of the real state would carry the undrawn cards in their real order, so a search
would "know" the next card (it drew the real card 20 times in 20). Before searching, the
searcher re-deals every hidden order from its own generator: one plausible world among those
consistent with what a player sees.

What is hidden is the ruleset's to say: its `determinize(state, rng)` hook (cards: the undrawn
deck, see `game/rulesets/cards/search_hooks.py`) re-deals it on the copy. A ruleset without
hidden information has no hook and the copy is returned as it is.
"""

from __future__ import annotations

import random

from game.core.state import GameState


def determinize(ruleset, state: GameState, rng: random.Random) -> GameState:
    """A copy of `state` whose hidden orders are re-dealt from `rng` (the real state is not
    touched)."""
    twin = state.copy()
    hook = getattr(ruleset, "determinize", None)
    if hook is not None:
        hook(twin, rng)
    return twin
