"""The slowest single AI decisions (choose + apply) per ruleset, against DESIGN's 1 s budget.

Run: python benchmarks/decisions.py [--games 8] [--ruleset R ...]
Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics
import time

from game import ai, rulesets
from game.io.tmx import default_map_for, load_scenario
from game.turn import TurnController


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--ruleset", nargs="*", default=None)
    args = parser.parse_args()
    for ruleset_id in args.ruleset or rulesets.ids():
        ruleset = rulesets.get(ruleset_id)
        scenario = load_scenario(default_map_for(ruleset_id))
        timings: list[tuple[float, str]] = []
        for seed in range(args.games):
            controller = TurnController(ruleset, scenario, seed)
            agents = {0: ai.make("greedy", seed), 1: ai.make("greedy", seed + 1)}
            while not controller.over:
                start = time.perf_counter()
                action = agents[controller.current_player()].choose(controller)
                controller.apply(action)
                timings.append((time.perf_counter() - start, action.kind))
        timings.sort(reverse=True)
        worst = ", ".join(f"{t * 1000:.0f} ms ({kind})" for t, kind in timings[:3])
        print(f"{ruleset_id}: {len(timings)} greedy decisions, median "
              f"{statistics.median(t for t, _ in timings) * 1000:.1f} ms, slowest {worst}")


if __name__ == "__main__":
    main()
