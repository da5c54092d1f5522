"""A shipped greedy battle, decision by decision, for tests that check a shortcut against the
long way on real positions (not only hand-built ones): the ruleset's default map and forces,
greedy on every side (side i seeded `seed * 31 + i`, as `game simulate` seats them)."""

from game import ai, rulesets
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController


def greedy_states(ruleset_id: str, seed: int, steps: int, keep=lambda state: True):
    """(ruleset, table, [a copy of the state before each of the first `steps` decisions that
    `keep` accepts]) of the shipped greedy battle of `seed`."""
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    controller = TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    players = {i: ai.make("greedy", seed * 31 + i) for i in range(2)}
    states = []
    for _ in range(steps):
        if controller.over:
            break
        if keep(controller.state):
            states.append(controller.state.copy())
        controller.apply(players[controller.current_player()].choose(controller))
    return ruleset, controller.geo, states
