"""The window: main loop, clock and a stack of screens (menu, battle, hand-over, results…).

Frames are driven by `App.step(events, dt)`, so a test (or the benchmark) can run the client
without a real clock: post or pass synthetic pygame events, step, and look at the state. The
real loop (`run`) only adds a `pygame.time.Clock` and reads the event queue.
"""

from __future__ import annotations

import atexit
import gc
import os
import weakref
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.ui.base import Screen, UIManager, theme_path  # noqa: E402,F401 - re-exported
from game.ui.config import (  # noqa: E402,F401 - re-exported for older imports
    AI_VS_AI,
    GROUP,
    HOT_SEAT,
    MODES,
    VS_AI,
    BattleConfig,
)
from game.ui.render import palette  # noqa: E402

WINDOW_SIZE = (1280, 800)
MIN_SIZE = (960, 640)
FRAME_RATE = 60
AI_DELAY = 0.6  # seconds between two AI actions at the normal pace (game.ui.settings.PACES)


def start_pygame() -> None:
    """Display and fonts; the sound device is opened by `game.ui.sound` (silent without one)."""
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
        from game.ui.render.text import shared_text

        shared_text().reset()  # fonts opened before a pygame.quit() are dead


#: Apps still open. At exit they are closed while the interpreter is whole: pymunk frees a table's
#: space through callbacks that crash if they run during the interpreter's own final clean-up,
#: which is where objects caught in reference cycles (screens <-> app) would otherwise go.
_open_apps: weakref.WeakSet = weakref.WeakSet()


@atexit.register
def _close_open_apps() -> None:
    for app in list(_open_apps):
        app.close()
    gc.collect()


