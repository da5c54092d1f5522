"""The base of every screen and its pygame_gui manager.

Its own module so the screens do not import the app (the app imports the screens to open them):
a screen only needs an object with `size`, `mouse` and the stack methods, which the app passes in.
"""

from __future__ import annotations

import os
from importlib import resources

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402


def theme_path() -> str:
    return str(resources.files("game.ui") / "theme.json")


class UIManager(pygame_gui.UIManager):
    """pygame_gui's manager, but the mouse position comes from the events the app saw (not
    from `pygame.mouse.get_pos()`), so hovering works the same with synthetic events. It
    starts in the player's language (pygame_gui's own words: the text entry's menu, its
    fonts for the language); our texts are translated before they reach a widget."""

    def __init__(self, app, size: tuple[int, int]):
        from game.i18n import current_language

        self._app = app
        super().__init__(size, theme_path(), starting_language=current_language())

    def _update_mouse_position(self):
        self.mouse_position = self.calculate_scaled_mouse_position(self._app.mouse)

    def close_dropdowns(self) -> bool:
        """Close every open drop-down list; True if one was open (Esc then closes only it)."""
        closed = False
        for element in self.get_sprite_group().sprites():
            if (isinstance(element, pygame_gui.elements.UIDropDownMenu)
                    and element.current_state is element.menu_states["expanded"]):
                element.current_state.should_transition = True  # closed on the next update
                closed = True
        return closed


class Screen:
    """One screen of the stack. An overlay (`opaque = False`) is drawn over the one below."""

    opaque = True

    def __init__(self, app):
        self.app = app
        self.ui = UIManager(app, app.size)

    def handle(self, event: pygame.event.Event) -> None:
        """A pygame or pygame_gui event (pygame_gui has seen it first)."""

    def update(self, dt: float) -> None:
        """Advance timers; called once per frame for the top screen."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything except the pygame_gui widgets (drawn after, by the app)."""

    def resize(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)

    def on_top(self) -> None:
        """The screen above was closed: this one is shown again."""

    def language_changed(self) -> None:
        """The player chose another language: every text is drawn anew in it. Widgets hold
        their label, so the screens that build widgets rebuild them (`resize` does)."""
        from game.i18n import current_language

        self.ui.set_locale(current_language())
        self.resize(self.app.size)

    def leave_prompt(self, then) -> Screen | None:
        """Leaving this screen loses something a player would want asked about (a battle
        under way): the overlay that asks first and calls `then()` if they confirm; None to
        leave at once."""
        return None

    def close(self) -> None:
        self.ui.clear_and_reset()
        # pygame_gui keeps the first manager ever made as its "default" for good: let go of
        # ours when its screen closes, or a long session keeps the first menu's theme and fonts.
        from pygame_gui.core.utility import get_default_manager, set_default_manager

        if get_default_manager() is self.ui:
            set_default_manager(None)
