"""The rollout policy (`rollout.RolloutPolicy`): a model of greedy that is a player, never a
rule. It plays only what is offered, picks greedy's target set after a charge roll, is greedy
itself when the position is already listed; and the log's unreachable-target notes, now asked
target by target, say what the whole listing says."""

from game import ai, rulesets
from game.ai.greedy import GreedyAgent
from game.ai.playout import KeyedDice, Playout
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.squads import charge
from game.rulesets.squads.evaluation import action_value
from game.rulesets.squads.rollout import RolloutPolicy
from game.sim import battle_forces
from game.turn import TurnController

RULESET = rulesets.get("squads")


def _controller(seed):
    scenario = load_scenario(default_map_for("squads"))
    return TurnController(RULESET, scenario, seed, battle_forces(RULESET, 2, scenario))


def _greedy_positions(seed):
    """Every position a greedy battle of this seed passes through (the controller, live)."""
    c = _controller(seed)
    players = {i: ai.make("greedy", seed * 31 + i) for i in range(2)}
    while not c.over:
        yield c, players[c.current_player()]
        c.apply(players[c.current_player()].choose(c))


class Unlisted(Playout):
    """A playout that lists nothing it is not asked for: the Command phase's automatic step
    is its only one (what the policy is for: a controller that has not listed the offers)."""

    def take_automatic_steps(self):
        while not self.state.over and self.state.phase == "command":
            (step,) = self.ruleset.legal_actions(self.state, self.geo)
            self.ruleset.apply(self.state, step, self.geo, self.dice)


class Bare:
    """The controller's position, unlisted."""

    listed = None

    def __init__(self, c):
        self.state, self.geo, self.ruleset = c.state, c.geo, c.ruleset


def test_the_policy_plays_a_whole_battle_with_offered_actions_only():
    c = _controller(3)
    play = Unlisted(RULESET, c.state.copy(), c.geo, KeyedDice(3))
    policy = RolloutPolicy(3)
    kinds = set()
    for _ in range(2000):
        if play.over:
            break
        choice = policy.choose(play)
        assert choice in RULESET.legal_actions(play.state, play.geo), choice
        kinds.add(choice.kind)
        play.apply(choice)  # apply refuses anything illegal
    assert play.over
    assert {"move", "charge_move", "end_phase"} <= kinds


def test_after_a_roll_the_policy_picks_greedys_target_set():
    looked = 0
    for seed in (0, 1, 2):
        for c, greedy in _greedy_positions(seed):
            if c.state.phase != "charge" or "charge" not in c.state.pending:
                continue
            values = sorted((action_value(c.state, a, c.geo) for a in c.legal_actions()),
                            reverse=True)
            if len(values) > 1 and values[0] - values[1] < 1e-9:
                continue  # a tie: each breaks it by its own draw
            assert RolloutPolicy(seed).choose(Bare(c)) == greedy.choose(c)
            looked += 1
    assert looked >= 5


def test_on_a_listed_position_the_policy_is_greedy():
    for c, _ in _greedy_positions(1):
        if c.state.round > 2:
            break
        play = Playout(RULESET, c.state.copy(), c.geo, KeyedDice(0))
        play.legal_actions()
        assert RolloutPolicy(5).choose(play) == GreedyAgent(5).choose(play)


def test_unreachable_notes_are_those_of_the_whole_listing():
    looked = 0
    for seed in (0, 4):
        for c, _ in _greedy_positions(seed):
            pending = c.state.pending.get("charge")
            if c.state.phase != "charge" or not pending:
                continue
            unit, roll, reachable = pending["unit"], pending["roll"], pending["reachable"]
            offered = {t for a in c.legal_actions() if a.kind == "charge_move"
                       for t in a.targets}
            long_way = [charge.cannot_reach(c.state.units[t].name,
                                            charge.solve(c.state, c.geo, unit, (t,), roll)[1])
                        for t in reachable if t not in offered]
            assert charge.unreachable_notes(c.state, c.geo, unit, roll, reachable) == long_way
            looked += 1
    assert looked >= 5
