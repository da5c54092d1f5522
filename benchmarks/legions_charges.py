"""How legions charges end in greedy battles: rolled short, or a roll that met the "needed"
distance but found no legal placement (the case issue 10 counts), and how many won; and how
many charge rolls ended otherwise than the odds shown just before them said (should be 0).

Run: python benchmarks/legions_charges.py [--games 30] [--seed 0]
Prints counts and the CPU time (time.process_time); it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import time

from game import ai, rulesets
from game.core.events import ChargeResolved
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.legions.charge_odds import roll_chance
from game.rulesets.legions.events import ChargeAlreadyWon, ChargeRolled
from game.turn import TurnController

NO_PLACEMENT = "no legal placement"


def count_charges(games: int, seed: int) -> dict[str, int]:
    """Greedy against greedy, battle seeds `seed`..`seed + games - 1` (the `simulate` agents)."""
    ruleset = rulesets.get("legions")
    scenario = load_scenario(default_map_for("legions"))
    counts = {"resolved": 0, "won": 0, "won_by_setup": 0, "rolled": 0, "failed": 0,
              "failed_short": 0, "failed_no_placement": 0, "rolls_checked": 0,
              "rolls_against_the_shown_odds": 0}
    for game_seed in range(seed, seed + games):
        controller = TurnController(ruleset, scenario, game_seed)
        players = {i: ai.make("greedy", game_seed * 31 + i) for i in range(2)}
        seen = len(controller.events)
        while not controller.over:
            action = players[controller.current_player()].choose(controller)
            shown = None
            if action.kind == "charge_roll":
                shown = roll_chance(controller.state, controller.geo, action.unit,
                                    action.targets[0])
            controller.apply(action)
            if shown is not None:
                counts["rolls_checked"] += 1
                rolled = next(e for e in controller.events[seen:] if isinstance(e, ChargeRolled))
                promised = rolled.kept >= shown.need and rolled.kept not in shown.blocked
                moved_on = "charge" in controller.state.pending and \
                    controller.state.pending["charge"]["stage"] == "move"
                if promised != moved_on:
                    counts["rolls_against_the_shown_odds"] += 1
            for e in controller.events[seen:]:
                if isinstance(e, ChargeRolled):
                    counts["rolled"] += 1
                elif isinstance(e, ChargeAlreadyWon):
                    counts["won_by_setup"] += 1
                elif isinstance(e, ChargeResolved):
                    counts["resolved"] += 1
                    if e.success:
                        counts["won"] += 1
                    else:
                        counts["failed"] += 1
                        key = ("failed_no_placement" if NO_PLACEMENT in e.reason
                               else "failed_short")
                        counts[key] += 1
            seen = len(controller.events)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.process_time()
    counts = count_charges(args.games, args.seed)
    cpu = time.process_time() - start
    print(f"legions greedy vs greedy, {args.games} battles from seed {args.seed}:")
    for key, value in counts.items():
        print(f"  {key}: {value}")
    print(f"  CPU: {cpu:.1f} s")


if __name__ == "__main__":
    main()
