"""Does the leaf evaluation predict how battles end? Its terms, read at the start of every
side's turn in greedy-vs-greedy battles, against the final margin.

Why: the search compares candidates by `game.ai.evaluate` at its leaves; a term that does not
predict the final margin (or is weighted wrongly against the others) steers it wrong. For each
snapshot (the active side's view, two-sided battles) the terms are: points now (plain score
difference), objectives held (difference of what they would give), the same weighted by the
rounds left (`objective_weight`), the threat terms of each side (raw: best charge odds x models
reached, before `threat_weights`). Printed per ruleset: each term's correlation with the final
margin, the evaluation's own correlation and RMS error, and the least-squares weights that
predict best (with their RMS error, fitted on even seeds and scored on odd ones).
Run from the repository root: python -m benchmarks.evaluate_fit [--seeds 30] [--ruleset R ...]
Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import math

from game import ai, rulesets
from game.ai import evaluate as E
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController

TERMS = ("points", "objectives", "weighted objectives", "my threat", "their threat",
         "evaluate", "obj, 0 rounds left", "obj, 1 left", "obj, 2 left", "obj, 3+ left")
#: Rounds left beyond which the objectives' term is one column (the objective-weight curve).
LEFT_MAX = 3


def snapshot(ruleset, state, geo, side: int) -> list[float]:
    plain = ruleset.score(state, None)
    held = ruleset.score(state, geo)
    weight = E.objective_weight(ruleset, state)
    odds = getattr(ruleset, "reach_odds", None)
    raw = E.raw_threats(ruleset, state, geo, odds)
    other = 1 - side
    obj = (held[side] - plain[side]) - (held[other] - plain[other])
    left = max(0, int(getattr(state.scenario, "rounds", 5) or 5) - state.round)
    by_left = [obj if min(left, LEFT_MAX) == k else 0.0 for k in range(LEFT_MAX + 1)]
    return [plain[side] - plain[other], obj, weight * obj,
            raw[side], raw[other],
            E.evaluate(ruleset, state, side, geo), *by_left]


def battles(ruleset_id: str, seeds: range):
    """(seed, features, final margin of the snapshot's side) for every turn start."""
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    rows = []
    for seed in seeds:
        controller = TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
        players = {i: ai.make("greedy", seed * 31 + i, None) for i in range(2)}
        shots, last = [], None
        while not controller.over:
            state = controller.state
            if state.active != last:
                last = state.active
                shots.append((state.active, snapshot(ruleset, state, controller.geo,
                                                     state.active)))
            controller.apply(players[controller.current_player()].choose(controller))
        points = controller.state.result["points"]
        for side, feats in shots:
            rows.append((seed, feats, points[side] - points[1 - side]))
    return rows


def correlation(a: list[float], b: list[float]) -> float:
    n = len(a)
    ma, mb = sum(a) / n, sum(b) / n
    cov = sum((p - ma) * (q - mb) for p, q in zip(a, b, strict=True))
    va = sum((p - ma) ** 2 for p in a)
    vb = sum((q - mb) ** 2 for q in b)
    return cov / math.sqrt(va * vb) if va > 0 and vb > 0 else math.nan


def least_squares(rows: list[list[float]], y: list[float]) -> list[float]:
    """The weights minimising the squared error (normal equations, Gaussian elimination;
    a column that never varies gets weight 0)."""
    k = len(rows[0])
    m = [[sum(r[i] * r[j] for r in rows) for j in range(k)] +
         [sum(r[i] * t for r, t in zip(rows, y, strict=True))] for i in range(k)]
    for i in range(k):
        m[i][i] += 1e-9  # a ridge too small to matter, so that a constant-zero term solves
        pivot = max(range(i, k), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        for r in range(k):
            if r != i and m[i][i]:
                f = m[r][i] / m[i][i]
                m[r] = [a - f * b for a, b in zip(m[r], m[i], strict=True)]
    return [m[i][k] / m[i][i] if m[i][i] else 0.0 for i in range(k)]


def rms(pred: list[float], y: list[float]) -> float:
    return math.sqrt(sum((p - t) ** 2 for p, t in zip(pred, y, strict=True)) / len(y))


def report(ruleset_id: str, rows) -> None:
    y = [r[2] for r in rows]
    mean_y = sum(y) / len(y)
    sd = math.sqrt(sum((t - mean_y) ** 2 for t in y) / len(y))
    print(f"{ruleset_id}: {len(rows)} turn starts, {len({r[0] for r in rows})} battles, "
          f"final margin SD {sd:.1f}")
    for j, name in enumerate(TERMS[:6]):
        col = [r[1][j] for r in rows]
        print(f"  {name:20s} corr {correlation(col, y):+.2f}  mean {sum(col) / len(col):+.2f}")
    print(f"  evaluate as predictor: RMS error {rms([r[1][5] for r in rows], y):.2f}")
    train = [r for r in rows if r[0] % 2 == 0]
    test = [r for r in rows if r[0] % 2 == 1]
    for label, cols in (("points+weighted obj+threats", [0, 2, 3, 4]),
                        ("all terms", [0, 1, 2, 3, 4]),
                        ("objectives by rounds left", [0, 6, 7, 8, 9, 3, 4])):
        coef = least_squares([[r[1][c] for c in cols] for r in train], [r[2] for r in train])
        pred = [sum(w * r[1][c] for w, c in zip(coef, cols, strict=True)) for r in test]
        names = ", ".join(f"{TERMS[c]} {w:+.2f}" for c, w in zip(cols, coef, strict=True))
        truth = [r[2] for r in test]
        base = [r[1][5] for r in test]
        print(f"  fit ({label}): {names}; held-out RMS {rms(pred, truth):.2f} "
              f"(evaluate {rms(base, truth):.2f}), corr {correlation(pred, truth):+.2f} "
              f"(evaluate {correlation(base, truth):+.2f})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--ruleset", nargs="*", default=None)
    args = parser.parse_args()
    for ruleset_id in args.ruleset or rulesets.ids():
        report(ruleset_id, battles(ruleset_id, range(args.seeds)))


if __name__ == "__main__":
    main()
