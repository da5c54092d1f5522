"""The results screen: plain English ("1 wound", "Stompers'"), and its count of decisions is the
replay's."""

import json
import re

import pygame

from game.io.tmx import default_map_for
from game.ui.app import HOT_SEAT, BattleConfig
from game.ui.screens.results import ResultsScreen
from tests.ui.drawn import Recorder

BAD_GRAMMAR = re.compile(r"\b1 (wounds|hits|actions|decisions|models|casualties|dice|fumbles)\b"
                         r"|s's\b")


def test_results_count_decisions_as_the_replay_does(make_app, monkeypatch, tmp_path):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    record = Recorder(monkeypatch)
    drive = make_app()
    battle = drive.app.start_battle(BattleConfig(ruleset="squads", map_path=default_map_for(
        "squads"), mode=HOT_SEAT, seed=4))
    drive.frames(2)
    for _ in range(3):  # three decisions, then the player to act concedes
        legal = battle.legal()
        battle.apply(next((a for a in legal if a.unit is not None), legal[0]))
        drive.frames(1)
        from game.ui.screens.overlays import HandOverScreen

        while isinstance(drive.top, HandOverScreen):
            drive.app.pop()
            drive.frames(1)
    battle.concede()
    for _ in range(400):
        drive.frames(1)
        if isinstance(drive.top, ResultsScreen):
            break
    results = drive.top
    assert isinstance(results, ResultsScreen)
    record.drawn.clear()
    drive.frames(1)
    replay = next((tmp_path / "data" / "replays").glob("*.json"))
    decisions = len(json.loads(replay.read_text())["actions"])
    assert decisions == results.controller.decision_count()
    shown = [t for t in record.texts() if t.startswith("Round") and "decision" in t]
    want = f"{decisions} decision" + ("" if decisions == 1 else "s")
    assert shown and all(want in t for t in shown), shown
    assert not [t for t in record.texts() if BAD_GRAMMAR.search(t)]
    log_texts = [e.text for e in battle.log.entries]
    assert not [t for t in log_texts if BAD_GRAMMAR.search(t)]
    pygame.event.clear()


def test_the_results_table_fits_the_smallest_window(make_app, monkeypatch, tmp_path):
    """Five columns and the side names inside a 960-pixel window."""


    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    drive = make_app(size=(960, 640))
    screen = ResultsScreen.__new__(ResultsScreen)
    screen.app = drive.app
    screen.columns = [(f"c{i}", f"Column {i}") for i in range(5)]
    screen.rows = [{"side": 0, "name": "Frontier War Party", **{f"c{i}": i for i in range(5)}}]
    screen.winner = 0
    surface = pygame.Surface((960, 640))
    bottom = ResultsScreen._table(screen, surface, 196)
    assert bottom > 196
    record = Recorder(monkeypatch)
    ResultsScreen._table(screen, surface, 196)
    drawn = record.rects()
    assert drawn and all(r.left >= 0 and r.right <= 960 for r in drawn)
