"""The deck [added]: which unit acts next is decided by a card (rules/cards.md, "The deck and
the turn").

One card per unit type per side (all that side's units of the type activate on it), one
`Morale` card and one `End of turn` card. The deck is shuffled with the seeded dice at the start
of each round; drawing is a chance step with no decision in it, so the rules take it by
themselves (an `auto` action the turn controller applies).

Cards are plain strings kept in `state.pending` so that a copy of the state copies the deck:
`unit:<side>:<profile id>`, `morale`, `end`. The order of the cards left is hidden information:
`deck_view` shows them sorted, never in draw order.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.i18n import msg
from game.core.state import GameState, Scenario
from game.rulesets.cards.events import CardDrawn, DeckShuffled

#: The battle lasts 6 rounds (rules/cards.md); a map made for `cards` may set its own.
ROUNDS = 6


def battle_rounds(scenario: Scenario) -> int:
    """The last round (the ruleset's `battle_rounds`): here, not in the package, because the
    search hooks ask it too (which round is the last decides whether a drawn card comes
    back), and the package imports them."""
    return scenario.rounds if scenario.ruleset == "cards" else ROUNDS


RULE_DECK = msg("The deck: one card per unit type per side, Morale, End of turn (cards)")
RULE_DRAW = msg("Draw a card: its owner activates the matching units (cards)")
MORALE_LABEL = msg("Morale")
END_LABEL = msg("End of turn")
MORALE = "morale"
END = "end"


def unit_card(side: int, kind: str) -> str:
    return f"unit:{side}:{kind}"


def card_side_kind(card: str) -> tuple[int, str] | None:
    """(side, profile id) of a unit card, None for Morale and End of turn."""
    if not card.startswith("unit:"):
        return None
    _, side, kind = card.split(":", 2)
    return int(side), kind


def full_deck(s: GameState) -> list[str]:
    """Every card of a fresh round: a unit type's card only while it has a unit on the table
    (a card that could activate nothing is left out), plus Morale and End of turn."""
    kinds = sorted({(u.side, u.kind) for u in s.units.values() if s.unit_alive(u.id)})
    return [unit_card(side, kind) for side, kind in kinds] + [MORALE, END]


def reset(s: GameState) -> None:
    """All cards back in the deck, to be shuffled before the next draw."""
    s.pending["deck"] = []
    s.pending["shuffle"] = True
    s.pending["card"] = None
    s.pending["drawn"] = []


def draw(s: GameState, dice: Dice) -> tuple[str, list]:
    """Shuffle if the round starts, then take the top card."""
    events = []
    if s.pending.get("shuffle", True) or not s.pending.get("deck"):
        cards = full_deck(s)
        dice.shuffle(cards, "deck", RULE_DECK)
        s.pending["deck"] = cards
        s.pending["shuffle"] = False
        s.pending["drawn"] = []
        events.append(DeckShuffled(rule=RULE_DECK, cards=tuple(card_label(s, c) for c in cards)))
    card = s.pending["deck"].pop(0)
    s.pending["card"] = card
    s.pending["drawn"].append(card)
    found = card_side_kind(card)
    events.append(CardDrawn(rule=RULE_DRAW, card=card, label=card_label(s, card),
                            side=found[0] if found else None, left=len(s.pending["deck"])))
    return card, events


def card_to_come(s: GameState, unit_id: str) -> bool:
    """Whether the unit's card is still to be drawn this round: the round not dealt yet, or
    its card still in the deck. Public knowledge: the cards drawn are seen by both players,
    only the order of those left is hidden."""
    if s.pending.get("shuffle", True):
        return True
    unit = s.units[unit_id]
    return unit_card(unit.side, unit.kind) in (s.pending.get("deck") or ())


def units_for(s: GameState, card: str) -> list[str]:
    """The living units a unit card activates, in unit order."""
    found = card_side_kind(card)
    if found is None:
        return []
    side, kind = found
    return [u.id for u in s.units.values()
            if u.side == side and u.kind == kind and s.unit_alive(u.id)]


def card_label(s: GameState, card: str) -> str:
    if card == MORALE:
        return MORALE_LABEL
    if card == END:
        return END_LABEL
    found = card_side_kind(card)
    if found is None:
        return card
    side, kind = found
    names = [u.name for u in s.units.values() if u.side == side and u.kind == kind]
    name = names[0] if names else kind
    return msg("{unit} ({side})", unit=name, side=s.sides[side].name)


def deck_view(s: GameState) -> dict:
    """What the client shows: the card in play, the cards drawn this round, and the cards still
    in the deck (sorted: their order is secret)."""
    remaining = (full_deck(s) if s.pending.get("shuffle", True)
                 else list(s.pending.get("deck", [])))
    card = s.pending.get("card")

    def entry(c: str) -> dict:
        found = card_side_kind(c)
        return {"card": c, "label": card_label(s, c), "side": found[0] if found else None}

    return {
        "round": s.round,
        "card": entry(card) if card else None,
        "drawn": [entry(c) for c in s.pending.get("drawn", [])],
        "remaining": sorted((entry(c) for c in remaining), key=lambda e: e["label"]),
        "shuffle_next": bool(s.pending.get("shuffle", True)),
    }
