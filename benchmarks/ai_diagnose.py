"""Why the search agent does (not) beat greedy: where its budget goes and how noisy it is.

Per ruleset, one battle (search in seat 0 against greedy) and, for the search's first
decisions with a real choice: rollouts per decision, plies per rollout, how rollouts ended
(the opponents replied and it is my turn again, ply limit, cut by the budget), whether the
candidates' leaves of one sampling round stand at the same point of the game (round, side,
phase: a fair comparison), the spread of one candidate's rollout margins against the gap
between the two best candidates, how often the search overrode greedy, and how often it
could have: a challenger to greedy's choice whose lines met the opponent's reply at a level of
at least two decisions (the search's condition for overriding, `SearchAgent.contest`).
Run from the repository root: python -m benchmarks.ai_diagnose [--budget 0.5] [--decisions 12]
[--agent search]
"""

from __future__ import annotations

import argparse
import statistics
import time

from game import ai, rulesets
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController


def _spread(values: list[float]) -> float:
    return statistics.stdev(values) if len(values) > 1 else 0.0


def diagnose(ruleset_id: str, budget: float, decisions: int, agent_name: str,
             seed: int = 0) -> dict:
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    controller = TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    search = ai.make(agent_name, seed, budget)
    greedy = ai.make("greedy", seed + 1)
    rows = []
    while not controller.over and len(rows) < decisions:
        who = controller.current_player()
        if who != 0 or len(controller.legal_actions()) < 2:
            controller.apply(greedy.choose(controller))
            continue
        search.stats = {}
        legal = len(controller.legal_actions())
        start = time.process_time()
        action = search.choose(controller)
        cpu = time.process_time() - start
        stats, cands = search.stats, search.last
        leaves: dict[int, set] = {}
        for round_, _, *point in stats.get("leaves", []):
            leaves.setdefault(round_, set()).add(tuple(point))
        means = sorted((c.mean for c in cands if c.samples), reverse=True)
        spreads = [_spread(list(c.by_round.values())) for c in cands
                   if len(getattr(c, "by_round", ())) > 1]
        base = max(cands, key=lambda c: c.greedy)
        depth, _, challenger = search.contest(cands)
        rows.append({
            "contest_depth": depth, "challenged": challenger is not None,
            "legal": legal, "candidates": len(cands), "cpu": cpu,
            "rollouts": stats.get("rollouts", stats.get("nodes", 0)),
            "depth": min((c.samples for c in cands), default=0),
            "plies": stats.get("plies", 0) / max(1, stats.get("rollouts", 0)),
            "ends": stats.get("ends", {}),
            "fair_rounds": sum(1 for pts in leaves.values() if len(pts) == 1) / max(1, len(leaves)),
            "gap": means[0] - means[1] if len(means) > 1 else 0.0,
            "spread": statistics.mean(spreads) if spreads else 0.0,
            "override": action != base.action,
        })
        controller.apply(action)
    return {"rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--agent", default="search")
    parser.add_argument("--ruleset", nargs="*", default=None)
    args = parser.parse_args()
    print(f"{args.agent} diagnosis, budget {args.budget:g} s CPU, first {args.decisions} "
          f"decisions with a choice, seed 0, search in seat 0")
    for ruleset_id in args.ruleset or rulesets.ids():
        rows = diagnose(ruleset_id, args.budget, args.decisions, args.agent)["rows"]
        if not rows:
            continue
        ends: dict[str, int] = {}
        for r in rows:
            for k, v in r["ends"].items():
                ends[k] = ends.get(k, 0) + v
        total = sum(ends.values()) or 1
        med = statistics.median
        print(f"{ruleset_id:8} decisions {len(rows)}: legal median {med(r['legal'] for r in rows)}"
              f", candidates median {med(r['candidates'] for r in rows)}; rollouts/decision "
              f"median {med(r['rollouts'] for r in rows)} (min {min(r['rollouts'] for r in rows)})"
              f", plies/rollout {statistics.mean(r['plies'] for r in rows):.1f}; ends "
              + ", ".join(f"{k} {v / total:.0%}" for k, v in sorted(ends.items()))
              + f"; rounds with all leaves at one point {statistics.mean(r['fair_rounds'] for r in rows):.0%}"
              f"; margin spread (sd of one candidate) {statistics.mean(r['spread'] for r in rows):.2f}"
              f" vs gap best-second {statistics.mean(r['gap'] for r in rows):.2f}; overrides "
              f"{sum(r['override'] for r in rows)}/{len(rows)}; CPU median "
              f"{med(r['cpu'] for r in rows):.2f} s; least depth (search) median "
              f"{med(r['depth'] for r in rows)}; a challenger met the reply at >= 2 decisions "
              f"in {sum(r['challenged'] for r in rows)}/{len(rows)} (median contest depth "
              f"{med(r['contest_depth'] for r in rows)})", flush=True)


if __name__ == "__main__":
    main()
