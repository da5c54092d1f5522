"""The search agent: registered by name, plays only offered actions, deterministic for a seed
at a fixed depth, anytime under a CPU budget, candidates not pruned by greedy alone, chance
nodes from the exact grouped outcomes, and overriding greedy only by a margin at the deepest
level both reached."""

import time
from fractions import Fraction

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
    agent = SearchAgent(1, budget=None, depth=2)
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
        agent = SearchAgent(9, budget=None, depth=2)
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


def _cand(kind, greedy, values, errors=(), replied=True):
    values = dict(values)
    return Candidate(Action(kind), greedy, values=values, errors=dict(errors),
                     replied={d: replied for d in values})


def test_search_overrides_greedy_only_by_more_than_the_margin():
    greedy_pick = _cand("a", 2.0, {1: 1.0, 2: 1.0})
    slightly = _cand("b", 0.0, {1: 1.0, 2: 1.0 + MARGIN / 2})
    assert SearchAgent.pick([greedy_pick, slightly]) is greedy_pick
    clearly = _cand("c", 0.0, {1: 0.0, 2: 1.0 + 2 * MARGIN})
    assert SearchAgent.pick([greedy_pick, clearly]) is clearly


def test_the_choice_comes_from_the_deepest_level_greedys_choice_reached():
    greedy_pick = _cand("a", 2.0, {1: 1.0, 2: 1.0})
    deeper = _cand("b", 0.0, {1: 0.5, 2: 0.5, 3: 9.0})  # searched deeper, but not comparable
    assert SearchAgent.pick([greedy_pick, deeper]) is greedy_pick
    greedy_pick.values[3] = 1.0
    greedy_pick.replied[3] = True
    assert SearchAgent.pick([greedy_pick, deeper]) is deeper


def test_search_never_overrides_greedy_from_one_decision_deep():
    """A level of one decision has not looked at the opponent's reply: greedy's choice."""
    greedy_pick = _cand("a", 2.0, {1: 1.0})
    better = _cand("b", 0.0, {1: 1.0 + 10 * MARGIN})
    assert SearchAgent.pick([greedy_pick, better]) is greedy_pick


def test_search_overrides_greedy_only_when_the_lines_met_the_opponents_reply():
    """Two decisions of one's own (a follow-up, no reply yet) are not enough to override."""
    greedy_pick = _cand("a", 2.0, {1: 1.0, 2: 1.0}, replied=False)
    better = _cand("b", 0.0, {1: 1.0, 2: 1.0 + 10 * MARGIN}, replied=False)
    assert SearchAgent.pick([greedy_pick, better]) is greedy_pick
    better.replied[2] = True
    assert SearchAgent.pick([greedy_pick, better]) is better


def test_search_overrides_greedy_only_by_more_than_the_standard_error_of_the_difference():
    """The gap must beat the margin plus the two estimates' standard errors combined."""
    greedy_pick = _cand("a", 2.0, {2: 1.0}, errors={2: 0.3})
    better = _cand("b", 0.0, {2: 1.0 + MARGIN + 0.45}, errors={2: 0.4})
    assert SearchAgent.pick([greedy_pick, better]) is greedy_pick  # SE of the gap is 0.5
    better.values[2] = 1.0 + MARGIN + 0.55
    assert SearchAgent.pick([greedy_pick, better]) is better


def test_sampled_dice_give_the_value_a_standard_error_and_exact_outcomes_none():
    from game.ai.search import SAMPLED, Node

    agent = SearchAgent(0, budget=None, depth=1)
    agent._deadline = None
    leaves = iter([Node([1.0, -1.0], 0.0, frozenset(), (None, None)),
                   Node([3.0, -3.0], 0.0, frozenset(), (None, None))])
    agent._value = lambda *args: next(leaves)
    sampled = agent._expect(None, [(0.5, None, SAMPLED), (0.5, None, SAMPLED)], None, 0, 0)
    assert sampled.values == [2.0, -2.0] and sampled.variance == 2.0 / 2  # var 2 over 2 samples
    leaves = iter([Node([1.0, -1.0], 0.0, frozenset(), (None, None)),
                   Node([3.0, -3.0], 0.0, frozenset(), (None, None))])
    exact = agent._expect(None, [(0.5, None, "hits"), (0.5, None, "misses")], None, 0, 0)
    assert exact.values == [2.0, -2.0] and exact.variance == 0.0


def test_a_chance_node_weighs_every_grouped_outcome_by_its_exact_probability():
    from tests.rulesets.squads.battle import mob_vs_marines_battle

    b = mob_vs_marines_battle()  # the Mob 7" from the Marines, its charge phase
    b.state.active = 0
    charge = next(a for a in b.legal() if a.kind == "charge" and a.unit == "s0u0")
    agent = SearchAgent(0, budget=None, depth=1)
    agent._seeds, agent._deadline = [1], None
    children = agent.children(b.ruleset, b.state, b.geo, charge)
    assert sum(p for p, _, _ in children) == 1.0
    reach = sum(p for p, _, label in children if "Line Marines" in label)
    assert reach == float(Fraction(21, 36))
    assert all(("charge" in s.pending) == ("Line Marines" in label) for _, s, label in children)


