"""Determinization: the searcher's copy of a state never holds hidden information.

Why: a copy of the real state would carry the undrawn cards in their real order, so a search
would "know" the next card (it drew the real card 20 times in 20). Before searching, the
searcher re-deals every hidden order from its own generator: one plausible world among those
consistent with what a player sees. What is dealt is only what is hidden (the undrawn deck);
the cards in play and those already drawn stay as they are.

Hook: a ruleset may provide `determinize(state, rng)`; otherwise the generic default below
re-deals the undrawn deck kept in `state.pending["deck"]` (where the cards ruleset keeps it).
"""

from __future__ import annotations

import random

from game.core.state import GameState

#: Where rulesets keep an undrawn deck in `pending` (the cards ruleset: "deck").
HIDDEN_ORDERS = ("deck",)


def determinize(ruleset, state: GameState, rng: random.Random) -> GameState:
    """A copy of `state` whose hidden orders are re-dealt from `rng` (the real state is not
    touched)."""
    twin = state.copy()
    hook = getattr(ruleset, "determinize", None)
    if hook is not None:
        hook(twin, rng)
        return twin
    for key in HIDDEN_ORDERS:
        cards = twin.pending.get(key)
        if isinstance(cards, list) and len(cards) > 1:
            rng.shuffle(cards)
    return twin
