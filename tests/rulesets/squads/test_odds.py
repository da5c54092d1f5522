"""squads.md, "Odds" and the attack sequence's tables, asserted exactly."""

from fractions import Fraction

import pytest

from game.core import probability as P
from game.rulesets.squads.odds import (
    casualties_distribution,
    charge_odds_reason,
    charge_success,
    kills_after,
    p_fail_save,
    p_hit,
    save_target,
    wound_target,
)

SPEC_TABLE = {3: 35, 4: 33, 5: 30, 6: 26, 7: 21, 8: 15, 9: 10, 10: 6, 11: 3, 12: 1}


@pytest.mark.parametrize("distance", range(3, 13))
def test_charge_odds_equal_the_spec_table(distance):
    assert charge_success(distance) == Fraction(SPEC_TABLE[distance], 36)


@pytest.mark.parametrize("distance", [0, 0.5, 1, 1.99, 2])
def test_charge_odds_a_2_never_succeeds_so_distances_up_to_2_give_0(distance):
    """The seed: "a 2 never succeeds": an eligible unit is never engaged, so no enemy is
    within 2" of it; the shown chance is 0, with that reason (it was 1 before)."""
    assert charge_success(distance) == 0
    assert "a 2 never succeeds" in charge_odds_reason(distance)
    assert charge_odds_reason(2.01) is None and charge_success(2.01) == Fraction(35, 36)


def test_charge_odds_beyond_12_and_fractional_distances():
    assert charge_success(13) == 0
    assert charge_success(7.2) == Fraction(15, 36)  # a 7.2" gap needs an 8 on 2D6


@pytest.mark.parametrize(("strength", "toughness", "needed"), [
    (8, 4, 2),   # S >= 2T -> 2+
    (5, 4, 3),   # S > T -> 3+
    (4, 4, 4),   # S = T -> 4+
    (4, 5, 5),   # S < T -> 5+
    (4, 8, 6),   # S <= T/2 -> 6+
])
def test_wound_table_five_rows(strength, toughness, needed):
    assert wound_target(strength, toughness) == needed


def test_wound_table_checks_2_and_6_rows_first():
    assert wound_target(2, 1) == 2  # S > T too, but S >= 2T wins
    assert wound_target(1, 2) == 6  # S < T too, but S <= T/2 wins


def test_save_with_ap_and_invulnerable():
    assert save_target(3, -1, None) == 4          # AP-1 turns 3+ into 4+
    assert save_target(3, -3, 4) == 4             # the invulnerable save is better
    assert save_target(5, 0, 6) == 5              # the armour save is better
    assert p_fail_save(3, -4, None) == 1          # 7+: no save possible
    assert p_fail_save(2, 0, None) == Fraction(1, 6)  # an unmodified 1 always fails


def test_hit_roll_clamps():
    assert p_hit(3) == Fraction(4, 6)
    assert p_hit(2) == Fraction(5, 6)  # the 1 still fails


def test_kills_after_allocates_to_wounded_first_and_loses_excess():
    assert kills_after(3, 1, 2, 5) == 1               # 2 wounds kill one, 1 wounds the next
    assert kills_after(2, 3, 2, 5) == 2               # excess damage lost: D3 on W2 kills one
    assert kills_after(1, 1, 2, 5, first_wounds_left=1) == 1


def test_casualties_distribution_sums_to_one_and_matches_monte_carlo():
    dist = dict(casualties_distribution(30, 3, 4, -1, 1, 4, 3, None, 2, 5))
    assert P.total(dist) == 1

    def trial(r):
        unsaved = 0
        for _ in range(30):
            h = r.randint(1, 6)
            if h == 1 or h < 3:
                continue
            if r.randint(1, 6) < 4:
                continue
            s = r.randint(1, 6)
            if s == 1 or s < 4:
                unsaved += 1
        return kills_after(unsaved, 1, 2, 5)

    empirical = P.monte_carlo(trial, 20_000, seed=3)
    assert P.max_abs_difference(dist, empirical) < 0.015
