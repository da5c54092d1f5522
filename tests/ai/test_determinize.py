"""The searcher never reads hidden information: its copy of a cards battle has the undrawn
deck re-dealt, so it no longer knows the real next card."""

import random

from game import ai, rulesets
from game.ai.determinize import determinize
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController


def _cards_battle_with_a_deck(least=4):
    ruleset = rulesets.get("cards")
    scenario = load_scenario(default_map_for("cards"))
    controller = TurnController(ruleset, scenario, 5, battle_forces(ruleset, 2, scenario))
    agents = {i: ai.make("random", i) for i in range(2)}
    while len(controller.state.pending.get("deck") or []) < least:
        controller.apply(agents[controller.current_player()].choose(controller))
    return ruleset, controller


def test_hidden_deck_order_is_redealt_so_the_searcher_does_not_know_the_next_card():
    ruleset, controller = _cards_battle_with_a_deck()
    real = controller.state.pending["deck"]
    rng = random.Random(1)
    same_next = 0
    for _ in range(20):
        twin = determinize(ruleset, controller.state, rng)
        assert sorted(twin.pending["deck"]) == sorted(real)  # the same cards are left
        same_next += twin.pending["deck"][0] == real[0]
    assert same_next < 20
    assert controller.state.pending["deck"] == real  # the real deck is untouched


def test_determinized_copy_keeps_what_a_player_sees():
    ruleset, controller = _cards_battle_with_a_deck()
    twin = determinize(ruleset, controller.state, random.Random(2))
    for key in ("card", "drawn", "shuffle"):
        assert twin.pending.get(key) == controller.state.pending.get(key)
    assert twin.models == controller.state.models
