"""The legions data (rules/legions.md, "Profiles"): two legion forces with squads, a veteran
unit with Shield bearers and a Paragon; weapons with several profiles and traits; and clear
errors for bad data."""

import pytest

from game.core.errors import DataError
from game.core.state import Scenario
from game.rulesets.legions.profile import legions_data, load_legions_data
from game.rulesets.legions.setup import build_state

GOOD = """
[weapons.blade]
name = "blade"
kind = "melee"
S = "user"
AP = 0
D = 1
[profiles.a]
name = "A"
models = 2
base = "32"
type = "Infantry"
M = 7
WS = 4
BS = 4
S = 4
T = 4
W = 1
I = 4
A = 1
Ld = 7
Cl = 7
Sv = 3
weapons = ["blade"]
[forces.f]
name = "F"
units = ["a"]
"""


def test_two_legion_forces_with_squads_a_shield_veteran_unit_and_a_paragon():
    data = legions_data()
    assert {"azure_legion", "ashen_legion"} <= set(data.forces)
    for force in (data.forces["azure_legion"], data.forces["ashen_legion"]):
        kinds = [data.profiles[u].stats["type"] for u in force.units]
        assert kinds.count("Paragon") == 1
        entries = [e for u in force.units for e in data.model_profiles[u]]
        assert any("Shield" in stats["traits"] for _, stats in entries)
        assert any("Sergeant" in stats["sub_types"] for _, stats in entries)


def test_weapons_have_several_profiles_strengths_and_traits():
    weapons = legions_data().weapons
    maul = weapons["power_maul"]
    assert [p.name for p in maul.profiles] == ["crush", "parry"]
    assert maul.profile("crush").strength_for(4) == 6
    assert weapons["great_hammer"].profile("smash").strength_for(4) == 8
    assert weapons["combat_blade"].profiles[0].strength_for(5) == 5
    assert "Assault" in weapons["sidearm"].traits and "Assault" not in weapons["rifle"].traits
    assert "Duellist's Edge (2)" in weapons["paragon_glaive"].profile("precise").traits


def test_each_model_has_its_own_profile_and_name():
    s = build_state("legions", Scenario(72.0, 48.0), 0,
                    [("A", "azure_legion", ["line_squad", "line_squad", "veteran_guard"]),
                     ("B", "ashen_legion", ["hammer_paragon"])])
    assert s.units["s0u0"].name == "Line Squad I" and s.units["s0u1"].name == "Line Squad II"
    sergeant, trooper = s.models["s0u0m0"], s.models["s0u0m1"]
    assert (sergeant.name, sergeant.profile["WS"], trooper.name) == ("Line Sergeant I", 5,
                                                                    "Line Squad I #1")
    shields = [m for m in s.alive_models("s0u2") if "Shield" in m.profile["traits"]]
    assert len(shields) == 4 and all(m.profile["Inv"] == 5 for m in shields)
    assert s.models["s1u0m0"].wounds == 4


@pytest.mark.parametrize(("change", "problem"), [
    (('kind = "melee"', 'kind = "thrown"'), "kind must be"),
    (('S = "user"', 'S = "huge"'), "use a number"),
    (('AP = 0', 'AP = 2'), "AP must be"),
    # was "part 2" (vehicles refused): now a Vehicle loads, but needs its AV and HP
    (('type = "Infantry"', 'type = "Vehicle"'), "is missing 'AV_front'"),
    (('type = "Infantry"', 'type = "Cavalry"'), "type must be one of"),
    (('weapons = ["blade"]', 'weapons = ["axe"]'), "unknown weapon 'axe'"),
    (('weapons = ["blade"]', 'weapons = ["blade"]\nsub_types = ["Captain"]'), "unknown sub-type"),
    (('weapons = ["blade"]', 'weapons = ["blade"]\n[[profiles.a.overrides]]\ncount = 3'),
     "overrides name 3 models"),
])
def test_bad_data_is_one_clear_error(tmp_path, change, problem):
    path = tmp_path / "broken.toml"
    path.write_text(GOOD.replace(*change, 1))
    with pytest.raises(DataError) as err:
        load_legions_data(path)
    assert "broken.toml" in str(err.value) and problem in str(err.value)


def test_the_sample_file_loads(tmp_path):
    path = tmp_path / "ok.toml"
    path.write_text(GOOD)
    data = load_legions_data(path)
    assert [n for n, _ in data.model_profiles["a"]] == ["A", "A"]


def test_forces_field_paragons_champions_and_officers_for_challenges():
    """Characters (the seed's Paragon type, Champion sub-type and Officer, our Command
    sub-type): the shipped forces' veteran sergeants are Champions, and the two character
    forces each field an Officer, a Champion and a Paragon, equal in points."""
    data = legions_data()
    for fid in ("azure_legion", "ashen_legion"):
        entries = [e for u in data.forces[fid].units for e in data.model_profiles[u]]
        assert sum("Champion" in stats["sub_types"] for _, stats in entries) == 1
    hosts = ("cobalt_host", "cinder_host")
    for fid in hosts:
        entries = [e for u in data.forces[fid].units for e in data.model_profiles[u]]
        assert any(stats["type"] == "Paragon" for _, stats in entries)
        assert any("Champion" in stats["sub_types"] for _, stats in entries)
        assert any("Command" in stats["sub_types"] and stats["type"] == "Infantry"
                   for _, stats in entries)
    assert data.base.force_points(hosts[0]) == data.base.force_points(hosts[1])
