"""The lesson screen: Menu → Learn, a lesson played through its buttons to the end (its done
mark kept), a wrong "your turn" choice explained on screen with nothing moved, Back and
Restart."""

import pygame_gui

from game.learn.lesson_file import find_lesson
from game.ui.screens.lesson import LessonScreen
from game.ui.screens.lesson_list import LessonListScreen
from game.ui.screens.lesson_progress import done_lessons


def _open_lesson(drive, lesson_id: str) -> LessonScreen:
    drive.frames(2)
    drive.press(drive.top.widgets["learn"])
    assert isinstance(drive.top, LessonListScreen)
    drive.press(drive.top.buttons[lesson_id])
    assert isinstance(drive.top, LessonScreen)
    return drive.top


def _expected_label(screen: LessonScreen) -> str:
    expect = screen.run.current.decision.expect
    return next(r.text for r in screen.panel.rows if r.action is not None and expect.matches(r.action))


def test_a_lesson_played_through_the_screen_to_its_end_is_marked_done(make_app, monkeypatch,
                                                                      tmp_path):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    drive = make_app()
    screen = _open_lesson(drive, "squads_charge")
    total = len(screen.lesson.steps)
    decisions = 0
    while not screen.run.finished:
        if screen.is_human_turn():  # "your turn": the player clicks the choice it teaches
            drive.choose(_expected_label(screen))
            decisions += 1
        else:
            drive.press(screen.nav["next"])
    assert decisions >= 1 and len(screen.run.reports) == total
    assert "squads_charge" in done_lessons()
    assert screen.nav["next"].text == "Finish"
    drive.press(screen.nav["next"])
    assert isinstance(drive.top, LessonListScreen)
    assert drive.top.buttons["squads_charge"].text.startswith("Done")


def test_a_wrong_choice_in_a_lesson_is_explained_and_nothing_moves(make_app):
    drive = make_app()
    screen = _open_lesson(drive, "squads_charge")
    drive.press(screen.nav["next"])  # step 2 asks: charge, or end the phase?
    assert screen.is_human_turn()
    before = screen.run.position
    positions = {m.id: (m.x, m.y) for m in screen.state.models.values()}
    drive.choose("End the Charge phase")
    assert screen.run.position == before
    assert {m.id: (m.x, m.y) for m in screen.state.models.values()} == positions
    shown = " ".join(line for line, *_ in screen.lesson_lines())
    because = screen.run.current.decision.because["end_phase"]
    assert "Not this one" in shown and because in shown
    drive.choose(_expected_label(screen))  # the right one plays the step
    assert screen.run.position == before + 1


def test_back_and_restart_return_the_lesson_to_an_earlier_step(make_app):
    drive = make_app()
    drive.frames(2)
    screen = drive.app.push(LessonScreen(drive.app, find_lesson("squads_charge")))
    drive.frames(2)
    for _ in range(3):
        drive.press(screen.nav["next"])
    assert screen.run.position == 3
    drive.press(screen.nav["back"])
    assert screen.run.position == 2
    assert len(screen.log.entries) == len(screen.controller.events)
    drive.press(screen.nav["restart"])
    assert screen.run.position == 0 and screen.controller is screen.run.controller
    drive.press(screen.nav["skip"])
    assert screen.run.finished


def test_the_step_text_fits_its_box_at_the_minimum_window(make_app):
    from game.ui.app import MIN_SIZE

    drive = make_app(size=MIN_SIZE)
    drive.frames(2)
    for lesson in ("squads_charge", "warband_close_combat", "legions_assault", "ranks_combat",
                   "cards_melee"):
        screen = drive.app.push(LessonScreen(drive.app, find_lesson(lesson)))
        drive.frames(1)
        while True:
            list_rect = screen._list_rect()
            assert list_rect.height >= 60, (lesson, screen.run.position)  # room for a choice
            nav = screen.nav["next"].rect
            assert nav.bottom <= list_rect.top and nav.bottom <= screen.decide_rect.bottom
            if screen.run.finished:
                break
            screen.go("next")
        drive.app.pop()
    assert pygame_gui  # the buttons are pygame_gui's


def test_a_what_if_step_shows_its_own_roll_in_the_tray(make_app):
    drive = make_app()
    drive.frames(1)
    screen = drive.app.push(LessonScreen(drive.app, find_lesson("squads_charge")))
    while not screen.run.finished:
        step = screen.run.current
        screen.go("next")
        if step.rewind_to is not None and step.dice:
            break
    else:
        raise AssertionError("the squads lesson has a 'what if' step with dice")
    assert screen.tray.rows[-1].values == list(step.dice)  # the 1 and 2, not the 9 before


def test_f1_in_a_lesson_opens_the_reference_at_the_rule_the_step_cites(make_app):
    import pygame

    from game.ui.screens.rules_reference import RulesReferenceScreen

    drive = make_app()
    drive.frames(1)
    screen = drive.app.push(LessonScreen(drive.app, find_lesson("warband_close_combat")))
    drive.frames(1)
    screen.go("next")
    screen.go("next")
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)  # Ctrl+Z steps the lesson back
    assert screen.run.position == 1
    rule = screen.run.current.rule
    drive.key(pygame.K_F1)
    assert isinstance(drive.top, RulesReferenceScreen) and drive.top.target == rule
