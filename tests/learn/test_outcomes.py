"""Odds from both sides before committing, exact, on built positions (the figures worked by
hand from each ruleset's charts, not read back from its odds code)."""

from fractions import Fraction as F

from game.core.actions import Action, make_placement
from game.learn.outcomes import outcomes
from tests.rulesets.cards.battle import TOUCH, column, stand
from tests.rulesets.cards.battle import two_units as cards_units
from tests.rulesets.legions.battle import facing_lines
from tests.rulesets.warband.battle import Battle as WarbandBattle
from tests.rulesets.warband.battle import stand as stand_model
from tests.rulesets.warband.battle import warband


def test_squads_charge_seven_inches_both_sides(mob_vs_marines):
    b = mob_vs_marines
    out = outcomes("squads", b.state, b.geo, Action("charge", "s0u0"))
    assert out.attacker["the charge on Line Marines"] == {"reaches": F(21, 36),
                                                          "fails": F(15, 36)}
    # The Mob's 30 attacks: hit 3+ (2/3), S4 v T4 4+ (1/2), save 3+ with AP-1: 4+ fails 1/2:
    # each attack 1/6 unsaved; W2 Marines: none slain with 0 or 1 unsaved wounds.
    mob = out.attacker["Brute Mob's fight against Line Marines, if it reaches"]
    assert mob["0 slain"] == F(5, 6) ** 30 + 30 * F(1, 6) * F(5, 6) ** 29
    assert sum(mob.values()) == 1
    # The Marines back: 15 attacks, 3+ (2/3), S4 v T5 5+ (1/3), Mob save 5+ fails 2/3: 4/27.
    back = out.defender["Line Marines strikes back"]
    assert back["0 slain"] == F(23, 27) ** 15 and sum(back.values()) == 1


def test_warband_charge_and_the_defenders_strike_back():
    b = WarbandBattle([warband("A", "sellsword_axeman"),
                       warband("B", "pilgrim_monk", force="ash_pilgrims")])
    stand_model(b, "s0u0", 14, 20)
    stand_model(b, "s1u0", 20, 20)
    out = outcomes("warband", b.state, b.geo, Action("charge", "s0u0", targets=("s1u0",)))
    monk = out.attacker["Cinder Monk, struck by Axeman"]
    assert sum(monk.values()) == 1
    downed = 1 - monk["unharmed"] - monk["lost a wound"]
    # The charging Axeman strikes first; the Monk strikes back unless downed. One attack
    # of WS3 v WS3 hits on 4+ (1/2), S3 v T3 wounds on 4+; light armour and shield save 5+;
    # a 6 to wound is a critical (1-2: saves allowed, else none): 1/3*2/3 + 1/6*(1/3*2/3+2/3).
    harm = F(1, 2) * (F(1, 3) * F(2, 3) + F(1, 6) * (F(1, 3) * F(2, 3) + F(2, 3)))
    axeman = out.defender["Axeman, struck back by Cinder Monk"]
    assert harm == F(5, 27)
    assert axeman["unharmed"] == 1 - (1 - downed) * harm
    assert sum(axeman.values()) == 1


def test_legions_charge_reach_and_both_fight_rounds():
    b = facing_lines(6.0)
    out = outcomes("legions", b.state, b.geo, Action("declare_charge", "s0u0",
                                                     targets=("s1u0",)))
    # after the 3" setup move, 3" to go: 2D6 keep the higher >= 3: 32/36
    assert out.attacker["the charge on Ember Squad"] == {"reaches": F(8, 9), "fails": F(1, 9)}
    mine = out.attacker["Line Squad's first fight round, if it reaches"]
    assert sum(mine.values()) == 1 and out.defender["Ember Squad strikes back"]
    # nine legionaries A1 WS4 v WS4 (4+), the Sergeant A2 WS5 (3+); S4 v T4 4+; 3+ fails 1/3
    legionary, sergeant = F(1, 2) * F(1, 2) * F(1, 3), F(2, 3) * F(1, 2) * F(1, 3)
    assert mine["0 unsaved wounds"] == (1 - legionary) ** 9 * (1 - sergeant) ** 2


def test_cards_a_charge_shows_the_melee_rounds_losses_for_both_sides():
    b = cards_units("grenadiers", "militia")
    stand(b, "s0u0", column(10.0, 10.0, 2))
    stand(b, "s1u0", column(13.0, 10.0, 2))
    b.state.phase = "activate"
    b.state.pending["activation"] = {"card": "unit:0:grenadiers", "units": ["s0u0"]}
    move = Action("move", "s0u0", option="charge", placement=make_placement(
        {m.id: (m.x + 3.0 - TOUCH, m.y) for m in b.state.alive_models("s0u0")}))
    assert b.why(move) is None
    out = outcomes("cards", b.state, b.geo, move)
    theirs = out.attacker["Militia figures lost to your attacks"]
    ours = out.defender["your figures lost (Grenadiers)"]
    assert sum(theirs.values()) == sum(ours.values()) == 1
    # Militia: 2 dice, hit on 5+ (1/3), Grenadiers defend on 4+: each die kills 1/6.
    assert ours["0 lost"] == F(5, 6) ** 2
    assert b.state.phase == "activate"          # the charge was only tried on a copy


def test_ranks_a_charge_splits_the_dice_of_both_sides():
    from tests.acceptance.test_ranks_seed_combat import set_up

    b = set_up()
    charge = next(a for a in b.legal() if a.kind == "charge" and a.unit == "s0u1")
    out = outcomes("ranks", b.state, b.geo, charge)
    assert any("Mailed Riders" in k for k in out.attacker)
    assert any("Pike Block" in k for k in out.defender)
    for table in list(out.attacker.values()) + list(out.defender.values()):
        assert sum(table.values()) == 1


def test_an_action_that_is_neither_charge_nor_attack_has_no_outcome(mob_vs_marines):
    b = mob_vs_marines
    assert outcomes("squads", b.state, b.geo, Action("end_phase")) is None
