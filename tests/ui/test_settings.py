"""Settings: saved and loaded as JSON in the user config folder, a bad file refused in one line
with the defaults used, and the settings screen (menu and pause menu) applying changes live."""

import json

import pygame
import pygame_gui
import pytest

from game.io.tmx import default_map_for
from game.ui import settings as user_settings
from game.ui.app import HOT_SEAT, BattleConfig
from game.ui.screens.menu import MenuScreen
from game.ui.screens.overlays import PauseScreen
from game.ui.screens.settings import SettingsScreen, size_label
from game.ui.settings import Settings


def test_settings_are_saved_and_loaded_back(tmp_path):
    path = tmp_path / "config" / "settings.json"
    chosen = Settings(window_size=(1440, 900), fullscreen=True, ai_pace="fast", volume=0.25,
                      muted=True, label_density="hover", language="en",
                      last_battle={"ruleset": "warband", "sides": 4, "seed": "7",
                                   "players": [["human", "Alice"], ["greedy", ""]]})
    assert user_settings.save(chosen, path) == ""
    assert json.loads(path.read_text())["ai_pace"] == "fast"
    loaded, problem = user_settings.load(path)
    assert problem == "" and loaded == chosen
    assert not list(path.parent.glob("*.tmp"))  # written atomically: no temporary left


def test_no_settings_file_is_the_defaults_without_a_word(tmp_path):
    loaded, problem = user_settings.load(tmp_path / "missing.json")
    assert loaded == Settings() and problem == ""
    assert loaded.ai_pace == "normal" and loaded.window_size == (1280, 800)


def test_each_ai_pace_has_its_delay():
    assert Settings().ai_delay == user_settings.PACES["normal"] == 0.6
    assert Settings(ai_pace="instant").ai_delay == 0.0
    assert Settings(ai_pace="slow").ai_delay > Settings(ai_pace="fast").ai_delay > 0
    assert Settings(volume=0.8, muted=True).effective_volume == 0.0


@pytest.mark.parametrize("content, says", [
    ("{not json", "settings.json"),
    ("[1, 2]", "not a JSON object"),
    ('{"ai_pace": "warp"}', "ai_pace must be one of"),
    ('{"volume": 3}', "volume must be a number from 0 to 1"),
    ('{"window_size": [10, 10]}', "window_size must be between"),
    ('{"muted": "yes"}', "muted must be true or false"),
    ('{"last_battle": {"players": [["human"]]}}', "players"),
    ('{"last_battle": {"sides": true}}', "last_battle.sides"),
    ("[" * 5000 + "]" * 5000, "settings.json"),
    ('{"language": "' + "x" * 70000 + '"}', "limit"),
])
def test_a_bad_settings_file_is_refused_in_one_line_and_the_defaults_used(tmp_path, content,
                                                                           says):
    path = tmp_path / "settings.json"
    path.write_text(content)
    loaded, problem = user_settings.load(path)
    assert loaded == Settings()
    assert problem.startswith("Settings not read, defaults used:") and says in problem
    assert "\n" not in problem


def test_unknown_keys_are_ignored(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"ai_pace": "slow", "from_a_newer_version": 1}')
    assert user_settings.load(path) == (Settings(ai_pace="slow"), "")


def test_settings_that_cannot_be_written_say_so(tmp_path):
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    problem = user_settings.save(Settings(), blocker / "settings.json")
    assert problem.startswith("Settings not saved:")


def test_the_game_starts_on_a_bad_settings_file_and_the_menu_says_why(make_app):
    path = user_settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"volume": "loud"}')
    drive = make_app()
    drive.frames(2)
    assert isinstance(drive.top, MenuScreen)
    assert "volume must be a number" in drive.top.message
    assert drive.app.settings == Settings()


def test_the_app_takes_its_window_size_and_ai_pace_from_the_settings(make_app):
    user_settings.save(Settings(window_size=(1440, 900), ai_pace="slow"))
    drive = make_app(ai_delay=None)
    assert drive.app.size == (1440, 900)
    assert drive.app.ai_delay == user_settings.PACES["slow"]


def change(drive, widget, text: str) -> None:
    """A choice in a drop-down list, as pygame_gui reports it."""
    drive.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=widget, text=text)
    drive.frames(2)


def test_the_settings_screen_applies_changes_live_and_keeps_them(make_app):
    drive = make_app()
    drive.frames(2)
    drive.press(drive.top.widgets["settings"])
    screen = drive.top
    assert isinstance(screen, SettingsScreen)
    change(drive, screen.widgets["size"], size_label((960, 640)))
    assert drive.app.size == (960, 640)  # the window itself
    assert drive.app.find(MenuScreen).ui.window_resolution == (960, 640)
    screen = drive.top
    change(drive, screen.widgets["pace"], screen._pace_label("instant"))
    assert drive.app.ai_delay == 0.0
    change(drive, drive.top.widgets["sound"], "Muted")
    assert drive.app.sound.volume == 0.0
    change(drive, drive.top.widgets["sound"], "On")
    slider = drive.top.widgets["volume"]
    slider.set_current_value(30)
    drive.post(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider, value=30)
    drive.frames(2)
    assert drive.app.sound.volume == pytest.approx(0.3)
    change(drive, drive.top.widgets["labels"], "Compact labels")
    assert not user_settings.settings_path().exists()  # written when the screen closes
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.top, MenuScreen)
    kept, problem = user_settings.load()
    assert problem == ""
    assert kept.window_size == (960, 640) and kept.ai_pace == "instant"
    assert kept.volume == pytest.approx(0.3) and not kept.muted
    assert kept.label_density == "compact"


def test_full_screen_is_a_setting_of_the_window(make_app):
    drive = make_app()
    drive.frames(2)
    drive.app.push(SettingsScreen(drive.app))
    drive.frames(1)
    change(drive, drive.top.widgets["display"], "Full screen")
    assert drive.app.settings.fullscreen
    assert drive.app.window.get_flags() & pygame.FULLSCREEN
    assert not drive.top.widgets["size"].is_enabled  # the display's size, not ours
    change(drive, drive.top.widgets["display"], "In a window")
    assert not drive.app.window.get_flags() & pygame.FULLSCREEN


def test_the_pause_menu_opens_the_settings_over_the_battle(make_app):
    drive = make_app()
    path = default_map_for("squads")
    drive.app.start_battle(BattleConfig("squads", path, HOT_SEAT, 0, 3))
    drive.frames(2)
    drive.key(pygame.K_ESCAPE)
    pause = drive.top
    assert isinstance(pause, PauseScreen)
    drive.press(pause.settings)
    assert isinstance(drive.top, SettingsScreen)
    change(drive, drive.top.widgets["size"], size_label((1440, 900)))
    assert drive.app.size == (1440, 900)
    # the pause menu below followed the new size: its buttons are centred again
    assert pause.resume.rect.centerx == pytest.approx(720, abs=2)
    drive.press(drive.top.widgets["done"])
    assert drive.top is pause


def test_closing_the_settings_keeps_a_window_size_given_at_start(make_app):
    drive = make_app(size=(1000, 700), settings=Settings())
    drive.frames(1)
    drive.app.push(SettingsScreen(drive.app))
    drive.frames(1)
    drive.key(pygame.K_ESCAPE)
    assert drive.app.size == (1000, 700)
