"""The decision panel: the current player's legal actions as buttons, grouped by unit.

Generic: a button per offered Action, labelled with `Action.label`; nothing here knows a rule.
It scrolls with the mouse wheel (buttons outside the list area are hidden), tells which action
the mouse is over (for previews) and which one a pressed button stands for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame
import pygame_gui

from game.core.actions import Action
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.words import rules_words, translate

BUTTON_HEIGHT = 30
BUTTON_GAP = 4
HEADER_HEIGHT = 26
VALUE_WIDTH = 104


@dataclass
class Group:
    title: str
    side: int | None
    unit: str | None
    actions: list[tuple[Action, str]]  # the action and a note beside it (expected value)


@dataclass
class _Row:
    y: int
    height: int
    text: str = ""
    side: int | None = None
    action: Action | None = None
    note: str = ""
    button: pygame_gui.elements.UIButton | None = None
    unit: str | None = None


class DecisionPanel:
    def __init__(self, ui: pygame_gui.UIManager, rect: pygame.Rect):
        self.ui = ui
        self.rect = pygame.Rect(rect)
        self.rows: list[_Row] = []
        self.scroll = 0
        self.content_height = 0

    # --- content -------------------------------------------------------------------------------
    def clear(self) -> None:
        for row in self.rows:
            if row.button is not None:
                row.button.kill()
        self.rows = []
        self.scroll = 0
        self.content_height = 0

    def set_groups(self, groups: list[Group], with_notes: bool) -> None:
        self.clear()
        y = 0
        width = self.rect.width - 12
        button_width = width - (VALUE_WIDTH if with_notes else 0)
        for group in groups:
            self.rows.append(_Row(y, HEADER_HEIGHT, group.title, group.side, unit=group.unit))
            y += HEADER_HEIGHT
            for action, note in group.actions:
                object_id = "#end_phase" if action.unit is None else None
                label = action.label or action.to_text()
                # translated first, then shortened and stripped of tags (the row keeps the
                # rules' own label: that is what the action is known by)
                shown = rules_words(_without_title(translate(label), group.title))
                fitted = _fit(shown, button_width - 22)
                button = pygame_gui.elements.UIButton(
                    pygame.Rect(self.rect.x + 6, self.rect.y + y, button_width, BUTTON_HEIGHT),
                    fitted, self.ui, object_id=object_id,
                    tool_tip_text=rules_words(label) if fitted != shown else None)
                self.rows.append(_Row(y, BUTTON_HEIGHT + BUTTON_GAP, label, group.side, action,
                                      note, button, group.unit))
                y += BUTTON_HEIGHT + BUTTON_GAP
            y += 6
        self.content_height = y
        self.layout()

    def freeze(self) -> None:
        """Keep every row where it is, but let no button be pressed (its offer is gone)."""
        for row in self.rows:
            if row.button is not None and row.button.is_enabled:
                row.button.disable()

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.layout()

    # --- scrolling -----------------------------------------------------------------------------
    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.rect.height)

    def wheel(self, steps: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll - steps * 40))
        self.layout()

    def scroll_to_unit(self, unit: str | None) -> None:
        for row in self.rows:
            if row.action is None and row.unit == unit and unit is not None:
                self.scroll = max(0, min(self.max_scroll, row.y))
                self.layout()
                return

    def layout(self) -> None:
        for row in self.rows:
            if row.button is None:
                continue
            top = self.rect.y + row.y - self.scroll
            row.button.set_position((self.rect.x + 6, top))
            inside = top >= self.rect.y and top + BUTTON_HEIGHT <= self.rect.bottom
            if inside and not row.button.visible:
                row.button.show()
            elif not inside and row.button.visible:
                row.button.hide()

    # --- reading -------------------------------------------------------------------------------
    def action_at(self, pos) -> Action | None:
        for row in self.rows:
            if row.button is not None and row.button.visible and row.button.rect.collidepoint(pos):
                return row.action
        return None

    def action_for(self, element) -> Action | None:
        for row in self.rows:
            if row.button is element:
                return row.action
        return None

    def button_for(self, label: str, unit: str | None = "?") -> pygame_gui.elements.UIButton:
        """The button whose label is `label` (of `unit`, if given), scrolled into view."""
        for row in self.rows:
            if row.action is not None and row.text == label and unit in ("?", row.action.unit):
                if not row.button.visible:
                    self.scroll = max(0, min(self.max_scroll, row.y - HEADER_HEIGHT))
                    self.layout()
                return row.button
        raise KeyError(f"no button labelled {label!r}; offered: "
                       + ", ".join(r.text for r in self.rows if r.action is not None))

    def labels(self) -> list[str]:
        return [r.text for r in self.rows if r.action is not None]

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, hovered: Action | None, focus: str | None) -> None:
        text = shared_text()
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for row in self.rows:
            top = self.rect.y + row.y - self.scroll
            if top + row.height < self.rect.y or top > self.rect.bottom:
                continue
            if row.action is None:
                color = palette.side_light(row.side) if row.side is not None else palette.TEXT_DIM
                if row.unit is not None and row.unit == focus:
                    pygame.draw.rect(surface, (60, 56, 30),
                                     (self.rect.x + 2, top + 2, self.rect.width - 4,
                                      HEADER_HEIGHT - 4), border_radius=4)
                text.blit(surface, row.text, (self.rect.x + 8, top + 4), size=14, color=color,
                          bold=True)
            elif row.note and row.button is not None and row.button.visible:
                color = palette.HIGHLIGHT if row.action == hovered else palette.TEXT_DIM
                text.blit(surface, row.note, (self.rect.right - 8, top + BUTTON_HEIGHT / 2),
                          size=12, color=color, anchor="midright")
        surface.set_clip(clip)
        if self.max_scroll:
            track = pygame.Rect(self.rect.right - 4, self.rect.y, 3, self.rect.height)
            pygame.draw.rect(surface, (50, 55, 62), track)
            share = self.rect.height / max(1, self.content_height)
            knob_h = max(20, track.height * share)
            knob_y = track.y + (track.height - knob_h) * (self.scroll / self.max_scroll)
            pygame.draw.rect(surface, palette.TEXT_DIM, (track.x, knob_y, 3, knob_h))


def _without_title(label: str, title: str) -> str:
    """A button under its unit's heading need not repeat the unit's name: "Zealot IV: charge
    Duellist" reads "Charge Duellist" there (the full label stays the row's text and tooltip)."""
    prefix = f"{title}: "
    if title and label.startswith(prefix) and len(label) > len(prefix):
        rest = label[len(prefix):]
        return rest[0].upper() + rest[1:]
    # "Move Line Squad toward Ember Squad I" / "Charge with Brute Mob (roll 2D6)" under the
    # heading "Line Squad" / "Brute Mob": the verb stays, the acting unit's name goes.
    if title:
        short = re.sub(rf"^(\w+)(?: with)? {re.escape(title)}(?=[\s(:,]|$)", r"\1", label)
        if short != label and len(short) > 2:
            return short
    return label


def _fit(label: str, width: int, size: int = 14) -> str:
    text = shared_text()
    if text.size(label, size)[0] <= width:
        return label
    while label and text.size(label + "…", size)[0] > width:
        label = label[:-1]
    return label + "…"
