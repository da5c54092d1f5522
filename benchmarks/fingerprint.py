"""A behaviour fingerprint per ruleset: a hash of every action greedy chooses and every result
over greedy-vs-greedy battles (seeds 0-5; a ruleset for more than two sides also with 3 and 4).

Why: a speed change to the engine must not change the game. Two trees that print the same
fingerprint played these battles action for action alike, so a shortcut's commit can say
"fingerprint unchanged" and mean it; a change that moves it changed the play somewhere.
Run from the repository root: python -m benchmarks.fingerprint [ruleset ...]
Prints one line per ruleset: its id and the first 8 hex digits of the hash.
"""

from __future__ import annotations

import argparse
import hashlib

from game import ai, rulesets
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController

SEEDS = 6


def fingerprint(rid: str, seeds: int = SEEDS) -> str:
    """The hash of `seeds` greedy battles per count of sides the ruleset plays (2, or 2-4)."""
    rs = rulesets.get(rid)
    scenario = load_scenario(default_map_for(rid))
    h = hashlib.sha256()
    for sides in [2] + ([3, 4] if getattr(rs, "max_sides", 2) > 2 else []):
        for seed in range(seeds):
            c = TurnController(rs, scenario, seed, battle_forces(rs, sides, scenario))
            players = {i: ai.make("greedy", seed * 31 + i) for i in range(sides)}
            while not c.over:
                action = players[c.current_player()].choose(c)
                h.update(repr(action).encode())
                c.apply(action)
            h.update(repr(c.state.result).encode())
    return h.hexdigest()[:8]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", nargs="*", help="ruleset ids (default: all)")
    parser.add_argument("--seeds", type=int, default=SEEDS)
    args = parser.parse_args()
    for rid in args.ruleset or rulesets.ids():
        print(rid, fingerprint(rid, args.seeds), flush=True)


if __name__ == "__main__":
    main()
