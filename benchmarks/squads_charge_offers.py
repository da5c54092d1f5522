"""How often a squads charge target in reach of the roll gets no offer, and whether one existed.

Plays greedy battles (both sides greedy) on the shipped map. At every rolled charge, each enemy
unit within the roll that no offered `charge_move` names is a "declined" target; for each, a
separate, much wider random search (many randomized placements, each checked by the rules'
own `move_problem`, constraint 3 included) decides whether a legal placement existed.

Run from the repository root: PYTHONPATH=. python benchmarks/squads_charge_offers.py
[--games 100] [--seed 0] [--tries 40] (without PYTHONPATH the installed `game` is measured).
Prints counts and CPU time (time.process_time); it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from game import ai, rulesets
from game.core.errors import IllegalAction
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.squads import charge
from game.turn import TurnController

#: Candidate spots drawn per model per attempt, and how many of the best get a path check.
SAMPLES = 48
PATH_CHECKS = 12


def _gap(a, ax, ay, b, bx, by) -> float:
    """Edge-to-edge distance of two round bases (squads bases are round)."""
    return math.hypot(ax - bx, ay - by) - a.base.radius - b.base.radius


def deep_search(s, geo, unit_id: str, target: str, roll: int, rng: random.Random,
                tries: int) -> dict | None:
    """A randomized search for any placement `move_problem` accepts (independent of the
    solver): models in a jittered near-first order, each at the best of many random spots
    round the target's models and round the models already placed (or staying put)."""
    mine = s.alive_models(unit_id)
    goals = s.alive_models(target)
    forbidden = [m for e in s.enemy_units(s.units[unit_id].side) if e.id != target
                 for m in s.alive_models(e.id)]
    for _ in range(tries):
        order = sorted(mine, key=lambda m: min(_gap(m, m.x, m.y, g, g.x, g.y) for g in goals)
                       + rng.uniform(0.0, 4.0))
        trial = s.copy()
        placed: list = []
        dest = {}
        for m in order:
            start = min(_gap(m, m.x, m.y, g, g.x, g.y) for g in goals)
            options = [(m.x, m.y)]
            for _ in range(SAMPLES):
                anchor = (rng.choice(placed) if placed and rng.random() < 0.5
                          else rng.choice(goals))
                angle = rng.uniform(0.0, 2 * math.pi)
                spread = anchor.base.radius + m.base.radius + rng.uniform(0.0, 2.0)
                options.append((round(anchor.x + spread * math.cos(angle), 3),
                                round(anchor.y + spread * math.sin(angle), 3)))
            scored = []
            for x, y in options:
                moved = (x, y) != (m.x, m.y)
                near = min(_gap(m, x, y, g, g.x, g.y) for g in goals)
                if moved and (near >= start - 1e-6 or math.hypot(x - m.x, y - m.y) > roll):
                    continue
                if any(_gap(m, x, y, f, f.x, f.y) <= 2.0 for f in forbidden):
                    continue
                links = sum(1 for p in placed if _gap(m, x, y, p, p.x, p.y) <= 2.0)
                scored.append((near > 1.0, not (links or not placed), near, x, y, moved))
            scored.sort()
            checked = 0
            for *_, x, y, moved in scored:
                if moved:
                    if checked >= PATH_CHECKS:
                        continue
                    checked += 1
                    if geo.placement_problem(trial, {m.id: (x, y)}) is not None:
                        continue
                    length = geo.path_length(s, m, (x, y))
                    if length is None or length > roll + 1e-6:
                        continue
                trial.models[m.id].x, trial.models[m.id].y = x, y
                placed.append(trial.models[m.id])
                if moved:
                    dest[m.id] = (x, y)
                break
        if charge.move_problem(s, geo, unit_id, (target,), dest, roll) is None:
            return dest
    return None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tries", type=int, default=40)
    args = parser.parse_args()
    ruleset = rulesets.get("squads")
    scenario = load_scenario(default_map_for("squads"))
    rng = random.Random(args.seed)
    counts = {"rolled charges": 0, "targets in reach": 0, "offered": 0, "declined": 0,
              "declined, a legal placement existed": 0}
    listing = {"charge targets": [0.0, 0], "every other listing": [0.0, 0]}
    search_cpu = 0.0
    cases = []
    start_cpu = time.process_time()
    for game_seed in range(args.seed, args.seed + args.games):
        controller = TurnController(ruleset, scenario, game_seed)
        agents = {i: ai.make("greedy", game_seed * 31 + i) for i in (0, 1)}
        while not controller.over:
            s, geo = controller.state, controller.geo
            charge._solved.clear()  # time the listing itself, not the solver's memory
            t0 = time.process_time()
            offered = ruleset.legal_actions(s, geo)
            pending = s.pending.get("charge") if s.phase == "charge" else None
            bucket = listing["charge targets" if pending else "every other listing"]
            bucket[0] += time.process_time() - t0
            bucket[1] += 1
            if pending:
                counts["rolled charges"] += 1
                named = {t for a in offered if a.kind == "charge_move" for t in a.targets}
                for t in pending["reachable"]:
                    counts["targets in reach"] += 1
                    if t in named:
                        counts["offered"] += 1
                        continue
                    counts["declined"] += 1
                    t1 = time.process_time()
                    found = deep_search(s, geo, pending["unit"], t, pending["roll"], rng,
                                        args.tries)
                    search_cpu += time.process_time() - t1
                    if found is not None:
                        counts["declined, a legal placement existed"] += 1
                        cases.append((game_seed, s.round, s.units[pending["unit"]].name,
                                       s.units[t].name, pending["roll"]))
            try:
                controller.apply(agents[controller.current_player()].choose(controller))
            except IllegalAction as exc:  # an offered action refused: count it, next battle
                counts["offered actions refused"] = counts.get("offered actions refused", 0) + 1
                print(f"    seed {game_seed}: an offered action was refused: {exc}")
                break
    total = time.process_time() - start_cpu
    print(f"squads charge offers over {args.games} greedy battles (seeds {args.seed}.."
          f"{args.seed + args.games - 1}):")
    for name, value in counts.items():
        print(f"  {name}: {value}")
    for game_seed, rnd, unit, target, roll in cases:
        print(f"    seed {game_seed} round {rnd}: {unit} -> {target}, roll {roll}")
    for name, (cpu, calls) in listing.items():
        print(f"  legal_actions, {name}: {calls} calls, {cpu:.2f} s CPU, "
              f"{1000 * cpu / max(calls, 1):.1f} ms each")
    print(f"  CPU: {total:.1f} s in all, {search_cpu:.1f} s of it in the wider search")


if __name__ == "__main__":
    main()
