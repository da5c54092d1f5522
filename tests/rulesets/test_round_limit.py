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


@pytest.mark.parametrize("ruleset_id, word", [("squads", "rounds"), ("ranks", "rounds"),
                                              ("cards", "tours"), ("warband", "tours"),
                                              ("legions", "tours")])
def test_the_round_limit_reads_in_each_rulesets_own_french(ruleset_id, word):
    """One reason by default (`RulesetBase.round_limit_reason`, the core catalog), said
    again where a game's texts name the round their own way: in French a "tour" is a side's
    turn in squads and ranks, where the battle round is a "round". Said again in the
    ruleset's own module, so that its catalog keeps the wording (`translations.py update`
    drops an entry no source of the domain says)."""
    from game.i18n import set_language, set_ruleset, translate
    from game.i18n.extract import extract

    reason = rulesets.get(ruleset_id).round_limit_reason(5)
    assert reason == "the round limit (5) was reached"
    said = (reason.template, None) in extract().get(ruleset_id, {})
    assert said == (word == "rounds")
    try:
        set_language("fr")
        set_ruleset(ruleset_id)
        assert translate(reason) == f"la limite de {word} (5) est atteinte"
    finally:
        set_language("en")
        set_ruleset(None)