class App:
    def __init__(self, size: tuple[int, int] | None = None, ruleset: str | None = None,
                 map_path: str | Path | None = None, seed: int | None = None,
                 animate: bool = True, ai_delay: float | None = None,
                 maps_dir: str | Path | None = None, menu_defaults: dict | None = None,
                 surface: pygame.Surface | None = None, wait_for_rules: bool = False,
                 settings=None):
        """`wait_for_rules`: the test mode. Rules work still runs on the worker thread, but
        each frame waits for it, so a test sees the same results in the same frames.
        `settings` None reads the player's settings file; `size` and `ai_delay` None take
        theirs (the window size and the AI pace)."""
        start_pygame()
        from game.ui import settings as user_settings
        from game.ui.sound import Sound
        from game.ui.worker import Worker

        self.settings_note = ""
        if settings is None:
            settings, self.settings_note = user_settings.load()
        self.settings = settings
        self.worker = Worker(wait=wait_for_rules)
        self.window = surface or pygame.display.set_mode(size or self.window_request(),
                                                         self.window_flags())
        from game.i18n import _

        pygame.display.set_caption(_("Skirmish Table"))
        self.size = self.window.get_size()
        if not settings.fullscreen:
            settings.window_size = self.size  # the settings follow the window as it is
        self.animate = animate
        self.ai_delay = settings.ai_delay if ai_delay is None else ai_delay
        self._pace = settings.ai_pace  # a delay given here stands until the pace is changed
        self.sound = Sound(settings)
        self.maps_dir = maps_dir
        self.mouse: tuple[int, int] = (-1, -1)
        self.running = True
        self.frames = 0
        self.clock_time = 0.0
        self.screens: list[Screen] = []
        self.exit_code = 0
        _open_apps.add(self)
        from game.ui.screens.menu import MenuScreen

        defaults = dict(menu_defaults or {})
        if ruleset:
            defaults.setdefault("ruleset", ruleset)
        if map_path:
            defaults.setdefault("map_path", Path(map_path))
        if seed is not None:
            defaults.setdefault("seed", seed)
        if self.settings_note:
            defaults.setdefault("message", self.settings_note)
        self.push(MenuScreen(self, **defaults))

    # --- settings ----------------------------------------------------------------------------
    def window_flags(self) -> int:
        return pygame.FULLSCREEN if self.settings.fullscreen else pygame.RESIZABLE

    def window_request(self) -> tuple[int, int]:
        """The size to ask for: the settings' window, or (0, 0) = the display's own size in
        full screen."""
        return (0, 0) if self.settings.fullscreen else tuple(self.settings.window_size)

    def apply_settings(self, save: bool = True) -> str:
        """The settings as they are now, applied live (window, volume, AI pace) and saved.
        Returns "" or the one line saying why they could not be saved."""
        from game.ui import settings as user_settings

        s = self.settings
        if s.ai_pace != self._pace:
            self.ai_delay, self._pace = s.ai_delay, s.ai_pace
        self.sound.set_volume(s.effective_volume)
        if pygame.display.get_surface() is self.window:
            fullscreen = bool(self.window.get_flags() & pygame.FULLSCREEN)
            if s.fullscreen != fullscreen or (not s.fullscreen and self.size != s.window_size):
                self.window = pygame.display.set_mode(self.window_request(),
                                                      self.window_flags())
                self._resized()
        return user_settings.save(s) if save else ""

    def set_language(self, setting: str) -> str:
        """The language setting changed: "" follows $SKIRMISH_LANG, then the system; any other
        is the player's choice, shown at once on every screen of the stack. Returns the
        language now shown."""
        from game.i18n import choose_language, current_language, set_language

        before = current_language()
        self.settings.language = setting
        now = set_language(setting or choose_language(None, None))
        if now != before:
            for screen in list(self.screens):
                screen.language_changed()
        return now

    # --- the screen stack ------------------------------------------------------------------------
    @property
    def top(self) -> Screen:
        return self.screens[-1]

    def push(self, screen: Screen) -> Screen:
        self.screens.append(screen)
        return screen

    def pop(self) -> Screen:
        screen = self.screens.pop()
        screen.close()
        if self.screens:
            self.top.on_top()
        return screen

    def replace_all(self, screen: Screen) -> Screen:
        """Close every screen and show this one (e.g. back to the menu). Leaving a battle's
        screens gives their memory back (`game.ui.memory`)."""
        leaving = any(getattr(s, "releases_memory", False) for s in self.screens)
        while self.screens:
            self.screens.pop().close()
        if leaving:
            from game.ui.memory import release_freed

            release_freed()
        return self.push(screen)

    def find(self, kind: type) -> Screen | None:
        for screen in reversed(self.screens):
            if isinstance(screen, kind):
                return screen
        return None

    def close(self) -> None:
        """Close every screen and let go of the battle (tests call this when done)."""
        self.worker.close()
        while self.screens:
            self.screens.pop().close()
        self.running = False
        gc.collect()

    def close_window(self) -> None:
        """The window's close button: a battle under way asks first (it is kept either way);
        closing again while asked closes at once."""
        if self.screens and not getattr(self.top, "asks_to_leave", False):
            for screen in reversed(self.screens):
                prompt = screen.leave_prompt(lambda: self.quit(0))
                if prompt is not None:
                    self.push(prompt)
                    return
        self.quit(0)

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def open_menu(self, **defaults) -> None:
        from game.i18n import set_ruleset
        from game.ui.screens.menu import MenuScreen

        set_ruleset(None)  # no battle shown: no ruleset's words first
        self.replace_all(MenuScreen(self, **defaults))

    def start_battle(self, config: BattleConfig, controller=None) -> Screen:
        """Open the battle screen (the menu calls this; a test may pass its own controller)."""
        from game.ui.screens.battle import BattleScreen

        return self.replace_all(BattleScreen(self, config, controller))

    # --- frames --------------------------------------------------------------------------------
    def step(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / FRAME_RATE
             ) -> bool:
        """One frame: handle events, update the top screen, draw. False once quitting.

        `events` None reads pygame's queue (what the real loop and posted test events use)."""
        if events is None:
            events = pygame.event.get()
        try:
            for event in events:
                self._dispatch(event)
                if not self.running:
                    return False
            self.worker.poll()  # rules work finished since the last frame
            if not self.screens:
                self.running = False
                return False
            top = self.top
            top.update(dt)
            if self.top is top:
                top.ui.update(dt)
            self.worker.poll()  # test mode: the work this frame started is done and shown
            self.clock_time += dt
            self.draw()
        except Exception as exc:  # noqa: BLE001 - the window shows what failed, never dies
            self.fail(exc)
        self.frames += 1
        return self.running

    def fail(self, exc: BaseException, trace: str | None = None, **context) -> None:
        """Something raised: show the error panel (save a report, back to the menu). A failure
        of the error panel itself is not caught again (no loop of panels)."""
        from game.ui.screens.error import ErrorScreen, Failure

        if self.screens and isinstance(self.top, ErrorScreen):
            raise exc
        failure = Failure.from_exception(exc, trace, app=self, **context)
        self.push(ErrorScreen(self, failure))

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.close_window()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = tuple(event.pos)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.sound.play("click")
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if not self.screens:
            return
        top = self.top
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                and top.ui.close_dropdowns()):
            return  # Esc closes an open drop-down list, and nothing else
        consumed = top.ui.process_events(event)
        if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                       pygame.MOUSEWHEEL):
            return
        top.handle(event)

    def resize(self, size) -> None:
        width, height = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        if pygame.display.get_surface() is self.window:
            self.window = pygame.display.set_mode((width, height), self.window_flags())
        if not self.settings.fullscreen:
            self.settings.window_size = (width, height)
        self._resized()

    def _resized(self) -> None:
        self.size = self.window.get_size()
        for screen in self.screens:
            screen.resize(self.size)

    def draw(self) -> None:
        surface = self.window
        start = len(self.screens) - 1
        while start > 0 and not self.screens[start].opaque:
            start -= 1
        surface.fill(palette.BACKGROUND)
        for screen in self.screens[start:]:
            screen.draw(surface)
            screen.ui.draw_ui(surface)
        if pygame.display.get_surface() is surface:
            pygame.display.flip()

    def pump(self, frames: int = 1, dt: float = 1 / FRAME_RATE) -> None:
        """Step several frames reading the event queue (tests)."""
        for _ in range(frames):
            if not self.step(None, dt):
                break


def run(ruleset: str | None = None, map_path: str | Path | None = None,
        seed: int | None = None) -> int:
    """Open the game window and play until it is closed. Returns the exit code."""
    start_pygame()
    app = App(ruleset=ruleset, map_path=map_path, seed=seed)
    clock = pygame.time.Clock()
    try:
        while app.running:
            dt = clock.tick(FRAME_RATE) / 1000.0
            app.step(None, min(dt, 0.1))
    finally:
        code = app.exit_code
        from game.ui import settings as user_settings

        user_settings.save(app.settings)  # the window size the player left it at
        app.close()
        del app
        gc.collect()
        pygame.quit()
    return code
