"""Look-ahead in turns (`game.ai.turns`): the horizon is the searcher's next turn, candidates
share their dice, greedy's choice stands unless the paired gain is beyond the margin and its
error, and the rounds go to the candidates still in the running."""

import math
import random

import pytest

from game import rulesets
from game.ai import turns
from game.ai.budget import OutOfTime
from game.ai.greedy import GreedyAgent
from game.ai.playout import KeyedDice, Playout
from game.ai.search import Candidate, SearchAgent
from game.core.actions import Action
from game.core.dice import Dice
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController


def _battle(ruleset_id="warband", seed=0):
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    return TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))


def _never():
    return None


def test_horizon_is_the_turn_passed_to_another_side_and_back():
    controller = _battle()
    state = controller.state
    me = state.active
    assert not turns.horizon_reached(state, me, passed=False)
    assert turns.horizon_reached(state, me, passed=True)
    state.active = 1 - me
    assert not turns.horizon_reached(state, me, passed=True)


@pytest.mark.parametrize("ruleset_id", ["warband", "ranks"])
def test_a_rollout_plays_the_opponents_whole_next_turn_and_stops_at_the_searchers(ruleset_id):
    controller = _battle(ruleset_id)
    me = controller.state.active
    play = Playout(controller.ruleset, controller.state.copy(), controller.geo, Dice(3))
    record = turns.Rollouts()
    play_seen = []
    policy = GreedyAgent(3)

    class Watch:
        def choose(self, p):
            play_seen.append(p.state.active)
            return policy.choose(p)

    turns.play_to_horizon(play, me, Watch(), _never, record)
    assert play.state.over or play.state.active == me
    assert any(a != me for a in play_seen)  # the opponent's turn was played
    assert record.replier is not None and record.replier != me


def test_a_rollout_is_cut_when_the_budget_is_spent():
    controller = _battle()
    me = controller.state.active
    play = Playout(controller.ruleset, controller.state.copy(), controller.geo, Dice(3))

    def spent():
        raise OutOfTime

    with pytest.raises(OutOfTime):
        turns.play_to_horizon(play, me, GreedyAgent(3), spent)


def test_candidates_share_their_dice_so_one_action_twice_has_no_gain_and_no_error():
    controller = _battle()
    ruleset, geo, state = controller.ruleset, controller.geo, controller.state
    me = state.active
    action = GreedyAgent(0).choose(controller)
    cands = [Candidate(action, 1.0), Candidate(action, 0.5)]
    pick = turns.look_ahead(ruleset, state, geo, me, cands, random.Random(1), _never, None)
    assert pick is cands[0]  # greedy's choice stands on a tie
    assert cands[1].turn_values == cands[0].turn_values
    assert len(cands[0].turn_values) == 2  # then nothing is left to decide: it stops early
    assert cands[1].turn_gain == 0 and cands[1].turn_error == 0


def test_paired_gain_is_the_mean_of_the_seed_by_seed_differences_with_its_error():
    mean, se, n = turns.paired([3.0, 1.0, 5.0], [1.0, 1.0, 2.0, 9.0])
    assert (mean, n) == (pytest.approx(5 / 3), 3)
    assert se == pytest.approx(math.sqrt(((2 - 5 / 3) ** 2 + (5 / 3) ** 2 + (3 - 5 / 3) ** 2)
                                         / 2) / math.sqrt(3))
    assert turns.paired([2.0], [1.0]) == (1.0, math.inf, 1)


def _runs(*values):
    return [turns.Rollouts(list(v)) for v in values]


def test_greedys_choice_stands_unless_the_gain_is_beyond_the_margin_plus_its_error():
    base = [0.0, 0.0, 0.0]
    clear = [1.0, 1.1, 0.9]  # gain 1.0, error 0.058: beyond 0.5 + 0.058
    cands = [Candidate(Action("a"), 2.0), Candidate(Action("b"), 1.0)]
    assert turns._decide(cands, _runs(base, clear), 0) is cands[1]
    noisy = [3.0, -2.0, 2.0]  # gain 1.0, error 1.53: within the margin plus its error
    assert turns._decide(cands, _runs(base, noisy), 0) is cands[0]
    small = [0.4, 0.4, 0.4]  # no error, but the gain is within the margin
    assert turns._decide(cands, _runs(base, small), 0) is cands[0]
    once = [5.0]  # one rollout is never enough to override
    assert turns._decide(cands, _runs(base, once), 0) is cands[0]


