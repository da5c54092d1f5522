"""Smaller pieces of the client: the dice tray, the log, AI pacing, the real loop's exit."""

import pygame

from game.core.events import DiceRolled, Note
from game.io.tmx import default_map_for
from game.ui.app import BattleConfig, run
from game.ui.render.dice import ROLL_TIME, DiceTray
from game.ui.render.log import BattleLog


def saves(*values):
    return [DiceRolled(rule="Save", who=f"Model {i}", label="save", values=(v,), needed="4+",
                       outcome="saved" if v >= 4 else "failed") for i, v in enumerate(values)]


def test_the_tray_gathers_one_die_rolls_and_animates():
    tray = DiceTray(animate=True)
    tray.add([DiceRolled(rule="Hit", who="Mob", label="to hit", values=(1, 3, 6), needed="3+",
                         outcome="2 hits")] + saves(5, 1, 4))
    assert len(tray.rows) == 2
    gathered = tray.rows[-1]
    assert gathered.values == [5, 1, 4] and gathered.gathered == 3
    assert gathered.outcome_text() == "2 saved, 1 failed"
    assert [tray.rows[0].verdict(v) for v in (1, 3, 6)] == ["fail", "pass", "pass"]
    assert tray.rolling
    tray.update(ROLL_TIME / 2)
    assert tray.rolling
    tray.skip()
    assert not tray.rolling
    surface = pygame.Surface((800, 140))
    tray.draw(surface, surface.get_rect())  # draws without a display


def test_the_log_keeps_every_event_and_scrolls():
    log = BattleLog()
    log.add([Note(rule=f"Rule {i}", text=f"event {i}") for i in range(40)])
    assert [e.text for e in log.entries][-1] == "event 39"
    assert log.entries[0].rule == "Rule: Rule 0"
    log.wheel(5)
    assert log.scroll == 5
    log.add([Note(rule="r", text="newer")])
    assert log.scroll == 6  # the reader keeps their place
    surface = pygame.Surface((400, 300))
    log.draw(surface, surface.get_rect())
    log.wheel(-100)
    assert log.scroll == 0


def test_the_ai_plays_at_a_readable_pace(make_app):
    drive = make_app(ai_delay=0.6)
    battle = drive.app.start_battle(BattleConfig(map_path=default_map_for("squads"),
                                                 human_side=1, seed=3))
    for _ in range(4):
        drive.app.step([], 0.1)
    assert not battle.controller.history  # 0.4 s: not yet
    for _ in range(4):
        drive.app.step([], 0.1)
    assert len(battle.controller.history) == 1


def test_the_real_loop_ends_on_quit():
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert run() == 0


def test_every_base_kind_and_four_sides_draw():
    from game.core.state import BaseShape, GameState, Model, Objective, Scenario, Side, Unit
    from game.ui.render.board import Board
    from game.ui.render.camera import Camera
    from game.ui.render.scene import Overlays, Scene

    scenario = Scenario(24.0, 16.0, objectives=(Objective("Centre", 12.0, 8.0),),
                        deployment={i: ((0, 0), (4, 0), (4, 4), (0, 4)) for i in range(4)})
    sides = [Side(i, f"Side {i}", "f") for i in range(4)]
    models, units = {}, {}
    for i, text in enumerate(("32", "oval 60x35", "rect 40x20", "rect 25x25")):
        mid = f"m{i}"
        models[mid] = Model(mid, f"u{i}", i, f"Model {i}", BaseShape.parse(text), x=4.0 + 5 * i,
                            y=8.0, facing=30.0 * i, wounds=1, max_wounds=3)
        units[f"u{i}"] = Unit(f"u{i}", i, f"Unit {i}", "k", (mid,),
                              flags={"battle_shocked": True, "odd_flag": True})
    state = GameState("test", scenario, sides, units, models)
    surface = pygame.Surface((480, 320))
    camera = Camera(surface.get_rect(), scenario.width, scenario.height)
    camera.zoom_at(2, (240, 160))
    Scene(Board(scenario)).draw(surface, camera, state, Overlays(
        selected_unit="u2", rings=((2.0, "engagement"),), holders=[3],
        ghosts={"m1": (10.0, 12.0)}, targets={"u0": "Unit 0: 3.0\""}))
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 480, 4) for y in range(0, 320, 4)}
    for side_colour in ((196, 58, 52), (48, 112, 204), (146, 82, 196), (222, 164, 36)):
        assert side_colour in colours
