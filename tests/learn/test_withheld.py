"""Options a player looks for but is not offered: the reason and the rule, per ruleset."""

from game.core.actions import Action
from game.learn.withheld import withheld
from tests.rulesets.cards.battle import Battle as CardsBattle
from tests.rulesets.cards.battle import column, stand
from tests.rulesets.legions.battle import facing_lines
from tests.rulesets.squads.battle import MOB_RADIUS
from tests.rulesets.squads.battle import Battle as SquadsBattle
from tests.rulesets.warband.battle import Battle as WarbandBattle
from tests.rulesets.warband.battle import stand as stand_model
from tests.rulesets.warband.battle import start_combat, touching, warband


def squads_two_and_two():
    b = SquadsBattle([("Horde", "brute_horde", ["brute_mob", "brute_mob"]),
                      ("Company", "line_company", ["line_marines", "line_marines"])])
    b.place("s0u0", 10, 22, 0)
    b.place("s0u1", 10, 8, 0)
    b.place("s1u0", 10 + 7 + 2 * MOB_RADIUS, 22, 180)
    b.place("s1u1", 10 + 10.5 + 2 * MOB_RADIUS, 30, 180)
    return b


def test_squads_a_unit_that_advanced_cannot_charge_and_says_why():
    b = squads_two_and_two()
    b.unit("s0u1").flags["advanced"] = True
    found = withheld("squads", b.state, b.geo)
    assert [(w.unit, w.rule.id) for w in found] == [("s0u1", "charge_eligibility")]
    assert "Advanced this turn" in found[0].reason


def test_squads_a_target_beyond_the_roll_is_named_with_its_distance():
    b = squads_two_and_two()
    b.apply(Action("charge", "s0u0"), 5, 4)
    far = b.distance("s0u0", "s1u1")
    assert 9 < far <= 12
    found = withheld("squads", b.state, b.geo)
    assert [(w.target, w.rule.id) for w in found] == [("s1u1", "charge_targets")]
    assert f"{far:.1f}\" away, beyond the roll of 9\"" in found[0].reason


def test_legions_a_unit_that_ran_cannot_declare_a_charge():
    b = facing_lines(6.0)
    b.unit("s0u0").flags["ran"] = True
    found = withheld("legions", b.state, b.geo)
    assert [(w.unit, w.target, w.rule.id) for w in found] == [("s0u0", "s1u0",
                                                                "charge_forbidden")]
    assert found[0].reason.startswith("Cannot charge: Line Squad Ran this turn")


def test_warband_a_model_without_sword_or_buckler_cannot_parry():
    b = WarbandBattle([warband("A", "sellsword_axeman"),
                       warband("B", "pilgrim_monk", "pilgrim_zealot", force="ash_pilgrims")])
    stand_model(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0")
    start_combat(b, 6, 1)                                  # I3 v I3: the Axeman first
    found = {w.what: w for w in withheld("warband", b.state, b.geo)}
    assert set(found) == {"Axeman: parry"}                 # the Monk has a sword and buckler
    assert found["Axeman: parry"].rule.id == "parry"
    assert "no sword or buckler" in found["Axeman: parry"].reason


def test_ranks_a_unit_in_contact_at_the_start_cannot_charge():
    from tests.acceptance.test_ranks_seed_combat import set_up

    b = set_up()
    found = [w for w in withheld("ranks", b.state, b.geo) if w.unit == "s0u0"]
    assert found and found[0].rule.id == "orders"
    assert "its order is Fight" in found[0].reason


def test_cards_a_unit_whose_card_was_not_drawn_cannot_charge():
    b = CardsBattle([("Column", "garrison_column", ["grenadiers", "regulars"]),
                     ("War Party", "frontier_war_party", ["militia"])])
    stand(b, "s0u0", column(10.0, 10.0, 2))
    stand(b, "s0u1", column(10.0, 20.0, 2))
    stand(b, "s1u0", column(14.0, 14.0, 2))
    b.state.phase = "activate"
    b.state.pending["activation"] = {"card": "unit:0:grenadiers", "units": ["s0u0"]}
    found = withheld("cards", b.state, b.geo)
    assert [(w.unit, w.rule.id) for w in found] == [("s0u1", "draw")]
    assert "Only the units of the card drawn may act now" in found[0].reason
