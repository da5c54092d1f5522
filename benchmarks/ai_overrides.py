"""Are the search's overrides of greedy right? Each one played out both ways, many times.

Why: the search loses to greedy in some rulesets; the only decisions where it can lose are
those where it plays something other than greedy's choice. For each such override met in a
search-vs-greedy battle, the state is kept and both choices (the search's and greedy's) are
played out to the end of the battle `--playouts` times, greedy on every side afterwards, the
same dice seeds for both choices (a paired comparison). The mean difference of the overriding
side's final margin, with its standard error, says whether the override was right (> +2 SE),
wrong (< -2 SE), or a toss-up; their mean, with its pooled error, says whether overriding
pays on the whole. "depth turn": the override came from the turn look-ahead.
Run from the repository root: python -m benchmarks.ai_overrides [--ruleset squads cards]
[--seeds 1] [--budget 0.5] [--playouts 8] [--overrides 8]
Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game import ai, rulesets
from game.ai.determinize import determinize
from game.ai.greedy import GreedyAgent
from game.ai.playout import Playout
from game.core.dice import Dice
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController


def final_margin(state, side: int) -> float:
    points = state.result["points"]
    return points[side] - max(p for i, p in enumerate(points) if i != side)


def play_out(ruleset, state, geo, action, seed: int, side: int, dice=Dice) -> float:
    """The side's final margin after `action` in `state`, greedy everywhere afterwards; the
    hidden order re-dealt by `seed` (the same world for both choices), the dice `dice(seed)`."""
    world = determinize(ruleset, state, random.Random(seed))
    play = Playout(ruleset, world, geo, dice(seed))
    play.apply(action)
    agents = [GreedyAgent(seed + i) for i in range(len(world.sides))]
    while not play.over:
        play.apply(agents[play.current_player()].choose(play))
    return final_margin(play.state, side)


def compare(ruleset, state, geo, mine, greedys, side: int, playouts: int) -> tuple[float, float]:
    """Mean and SE of (margin after the search's choice - margin after greedy's), paired."""
    diffs = [play_out(ruleset, state, geo, mine, 1000 + k, side)
             - play_out(ruleset, state, geo, greedys, 1000 + k, side) for k in range(playouts)]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return statistics.mean(diffs), se


def search_decisions(ruleset_id: str, seed: int, seat: int, budget: float):
    """A search-vs-greedy battle (the search in `seat`), decision by decision of the search:
    yields (controller, search agent, its action, whether it had a choice) before the action
    is applied; then (None, None, None, final margin of the search's side)."""
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    controller = TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    search = ai.make("search", seed * 31 + seat, budget)
    greedy = ai.make("greedy", seed * 31 + 1 - seat)
    while not controller.over:
        if controller.current_player() != seat:
            controller.apply(greedy.choose(controller))
            continue
        choice = len(controller.legal_actions()) > 1  # else `last` is an older decision's
        action = search.choose(controller)
        yield controller, search, action, choice
        controller.apply(action)
    yield None, None, None, final_margin(controller.state, seat)


def overrides(ruleset_id: str, seed: int, seat: int, budget: float, playouts: int,
              limit: int) -> list[dict]:
    rows, decisions = [], 0
    for controller, search, action, choice in search_decisions(ruleset_id, seed, seat, budget):
        if controller is None:
            break
        decisions += 1
        cands = search.last
        if choice and cands and len(rows) < limit:
            base = max(cands, key=lambda c: c.greedy)
            if base.action != action:
                pick = next(c for c in cands if c.action == action)
                ruleset = controller.ruleset
                mean, se = compare(ruleset, controller.state, controller.geo, action,
                                   base.action, seat, playouts)
                turns = search.last_by == "turns"
                gain = pick.turn_gain if turns else pick.mean - base.values.get(
                    pick.depth, float("nan"))
                rows.append({"kind": action.kind, "greedy_kind": base.action.kind,
                             "depth": "turn" if turns else pick.depth, "gain": gain,
                             "mean": mean, "se": se, "round": controller.state.round})
    for row in rows:
        row["decisions"] = decisions
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ruleset", nargs="*", default=["squads", "cards"])
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--overrides", type=int, default=8, help="at most this many a battle")
    args = parser.parse_args()
    print(f"search overrides of greedy, budget {args.budget:g} s CPU, each played out "
          f"{args.playouts} times both ways (paired dice, greedy afterwards)")
    for ruleset_id in args.ruleset:
        start = time.process_time()
        rows, decisions = [], 0
        for seed in range(args.seeds):
            for seat in (0, 1):
                got = overrides(ruleset_id, seed, seat, args.budget, args.playouts,
                                args.overrides)
                rows += got
                decisions += got[0]["decisions"] if got else 0
        right = sum(1 for r in rows if r["mean"] > 2 * r["se"] and r["mean"] > 0)
        wrong = sum(1 for r in rows if r["mean"] < -2 * r["se"] and r["mean"] < 0)
        total = sum(r["mean"] for r in rows)
        pooled = (sum(r["se"] ** 2 for r in rows) ** 0.5 / len(rows)) if rows else 0.0
        print(f"{ruleset_id:8} overrides looked at {len(rows)}: right {right}, wrong {wrong}, "
              f"toss-up {len(rows) - right - wrong}; summed margin change {total:+.2f} (mean "
              f"{total / max(1, len(rows)):+.2f} ± {pooled:.2f} per override); "
              f"{time.process_time() - start:.0f} s CPU", flush=True)
        for r in rows:
            print(f"    round {r['round']} depth {r['depth']} {r['kind']:12} over greedy's "
                  f"{r['greedy_kind']:12} search's gain {r['gain']:+.2f}; played out "
                  f"{r['mean']:+.2f} ± {r['se']:.2f}", flush=True)


if __name__ == "__main__":
    main()
