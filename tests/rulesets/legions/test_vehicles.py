"""Vehicle targets (rules/legions.md, "Vehicle target" [part 2]; vehicles.py): the vehicle
profile in the data, armour penetration instead of the wound roll (the rear AV in the fight,
the facing from the table's arcs for shots), glancing and penetrating hits, saves per
penetrating hit, hull points, the wreck, what a vehicle may do in the charge and what it counts
in combat resolution. Strict scripted dice; odds as Fractions."""

from fractions import Fraction

import pytest

from game.core.dice import Dice
from game.core.errors import DataError
from game.core.events import DiceRolled, Note
from game.core.state import frozen_profile
from game.rulesets.legions import statuses, vehicles
from game.rulesets.legions.charge import forbidden_reason
from game.rulesets.legions.combat import lock
from game.rulesets.legions.events import InitiativeStepStarted, ResolutionPoints
from game.rulesets.legions.profile import legions_data, load_legions_data
from game.rulesets.legions.resolution import model_value
from game.rulesets.legions.vehicles import GLANCING, NOTHING, PENETRATING, penetration_odds
from game.rulesets.legions.volley import volley
from tests.rulesets.legions.battle import R40, Battle, fight
from tests.rulesets.legions.test_data import GOOD

CARRIER_HALF_WIDTH = 70 / 25.4 / 2


def described(events):
    return [e.describe() for e in events]


# --- the data ------------------------------------------------------------------------------------

def test_a_vehicle_profile_has_av_by_facing_and_hull_points_instead_of_t_w_sv():
    (name, carrier), = legions_data().model_profiles["armoured_carrier"]
    assert (carrier["AV_front"], carrier["AV_side"], carrier["AV_rear"], carrier["HP"]) == (
        11, 10, 10, 3)
    assert carrier["W"] == 3 and carrier["Sv"] == 7  # hull points as W; no armour save
    assert "Transport" in carrier["sub_types"] and carrier["capacity"] == 12
    assert legions_data().profiles["armoured_carrier"].base.kind == "rect"


VEHICLE = GOOD.replace('type = "Infantry"', 'type = "Vehicle"').replace("models = 2", "models = 1")
VEHICLE = VEHICLE.replace("T = 4\nW = 1\n", "").replace(
    "Sv = 3\n", "AV_front = 12\nAV_side = 11\nAV_rear = 10\nHP = 3\n")


def test_a_vehicle_loads_and_needs_no_melee_weapon(tmp_path):
    path = tmp_path / "v.toml"
    path.write_text(VEHICLE.replace('kind = "melee"', 'kind = "ranged"\nrange = 12\nshots = 1'))
    (_, stats), = load_legions_data(path).model_profiles["a"]
    assert stats["HP"] == stats["W"] == 3


@pytest.mark.parametrize(("change", "problem"), [
    (("HP = 3\n", "HP = 3\nT = 7\n"), "a Vehicle has no T"),
    (("models = 1", "models = 2"), "a Vehicle unit is one model"),
    (("HP = 3\n", "HP = 3\nsub_types = [\"Transport\"]\n"), "gives its capacity"),
    (("HP = 3\n", "HP = 3\ncapacity = 5\n"), "gives its capacity"),
    (("AV_rear = 10\n", ""), "is missing 'AV_rear'"),
])
def test_bad_vehicle_data_is_one_clear_error(tmp_path, change, problem):
    path = tmp_path / "broken.toml"
    path.write_text(VEHICLE.replace(*change, 1))
    with pytest.raises(DataError) as err:
        load_legions_data(path)
    assert problem in str(err.value)


def test_an_infantry_model_cannot_have_armour_values(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(GOOD.replace("Sv = 3\n", "Sv = 3\nAV_front = 10\n"))
    with pytest.raises(DataError) as err:
        load_legions_data(path)
    assert "has no AV_front" in str(err.value)


# --- the odds ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("strength", "av", "expected"), [
    (4, 10, (5, 1, 0)),   # only a 6 reaches 10: glancing
    (6, 10, (3, 1, 2)),   # 4 glances, 5-6 penetrate
    (7, 13, (5, 1, 0)),
    (8, 10, (1, 1, 4)),
    (10, 10, (0, 0, 6)),  # 11+ always
    (3, 10, (6, 0, 0)),   # 9 at most: nothing
])
def test_armour_penetration_odds_nothing_glancing_penetrating(strength, av, expected):
    text = vehicles.needs_text(strength, av)
    assert text == {(4, 10): "6 to glance", (6, 10): "4 to glance, 5+ to penetrate",
                    (7, 13): "6 to glance", (8, 10): "2 to glance, 3+ to penetrate",
                    (10, 10): "any roll to penetrate",
                    (3, 10): "more than 6: no roll can glance"}[(strength, av)]
    odds = penetration_odds(strength, av)
    assert (odds[NOTHING], odds[GLANCING], odds[PENETRATING]) == tuple(
        Fraction(n, 6) for n in expected)


