"""Data files are validated on load: one clear error naming the file and the problem."""

import pytest

from game.core.errors import DataError
from game.data.loader import load_ruleset_data
from game.rulesets.squads.profile import SCHEMA, squads_data


def test_shipped_squads_data_loads_with_two_forces():
    data = squads_data()
    assert {"brute_horde", "line_company"} <= set(data.forces)
    mob = data.profiles["brute_mob"]
    assert (mob.models, mob.base.width_mm, mob.stats["M"], mob.stats["AP"]) == (10, 32, 6, -1)


@pytest.mark.parametrize(("text", "problem"), [
    ("this is = = not toml", "not valid TOML"),
    ("[profiles.a]\nname='A'\nmodels=1\nbase='32'\n[forces.f]\nname='F'\nunits=['a']",
     "missing 'M'"),
    ("[forces.f]\nname='F'\nunits=['ghost']", "unknown profile 'ghost'"),
    ("[profiles.a]\nname='A'\nmodels=1\nbase='hexagon 3'\n", "base"),
])
def test_bad_data_is_one_clear_error(tmp_path, text, problem):
    path = tmp_path / "broken.toml"
    path.write_text(text)
    with pytest.raises(DataError) as err:
        load_ruleset_data("squads", SCHEMA, path)
    assert "broken.toml" in str(err.value) and problem in str(err.value)


def test_missing_data_file(tmp_path):
    with pytest.raises(DataError, match="file not found"):
        load_ruleset_data("squads", SCHEMA, tmp_path / "nothing.toml")


def test_out_of_range_characteristic(tmp_path):
    path = tmp_path / "range.toml"
    path.write_text("[profiles.a]\nname='A'\nmodels=1\nbase='32'\nM=6\nT=4\nSv=9\nW=1\nLd=7\n"
                    "OC=1\nweapon='w'\nA=1\nWS=3\nS=4\nAP=0\nD=1\n[forces.f]\nname='F'\nunits=['a']")
    with pytest.raises(DataError, match="Sv = 9 is outside"):
        load_ruleset_data("squads", SCHEMA, path)
