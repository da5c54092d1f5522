"""Every ruleset names its searcher's hooks: a `reach_odds` that the evaluation uses for the
threats (a fixed move reaches or not; a rolled charge has its exact odds), `chance_outcomes`
where a decision rolls dice the search weighs exactly, and cards' `determinize`."""

import pytest

from game import rulesets
from game.ai.evaluate import THREAT_WEIGHT, evaluate, margin, threats
from game.rulesets.squads.search_hooks import reach_odds as squads_reach
from game.rulesets.warband.movement import charge_reach
from tests.ai.positions.test_more_positions import _warband
from tests.rulesets.squads.battle import mob_vs_marines_battle


def test_every_ruleset_has_a_reach_hook_and_cards_hides_its_deck():
    for ruleset_id in rulesets.ids():
        assert callable(getattr(rulesets.get(ruleset_id), "reach_odds", None)), ruleset_id
    assert callable(rulesets.get("cards").determinize)
    assert callable(rulesets.get("squads").chance_outcomes)
    assert callable(rulesets.get("legions").chance_outcomes)


def test_squads_evaluate_is_the_margin_with_the_2d6_charge_odds():
    b = mob_vs_marines_battle()
    assert evaluate(b.ruleset, b.state, 0, b.geo) == pytest.approx(
        margin(b.ruleset, b.state, 0, b.geo, squads_reach))


def test_warband_threat_counts_an_enemy_within_twice_the_move_as_certain():
    from game.rulesets.warband.search_hooks import reach_odds as _reach

    ruleset, state, geo = _warband(29.5)  # the Zealot 5.5" from the Axeman: within 2 x M
    zealot = state.models[state.units["s0u0"].models[0]]
    reach = charge_reach(zealot)
    assert _reach(state, "s0u0", reach) == 1 and _reach(state, "s0u0", reach + 0.01) == 0
    out = threats(ruleset, state, geo, _reach)
    assert out[0] == pytest.approx(1 * THREAT_WEIGHT * 0.5)  # side 1 is to act: half weight
