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
    assert text.startswith(f"AI chose {action.label or action.to_text()}")
    assert info["kept_first_choice"] == (agent.last[0] is max(agent.last, key=lambda c: c.greedy))
    assert ("It kept its first judgement" if info["kept_first_choice"]
            else "It changed its first judgement") in text
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


def test_the_verdict_says_when_the_search_changed_its_first_judgement_and_by_how_much():
    """Three close margins alone leave a player asking why; the verdict names the first
    judgement (greedy's one-ply choice) it overrode and the paired gain with its error."""
    from types import SimpleNamespace

    from game.ai.search import Candidate
    from game.core.actions import Action

    def cand(unit, greedy, values, gain, error):
        c = Candidate(Action("move", unit=unit, label=f"{unit} moves"), greedy)
        c.turn_values, c.turn_gain, c.turn_error = values, gain, error
        return c

    first = cand("a", 1.0, [0.0, 1.0, 2.0], 0.0, 0.0)
    better = cand("b", 0.5, [2.0, 2.5, 3.5], 1.5, 0.3)
    agent = SimpleNamespace(last=[better, first], last_by="turns", last_horizon=1,
                            last_used=0.4)
    info = explanation(agent)
    assert not info["kept_first_choice"] and info["first_choice"] == "a moves"
    text = explanation_text(info)
    assert text.startswith("AI chose b moves")
    assert "+1.50 ± 0.30 against its first judgement" in text  # the challenger's gain
    assert text.count("against its first judgement") == 1  # not for the first judgement
    assert text.endswith("It changed its first judgement (a moves): this move was expected to "
                         "gain +1.50 ± 0.30 points over it, rollout for rollout.")
    agent.last = [first, better]
    assert explanation_text(explanation(agent)).endswith(
        "no other move looked better by more than half a point beyond its uncertainty.")
