"""Engine speed for search, per ruleset, in CPU time: what a searcher pays per step.

Why these figures: a search agent copies the state, lists the legal actions and plays greedy
rollouts thousands of times per decision; issue 13 sets targets for each, printed beside them.
Run from the repository root: python -m benchmarks.engine [--seeds 5] [--repeat 1]
[--ruleset R ...]
[--by-kind]
(as a module, so that `game` is this checkout's package, not an installed one).
Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from game import ai, rulesets
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController

TARGET_BATTLE_MS = 150.0
TARGET_DECISION_MS = 100.0
COPIES = 200


def cpu() -> float:
    return time.process_time()


def copy_cost(state, copies: int = COPIES) -> float:
    """Mean CPU ms of one `GameState.copy()` of this state."""
    start = cpu()
    for _ in range(copies):
        state.copy()
    return (cpu() - start) * 1000 / copies


def greedy_battle(ruleset, scenario, seed: int) -> dict:
    """One greedy-vs-greedy battle with every step timed: the battle, each `legal_actions`
    listing (fresh: the controller's cache is cleared first), each decision, and copies."""
    controller = TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    players = {i: ai.make("greedy", seed * 31 + i) for i in range(2)}
    listings, decisions, copies = [], [], []
    battle = 0.0
    while not controller.over:
        start = cpu()
        controller.ruleset.legal_actions(controller.state, controller.geo)
        listings.append((cpu() - start) * 1000)
        if len(decisions) % 10 == 0:
            copies.append(copy_cost(controller.state, 20))
        start = cpu()
        action = players[controller.current_player()].choose(controller)
        controller.apply(action)
        took = cpu() - start
        battle += took
        decisions.append((took * 1000, action.kind))
    return {"battle_ms": battle * 1000, "listings": listings, "decisions": decisions,
            "copies": copies}


def least_busy(ruleset, scenario, seed: int, repeat: int) -> dict:
    """The battle played `repeat` times, each figure its least over the plays: on a shared
    machine other work only ever adds CPU time (caches, contention), and the battle is the same
    every time (same seed, same decisions), so the least is the nearest to its own cost."""
    runs = [greedy_battle(ruleset, scenario, seed) for _ in range(repeat)]
    best = min(runs, key=lambda r: r["battle_ms"])
    return {"battle_ms": best["battle_ms"],
            "listings": [min(x) for x in zip(*(r["listings"] for r in runs), strict=True)],
            "decisions": [min(x) for x in zip(*(r["decisions"] for r in runs), strict=True)],
            "copies": [min(x) for x in zip(*(r["copies"] for r in runs), strict=True)]}


def measure(ruleset_id: str, seeds: int, repeat: int = 1) -> dict:
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    runs = [least_busy(ruleset, scenario, seed, repeat) for seed in range(seeds)]
    listings = [x for r in runs for x in r["listings"]]
    decisions = [d for r in runs for d in r["decisions"]]
    copies = [c for r in runs for c in r["copies"]]
    return {
        "ruleset": ruleset_id,
        "copy_ms": statistics.mean(copies),
        "legal_mean_ms": statistics.mean(listings),
        "legal_max_ms": max(listings),
        "battle_median_ms": statistics.median(r["battle_ms"] for r in runs),
        "slowest_decision": max(decisions),
        "by_kind": by_kind(decisions, len(runs)),
    }


def by_kind(decisions: list[tuple[float, str]], battles: int) -> list[tuple[str, float, float]]:
    """(kind, decisions per battle, CPU ms per battle) for each action kind chosen, dearest
    first: where a greedy battle spends its time, to know what to make cheaper."""
    total: dict[str, list[float]] = {}
    for ms, kind in decisions:
        entry = total.setdefault(kind, [0, 0.0])
        entry[0] += 1
        entry[1] += ms
    rows = [(kind, n / battles, ms / battles) for kind, (n, ms) in total.items()]
    return sorted(rows, key=lambda row: -row[2])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--ruleset", nargs="*", default=None)
    parser.add_argument("--repeat", type=int, default=1,
                        help="play each battle this many times and keep the least CPU time of "
                             "each step (a shared machine only ever adds time). The plays after "
                             "the first find the rulesets' caches warm (the same "
                             "positions again): the cold figure is --repeat 1")
    parser.add_argument("--by-kind", action="store_true",
                        help="also print, per action kind chosen, decisions and CPU ms per battle")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"CPU ms; targets: battle <= {TARGET_BATTLE_MS:g}, slowest decision <= "
          f"{TARGET_DECISION_MS:g} (issue 13); {args.seeds} seeds, least of {args.repeat} "
          f"plays; load average {load:.1f} on {os.cpu_count()} cores")
    for ruleset_id in args.ruleset or rulesets.ids():
        m = measure(ruleset_id, args.seeds, args.repeat)
        slow_ms, slow_kind = m["slowest_decision"]
        battle_ok = "ok" if m["battle_median_ms"] <= TARGET_BATTLE_MS else "MISSED"
        decision_ok = "ok" if slow_ms <= TARGET_DECISION_MS else "MISSED"
        print(f"{ruleset_id:8} copy {m['copy_ms']:.3f}  legal_actions mean "
              f"{m['legal_mean_ms']:.1f} max {m['legal_max_ms']:.1f}  battle median "
              f"{m['battle_median_ms']:.0f} (target {TARGET_BATTLE_MS:g}: {battle_ok})  "
              f"slowest decision {slow_ms:.0f} [{slow_kind}] (target "
              f"{TARGET_DECISION_MS:g}: {decision_ok})", flush=True)
        if args.by_kind:
            print("         " + ", ".join(f"{kind} {n:.0f}x {ms:.0f} ms"
                                           for kind, n, ms in m["by_kind"]), flush=True)


if __name__ == "__main__":
    main()
