"""Rebuilding any point of a battle from its timeline, against the issue's 50 ms budget.

Each game is played to the end (greedy against random, seeded as `simulate` seeds them), then
every point from the start to the end is rebuilt once, in a shuffled order (so each rebuild
comes from some other point, back or forward). CPU time (`time.process_time`), per ruleset:
the median and the max over all points of all games. Also: the time to load a save of the
whole battle (a save is rebuilt decision by decision and checked) and, with --memory, what a
battle with its snapshots holds (tracemalloc, in a separate run).

Run: python benchmarks/timeline.py [--games 2] [--seed 0] [--ruleset R ...] [--memory]
Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from game import rulesets
from game.io.battle_saves import load_battle, save_battle
from game.io.tmx import default_map_for, load_scenario
from game.timeline import new_battle, play_on


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ruleset", nargs="*", default=None)
    parser.add_argument("--memory", action="store_true",
                        help="also play each game again under tracemalloc (slow)")
    args = parser.parse_args()
    for ruleset_id in args.ruleset or rulesets.ids():
        scenario = load_scenario(default_map_for(ruleset_id))
        timings: list[float] = []
        decisions = rounds = snapshots = 0
        loads: list[float] = []
        memory = 0
        for game in range(args.games):
            seed = args.seed + game
            timeline, players = new_battle(ruleset_id, scenario, seed, ["greedy", "random"])
            play_on(timeline, players)
            decisions += timeline.position
            snapshots += timeline.snapshot_count
            rounds = max(rounds, timeline.state.round)
            points = list(range(timeline.position + 1))
            random.Random(seed).shuffle(points)
            for point in points:
                start = time.process_time()
                timeline.go_to(point)
                timings.append(time.process_time() - start)
            with tempfile.TemporaryDirectory() as folder:
                path = save_battle(Path(folder) / "battle.json", timeline, players)
                start = time.process_time()
                load_battle(path)
                loads.append(time.process_time() - start)
            if args.memory:  # apart: tracing slows play, and slow decisions get more snapshots
                memory = max(memory, battle_memory(ruleset_id, scenario, seed))
        print(f"{ruleset_id}: {args.games} games, {decisions} decisions, up to {rounds} "
              f"rounds; rebuilding any point: median {statistics.median(timings) * 1000:.2f} "
              f"ms, max {max(timings) * 1000:.1f} ms CPU ({len(timings)} points, "
              f"{snapshots} snapshots); loading a save of the whole battle: max "
              f"{max(loads):.2f} s CPU"
              + (f"; memory of a battle with its snapshots: at most {memory / 1e6:.1f} MB"
                 if args.memory else ""))


def battle_memory(ruleset_id: str, scenario, seed: int) -> int:
    """Bytes a whole battle's timeline holds (the state, the log, every snapshot)."""
    tracemalloc.start()
    timeline, players = new_battle(ruleset_id, scenario, seed, ["greedy", "random"])
    play_on(timeline, players)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del timeline
    return held


if __name__ == "__main__":
    main()
