"""Drag everywhere: in every ruleset a dragged move is checked live by the rules (the reason
shown when it is refused), held to the allowance with a readout ('1.5" of 6"'), snapped where
the rules constrain it (a ranks march keeps to its facing, a warband model dropped on an enemy
charges it) and applied on Enter."""

import math
import time

import pygame
import pytest

from game.io.tmx import default_map_for
from game.ui.app import BattleConfig

RULESETS = ["squads", "warband", "cards", "legions", "ranks"]


@pytest.fixture
def start(make_app):
    def make(ruleset_id):
        drive = make_app()
        screen = drive.app.start_battle(BattleConfig(ruleset=ruleset_id,
                                                     map_path=default_map_for(ruleset_id),
                                                     seed=9))
        drive.frames(3)
        return drive, screen
    return make


def draggable(screen):
    units = [u for u in screen.state.units if screen.can_drag(u)]
    assert units, "no unit of the player can be dragged"
    return units[0]


def drag_unit(drive, screen, unit, dx, dy):
    m = screen.state.alive_models(unit)[0]
    drive.drag(screen.camera.to_screen(m.x, m.y), screen.camera.to_screen(m.x + dx, m.y + dy))
    assert screen.draft is not None and screen.draft.checked
    return screen.draft


def ahead(screen, unit, inches):
    facing = math.radians(screen.state.alive_models(unit)[0].facing)
    return inches * math.cos(facing), inches * math.sin(facing)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_drag_accepted_checked_live_and_applied(start, ruleset_id):
    drive, screen = start(ruleset_id)
    unit = draggable(screen)
    draft = drag_unit(drive, screen, unit, *ahead(screen, unit, 1.5))
    assert draft.reason is None, draft.reason
    readouts = [text for _, text in draft.notes.values()]
    assert readouts and all('" of ' in text for text in readouts)  # 1.5" of 6"
    wanted = dict(draft.positions)
    t = time.process_time()
    screen.check_draft()
    assert time.process_time() - t < 0.03  # the live check fits in a frame
    drive.key(pygame.K_RETURN)
    assert screen.draft is None
    moved = {mid: (screen.state.models[mid].x, screen.state.models[mid].y) for mid in wanted}
    assert all(math.dist(moved[mid], wanted[mid]) < 1e-3 for mid in wanted)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_drag_refused_shows_the_rules_reason(start, ruleset_id):
    drive, screen = start(ruleset_id)
    unit = draggable(screen)
    s = screen.state
    mover = s.alive_models(unit)[0]
    friends = [m for m in s.models.values()
               if m.alive and m.side == mover.side and m.unit != unit]
    other = min(friends, key=lambda m: math.dist((m.x, m.y), (mover.x, mover.y)))
    before = {m.id: (m.x, m.y) for m in s.alive_models(unit)}
    if ruleset_id in ("ranks", "cards"):  # one base dragged out of its unit is refused
        drive.post(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode="",
                   scancode=0)
        draft = drag_unit(drive, screen, unit, *ahead(screen, unit, 5.0))
        drive.post(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)
        assert ("rigid block" if ruleset_id == "ranks" else "coheren") in draft.reason.lower()
    else:
        draft = drag_unit(drive, screen, unit, other.x - mover.x, other.y - mover.y)
    assert draft.reason, "dropping a base on a friend's base must be refused"
    assert not screen.confirm_button.is_enabled
    drive.key(pygame.K_RETURN)
    assert screen.message == draft.reason or screen.draft is not None
    assert {m.id: (m.x, m.y) for m in s.alive_models(unit)} == before


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_drag_held_at_the_allowance(start, ruleset_id):
    drive, screen = start(ruleset_id)
    unit = draggable(screen)
    m = screen.state.alive_models(unit)[0]
    start_at = (m.x, m.y)
    draft = drag_unit(drive, screen, unit, *ahead(screen, unit, 40.0))
    assert draft.allowance is not None
    assert math.dist(draft.positions[m.id], start_at) <= draft.allowance + 0.05
    # a path that bends round bases or terrain is longer than the line: the drag is pulled
    # back to the furthest legal spot, so a long pull ends on a move the rules accept
    assert draft.reason is None, draft.reason


def test_drag_ranks_march_snaps_to_the_nearest_legal_march(start):
    drive, screen = start("ranks")
    unit = draggable(screen)
    fx, fy = ahead(screen, unit, 2.0)
    draft = drag_unit(drive, screen, unit, fx - fy * 0.5, fy + fx * 0.5)  # 2" on, 1" aside
    assert draft.reason is None, draft.reason
    assert draft.template.kind == "march"
    assert abs(float(draft.template.option.split('"')[0]) - 2.0) < 0.1  # the advance dragged
    m = screen.state.alive_models(unit)[0]
    x, y = draft.positions[m.id]
    facing = math.radians(m.facing)
    aside = -(x - m.x) * math.sin(facing) + (y - m.y) * math.cos(facing)
    assert abs(aside) < 1e-3  # the sideways part of the drag is gone: a march goes ahead
    drive.key(pygame.K_RETURN)
    assert screen.state.units[unit].flags.get("order") == "March"


def test_drag_warband_model_dropped_on_an_enemy_charges_it(start):
    drive, screen = start("warband")
    s = screen.state
    unit = draggable(screen)
    mover = s.alive_models(unit)[0]
    enemy = next(m for m in s.models.values() if m.alive and m.side != mover.side)
    # put an enemy in reach (the set-up keeps warbands apart), then drop the model on it
    enemy.x, enemy.y = mover.x + 5.0 * math.cos(math.radians(mover.facing)), mover.y + 5.0 * \
        math.sin(math.radians(mover.facing))
    screen.version += 1
    draft = drag_unit(drive, screen, unit, enemy.x - mover.x - 0.6, enemy.y - mover.y)
    assert draft.template.kind == "charge" and draft.template.targets == (enemy.unit,)
    assert draft.reason is None, draft.reason
    drive.key(pygame.K_RETURN)
    charger = screen.state.alive_models(unit)[0]
    assert screen.controller.geo.in_contact(charger, screen.state.models[enemy.id])
    assert any(type(e).__name__ == "ChargeResolved" and e.success
               for e in screen.controller.events)
