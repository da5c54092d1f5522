"""game/data/ranks.toml: two armies of rectangular bases, validated on load."""

import pytest

from game.core.errors import DataError
from game.rulesets.ranks.profile import DEFAULT_FORCES, TALENT_NAMES, ranks_data


def test_two_armies_of_rectangular_bases():
    data = ranks_data()
    assert set(DEFAULT_FORCES) <= set(data.forces)
    for profile in data.profiles.values():
        assert profile.base.kind == "rect"
        assert profile.base.to_text() in ("rect 40x20", "rect 40x40")
        assert profile.models >= profile.stats["files"]
        assert set(profile.stats.get("talents", ())) <= set(TALENT_NAMES)
    generals = [p for p in data.profiles.values() if p.stats.get("general")]
    assert generals and all("general_CV" in p.stats for p in generals)


def test_an_unknown_talent_is_a_data_error(tmp_path):
    bad = tmp_path / "ranks.toml"
    bad.write_text('[profiles.x]\nname = "X"\nmodels = 2\nbase = "rect 40x20"\nfiles = 2\n'
                   'M = 5\nCV = 2\nAV = 1\ntalents = ["Flying"]\n'
                   '[forces.f]\nname = "F"\nunits = ["x"]\n', encoding="utf-8")
    with pytest.raises(DataError, match="unknown talent 'Flying'"):
        ranks_data(bad)
