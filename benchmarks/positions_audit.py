"""Are the hand-built positions sound over many lines of play? The paired gain of each strong
move over greedy's choice, position by position.

Why: a position (`tests/ai/positions/`) counts toward the issue's three per ruleset only if the
move a strong player sees is really better than greedy's. Over 20 seeded lines (the old
`strong_beats_greedy` check) a melee's dice can spread one line's margin by several points, so
a gain of a few tenths cannot be told from luck; 200 lines of each move, paired seed by seed
(`paired_gains`: the same dice for both first moves, greedy playing on for every side), can.
A position is sound when every strong move's gain is two standard errors or more above nothing
(`is_clear`); the tests then assert it (`clear_gain`), else they say it is not (`no_clear_gain`).

Printed: one row per position (ruleset, its soundness test, greedy's choice, how many strong
moves, the gain +- SE of the strong move least clearly better, how many SE, lines a move),
then one indented row per strong move.
Run from the repository root: python -m benchmarks.positions_audit [--ruleset ranks ...]
[--seeds 200] [--jobs 1]
It imports the positions from the tests, so `tests` must be importable (the root on the path).
"""

from __future__ import annotations

import argparse
import contextlib
import time
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from tests.ai.positions import common
from tests.ai.positions import test_charge_reach as reach
from tests.ai.positions import test_counter_attack as counter
from tests.ai.positions import test_first_positions as first
from tests.ai.positions import test_flank as flank
from tests.ai.positions import test_more_positions as more


class Position(NamedTuple):
    ruleset: str
    test: str  # the test that checks its soundness
    build: object  # () -> (ruleset, state, geo)
    side: int  # whose choice it is
    strong: object  # (ruleset, state, geo) -> predicate on an action: a strong move?


def _kind(*kinds):
    return lambda *position: lambda action: action.kind in kinds


def _given(predicate):
    return lambda *position: predicate


def _keeps(side):
    return lambda *position: common.keeps_the_objective(*position, side)


POSITIONS = (
    Position("ranks", "test_ranks_marching_into_the_pike_blocks_reach_is_worse_than_holding",
             reach._ranks_march_into_reach, 0, _given(reach._stays_back)),
    Position("ranks", "test_ranks_marching_the_flank_into_the_riders_reach_is_worse_than_holding",
             flank._ranks_march_across_the_riders, 0, _given(flank._holds)),
    Position("ranks", "test_ranks_charging_off_the_objective_is_worse_than_keeping_it",
             first._ranks_last_turn_on_an_objective, 1, _keeps(1)),
    Position("ranks", "test_ranks_charging_off_the_objective_in_the_last_round_is_worse_than_"
             "keeping_it[sword_band]",
             lambda: more._ranks(["sword_band"], ["pike_block"], 3.0, 1.0), 1, _keeps(1)),
    Position("ranks", "test_ranks_charging_off_the_objective_in_the_last_round_is_worse_than_"
             "keeping_it[pike_block]",
             lambda: more._ranks(["pike_block"], ["pike_block"], 3.0, 1.0), 1, _keeps(1)),
    Position("warband", "test_warband_walking_into_two_charges_is_worse_than_standing",
             reach._warband_walk_into_two_charges, 0, _given(reach._zealot_stays)),
    Position("warband", "test_warband_waiting_for_the_axeman_is_no_clear_gain_over_greedys_charge",
             counter._warband_champion_behind, 0, _given(counter._zealot_waits)),
    Position("warband", "test_warband_charging_off_the_objective_is_worse_than_keeping_it",
             first._warband_last_turn_on_an_objective, 1, _keeps(1)),
    Position("warband", "test_warband_walking_off_the_objective_is_worse_than_keeping_it[40.0]",
             lambda: more._warband(40.0), 1, _keeps(1)),
    Position("warband", "test_warband_walking_off_the_objective_is_worse_than_keeping_it[33.0]",
             lambda: more._warband(33.0), 1, _keeps(1)),
    Position("legions", "test_legions_moving_into_the_guards_sure_charge_is_worse_than_staying",
             reach._legions_move_into_a_sure_charge, 0, _given(reach._squad_stays)),
    Position("legions", "test_legions_charging_into_the_guards_reach_is_worse_than_holding",
             counter._legions_guard_behind, 0, _given(counter._no_charge)),
    Position("legions", "test_legions_charging_off_the_objective_is_worse_than_ending_charges",
             first._legions_last_charges_on_an_objective, 1, _kind("end_charges")),
    Position("legions", "test_legions_staying_by_the_objective_is_worse_than_moving_onto_it"
             "[6.0-3.0]", lambda: more._legions(6.0, 3.0), 1, _given(more._onto_the_objective)),
    Position("legions", "test_legions_staying_by_the_objective_is_worse_than_moving_onto_it"
             "[7.0-2.5]", lambda: more._legions(7.0, 2.5), 1, _given(more._onto_the_objective)),
    Position("squads", "test_squads_charging_both_units_is_worse_than_the_marines_alone",
             counter._squads_double_charge, 0, _given(counter._marines_only)),
    Position("squads", "test_squads_charging_into_the_veterans_reach_is_worse_than_holding",
             counter._squads_veterans_behind, 0, _kind("end_phase")),
    Position("squads", "test_squads_charging_off_the_objective_is_worse_than_holding",
             first._squads_last_charge_phase_on_an_objective, 1, _kind("end_phase")),
    Position("squads", "test_squads_charging_off_the_objective_in_the_last_round_is_worse_than_"
             "holding[5.0--1.0]", lambda: more._squads(5.0, -1.0), 1, _kind("end_phase")),
    Position("squads", "test_squads_charging_off_the_objective_in_the_last_round_is_worse_than_"
             "holding[3.0-1.0]", lambda: more._squads(3.0, 1.0), 1, _kind("end_phase")),
)


