"""The searcher's evaluation: points now, objectives weighted by the rounds left, threats from
the ruleset's exact charge odds, and the margin against the best other side."""

import dataclasses

import pytest

from game.ai.evaluate import THREAT_WEIGHT, evaluate, objective_weight, threats, values
from game.core.state import Objective
from game.table import Table
from tests.rulesets.squads.battle import mob_vs_marines_battle


def test_objectives_count_fully_in_the_last_round_and_less_before():
    b = mob_vs_marines_battle()
    b.state.scenario = dataclasses.replace(b.state.scenario, rounds=5)
    b.state.round = 5
    assert objective_weight(b.ruleset, b.state) == 1.0
    b.state.round = 3
    assert objective_weight(b.ruleset, b.state) == pytest.approx(0.5)


def test_the_last_round_is_the_rulesets_own_count_when_it_keeps_one():
    """cards plays 6 rounds on a map made for another ruleset (its `battle_rounds`): on such a
    5-round map, round 5 is not its last, for the evaluation and the search alike."""
    from game import rulesets
    from game.ai.search import SearchAgent
    from tests.rulesets.cards.battle import two_units

    b = two_units("regulars", "settlers")
    cards = rulesets.get("cards")
    b.state.scenario = dataclasses.replace(b.state.scenario, rounds=5, ruleset="")
    b.state.round = 5
    squads = rulesets.get("squads")  # a ruleset without a count of its own: the map's 5
    assert objective_weight(squads, b.state) == 1.0 and SearchAgent.near_the_end(squads, b.state)
    assert objective_weight(cards, b.state) == pytest.approx(2 / 3)
    assert not SearchAgent.near_the_end(cards, b.state)
    b.state.round = 6
    assert objective_weight(cards, b.state) == 1.0 and SearchAgent.near_the_end(cards, b.state)


def test_threat_is_the_exact_charge_odds_for_the_gap_times_the_models_reached():
    """The worked example: the Mob and the Marines 7" apart, edge to edge; the charge odds
    are the squads ruleset's own (P(2D6 >= 7) = 21/36) for both, the Mob to act."""
    b = mob_vs_marines_battle()
    b.state.active = 0
    p = b.ruleset.charge_odds(7.0)
    reached = min(len(b.state.alive_models("s0u0")), len(b.state.alive_models("s1u0")))
    assert threats(b.ruleset, b.state, b.geo) == pytest.approx(
        [float(p) * reached * THREAT_WEIGHT, float(p) * reached * THREAT_WEIGHT * 0.5])


def test_margin_is_own_value_minus_the_best_other_and_objectives_are_weighted():
    b = mob_vs_marines_battle()
    marine = b.state.alive_models("s1u0")[0]
    scenario = dataclasses.replace(b.state.scenario, rounds=5,
                                   objectives=(Objective("hill", marine.x, marine.y),))
    b.state.scenario = scenario
    geo = Table(scenario)
    b.state.round = 3  # two rounds left: the objective's 3 points count half
    # the ruleset's own reach odds, as `evaluate` reads them (move then charge)
    vals = values(b.ruleset, b.state, geo, b.ruleset.reach_odds)
    base = threats(b.ruleset, b.state, geo, b.ruleset.reach_odds)
    assert vals[1] - base[1] == pytest.approx(1.5)
    assert evaluate(b.ruleset, b.state, 1, geo) == pytest.approx(vals[1] - vals[0])
    assert evaluate(b.ruleset, b.state, 0, geo) == pytest.approx(vals[0] - vals[1])


def test_a_rulesets_threat_weights_scale_the_raw_threats_and_no_weight_leaves_none():
    """`threats` is `raw_threats` times the ruleset's (acting, others) weights: the common
    ones for squads, legions' (0, 0) from the fit (`benchmarks/evaluate_fit.py`), so a
    legions unit in charge reach adds nothing to the margin while its raw threat is there."""
    from game import rulesets
    from game.ai.evaluate import raw_threats, threat_weights
    from tests.rulesets.legions.battle import facing_lines

    b = mob_vs_marines_battle()
    b.state.active = 1
    raw = raw_threats(b.ruleset, b.state, b.geo)
    assert raw[0] > 0 and raw[1] > 0
    assert threat_weights(b.ruleset) == (THREAT_WEIGHT, 0.5 * THREAT_WEIGHT)
    assert threats(b.ruleset, b.state, b.geo) == pytest.approx(
        [raw[0] * THREAT_WEIGHT * 0.5, raw[1] * THREAT_WEIGHT])
    legions = rulesets.get("legions")
    s = facing_lines(4.0).state
    geo = Table(s.scenario)
    assert sum(raw_threats(legions, s, geo, legions.reach_odds)) > 0
    assert threats(legions, s, geo, legions.reach_odds) == [0.0, 0.0]
    assert threat_weights(rulesets.get("ranks")) == (0.1, 0.05)


def test_zero_threat_weights_skip_the_threats_and_give_the_long_ways_values():
    """Legions' (0, 0) weights: the threats are not measured, and the values are exactly
    those of the long way (every side's raw threat measured, then weighted by 0)."""
    from game import rulesets
    from game.ai.evaluate import raw_threats
    from tests.rulesets.legions.battle import facing_lines

    legions = rulesets.get("legions")
    for gap in (2.0, 4.0, 9.0):
        s = facing_lines(gap).state
        geo = Table(s.scenario)
        raw = raw_threats(legions, s, geo, legions.reach_odds)
        plain, held = legions.score(s, None), legions.score(s, geo)
        weight = objective_weight(legions, s)
        long_way = [plain[i] + weight * (held[i] - plain[i]) + raw[i] * 0.0
                    for i in range(len(plain))]
        assert values(legions, s, geo, legions.reach_odds) == long_way
