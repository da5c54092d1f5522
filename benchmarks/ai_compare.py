"""Two runs of `benchmarks.ai --progress` on the same seeds, compared battle by battle.

Why: a change to the search is kept only on a clear paired gain, and a battle's outcome
depends on the seed and the seats far more than on the change (warband, 20 battles: a
margin's standard error is ~5 points either way). Paired by (seed, seating), the two runs'
difference in the search's margin has its own standard error, and the battles whose winner
changed are listed. The search's margin is its points minus the best other side's (as
`benchmarks.ai` counts it, with three or four sides too).
Run from the repository root: python -m benchmarks.ai_compare BEFORE.txt AFTER.txt
(the files are `benchmarks.ai --progress` outputs). Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import math
import re
import statistics
import sys

LINE = re.compile(r"seed (\d+) seats (\S+): winner (\S+), points \[([^\]]*)\]")


def battles(text: str) -> dict[tuple[int, str], tuple[bool, float]]:
    """(seed, seating) -> (the search won, its margin) for every battle line of a run."""
    out = {}
    for match in LINE.finditer(text):
        seats = match.group(2).split(",")
        points = [float(p) for p in match.group(4).split(",")]
        me = seats.index("search")
        best_other = max(p for i, p in enumerate(points) if i != me)
        out[(int(match.group(1)), match.group(2))] = (match.group(3) == "search",
                                                      points[me] - best_other)
    return out


def compare(before: str, after: str) -> dict:
    """The battles both runs played: their count, the search's wins in each, the mean paired
    difference of its margin (after - before) with its standard error, and the battles whose
    result for the search changed (key, before won, after won)."""
    old, new = battles(before), battles(after)
    keys = sorted(k for k in old if k in new)
    diffs = [new[k][1] - old[k][1] for k in keys]
    return {
        "battles": len(keys),
        "wins": (sum(old[k][0] for k in keys), sum(new[k][0] for k in keys)),
        "diff": statistics.mean(diffs) if diffs else 0.0,
        "se": statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf,
        "changed": [(k, old[k][0], new[k][0]) for k in keys if old[k][0] != new[k][0]],
    }


def _refuse(line: str) -> None:
    """Bad input: one line naming the file and the problem, exit code 2."""
    print(line, file=sys.stderr)
    sys.exit(2)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    args = parser.parse_args()
    runs = []
    for path in (args.before, args.after):
        try:
            with open(path, encoding="utf-8") as run:
                text = run.read()
        except (OSError, UnicodeDecodeError) as error:
            _refuse(f"{path}: cannot be read ({error.__class__.__name__})")
        if not battles(text):
            _refuse(f"{path}: no battle lines of a benchmarks.ai --progress run")
        runs.append(text)
    f = compare(*runs)
    print(f"{f['battles']} battles in both: search won {f['wins'][0]} -> {f['wins'][1]}; "
          f"paired margin difference {f['diff']:+.2f} ± {f['se']:.2f}")
    for (seed, seats), won_before, won_after in f["changed"]:
        print(f"  seed {seed} seats {seats}: {'won' if won_before else 'not won'} -> "
              f"{'won' if won_after else 'not won'}")


if __name__ == "__main__":
    main()