def short(action) -> str:
    """An action without its placements (a ranks block's eight bases say little here)."""
    words = [action.kind]
    if action.unit:
        words.append(action.unit)
    if action.targets:
        words.append(">" + ",".join(action.targets))
    if action.option:
        words.append(action.option[:24])
    return " ".join(words)


def audit(index: int, seeds: int) -> tuple:
    """One position's (greedy's choice, [(strong move, mean, error)], CPU seconds)."""
    p = POSITIONS[index]
    start = time.process_time()
    position = p.build()
    greedy, gains = common.gains_over_greedy([position], p.side, p.strong(*position), seeds)
    rows = [(short(a), mean, error) for a, (mean, error) in gains.items()]
    return short(greedy), rows, time.process_time() - start


def _ses(mean: float, error: float) -> str:
    if error == 0:
        return "  every line alike" if mean else "  no gain, no spread"
    return f"{mean / error:6.1f} SE"


def report(index: int, seeds: int, result: tuple) -> str:
    p = POSITIONS[index]
    greedy, rows, seconds = result
    worst = min(rows, key=lambda r: (common.is_clear(r[1], r[2]), r[1] - 2 * r[2]))
    verdict = "sound" if all(common.is_clear(m, e) for _, m, e in rows) else "NOT sound"
    lines = [f"{p.ruleset:8} {p.test}\n{'':9}greedy: {greedy:40} strong moves: {len(rows)}  "
             f"least: {worst[1]:+6.2f} +- {worst[2]:.2f} {_ses(worst[1], worst[2])}  "
             f"lines {seeds}  {verdict}  ({seconds:.0f} s CPU)"]
    lines += [f"{'':13}{move:40} {mean:+6.2f} +- {error:.2f} {_ses(mean, error)}"
              for move, mean, error in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ruleset", nargs="*", default=sorted({p.ruleset for p in POSITIONS}))
    parser.add_argument("--seeds", type=int, default=common.MANY_SEEDS)
    parser.add_argument("--jobs", type=int, default=1, help="positions audited at once")
    args = parser.parse_args()
    chosen = [i for i, p in enumerate(POSITIONS) if p.ruleset in args.ruleset]
    print(f"paired gain of each strong move over greedy's choice, {args.seeds} lines, greedy "
          "playing on for every side; sound = every strong move's gain >= 2 SE", flush=True)
    with (ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1
          else contextlib.nullcontext()) as pool:
        if pool is None:
            results = (audit(i, args.seeds) for i in chosen)
        else:
            results = pool.map(audit, chosen, [args.seeds] * len(chosen))
        for i, result in zip(chosen, results, strict=True):
            print(report(i, args.seeds, result), flush=True)


if __name__ == "__main__":
    main()
