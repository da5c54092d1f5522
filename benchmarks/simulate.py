"""Headless battle speed: battles per second and seconds per battle on the shipped map.

Run: python benchmarks/simulate.py [--ruleset squads] [--games N]
Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics
import time

from game import ai, rulesets
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController


def battle(ruleset, scenario, seed, agents):
    controller = TurnController(ruleset, scenario, seed,
                                battle_forces(ruleset, len(agents), scenario))
    players = {i: ai.make(name, seed * 31 + i) for i, name in enumerate(agents)}
    actions = 0
    while not controller.over:
        controller.apply(players[controller.current_player()].choose(controller))
        actions += 1
    return actions, controller.state.round


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ruleset", default="squads")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--sides", type=int, default=2)
    args = parser.parse_args()
    ruleset = rulesets.get(args.ruleset)
    scenario = load_scenario(default_map_for(args.ruleset))
    for pairing in (("greedy", "greedy"), ("random", "random"), ("greedy", "random")):
        pairing = pairing + (pairing[1],) * (args.sides - 2)
        times, actions = [], []
        for seed in range(args.games):
            start = time.perf_counter()
            n, _ = battle(ruleset, scenario, seed, pairing)
            times.append(time.perf_counter() - start)
            actions.append(n)
        total = sum(times)
        print(f"{args.ruleset} {' vs '.join(pairing)}: {args.games / total:.2f} battles/s, "
              f"mean {statistics.mean(times) * 1000:.0f} ms/battle, max {max(times) * 1000:.0f} ms, "
              f"mean {statistics.mean(actions):.0f} actions/battle")


if __name__ == "__main__":
    main()
