"""The offers kept under their ground (offers.py, ground.py) are never stale in play.

Why a whole battle: a kept charge or March is keyed on the unit's pose and the bases meeting
its ground box, not on the whole table; a change the key does not see (a target losing a base
outside the box, a status the key does not read) would offer a stale move. Each listing of a
greedy battle is compared with a listing made with every kept piece and ground forgotten.
"""

from game import ai, rulesets
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.ranks import offers
from game.sim import battle_forces
from game.turn import TurnController


def _afresh(ruleset, state, geo) -> list[str]:
    kept, grounds = dict(offers._kept), dict(offers._grounds)
    offers._kept.clear()
    offers._grounds.clear()
    try:
        return [a.to_text() for a in ruleset.legal_actions(state.copy(), geo)]
    finally:
        offers._kept.clear()
        offers._kept.update(kept)
        offers._grounds.clear()
        offers._grounds.update(grounds)


def test_every_listing_of_a_greedy_battle_is_the_listing_made_afresh():
    ruleset = rulesets.get("ranks")
    scenario = load_scenario(default_map_for("ranks"))
    controller = TurnController(ruleset, scenario, 1, battle_forces(ruleset, 2, scenario))
    agents = [ai.make("greedy", 1), ai.make("greedy", 2)]
    listings = 0
    while not controller.over:
        legal = [a.to_text() for a in controller.legal_actions()]
        assert legal == _afresh(ruleset, controller.state, controller.geo), \
            f"round {controller.state.round}: a kept offer differs from the one made afresh"
        listings += 1
        controller.apply(agents[controller.current_player()].choose(controller))
    assert listings > 40  # a whole battle, not its first steps
