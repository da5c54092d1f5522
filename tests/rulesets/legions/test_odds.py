"""Exact odds (rules/legions.md, "Odds"): the drop-lowest charge roll, cross-checked by Monte
Carlo, and the `odds charge` command."""

import json
import random
from fractions import Fraction

import pytest

from game.cli import main
from game.core import probability as P
from game.rulesets.legions import RULESET
from game.rulesets.legions.odds import (
    charge_distribution,
    charge_success,
    unsaved_distribution,
)


def test_drop_lowest_distribution_is_2k_minus_1_over_36():
    assert charge_distribution() == {k: Fraction(2 * k - 1, 36) for k in range(1, 7)}


def test_drop_lowest_matches_monte_carlo_within_a_stated_tolerance():
    """200 000 trials: each frequency within 0.005 of the exact value (about 5 standard
    errors for the largest, 11/36)."""
    empirical = P.monte_carlo(lambda rng: max(rng.randint(1, 6), rng.randint(1, 6)), 200_000,
                              seed=7)
    assert P.max_abs_difference(charge_distribution(), empirical) < 0.005


@pytest.mark.parametrize(("distance", "out_of_36"), [
    (1, 36), (2, 35), (3, 32), (4, 27), (5, 20), (6, 11), (7, 0), (12, 0), (0, 36),
    (3.2, 27), (0.5, 36)])
def test_charge_roll_odds_for_the_gap_left(distance, out_of_36):
    assert charge_success(distance) == Fraction(out_of_36, 36)


@pytest.mark.parametrize(("distance", "out_of_36"), [
    (2, 36), (3, 36), (4, 36), (5, 35), (6, 32), (7, 27), (8, 20), (9, 11), (9.5, 0), (12, 0)])
def test_whole_charge_odds_count_the_setup_move(distance, out_of_36):
    """The ruleset's charge odds (the `odds` command's): an orderly charge of the shipped
    squads (I 4 + M 7 = 11: a 3" setup move), then the roll for what is left; these used to be
    the roll's odds alone, as if there were no setup move."""
    assert RULESET.charge_odds(distance) == Fraction(out_of_36, 36)


def test_a_disordered_charge_has_no_setup_move_in_its_odds():
    """Disordered: no setup move, so 5" needs a 5 (20/36 = 56%, not 97%)."""
    assert RULESET.charge_odds(5, disordered=True) == Fraction(20, 36)
    assert RULESET.charge_odds(5, initiative_plus_move=20) == 1  # a 6" setup move reaches


@pytest.mark.parametrize(("distance", "fraction"), [
    (3, "1/1"), (4, "1/1"), (5, "35/36"), (6, "8/9"), (7, "3/4"), (8, "5/9"), (9, "11/36"),
    (10, "0/1")])
def test_odds_charge_command_json(capsys, distance, fraction):
    code = main(["odds", "charge", "--ruleset", "legions", "--distance", str(distance), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["fraction"] == fraction


def test_unsaved_wounds_are_binomial_and_match_monte_carlo():
    """6 attacks hitting on 3+, wounding on 4+, against a 5+ save: 100 000 trials, every
    frequency within 0.006."""
    exact = dict(unsaved_distribution(6, 3, 4, 5))
    assert sum(exact.values()) == 1

    def trial(rng: random.Random) -> int:
        return sum(1 for _ in range(6) if rng.randint(1, 6) >= 3 and rng.randint(1, 6) >= 4
                   and rng.randint(1, 6) < 5)

    assert P.max_abs_difference(exact, P.monte_carlo(trial, 100_000, seed=3)) < 0.006
