"""Replays are JSON (seed + decisions), reproduce their battle, and a bad one is one line."""

import json

import pytest

from game.cli import main
from game.core.errors import SaveError
from game.io.saves import read_replay, write_replay


def test_simulated_battle_replays_to_the_same_log(tmp_path, capsys):
    assert main(["simulate", "--ruleset", "squads", "--games", "1", "--seed", "9",
                 "--replays", str(tmp_path), "--json"]) == 0
    saved = json.loads(capsys.readouterr().out)
    (replay_file,) = tmp_path.glob("*.json")
    record = json.loads(replay_file.read_text())
    assert record["version"] == 2 and record["seed"] == 9 and record["actions"]
    # the shipped map is stored by id (its place in the maps folder) with its content hash
    assert record["map"] == "squads_ruined_outpost.tmx" and len(record["map_sha256"]) == 64
    assert main(["replay", str(replay_file), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["over"] and replayed["log_sha256"] == record["log_sha256"]
    assert saved["games"] == 1


@pytest.mark.parametrize(("content", "problem"), [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "a replay is a JSON object"),
    ('{"version": 99}', "version 99 is not supported"),
    ('{"version": 1, "ruleset": "squads", "map": "", "seed": "x", "actions": []}', "'seed'"),
    ('{"version": 1, "ruleset": "squads", "map": "", "seed": 1, "actions": [{"no": 1}]}',
     "action 1 is malformed"),
])
def test_bad_replays_are_one_clear_line(tmp_path, capsys, content, problem):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError, match=problem):
        read_replay(path)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and err.count("\n") == 1


def test_an_illegal_action_in_a_replay_is_reported(tmp_path, capsys):
    path = tmp_path / "tampered.json"
    write_replay(path, {"version": 1, "ruleset": "squads", "map": "", "seed": 1,
                        "actions": [{"kind": "charge", "unit": "s1u0"}]})
    assert main(["replay", str(path)]) == 2
    assert "action 1 (charge) is illegal here" in capsys.readouterr().err


def test_writing_replaces_atomically_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "r.json"
    write_replay(path, {"version": 1})
    write_replay(path, {"version": 1, "seed": 2})
    assert json.loads(path.read_text())["seed"] == 2
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]
