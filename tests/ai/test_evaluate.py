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
    assert objective_weight(b.state) == 1.0
    b.state.round = 3
    assert objective_weight(b.state) == pytest.approx(0.5)


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
