"""The cards deck and the coming melee round's odds, as the client's info box shows them."""

from game import rulesets
from game.io.tmx import default_map_for, load_scenario
from game.turn import TurnController


def test_info_panel_shows_the_card_in_play_and_the_deck():
    controller = TurnController(rulesets.get("cards"), load_scenario(default_map_for("cards")), 4)
    sections = controller.ruleset.info_panel(controller.state, controller.geo)
    title, lines = sections[0]
    view = controller.ruleset.deck_view(controller.state)
    assert title == f"Deck, round {view['round']}"
    assert lines[0] == f"Card in play: {view['card']['label']}"
    assert all(card["label"] in lines[2] for card in view["remaining"])
