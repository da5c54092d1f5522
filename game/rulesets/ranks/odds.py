"""Exact odds for `ranks` dice: every die is 1 = fumble, 2-3 nothing, 4-5 one hit, 6 two hits.

`hit_distribution(n)` is the joint law of (hits, fumbles) for n dice, the one the client shows
before a charge; the marginals and the means follow from it. All values are Fractions.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

#: One die: (hits, fumbles) -> probability (ranks seed).
ONE_DIE: dict[tuple[int, int], Fraction] = {
    (0, 1): Fraction(1, 6),
    (0, 0): Fraction(2, 6),
    (1, 0): Fraction(2, 6),
    (2, 0): Fraction(1, 6),
}
#: Hits one die scores on average.
MEAN_HITS = sum((h * p for (h, _), p in ONE_DIE.items()), Fraction(0))
MEAN_FUMBLES = sum((f * p for (_, f), p in ONE_DIE.items()), Fraction(0))


@lru_cache(maxsize=128)
def _non_fumble_ways(n: int) -> tuple[tuple[int, ...], ...]:
    """Row m: how many throws of m dice that show no fumble score k hits (each such die shows
    nothing on 2 faces, one hit on 2, two hits on 1: the coefficients of (2 + 2x + x^2)^m),
    for m = 0..n. Shared by the joint law and the integer hit counts."""
    rows = [(1,)]
    for _ in range(n):
        last = rows[-1]
        nxt = [0] * (len(last) + 2)
        for k, ways in enumerate(last):
            nxt[k] += 2 * ways
            nxt[k + 1] += 2 * ways
            nxt[k + 2] += ways
        rows.append(tuple(nxt))
    return tuple(rows)


@lru_cache(maxsize=128)
def _joint(n: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """Counted over the 6^n equally likely throws: f fumbles can be any f of the n dice
    (C(n, f) ways); each other die shows nothing (2 faces), one hit (2) or two hits (1), so the
    ways to score k hits with m = n - f dice are the coefficients of (2 + 2x + x^2)^m."""
    ways_by_dice = _non_fumble_ways(n)
    total = 6 ** n
    out = []
    for fumbles in range(n + 1):
        choose = comb(n, fumbles)
        for hits, ways in enumerate(ways_by_dice[n - fumbles]):
            if ways:
                out.append(((hits, fumbles), Fraction(choose * ways, total)))
    return tuple(sorted(out))


def hit_distribution(n: int) -> dict[tuple[int, int], Fraction]:
    """P(hits = k, fumbles = f) for n dice, keyed (k, f); sums to exactly 1."""
    if n < 0:
        raise ValueError("a number of dice cannot be negative")
    return dict(_joint(n))


def hits_distribution(n: int) -> dict[int, Fraction]:
    """P(hits = k) for n dice."""
    out: dict[int, Fraction] = {}
    for (k, _), p in _joint(n):
        out[k] = out.get(k, Fraction(0)) + p
    return out


def fumbles_distribution(n: int) -> dict[int, Fraction]:
    """P(fumbles = f) for n dice (binomial, 1/6)."""
    out: dict[int, Fraction] = {}
    for (_, f), p in _joint(n):
        out[f] = out.get(f, Fraction(0)) + p
    return out


def bases_removed(hits: int, armour: list[int]) -> int:
    """Bases lost to `hits`, armour removed from the bases in order (each dies at 0)."""
    lost = 0
    for av in armour:
        if hits < av:
            break
        hits -= av
        lost += 1
    return lost


def removed_distribution(n: int, armour: tuple[int, ...]) -> dict[int, Fraction]:
    """P(bases lost = j) when n dice hit a unit whose bases have this armour, in removal
    order (fumbles and talents left out)."""
    out: dict[int, Fraction] = {}
    for k, p in hits_distribution(n).items():
        j = bases_removed(k, list(armour))
        out[j] = out.get(j, Fraction(0)) + p
    return out


@lru_cache(maxsize=128)
def hit_ways(n: int) -> tuple[int, ...]:
    """`ways[k]`: how many of the 6^n equally likely throws of n dice score k hits, as
    integers (the counts `_joint` divides by 6^n, summed over the fumbles): means worked out
    from them are exact without a Fraction per term."""
    ways_by_dice = _non_fumble_ways(n)
    out = [0] * (2 * n + 1)
    for fumbles in range(n + 1):
        choose = comb(n, fumbles)
        for hits, ways in enumerate(ways_by_dice[n - fumbles]):
            out[hits] += choose * ways
    return tuple(out)


def mean_removed(n: int, armour: tuple[int, ...]) -> Fraction:
    """The exact mean of the bases n dice remove from bases of this armour (in removal
    order): the mean of `removed_distribution`, counted over the 6^n throws in integers."""
    lost = sum(bases_removed(k, list(armour)) * ways for k, ways in enumerate(hit_ways(n)))
    return Fraction(lost, 6 ** n)
