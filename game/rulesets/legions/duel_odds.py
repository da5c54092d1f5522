"""Exact odds of a challenge (rules/legions.md, "Challenge sub-phase"), worked out by enumerating
its steps as the game plays them (challenge.py): the focus roll for the advantage (ties rolled
again), the strike of the model with the advantage (+1 A), the strike back if its opponent
still stands, and the glory. All Fractions, from the per-attack chance that an attack becomes
an unsaved wound (hit × wound × failed save: independent dice, so a binomial count).

Pure arithmetic: the position is read by challenge.duellists, which builds one `Duellist` per
model for a given pair of face-off choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from game.core import probability as P


@dataclass(frozen=True)
class Duellist:
    """One side of a challenge, as the arithmetic needs it."""

    focus: int  # added to the D6: I and every modifier
    attacks: int  # without the advantage's +1
    p_wound: Fraction  # one attack's chance to become an unsaved wound on the other
    damage: int  # wounds per unsaved wound
    wounds: int  # wounds it has left
    glory: int  # what slaying it scores


@dataclass(frozen=True)
class DuelOdds:
    """`glory`: (scorer, points) -> chance, scorer 0 (the first duellist), 1, or None (no one
    scores: both live with as many wounds inflicted)."""

    advantage: Fraction  # the first duellist has the advantage
    slays: tuple[Fraction, Fraction]  # the first slays the second, the second slays the first
    glory: tuple[tuple[tuple[int | None, int], Fraction], ...]

    def scores(self, who: int | None) -> Fraction:
        return sum((p for (w, _), p in self.glory if w == who), Fraction(0))

    def expected_glory(self, who: int) -> Fraction:
        return sum((p * pts for (w, pts), p in self.glory if w == who), Fraction(0))


def advantage_chance(focus_a: int, focus_b: int) -> Fraction:
    """P(the first has the advantage): D6 + focus each, the higher wins, a tie is rolled again
    (so it is P(higher) given that the two differ)."""
    higher = lower = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a + focus_a > b + focus_b:
                higher += 1
            elif a + focus_a < b + focus_b:
                lower += 1
    return Fraction(higher, higher + lower)


def inflicted(attacks: int, p_wound: Fraction, damage: int, wounds: int) -> dict[int, Fraction]:
    """Wounds a strike takes off a model with `wounds` left: unsaved wounds × D, at most
    `wounds`."""
    out: dict[int, Fraction] = {}
    for n, p in P.binomial(attacks, p_wound).items():
        lost = min(n * damage, wounds)
        out[lost] = out.get(lost, Fraction(0)) + p
    return out


def _ordered(first: Duellist, second: Duellist) -> dict[tuple[str, int | None, int], Fraction]:
    """(who is slain: "first"/"second"/"", scorer 0 = first, 1 = second or None, points) when
    `first` has the advantage and strikes first with +1 A."""
    out: dict[tuple[str, int | None, int], Fraction] = {}

    def add(key, p):
        out[key] = out.get(key, Fraction(0)) + p

    for dealt, p1 in inflicted(first.attacks + 1, first.p_wound, first.damage,
                               second.wounds).items():
        if dealt >= second.wounds:
            add(("second", 0, second.glory), p1)
            continue
        for back, p2 in inflicted(second.attacks, second.p_wound, second.damage,
                                  first.wounds).items():
            if back >= first.wounds:
                add(("first", 1, first.glory), p1 * p2)
            elif dealt > back:
                add(("", 0, dealt), p1 * p2)
            elif back > dealt:
                add(("", 1, back), p1 * p2)
            else:
                add(("", None, 0), p1 * p2)
    return out


@lru_cache(maxsize=4096)
def duel_odds(a: Duellist, b: Duellist) -> DuelOdds:
    """The whole challenge between `a` (scorer 0) and `b` (scorer 1)."""
    adv = advantage_chance(a.focus, b.focus)
    glory: dict[tuple[int | None, int], Fraction] = {}
    slays = [Fraction(0), Fraction(0)]
    for weight, first_is_a in ((adv, True), (1 - adv, False)):
        if not weight:
            continue
        first, second = (a, b) if first_is_a else (b, a)
        for (slain, scorer, pts), p in _ordered(first, second).items():
            if scorer is not None and not first_is_a:
                scorer = 1 - scorer
            key = (scorer, pts)
            glory[key] = glory.get(key, Fraction(0)) + weight * p
            if slain:
                slain_a = (slain == "first") == first_is_a
                slays[1 if slain_a else 0] += weight * p
    ordered = tuple(sorted(glory.items(), key=lambda kv: (kv[0][0] is None, kv[0][0] or 0,
                                                          kv[0][1])))
    return DuelOdds(adv, (slays[0], slays[1]), ordered)
