"""Why the AI did that (`--explain`), and the fair comparison (`--swap-seats`): wins per
agent, not per seat, with the mean margin and its standard error."""

import json
from fractions import Fraction

import pytest

from game import rulesets
from game.ai.explain import explanation, explanation_text
from game.ai.search import SearchAgent
from game.cli import main
from game.core.errors import GameError
from game.io.tmx import default_map_for, load_scenario
from game.sim import agent_figures, battle_forces, seatings, simulate
from game.turn import TurnController


def test_explanation_gives_the_top_three_with_expected_margin_and_the_next_decision_foreseen():
    ruleset = rulesets.get("warband")
    scenario = load_scenario(default_map_for("warband"))
    controller = TurnController(ruleset, scenario, 0, battle_forces(ruleset, 2, scenario))
    agent = SearchAgent(0, budget=None, depth=3, turns=False)  # the tree over decisions
    action = agent.choose(controller)
    info = explanation(agent)
    assert info["chosen"] == action.to_text()
    assert len(info["candidates"]) == 3
    first = info["candidates"][0]
    assert first["depth"] == 3 and first["expected_margin"] is not None
    assert first["reply"] is not None  # it looked far enough to see the next decision
    reply_unit = agent.last[0].reply.unit
    mine = controller.state.units[reply_unit].side == controller.current_player()
    assert first["own_follow_up"] == mine  # warband's opening: its next model moves next
    text = explanation_text(info)
    assert text.startswith(f"AI chose {action.to_text()}")
    assert ("then its own" if mine else "foreseen reply") in text


def test_no_explanation_when_there_was_no_choice():
    assert explanation(SearchAgent(0)) is None
    assert "only one action" in explanation_text(None)


def test_swapping_seats_plays_each_seed_in_both_orders_and_only_with_two_sides():
    assert seatings(["search", "greedy"], True) == [["search", "greedy"], ["greedy", "search"]]
    assert seatings(["a", "b", "c"], False) == [["a", "b", "c"]]
    with pytest.raises(GameError):
        seatings(["a", "b", "c"], True)


def test_wins_are_counted_per_agent_and_the_margin_has_its_standard_error():
    results = [(["search", "greedy"], {"winner": 0, "points": [5.0, 1.0]}),
               (["greedy", "search"], {"winner": 0, "points": [3.0, 2.0]}),
               (["greedy", "search"], {"winner": None, "points": [2.0, 2.0]})]
    f = agent_figures(results, ["search", "greedy"])
    assert f["wins_by_agent"] == {"search": 1, "greedy": 1}
    margins = [4, -1, 0]
    mean = Fraction(sum(margins), 3)
    var = sum((m - mean) ** 2 for m in margins) / 2
    assert f["mean_margin"] == pytest.approx(float(mean))
    assert f["margin_se"] == pytest.approx(float(var / 3) ** 0.5)


def test_simulate_swap_seats_reports_wins_by_agent_over_both_seatings():
    scenario = load_scenario(default_map_for("warband"))
    report = simulate("warband", scenario, 2, 0, ["random", "greedy"], swap_seats=True)
    assert report["played"] == 4
    assert sum(report["wins_by_agent"].values()) + report["draws"] == 4
    assert set(report["wins_by_agent"]) == {"random", "greedy"}


def test_cli_swap_seats_json_and_budget(capsys):
    code = main(["simulate", "--ruleset", "warband", "--p1", "random", "--p2", "greedy",
                 "--swap-seats", "--budget", "0.1", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["wins_by_agent"]) == {"random", "greedy"} and report["played"] == 2


def test_cli_refuses_a_budget_that_is_not_a_positive_number_of_seconds(capsys):
    assert main(["simulate", "--budget", "0"]) == 2
    assert "CPU seconds" in capsys.readouterr().err
