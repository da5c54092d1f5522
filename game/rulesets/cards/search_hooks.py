"""The searcher's hooks for cards: no hidden order read, and the leaf evaluation.

`determinize`: the undrawn deck (`pending["deck"]`, kept in draw order) is the only hidden
information; the searcher's copy has it re-dealt from the searcher's generator, so that no
look-ahead knows the next card. The cards in play and those drawn stay as they are.
`evaluate`: a cards charge rolls no dice, a figure reaches what lies within its M, so the
threat term counts an enemy within M with certainty. Melee is sampled by the searcher's dice.
"""

from __future__ import annotations


def determinize(s, rng) -> None:
    deck = s.pending.get("deck")
    if isinstance(deck, list) and len(deck) > 1:
        rng.shuffle(deck)


def reach_odds(s, unit_id, gap):
    """The chance that this unit's charge reaches an enemy `gap` inches away (the searcher's
    threat term, `game.ai.evaluate`)."""
    return 1 if gap <= float(s.units[unit_id].profile["M"]) else 0