@pytest.mark.parametrize("strength", range(1, 11))
@pytest.mark.parametrize("av", range(5, 16))
def test_armour_penetration_odds_match_the_enumeration_of_the_d6(strength, av):
    below = sum(1 for d in range(1, 7) if d + strength < av)
    equal = sum(1 for d in range(1, 7) if d + strength == av)
    odds = penetration_odds(strength, av)
    assert odds == {NOTHING: Fraction(below, 6), GLANCING: Fraction(equal, 6),
                    PENETRATING: Fraction(6 - below - equal, 6)}


# --- the fight: the rear AV ------------------------------------------------------------------------

def paragon_against_carrier(hull_points=3):
    """The Hammer Paragon (I5, 4 attacks, great hammer `smash` S8 AP-2 D2) in base contact
    with the Armoured Carrier's left flank (the carrier faces +y); locked."""
    b = Battle(["hammer_paragon"], ["armoured_carrier"])
    b.place("s1u0", 30.0, 24.0, 90.0)
    b.place("s0u0", 30.0 - CARRIER_HALF_WIDTH - R40, 24.0, 0.0)
    b.state.models["s1u0m0"].wounds = hull_points
    lock(b.state, "s0u0", "s1u0")
    return b


def smash(b):
    found = [a for a in b.legal() if a.option == "great_hammer|smash"]
    assert found, [a.label for a in b.legal()]
    return found[0]


def test_in_the_fight_a_vehicle_takes_penetration_against_its_rear_av_not_a_wound_roll():
    b = paragon_against_carrier()
    events = fight(b)
    steps = [e for e in events if isinstance(e, InitiativeStepStarted)]
    assert [s.fighters for s in steps] == [("Hammer Paragon: 1 model",)]
    # 4 attacks, WS6 v WS1: 2+ -> 3 hits; D6 + S8 vs rear AV 10: 1 nothing, 2 glancing (10),
    # 6 penetrating; vehicle damage for the glance: 3 = Pinned; the penetrating hit has no
    # save (no Inv): 2 hull points lost. Then resolution: the Paragon's side has more (W 4
    # against HP 3): 1-0; the carrier's Leadership check (Ld 8 - 1): 3 + 3 passes.
    events = b.apply(smash(b), 2, 2, 2, 1, 1, 2, 6, 3, 3, 3)
    text = described(events)
    assert ("Hammer Paragon rolls armour penetration (D6 + S8 vs rear AV 10 of Armoured "
            "Carrier): 1+2+6 (needs 2 to glance, 3+ to penetrate): 1 penetrating, 1 glancing") in text
    assert not any("to wound" in t for t in text)
    damage_roll = next(e for e in events if isinstance(e, DiceRolled)
                       and e.rule == vehicles.RULE_GLANCING)
    assert damage_roll.values == (3,) and damage_roll.outcome == "Pinned"
    assert statuses.PINNED in b.state.models["s1u0m0"].statuses
    assert "Armoured Carrier has no save against AP-2" in text
    assert b.state.models["s1u0m0"].wounds == 1  # 3 hull points - D2


def test_a_vehicle_makes_no_melee_attacks():
    b = paragon_against_carrier()
    fight(b)
    b.apply(smash(b), 1, 1, 1, 1, 3, 3)  # all miss; resolution: the carrier loses 0-1, passes
    assert not any(a.kind == "declare_weapon" for a in b.legal())
    assert b.state.models["s0u0m0"].wounds == 4


def test_a_vehicle_at_0_hull_points_is_wrecked_at_step_10():
    b = paragon_against_carrier(hull_points=1)
    fight(b)
    events = b.apply(smash(b), 2, 1, 1, 1, 6)
    text = described(events)
    assert text.index("End of initiative step 5: removed together: Armoured Carrier") < (
        text.index("Armoured Carrier is wrecked"))
    assert not b.state.unit_alive("s1u0")
    assert b.state.result["breakdown"][0]["models_removed"] == 1


