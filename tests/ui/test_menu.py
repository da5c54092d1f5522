"""The menu: one click starts the default battle; a bad map is reported, never raised."""

import pygame

from game.ui.app import VS_AI
from game.ui.screens.battle import BattleScreen
from game.ui.screens.menu import AGENTS, MenuScreen, seed_from_text
from game.ui.seats import HUMAN, Seat


def test_defaults_start_a_squads_battle_against_the_ai(make_app):
    drive = make_app(menu_defaults={"seed": 4})
    drive.frames(2)
    menu = drive.top
    assert menu.ruleset_id == "squads" and menu.mode == VS_AI and not menu.message
    assert menu.map_path is not None and menu.map_path.suffix == ".tmx"
    drive.press(menu.widgets["start"])
    battle = drive.top
    assert isinstance(battle, BattleScreen)
    assert battle.humans == {0} and set(battle.agents) == {1}
    assert battle.config.seed == 4
    assert battle.panel.labels()  # the player's choices are on buttons


def test_a_new_player_meets_the_normal_difficulty_first(make_app):
    """The search at 0.5 s, not the one-ply greedy: a player who opens the menu and starts
    plays the middle of the three levels, and can pick Easy or Hard beside it."""
    drive = make_app(menu_defaults={"ai": None})
    drive.frames(2)
    menu = drive.top
    assert menu.ai == "normal" and menu.seats == [Seat(HUMAN), Seat("normal")]
    assert list(AGENTS)[:3] == ["easy", "normal", "hard"]


def test_a_bad_map_shows_the_problem_in_the_menu(make_app, tmp_path):
    bad = tmp_path / "broken.tmx"
    bad.write_text("<map version='1.10' orientation='orthogonal' width='3'")  # cut short
    drive = make_app(map_path=bad)
    drive.frames(3)
    menu = drive.top
    assert isinstance(menu, MenuScreen)
    assert "broken.tmx" in menu.message and "cannot be used" in menu.message
    assert not menu.widgets["start"].is_enabled
    drive.press(menu.widgets["start"])
    drive.key(pygame.K_RETURN)
    assert isinstance(drive.top, MenuScreen)


def test_a_map_without_deployment_zones_is_reported(make_app, tmp_path):
    from game.io.tmx import default_map_for

    text = default_map_for("squads").read_text()
    start = text.index('<objectgroup id=')
    zones = text.index('name="deployment"')
    end = text.index("</objectgroup>", zones) + len("</objectgroup>")
    assert start < zones
    layer_start = text.rindex("<objectgroup", 0, zones)
    broken = tmp_path / "no_zones.tmx"
    tiles = default_map_for("squads").parent / "tiles"
    broken.write_text(text[:layer_start] + text[end:])
    (tmp_path / "tiles").symlink_to(tiles)
    drive = make_app(map_path=broken)
    drive.frames(2)
    assert "deployment" in drive.top.message


def test_seed_text():
    assert seed_from_text("") is None
    assert seed_from_text(" 42 ") == 42
    assert seed_from_text("castle") == seed_from_text("castle") != seed_from_text("keep")


def test_the_map_line_counts_the_rounds_the_ruleset_plays_on_it(make_app):
    """cards plays its own 6 rounds on a map made for squads (5): the menu says 6."""
    from game.io.tmx import default_map_for

    squads_map = default_map_for("squads")
    drive = make_app(menu_defaults={"ruleset": "cards"}, map_path=squads_map)
    drive.frames(2)
    menu = drive.top
    assert menu.ruleset_id == "cards" and menu.map_path == squads_map
    assert menu.scenario.rounds == 5 and "6 rounds" in menu.description
