"""How often the search plays a position's strong move at a CPU budget, not only without one.

Why: the position tests (`tests/ai/positions/`) run the search with no budget, which is
deterministic and plays a fixed number of rounds of rollouts; a player meets it at the default
1.0 s, where it stops when the budget or its round cap says so. The newest lessons' strong
moves gain 1.5-2 points over greedy's over 200 lines, near the search's override bar, so at a
budget it misses them in a fair share of tries. This prints, for each position named, how many
of `--tries` searchers (seeds 0 to tries-1) played the strong move on the first decision, and
the CPU each took.

Run from the repository root: python -m benchmarks.positions_at_budget [--position wb_join ...]
[--tries 8] [--budget 1.0]
It imports the positions from the tests, so `tests` must be importable (the root on the path).
"""

from __future__ import annotations

import argparse
import time

from game.ai.playout import Playout
from game.ai.search import SearchAgent
from game.core.dice import Dice
from tests.ai.positions import test_legions_lessons as legions
from tests.ai.positions import test_squads_lessons as squads
from tests.ai.positions import test_warband_lessons as warband

#: name: (the position's set-up, whether an action is its strong move)
POSITIONS = {
    "wb_join": (warband._warband_friend_alone_with_the_champion, warband._joins_the_fight),
    "lg_wounded": (legions._legions_two_left_and_stunned, legions._charges_the_two),
    "sq_vet2": (lambda: squads._veterans(2), squads._stays),
    "sq_lm2": (lambda: squads._squads_in_a_won_fight(rounds_left=2), squads._stays),
    "sq_lm1": (squads._squads_in_a_won_fight, squads._stays),
}


def hits(name: str, tries: int, budget: float | None) -> tuple[int, list[float]]:
    """(searchers that played the strong move, each one's CPU seconds) over seeds 0..tries-1."""
    setup, strong = POSITIONS[name]
    ruleset, state, geo = setup()
    played, used = 0, []
    for seed in range(tries):
        play = Playout(ruleset, state.copy(), geo, Dice(0))
        play.take_automatic_steps()
        start = time.thread_time()
        action = SearchAgent(seed, budget=budget).choose(play)
        used.append(time.thread_time() - start)
        played += bool(strong(action))
    return played, used


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--position", nargs="*", default=list(POSITIONS),
                        choices=list(POSITIONS))
    parser.add_argument("--tries", type=int, default=8)
    parser.add_argument("--budget", type=float, default=1.0)
    args = parser.parse_args()
    print(f"the strong move at a budget of {args.budget:g} s CPU, first decision, "
          f"{args.tries} searchers each")
    for name in args.position:
        played, used = hits(name, args.tries, args.budget)
        print(f"{name:11} strong {played} of {args.tries}; CPU s "
              + " ".join(f"{u:.2f}" for u in used), flush=True)


if __name__ == "__main__":
    main()
