"""The search agent: registered by name, plays only offered actions, deterministic for a seed
and a number of sampling rounds, anytime under a CPU budget, candidates not pruned by greedy
alone, and overriding greedy only on a clear paired gain."""

import time

from game import ai, rulesets
from game.ai.search import MARGIN, Candidate, SearchAgent
from game.core.actions import Action
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController


def _battle(ruleset_id="warband", seed=0):
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    return TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))


def test_search_is_an_agent_by_name_with_a_default_budget_of_one_second():
    agent = ai.make("search", 3)
    assert isinstance(agent, SearchAgent) and agent.budget == 1.0
    assert ai.make("search", 3, 0.25).budget == 0.25
    assert "search" in ai.AGENTS


def test_search_plays_only_offered_actions_and_never_changes_the_real_state():
    controller = _battle()
    agent = SearchAgent(1, budget=None, iterations=1, plies=4)
    for _ in range(6):
        before = repr(controller.state)
        legal = list(controller.legal_actions())
        action = agent.choose(controller)
        assert action in legal
        assert repr(controller.state) == before
        controller.apply(action)


def test_search_is_deterministic_for_a_seed_and_a_number_of_rounds():
    picks = []
    for _ in range(2):
        controller = _battle(seed=4)
        agent = SearchAgent(9, budget=None, iterations=2, plies=4)
        run = []
        for _ in range(4):
            action = agent.choose(controller)
            run.append((action, [(c.action, c.mean) for c in agent.last]))
            controller.apply(action)
        picks.append(run)
    assert picks[0] == picks[1]


def test_budget_is_cpu_time_checked_inside_the_look_aheads():
    controller = _battle()
    agent = SearchAgent(2, budget=0.05)
    start = time.process_time()
    agent.choose(controller)
    # one greedy step of warband costs milliseconds: the budget is overrun by at most that
    assert time.process_time() - start < 0.05 + 0.25


def test_candidates_keep_each_units_best_of_each_kind_not_greedys_top_only():
    controller = _battle()
    legal = controller.legal_actions()
    agent = SearchAgent(0)
    cands = agent.candidates(controller.ruleset, controller.state, controller.geo, legal)
    kinds = {(a.unit, a.kind) for a in legal}
    assert len(legal) > 10
    assert {(c.action.unit, c.action.kind) for c in cands} == kinds or len(cands) == 14


def _cand(kind, greedy, margins):
    return Candidate(Action(kind), greedy, by_round=dict(enumerate(margins)))


def test_search_overrides_greedy_only_when_the_paired_gain_is_clear():
    greedy_pick = _cand("a", 2.0, [1.0, 1.0, 1.0])
    slightly = _cand("b", 0.0, [1.0 + MARGIN / 2] * 3)
    assert SearchAgent.pick([greedy_pick, slightly]) is greedy_pick
    clearly = _cand("c", 0.0, [1.0 + 2 * MARGIN] * 3)
    assert SearchAgent.pick([greedy_pick, clearly]) is clearly


def test_paired_gain_counts_only_rounds_both_candidates_were_sampled_in():
    greedy_pick = Candidate(Action("a"), 2.0, by_round={0: 5.0})
    other = Candidate(Action("b"), 0.0, by_round={0: 4.0, 1: 20.0})
    # other's mean (12) is higher, but in the round both met it was worse
    assert SearchAgent.pick([greedy_pick, other]) is greedy_pick


def test_a_noisy_gain_within_its_standard_error_does_not_override_greedy():
    greedy_pick = _cand("a", 2.0, [0.0, 0.0, 0.0])
    noisy = _cand("b", 0.0, [3.0, -2.0, 2.0])  # mean +1, standard error about 1.5
    assert SearchAgent.pick([greedy_pick, noisy]) is greedy_pick
    steady = _cand("c", 0.0, [1.0, 0.9, 1.1])
    assert SearchAgent.pick([greedy_pick, steady]) is steady


def test_search_stops_early_when_no_candidate_could_beat_greedys_choice():
    greedy_pick = _cand("a", 2.0, [1.0] * 4)
    same = _cand("b", 0.0, [1.0] * 4)
    assert SearchAgent.settled([greedy_pick, same])
    promising = _cand("c", 0.0, [1.0, 1.5, 0.5, 1.2])
    assert not SearchAgent.settled([greedy_pick, same, promising])


def test_a_decision_where_greedys_choice_stands_stops_well_before_its_budget():
    controller = _battle()  # warband's opening moves: every look-ahead ends level
    agent = SearchAgent(2, budget=1.0)
    action = agent.choose(controller)
    assert agent.last_used < 0.9
    assert action == max(agent.last, key=lambda c: c.greedy).action
