"""The odds chart: hovering a charge or an attack shows both sides' outcome distributions
(`game.learn.outcomes`), worked out on the worker, for all five rulesets."""

from fractions import Fraction

import pytest

from game.learn.lesson_file import find_lesson
from game.learn.outcomes import Outcome
from game.ui.screens.battle.odds_chart import PENDING, short
from game.ui.screens.lesson import LessonScreen


def _hover_until_odds(drive, screen):
    """Step the lesson until a "your turn" offers a choice with odds; hover it."""
    while not screen.run.finished:
        if screen.is_human_turn():
            for row in list(screen.panel.rows):
                if row.action is None or row.action.kind == "end_phase" or not row.button.visible:
                    continue
                key = (screen.version, row.action)
                drive.move(row.button.rect.center)
                assert screen.hovered_action == row.action
                drive.frames(2)
                odds = screen._odds.get(key, PENDING)
                if isinstance(odds, Outcome):
                    return row.action, odds
        screen.go("next")
        drive.frames(1)
    raise AssertionError("no choice with odds in the lesson")


@pytest.mark.parametrize("lesson", ["squads_charge", "warband_close_combat", "legions_assault",
                                    "ranks_combat", "cards_melee"])
def test_hovering_an_attack_shows_both_sides_odds(make_app, lesson):
    drive = make_app()
    drive.frames(1)
    screen = drive.app.push(LessonScreen(drive.app, find_lesson(lesson)))
    drive.frames(1)
    action, odds = _hover_until_odds(drive, screen)
    assert odds.attacker and odds.defender  # what it does, and what comes back
    for table in [*odds.attacker.values(), *odds.defender.values()]:
        assert sum(table.values(), Fraction(0)) == 1  # a whole distribution, exact
    assert screen.odds_for(screen.odds_action()) is odds  # the chart draws it


def test_the_odds_are_worked_out_off_the_drawing_thread(make_app):
    drive = make_app()
    drive.frames(1)
    screen = drive.app.push(LessonScreen(drive.app, find_lesson("squads_charge")))
    screen.go("next")  # "your turn": charge or end the phase
    drive.frames(1)
    charge = next(r.action for r in screen.panel.rows if r.action and r.action.kind == "charge")
    assert screen.odds_for(charge) == PENDING and screen._odds_job is not None
    drive.frames(1)  # the worker's answer comes back through its queue
    assert isinstance(screen.odds_for(charge), Outcome)
    assert screen._odds_geo is not screen.controller.geo  # a table of its own


def test_a_bar_is_labelled_by_its_count():
    assert short("3 slain") == ("3", "slain")
    assert short("knocked down") == ("knocked down", "")
