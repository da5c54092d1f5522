"""The AI's pace (a setting, default normal): slow / normal / fast / instant set how many AI
decisions a given time on screen shows; the setting is kept; a move is animated along its path;
the acting unit is highlighted."""

from game.io.tmx import default_map_for
from game.ui import settings
from game.ui.config import AI_VS_AI, BattleConfig


def _decisions_in(drive, pace: str, seconds: float) -> int:
    battle = drive.app.start_battle(BattleConfig("squads", default_map_for("squads"), AI_VS_AI,
                                                 0, 3))
    battle.set_pace(pace)
    drive.frames(1)
    start = len(battle.controller.history)
    drive.app.pump(round(seconds * 60))
    return len(battle.controller.history) - start


def test_the_pace_setting_defaults_to_normal_and_sets_the_ai_delay():
    assert settings.Settings().ai_pace == "normal"
    assert [settings.pace_delay(p) for p in ("slow", "normal", "fast", "instant")] == [
        1.2, 0.6, 0.25, 0.0]


def test_a_slower_pace_shows_fewer_ai_decisions_in_the_same_time(make_app):
    drive = make_app(ai_delay=0.6)
    counts = {pace: _decisions_in(drive, pace, 6.0) for pace in ("slow", "normal", "fast")}
    assert 0 < counts["slow"] < counts["normal"] < counts["fast"]
    assert _decisions_in(drive, "instant", 0.5) > counts["fast"]  # batches, no delay


def test_the_p_key_cycles_the_pace_and_keeps_it(make_app):
    import pygame

    drive = make_app(ai_delay=0.6)
    battle = drive.app.start_battle(BattleConfig("squads", default_map_for("squads"), AI_VS_AI,
                                                 0, 3))
    assert battle.pace == "normal"
    drive.key(pygame.K_p)
    assert battle.pace == "fast" and drive.app.settings.ai_pace == "fast"
    assert settings.load()[0].ai_pace == "fast"  # kept in the settings file
    assert "fast" in battle.message


def test_an_ai_move_is_animated_along_its_path_and_its_unit_highlighted(make_app):
    from game.core.events import UnitMoved

    drive = make_app(ai_delay=0.6, animate=True)
    battle = drive.app.start_battle(BattleConfig("squads", default_map_for("squads"), AI_VS_AI,
                                                 0, 3))
    for _ in range(2000):
        drive.frames(1)
        if battle.moving:
            break
    assert battle.moving
    model, (x0, y0, x1, y1) = next(iter(battle.moving.items()))
    drive.frames(5)
    x, y = battle.moving_positions()[model]
    assert min(x0, x1) - 1e-9 <= x <= max(x0, x1) + 1e-9 and (x, y) not in ((x0, y0), (x1, y1))
    moved = next(e for e in reversed(battle.controller.events) if isinstance(e, UnitMoved))
    assert battle.overlays().acting_unit == moved.unit
