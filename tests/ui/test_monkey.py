"""A seeded monkey drives the client: clicks (on buttons and anywhere), drags from models, keys,
wheel and window resizes down to the minimum size, in every ruleset and mode (versus the AI,
hot-seat, AI vs AI, the replay viewer, the saved-battles screen), and nothing may raise.

Why: the client catches what raises and shows the error panel, so a crash in an odd corner
(a resize while dragging, Esc on an overlay over a replay...) would go unseen by the scripted
tests. Here the app's `fail` raises instead, with the trace of the worker's job when it was one.
The monkey is seeded per case: a failure is replayed by running the same case again.
"""

from __future__ import annotations

import os
import random

import pygame
import pygame_gui
import pytest

from game import rulesets
from game.io import battle_saves
from game.io.tmx import default_map_for
from game.ui.app import MIN_SIZE, WINDOW_SIZE
from game.ui.config import AI_VS_AI, HOT_SEAT, VS_AI, BattleConfig
from game.ui.screens.replays import open_replay
from game.ui.screens.saves import SavedBattlesScreen
from tests.ui.conftest import make_app  # noqa: F401 (the client tests' app fixture)

RULESETS = ("squads", "warband", "cards", "legions", "ranks")
MODES = (VS_AI, HOT_SEAT, AI_VS_AI, "replay", "saves")
FRAMES = 110  # per case: 25 cases, 2750 frames in all (about 55 s of CPU)
LONG_FRAMES = 1500
#: The screen each mode starts on.
STARTS_ON = {VS_AI: "BattleScreen", HOT_SEAT: "BattleScreen", AI_VS_AI: "BattleScreen",
             "replay": "ReplayControls", "saves": "SavedBattlesScreen"}  # SKIRMISH_LONG_MONKEY=1: the long variant

KEYS = (pygame.K_e, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB,
        pygame.K_f, pygame.K_r, pygame.K_l, pygame.K_h, pygame.K_PLUS, pygame.K_MINUS,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_END, pygame.K_1, pygame.K_a)


@pytest.fixture(autouse=True)
def own_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))


def _fail_loudly(app) -> None:
    """The error panel would hide a crash: raise it, with the worker's trace if it has one."""

    def fail(exc, trace=None, **context):
        raise AssertionError(f"the client failed ({context.get('what', 'client')}):\n"
                             f"{trace or ''}") from exc

    app.fail = fail


