"""How noisy is the turn look-ahead's paired comparison? Sequential dice against keyed dice.

Why: an override needs the paired gain over greedy's choice beyond a margin plus its standard
error, so the spread of the seed-by-seed differences decides how many rollouts an override
costs. For some of the search's own-turn decisions in one battle (search in seat 0 against
greedy), greedy's choice and the next two candidates are rolled out `--rollouts` times with
the same seeds, once with sequential dice (`game.core.dice.Dice`) and once with dice keyed by
what each throw is for (`game.ai.playout.KeyedDice`); printed: the mean and standard deviation
of each pair's differences, then the mean deviation per kind of dice.
Run from the repository root: python -m benchmarks.ai_noise [--ruleset squads] [--rollouts 8]
[--decisions 8]
Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics

from game import ai, rulesets
from game.ai import turns
from game.ai.playout import KeyedDice
from game.core.dice import Dice
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController

KINDS = (("sequential", Dice), ("keyed", KeyedDice))


def spreads(ruleset_id: str, rollouts: int, decisions: int, every: int = 3) -> dict:
    """Per kind of dice: (mean, SD) of the paired differences, one pair per row."""
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    c = TurnController(ruleset, scenario, 0, battle_forces(ruleset, 2, scenario))
    search, greedy = ai.make("search", 0, 0.3), ai.make("greedy", 1)
    rows: dict = {name: [] for name, _ in KINDS}
    seen = looked = 0
    kept = turns.ROLLOUT_DICE
    try:
        while not c.over and looked < decisions:
            if c.current_player() != 0:
                c.apply(greedy.choose(c))
                continue
            legal = c.legal_actions()
            seen += 1
            if len(legal) > 1 and c.state.active == 0 and seen % every == 0:
                cands = search.candidates(ruleset, c.state, c.geo, legal)
                base = max(cands, key=lambda x: x.greedy)
                for name, dice in KINDS:
                    turns.ROLLOUT_DICE = dice
                    values = [[turns.rollout(ruleset, c.state, c.geo, 0, cand.action, 100 + k,
                                             lambda: None) for k in range(rollouts)]
                              for cand in [base, *[x for x in cands if x is not base][:2]]]
                    for other in values[1:]:
                        diffs = [a - b for a, b in zip(other, values[0], strict=True)]
                        rows[name].append((statistics.mean(diffs), statistics.stdev(diffs)))
                looked += 1
                print(f"  decision {seen}: " + "; ".join(
                    f"{name} " + " ".join(f"{m:+.2f}/{sd:.2f}" for m, sd in rows[name][-2:])
                    for name, _ in KINDS), flush=True)
            c.apply(search.choose(c))
    finally:
        turns.ROLLOUT_DICE = kept
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ruleset", nargs="*", default=["squads"])
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--decisions", type=int, default=8)
    args = parser.parse_args()
    print("paired differences (mean/SD) of turn rollouts against greedy's choice")
    for ruleset_id in args.ruleset:
        rows = spreads(ruleset_id, args.rollouts, args.decisions)
        print(f"{ruleset_id:8} " + "; ".join(
            f"{name}: mean SD {statistics.mean(sd for _, sd in r):.2f}"
            for name, r in rows.items() if r), flush=True)


if __name__ == "__main__":
    main()
