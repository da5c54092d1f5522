"""Table tools through the window: ruler, line of sight, rings, zoom and pan, an illegal drag's
reason, the pause menu (concede -> results) and the help overlay."""

import math

import pygame
import pytest

from game.io.tmx import default_map_for
from game.ui.app import BattleConfig
from game.ui.screens.battle import BattleScreen
from game.ui.screens.overlays import HelpScreen, PauseScreen
from game.ui.screens.results import ResultsScreen


@pytest.fixture
def battle(make_app):
    drive = make_app()
    screen = drive.app.start_battle(BattleConfig(map_path=default_map_for("squads"), seed=9))
    drive.frames(2)
    return drive, screen


def test_ruler_measures_edge_to_edge_from_a_base(battle):
    drive, screen = battle
    state = screen.controller.state
    a, b = state.models["s0u0m0"], state.models["s1u0m0"]
    drive.post(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)
    drive.frames(1)
    assert screen.ruler_active
    drive.drag(screen.camera.to_screen(a.x, a.y), screen.camera.to_screen(b.x, b.y))
    start, end, text = screen.ruler_overlay()
    expected = screen.controller.geo.distance(a, b)
    assert text == f'{expected:.1f}" edge to edge'
    drive.post(pygame.KEYUP, key=pygame.K_r, mod=0, unicode="r", scancode=0)
    drive.frames(1)
    assert not screen.ruler_active
    drive.key(pygame.K_ESCAPE)  # closes the ruler, not the battle
    assert screen.ruler is None and isinstance(drive.top, BattleScreen)


def test_rings_and_line_of_sight(battle):
    drive, screen = battle
    state = screen.controller.state
    mine = state.models["s0u0m0"]
    drive.click(screen.camera.to_screen(mine.x, mine.y))
    overlays = screen.overlays()
    assert overlays.selected_unit == "s0u0"
    assert [r for r, _ in overlays.rings] == [12.0, 2.0, 1.0]
    drive.key(pygame.K_l)
    enemy = state.models["s1u0m0"]
    drive.move(screen.camera.to_screen(enemy.x, enemy.y))
    lines = screen.overlays().sight
    assert len(lines) == len(state.alive_models("s0u0"))
    geo = screen.controller.geo
    assert [clear for _, _, clear in lines] == [
        geo.line_of_sight(state, m, enemy) for m in state.alive_models("s0u0")]


def test_zoom_about_the_cursor_pan_and_fit(battle):
    drive, screen = battle
    camera = screen.camera
    point = screen.view_rect.center
    before = camera.to_table(*point)
    drive.move(point)
    drive.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    drive.frames(1)
    assert camera.scale > camera.fit_scale
    after = camera.to_table(*point)
    assert abs(after[0] - before[0]) < 1e-6 and abs(after[1] - before[1]) < 1e-6
    x = camera.x
    drive.drag((point[0], point[1]), (point[0] + 40, point[1]), button=3)
    assert camera.x == pytest.approx(x + 40, abs=1)
    drive.key(pygame.K_f)
    assert camera.scale == camera.fit_scale


def test_an_illegal_drag_shows_the_rules_reason(battle):
    drive, screen = battle
    state = screen.controller.state
    first = state.models["s0u0m0"]
    before = {m.id: (m.x, m.y) for m in state.alive_models("s0u0")}
    drive.drag(screen.camera.to_screen(first.x, first.y),
               screen.camera.to_screen(first.x + 20.0, first.y))
    draft = screen.draft  # a drag past the allowance is held at it (6")
    assert draft is not None and draft.allowance == 6.0
    assert math.dist(draft.positions[first.id], (first.x, first.y)) <= 6.0 + 0.05
    drive.key(pygame.K_ESCAPE)
    drive.post(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode="",
               scancode=0)  # one model dragged away from its unit: out of coherency
    drive.drag(screen.camera.to_screen(first.x, first.y),
               screen.camera.to_screen(first.x, first.y - 5.5))
    drive.post(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)
    draft = screen.draft
    assert draft is not None and draft.checked and draft.reason
    assert not screen.confirm_button.is_enabled
    drive.key(pygame.K_RETURN)  # refused: nothing moves
    assert {m.id: (m.x, m.y) for m in state.alive_models("s0u0")} == before
    drive.key(pygame.K_ESCAPE)  # cancels the drag
    assert screen.draft is None and isinstance(drive.top, BattleScreen)


def test_tab_cycles_own_units_and_hover_explains_a_model(battle):
    drive, screen = battle
    drive.key(pygame.K_TAB)
    first = screen.selected
    drive.key(pygame.K_TAB)
    assert first and screen.selected and screen.selected != first
    assert screen.state.units[screen.selected].side == 0
    model = screen.state.alive_models("s1u0")[0]
    drive.move(screen.camera.to_screen(model.x, model.y))
    assert screen.hovered_model == model.id


def test_pause_concede_goes_to_the_results(battle):
    drive, screen = battle
    drive.key(pygame.K_h)
    assert isinstance(drive.top, HelpScreen)
    drive.key(pygame.K_ESCAPE)
    assert drive.top is screen
    drive.key(pygame.K_ESCAPE)
    pause = drive.top
    assert isinstance(pause, PauseScreen)
    drive.press(pause.concede)
    drive.frames(2)
    assert isinstance(drive.top, ResultsScreen)
    assert "conceded" in drive.top.reason
    assert screen.controller.state.sides[0].conceded