def test_candidates_that_cannot_catch_the_best_or_override_greedy_leave_the_running():
    runs = _runs([0.0, 0.0, 0.0], [2.0, 2.1, 1.9], [-3.0, -3.1, -2.9], [5.0], [0.1, 0.1, 0.1])
    # the third is 5 behind the best with a small error; the fourth has one rollout only; the
    # fifth could never beat greedy's choice by the margin
    assert turns.still_running(runs, 0) == [0, 1, 3]
    assert turns.still_running(_runs([1.0, 1.0], [1.0, 1.0]), 0) == [0]  # nothing to decide


def test_the_budget_affords_a_few_rollouts_each_to_as_many_candidates_as_it_can():
    assert turns.affordable(0.1, 1.0, 14) == int(1.0 / (0.1 * turns.SEEDS_WANTED))
    assert turns.affordable(2.0, 1.0, 14) == 1  # greedy's choice alone
    assert turns.affordable(0.0, 1.0, 5) == 5


def test_the_search_looks_ahead_in_turns_on_its_own_turn_and_explains_it():
    from game.ai.explain import explanation, explanation_text

    controller = _battle()
    agent = SearchAgent(0, budget=None)
    action = agent.choose(controller)
    info = explanation(agent)
    first = info["candidates"][0]
    assert info["chosen"] == action.to_text()
    rollouts = len(agent.last[0].turn_values)
    assert first["rollouts"] == rollouts >= 2 and info["look_ahead"] == "turns"
    assert first["reply"] is not None and not first["own_follow_up"]
    assert first["odds"] == []  # the rollouts sample the dice: no exact odds to show
    assert f"after the opponents' next turn ({rollouts} rollouts)" in explanation_text(info)


def test_turns_are_skipped_when_too_dear_for_the_budget_and_tried_again_now_and_then():
    from game.ai import search

    agent = SearchAgent(0, budget=0.5)
    assert agent.turns_affordable()  # nothing measured yet
    agent._timing["rollout"] = 0.01
    assert agent.turns_affordable()
    agent._timing["rollout"] = 0.5 * search.TURN_SHARE  # one rollout eats the whole share
    tries = [agent.turns_affordable() for _ in range(2 * search.REMEASURE)]
    assert tries.count(True) == 2
    assert SearchAgent(0, budget=None).turns_affordable()  # no budget: always


def test_a_rollout_cut_by_the_budget_still_tells_its_cost():
    controller = _battle()
    state = controller.state
    action = GreedyAgent(0).choose(controller)
    calls = []

    def budget():
        calls.append(1)
        if len(calls) > 3:
            raise OutOfTime

    timing = {}
    cands = [Candidate(action, 1.0), Candidate(action, 0.5)]
    pick = turns.look_ahead(controller.ruleset, state, controller.geo, state.active, cands,
                            random.Random(1), budget, 10.0 ** 9, None, timing)
    assert pick is cands[0] and cands[0].turn_values == []
    assert timing["rollout"] > 0


def test_before_the_last_round_the_turn_look_ahead_has_the_last_word_on_the_own_turn():
    controller = _battle()
    state = controller.state.copy()
    state.round = state.scenario.rounds - 1
    assert not SearchAgent.near_the_end(controller.ruleset, state)
    state.round = state.scenario.rounds
    assert SearchAgent.near_the_end(controller.ruleset, state)
    agent = SearchAgent(0, budget=None)
    agent.choose(controller)  # round 1, own turn: no challenger beyond the error
    assert agent.last_by == "turns"
    assert all(not c.values for c in agent.last)  # the tree did not run


