"""The greedy AI's view of squads positions: exact charge odds both ways (evaluation.py)."""

from game.rulesets.squads.evaluation import attack_value, exchange_value
from game.rulesets.squads.movement import KEEP_AWAY
from game.rulesets.squads.odds import charge_success
from tests.rulesets.squads.battle import Battle


def chief_and_marines(gap):
    b = Battle([("Horde", "brute_horde", ["brute_chief"]),
                ("Company", "line_company", ["line_marines"])], phase="movement")
    b.place("s0u0", 20.0, 22.0, 0.0)
    b.place("s1u0", 20.0 + 50 / 25.4 / 2 + gap + 32 / 25.4 / 2, 22.0, 180.0, files=5)
    return b


def test_standing_in_reach_of_a_stronger_charger_is_worth_less():
    near, far = chief_and_marines(4.0), chief_and_marines(30.0)
    assert exchange_value(far.state, far.geo, "s1u0") == 0.0   # out of everyone's reach
    assert exchange_value(near.state, near.geo, "s1u0") < 0.0  # the Chief hits harder


def test_exchange_value_uses_the_exact_odds_both_ways():
    b = chief_and_marines(9.0)
    gap = b.distance("s1u0", "s0u0")
    marines_m, chief_m = 6, 6
    expected = 0.5 * (float(charge_success(max(KEEP_AWAY, gap - marines_m)))
                      * attack_value(b.state, "s1u0", "s0u0")
                      - float(charge_success(max(KEEP_AWAY, gap - chief_m)))
                      * attack_value(b.state, "s0u0", "s1u0"))
    assert abs(exchange_value(b.state, b.geo, "s1u0") - expected) < 1e-12
