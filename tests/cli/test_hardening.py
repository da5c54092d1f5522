"""The command line refuses what it cannot honour (one line, exit 2) and a rules bug in one game
of many names the game without losing the others (issue 11, parts 1-3)."""

from __future__ import annotations

import json
import os
import stat

import pytest

from game import ai
from game.cli import main
from game.core.actions import Action


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line(err: str) -> bool:
    return err.count("\n") == 1 and err.startswith("skirmish: ") and "Traceback" not in err


@pytest.mark.parametrize("distance", ["nan", "inf", "1e400", "-1", "1001"])
def test_odds_charge_distance_must_be_finite_inches(capsys, distance):
    code, _, err = run(capsys, "odds", "charge", "--distance", distance)
    assert code == 2 and one_line(err) and "--distance" in err


@pytest.mark.parametrize("sides", ["9", "-1", "1", "3"])
def test_sides_outside_the_rulesets_range_are_refused_not_clamped(capsys, sides):
    code, _, err = run(capsys, "simulate", "--ruleset", "squads", "--sides", sides)
    assert code == 2 and one_line(err) and f"--sides {sides}" in err and "2 sides" in err


def test_warband_sides_past_four_are_refused(capsys):
    code, _, err = run(capsys, "simulate", "--ruleset", "warband", "--sides", "5")
    assert code == 2 and "2 to 4 sides" in err


@pytest.mark.parametrize("command", [["play"], ["simulate"], ["render", "--out", "x.png"]])
def test_an_unknown_ruleset_is_refused_by_every_command(capsys, monkeypatch, command):
    import game.ui.app as app

    monkeypatch.setattr(app, "run", lambda **kw: pytest.fail("the window opened"))
    code, _, err = run(capsys, *command, "--ruleset", "chess")
    assert code == 2 and one_line(err) and "unknown ruleset 'chess'" in err


@pytest.mark.parametrize("seed", ["true", "1.5", "1" * 5000, str(2**64)])
def test_a_seed_is_a_whole_number_of_at_most_64_bits(capsys, seed):
    code, _, err = run(capsys, "simulate", "--seed", seed)
    assert code == 2 and one_line(err) and "--seed" in err and len(err) < 200


@pytest.mark.parametrize("size", ["30000x30000", "8192x8192", "9000x100"])
def test_render_size_is_capped_before_drawing(capsys, tmp_path, size):
    out = tmp_path / "x.png"
    code, _, err = run(capsys, "render", "--size", size, "--out", str(out))
    assert code == 2 and one_line(err) and "too big" in err and not out.exists()


def test_replays_folder_that_is_a_file_is_refused_before_any_battle(capsys, tmp_path):
    file = tmp_path / "taken"
    file.write_text("mine")
    code, out, err = run(capsys, "simulate", "--replays", str(file))
    assert code == 2 and one_line(err) and "not a folder" in err and out == ""
    assert file.read_text() == "mine"


@pytest.mark.parametrize("folder", ["/proc/skirmish-replays", "/proc/self/skirmish"])
def test_replays_folder_under_proc_is_refused(capsys, folder):
    code, _, err = run(capsys, "simulate", "--replays", folder)
    assert code == 2 and one_line(err) and "cannot write there" in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_read_only_replays_folder_is_refused(capsys, tmp_path):
    tmp_path.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        code, _, err = run(capsys, "simulate", "--replays", str(tmp_path / "r"))
    finally:
        tmp_path.chmod(stat.S_IRWXU)
    assert code == 2 and "cannot write there" in err


def test_a_replays_folder_the_system_will_not_write_into_is_refused(capsys, tmp_path,
                                                                    monkeypatch):
    """Read-only, as root cannot feel it: the probe's file cannot be created (EACCES)."""
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    code, _, err = run(capsys, "simulate", "--replays", str(tmp_path / "r"))
    assert code == 2 and one_line(err) and "cannot write there (Permission denied)" in err


def test_full_replays_folder_is_refused(capsys, tmp_path, monkeypatch):
    """A full disk shows when the probe's bytes are flushed (ENOSPC)."""
    import errno

    def full(descriptor):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    code, _, err = run(capsys, "simulate", "--replays", str(tmp_path / "r"))
    assert code == 2 and one_line(err) and "No space left" in err
    assert list((tmp_path / "r").iterdir()) == []


class _Bogus:
    """An agent that answers with an action no rules offer (stands in for a rules bug)."""

    def choose(self, controller):
        return Action("no_such_step", option="x")


def test_a_rules_bug_in_one_game_names_it_and_keeps_the_others(capsys, monkeypatch, tmp_path):
    real = ai.make
    bad_seed = 5

    def make(name, seed=0):
        return _Bogus() if seed == bad_seed * 31 else real(name, seed)

    monkeypatch.setattr(ai, "make", make)
    code, out, err = run(capsys, "simulate", "--ruleset", "squads", "--games", "3", "--seed",
                         "4", "--p1", "random", "--json", "--replays", str(tmp_path))
    report = json.loads(out)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "squads seed 5, decision 1 (no_such_step option=x)" in err
    assert report["games"] == 3 and report["played"] == 2
    assert sum(report["wins"]) + report["draws"] == 2
    assert [f["seed"] for f in report["failed"]] == [5]
    assert report["failed"][0]["decision"] == 1
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["squads_seed4.json",
                                                                "squads_seed6.json"]


def test_any_exception_in_the_rules_is_a_named_failed_game(capsys, monkeypatch):
    from game.turn import TurnController

    original = TurnController.apply

    def apply(self, action):
        if self.seed == 2 and len(self.history) > 3:
            raise ZeroDivisionError("a rules step divided by zero")
        return original(self, action)

    monkeypatch.setattr(TurnController, "apply", apply)
    code, out, err = run(capsys, "simulate", "--ruleset", "squads", "--games", "2", "--seed",
                         "1", "--p1", "random")
    assert code == 2 and err.count("\n") == 1
    assert "seed 2" in err and "failed (ZeroDivisionError): a rules step divided by zero" in err
    assert "2 games (squads)" in out and "1 failed" in out


def test_an_output_file_the_system_refuses_is_one_line(capsys, monkeypatch):
    import game.cli as cli

    def refuse(args):
        raise PermissionError(13, "Permission denied", "/root/out.png")

    monkeypatch.setattr(cli, "_render", refuse)
    code, _, err = run(capsys, "render", "--out", "/root/out.png")
    assert code == 2 and err == "skirmish: /root/out.png: Permission denied\n"
