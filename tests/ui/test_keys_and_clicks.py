"""Keys and clicks a player relies on: E ends whatever step is being played (known by the
action's kind, in every ruleset), Esc closes an open drop-down list before anything else, Enter
in the menu's seed field starts, and a double-click on the decision list orders once: the list
holds still under a pointer that just clicked."""

import pygame
import pytest

from game.core.actions import Action
from game.io.tmx import default_map_for
from game.ui.config import HOT_SEAT, BattleConfig
from game.ui.screens.battle import BattleScreen
from game.ui.screens.battle.input import ends_a_step
from game.ui.screens.battle.panels import HOLD_AFTER_CLICK
from game.ui.screens.menu import MenuScreen
from game.ui.screens.overlays import HandOverScreen

#: The end actions each ruleset offers a player (cards ends its steps by itself).
END_KINDS = {"squads": {"end_phase"}, "warband": {"end_phase"},
             "legions": {"end_phase", "end_charges"}, "ranks": {"end_turn"}}


def decisions(controller) -> list[Action]:
    """The actions applied, automatic steps left out."""
    return [step.action for step in controller.history if step.action.option != "auto"]


def test_e_is_for_every_end_action_by_its_kind_not_its_label():
    assert ends_a_step(Action("end_phase", label="End the Movement phase"))
    assert ends_a_step(Action("end_charges", label="End the charge sub-phase (go to the fight)"))
    assert ends_a_step(Action("end_turn", label="End the turn (units without an order Hold)"))
    assert ends_a_step(Action("end_activation", "u1", label="Done"))
    assert ends_a_step(Action("end"))
    assert not ends_a_step(Action("move", "u1", label="End up on the objective"))
    assert not ends_a_step(Action("friend_move", "u1"))


@pytest.mark.parametrize("ruleset", sorted(END_KINDS))
def test_e_presses_each_end_action_the_ruleset_offers(make_app, ruleset):
    drive = make_app()
    battle = drive.app.start_battle(BattleConfig(ruleset, default_map_for(ruleset), HOT_SEAT,
                                                 0, 3))
    drive.frames(2)
    controller = battle.controller
    pressed: set[str] = set()
    for _ in range(400):
        if pressed >= END_KINDS[ruleset] or controller.over:
            break
        if isinstance(drive.top, HandOverScreen):
            drive.key(pygame.K_RETURN)
            continue
        legal = battle.legal()
        ends = [a for a in legal if ends_a_step(a)]
        others = [a for a in legal if not ends_a_step(a)]
        if ends and (ends[0].kind not in pressed or not others):
            expected = min(ends, key=lambda a: a.unit is not None)
            before = len(controller.history)
            drive.key(pygame.K_e)
            new = controller.history[before:]  # E's action first, then any automatic steps
            assert new and new[0].action == expected, expected.label
            pressed.add(expected.kind)
        elif others:
            assert battle.apply(others[0])
            drive.frames(1)
        else:
            drive.frames(1)
    assert pressed >= END_KINDS[ruleset]


def test_esc_with_a_drop_down_open_closes_it_and_does_not_quit(make_app):
    drive = make_app()
    drive.frames(2)
    menu = drive.top
    dropdown = menu.widgets["ruleset"]
    drive.press(dropdown)
    assert dropdown.current_state is dropdown.menu_states["expanded"]
    drive.key(pygame.K_ESCAPE)
    assert drive.app.running and drive.top is menu
    assert dropdown.current_state is dropdown.menu_states["closed"]
    drive.key(pygame.K_ESCAPE)  # nothing open now: Esc quits, as before
    assert not drive.app.running


def test_enter_in_the_seed_field_starts_the_battle_with_that_seed(make_app):
    drive = make_app()
    drive.frames(2)
    menu = drive.top
    assert isinstance(menu, MenuScreen)
    drive.press(menu.widgets["seed"])
    assert menu.widgets["seed"].is_focused
    drive.post(pygame.TEXTINPUT, text="42")  # typed (pygame_gui reads text input events)
    drive.frames(2)
    assert menu.seed_text == "42"
    drive.key(pygame.K_RETURN)
    battle = drive.top
    assert isinstance(battle, BattleScreen) and battle.config.seed == 42


def start_two_mobs(drive):
    """The shipped squads map, hot seat: several units with orders, listed one under another
    (once the first has its order, the next one's options take its place in the list)."""
    battle = drive.app.start_battle(BattleConfig("squads", default_map_for("squads"), HOT_SEAT,
                                                 0, 5))
    drive.frames(2)
    return battle


def first_button(battle):
    row = next(r for r in battle.panel.rows if r.button is not None and r.button.visible)
    return row, row.button.rect.copy()


def test_a_double_click_on_the_decision_list_orders_one_unit(make_app):
    drive = make_app()
    battle = start_two_mobs(drive)
    row, rect = first_button(battle)
    labels = battle.panel.labels()
    drive.click(rect.center)
    drive.click(rect.center)  # the second click of a double-click, frames later
    assert decisions(battle.controller) == [row.action]
    # the list kept its layout under the pointer, and none of its stale offers can be pressed
    assert battle.panel.labels() == labels
    held, _ = first_button(battle)
    assert held.button.rect == rect and not held.button.is_enabled
    assert battle.hovered_action is None  # no preview of an offer that is gone


def test_the_list_stays_until_the_pointer_leaves_it_then_shows_the_new_offers(make_app):
    drive = make_app()
    battle = start_two_mobs(drive)
    row, rect = first_button(battle)
    labels = battle.panel.labels()
    drive.click(rect.center)
    drive.frames(round(2 * HOLD_AFTER_CLICK * 60))  # time passes, the pointer does not move
    assert battle.panel.labels() == labels
    drive.move((8, battle.top_rect.centery))  # off the list, onto the heading
    assert battle.list_hold is None and battle.panel.labels() != labels
    assert all(r.button.is_enabled for r in battle.panel.rows if r.button is not None)
    assert row.action not in [r.action for r in battle.panel.rows]


def test_the_list_is_freed_by_a_move_within_it_once_the_hold_time_passed(make_app):
    drive = make_app()
    battle = start_two_mobs(drive)
    _, rect = first_button(battle)
    labels = battle.panel.labels()
    drive.click(rect.center)
    drive.move((rect.centerx + 3, rect.centery))  # moved, but too soon: still held
    assert battle.panel.labels() == labels and battle.list_hold is not None
    drive.frames(round(HOLD_AFTER_CLICK * 60))
    drive.move((rect.centerx + 6, rect.centery))
    assert battle.list_hold is None and battle.panel.labels() != labels
