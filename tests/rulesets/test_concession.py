"""Common rules: a side that concedes ends the battle and cannot win, in every ruleset."""

import pytest

from game import rulesets
from game.core.actions import Action
from game.io.tmx import default_map_for, load_scenario
from game.turn import TurnController


@pytest.mark.parametrize("ruleset_id", ["squads", "cards", "ranks", "legions"])
def test_the_conceding_side_loses(ruleset_id):
    controller = TurnController(rulesets.get(ruleset_id),
                                load_scenario(default_map_for(ruleset_id)), 1)
    controller.apply(Action("concede", option="0"))
    assert controller.over and controller.state.result["winner"] == 1
    assert controller.state.sides[0].conceded


def test_a_warband_that_gives_up_routs_and_the_battle_goes_on_with_three():
    ruleset = rulesets.get("warband")
    scenario = load_scenario(default_map_for("warband"))
    controller = TurnController(ruleset, scenario, 1, ruleset.default_forces(3, scenario))
    controller.apply(Action("concede", option="0"))
    assert controller.state.sides[0].routed and not controller.over
