"""Saved battles: a corpus of bad saves, each refused with one line naming the file and the
problem, the file left as it was; atomic writes; the saves list, Continue, delete, autosave."""

import hashlib
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from game.cli import main
from game.core.actions import Action
from game.core.errors import SaveError
from game.io import battle_saves
from game.io.battle_saves import (
    autosave,
    delete_save,
    latest_unfinished,
    list_saves,
    load_battle,
    save_battle,
)
from game.io.saves import REPLAY_VERSION
from game.io.tmx import MAPS_DIR
from game.timeline import play_on
from tests.timeline.battles import start

DECISIONS = 12


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    """A good save of a squads battle after 12 decisions: (text, record)."""
    timeline, players = start("squads", 4, ["random", "random"])
    play_on(timeline, players, stop_after=DECISIONS)
    path = save_battle(tmp_path_factory.mktemp("good") / "good.json", timeline, players)
    text = path.read_text()
    return text, json.loads(text)


def changed(record, **fields):
    return json.dumps({**record, **fields})


def with_first_action(record, action):
    return json.dumps({**record, "actions": [action] + record["actions"][1:]})


def with_agent_rng(record, rng):
    return json.dumps({**record, "agents": [{"agent": "random", "rng": rng}]})


#: (name, how to make the file from the good save's text and record, the problem named).
CORPUS = [
    ("truncated", lambda t, r: t[: len(t) // 2], "truncated"),
    ("empty", lambda t, r: "", "truncated"),
    ("not_json", lambda t, r: "this is not a save", "not valid JSON"),
    ("not_an_object", lambda t, r: "[1, 2, 3]", "not a JSON object"),
    ("wrong_version", lambda t, r: changed(r, version=99), "version 99 is not supported"),
    ("version_as_text", lambda t, r: changed(r, version="1"), "version '1' is not supported"),
    ("seed_as_text", lambda t, r: changed(r, seed="4"), "'seed' is missing or not a whole"),
    ("seed_as_bool", lambda t, r: changed(r, seed=True), "'seed' is missing or not a whole"),
    ("actions_not_a_list", lambda t, r: changed(r, actions={"kind": "move"}), "'actions'"),
    ("forces_wrong_type", lambda t, r: changed(r, forces=[1, 2]), "'forces' must be a list"),
    ("unknown_ruleset", lambda t, r: changed(r, ruleset="chess"), "unknown ruleset 'chess'"),
    ("decision_not_an_object", lambda t, r: with_first_action(r, "move"), "decision 1 is"),
    ("decision_bad_placement", lambda t, r: with_first_action(
        r, {"kind": "move", "unit": "s0u0", "placement": [["s0u0m0", "x", 1]]}), "'placement'"),
    ("decision_unknown_field", lambda t, r: with_first_action(
        r, {"kind": "move", "code": "rm -rf"}), "unknown fields: code"),
    ("decision_illegal_at_its_point", lambda t, r: with_first_action(
        r, {"kind": "charge", "unit": "s1u0"}), r"decision 1 \(charge\) is illegal at its point"),
    ("decision_names_no_unit", lambda t, r: with_first_action(
        r, {"kind": "move", "unit": "s9u9", "option": "normal"}), "decision 1"),
    ("decision_after_the_end", lambda t, r: changed(
        r, actions=[{"kind": "concede", "option": "0"}] + r["actions"]), "decision 2"),
    ("changed_seed", lambda t, r: changed(r, seed=r["seed"] + 1),
     "do not reproduce|illegal at its point"),
    ("tampered_log_digest", lambda t, r: changed(r, log_sha256="0" * 64), "do not reproduce"),
    ("log_digest_not_a_digest", lambda t, r: changed(r, log_sha256="abc"),
     "'log_sha256' is not a sha256 digest"),
    ("older_ruleset_version", lambda t, r: changed(r, ruleset_version=0),
     "version 0 of the squads rules"),
    ("changed_map", lambda t, r: changed(r, map_sha256="f" * 64), "its content differs"),
    ("map_by_absolute_path", lambda t, r: changed(r, map="/nowhere/lost.tmx"),
     "'map' is not a map id"),
    ("map_not_in_the_folders", lambda t, r: changed(r, map="lost.tmx"),
     "map 'lost.tmx' is not in the maps folders; give it with --map FILE"),
    ("v1_map_outside_the_folders", lambda t, r: changed(r, version=1, map="/nowhere/lost.tmx",
                                                                map_sha256=None),
     "outside the maps folders; give the map with --map FILE"),
    ("nan", lambda t, r: t.replace(f'"seed": {r["seed"]}', '"seed": NaN'), "NaN is not"),
    ("huge_number", lambda t, r: t.replace(f'"seed": {r["seed"]}', '"seed": ' + "9" * 5000),
     "too many digits"),
    ("agent_rng_malformed", lambda t, r: with_agent_rng(r, [3, [1, 2], None]), "generator"),
    ("summary_sides_not_names", lambda t, r: changed(r, summary={"sides": [[[]]]}),
     "the summary's 'sides'"),
    ("summary_round_as_text", lambda t, r: changed(r, summary={"round": "two"}),
     "the summary's 'round'"),
    ("deep_nesting", lambda t, r: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("fifty_megabytes_of_junk", lambda t, r: None, "over the 4 MB limit"),
    ("not_utf8", lambda t, r: b"\xff\xfe\x00junk", "not UTF-8"),
]


def write_case(folder, name, make, good):
    path = folder / f"{name}.json"
    content = make(*good)
    if content is None:  # 50 MB of junk, written without holding it all in a string
        with open(path, "wb") as out:
            chunk = os.urandom(1024 * 1024)
            for _ in range(50):
                out.write(chunk)
    else:
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return path


def digest_of(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize(("name", "make", "problem"), CORPUS, ids=[c[0] for c in CORPUS])
def test_a_bad_save_is_refused_with_one_line_and_left_as_it_was(tmp_path, capsys, good, name,
                                                                make, problem):
    path = write_case(tmp_path, name, make, good)
    before = digest_of(path)
    with pytest.raises(SaveError, match=problem) as refused:
        load_battle(path)
    message = str(refused.value)
    assert path.name in message and "\n" not in message
    assert main(["resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert path.name in err and err.count("\n") == 1 and "Traceback" not in err
    assert digest_of(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


@pytest.mark.parametrize("name", ["truncated", "changed_seed"])
def test_replay_to_refuses_a_bad_file_with_one_line(tmp_path, capsys, good, name):
    make = next(c[1] for c in CORPUS if c[0] == name)
    path = write_case(tmp_path, name, make, good)
    assert main(["replay", str(path), "--to", "1", "--json"]) == 2
    err = capsys.readouterr().err
    assert path.name in err and err.count("\n") == 1


def test_the_good_save_of_the_corpus_loads(tmp_path, good):
    path = tmp_path / "good.json"
    path.write_text(good[0])
    loaded = load_battle(path)
    assert loaded.timeline.position == DECISIONS
    assert loaded.timeline.controller.log_digest() == good[1]["log_sha256"]
    assert good[1]["summary"]["decisions"] == DECISIONS
    assert good[1]["summary"]["sides"] == [s.name for s in loaded.timeline.state.sides]


def test_a_save_is_a_replay_the_replay_command_reads(tmp_path, capsys, good):
    path = tmp_path / "good.json"
    path.write_text(good[0])
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["actions"] == DECISIONS


# --- one record for replays and saves ------------------------------------------------------------

def test_a_save_names_its_map_by_id_and_hash_never_by_a_path(good):
    record = good[1]
    shipped = MAPS_DIR / "squads_ruined_outpost.tmx"
    assert record["version"] == REPLAY_VERSION
    assert record["map"] == shipped.name
    assert record["map_sha256"] == hashlib.sha256(shipped.read_bytes()).hexdigest()
    assert not Path(record["map"]).is_absolute()


def test_a_battle_on_a_map_outside_the_folders_is_saved_by_file_name_and_hash(tmp_path):
    from game.io.tmx import load_scenario
    from game.timeline import new_battle

    own = tmp_path / "mine" / "own.tmx"
    shutil.copytree(MAPS_DIR / "tiles", own.parent / "tiles")
    own.write_bytes((MAPS_DIR / "squads_ruined_outpost.tmx").read_bytes())
    timeline, players = new_battle("squads", load_scenario(own), 4, ["random", "random"])
    play_on(timeline, players, stop_after=2)
    stored = json.loads(save_battle(tmp_path / "own.json", timeline, players).read_text())
    assert stored["map"] == "own.tmx" and str(tmp_path) not in json.dumps(stored)
    assert stored["map_sha256"] == hashlib.sha256(own.read_bytes()).hexdigest()

def test_a_version_1_save_naming_its_map_by_path_in_the_maps_folder_is_upgraded(tmp_path, good):
    path = tmp_path / "old.json"
    path.write_text(changed(good[1], version=1, map=str(MAPS_DIR / good[1]["map"])))
    loaded = load_battle(path)
    assert loaded.timeline.position == DECISIONS
    assert loaded.record["map"] == good[1]["map"] and loaded.map_path.name == good[1]["map"]


def test_a_version_1_save_from_another_checkout_finds_its_map_by_name_and_hash(tmp_path, good):
    path = tmp_path / "moved.json"
    path.write_text(changed(good[1], version=1, map="/another/checkout/maps/" + good[1]["map"]))
    assert load_battle(path).timeline.position == DECISIONS
    path.write_text(changed(good[1], version=1, map_sha256="e" * 64,
                            map="/another/checkout/maps/" + good[1]["map"]))
    with pytest.raises(SaveError, match="its content differs"):
        load_battle(path)

def test_a_saved_battle_on_a_map_outside_the_folders_resumes_with_the_map_given(tmp_path,
                                                                                  capsys, good):
    own = tmp_path / "mine" / "own.tmx"
    shutil.copytree(MAPS_DIR / "tiles", own.parent / "tiles")
    own.write_bytes((MAPS_DIR / good[1]["map"]).read_bytes())
    path = tmp_path / "elsewhere.json"
    path.write_text(changed(good[1], map="own.tmx"))
    assert main(["resume", str(path)]) == 2
    assert "map 'own.tmx' is not in the maps folders" in capsys.readouterr().err
    assert main(["resume", str(path), "--map", str(own), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["resumed_from"] == DECISIONS


def test_a_replay_written_by_simulate_opens_as_a_battle_and_is_listed(tmp_path, capsys):
    assert main(["simulate", "--ruleset", "squads", "--seed", "4", "--replays",
                 str(tmp_path), "--json"]) == 0
    (replay_file,) = tmp_path.glob("*.json")
    stored = json.loads(replay_file.read_text())
    loaded = load_battle(replay_file)
    assert loaded.timeline.position == len(stored["actions"]) and loaded.timeline.over
    assert loaded.timeline.controller.log_digest() == stored["log_sha256"]
    (entry,) = list_saves(tmp_path)
    assert entry.problem is None and entry.summary["decisions"] == len(stored["actions"])


# --- atomic writes -------------------------------------------------------------------------------

def battle_after(decisions):
    timeline, players = start("squads", 4, ["random", "random"])
    play_on(timeline, players, stop_after=decisions)
    return timeline, players


def test_a_failed_write_leaves_the_good_save_and_no_temporary_file(tmp_path, monkeypatch):
    path = save_battle(tmp_path / "battle.json", *battle_after(3))
    before = digest_of(path)

    def crash(*args):
        raise OSError("disk full")

    monkeypatch.setattr(battle_saves.os, "replace", crash)
    with pytest.raises(SaveError, match="cannot write: disk full"):
        save_battle(path, *battle_after(5))
    assert digest_of(path) == before
    assert [p.name for p in tmp_path.iterdir()] == ["battle.json"]


def test_a_record_that_cannot_be_read_back_never_replaces_a_good_save(tmp_path, monkeypatch):
    path = save_battle(tmp_path / "battle.json", *battle_after(3))
    before = digest_of(path)
    real = battle_saves.battle_record
    monkeypatch.setattr(battle_saves, "battle_record",
                        lambda *a: {**real(*a), "seed": "not a number"})
    with pytest.raises(SaveError, match="'seed'"):
        save_battle(path, *battle_after(5))
    assert digest_of(path) == before


def test_the_file_is_synced_to_disk_before_the_rename(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(battle_saves.os, "fsync", lambda fd: calls.append("fsync") or
                        real_fsync(fd))
    monkeypatch.setattr(battle_saves.os, "replace", lambda a, b: calls.append("replace") or
                        real_replace(a, b))
    save_battle(tmp_path / "battle.json", *battle_after(1))
    assert calls[:2] == ["fsync", "replace"]


def test_stale_temporary_files_are_cleaned_fresh_ones_kept(tmp_path):
    stale = tmp_path / ".battle.json.abc123.tmp"
    fresh = tmp_path / ".other.json.def456.tmp"
    stale.write_text("{")
    fresh.write_text("{")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert list_saves(tmp_path) == []
    assert not stale.exists() and fresh.exists()


# --- the saves list, Continue, delete, autosave --------------------------------------------------

def test_saved_battles_newest_first_with_problems_listed_not_deleted(tmp_path):
    first = save_battle(tmp_path / "first.json", *battle_after(2))
    second = save_battle(tmp_path / "second.json", *battle_after(4))
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    now = time.time()
    for age, path in ((30, first), (20, broken), (10, second)):
        os.utime(path, (now - age, now - age))
    entries = list_saves(tmp_path)
    assert [e.path.name for e in entries] == ["second.json", "broken.json", "first.json"]
    summary = entries[0].summary
    assert summary["ruleset"] == "squads" and summary["decisions"] == 4
    assert summary["round"] >= 1 and len(summary["sides"]) == 2 and summary["saved_at"]
    assert entries[1].summary is None and "truncated" in entries[1].problem
    assert broken.exists()


def test_continue_is_the_newest_unfinished_battle(tmp_path):
    timeline, players = battle_after(2)
    timeline.apply(Action("concede", option="0"))
    finished = save_battle(tmp_path / "finished.json", timeline, players)
    unfinished = save_battle(tmp_path / "unfinished.json", *battle_after(3))
    now = time.time()
    os.utime(unfinished, (now - 60, now - 60))
    os.utime(finished, (now, now))
    assert latest_unfinished(tmp_path).path == unfinished


def test_delete_removes_a_save_of_the_folder_and_nothing_else(tmp_path):
    path = save_battle(tmp_path / "saves" / "one.json", *battle_after(1))
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}")
    with pytest.raises(SaveError, match="not deleted"):
        delete_save(outside, tmp_path / "saves")
    delete_save(path, tmp_path / "saves")
    assert not path.exists() and outside.exists()


def test_autosave_after_every_decision_keeps_one_file_per_battle_and_resumes_it():
    timeline, players = battle_after(0)
    for _ in range(3):
        play_on(timeline, players, stop_after=timeline.position + 1)
        path = autosave(timeline, players)
    assert path.parent == battle_saves.saves_dir()
    assert path.name == f"autosave-{timeline.battle_id}.json"
    loaded = load_battle(path)
    assert loaded.timeline.position == 3 and loaded.timeline.battle_id == timeline.battle_id
    assert latest_unfinished().path == path