def test_with_more_sides_the_horizon_is_after_every_other_sides_next_turn():
    ruleset = rulesets.get("warband")
    scenario = load_scenario(default_map_for("warband"))
    controller = TurnController(ruleset, scenario, 0, battle_forces(ruleset, 3, scenario))
    me = controller.state.active
    play = Playout(ruleset, controller.state.copy(), controller.geo, Dice(5))
    seen = []
    policy = GreedyAgent(5)

    class Watch:
        def choose(self, p):
            seen.append(p.state.active)
            return policy.choose(p)

    turns.play_to_horizon(play, me, Watch(), _never)
    assert play.state.active == me
    assert set(seen) == {0, 1, 2}  # both opponents had their turn before it stopped


def test_keyed_dice_give_the_same_event_the_same_faces_whatever_was_thrown_before():
    plain, busy = KeyedDice(7), KeyedDice(7)
    busy.roll(3, "Unit B charge", "2D6")  # a throw the other rollout never makes
    busy.shuffle(list(range(10)), "deck")
    for dice in (plain, busy):
        dice.roll(2, "Unit A charge", "2D6")
    assert plain.log[-1].values == busy.log[-1].values
    # a different seed, other faces
    others = [KeyedDice(s).roll(6, "Unit A charge", "2D6").values for s in range(8)]
    assert len(set(others)) == 8
    # fair within a rollout: every face about equally often over many keyed throws
    dice = KeyedDice(3)
    faces = [dice.d6("save") for _ in range(6000)]
    assert all(abs(faces.count(f) - 1000) < 120 for f in range(1, 7))
    # each throw of a key is its own: consecutive saves are not one face repeated
    assert len(set(zip(faces, faces[1:], strict=False))) == 36


def test_keyed_dice_are_seeded_the_same_in_every_process():
    import subprocess
    import sys

    code = ("from game.ai.playout import KeyedDice; "
            "print(KeyedDice(5).roll(8, 'Unit A charge', '2D6').values)")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env={"PYTHONHASHSEED": str(h), "PATH": ""}, check=True).stdout
            for h in (1, 2)}
    assert runs == {str(KeyedDice(5).roll(8, "Unit A charge", "2D6").values) + "\n"}


def test_a_rollout_can_play_more_turns_or_to_the_battles_end():
    controller = _battle("warband")
    me = controller.state.active
    returns = {}
    for turns_wanted in (1, 2, None):
        play = Playout(controller.ruleset, controller.state.copy(), controller.geo, KeyedDice(3))
        seen = []
        policy = GreedyAgent(3)

        class Watch:
            def choose(self, p, seen=seen, policy=policy):
                seen.append((p.state.round, p.state.active))
                return policy.choose(p)

        turns.play_to_horizon(play, me, Watch(), _never, None, turns_wanted)
        # the turn came back to the searcher this many times (the first is its own)
        returns[turns_wanted] = sum(1 for (_, a), (_, b) in zip(seen, seen[1:], strict=False)
                                    if a != me and b == me)
        if turns_wanted is None:
            assert play.state.over
        else:
            assert play.state.active == me and not play.state.over
    assert returns[1] == 0 and returns[2] == 1 and returns[None] >= 2


def test_the_horizon_is_the_battles_end_while_the_budget_affords_it():
    from game.ai import search

    assert SearchAgent(0, budget=None).horizon() == 1  # deterministic tests: the next turn
    agent = SearchAgent(0, budget=1.0)
    assert agent.horizon() is None  # unmeasured: tried
    agent._timing[turns.timing_key(None)] = 0.01
    assert agent.horizon() is None
    agent._timing[turns.timing_key(None)] = 1.0 / (turns.SEEDS_WANTED * 2)
    tries = [agent.horizon() for _ in range(2 * search.END_REMEASURE)]
    assert tries.count(None) == 2 and tries.count(1) == 2 * search.END_REMEASURE - 2


def test_the_explanation_says_when_the_rollouts_went_to_the_battles_end(monkeypatch):
    """(The soft stop is lifted: with it, whether a second round of rollouts starts before
    it depends on how fast the machine runs them, and a loaded one stopped after the first,
    which compares nothing and leaves the choice to the tree.)"""
    from game.ai import search
    from game.ai.explain import explanation, explanation_text

    monkeypatch.setattr(search, "TURN_SOFT", 1.0)
    controller = _battle()
    agent = SearchAgent(0, budget=2.0)  # nothing measured yet: the battle's end is tried
    agent.choose(controller)
    assert agent.last_by == "turns" and agent.last_horizon is None
    info = explanation(agent)
    first = info["candidates"][0]
    assert first["to_the_end"] and first["rollouts"] >= 2
    assert f"at the battle's end ({first['rollouts']} rollouts)" in explanation_text(info)


