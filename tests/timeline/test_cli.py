"""The timeline on the command line: `simulate --stop-after N --save FILE`, `resume FILE`
(the same result and log digest as the battle played without stopping) and `replay FILE
--to N`."""

import json

import pytest

from game.cli import main
from game.io.battle_saves import save_battle
from tests.timeline.battles import hot_seat


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("battle", [
    ["--ruleset", "squads", "--seed", "3"],                                  # greedy vs random
    ["--ruleset", "warband", "--sides", "3", "--p1", "random", "--seed", "5"],
])
def test_resume_gives_the_result_and_log_digest_of_the_battle_played_without_stopping(
        tmp_path, capsys, battle):
    code, out, _ = run(capsys, "simulate", *battle, "--json")
    assert code == 0
    uninterrupted = json.loads(out)
    save = tmp_path / "stopped.json"
    code, out, _ = run(capsys, "simulate", *battle, "--stop-after", 9, "--save", save)
    assert code == 0 and "9 decisions" in out
    code, out, _ = run(capsys, "resume", save, "--json")
    assert code == 0
    resumed = json.loads(out)
    assert resumed["resumed_from"] == 9
    for key in ("log_sha256", "wins", "draws", "mean_rounds", "agents", "seed"):
        assert resumed[key] == uninterrupted[key], key


def test_replay_to_n_is_the_state_after_n_decisions(tmp_path, capsys):
    battle = ["simulate", "--ruleset", "ranks", "--p1", "random", "--seed", "2"]
    code, out, _ = run(capsys, *battle, "--stop-after", 4, "--save", tmp_path / "a.json",
                       "--json")
    at_four = json.loads(out)
    run(capsys, *battle, "--stop-after", 10, "--save", tmp_path / "b.json")
    code, out, _ = run(capsys, "replay", tmp_path / "b.json", "--to", 4, "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary == {k: v for k, v in at_four.items() if k != "saved"}
    assert summary["decisions"] == 4 and summary["log_sha256"]


def test_resume_log_prints_the_rest_of_the_battle(tmp_path, capsys):
    save = tmp_path / "s.json"
    run(capsys, "simulate", "--ruleset", "warband", "--p1", "random", "--stop-after", 3,
        "--save", save)
    code, out, _ = run(capsys, "resume", save, "--log")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith("resumed after 3 decisions ---")
    assert any(line.startswith("Battle over") for line in lines)


@pytest.mark.parametrize("argv", [
    ["simulate", "--stop-after", "3"],
    ["simulate", "--games", "2", "--save", "x.json"],
    ["simulate", "--stop-after", "-1", "--save", "x.json"],
])
def test_stop_after_needs_one_battle_and_a_file(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1


def test_resuming_a_side_a_person_played_needs_an_agent(tmp_path, capsys):
    timeline = hot_seat("squads")
    save = save_battle(tmp_path / "hot.json", timeline)
    code, _, err = run(capsys, "resume", save)
    assert code == 2 and "hot.json" in err and "--p1 AGENT" in err and err.count("\n") == 1
    code, out, _ = run(capsys, "resume", save, "--p1", "random", "--p2", "random", "--json")
    assert code == 0 and json.loads(out)["agents"] == ["random", "random"]


def test_replay_to_beyond_the_decisions_is_one_line(tmp_path, capsys):
    save = save_battle(tmp_path / "short.json", hot_seat("squads"))
    code, _, err = run(capsys, "replay", save, "--to", 5)
    assert code == 2 and "short.json" in err and "outside 0..0" in err


def test_saving_where_no_file_can_be_written_is_one_line(tmp_path, capsys):
    folder = tmp_path / "a_folder.json"
    folder.mkdir()
    code, _, err = run(capsys, "simulate", "--ruleset", "warband", "--stop-after", 1,
                       "--save", folder)
    assert code == 2 and "a_folder.json" in err and "cannot write" in err
    assert err.count("\n") == 1
