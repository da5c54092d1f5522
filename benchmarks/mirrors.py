"""Fair defaults: greedy mirrors of the shipped battles, with the forces swapped between seats.

Why both assignments: a battle's result mixes the army's strength with the seat's (who moves
first, which deployment zone, which objectives are near). Playing every seed twice, once with
the forces as shipped and once swapped, separates the two: wins per army say whether one force
is stronger, wins per seat whether going first (or the zone) is worth something.

Run from the repository root, as a module (so that this checkout's `game` is the one played,
not an installed copy; the first line printed says which):
    python -m benchmarks.mirrors [--ruleset R ...] [--seeds 20] [--start 0] [--battles]
                                 [--jobs 2] [--forces A,B --map file.tmx (one ruleset)]
Each seating of the forces plays in its own process (see `run_worker`); `--jobs` runs that
many at once. `--forces` and `--map` try other forces or a map variant without shipping them.
Prints, per ruleset: wins per army, wins per seat, wins of the first mover (the seat that made
the battle's first decision: not always seat 0 when a roll-off or a card decides who acts
first), draws, each army's mean VP margin (± standard error) and the CPU seconds the ruleset
took; warband also gets a 3- and a 4-side line (the warbands rotated round the seats, one
rotation per seed). Figures, not a pass/fail test; the
goal of the issue is that no army, no seat and not the first mover wins more than 60% of the
battles.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import game
from game import ai, rulesets
from game.core.errors import IllegalAction
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController

RULESETS = ("squads", "warband", "cards", "legions", "ranks")
#: A battle that has not ended after this many decisions is stopped and counted as a draw (an
#: AI loop must not hang the benchmark; it is reported).
MAX_ACTIONS = 20000
#: The issue's goal for a two-side mirror: no army and no seat wins more than this share.
GOAL = 0.6


@dataclass(frozen=True)
class Battle:
    """One finished battle: who sat where, the points per seat, the winning seat and the seat
    that made the battle's first decision (the first mover: seat 0 when turns go in seat order,
    else whoever a roll-off or the first card let act first)."""

    seed: int
    forces: tuple[str, ...]
    points: tuple[float, ...]
    winner: int | None
    rounds: int
    stopped: bool = False
    error: str | None = None
    first: int | None = None

    def line(self) -> str:
        if self.error:
            return f"  seed {self.seed:3d}  {' vs '.join(self.forces)}: RULES ERROR, {self.error}"
        won = "draw" if self.winner is None else f"seat {self.winner} ({self.forces[self.winner]})"
        score = " - ".join(f"{p:g}" for p in self.points)
        return (f"  seed {self.seed:3d}  {' vs '.join(self.forces)}: {score}, {won}, "
                f"{self.rounds} rounds{' (stopped)' if self.stopped else ''}")


def play(ruleset, scenario, seed: int, forces: list[str]) -> Battle:
    """One greedy-vs-greedy battle; agent seeds as `game simulate` gives them. An action that
    the rules offered and then refused (a rules bug) ends the battle: it is reported with the
    reason and left out of the figures."""
    controller = TurnController(ruleset, scenario, seed, list(forces))
    players = {i: ai.make("greedy", seed * 31 + i) for i in range(len(forces))}
    error = None
    for _ in range(MAX_ACTIONS):
        if controller.over:
            break
        try:
            controller.apply(players[controller.current_player()].choose(controller))
        except IllegalAction as exc:
            error = f"round {controller.state.round}: {exc.reason}"
            break
    result = controller.state.result if controller.over else {}
    points = tuple(result.get("points") or controller.score())
    return Battle(seed, tuple(forces), tuple(float(p) for p in points), result.get("winner"),
                  controller.state.round, stopped=not controller.over and error is None,
                  error=error, first=first_mover(controller))


def first_mover(controller: TurnController) -> int | None:
    """The seat that made the battle's first decision (steps the rules take by themselves,
    such as a roll-off or a card draw, are not decisions)."""
    return next((step.player for step in controller.history
                 if step.player is not None and step.action.option != "auto"), None)


def default_pair(ruleset, scenario, sides: int = 2) -> list[str]:
    """The forces a battle of `sides` sides plays when none are named (map, then ruleset)."""
    chosen = battle_forces(ruleset, sides, scenario)
    if chosen is not None:
        return list(chosen)
    state = ruleset.new_game(scenario, 0, None)
    return [side.force for side in state.sides]


def mean_se(values: list[float]) -> tuple[float, float]:
    if not values:
        return 0.0, 0.0
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, se


def summary(name: str, battles: list[Battle], armies: list[str], cpu: float) -> str:
    """Wins per army and per seat, draws, each army's mean margin over the best other side."""
    sides = len(armies)
    errors = [b for b in battles if b.error]
    battles = [b for b in battles if not b.error]
    n = len(battles)
    by_army = {a: 0 for a in armies}
    by_seat = [0] * sides
    first_wins = first_known = 0
    margins: dict[str, list[float]] = {a: [] for a in armies}
    draws = stopped = 0
    for b in battles:
        stopped += b.stopped
        first_known += b.first is not None
        if b.winner is None:
            draws += 1
        else:
            by_army[b.forces[b.winner]] += 1
            by_seat[b.winner] += 1
            first_wins += b.first is not None and b.winner == b.first
        for seat, army in enumerate(b.forces):
            others = [p for i, p in enumerate(b.points) if i != seat]
            margins[army].append(b.points[seat] - max(others))
    pct = lambda k: f"{k}/{n} ({100 * k / n:.0f}%)" if n else "0/0"  # noqa: E731
    lines = [f"{name}: {n} battles, CPU {cpu:.1f} s ({cpu / max(n, 1):.2f} s/battle)"]
    lines.append("  wins per army: " + ", ".join(f"{a} {pct(by_army[a])}" for a in armies))
    lines.append("  wins per seat: " + ", ".join(f"seat {i} {pct(k)}"
                                                 for i, k in enumerate(by_seat)))
    if first_known:
        lines.append(f"  wins of the first mover: {pct(first_wins)}")
    lines.append(f"  draws: {pct(draws)}" + (f"; stopped unfinished: {stopped}" if stopped else ""))
    for b in errors:
        lines.append(f"  left out (an offered action was refused): seed {b.seed}, "
                     f"{' vs '.join(b.forces)}, {b.error}")
    lines.append("  mean margin per army: " + ", ".join(
        "{} {:+.1f} ± {:.1f} VP".format(a, *mean_se(margins[a])) for a in armies))
    worst = max([*by_army.values(), *by_seat, first_wins]) / n if n else 0.0
    if sides == 2:
        verdict = "within" if worst <= GOAL else "ABOVE"
        lines.append(f"  largest share of wins: {100 * worst:.0f}% ({verdict} the 60% goal)")
    else:
        lines.append(f"  largest share of wins: {100 * worst:.0f}% (an even share is "
                     f"{100 / sides:.0f}%)")
    return "\n".join(lines)


