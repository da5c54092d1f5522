"""Step mode (T): an AI battle stops after every roll (and casualty, phase, move, charge) with
Next / Back / Continue; while a step is shown nobody acts; Back looks at an earlier step; the
shown step's actors are highlighted; Continue runs on."""

import pygame

from game.core.events import DiceRolled
from game.ui.app import AI_VS_AI
from game.ui.screens.battle import BattleScreen
from game.ui.screens.battle.step_mode import PAUSE_ON


def _battle(drive, ruleset: str = "squads", seed: int = 5) -> BattleScreen:
    drive = drive
    drive.frames(2)
    menu = drive.top
    menu.ruleset_id = ruleset
    menu.seed_text = str(seed)
    menu.map_path = None
    menu.build()
    menu.set_mode(AI_VS_AI)  # a mode is a preset of seats: both sides AIs
    drive.press(menu.widgets["start"])
    assert isinstance(drive.top, BattleScreen)
    return drive.top


def test_step_mode_pauses_on_every_roll_until_next(make_app):
    drive = make_app()
    battle = _battle(drive)
    drive.key(pygame.K_t)
    assert battle.step_mode_on
    start = len(battle.controller.events)
    stops = []
    for _ in range(400):
        shown = battle.step_shown()
        if shown is not None:
            stops.append(shown[0])
            held = len(battle.controller.events)
            drive.frames(3)  # nobody acts while a step is shown
            assert len(battle.controller.events) == held and battle.step_shown() is shown
            drive.key(pygame.K_n)
        else:
            drive.frames(1)
        rolls = [e for e in battle.controller.events[start:]
                 if isinstance(e, DiceRolled) and e.values]
        if len(rolls) >= 12 and not battle.step_pending:
            break
    rolls = [e for e in battle.controller.events[start:] if isinstance(e, DiceRolled) and e.values]
    assert len(rolls) >= 12
    stopped = {id(e) for e in stops}
    assert all(id(e) in stopped for e in rolls)  # a stop after every single roll
    assert all(isinstance(e, PAUSE_ON) for e in stops)
    # the log shows only what was stepped through
    assert len(battle.log.entries) == len(battle.controller.events) - len(battle.step_pending)


def test_a_shown_roll_highlights_who_rolls_and_back_looks_at_the_step_before(make_app):
    drive = make_app()
    battle = _battle(drive, seed=9)
    drive.key(pygame.K_t)
    seen = 0
    for _ in range(600):
        shown = battle.step_shown()
        if shown is not None and isinstance(shown[0], DiceRolled) and shown[2].get("units"):
            seen += 1
            if seen >= 3:
                break
        if shown is not None:
            drive.key(pygame.K_n)
        else:
            drive.frames(1)
    event, _table, highlight = battle.step_shown()
    who = highlight["units"][0]
    assert battle.scene.names(battle.state)[who] == event.who
    cursor = battle.step_cursor
    drive.key(pygame.K_b)
    assert battle.step_cursor == cursor - 1
    assert battle.step_shown()[0] is battle.step_history[cursor - 1][0]
    drive.key(pygame.K_n)
    assert battle.step_cursor == cursor
    drive.key(pygame.K_c)  # Continue: everything held is shown, the battle runs on
    assert not battle.step_pending and not battle.step_waiting
    drive.key(pygame.K_t)
    assert not battle.step_mode_on


def test_the_pause_menu_turns_step_mode_on_and_off(make_app):
    from game.ui.screens.overlays import PauseScreen

    drive = make_app()
    battle = _battle(drive)
    battle.open_pause()
    drive.frames(1)
    pause = drive.top
    assert isinstance(pause, PauseScreen) and "off" in pause.step.text
    drive.press(pause.step)
    assert drive.top is battle and battle.step_mode_on
    battle.open_pause()
    drive.frames(1)
    assert "on" in drive.top.step.text
    drive.press(drive.top.step)
    assert not battle.step_mode_on
