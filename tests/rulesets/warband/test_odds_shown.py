"""Guarantee 3 for warband (issue 10): the odds the client shows before a strike
(`action_odds`) are what the battle then does -- exact values on built positions (several
opponents, a parry already made or closed), and a seeded Monte Carlo over the real strike
code within a stated tolerance."""

import random
from fractions import Fraction as F

import pytest

from game.core.dice import Dice
from game.rulesets.warband import combat
from game.rulesets.warband.odds import FINALS, Fighter, strike_distribution, summarize
from game.rulesets.warband.status import KNOCKED_DOWN, STUNNED
from tests.rulesets.warband.battle import Battle, model, stand, start_combat, touching, warband

#: Trials per Monte Carlo, and 3.5 standard deviations of a frequency near 1/2 (about 0.028).
TRIALS = 4000
TOLERANCE = 3.5 * (0.25 / TRIALS) ** 0.5

#: WS3 against WS3 hits on 4+; the Monk's sword and buckler parry a hit of 4 on 5+ (re-rolled:
#: 20/36) and a hit of 5 on a 6 (11/36); a 6 cannot be parried.
P_PARRIED = F(1, 6) * (F(20, 36) + F(11, 36))


def monk_between_axemen():
    """Two Axemen (warband 0) on the Monk (warband 1): all I3, roll-off 6, 5, 1."""
    b = Battle([warband("A", "sellsword_axeman", "sellsword_axeman"),
                warband("B", "pilgrim_monk", force="ash_pilgrims")])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0", 0)
    touching(b, "s0u1", "s1u0", 180)
    start_combat(b, 6, 5, 1)
    return b


def shown(b):
    """The table the client shows for the offered strike (one target: the Monk)."""
    action = b.legal()[0]
    return action, b.ruleset.action_odds(b.state, action, b.geo)["Cinder Monk"]


def test_shown_odds_of_the_first_blow_include_the_parry():
    b = monk_between_axemen()
    _, table = shown(b)
    assert table["hit"] == F(1, 2)
    assert table["parried"] == P_PARRIED


def test_shown_odds_after_the_first_successful_hit_on_a_model_fighting_two_have_no_parry():
    """The first Axeman hits (4), the parry fails (1, re-roll 1), the wound fails (1): the
    Monk fights two opponents, so the second Axeman's hit cannot be parried -- and the odds
    shown say so: exactly the distribution with no parry."""
    b = monk_between_axemen()
    b.apply(b.legal()[0], 4, 1, 1, 1)
    _, table = shown(b)
    axeman, monk = model(b, "s0u1"), model(b, "s1u0")
    me = Fighter.of(axeman.profile)
    closed = summarize(strike_distribution(me, me.plan(), Fighter.of(monk.profile),
                                           parry_available=False))
    assert table == closed
    assert table["parried"] == 0 and table["hit"] == F(1, 2)


def test_shown_odds_after_a_parried_hit_have_no_second_parry():
    """A hit parried: none more this phase (one opponent left would not change that)."""
    b = monk_between_axemen()
    b.apply(b.legal()[0], 4, 5)                        # hit 4, parry 5: parried
    _, table = shown(b)
    assert table["parried"] == 0


def frequencies(b, action, target_id, trials=TRIALS, seed=5):
    """The real strike, `trials` times from this state with seeded dice: how often each final
    result and 'parried' happen."""
    rng = random.Random(seed)
    counts = dict.fromkeys((*FINALS, "parried"), 0)
    standing = b.state.units[b.state.models[target_id].unit].flags
    was = "stunned" if standing.get(STUNNED) else \
        "knocked down" if standing.get(KNOCKED_DOWN) else "standing"
    for _ in range(trials):
        s = b.state.copy()
        events = combat.resolve_strike(s, b.geo, Dice(rng.randrange(1 << 30)), action)
        target = s.models[target_id]
        flags = s.units[target.unit].flags
        if not target.alive:
            counts["out of action"] += 1
        elif flags.get(STUNNED) and was != "stunned":
            counts["stunned"] += 1
        elif flags.get(KNOCKED_DOWN) and was == "standing":
            counts["knocked down"] += 1
        elif target.wounds < target.max_wounds:
            counts["lost a wound"] += 1
        else:
            counts["unharmed"] += 1
        counts["parried"] += any(": parried" in e.describe() for e in events)
    return {k: v / trials for k, v in counts.items()}


@pytest.mark.parametrize("first_blow", [None, (4, 1, 1, 1), (4, 5)])
def test_shown_odds_match_the_real_strike_monte_carlo(first_blow):
    """The second Axeman's strike on the Monk, as shown, against 4000 real strikes from the
    same state: fresh (the first Axeman missed), after a failed parry on a hit (closed: two
    opponents), after a parried hit. Tolerance: 3.5 standard deviations (0.028)."""
    b = monk_between_axemen()
    b.apply(b.legal()[0], *(first_blow or (1,)))
    action, table = shown(b)
    empirical = frequencies(b, action, model(b, "s1u0").id)
    for key, frequency in empirical.items():
        assert abs(float(table[key]) - frequency) <= TOLERANCE, (key, table[key], frequency)


def test_two_weapons_against_a_parry_match_the_real_strike_after_a_failed_parry():
    """The Raider Chief's dagger first, then two sword attacks, on the Monk: a failed parry on
    the dagger leaves the parry for the sword hits (one opponent). Shown against real."""
    b = Battle([warband("A", "raider_chief", force="marsh_raiders"),
                warband("B", "pilgrim_monk", force="ash_pilgrims")])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0")
    start_combat(b)
    action = next(a for a in b.legal() if a.option == "dagger")
    table = b.ruleset.action_odds(b.state, action, b.geo)["Cinder Monk"]
    empirical = frequencies(b, action, model(b, "s1u0").id)
    for key, frequency in empirical.items():
        assert abs(float(table[key]) - frequency) <= TOLERANCE, (key, table[key], frequency)
