"""Search against greedy, seats swapped: wins per agent, mean margin ± SE, decision CPU time.

Why both seats: the two armies of a map are not equal, so an agent is only better if it wins
from either seat. With more sides (warband), one search agent takes each seat in turn among
greedy opponents. Issue 13's targets are printed beside the figures: search wins >= 75% of
two-sided battles (>= 50% with more sides) with a decision median <= 0.5 s and p95 <= 1.1 s.
Run from the repository root: python -m benchmarks.ai [--seeds 20] [--first-seed 0]
[--budget 1.0] [--ruleset R ...] [--sides N] [--progress] [--jobs 2]
`--jobs` plays battles in that many processes (each search decision is timed in its own
process's CPU time, so the figures do not depend on it; a busy machine only takes longer), and
`--first-seed` extends an earlier run without replaying it. Per seat, the search's wins are
printed too: where one army is stronger, the seat it sits in decides many battles.
Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from game import ai, rulesets
from game.io.tmx import default_map_for, load_scenario
from game.sim import agent_figures, battle_forces
from game.turn import TurnController


def battle(ruleset, scenario, seed: int, seated: list[str], budget: float,
           times: list[float], overrides: list[str] | None = None) -> dict:
    """One battle; the search agent's decision CPU times go to `times`, and for each
    decision where it played other than greedy's choice, the look-ahead that decided
    ("turns" or "tree") to `overrides`."""
    controller = TurnController(ruleset, scenario, seed,
                                battle_forces(ruleset, len(seated), scenario))
    players = {i: ai.make(name, seed * 31 + i, budget) for i, name in enumerate(seated)}
    while not controller.over:
        player = players[controller.current_player()]
        choice = len(controller.legal_actions()) > 1  # else `last` is an older decision's
        start = time.process_time()
        action = player.choose(controller)
        if player.name == "search":
            times.append(time.process_time() - start)
            cands = player.last
            if choice and overrides is not None and cands and \
                    max(cands, key=lambda c: c.greedy).action != action:
                overrides.append(player.last_by)
        controller.apply(action)
    return controller.state.result


def seat_orders(sides: int) -> list[list[str]]:
    return [["greedy"] * seat + ["search"] + ["greedy"] * (sides - seat - 1)
            for seat in range(sides)]


def _one(ruleset_id: str, seed: int, seated: list[str], budget: float) -> tuple:
    """One battle, in a worker process: (seed, seating, result, decision times, overrides,
    the battle's CPU seconds)."""
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    times: list[float] = []
    overrides: list[str] = []
    start = time.process_time()
    result = battle(ruleset, scenario, seed, seated, budget, times, overrides)
    return seed, seated, result, times, overrides, time.process_time() - start


def run(ruleset_id: str, seeds: int, budget: float, sides: int, progress: bool = False,
        first_seed: int = 0, jobs: int = 1) -> dict:
    games = [(ruleset_id, seed, seated, budget) for seed in range(first_seed, first_seed + seeds)
             for seated in seat_orders(sides)]
    results, times, overrides = [], [], []
    by_seat = [0] * sides
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        # one job: in this process, its caches warm from battle to battle as they always were
        play = pool.map if pool is not None else map
        for seed, seated, result, t, o, cpu in play(_one, *zip(*games, strict=True)):
            results.append((seated, result))
            times += t
            overrides += o
            winner = result.get("winner")
            if winner is not None and seated[winner] == "search":
                by_seat[winner] += 1
            if progress:  # one line per battle, so that a run cut short still tells
                print(f"  {ruleset_id} seed {seed} seats {','.join(seated)}: winner "
                      f"{seated[winner] if winner is not None else 'none'}, points "
                      f"{list(result['points'])}, {cpu:.0f} s CPU", flush=True)
    figures = agent_figures(results, ["search", "greedy"])
    times.sort()
    figures["battles"] = len(results)
    figures["by_seat"] = by_seat
    figures["median"] = statistics.median(times) if times else 0.0
    figures["p95"] = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    figures["decisions"] = len(times)
    figures["overrides"] = {by: overrides.count(by) for by in ("turns", "tree")}
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--budget", type=float, default=ai.DEFAULT_BUDGET)
    parser.add_argument("--ruleset", nargs="*", default=None)
    parser.add_argument("--sides", type=int, default=2)
    parser.add_argument("--progress", action="store_true", help="a line per battle")
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed played")
    parser.add_argument("--jobs", type=int, default=1, help="battles played at once")
    args = parser.parse_args()
    share = 0.75 if args.sides == 2 else 0.5
    print(f"search vs greedy, {args.seeds} seeds x {args.sides} seats, budget {args.budget:g} s "
          f"CPU; targets: search wins >= {share:.0%}, decision median <= 0.5 s, p95 <= 1.1 s")
    for ruleset_id in args.ruleset or rulesets.ids():
        if args.sides > getattr(rulesets.get(ruleset_id), "max_sides", 2):
            continue
        f = run(ruleset_id, args.seeds, args.budget, args.sides, args.progress,
                args.first_seed, args.jobs)
        won = f["wins_by_agent"]["search"] / f["battles"]
        print(f"{ruleset_id:8} battles {f['battles']}: search {f['wins_by_agent']['search']} "
              f"greedy {f['wins_by_agent']['greedy']} ({won:.0%} "
              f"{'ok' if won >= share else 'MISSED'}); search margin {f['mean_margin']:+.2f} "
              f"± {f['margin_se']:.2f}; decisions {f['decisions']}: median "
              f"{f['median']:.3f} s p95 {f['p95']:.3f} s; overrides of greedy: turns "
              f"{f['overrides']['turns']} tree {f['overrides']['tree']}; search's wins by seat "
              f"{f['by_seat']} of {args.seeds} each", flush=True)


if __name__ == "__main__":
    main()
