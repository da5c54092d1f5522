"""warband profiles, equipment and warbands (warband.md, "Profiles", "Equipment [added]"): the
shipped data, the equipment table's effects, and data errors caught on load."""

import pytest

from game.core.errors import DataError
from game.data.loader import load_ruleset_data
from game.rulesets.warband.charts import save_needed, to_wound_needed
from game.rulesets.warband.equipment import (
    ITEMS,
    UNARMED,
    canonical,
    hands_problem,
    loadout,
    parse_gear,
)
from game.rulesets.warband.profile import SCHEMA, check, warband_data
from tests.rulesets.warband.battle import Battle, model, warband


def test_four_warbands_of_five_to_fifteen_single_models_with_one_leader():
    data = warband_data()
    assert {"sellswords", "ash_pilgrims", "marsh_raiders", "iron_brotherhood"} <= set(data.forces)
    for force in data.forces.values():
        assert 5 <= len(force.units) <= 15
        assert sum(1 for u in force.units if data.profiles[u].stats.get("leader")) == 1
    for profile in data.profiles.values():
        assert profile.models == 1 and profile.base.kind == "round"
        assert profile.base.width_mm == 25
        assert all(1 <= profile.stats[k] <= 10 for k in ("M", "WS", "BS", "S", "T", "W", "I",
                                                         "A", "Ld"))


def test_the_equipment_is_varied():
    """Every item of the equipment table is carried by some model, and some fight unarmed."""
    carried = {g for p in warband_data().profiles.values() for g in parse_gear(p.stats["gear"])}
    assert carried == set(ITEMS)
    assert any(not p.stats["gear"] for p in warband_data().profiles.values())


def test_duplicate_names_are_numbered_so_every_button_names_one_model():
    b = Battle([warband("A", "sellsword_axeman", "sellsword_axeman", "sellsword_captain"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")])
    assert [model(b, u).name for u in ("s0u0", "s0u1", "s0u2")] == [
        "Axeman I", "Axeman II", "Sellsword Captain"]


@pytest.mark.parametrize(("name", "item"), [
    ("Double-handed weapon", "double_handed"), ("mace", "club"), ("light armor", "light_armour"),
    ("sword", "sword"), ("none", ""), ("laser", None)])
def test_equipment_names_players_type(name, item):
    assert canonical(name) == item


def test_hands_double_handed_weapon_goes_with_no_second_weapon_or_shield():
    assert hands_problem(("double_handed", "shield"))
    assert hands_problem(("double_handed", "dagger"))
    assert hands_problem(("sword", "sword", "buckler"))
    assert hands_problem(("sword", "buckler", "light_armour", "helmet")) is None


def test_two_one_handed_weapons_and_the_weapon_of_choice():
    """+1 attack after every other modifier; two different weapons: one attack with the
    weapon of choice, all others with the second."""
    assert loadout(("sword", "sword")).attack_plan(1) == (("sword", 2),)
    assert loadout(("sword", "dagger")).attack_plan(2) == (("dagger", 1), ("sword", 2))
    assert loadout(("sword", "dagger")).attack_plan(2, "sword") == (("sword", 1), ("dagger", 2))
    assert loadout(("double_handed",)).attack_plan(1) == (("double_handed", 1),)
    assert loadout(()).weapons == (UNARMED,)


def test_equipment_effects_on_strength_saves_and_parry():
    """Light 6+, heavy 5+, shield +1; the dagger and bare hands give the enemy +1, the axe -1
    more; the double-handed weapon is S+2 and strikes last; sword or buckler parry, both
    together re-roll."""
    light, heavy = loadout(("light_armour",)), loadout(("heavy_armour", "shield"))
    sword, axe, dagger = ITEMS["sword"], ITEMS["axe"], ITEMS["dagger"]
    assert save_needed(light, sword, 3) == 6 and save_needed(heavy, sword, 3) == 4
    assert save_needed(light, axe, 3) is None
    assert save_needed(loadout(()), dagger, 3) == 6        # a model with none saves on 6
    assert save_needed(loadout(()), UNARMED, 2) == 6
    assert [save_needed(heavy, sword, s) for s in (4, 5, 6, 7)] == [5, 6, None, None]
    assert ITEMS["double_handed"].strength_bonus == 2 and loadout(("double_handed",)).strikes_last
    assert loadout(("sword", "buckler")).parry_reroll
    assert not loadout(("sword", "sword")).parry_reroll
    assert loadout(("buckler", "axe")).parry and not loadout(("shield", "axe")).parry
    assert loadout(("spear",)).spear


@pytest.mark.parametrize(("strength", "toughness", "needed"), [
    (5, 3, 2), (4, 3, 3), (3, 3, 4), (3, 4, 5), (3, 5, 6), (3, 6, 6), (3, 7, None)])
def test_wound_chart(strength, toughness, needed):
    assert to_wound_needed(strength, toughness) == needed


@pytest.mark.parametrize(("body", "problem"), [
    ("gear = ['laser']", "not in the equipment table"),
    ("gear = ['double_handed', 'shield']", "two hands"),
    ("gear = []\nskills = ['flying']", "unknown skill"),
])
def test_bad_profiles_are_one_clear_error(tmp_path, body, problem):
    units = ", ".join(["'a'"] * 5)
    text = ("[profiles.a]\nname='A'\nmodels=1\nbase='25'\nM=4\nWS=3\nBS=3\nS=3\nT=3\nW=1\nI=3\n"
            f"A=1\nLd=7\nleader=true\n{body}\n[forces.f]\nname='F'\nunits=[{units}]\n")
    path = tmp_path / "broken.toml"
    path.write_text(text)
    with pytest.raises(DataError) as err:
        check(load_ruleset_data("warband", SCHEMA, path))
    assert "broken.toml" in str(err.value) and problem in str(err.value)


def test_a_warband_needs_five_to_fifteen_models_and_one_leader(tmp_path):
    base = ("[profiles.a]\nname='A'\nmodels=1\nbase='25'\nM=4\nWS=3\nBS=3\nS=3\nT=3\nW=1\nI=3\n"
            "A=1\nLd=7\ngear=[]\n")
    for units, problem in (("['a', 'a']", "5 to 15"), ("['a', 'a', 'a', 'a', 'a']", "leader")):
        path = tmp_path / "w.toml"
        path.write_text(base + f"[forces.f]\nname='F'\nunits={units}\n")
        with pytest.raises(DataError, match=problem):
            check(load_ruleset_data("warband", SCHEMA, path))
