"""The deck and the turn [added] (rules/cards.md, "The deck and the turn")."""

from game.core.actions import Action
from game.core.dice import Dice
from game.core.events import Note
from game.core.state import Scenario
from game.rulesets.cards import RULESET, deck
from game.rulesets.cards.events import CardDrawn, DeckShuffled, RoundStarted
from game.turn import TurnController
from tests.rulesets.cards.battle import DRAW, Battle, column, stack_deck, stand


def default_battle():
    """The two shipped forces (Warriors twice: one card for both)."""
    b = Battle([("Column", "garrison_column",
                 ["regulars", "grenadiers", "militia", "rangers"]),
                ("War Party", "frontier_war_party",
                 ["warriors", "warriors", "scouts", "settlers"])])
    for n, unit in enumerate(b.state.units.values()):
        x = 6.0 if unit.side == 0 else 40.0
        stand(b, unit.id, column(x, 2.0 + n % 4 * 11.5, len(unit.models), step=1.0))
    return b


def test_one_card_per_unit_type_per_side_plus_morale_and_end_of_turn():
    """The deck: one card per unit type per side, one Morale, one End of turn."""
    b = default_battle()
    cards = deck.full_deck(b.state)
    assert sorted(cards) == sorted([
        "unit:0:regulars", "unit:0:grenadiers", "unit:0:militia", "unit:0:rangers",
        "unit:1:warriors", "unit:1:scouts", "unit:1:settlers", "morale", "end"])


def test_the_deck_is_shuffled_with_the_seeded_dice():
    """Shuffled with the seeded Dice: the same seed, the same order; the shuffle is logged."""
    orders = []
    for seed in (3, 3, 4):
        b = default_battle()
        dice = Dice(seed)
        _, events = deck.draw(b.state, dice)
        orders.append([b.state.pending["card"]] + b.state.pending["deck"])
        assert isinstance(events[0], DeckShuffled) and dice.log[0].rule == deck.RULE_DECK
    assert orders[0] == orders[1] and orders[0] != orders[2]
    assert sorted(orders[0]) == sorted(deck.full_deck(default_battle().state))


def test_drawing_is_a_chance_step_taken_automatically():
    """Drawing needs no decision: the only legal action is the automatic draw, which the turn
    controller takes by itself until someone has a decision to make."""
    b = default_battle()
    assert b.legal() == [DRAW] and b.legal()[0].option == "auto"
    controller = TurnController(RULESET, Scenario(48.0, 48.0, source="test"), seed=5)
    assert controller.state.phase == "activate"
    assert any(isinstance(e, CardDrawn) for e in controller.events)
    assert controller.current_player() == controller.state.active


def test_a_unit_card_activates_every_unit_of_its_type_one_after_another():
    """Draw a card: its owner activates the matching units, one after another."""
    b = default_battle()
    stack_deck(b, "unit:1:warriors", "end")
    b.apply(DRAW)
    s = b.state
    assert s.phase == "activate" and s.active == 1 and b.ruleset.current_player(s) == 1
    assert {a.unit for a in b.legal()} == {"s1u0", "s1u1"}
    b.apply(Action("stay", "s1u1"))
    assert {a.unit for a in b.legal()} == {"s1u0"}
    assert "Only the units of the card drawn" in b.why(Action("stay", "s1u1"))
    assert "Only the units of the card drawn" in b.why(Action("stay", "s0u0"))
    b.apply(Action("stay", "s1u0"))
    assert s.phase == "draw"


def test_end_of_turn_ends_the_round_and_shuffles_every_card_back():
    """End of turn: the round ends; shuffle all cards back."""
    b = default_battle()
    stack_deck(b, "unit:0:militia", "end", "morale")
    b.state.pending["drawn"] = ["unit:1:scouts"]
    b.apply(DRAW)                              # the Militia card
    b.apply(Action("stay", "s0u2"))
    events = b.apply(DRAW)                     # End of turn
    assert any(isinstance(e, RoundStarted) and e.round == 2 for e in events)
    view = deck.deck_view(b.state)
    assert view["shuffle_next"] and len(view["remaining"]) == 9 and view["round"] == 2


def test_the_battle_lasts_six_rounds():
    """The battle lasts 6 rounds: the End of turn card of round 6 ends it."""
    b = default_battle()
    b.state.round = 6
    stack_deck(b, "end")
    events = b.apply(DRAW)
    assert b.state.over and "round limit (6)" in b.state.result["reason"]
    assert events[-1].describe().startswith("Battle over")


def test_a_map_made_for_cards_sets_its_own_round_limit():
    from game.rulesets.cards import battle_rounds

    b = default_battle()
    assert battle_rounds(b.state.scenario) == 6
    b.state.scenario = Scenario(48.0, 48.0, ruleset="cards", rounds=4)
    assert battle_rounds(b.state.scenario) == 4


def test_deck_view_shows_the_card_drawn_and_the_cards_left_not_their_order():
    """The drawn card is shown with the cards still in the deck (client hook)."""
    b = default_battle()
    stack_deck(b, "unit:1:scouts", "morale", "unit:0:militia", "end")
    b.apply(DRAW)
    view = RULESET.deck_view(b.state)
    assert view["card"] == {"card": "unit:1:scouts", "label": "Scouts (War Party)", "side": 1}
    assert [e["label"] for e in view["remaining"]] == sorted(
        ["Morale", "Militia (Column)", "End of turn"])
    assert [e["card"] for e in view["drawn"]] == ["unit:1:scouts"]


def test_a_card_of_a_type_with_no_unit_left_is_not_dealt():
    b = default_battle()
    for mid in b.state.units["s1u2"].models:   # the Scouts are gone
        b.state.models[mid].alive = False
    assert "unit:1:scouts" not in deck.full_deck(b.state)
    stack_deck(b, "unit:1:scouts", "end")      # drawn anyway (dealt earlier): nothing happens
    events = b.apply(DRAW)
    assert isinstance(events[-1], Note) and b.state.phase == "draw"
