"""The menu's Continue, Saved battles and Replays buttons.

Their own module so the saved-battles list (`saves.py`) and the replays list (`replays.py`, which
builds on it) do not import each other: only this one, opened by the menu, knows both.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.core.i18n import N_
from game.i18n import _
from game.io import battle_saves
from game.ui.screens.replays import ReplaysScreen
from game.ui.screens.saves import SavedBattlesScreen, continue_last

MENU_BUTTONS = (("continue", N_("Continue")), ("saved", N_("Saved battles")),
                ("replays", N_("Replays")))


def add_menu_buttons(menu, rect: pygame.Rect) -> None:
    """Continue, Saved battles and Replays in one row of `rect` (the menu calls this)."""
    gap = 10
    width = (rect.width - gap * (len(MENU_BUTTONS) - 1)) // len(MENU_BUTTONS)
    menu.timeline_buttons = {}
    for index, (key, label) in enumerate(MENU_BUTTONS):
        button = pygame_gui.elements.UIButton(
            pygame.Rect(rect.x + index * (width + gap), rect.y, width, rect.height), _(label),
            menu.ui, object_id="#centered")
        if key == "continue" and battle_saves.latest_unfinished() is None:
            button.disable()
        menu.timeline_buttons[button] = key


def menu_button(menu, element) -> bool:
    """A press on one of those buttons; True if it was one."""
    key = getattr(menu, "timeline_buttons", {}).get(element)
    if key is None:
        return False
    if key == "continue":
        problem = continue_last(menu.app)
        if problem:
            menu.message = problem
    elif key == "saved":
        menu.app.replace_all(SavedBattlesScreen(menu.app))
    else:
        menu.app.replace_all(ReplaysScreen(menu.app))
    return True
