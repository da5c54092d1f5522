"""warband.md, "Oracle figures (tests)" and the WS chart checks, asserted exactly with Fractions,
and the same figures met in a battle with scripted dice."""

from fractions import Fraction as F

import pytest

from game.core.actions import Action
from game.rulesets.warband.charts import injury_result, to_hit_needed
from game.rulesets.warband.odds import injury_distribution, p_hit_not_parried
from tests.rulesets.warband.battle import Battle, model, stand, touching, warband

KD, ST, OOA = "knocked down", "stunned", "out of action"


def test_injury_one_third_each():
    """Injury: 1-2 knocked down, 3-4 stunned, 5-6 out of action: 1/3 each."""
    assert injury_distribution() == {KD: F(1, 3), ST: F(1, 3), OOA: F(1, 3)}


def test_injury_with_plus_two_from_a_master_strike():
    """Injury with +2 (critical 5-6): knocked down 0, stunned 1/3, out of action 2/3."""
    assert injury_distribution(bonus=2) == {KD: F(0), ST: F(1, 3), OOA: F(2, 3)}


def test_injury_with_a_club_concussion():
    """Club/mace: an injury roll of 2-4 is stunned: 1/6, 1/2, 1/3."""
    assert injury_distribution(concussion=True) == {KD: F(1, 6), ST: F(1, 2), OOA: F(1, 3)}


@pytest.mark.parametrize(("attacker_ws", "defender_ws", "expected"), [
    (3, 2, F(18, 36)), (3, 3, F(15, 36)), (2, 5, F(11, 36))])
def test_hit_and_not_parried_by_a_sword(attacker_ws, defender_ws, expected):
    """P(hit and not parried), one attack against a sword: 18/36, 15/36, 11/36."""
    assert p_hit_not_parried(attacker_ws, defender_ws) == expected


@pytest.mark.parametrize(("attacker_ws", "defender_ws", "needed"), [
    (1, 2, 4), (1, 3, 5), (3, 6, 4), (3, 7, 5), (5, 10, 4)])
def test_ws_chart_checks(attacker_ws, defender_ws, needed):
    """The spec's WS chart checks: WS1 vs 2 = 4+, WS1 vs 3 = 5+, WS3 vs 6 = 4+, WS3 vs 7 = 5+,
    WS5 vs 10 = 4+."""
    assert to_hit_needed(attacker_ws, defender_ws) == needed


@pytest.mark.parametrize(("roll", "result"), [(1, KD), (2, KD), (3, ST), (4, ST), (5, OOA),
                                              (6, OOA)])
def test_injury_chart_faces(roll, result):
    assert injury_result(roll) == result


def test_the_sword_parry_figure_in_a_battle():
    """WS3 against a WS3 sword: a hit on 4 is parried by a 5 (beats 4) and the blow is
    ignored: no wound roll follows."""
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_monk", force="ash_pilgrims")])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0")
    b.apply(Action("end_phase"), 6, 1)      # same I3: roll-off, the axeman first
    events = b.apply(b.legal()[0], 4, 5)    # hit on 4, the monk's buckler parry 5 > 4
    text = [e.describe() for e in events]
    assert any("parry: 5 (needs more than 4): parried" in t for t in text)
    assert not any("to wound" in t for t in text)
    assert model(b, "s1u0").alive