def test_a_move_without_dice_is_one_child_and_the_real_state_is_untouched():
    controller = _battle()
    agent = SearchAgent(0, budget=None, depth=1)
    agent._seeds, agent._deadline = [1], None
    before = repr(controller.state)
    move = controller.legal_actions()[0]
    children = agent.children(controller.ruleset, controller.state, controller.geo, move)
    assert [(p, label) for p, _, label in children] == [(1.0, "no dice")]
    assert repr(controller.state) == before


def test_the_reply_searched_is_the_opponents_best_for_its_own_margin_not_greedys():
    controller = _battle()
    agent = SearchAgent(0, budget=None, depth=2, turns=False)  # the tree over decisions
    agent.choose(controller)
    assert all(c.depth == 2 for c in agent.last)
    assert agent.last[0].reply is not None


def test_a_close_call_on_sampled_dice_is_sampled_again_before_greedy_is_kept():
    """Warband, last turn: the Axeman's charge off the objective is greedy's choice, its
    fight sampled twice (standard error 2 points); holding is 1 point better, within the
    error. The two are sampled again with more seeds: the error shrinks and the hold wins."""
    from game.ai.playout import Playout
    from game.core.dice import Dice
    from tests.ai.positions.test_first_positions import _warband_last_turn_on_an_objective

    ruleset, state, geo = _warband_last_turn_on_an_objective()
    play = Playout(ruleset, state.copy(), geo, Dice(0))
    play.take_automatic_steps()
    agent = SearchAgent(0, budget=None, turns=False)  # the tree over decisions
    action = agent.choose(play)
    charge = next(c for c in agent.last if c.action.kind == "charge")
    assert action.kind != "charge"
    assert 0 < charge.errors[charge.depth] < 2.0


class _Counting:
    """A ruleset that counts its legal-action listings per state (by identity; each state
    kept, so that a discarded one's identity is not reused)."""

    def __init__(self, ruleset):
        self._ruleset = ruleset
        self.listed: dict[int, int] = {}
        self.kept: list = []

    def __getattr__(self, name):
        return getattr(self._ruleset, name)

    def legal_actions(self, state, geo):
        self.listed[id(state)] = self.listed.get(id(state), 0) + 1
        self.kept.append(state)
        return self._ruleset.legal_actions(state, geo)


def test_the_deeper_levels_reuse_what_the_shallower_worked_out_no_state_listed_twice():
    """Iterative deepening: level 2 walks level 1's children again; an action's outcomes in
    a state and a settled child's listing (the automatic steps already made one) are
    remembered for the decision: asked again, nothing is applied or listed again."""
    from game.ai.search import Tree

    controller = _battle()
    counting = _Counting(controller.ruleset)
    agent = SearchAgent(0, budget=None, depth=1)
    agent._seeds, agent._deadline, agent._tree = [1], None, Tree()
    state, geo = controller.state.copy(), controller.geo
    move = controller.legal_actions()[0]
    first = agent.children(counting, state, geo, move)
    listed = sum(counting.listed.values())
    assert listed >= 1  # the automatic steps after the move listed the child's actions
    assert agent.children(counting, state, geo, move) is first
    child = first[0][1]
    assert agent._tree.legal(counting, child, geo) == controller.ruleset.legal_actions(child, geo)
    assert sum(counting.listed.values()) == listed


def test_greedys_choice_leading_only_within_its_error_is_sampled_again_before_it_is_kept():
    """Greedy's charge leads the hold 5.5 to 3.0 on two lucky samples (error 3.5): the two are
    sampled again with more seeds; the charge drops to 2.0 and the hold is played."""
    agent = SearchAgent(0, budget=None)
    agent._seeds, agent._deadline = [1, 2], None
    charge = _cand("charge", 2.0, {2: 5.5}, errors={2: 3.5})
    hold = _cand("hold", 0.0, {2: 3.0})
    assert SearchAgent.pick([charge, hold]) is charge
    resampled = []

    def search(ruleset, world, geo, me, cand, depth, seeds=None):
        resampled.append((cand.action.kind, len(seeds)))
        cand.values[depth] = 2.0 if cand.action.kind == "charge" else 3.0
        cand.errors[depth] = 0.2 if cand.action.kind == "charge" else 0.0
        cand.replied[depth] = True

    agent._search_candidate = search
    agent.refine(None, None, None, 0, [charge, hold])
    assert resampled == [("charge", 8), ("hold", 8)]
    assert SearchAgent.pick([charge, hold]) is hold


def test_with_more_sides_a_line_has_met_the_reply_only_when_every_opponent_decided():
    """Three sides: a line where only one of the two opponents decided has not met 'the
    reply' (the other may still punish the move); both deciding, or the battle's end, has."""
    from game.ai.search import Node

    class _State:
        sides = (0, 1, 2)

    agent = SearchAgent(0, budget=None)
    agent._deadline = None
    for decided, met in ((frozenset({1}), False), (frozenset({1, 2}), True),
                         (frozenset({0, 1, 2}), True)):
        agent.children = lambda *args: [(1.0, None, "no dice")]
        agent._expect = lambda *args, d=decided: Node([0.0, 0.0, 0.0], 0.0, d, (None, None))
        cand = Candidate(Action("move"), 0.0)
        agent._search_candidate(None, _State(), None, 0, cand, 2)
        assert cand.replied[2] is met
