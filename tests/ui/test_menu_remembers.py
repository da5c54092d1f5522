"""The menu remembers the last battle set-up (kept in the settings file): after "Quit to menu"
and at the next start of the game; and its hint counts the AIs that play."""

import pygame
import pygame_gui

from game.ui.app import AI_VS_AI, GROUP, HOT_SEAT
from game.ui.screens.battle import BattleScreen
from game.ui.screens.menu import MenuScreen, hint
from game.ui.screens.overlays import ConfirmLeaveScreen, PauseScreen
from game.ui.seats import HUMAN, Seat
from game.ui.settings import Settings, load, save

GROUP_SEATS = [Seat(HUMAN, "Alice"), Seat(HUMAN, ""), Seat("greedy"), Seat("random")]


def change(drive, widget, text: str) -> None:
    drive.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=widget, text=text)
    drive.frames(2)


def type_into(drive, entry, text: str) -> None:
    entry.set_text(text)
    drive.post(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry, text=text)
    drive.frames(1)


def set_up_a_group(drive) -> MenuScreen:
    """Warband, four sides, two people (one named) and two different AIs, seed 9."""
    menu = drive.top
    change(drive, menu.widgets["ruleset"], "Warband")
    change(drive, menu.widgets["sides"], "4 sides")
    change(drive, menu.widgets["mode"], "Hot-seat (players take turns)")
    change(drive, menu.widgets["seat2"], "Greedy AI")
    change(drive, menu.widgets["seat3"], "Random AI")
    entry = next(e for e, side in menu.name_entries.items() if side == 0)
    type_into(drive, entry, "Alice")
    type_into(drive, menu.widgets["seed"], "9")
    return menu


def assert_the_group(menu: MenuScreen) -> None:
    assert isinstance(menu, MenuScreen)
    assert menu.ruleset_id == "warband" and menu.sides == 4 and len(menu.side_names) == 4
    assert menu.seats == GROUP_SEATS
    assert menu.mode == GROUP and menu.seed_text == "9"
    names = {side: entry.get_text() for entry, side in menu.name_entries.items()}
    assert names == {0: "Alice", 1: ""}  # people have a name entry, the AIs none


def test_the_menu_remembers_the_set_up_after_quit_to_menu_and_at_the_next_start(make_app):
    drive = make_app()
    drive.frames(2)
    menu = set_up_a_group(drive)
    assert menu.seats == GROUP_SEATS and menu.mode == GROUP
    drive.press(menu.widgets["start"])
    battle = drive.top
    assert isinstance(battle, BattleScreen)
    assert battle.humans == {0, 1} and battle.config.seed == 9
    assert battle.player_names == {0: "Alice", 1: "Player 2"}
    # Esc, Quit to menu, Leave: the menu shows the same set-up
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.top, PauseScreen)
    drive.press(drive.top.to_menu)
    assert isinstance(drive.top, ConfirmLeaveScreen)
    drive.press(drive.top.leave)
    assert_the_group(drive.top)
    # the next run of the game reads it from the settings file
    settings, problem = load()
    assert problem == "" and settings.last_battle["ruleset"] == "warband"
    drive.app.close()
    again = make_app()
    again.frames(2)
    assert_the_group(again.top)


def test_another_ruleset_asked_for_drops_the_last_map_and_players(make_app):
    save(Settings(last_battle={"ruleset": "warband", "sides": 4, "mode": HOT_SEAT,
                               "seed": "5", "players": [["human", "Ann"]] * 4}))
    drive = make_app(ruleset="squads")
    drive.frames(2)
    menu = drive.top
    assert menu.ruleset_id == "squads" and menu.sides == 2 and len(menu.seats) == 2
    assert menu.mode == HOT_SEAT and menu.seed_text == "5"  # the choices that still fit
    assert all(seat.name == "" for seat in menu.seats)


def test_a_remembered_map_that_is_gone_and_unknown_players_are_passed_over(make_app, tmp_path):
    save(Settings(last_battle={"ruleset": "squads", "map_path": str(tmp_path / "gone.tmx"),
                               "players": [["human", "Ann"], ["no_such_ai", ""]]}))
    drive = make_app()
    drive.frames(2)
    menu = drive.top
    assert menu.map_path is not None and menu.map_path.is_file() and menu.scenario is not None
    assert menu.seats == [Seat(HUMAN, "Ann"), Seat("greedy")]


def test_the_ai_vs_ai_hint_names_the_number_of_ais(make_app):
    assert hint([Seat("greedy")] * 2).startswith("Two AIs play")
    assert hint([Seat("greedy")] * 3).startswith("Three AIs play")
    assert hint([Seat(HUMAN), Seat("greedy")]) == "You play one side; the AI plays the other."
    assert hint([Seat(HUMAN)] + [Seat("greedy")] * 2).startswith("You play one side; two AIs")
    assert hint(GROUP_SEATS).startswith("Two players pass the screen")
    assert hint([Seat(HUMAN)] * 3).startswith("Three players share this screen")
    drive = make_app()
    drive.frames(2)
    menu = drive.top
    change(drive, menu.widgets["ruleset"], "Warband")
    change(drive, menu.widgets["sides"], "3 sides")
    change(drive, menu.widgets["mode"], "Watch AI vs AI")
    assert menu.mode == AI_VS_AI and [s.human for s in menu.seats] == [False] * 3
    assert hint(menu.seats).startswith("Three AIs play")


def test_a_mode_asked_for_seats_its_preset_not_the_last_players(make_app):
    save(Settings(last_battle={"ruleset": "warband", "sides": 3, "mode": GROUP,
                               "players": [["human", "Ann"], ["human", ""], ["greedy", ""]]}))
    drive = make_app(menu_defaults={"ruleset": "warband", "mode": AI_VS_AI})
    drive.frames(2)
    menu = drive.top
    assert menu.sides == 3 and not any(seat.human for seat in menu.seats)
