"""Search against greedy, seats swapped: wins per agent, mean margin ± SE, decision CPU time.

Why both seats: the two armies of a map are not equal, so an agent is only better if it wins
from either seat. With more sides (warband), one search agent takes each seat in turn among
greedy opponents. Issue 13's targets are printed beside the figures: search wins >= 75% of
two-sided battles (>= 50% with more sides) with a decision median <= 0.5 s and p95 <= 1.1 s.
Run from the repository root: python -m benchmarks.ai [--seeds 20] [--budget 1.0]
[--ruleset R ...] [--sides N] [--progress]
Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics
import time

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


def run(ruleset_id: str, seeds: int, budget: float, sides: int, progress: bool = False) -> dict:
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    results, times, overrides = [], [], []
    for seed in range(seeds):
        for seated in seat_orders(sides):
            start = time.process_time()
            result = battle(ruleset, scenario, seed, seated, budget, times, overrides)
            results.append((seated, result))
            if progress:  # one line per battle, so that a run cut short still tells
                winner = result.get("winner")
                print(f"  {ruleset_id} seed {seed} seats {','.join(seated)}: winner "
                      f"{seated[winner] if winner is not None else 'none'}, points "
                      f"{list(result['points'])}, {time.process_time() - start:.0f} s CPU",
                      flush=True)
    figures = agent_figures(results, ["search", "greedy"])
    times.sort()
    figures["battles"] = len(results)
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
    args = parser.parse_args()
    share = 0.75 if args.sides == 2 else 0.5
    print(f"search vs greedy, {args.seeds} seeds x {args.sides} seats, budget {args.budget:g} s "
          f"CPU; targets: search wins >= {share:.0%}, decision median <= 0.5 s, p95 <= 1.1 s")
    for ruleset_id in args.ruleset or rulesets.ids():
        if args.sides > getattr(rulesets.get(ruleset_id), "max_sides", 2):
            continue
        f = run(ruleset_id, args.seeds, args.budget, args.sides, args.progress)
        won = f["wins_by_agent"]["search"] / f["battles"]
        print(f"{ruleset_id:8} battles {f['battles']}: search {f['wins_by_agent']['search']} "
              f"greedy {f['wins_by_agent']['greedy']} ({won:.0%} "
              f"{'ok' if won >= share else 'MISSED'}); search margin {f['mean_margin']:+.2f} "
              f"± {f['margin_se']:.2f}; decisions {f['decisions']}: median "
              f"{f['median']:.3f} s p95 {f['p95']:.3f} s; overrides of greedy: turns "
              f"{f['overrides']['turns']} tree {f['overrides']['tree']}", flush=True)


if __name__ == "__main__":
    main()
