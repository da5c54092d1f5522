"""Exact probability distributions as `fractions.Fraction`, plus a Monte Carlo twin.

The rules display, the `odds` command and the greedy AI read exact odds from here; the Monte
Carlo functions exist only so tests can cross-check the exact ones within a stated tolerance.
A distribution is a dict value -> Fraction whose values sum to exactly 1.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import lru_cache
from math import comb

Dist = dict[int, Fraction]

ONE = Fraction(1)
ZERO = Fraction(0)


def die(sides: int = 6) -> Dist:
    """One fair die."""
    return {face: Fraction(1, sides) for face in range(1, sides + 1)}


def convolve(a: Dist, b: Dist) -> Dist:
    """Distribution of the sum of two independent variables."""
    out: Dist = {}
    for va, pa in a.items():
        for vb, pb in b.items():
            out[va + vb] = out.get(va + vb, ZERO) + pa * pb
    return out


@lru_cache(maxsize=64)
def _sum_of_dice(count: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    dist: Dist = {0: ONE}
    for _ in range(count):
        dist = convolve(dist, die(sides))
    return tuple(sorted(dist.items()))


def sum_of_dice(count: int, sides: int = 6) -> Dist:
    """Distribution of the total of `count` dice (2D6 for a charge)."""
    return dict(_sum_of_dice(count, sides))


def highest_of_dice(count: int, sides: int = 6) -> Dist:
    """Distribution of the highest of `count` dice ("2D6 drop the lowest" is count=2)."""
    return {
        face: Fraction(face**count - (face - 1) ** count, sides**count)
        for face in range(1, sides + 1)
    }


def at_least(dist: Dist, threshold: int) -> Fraction:
    """P(value >= threshold)."""
    return sum((p for v, p in dist.items() if v >= threshold), ZERO)


def at_most(dist: Dist, threshold: int) -> Fraction:
    """P(value <= threshold)."""
    return sum((p for v, p in dist.items() if v <= threshold), ZERO)


def p_roll_at_least(target: int, sides: int = 6, auto_fail_one: bool = False,
                    auto_pass_six: bool = False) -> Fraction:
    """P(one die >= target), with the usual unmodified-1 / unmodified-6 clamps."""
    wins = 0
    for face in range(1, sides + 1):
        if auto_fail_one and face == 1:
            continue
        if (auto_pass_six and face == sides) or face >= target:
            wins += 1
    return Fraction(wins, sides)


def binomial(n: int, p: Fraction) -> Dist:
    """Distribution of successes among n independent trials of probability p."""
    q = ONE - p
    return {k: comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)}


def successes(n: int, target: int, sides: int = 6, **clamps) -> Dist:
    """k successes of n dice each needing `target`+ (see p_roll_at_least for the clamps)."""
    return binomial(n, p_roll_at_least(target, sides, **clamps))


def chain(n: int, *step_probabilities: Fraction) -> Dist:
    """Successes after a chain of independent per-die steps (hit -> wound -> failed save).

    Each attack independently survives every step, so the count is Binomial(n, product).
    """
    p = ONE
    for step in step_probabilities:
        p *= step
    return binomial(n, p)


def compound(counts: Dist, per_item: Callable[[int], Dist]) -> Dist:
    """Mixture: first a count k is drawn from `counts`, then the result from per_item(k)."""
    out: Dist = {}
    for k, pk in counts.items():
        for v, pv in per_item(k).items():
            out[v] = out.get(v, ZERO) + pk * pv
    return out


def mean(dist: Dist) -> Fraction:
    return sum((v * p for v, p in dist.items()), ZERO)


def total(dist: Dist) -> Fraction:
    return sum(dist.values(), ZERO)


# --- Monte Carlo twin (tests only cross-check the exact functions with it) ---------------------

def monte_carlo(trial: Callable[[random.Random], int], trials: int, seed: int = 1) -> dict[int, float]:
    """Empirical distribution of `trial(rng)` over `trials` runs with a fixed seed."""
    rng = random.Random(seed)
    counts: dict[int, int] = {}
    for _ in range(trials):
        v = trial(rng)
        counts[v] = counts.get(v, 0) + 1
    return {v: c / trials for v, c in counts.items()}


def max_abs_difference(exact: Dist, empirical: dict[int, float], keys: Iterable[int] | None = None) -> float:
    keys = set(exact) | set(empirical) if keys is None else set(keys)
    return max(abs(float(exact.get(k, ZERO)) - empirical.get(k, 0.0)) for k in keys)