def assignments(armies: list[str], seeds: range) -> dict[tuple[str, ...], list[int]]:
    """The seeds each seating of the forces plays: for 2 sides every seed both ways; for more
    sides one rotation per seed, cycling (seed k plays rotation k mod sides)."""
    sides = len(armies)
    out: dict[tuple[str, ...], list[int]] = {}
    for seed in seeds:
        for shift in (range(sides) if sides == 2 else [seed % sides]):
            out.setdefault(tuple(armies[shift:] + armies[:shift]), []).append(seed)
    return out


def run_worker(ruleset_id: str, forces: tuple[str, ...], seeds: list[int],
               map_path: str | None) -> subprocess.Popen:
    """One seating's battles in a fresh interpreter. Why: the rulesets keep caches between
    battles, and a cache that outlives a battle must not carry one force's moves into the
    next battle with the forces swapped (seen in ranks: its order cache is keyed by unit id
    and positions, not the unit's M, so a Pike Block was offered a Spear Wall's 5" march)."""
    command = [sys.executable, "-m", "benchmarks.mirrors", "--worker", "--ruleset", ruleset_id,
               "--forces", ",".join(forces), "--seed-list", ",".join(map(str, seeds))]
    if map_path:
        command += ["--map", str(map_path)]
    return subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parents[1])


