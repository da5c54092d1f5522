"""The settings screen, over the menu or the paused battle: window size and full screen, AI
pace, sound volume and mute, label density, language.

Every change applies at once (the window resizes, the volume changes, the AI's next pause
follows the pace) through `App.apply_settings`; the file is written when the screen closes, so
dragging the volume slider does not write the file at every step.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.core.i18n import N_
from game.ui import settings as user_settings
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.screens.overlay import Overlay
from game.ui.words import _, decimal

ROW = 48
LABEL_W, FIELD_W = 210, 340
DISPLAY = {False: N_("In a window"), True: N_("Full screen")}
SOUND = {False: N_("On"), True: N_("Muted")}


def language_label(code: str) -> str:
    """A language by its own name; "System language" (in the language shown) for ""."""
    return _(user_settings.LANGUAGES[code]) if code == "" else user_settings.LANGUAGES[code]


def size_label(size: tuple[int, int]) -> str:
    return f"{size[0]} × {size[1]}"


class SettingsScreen(Overlay):
    def __init__(self, app):
        super().__init__(app)
        self.note = ""
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.build()

    @property
    def settings(self) -> user_settings.Settings:
        return self.app.settings

    def build(self) -> None:
        self.ui.clear_and_reset()
        s = self.settings
        rows = 7
        self.rect = self.box(LABEL_W + FIELD_W + 80, 90 + rows * ROW + 100)
        left = self.rect.x + 40
        top = self.rect.y + 76
        self.rows: list[tuple[str, int]] = []

        def row(index: int, label: str) -> pygame.Rect:
            y = top + index * ROW
            self.rows.append((label, y))
            return pygame.Rect(left + LABEL_W, y, FIELD_W, 36)

        self.size_labels = {size_label(size): size for size in user_settings.WINDOW_SIZES}
        current = size_label(tuple(s.window_size))
        self.size_labels.setdefault(current, tuple(s.window_size))
        dropdown = pygame_gui.elements.UIDropDownMenu
        self.widgets["size"] = dropdown(list(self.size_labels), current,
                                        row(0, _("Window size")), self.ui)
        if s.fullscreen:
            self.widgets["size"].disable()
        self.widgets["display"] = dropdown([_(v) for v in DISPLAY.values()],
                                           _(DISPLAY[s.fullscreen]), row(1, _("Display")),
                                           self.ui)
        self.widgets["pace"] = dropdown(
            [self._pace_label(p) for p in user_settings.PACES], self._pace_label(s.ai_pace),
            row(2, _("AI pace")), self.ui)
        slider_rect = row(3, _("Sound volume"))
        slider_rect.width -= 70
        self.widgets["volume"] = pygame_gui.elements.UIHorizontalSlider(
            slider_rect, round(s.volume * 100), (0, 100), self.ui, click_increment=5)
        self.volume_at = (slider_rect.right + 14, slider_rect.y + 8)
        self.widgets["sound"] = dropdown([_(v) for v in SOUND.values()], _(SOUND[s.muted]),
                                         row(4, _("Sound")), self.ui)
        self.widgets["labels"] = dropdown([_(v) for v in user_settings.LABEL_DENSITIES.values()],
                                          _(user_settings.LABEL_DENSITIES[s.label_density]),
                                          row(5, _("Labels on the table")), self.ui)
        self.widgets["language"] = dropdown([language_label(c) for c in user_settings.LANGUAGES],
                                            language_label(s.language), row(6, _("Language")),
                                            self.ui)
        buttons_y = self.rect.bottom - 64
        half = (self.rect.width - 100) // 2
        self.widgets["test"] = pygame_gui.elements.UIButton(
            pygame.Rect(left, buttons_y, half, 44), _("Test the sound"), self.ui,
            object_id="#centered")
        self.widgets["done"] = pygame_gui.elements.UIButton(
            pygame.Rect(self.rect.right - 40 - half, buttons_y, half, 44), _("Done"), self.ui,
            object_id="#primary")

    @staticmethod
    def _pace_label(pace: str) -> str:
        delay = user_settings.PACES[pace]
        name = _(user_settings.PACE_NAMES[pace])
        if not delay:
            return _("{pace} (no pause)").format(pace=name)
        seconds = decimal(f"{delay:g}")
        return _("{pace} ({seconds} s per decision)").format(pace=name, seconds=seconds)

    def resize(self, size) -> None:
        super().resize(size)
        self.build()

    # --- events ------------------------------------------------------------------------------
    def handle(self, event) -> None:
        w = self.widgets
        s = self.settings
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            element, text = event.ui_element, event.text
            if element is w["size"] and text in self.size_labels:
                s.window_size = self.size_labels[text]
            elif element is w["display"]:
                s.fullscreen = text == _(DISPLAY[True])
            elif element is w["pace"]:
                s.ai_pace = next(p for p in user_settings.PACES if self._pace_label(p) == text)
            elif element is w["sound"]:
                s.muted = text == _(SOUND[True])
            elif element is w["labels"]:
                s.label_density = next(k for k, v in user_settings.LABEL_DENSITIES.items()
                                       if _(v) == text)
            elif element is w["language"]:
                code = next(c for c in user_settings.LANGUAGES if language_label(c) == text)
                self.app.set_language(code)  # every screen, this one too, is rebuilt in it
                return
            self.apply()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is \
                w["volume"]:
            s.volume = max(0, min(100, int(w["volume"].get_current_value()))) / 100
            self.apply()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is w["done"]:
                self.app.pop()
            elif event.ui_element is w["test"]:
                self.app.sound.play("dice")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def apply(self) -> None:
        size = self.app.size
        self.app.apply_settings(save=False)
        if self.app.size == size:  # a resize has rebuilt the widgets already
            self.build()

    def close(self) -> None:
        self.note = self.app.apply_settings(save=True)
        if self.note:
            below = self.app.screens[-2] if len(self.app.screens) > 1 else None
            if below is not None and hasattr(below, "message"):
                below.message = self.note  # the menu (or battle) shows why they were not kept
        super().close()

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        self.draw_titled(surface, _("Settings"))
        text = shared_text()
        for label, y in self.rows:
            text.blit(surface, text.clip(label, LABEL_W - 12, 16), (self.rect.x + 40, y + 8),
                      size=16, color=palette.TEXT)
        text.blit(surface, f"{round(self.settings.volume * 100)}%", self.volume_at, size=15,
                  color=palette.TEXT)
        note = self.note or self._sound_note()
        if note:
            text.blit(surface, text.clip(note, self.rect.width - 80, 13),
                      (self.rect.x + 40, self.rect.bottom - 92), size=13,
                      color=palette.TEXT_DIM)

    def _sound_note(self) -> str:
        if self.app.sound.silent:
            return _("No sound device: the game plays silent.")
        if self.settings.fullscreen:
            return _("Full screen uses the whole display; choose a window to pick a size.")
        return ""
