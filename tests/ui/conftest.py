"""Client tests run headless: SDL's dummy drivers, no real clock, no animation delays, and
the rules worker waited for each frame (so every run sees the same results in the same frames).

`Driver` posts synthetic pygame events to the app's queue and steps frames, as a player's
mouse and keyboard would (clicks land on the actual buttons and table positions).
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.app import App  # noqa: E402


class Driver:
    def __init__(self, app: App):
        self.app = app

    @property
    def top(self):
        return self.app.top

    def post(self, kind, **fields) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))

    def frames(self, count: int = 3) -> None:
        self.app.pump(count)

    def move(self, pos) -> None:
        self.post(pygame.MOUSEMOTION, pos=tuple(map(round, pos)), rel=(0, 0), buttons=(0, 0, 0))
        self.frames(2)

    def click(self, pos, button: int = 1) -> None:
        pos = tuple(map(round, pos))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.frames(3)

    def drag(self, start, end, steps: int = 8, button: int = 1) -> None:
        start = tuple(map(round, start))
        self.post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=button)
        for i in range(1, steps + 1):
            pos = (round(start[0] + (end[0] - start[0]) * i / steps),
                   round(start[1] + (end[1] - start[1]) * i / steps))
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=tuple(map(round, end)), button=button)
        self.frames(3)

    def key(self, key, unicode: str = "", mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        self.frames(3)

    def press(self, element) -> None:
        """Click a pygame_gui element where it is on screen."""
        self.frames(1)
        self.click(element.rect.center)

    def leave_held_list(self) -> None:
        """After a click on a decision the list holds until the pointer leaves it (the battle
        screen's `list_held`): move off it, as a player reaching for the next choice does."""
        if getattr(self.top, "list_hold", None) is not None:
            self.move((4, 4))

    def choose(self, label: str) -> None:
        """Click the decision button with this label (scrolled into view first)."""
        self.leave_held_list()
        button = self.top.panel.button_for(label)
        self.press(button)

    def hover_choice(self, label: str) -> None:
        self.leave_held_list()
        button = self.top.panel.button_for(label)
        self.frames(1)
        self.move(button.rect.center)


@pytest.fixture(autouse=True)
def own_settings(tmp_path, monkeypatch):
    """Each client test reads and writes its own settings file (the menu remembers the last
    battle there): no test sees another's choices."""
    monkeypatch.setenv("SKIRMISH_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def make_app():
    apps = []

    def make(**kwargs) -> Driver:
        # the client tests' AIs are greedy (quick, and the same frames every run) unless a
        # test names another, or None for the menu's own default (a difficulty level)
        kwargs["menu_defaults"] = {"ai": "greedy", **(kwargs.get("menu_defaults") or {})}
        kwargs.setdefault("animate", False)
        kwargs.setdefault("ai_delay", 0.0)
        kwargs.setdefault("wait_for_rules", True)  # rules work is waited for: same frames
        app = App(**kwargs)
        pygame.event.clear()
        apps.append(app)
        return Driver(app)

    yield make
    for app in apps:
        app.close()
    if pygame.display.get_init():
        pygame.event.clear()
