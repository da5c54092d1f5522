"""Replays are JSON (seed + decisions), reproduce their battle, and a bad one is one line."""

import hashlib
import json
import os
import shutil
import time

import pytest

from game.cli import main
from game.core.errors import SaveError
from game.io.saves import REPLAY_VERSION, read_replay, remove_orphans, write_replay
from game.io.tmx import MAPS_DIR


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
    ("[1, 2]", "not a JSON object"),
    ('{"version": 99}', "version 99 is not supported"),
    ('{"version": 1, "ruleset": "squads", "map": "", "seed": "x", "actions": []}', "'seed'"),
    ('{"version": 1, "ruleset": "squads", "map": "", "seed": 1, "actions": [{"no": 1}]}',
     "decision 1 is malformed"),
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
    assert "decision 1 (charge) is illegal at its point" in capsys.readouterr().err


def test_writing_replaces_atomically_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "r.json"
    write_replay(path, {"version": 1})
    write_replay(path, {"version": 1, "seed": 2})
    assert json.loads(path.read_text())["seed"] == 2
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


# --- replay version 2: the map by id and hash; safe writes (issue 11, part 4) ------------------
SHIPPED = MAPS_DIR / "squads_ruined_outpost.tmx"


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def record(**changes) -> dict:
    base = {"version": REPLAY_VERSION, "ruleset": "squads", "map": SHIPPED.name,
            "map_sha256": digest(SHIPPED), "seed": 3, "forces": None, "actions": []}
    return {**base, **changes}


def write_json(tmp_path, data, name="r.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_a_replay_stores_its_map_by_id_and_content_hash(tmp_path):
    path = write_replay(tmp_path / "r.json", {"version": 1, "ruleset": "squads",
                                              "map": str(SHIPPED), "seed": 1, "actions": []})
    stored = json.loads(path.read_text())
    assert stored["version"] == 2
    assert stored["map"] == "squads_ruined_outpost.tmx"
    assert stored["map_sha256"] == digest(SHIPPED)


def test_a_map_outside_the_maps_folders_is_stored_by_name_and_needs_map(tmp_path, capsys):
    own = tmp_path / "mine" / "own.tmx"
    own.parent.mkdir()
    shutil.copytree(MAPS_DIR / "tiles", own.parent / "tiles")
    own.write_bytes(SHIPPED.read_bytes())
    path = write_replay(tmp_path / "r.json", {"version": 1, "ruleset": "squads",
                                              "map": str(own), "seed": 1, "actions": []})
    assert json.loads(path.read_text())["map"] == "own.tmx"
    assert main(["replay", str(path)]) == 2
    assert "map 'own.tmx' is not in the maps folders; give it with --map" in capsys.readouterr().err
    assert main(["replay", str(path), "--map", str(own)]) == 0


def test_a_map_given_with_another_hash_is_refused(tmp_path, capsys):
    other = MAPS_DIR / "ranks_open_field.tmx"
    path = write_json(tmp_path, record())
    assert main(["replay", str(path), "--map", str(other)]) == 2
    assert "is not the one this battle was played on" in capsys.readouterr().err


def test_a_map_id_found_in_the_folder_with_another_hash_is_refused(tmp_path):
    path = write_json(tmp_path, record(map_sha256="0" * 64))
    from game.sim import replay

    with pytest.raises(SaveError, match="its content differs"):
        replay(path)


def test_a_map_in_the_players_maps_folder_is_found_by_id(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "user"))
    folder = tmp_path / "user" / "maps"
    shutil.copytree(MAPS_DIR / "tiles", folder / "tiles")
    (folder / "own.tmx").write_bytes(SHIPPED.read_bytes())
    path = write_json(tmp_path, record(map="own.tmx"))
    assert main(["replay", str(path)]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("ident", ["/etc/passwd", "../../etc/x.tmx", "C:\\maps\\x.tmx",
                                   "maps/../../x.tmx", "x.txt", ""])
def test_a_map_id_is_a_tmx_path_inside_a_maps_folder(tmp_path, ident):
    path = write_json(tmp_path, record(map=ident))
    if ident == "":  # the ruleset's default map
        assert read_replay(path)["map"] == ""
        return
    with pytest.raises(SaveError, match="'map' is not a map id"):
        read_replay(path)


def test_a_v1_replay_in_the_maps_folder_is_upgraded(tmp_path, capsys):
    path = write_json(tmp_path, {"version": 1, "ruleset": "squads", "map": str(SHIPPED),
                                 "seed": 2, "actions": []})
    loaded = read_replay(path)
    assert loaded["version"] == 2 and loaded["map"] == "squads_ruined_outpost.tmx"
    assert main(["replay", str(path)]) == 0


def test_a_v1_replay_never_tells_whether_a_path_outside_exists(tmp_path, capsys):
    lines = []
    for target in ("/etc/hostname", "/no/such/file.tmx"):
        path = write_json(tmp_path, {"version": 1, "ruleset": "squads", "map": target,
                                     "seed": 2, "actions": []})
        assert main(["replay", str(path)]) == 2
        lines.append(capsys.readouterr().err)
    assert lines[0] == lines[1]
    assert "outside the maps folders; give the map with --map FILE" in lines[0]


@pytest.mark.parametrize(("changes", "problem"), [
    ({"seed": True}, "'seed'"),
    ({"seed": 2**64}, "too many digits"),
    ({"forces": "brute_horde"}, "'forces' must be a list"),
    ({"forces": [["brute_horde"], "line_company"]}, "'forces' must be a list"),
    ({"actions": [{"kind": "charge", "unit": ["s0u0"]}]}, "'unit' is not text"),
    ({"actions": [{"kind": "charge", "unit": {"id": 1}}]}, "'unit' is not text"),
    ({"actions": [{"kind": "charge", "targets": "s1u0"}]}, "'targets' is not a list of ids"),
    ({"actions": [{"kind": "move", "placement": [["m", "1", 2]]}]}, "'placement' entries"),
    ({"actions": [{"kind": "move", "placement": [["m", 1, 2], ["m", 3, 4]]}]},
     "'placement' names a model twice"),
])
def test_replay_fields_are_checked_by_type(tmp_path, changes, problem):
    with pytest.raises(SaveError, match=problem):
        read_replay(write_json(tmp_path, record(**changes)))


def test_deeply_nested_json_is_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveError, match="nested too deeply"):
        read_replay(path)


