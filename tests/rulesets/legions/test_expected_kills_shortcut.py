"""The greedy values' melee estimate (evaluation.expected_kills) works out a model's best odds
once per S, WS and weapons, not once per model. Tested against the long way (every model's
odds worked out afresh, summed in the same order): the very same float for every pair of enemy
units, each weapon choice and a Shield wall's +1 T, at positions of a greedy battle with the
shipped forces (units whose models differ, a sergeant's weapons, and units whose models
share them)."""

from game import rulesets
from game.ai.greedy import GreedyAgent
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.legions import evaluation
from game.rulesets.legions.fight import attacks_of, standing, weapon_options
from game.sim import battle_forces
from game.turn import TurnController


def _long_way(s, attacker, target_id, models=None, choice=None, extra_t=0):
    ws, t, sample = evaluation._target_stats(s, target_id, extra_t)
    if sample is None:
        return 0.0
    total = 0.0
    for m in models if models is not None else standing(s, attacker):
        total += evaluation._best_odds(m, choice, ws, t, sample) * attacks_of(s, m)
    return total


def _positions(seed: int, every: int, count: int) -> list:
    ruleset = rulesets.get("legions")
    scenario = load_scenario(default_map_for("legions"))
    controller = TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    agent, out, step = GreedyAgent(seed), [], 0
    while not controller.over and len(out) < count:
        if step % every == 0:
            out.append(controller.state.copy())
        controller.apply(agent.choose(controller))
        step += 1
    return out


def test_a_models_best_odds_once_per_profile_give_the_long_ways_sum():
    compared = mixed = shared = 0
    for s in _positions(1, 25, 6):
        for unit in s.units.values():
            models = standing(s, unit.id) if s.unit_alive(unit.id) else []
            keys = [(m.profile["S"], m.profile["WS"], m.profile["weapons"]) for m in models]
            mixed += len(set(keys)) > 1
            shared += len(set(keys)) < len(keys)
            choices = sorted({c for m in models for c in weapon_options(m)})
            for target in s.enemy_units(unit.side):
                for choice in [None, *choices]:
                    for extra_t in (0, 1):
                        assert evaluation.expected_kills(
                            s, unit.id, target.id, choice=choice, extra_t=extra_t
                        ) == _long_way(s, unit.id, target.id, choice=choice, extra_t=extra_t)
                        compared += 1
                subset = models[1:]
                assert evaluation.expected_kills(s, unit.id, target.id, subset) == _long_way(
                    s, unit.id, target.id, subset)
    assert compared > 200 and mixed > 0 and shared > 0
