"""The round limit (common rules): a battle ends when its last round is over, and the last
round is the ruleset's `battle_rounds`, read in one place (`RulesetBase.next_round`), so the
limit the rules end on is the one the client's counters and the search name."""

import pytest

from game import rulesets
from game.io.tmx import default_map_for, load_scenario
from game.sim import play_one


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_the_battle_ends_after_the_last_round_the_ruleset_names(ruleset_id, monkeypatch):
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    monkeypatch.setattr(type(ruleset), "battle_rounds", lambda self, s: 1)
    controller = play_one(ruleset, ruleset_id, scenario, 3, ["greedy", "greedy"], None)
    state = controller.state
    assert state.over and state.round == 1
    assert "round limit (1)" in state.result["reason"]