def test_a_replays_forces_are_checked_against_the_sides(tmp_path, capsys):
    path = write_json(tmp_path, record(forces=["brute_horde", "line_company", "brute_horde"]))
    assert main(["replay", str(path)]) == 2
    assert "'forces' names 3 forces; this squads battle on this map has at most 2 sides" in (
        capsys.readouterr().err)
    path = write_json(tmp_path, record(forces=["dragons", "line_company"]))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "r.json: 'forces': no force 'dragons'" in err and "squads.toml" not in err


def test_orphaned_temporary_files_are_removed_at_the_next_write(tmp_path):
    mine = tmp_path / "r.json1a2b3c.tmp"
    mine.write_text("{half")
    stale = tmp_path / "other.jsonzzz.tmp"
    stale.write_text("{half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / "busy.jsonqqq.tmp"  # another writer at work right now: left alone
    fresh.write_text("{half")
    keep = tmp_path / "notes.tmp"  # not a replay's: left alone
    keep.write_text("mine")
    write_replay(tmp_path / "r.json", {"version": 1})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy.jsonqqq.tmp", "notes.tmp",
                                                          "r.json"]
    assert remove_orphans(tmp_path / "r.json") == []


def test_a_replay_is_flushed_to_disk_before_the_rename(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append("fsync") or real_fsync(fd))
    monkeypatch.setattr(os, "replace", lambda a, b: calls.append("replace") or real_replace(a, b))
    write_replay(tmp_path / "r.json", {"version": 1})
    assert calls == ["fsync", "replace", "fsync"]  # the file, the rename, then the folder


def test_a_replay_that_cannot_be_written_is_one_error_and_no_leftovers(tmp_path, monkeypatch):
    import errno

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    (tmp_path / "r.json").write_text("the old replay")
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SaveError, match="r.json: cannot write: No space left"):
        write_replay(tmp_path / "r.json", {"version": 1})
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]
    assert (tmp_path / "r.json").read_text() == "the old replay"


def test_a_replay_is_still_written_when_its_map_is_gone(tmp_path):
    path = write_replay(tmp_path / "r.json", {"version": 1, "ruleset": "squads",
                                              "map": str(tmp_path / "gone.tmx"), "seed": 1,
                                              "actions": []})
    stored = json.loads(path.read_text())
    assert stored["map"] == "gone.tmx" and stored["map_sha256"] is None
