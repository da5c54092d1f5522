"""Exact distributions are exact (Fractions summing to 1) and agree with Monte Carlo."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from game.core import probability as P


def test_two_d6_exact():
    dist = P.sum_of_dice(2)
    assert dist[7] == Fraction(6, 36) and dist[2] == Fraction(1, 36) and dist[12] == Fraction(1, 36)
    assert P.total(dist) == 1


def test_highest_of_two_dice_exact():
    dist = P.highest_of_dice(2)
    assert [dist[k] * 36 for k in range(1, 7)] == [1, 3, 5, 7, 9, 11]


def test_successes_is_binomial():
    dist = P.successes(3, 4)
    assert dist == {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8), 3: Fraction(1, 8)}


def test_chain_hit_wound_save():
    # 6 attacks, hit on 3+ (2/3), wound on 4+ (1/2), save fails on 1-2 (1/3): p = 1/9 each.
    dist = P.chain(6, Fraction(2, 3), Fraction(1, 2), Fraction(1, 3))
    assert dist == P.binomial(6, Fraction(1, 9))
    assert P.mean(dist) == Fraction(6, 9)


def test_clamps_unmodified_one_and_six():
    assert P.p_roll_at_least(1, auto_fail_one=True) == Fraction(5, 6)
    assert P.p_roll_at_least(7, auto_pass_six=True) == Fraction(1, 6)
    assert P.p_roll_at_least(7) == 0


@given(st.integers(1, 8), st.integers(2, 8))
def test_probabilities_sum_to_one(count, sides):
    assert P.total(P.sum_of_dice(count, sides)) == 1
    assert P.total(P.highest_of_dice(count, sides)) == 1


@given(st.integers(0, 12), st.fractions(min_value=0, max_value=1, max_denominator=36))
def test_binomial_sums_to_one(n, p):
    assert P.total(P.binomial(n, p)) == 1


def test_monte_carlo_agrees_with_exact_2d6():
    """Tolerance 0.01 on each total with 60 000 trials (sd of a 1/6 frequency is about 0.0015)."""
    empirical = P.monte_carlo(lambda r: r.randint(1, 6) + r.randint(1, 6), 60_000, seed=11)
    assert P.max_abs_difference(P.sum_of_dice(2), empirical) < 0.01


def test_monte_carlo_agrees_with_exact_chain():
    def trial(r):
        return sum(1 for _ in range(6)
                   if r.randint(1, 6) >= 3 and r.randint(1, 6) >= 4 and r.randint(1, 6) <= 2)

    empirical = P.monte_carlo(trial, 60_000, seed=5)
    exact = P.chain(6, Fraction(2, 3), Fraction(1, 2), Fraction(1, 3))
    assert P.max_abs_difference(exact, empirical) < 0.01
