"""The command line: odds, simulate, and one-line errors with exit code 2."""

import json

import pytest

from game.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_odds_charge_json_reduced_fraction(capsys):
    code, out, _ = run(capsys, "odds", "charge", "--ruleset", "squads", "--distance", "7", "--json")
    data = json.loads(out)
    assert code == 0
    assert data == {"ruleset": "squads", "distance": 7.0, "p": 21 / 36, "fraction": "7/12"}


def test_odds_charge_a_2_never_succeeds_prints_0_and_says_why(capsys):
    """squads seed: "a 2 never succeeds" -- no eligible unit is within 2" of an enemy."""
    code, out, _ = run(capsys, "odds", "charge", "--ruleset", "squads", "--distance", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["fraction"] == "0/1" and "a 2 never succeeds" in data["why"]
    code, out, _ = run(capsys, "odds", "charge", "--ruleset", "squads", "--distance", "3")
    assert "35/36" in out and out.count("(") == 1  # the dice decide: no reason added


@pytest.mark.parametrize("argv", [
    ["odds", "charge", "--ruleset", "squads"],                     # missing --distance
    ["odds", "charge", "--ruleset", "nosuch", "--distance", "3"],  # unknown ruleset
    ["simulate", "--games", "0"],
    ["frobnicate"],
])
def test_bad_arguments_are_one_line_exit_2(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err


def test_missing_map_names_the_file(capsys, tmp_path):
    missing = tmp_path / "nowhere.tmx"
    code, _, err = run(capsys, "simulate", "--map", str(missing), "--games", "1")
    assert code == 2 and "nowhere.tmx" in err and err.count("\n") == 1


def test_malformed_map_names_the_file(capsys, tmp_path):
    bad = tmp_path / "broken.tmx"
    bad.write_text("<map><not closed")
    code, _, err = run(capsys, "simulate", "--map", str(bad), "--games", "1")
    assert code == 2 and "broken.tmx" in err and err.count("\n") == 1


def test_simulate_json_same_seed_same_hash(capsys):
    code, out, _ = run(capsys, "simulate", "--ruleset", "squads", "--games", "2", "--seed", "4",
                       "--p1", "greedy", "--p2", "random", "--json")
    first = json.loads(out)
    assert code == 0
    assert first["games"] == 2 and len(first["wins"]) == 2
    assert sum(first["wins"]) + first["draws"] == 2
    assert 1 <= first["mean_rounds"] <= 5
    code, out, _ = run(capsys, "simulate", "--ruleset", "squads", "--games", "2", "--seed", "4",
                       "--p1", "greedy", "--p2", "random", "--json")
    assert json.loads(out)["log_sha256"] == first["log_sha256"]


def test_simulate_log_prints_plain_language(capsys):
    code, out, _ = run(capsys, "simulate", "--ruleset", "squads", "--games", "1", "--seed", "1",
                       "--log")
    assert code == 0
    assert "rolls 2D6 for the charge" in out or "Movement phase" in out


def test_no_command_starts_the_game_with_defaults(monkeypatch):
    """`skirmish` alone opens the game window (play, default ruleset/map/seed)."""
    calls = []
    import game.ui.app as app

    monkeypatch.setattr(app, "run", lambda **kw: calls.append(kw) or 0)
    assert main([]) == 0
    assert calls == [{"ruleset": None, "map_path": None, "seed": None}]


def test_play_options_without_the_command_play_in_that_language(monkeypatch):
    """`skirmish --lang fr` (and `skirmish --seed 3`) open the game window as `play` would."""
    from game.i18n import current_language

    calls = []
    import game.ui.app as app

    monkeypatch.setattr(app, "run", lambda **kw: calls.append((kw, current_language())) or 0)
    assert main(["--lang", "fr", "--seed", "3"]) == 0
    assert calls == [({"ruleset": None, "map_path": None, "seed": 3}, "fr")]
