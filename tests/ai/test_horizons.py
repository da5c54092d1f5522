"""The turn look-ahead's horizon ladder (`SearchAgent.horizon`, a ruleset's `turn_horizons`):
the farthest horizon the budget affords, and why ranks needs more than the next turn."""

from types import SimpleNamespace

from game import rulesets
from game.ai import search, turns
from game.ai.explain import explanation, explanation_text
from game.ai.greedy import GreedyAgent
from game.ai.search import SearchAgent
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController

LADDER = SimpleNamespace(turn_horizons=(None, 4, 3, 2), horizon_remeasure=3)
TOO_DEAR = 1.0 / (turns.SEEDS_WANTED * search.END_CANDIDATES) * 1.5
AFFORDABLE = 1.0 / (turns.SEEDS_WANTED * search.END_CANDIDATES) * 0.5


def _agent(**costs) -> SearchAgent:
    agent = SearchAgent(0, budget=1.0)
    for turns_ahead, cost in costs.items():
        key = None if turns_ahead == "end" else int(turns_ahead[1:])
        agent._timing[turns.timing_key(key)] = cost
    return agent


def test_the_farthest_horizon_the_budget_affords_is_taken():
    assert _agent().horizon(LADDER) is None  # nothing measured: the end is tried
    assert _agent(end=AFFORDABLE).horizon(LADDER) is None
    assert _agent(end=TOO_DEAR).horizon(LADDER) == 4  # four turns not measured yet: tried
    assert _agent(end=TOO_DEAR, h4=AFFORDABLE).horizon(LADDER) == 4
    assert _agent(end=TOO_DEAR, h4=TOO_DEAR, h3=AFFORDABLE).horizon(LADDER) == 3
    every = _agent(end=TOO_DEAR, h4=TOO_DEAR, h3=TOO_DEAR, h2=TOO_DEAR)
    assert every.horizon(LADDER) == 1  # none affordable: the next turn


def test_a_horizon_too_dear_is_tried_again_every_so_many_decisions():
    """Rollouts get cheaper as the battle goes: each horizon found too dear is measured again
    on every `horizon_remeasure`-th decision that found it too dear."""
    agent = _agent(end=TOO_DEAR, h4=TOO_DEAR, h3=AFFORDABLE)
    assert [agent.horizon(LADDER) for _ in range(6)] == [3, 3, None, 4, 3, None]


def test_without_a_ladder_the_end_or_the_next_turn_as_before():
    """The default ladder is the battle's end alone, tried again every `END_REMEASURE`
    decisions when too dear."""
    agent = _agent(end=TOO_DEAR)
    plain = SimpleNamespace()
    tries = [agent.horizon(plain) for _ in range(search.END_REMEASURE)]
    assert tries == [1] * (search.END_REMEASURE - 1) + [None]


def test_a_horizon_past_the_next_turn_has_the_soft_stop_of_the_end():
    ruleset = rulesets.get("ranks")
    assert SearchAgent.soft_share(ruleset, None, 4) == search.TURN_SOFT
    assert SearchAgent.soft_share(ruleset, None, None) == search.TURN_SOFT


def _approach(seed: int = 0, decisions: int = 3):
    """A ranks battle of greedy play to seat 0's `decisions`-th order of round 1, when the
    armies are still out of each other's reach."""
    ruleset = rulesets.get("ranks")
    scenario = load_scenario(default_map_for("ranks"))
    controller = TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    agents, seen = [GreedyAgent(1), GreedyAgent(2)], 0
    while True:
        who = controller.current_player()
        if who == 0 and len(controller.legal_actions()) > 1:
            seen += 1
            if seen == decisions:
                return controller
        controller.apply(agents[who].choose(controller))


def test_ranks_approach_reads_the_same_for_every_order_at_the_next_turn_but_not_further():
    """Why ranks looks further than the next turn (its `TURN_HORIZONS`): in round 1 no unit
    reaches another within a turn, so every candidate order's rollout to the opponents' next
    turn ends in the same evaluation, while four turns on they differ."""
    controller = _approach()
    ruleset, state, geo = controller.ruleset, controller.state, controller.geo
    assert state.round == 1
    cands = SearchAgent(0).candidates(ruleset, state, geo, controller.legal_actions())[:5]

    def values(turns_ahead):
        return [[turns.rollout(ruleset, state, geo, 0, c.action, seed, lambda: None, None,
                               turns_ahead) for seed in (0, 1)] for c in cands]

    near, far = values(1), values(4)
    assert all(v == near[0] for v in near)
    assert any(v != far[0] for v in far)


def test_the_explanation_names_the_turns_looked_ahead(monkeypatch):
    """(The soft stop is lifted, as for the end's explanation test: a loaded machine would
    stop after one round, which compares nothing.)"""
    monkeypatch.setattr(search, "TURN_SOFT", 1.0)
    controller = _approach()
    agent = SearchAgent(0, budget=3.0)
    agent._timing[turns.timing_key(None)] = 3.0  # the end too dear: four turns are tried
    agent.choose(controller)
    assert agent.last_by == "turns" and agent.last_horizon == 4
    info = explanation(agent)
    first = info["candidates"][0]
    assert first["turns_ahead"] == 4 and not first["to_the_end"] and first["rollouts"] >= 2
    assert (f"after the opponents' next 4 turns ({first['rollouts']} rollouts)"
            in explanation_text(info))
