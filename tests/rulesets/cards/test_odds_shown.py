"""Guarantee 3 for cards (issue 10): the odds the info panel shows before a melee round are
what the round then does -- exact values on a built position, and a seeded Monte Carlo of the
real round (steps 2-4) for the chance each side takes the reaction test."""

from fractions import Fraction as F

from game.core.dice import Dice
from game.rulesets.cards import RULESET, melee
from tests.rulesets.cards.battle import FIGHT, TOUCH, stand, start_melee, two_units
from tests.rulesets.cards.test_odds import melee_set_up

TRIALS = 4000
#: 3.5 standard deviations of a frequency near 1/2 over TRIALS rounds (about 0.028).
TOLERANCE = 3.5 * (0.25 / TRIALS) ** 0.5


def panel_lines(b):
    sections = dict(RULESET.info_panel(b.state, b.geo))
    return sections["This melee round, exact odds"]


def test_the_panel_shows_the_exact_odds_of_a_one_on_one_round():
    """One Militia figure on each side, touching: each is lost when the other's die hits (5+,
    1/3) and its own defence fails (below 5, 2/3): 2/9. One side loses more 2/9 x 7/9 = 14/81
    (17%) each way; equal losses 53/81 (65%). The panel shows exactly these."""
    b = two_units()
    stand(b, "s0u0", [(10.0, 10.0)])
    stand(b, "s1u0", [(10.0 + TOUCH, 10.0)])
    start_melee(b)
    odds = melee.round_odds(b.state, b.geo)
    assert odds["marginal"][0] == {0: F(7, 9), 1: F(2, 9)}
    assert odds["tests"] == {0: F(14, 81), 1: F(14, 81)} and odds["equal"] == F(53, 81)
    assert panel_lines(b) == ["Column loses 0.22 figures on average",
                              "War Party loses 0.22 figures on average",
                              "Column loses more (reaction test): 17%",
                              "War Party loses more (reaction test): 17%",
                              "Equal losses (no test): 65%"]


def test_the_panels_reaction_test_odds_match_the_real_round_monte_carlo():
    """Grenadiers (Fierce Captain) against Rangers (Inspiring Sergeant), three figures of each
    touching: the chance each side loses more (and tests), as shown, against 4000 real rounds
    (fight_round with seeded dice). Tolerance 3.5 standard deviations (0.028)."""
    b = melee_set_up()
    b.apply(FIGHT)
    shown = melee.round_odds(b.state, b.geo)
    counts = {0: 0, 1: 0, "equal": 0}
    dice = Dice(23)
    for _ in range(TRIALS):
        trial = b.state.copy()
        melee.fight_round(trial, b.geo, dice)
        lost = melee.side_losses(trial, trial.pending["melee"])
        key = "equal" if lost[0] == lost[1] else (0 if lost[0] > lost[1] else 1)
        counts[key] += 1
    for key, exact in ((0, shown["tests"][0]), (1, shown["tests"][1]),
                       ("equal", shown["equal"])):
        assert abs(float(exact) - counts[key] / TRIALS) <= TOLERANCE, (key, exact, counts)