def test_a_challenger_leading_by_the_margin_is_worth_more_rollouts_past_the_soft_limit():
    assert turns.leading(_runs([1.0, 2.0], [1.5, 2.9]), 0, [0, 1])  # +0.7 on two seeds
    assert turns.leading(_runs([1.0], [2.0]), 0, [0, 1])  # one seed only: in the making
    assert not turns.leading(_runs([1.0, 2.0], [1.5, 2.3]), 0, [0, 1])  # +0.4: not enough
    assert not turns.leading(_runs([1.0, 2.0], [9.0, 9.0]), 0, [0])  # out of the running
    assert not turns.leading(_runs([1.0, 2.0], []), 0, [0, 1])  # no rollout yet


def test_past_the_soft_limit_no_new_round_starts_without_a_leader():
    controller = _battle()
    ruleset, geo, state = controller.ruleset, controller.geo, controller.state
    me = state.active
    action = GreedyAgent(0).choose(controller)
    other = next(a for a in controller.legal_actions() if a != action)
    cands = [Candidate(action, 1.0), Candidate(other, 0.5)]
    rng = random.Random(1)
    # a soft limit already past: the first round only, unless the challenger leads
    turns.look_ahead(ruleset, state, geo, me, cands, rng, _never, 10.0 ** 9, soft=0.0)
    gain = cands[1].turn_values[0] - cands[0].turn_values[0]
    if gain <= turns.TURN_MARGIN:
        assert len(cands[0].turn_values) == 1
    else:  # a leader: the rounds go on (while it leads)
        assert len(cands[0].turn_values) >= 2
    fresh = [Candidate(action, 1.0), Candidate(other, 0.5)]
    turns.look_ahead(ruleset, state, geo, me, fresh, random.Random(1), _never, 10.0 ** 9,
                     soft=10.0 ** 9)
    assert len(fresh[0].turn_values) >= 2  # not past it: the rounds go on


def test_a_ruleset_may_keep_the_look_ahead_to_the_next_turn():
    """legions' and cards' look-ahead cannot afford rollouts past the next turn
    (`TURN_HORIZONS = ()` in their search_hooks): their horizon is the next turn even when
    the budget would afford the end; squads (measured worse to the end) looks four turns at
    most; the others may go to the end."""
    from game import rulesets

    agent = SearchAgent(0, budget=1.0)
    agent._timing[turns.timing_key(None)] = 0.001  # cheap: the end is affordable
    assert agent.horizon(rulesets.get("squads")) == 4
    assert agent.horizon(rulesets.get("legions")) == 1
    assert agent.horizon(rulesets.get("cards")) == 1
    assert agent.horizon(rulesets.get("warband")) is None
    assert agent.horizon(rulesets.get("ranks")) is None


@pytest.mark.parametrize("ruleset_id", ["cards", "squads", "ranks"])
def test_the_last_round_gets_the_rulesets_own_rounds_of_rollouts(ruleset_id):
    """A ruleset that sets `last_round_turn_rounds` gets them in the battle's last round
    only; the others keep the shared rounds throughout."""
    controller = _battle(ruleset_id)
    ruleset, state = controller.ruleset, controller.state
    last = ruleset.battle_rounds(state.scenario)
    shared = (turns.FIXED_ROUNDS, turns.MAX_ROUNDS)
    own = getattr(ruleset, "last_round_turn_rounds", None)
    state.round = last - 1
    assert turns.turn_rounds(ruleset, state) == shared
    state.round = last
    assert turns.turn_rounds(ruleset, state) == (own or shared)
    if ruleset_id == "cards":
        assert own is not None and own[0] > turns.FIXED_ROUNDS and own[1] > turns.MAX_ROUNDS