def worker(ruleset_id: str, forces: list[str], seeds: list[int], map_path: str | None) -> None:
    """Play the battles and print one JSON line each, then the CPU seconds they took."""
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(map_path or default_map_for(ruleset_id))
    start = time.process_time()
    for seed in seeds:
        b = play(ruleset, scenario, seed, forces)
        print(json.dumps({"seed": b.seed, "forces": b.forces, "points": b.points,
                          "winner": b.winner, "rounds": b.rounds, "stopped": b.stopped,
                          "error": b.error, "first": b.first}), flush=True)
    print(json.dumps({"cpu": time.process_time() - start}), flush=True)


def mirrors(ruleset_id: str, seeds: range, show_battles: bool = False, sides: int = 2,
            armies: list[str] | None = None, map_path: str | None = None,
            jobs: int = 1) -> str:
    """Greedy mirrors of `ruleset_id`: every seed with every rotation of the forces round the
    seats for 2 sides (both assignments); for more sides, one rotation per seed (cycling).
    `armies` names the forces (default: the shipped battle's), `map_path` the map (default:
    the ruleset's shipped one); `jobs` seatings play at once (each in its own process)."""
    if not armies:
        ruleset = rulesets.get(ruleset_id)
        scenario = load_scenario(map_path or default_map_for(ruleset_id))
        armies = default_pair(ruleset, scenario, sides)
    armies = list(armies)
    sides = len(armies)
    pending = list(assignments(armies, seeds).items())
    battles: list[Battle] = []
    cpu = 0.0
    running: list[subprocess.Popen] = []
    while pending or running:
        while pending and len(running) < max(1, jobs):
            forces, its_seeds = pending.pop(0)
            running.append(run_worker(ruleset_id, forces, its_seeds, map_path))
        proc = running.pop(0)
        for line in proc.stdout:
            row = json.loads(line)
            if "cpu" in row:
                cpu += row["cpu"]
                continue
            battle = Battle(row["seed"], tuple(row["forces"]), tuple(row["points"]),
                            row["winner"], row["rounds"], row["stopped"], row["error"],
                            row["first"])
            if show_battles:
                print(battle.line(), flush=True)
            battles.append(battle)
        if proc.wait() != 0:
            raise SystemExit(f"a {ruleset_id} worker failed (exit {proc.returncode})")
    battles.sort(key=lambda b: (b.seed, b.forces != tuple(armies)))
    name = ruleset_id if sides == 2 else f"{ruleset_id} ({sides} sides)"
    return summary(name, battles, armies, cpu)


def children_cpu() -> float:
    """CPU seconds (user + system) of the finished worker processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", choices=RULESETS,
                        help="ruleset to measure (repeatable; default all five)")
    parser.add_argument("--seeds", type=int, default=20, help="seeds per ruleset (default 20)")
    parser.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--battles", action="store_true", help="print every battle's result")
    parser.add_argument("--forces", help="comma-separated force ids to play instead of the "
                                         "shipped ones (with a single --ruleset)")
    parser.add_argument("--map", help="a .tmx map to play instead of the shipped one "
                                      "(with a single --ruleset)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="seatings played at once, each in its own process (default 1)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seed-list", help=argparse.SUPPRESS)
    parser.add_argument("--no-multi", action="store_true",
                        help="warband: skip the 3- and 4-side lines")
    args = parser.parse_args()
    if args.worker:
        seed_list = [int(x) for x in args.seed_list.split(",")]
        return worker(args.ruleset[0], args.forces.split(","), seed_list, args.map)
    seeds = range(args.start, args.start + args.seeds)
    if (args.forces or args.map) and len(args.ruleset or ()) != 1:
        parser.error("--forces and --map need exactly one --ruleset")
    print(f"game package: {Path(game.__file__).parent}")
    total = time.process_time()
    for ruleset_id in args.ruleset or RULESETS:
        armies = args.forces.split(",") if args.forces else None
        print(mirrors(ruleset_id, seeds, args.battles, armies=armies, map_path=args.map,
                      jobs=args.jobs), flush=True)
        if ruleset_id == "warband" and not args.no_multi and not armies:
            for sides in (3, 4):
                print(mirrors(ruleset_id, seeds, args.battles, sides, map_path=args.map,
                              jobs=args.jobs), flush=True)
    print(f"total CPU {time.process_time() - total + children_cpu():.1f} s")


if __name__ == "__main__":
    main()
