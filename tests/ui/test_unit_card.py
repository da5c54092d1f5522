"""Unit cards: profile, statuses, weapons and special rules in plain words, each abbreviation
with its glossary term, on hover and in the side panel of the selected unit."""

import re

import pygame
import pytest

from game import rulesets
from game.io.tmx import default_map_for, load_scenario
from game.learn import glossary
from game.sim import battle_forces
from game.turn import TurnController
from game.ui.screens.battle.unit_card import CardLine, card_lines, fitting, words
from tests.ui.drawn import Recorder

RULESETS = ("squads", "warband", "cards", "legions", "ranks")
PYTHON = re.compile(r"\(\(|\[|\]|\{|'\w+'|\bTrue\b|\bFalse\b|\bNone\b|=\d|_\w")


def battle(ruleset: str) -> TurnController:
    rules = rulesets.get(ruleset)
    scenario = load_scenario(default_map_for(ruleset))
    return TurnController(rules, scenario, 3, battle_forces(rules, 2, scenario))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_model_card_is_plain_words_with_its_glossary_terms(ruleset):
    controller = battle(ruleset)
    terms = {t.term: t.name for t in glossary(ruleset)}
    for model in controller.state.models.values():
        lines = card_lines(controller.ruleset, controller.state, model.id)
        texts = [line.text for line in lines]
        assert texts[0] == model.name
        for line in texts:
            assert not PYTHON.search(line), (model.id, line)
        numbers = [k for k, v in model.profile.items() if isinstance(v, int | float)
                   and not isinstance(v, bool) and k in terms and terms[k] != k]
        key = next((line.text for line in lines if line.kind == "key"), "")
        for abbreviation in numbers:
            assert f"{words(abbreviation)} = {terms[abbreviation]}" in key, (model.id, abbreviation)


def test_the_squads_card_names_weapon_skill_and_the_weapon():
    controller = battle("squads")
    model = next(iter(controller.state.models.values()))
    texts = [line.text for line in card_lines(controller.ruleset, controller.state, model.id)]
    assert any("WS = Weapon Skill" in t for t in texts)
    assert any(t.startswith("Weapons: ") for t in texts)


def test_a_card_too_long_for_its_box_says_so():
    lines = [CardLine(f"line {i}") for i in range(30)]
    shown = fitting(lines, 120)
    assert len(shown) < 30 and shown[-1].text.startswith("…")
    assert fitting(lines[:2], 120) == lines[:2]


def test_hover_shows_the_card_and_selection_the_side_panel(make_app, monkeypatch):
    from game.ui.app import HOT_SEAT, BattleConfig

    drawn = Recorder(monkeypatch).drawn
    drive = make_app()
    screen = drive.app.start_battle(BattleConfig(ruleset="warband", map_path=default_map_for(
        "warband"), mode=HOT_SEAT, seed=3))
    drive.frames(2)
    side = screen.controller.current_player()
    own = next(u for u in screen.state.units.values() if u.side == side)
    screen.select(own.id)
    enemy = next(m for m in screen.state.models.values() if m.side != side)
    drive.move(screen.camera.to_screen(enemy.x, enemy.y))
    drawn.clear()
    drive.frames(1)
    assert screen.hovered_model == enemy.id
    card = [r for t, r in drawn if t.startswith("M = Move, WS = Weapon Skill")]
    assert any(screen.view_rect.contains(r) for r in card)  # the hover card, on the table
    panel = screen.unit_panel_rect()
    assert panel is not None and panel.top == screen.log_rect.top
    own_name = screen.state.models[own.models[0]].name
    assert any(t == own_name and panel.contains(r) for t, r in drawn)
    log_title = next(r for t, r in drawn if t.startswith("Battle log"))
    assert log_title.top >= panel.bottom  # the log moves down under the panel
    pygame.event.clear()
