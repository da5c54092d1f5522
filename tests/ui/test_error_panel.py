"""A rules step or AI decision that raises opens the error panel instead of ending the client
(issue 11, part 1): it names the ruleset, seed, decision and action; "Save the battle and a
report" writes the replay so far and a report with the traceback; "Back to the menu"."""

import pygame
import pytest

from game import rulesets as registry
from game.core.errors import IllegalAction
from game.io.saves import read_replay
from game.ui.app import AI_VS_AI, HOT_SEAT
from game.ui.screens.battle import BattleScreen
from game.ui.screens.error import ErrorScreen
from game.ui.screens.menu import MenuScreen


def fail_on_call(monkeypatch, ruleset, number: int, error: Exception):
    """The ruleset's `apply` raises `error` on its `number`-th call from now."""
    real_apply = ruleset.apply
    calls = {"n": 0}

    def flaky(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == number:
            raise error
        return real_apply(*args, **kwargs)

    monkeypatch.setattr(ruleset, "apply", flaky)
    return calls


def start(drive) -> BattleScreen:
    """Press the menu's Start (an AI may already have failed by the end of that frame)."""
    drive.frames(2)
    drive.press(drive.top.widgets["start"])
    battle = drive.app.find(BattleScreen)
    assert battle is not None
    return battle


def play_until_error(drive, frames: int = 3000) -> ErrorScreen:
    for _ in range(frames):
        if isinstance(drive.top, ErrorScreen):
            break
        drive.frames(1)
    assert isinstance(drive.top, ErrorScreen)
    return drive.top


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    return tmp_path


def test_a_failing_ai_step_shows_the_error_panel_and_saves_a_report(make_app, monkeypatch,
                                                                     data_dir):
    drive = make_app(menu_defaults={"ruleset": "warband", "mode": AI_VS_AI, "seed": 6})
    fail_on_call(monkeypatch, registry.get("warband"), 9, RuntimeError("injected rules bug"))
    battle = start(drive)
    panel = play_until_error(drive)
    failure = panel.failure
    assert failure.what == "AI decision" and failure.ruleset == "warband" and failure.seed == 6
    assert failure.error == "RuntimeError: injected rules bug"
    assert failure.decision == 1 + len(failure.record["actions"]) - (
        "automatic step" in failure.action)
    assert failure.action and failure.side  # the action being applied, by whom
    assert "injected rules bug" in failure.trace and "flaky" in failure.trace
    assert battle.failed  # the battle stops: nothing more is decided
    drive.frames(3)
    assert isinstance(drive.top, ErrorScreen)
    drive.press(panel.save_button)
    assert panel.status.startswith("Saved: ")
    replay_file, report_file = panel.saved
    assert replay_file.parent == report_file.parent == data_dir / "reports"
    assert sorted(p.name for p in (data_dir / "reports").iterdir()) == sorted(
        [replay_file.name, report_file.name])  # no temporary file left behind
    assert len(read_replay(replay_file)["actions"]) == len(failure.record["actions"])
    report = report_file.read_text()
    assert "An AI decision failed" in report and "seed 6" in report
    assert f"decision {failure.decision}" in report and "Traceback" in report
    drive.press(panel.menu_button)
    assert isinstance(drive.top, MenuScreen)
    assert drive.top.ruleset_id == "warband" and drive.top.mode == AI_VS_AI


def test_a_failing_automatic_step_names_the_decision_before_it(make_app, monkeypatch):
    """An automatic step runs inside the apply of the decision before it: the panel names that
    decision, accepted, and says an automatic step after it failed."""
    ruleset = registry.get("cards")
    real_apply = ruleset.apply
    seen = {"decisions": 0}

    def flaky(state, action, geo, dice):
        if action.option == "auto" and seen["decisions"] >= 3:
            raise RuntimeError("an automatic step broke")
        seen["decisions"] += action.option != "auto"
        return real_apply(state, action, geo, dice)

    monkeypatch.setattr(ruleset, "apply", flaky)
    drive = make_app(menu_defaults={"ruleset": "cards", "mode": AI_VS_AI, "seed": 4})
    start(drive)
    failure = play_until_error(drive).failure
    assert "an automatic step after it failed" in failure.action
    assert failure.decision == len(failure.record["actions"])  # the accepted one is in it


def test_an_offered_action_the_rules_refuse_is_an_error_not_a_message(make_app, monkeypatch,
                                                                      data_dir):
    """Offered means legal: a refusal of an offered action is a rules bug, shown as one."""
    drive = make_app(menu_defaults={"ruleset": "warband", "mode": HOT_SEAT, "seed": 2})
    battle = start(drive)
    drive.frames(1)
    fail_on_call(monkeypatch, battle.controller.ruleset, 1,
                 IllegalAction("Model 1 would overlap Model 2"))
    row = next(r for r in battle.panel.rows if r.action is not None)
    drive.press(battle.panel.button_for(row.text, row.action.unit))
    assert isinstance(drive.top, ErrorScreen)
    failure = drive.top.failure
    assert failure.what == "rules step" and failure.decision == 1
    assert failure.error == "IllegalAction: Model 1 would overlap Model 2"
    assert row.action.to_text() in failure.action


def test_a_dragged_placement_the_rules_refuse_is_a_message(make_app, monkeypatch):
    """The player's own placement may be refused: the reason is shown, the battle goes on."""
    drive = make_app(menu_defaults={"ruleset": "warband", "mode": HOT_SEAT, "seed": 2})
    battle = start(drive)
    drive.frames(1)
    fail_on_call(monkeypatch, battle.controller.ruleset, 1, IllegalAction("too far"))
    action = battle.controller.legal_actions()[0]
    assert battle.apply(action, offered=False)
    drive.frames(1)
    assert drive.top is battle and not battle.failed
    assert battle.message == "too far" and battle.message_bad


def test_an_error_while_drawing_opens_the_panel_with_the_battle_named(make_app, monkeypatch):
    drive = make_app(menu_defaults={"ruleset": "warband", "mode": HOT_SEAT, "seed": 3})
    battle = start(drive)

    def broken(surface):
        raise KeyError("no such unit")

    monkeypatch.setattr(battle, "_draw_top", broken)
    drive.frames(1)
    assert isinstance(drive.top, ErrorScreen)
    failure = drive.top.failure
    assert failure.what == "client" and failure.ruleset == "warband" and failure.seed == 3
    assert failure.record is not None and "KeyError" in failure.error
    drive.frames(3)  # the panel draws itself (the broken battle under it is not drawn)
    assert isinstance(drive.top, ErrorScreen)


def test_a_report_that_cannot_be_written_says_why(make_app, monkeypatch, tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(blocker))
    drive = make_app(menu_defaults={"ruleset": "warband", "mode": AI_VS_AI, "seed": 6})
    fail_on_call(monkeypatch, registry.get("warband"), 3, RuntimeError("injected"))
    start(drive)
    panel = play_until_error(drive)
    drive.press(panel.save_button)
    assert panel.status.startswith("Not saved: ") and panel.status_bad
    assert panel.save_button.is_enabled  # it may be tried again


@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_the_error_panel_text_fits_its_box(make_app, monkeypatch, size):
    from game.ui.render.text import shared_text

    drive = make_app(menu_defaults={"ruleset": "warband", "mode": AI_VS_AI, "seed": 6})
    drive.app.resize(size)
    fail_on_call(monkeypatch, registry.get("warband"), 3,
                 RuntimeError("a long message " * 30))
    start(drive)
    panel = play_until_error(drive)
    box = panel.box()
    inner = box.width - 48
    text = shared_text()
    for line, size_, _, bold in panel.lines(inner):
        assert text.size(line, size_, bold)[0] <= inner or " " not in line
    for button in (panel.save_button, panel.menu_button):
        assert box.contains(button.rect)
    drive.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    drive.frames(2)
    assert isinstance(drive.top, MenuScreen)
