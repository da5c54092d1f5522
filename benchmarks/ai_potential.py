"""How much better than greedy's choice could the search's candidates play, and how much of it
does the search take? Each candidate of a decision played out to the battle's end, many times.

Why: `benchmarks.ai_overrides` judges the overrides the search made; it cannot see the ones it
missed. Here, for the search's decisions with a choice in search-vs-greedy battles, up to
`--candidates` of its candidates (greedy's choice, the search's pick, then the others in the
order the search ranked them) are each played out `--playouts` times to the battle's end,
greedy on every side afterwards, the same keyed dice for every candidate (a paired
comparison, `game.ai.playout.KeyedDice`). Per decision:
  - the pick's gain: the search's choice's mean final margin less greedy's choice's;
  - the best's gain, held out: the candidate that is best on the even playouts, its gain
    measured on the odd ones only (the best of several noisy means is biased upward; judged
    on playouts that did not choose it, it is not), so a lower bound of what a perfect judge
    of these candidates would gain.
Their sums over a battle's decisions say whether the search's candidate set holds gains it
misses (the best's gain far above the pick's: the estimator is what is short) or not (both
near zero: the candidates are).
Run from the repository root: python -m benchmarks.ai_potential [--ruleset ranks]
[--seeds 1] [--budget 1.0] [--playouts 16] [--candidates 6] [--every 2] [--decisions 12]
Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks import ai_overrides
from game.ai.playout import KeyedDice


def play_out(ruleset, state, geo, action, seed: int, side: int) -> float:
    """The side's final margin after `action`, greedy everywhere afterwards, with the keyed
    dice and the hidden order of `seed` (the same for every candidate)."""
    return ai_overrides.play_out(ruleset, state, geo, action, seed, side, KeyedDice)


def judge(ruleset, state, geo, actions: list, side: int, playouts: int) -> dict:
    """Every action's final margins by playout (index 0 is greedy's choice); the held-out
    best's gain and the gains' spread."""
    seeds = [7919 * k + 17 for k in range(playouts)]
    margins = [[play_out(ruleset, state, geo, a, s, side) for s in seeds] for a in actions]
    base = margins[0]

    def gain(i: int, half: slice) -> float:
        return statistics.mean(m - b for m, b in zip(margins[i][half], base[half],
                                                     strict=True))

    even, odd = slice(0, None, 2), slice(1, None, 2)
    best = max(range(len(actions)), key=lambda i: (gain(i, even), -i))
    return {"gains": [gain(i, slice(None)) for i in range(len(actions))],
            "best": best, "best_held_out": gain(best, odd),
            "spread": statistics.stdev([m - b for m, b in zip(margins[best], base,
                                                              strict=True)])
            if best and playouts > 1 else 0.0}


def potential(ruleset_id: str, seed: int, seat: int, budget: float, playouts: int,
              most: int, every: int, limit: int) -> tuple[list[dict], float]:
    rows, seen = [], 0
    for controller, search, action, choice in ai_overrides.search_decisions(
            ruleset_id, seed, seat, budget):
        if controller is None:
            return rows, choice  # the final margin
        cands = search.last
        if not (choice and len(cands) > 1):
            continue
        seen += 1
        if seen % every or len(rows) >= limit:
            continue
        base = max(cands, key=lambda c: c.greedy)
        ordered = [base.action, *([action] if action != base.action else []),
                   *[c.action for c in cands if c.action not in (base.action, action)]][:most]
        row = judge(controller.ruleset, controller.state, controller.geo, ordered, seat,
                    playouts)
        row.update(round=controller.state.round, by=search.last_by,
                   pick=ordered.index(action), kinds=[a.kind for a in ordered],
                   overridden=action != base.action)
        rows.append(row)
    return rows, 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ruleset", nargs="*", default=["ranks"])
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--playouts", type=int, default=16)
    parser.add_argument("--candidates", type=int, default=6)
    parser.add_argument("--every", type=int, default=2,
                        help="judge every this many decisions with a choice")
    parser.add_argument("--decisions", type=int, default=12, help="at most this many a battle")
    args = parser.parse_args()
    print(f"the search's candidates played out {args.playouts} times each to the end "
          f"(keyed dice, greedy afterwards), budget {args.budget:g} s CPU, every "
          f"{args.every} decisions with a choice, at most {args.decisions} a battle")
    for ruleset_id in args.ruleset:
        start = time.process_time()
        rows = []
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            for seat in (0, 1):
                got, margin = potential(ruleset_id, seed, seat, args.budget, args.playouts,
                                        args.candidates, args.every, args.decisions)
                rows += got
                print(f"  {ruleset_id} seed {seed} seat {seat}: final margin {margin:+.0f}; "
                      f"{len(got)} decisions judged", flush=True)
                for r in got:
                    gains = " ".join(f"{g:+.1f}" for g in r["gains"][1:])
                    print(f"    round {r['round']} by {r['by']:5} pick #{r['pick']} "
                          f"({r['kinds'][r['pick']]}) gain {r['gains'][r['pick']]:+.2f}; "
                          f"best #{r['best']} ({r['kinds'][r['best']]}) held out "
                          f"{r['best_held_out']:+.2f} (spread {r['spread']:.1f}); "
                          f"others {gains}", flush=True)
        if not rows:
            continue
        picks = [r["gains"][r["pick"]] for r in rows]
        best = [r["best_held_out"] for r in rows]
        print(f"{ruleset_id:8} decisions judged {len(rows)}: pick's gain mean "
              f"{statistics.mean(picks):+.2f}, sum {sum(picks):+.1f}; held-out best's gain "
              f"mean {statistics.mean(best):+.2f}, sum {sum(best):+.1f}; best held out > 1 "
              f"point in {sum(b > 1 for b in best)}; overrides {sum(r['overridden'] for r in rows)}"
              f"; {time.process_time() - start:.0f} s CPU", flush=True)


if __name__ == "__main__":
    main()
