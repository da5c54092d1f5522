"""Data files within limits, and the data file (not the map) blamed for its own faults."""

from __future__ import annotations

import pytest

from game.cli import main
from game.core.errors import DataError
from game.data import loader
from game.rulesets.squads.profile import SCHEMA

SHIPPED = (loader.DATA_DIR / "squads.toml").read_text()
BRUTE_UNITS = 'units = ["brute_mob", "brute_mob", "brute_stompers", "brute_chief"]'


def data_file(tmp_path, old: str, new: str):
    assert old in SHIPPED
    path = tmp_path / "squads.toml"
    path.write_text(SHIPPED.replace(old, new, 1))
    return path


@pytest.mark.parametrize("size", ["nan", "inf", "100000", "oval 60xinf", "rect 301x20"])
def test_a_base_size_must_be_finite_and_at_most_300_mm(tmp_path, size):
    path = data_file(tmp_path, 'base = "32"', f'base = "{size}"')
    with pytest.raises(DataError, match="sizes must be from 0 to 300 mm"):
        loader.load_ruleset_data("squads", SCHEMA, path)


def test_a_bad_base_blames_the_data_file_not_the_map(tmp_path, monkeypatch, capsys):
    data_file(tmp_path, 'base = "32"', 'base = "100000"')
    monkeypatch.setenv(loader.DATA_OVERRIDE_ENV, str(tmp_path))
    monkeypatch.setattr(loader, "_loaded", {})
    assert main(["simulate", "--ruleset", "squads"]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'squads.toml'}: profiles.brute_mob.base" in err and ".tmx" not in err


def test_the_override_folder_replaces_only_the_files_it_has(tmp_path, monkeypatch):
    monkeypatch.setenv(loader.DATA_OVERRIDE_ENV, str(tmp_path))
    (tmp_path / "squads.toml").write_text(SHIPPED)
    assert loader.data_path("squads") == tmp_path / "squads.toml"
    assert loader.data_path("warband") == loader.DATA_DIR / "warband.toml"


@pytest.mark.parametrize(("extra", "problem"), [
    ("extra = " + "[" * 5000 + "]" * 5000, "nested too deeply"),
    ("extra = " + "[" * 40 + "]" * 40, "nested too deeply"),
    ("extra = " + "{a = " * 3000 + "1" + "}" * 3000, "nested too deeply"),
    ("extra = " + "9" * 5000, "an integer has too many digits"),
])
def test_nesting_and_digits_are_capped(tmp_path, extra, problem):
    path = tmp_path / "squads.toml"
    path.write_text(SHIPPED + "\n" + extra + "\n")
    with pytest.raises(DataError, match=problem):
        loader.load_ruleset_data("squads", SCHEMA, path)


def test_a_data_file_over_1_mb_is_refused_before_reading(tmp_path):
    path = tmp_path / "squads.toml"
    with open(path, "wb") as handle:
        handle.truncate(loader.limits.MAX_DATA_BYTES + 1)
    with pytest.raises(DataError, match="over the 1 MB limit"):
        loader.load_ruleset_data("squads", SCHEMA, path)


@pytest.mark.parametrize(("units", "problem"), [
    ("units = { a = 1 }", "units must be list, not {'a': 1}"),
    ('units = [["brute_mob"], "brute_mob"]', "must list profile ids (text), not a list"),
    ("units = [{ id = 1 }]", "must list profile ids (text), not a dict"),
])
def test_a_forces_units_are_profile_ids(tmp_path, units, problem):
    path = data_file(tmp_path, BRUTE_UNITS, units)
    with pytest.raises(DataError) as caught:
        loader.load_ruleset_data("squads", SCHEMA, path)
    assert problem in str(caught.value)


def test_a_float_stat_must_be_finite(tmp_path):
    from game.data.loader import _profile

    body = {"name": "x", "models": 1, "base": "25", "reach": float("nan")}
    with pytest.raises(DataError, match="reach = nan is not a finite number"):
        _profile(tmp_path / "d.toml", "p", body, {"reach": (float, 0, 10, True)})


@pytest.mark.parametrize("value", ['[["a"]]', '["a", 2]', "[1.5]", '[{ a = 1 }, "b"]'])
def test_a_list_characteristic_lists_names_or_tables(tmp_path, value):
    from game.data.loader import _profile

    body = {"name": "x", "models": 1, "base": "25"}
    path = tmp_path / "d.toml"
    path.write_text(f"skills = {value}\n")
    body["skills"] = loader.read_toml(path)["skills"]
    with pytest.raises(DataError, match="skills must list names"):
        _profile(path, "p", body, {"skills": (list, None, None, False)})
