"""The greedy agent's worth of a warband charge (evaluation.py): the one-phase duel it opens,
both ways, plus the premium; worked out once per pair of profiles."""

import pytest

from game.rulesets.warband.evaluation import CHARGE_PREMIUM, DOWNED, charge_value
from game.rulesets.warband.odds import Fighter, duel, expected_value, p_strikes_first
from tests.rulesets.warband.battle import Battle, model, stand, warband


def test_a_charge_on_a_standing_enemy_is_worth_the_duel_both_ways_plus_the_premium():
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")])
    stand(b, "s0u0", 10, 10)
    stand(b, "s1u0", 14, 10)
    me, them = model(b, "s0u0"), model(b, "s1u0")
    attacker, defender = Fighter.of(me.profile), Fighter.of(them.profile)
    _, mine, theirs = duel(attacker, defender, True, exact=False)
    first = float(p_strikes_first(attacker, defender, True))
    down_them = float(sum(p for (final, *_), p in mine if final in DOWNED))
    down_me = float(sum(p for (final, *_), p in theirs if final in DOWNED))
    gain, loss = expected_value(mine), expected_value(theirs)
    worth = (first * (gain - (1 - down_them) * loss)
             + (1 - first) * (-loss + (1 - down_me) * gain) + CHARGE_PREMIUM)
    assert charge_value(b.state, b.geo, me, them) == pytest.approx(worth, abs=1e-12)
    assert charge_value(b.state, b.geo, me, them) == charge_value(b.state, b.geo, me, them)
    assert charge_value(b.state, b.geo, them, me) != charge_value(b.state, b.geo, me, them)
