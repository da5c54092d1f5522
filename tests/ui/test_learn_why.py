""""Why?": a log line opens the rule behind it (from the ruleset's sheet) and from there the
rules reference at that rule; an option not offered shows its reason when its unit is selected
or hovered; the numbers beside the choices are explained."""

import pygame

from game.io.tmx import default_map_for
from game.learn import rule_for_event
from game.ui.config import VS_AI, BattleConfig
from game.ui.screens.battle.why import VALUES_NOTE, WhyScreen
from game.ui.screens.rules_reference import RulesReferenceScreen


def _battle(drive, seed: int = 4):
    battle = drive.app.start_battle(BattleConfig("squads", default_map_for("squads"), VS_AI, 0,
                                                 seed))
    drive.frames(3)
    return battle


def _end_phases_until_withheld(drive, battle):
    for _ in range(40):
        if battle.withheld_now():
            return battle.withheld_now()
        ends = [a for a in battle.legal() if a.kind == "end_phase"]
        battle.apply(ends[0])
        drive.frames(3)
    raise AssertionError("no option was withheld")


def test_clicking_a_log_line_opens_its_rule_and_the_reference_at_it(make_app):
    drive = make_app()
    battle = _battle(drive)
    drive.frames(2)  # the log is drawn: its lines have their boxes
    index, box = next((i, b) for i, b in battle.log._boxes
                      if battle.controller.events[i].rule)
    event = battle.controller.events[index]
    drive.move(box.center)
    assert battle.log.hovered == index
    drive.click(box.center)
    why = drive.top
    assert isinstance(why, WhyScreen)
    entry = rule_for_event("squads", event)
    assert why.entry == entry
    shown = " ".join(line for line, *_ in why.lines(why.rect.width - 32))
    assert entry.title in shown and entry.text.split()[0] in shown
    drive.press(why.reference)
    reference = drive.top
    assert isinstance(reference, RulesReferenceScreen)
    assert reference.tab == "rules" and reference.target == entry.id
    assert reference.anchor_at_top() == entry.id or reference.scroll == reference.max_scroll
    drive.key(pygame.K_ESCAPE)
    assert drive.top is battle


def test_a_withheld_option_shows_its_reason_when_its_unit_is_selected(make_app):
    drive = make_app()
    battle = _battle(drive)
    withheld = _end_phases_until_withheld(drive, battle)
    unit = withheld[0].unit
    model = battle.state.alive_models(unit)[0]
    drive.click(battle.camera.to_screen(model.x, model.y))
    assert battle.selected == unit
    drive.move((battle.view_rect.right - 5, battle.view_rect.bottom - 5))  # hover nothing
    hint, _ = battle._hint()
    assert hint.startswith("Not offered") and withheld[0].what in hint
    assert withheld[0].reason[:30] in hint  # the reason, cut to the two lines that fit


def test_the_numbers_beside_the_choices_are_explained_on_hover(make_app):
    drive = make_app()
    battle = _battle(drive)
    assert battle._values
    row = next(r for r in battle.panel.rows if r.button is not None and r.note)
    drive.move((battle.panel.rect.right - 20, row.button.rect.centery))
    assert battle._hint()[0] == VALUES_NOTE
