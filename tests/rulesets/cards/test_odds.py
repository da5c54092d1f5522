"""Exact odds (rules/cards.md, melee steps 2-4 and the reaction table), checked by hand and,
for one round of a real melee, against Monte Carlo of the rules' own dice (tolerance stated)."""

from fractions import Fraction

import pytest

from game import odds as game_odds
from game.core.dice import Dice
from game.rulesets.cards import RULESET, melee, reaction
from game.rulesets.cards import odds as O
from tests.rulesets.cards.battle import FIGHT, STEP, TOUCH, column, stand, start_melee, two_units


def test_one_die_hit_then_defence():
    """Step 2 then 3: Aggression 4+ then Defence 4+: a figure lost 1/2 x 1/2 of the time."""
    assert O.unit_losses([(1, 4)], 4, False, 1) == {0: Fraction(3, 4), 1: Fraction(1, 4)}


def test_inspiring_rerolls_one_failed_defence_die():
    """Inspiring: the one failed die is re-rolled: 1/4 x 1/2."""
    assert O.unit_losses([(1, 4)], 4, True, 1)[1] == Fraction(1, 8)
    # two unblocked hits: the re-roll saves one of them only
    two = O.unit_losses([(2, 2)], 6, True, 2)
    p_fail = Fraction(5, 6) * Fraction(5, 6)   # a die hits (2+) and its defence fails (6 blocks)
    assert two[2] == p_fail**2 * Fraction(5, 6)


def test_hits_beyond_the_figures_in_contact_are_ignored_in_the_odds():
    """Step 4: never more losses than figures in base contact."""
    dist = O.unit_losses([(3, 2)], 6, False, 1)
    p = Fraction(5, 6) * Fraction(5, 6)
    assert dist == {0: (1 - p) ** 3, 1: 1 - (1 - p) ** 3}


def test_one_figure_attack_for_the_odds_command():
    """`odds melee`: one figure (Fierce: 2 dice, Aggression 3+) on Defence 4+."""
    table = game_odds.melee_odds("cards", "warriors", "regulars", ["fierce"], [], False)
    assert table == {"0 casualties": Fraction(4, 9), "1 casualty": Fraction(4, 9),
                     "2 casualties": Fraction(1, 9)}


def test_reaction_result_odds():
    assert reaction.result_odds("Militia", 0) == {
        "rout": Fraction(1, 6), "flight": Fraction(2, 6), "recoil": Fraction(2, 6),
        "none": Fraction(1, 6)}
    assert reaction.result_odds("Elite", 2)["none"] == 1


def melee_set_up():
    """Grenadiers (Fierce Captain, 5 figures) against Rangers (Inspiring Sergeant, 5)."""
    b = two_units(first="grenadiers", second="rangers")
    stand(b, "s0u0", column(10.0, 10.0, 4) + [(10.0 - STEP, 10.0)])
    stand(b, "s1u0", column(10.0 + TOUCH, 10.0, 3) + [(10.0 + TOUCH + STEP, 10.0),
                                                      (10.0 + TOUCH + STEP, 11.2)])
    start_melee(b)
    return b


def test_round_odds_before_a_melee_are_a_joint_distribution_of_both_sides_losses():
    """Exact odds of one round, shown before the melee (client hook melee_round_odds)."""
    b = melee_set_up()
    odds = RULESET.melee_round_odds(b.state, b.geo)
    assert odds["units"] == ["s0u0", "s1u0"] and odds["sides"] == [0, 1]
    assert sum(odds["joint"].values()) == 1
    for side in (0, 1):
        assert sum(odds["marginal"][side].values()) == 1
        assert max(odds["marginal"][side]) <= 3     # three figures of each side touch
    assert odds["tests"][0] + odds["tests"][1] + odds["equal"] == 1
    assert odds["joint"][(0, 0)] == odds["marginal"][0][0] * odds["marginal"][1][0]


def test_round_odds_match_monte_carlo_of_the_rules_dice():
    """One round of fight_round (steps 2-4) with seeded dice, 4000 times: each side's loss
    frequencies within 0.03 of the exact distribution (about 4 standard errors)."""
    b = melee_set_up()
    b.apply(FIGHT)
    exact = melee.round_odds(b.state, b.geo)["marginal"]
    counts = {0: {}, 1: {}}
    trials = 4000
    dice = Dice(11)
    for _ in range(trials):
        trial = b.state.copy()
        melee.fight_round(trial, b.geo, dice)
        lost = melee.side_losses(trial, trial.pending["melee"])
        for side in (0, 1):
            counts[side][lost[side]] = counts[side].get(lost[side], 0) + 1
    for side in (0, 1):
        for k in set(exact[side]) | set(counts[side]):
            assert abs(float(exact[side].get(k, 0)) - counts[side].get(k, 0) / trials) < 0.03


@pytest.mark.parametrize("first", ["militia", "grenadiers"])
def test_the_greedy_ai_fights_when_the_round_favours_it(first):
    """The AI's value of fighting is the round's expected swing (exact odds)."""
    from game.rulesets.cards.evaluation import melee_value

    b = two_units(first=first, second="militia")
    stand(b, "s0u0", column(10.0, 10.0, 4))
    stand(b, "s1u0", column(10.0 + TOUCH, 10.0, 4))
    start_melee(b)
    value = melee_value(b.state, b.geo, 0, ["s0u0", "s1u0"])
    if first == "grenadiers":   # Aggression 3+ Defence 4+ Elite against 5+ / 5+ Militia
        assert value > 0.5
    else:
        assert abs(value) < 1e-9   # mirror match