def test_penetrating_hits_take_a_save_each_an_invulnerable_one_if_the_vehicle_has_it():
    b = paragon_against_carrier()
    carrier = b.state.models["s1u0m0"]
    carrier.profile = frozen_profile({**carrier.profile, "Inv": 5})
    fight(b)
    # 2 hits, 2 penetrating; saves 5 (saved) and 4 (failed): D2 off 3 HP
    b.apply(smash(b), 2, 2, 1, 1, 5, 6, 5, 4, 3, 3)
    assert carrier.wounds == 1


# --- volleys: the facing the shooter stands in ------------------------------------------------------

@pytest.mark.parametrize(("facing", "arc", "av"), [(180.0, "front", 13), (0.0, "rear", 10),
                                                   (90.0, "side", 12)])
def test_a_shot_hits_the_facing_whose_arc_the_shooter_stands_in(facing, arc, av):
    b = Battle(["battle_tank"], ["battle_tank"])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 40.0, 24.0, facing)
    shooter, target = b.state.models["s0u0m0"], b.state.models["s1u0m0"]
    assert vehicles.facing_hit(b.geo, shooter, target) == arc
    dice = Dice(0, strict=True)
    # Overwatch (fired normally, BS4: 3+): the battle cannon's 2 shots hit (3, 3); their
    # penetration 6 + S7 = 13 each; then the pintle gun's 2 shots miss (1, 1).
    dice.script(3, 3, 6, 6, 1, 1)
    events, pools = volley(b.state, b.geo, dice, "s0u0", "s1u0", overwatch=True)
    pen = next(e for e in events if isinstance(e, DiceRolled) and "penetration" in e.label)
    assert f"{arc} AV {av}" in pen.label
    # D6 + S7 = 13 against the AV: nothing on the front, penetrating on the rear and side
    expected = {"front": 0, "rear": 2, "side": 2}[arc]
    assert sum(p["left"] for p in pools) == expected


def test_a_glancing_hit_from_a_volley_inflicts_no_status():
    b = Battle(["line_squad"], ["armoured_carrier"])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 30.0, 24.0, 0.0)  # the squad stands in its rear arc: AV 10
    dice = Dice(0, strict=True)
    shots = len([m for m in b.state.alive_models("s0u0")])
    # snap shots with sidearms: one 6 hits; D6 + S4 = 10: glancing
    dice.script(6, *([1] * (shots - 1)), 6)
    events, pools = volley(b.state, b.geo, dice, "s0u0", "s1u0")
    assert pools == []
    assert any(isinstance(e, Note) and e.rule == vehicles.RULE_VOLLEY_NO_STATUS for e in events)
    assert not b.state.models["s1u0m0"].statuses


# --- the charge and the resolution ---------------------------------------------------------------

def test_a_vehicle_cannot_declare_a_charge_but_can_be_charged():
    b = Battle(["battle_tank", "line_squad"], ["armoured_carrier"])
    b.place("s0u0", 20.0, 30.0, 0.0)
    b.place("s0u1", 20.0, 18.0, 0.0)
    b.place("s1u0", 28.0, 18.0, 180.0)
    assert forbidden_reason(b.state, "s0u0") == (
        f"Cannot charge: Battle Tank is a Vehicle ({vehicles.RULE_NO_CHARGE})")
    declared = [a for a in b.legal() if a.kind == "declare_charge"]
    assert [(a.unit, a.targets) for a in declared] == [("s0u1", ("s1u0",))]


def test_a_wrecked_vehicle_scores_its_base_hull_points_in_combat_resolution():
    b = Battle(["hammer_paragon"], ["armoured_carrier", "line_squad"])
    b.place("s1u0", 30.0, 24.0, 90.0)
    b.place("s0u0", 30.0 - CARRIER_HALF_WIDTH - R40, 24.0, 0.0)
    b.place("s1u1", 60.0, 40.0, 180.0)
    carrier = b.state.models["s1u0m0"]
    carrier.wounds = 1
    assert model_value(carrier) == 3  # its base hull points, though 1 is left
    lock(b.state, "s0u0", "s1u0")
    fight(b)
    events = b.apply(smash(b), 2, 1, 1, 1, 6)
    totals = next(e for e in events if isinstance(e, ResolutionPoints)).totals
    assert totals[0][:2] == ("Azure Legion", 4)  # 3 for the wreck, +1 for more models
    assert "Armoured Carrier is wrecked" in described(events)