def open_case(app, ruleset: str, mode: str, seed: int) -> None:
    """The screen the monkey starts on for this ruleset and mode."""
    path = default_map_for(ruleset)
    most = getattr(rulesets.get(ruleset), "max_sides", 2)
    if mode in (VS_AI, HOT_SEAT, AI_VS_AI):
        sides = most if mode == AI_VS_AI else 2
        app.start_battle(BattleConfig(ruleset, path, mode, 0, seed, sides=sides))
        return
    battle = app.start_battle(BattleConfig(ruleset, path, HOT_SEAT, 0, seed))
    for _ in range(6):  # a few decisions, each autosaved
        legal = battle.legal()
        if not legal:
            break
        battle.apply(legal[len(legal) // 2])
        app.pump(1)
    if mode == "replay":  # the viewer opens a save as it opens a replay
        open_replay(app, battle_saves.latest_unfinished().path)
    else:
        app.replace_all(SavedBattlesScreen(app))


class Monkey:
    """Random input for an App, from one seeded generator."""

    def __init__(self, app, rng: random.Random):
        self.app = app
        self.rng = rng
        self.held = False

    def point(self) -> tuple[int, int]:
        w, h = self.app.size
        return self.rng.randrange(w), self.rng.randrange(h)

    def widget_point(self) -> tuple[int, int] | None:
        """The centre of a shown pygame_gui element (a button, a dropdown, a text field)."""
        ui = self.app.top.ui
        shown = [e for e in ui.get_sprite_group().sprites()
                 if isinstance(e, pygame_gui.core.UIElement) and e.visible
                 and e.rect.width > 0 and self.app.window.get_rect().colliderect(e.rect)]
        if not shown:
            return None
        return self.rng.choice(shown).rect.center

    def model_point(self) -> tuple[int, int] | None:
        battle = self.app.top
        while not hasattr(battle, "camera") and hasattr(battle, "battle"):
            battle = battle.battle  # the replay viewer's bar sits over a battle screen
        if not hasattr(battle, "camera"):
            return None
        models = [m for m in battle.state.models.values() if m.alive]
        if not models:
            return None
        m = self.rng.choice(models)
        return tuple(map(round, battle.camera.to_screen(m.x, m.y)))

    def post(self, kind, **fields) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))

    def motion(self, pos, buttons=(0, 0, 0)) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)

    def act(self) -> None:
        """Post one random input (or none: a quiet frame)."""
        roll = self.rng.random()
        if roll < 0.25:
            self.motion(self.point())
        elif roll < 0.45:
            pos = (self.widget_point() if self.rng.random() < 0.75 else None) or self.point()
            button = self.rng.choice((1, 1, 1, 3))
            self.motion(pos)
            self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
            if self.rng.random() < 0.3:  # a double-click
                self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
                self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        elif roll < 0.60:
            start = self.model_point() or self.point()
            end = (start[0] + self.rng.randint(-120, 120), start[1] + self.rng.randint(-120, 120))
            self.motion(start)
            self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            for step in (1, 2, 3):
                pos = (start[0] + (end[0] - start[0]) * step // 3,
                       start[1] + (end[1] - start[1]) * step // 3)
                self.motion(pos, (1, 0, 0))
            if self.rng.random() < 0.8:
                self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        elif roll < 0.74 and self.rng.random() < 0.25:
            self.post(pygame.TEXTINPUT, text=self.rng.choice(("7", "x", "42", " ")))
        elif roll < 0.78:
            key = self.rng.choice(KEYS)
            mod = self.rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
            if mod == pygame.KMOD_CTRL and self.rng.random() < 0.5:
                key = self.rng.choice((pygame.K_z, pygame.K_s))
            name = pygame.key.name(key)
            unicode = name if len(name) == 1 else ""
            self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
            self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        elif roll < 0.86:
            self.motion(self.point())
            self.post(pygame.MOUSEWHEEL, x=0, y=self.rng.choice((-2, -1, 1, 2)), flipped=False)
        elif roll < 0.89:
            if self.rng.random() < 0.4:
                size = MIN_SIZE
            else:
                size = (self.rng.randint(MIN_SIZE[0] - 100, WINDOW_SIZE[0] + 120),
                        self.rng.randint(MIN_SIZE[1] - 100, WINDOW_SIZE[1] + 100))
            self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


def run_monkey(drive, ruleset: str, mode: str, frames: int) -> dict:
    app = drive.app
    _fail_loudly(app)
    seed = sum(map(ord, ruleset + mode))
    rng = random.Random(f"{ruleset}/{mode}")
    open_case(app, ruleset, mode, seed)
    monkey = Monkey(app, rng)
    seen: dict[str, int] = {}
    restarts = 0
    for _ in range(frames):
        monkey.act()
        app.pump(1)
        if not app.running:  # the monkey quit (the menu's Quit, Esc on the menu): start again
            restarts += 1
            app.running = True
            pygame.event.clear()
            app.resize(WINDOW_SIZE)
            open_case(app, ruleset, mode, seed + restarts)
        name = type(app.top).__name__
        seen[name] = seen.get(name, 0) + 1
    return seen


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_monkey_of_clicks_drags_keys_and_resizes_raises_nothing(make_app, ruleset,  # noqa: F811
                                                                  mode):
    drive = make_app(animate=mode in (VS_AI, "replay"), ai_delay=0.05)
    seen = run_monkey(drive, ruleset, mode, FRAMES)
    assert STARTS_ON[mode] in seen  # the case did open where it should


@pytest.mark.skipif(not os.environ.get("SKIRMISH_LONG_MONKEY"),
                    reason="the long monkey: set SKIRMISH_LONG_MONKEY to its frames per case")
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_long_monkey_raises_nothing(make_app, ruleset, mode):  # noqa: F811
    drive = make_app(animate=True, ai_delay=0.05)
    run_monkey(drive, ruleset, mode, LONG_FRAMES)


def test_the_monkey_reports_a_crash_the_error_panel_would_hide(make_app,  # noqa: F811
                                                               monkeypatch):
    from game.ui.screens.battle import BattleScreen

    def broken(self, surface):
        raise ZeroDivisionError("drawn badly")

    monkeypatch.setattr(BattleScreen, "_draw_top", broken)
    drive = make_app()
    with pytest.raises(AssertionError, match="the client failed") as failed:
        run_monkey(drive, "squads", HOT_SEAT, 5)
    assert isinstance(failed.value.__cause__, ZeroDivisionError)
