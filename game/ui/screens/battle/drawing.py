"""The battle screen's frame drawing: the table scene with its overlays, the hovered model's
card and the selected unit's side panel (both `unit_card`), the ruleset's info box beside the
dice, the notes along the view's bottom edge and the spinner.
"""

from __future__ import annotations

import time

import pygame

from game.ui.render import palette
from game.ui.render.spinner import draw_spinner
from game.ui.render.text import shared_text
from game.ui.screens.battle.unit_card import (
    CARD_WIDTH,
    card_height,
    card_lines,
    draw_card,
    wrapped,
)
from game.ui.words import _, ngettext, rules_words

INFO_LINE = 16
SPINNER_DELAY = 0.12  # seconds a job runs before the spinner shows (no flash on quick steps)


class DrawingMixin:
    """Drawing the table and what lies on it (part of `BattleScreen`)."""

    def draw(self, surface: pygame.Surface) -> None:
        self.scene.draw(surface, self.camera, self.state, self.overlays())
        self._draw_card(surface)
        self._draw_info(surface)
        self._draw_view_notes(surface)
        self._draw_top(surface)
        self._draw_decisions(surface)
        self.tray.draw(surface, self.tray_rect)
        self.log.draw(surface, self._draw_unit_panel(surface))
        if self.job_started is not None and (
                time.perf_counter() - self.job_started >= SPINNER_DELAY):
            draw_spinner(surface, self.view_rect, self.job_label, self.clock)

    def _draw_info(self, surface) -> None:
        """The ruleset's info box in its strip beside the dice tray. What does not fit ends in
        "…"; hovering the box unfolds it upward, over the table, in full."""
        rect = self.info_rect
        if rect is None:
            return
        text = shared_text()
        pygame.draw.rect(surface, palette.PANEL, rect)
        pygame.draw.rect(surface, palette.PANEL_EDGE, rect, 1)
        lines = info_lines(self.info_sections(), rect.width - 20)
        if not lines:
            text.blit(surface, _("Nothing to note."), (rect.x + 10, rect.y + 6), size=13,
                      color=palette.TEXT_DIM)
            return
        room = max(1, (rect.height - 12) // INFO_LINE)
        box = rect
        if len(lines) > room and rect.collidepoint(self.app.mouse):
            height = min(12 + INFO_LINE * len(lines), rect.bottom - self.view_rect.y)
            box = pygame.Rect(rect.x, rect.bottom - height, rect.width, height)
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((20, 24, 30, 235))
            surface.blit(shade, box.topleft)
            pygame.draw.rect(surface, palette.PANEL_EDGE, box, 1, border_radius=6)
            room = max(1, (box.height - 12) // INFO_LINE)
        shown = lines[:room]
        if len(lines) > room:  # the last line says there is more
            last, heading = shown[-1]
            cut = text.clip(last, rect.width - 36, 12, heading)
            shown[-1] = (cut if cut.endswith("…") else cut + " …", heading)
        y = box.y + 6
        for line, heading in shown:
            text.blit(surface, line, (box.x + 10, y), size=13 if heading else 12,
                      color=palette.HIGHLIGHT if heading else palette.TEXT, bold=heading)
            y += INFO_LINE

    def _draw_card(self, surface) -> None:
        """The hovered model's card (`unit_card`), on the side of the view away from it."""
        model = self.state.models.get(self.hovered_model) if self.hovered_model else None
        if model is None:
            return
        width = min(CARD_WIDTH, self.view_rect.width - 20)
        lines = wrapped(card_lines(self.ruleset, self.state, model.id,
                                   self.scene.names(self.state)), width - 20)
        height = min(card_height(lines), self.view_rect.height - 20)
        box = pygame.Rect(self.view_rect.x + 10, self.view_rect.y + 10, width, height)
        if self.camera.to_screen(model.x, model.y)[0] < self.view_rect.centerx:
            box.x = self.view_rect.right - width - 10  # the side away from the model
        draw_card(surface, box, lines, palette.side_fill(model.side))

    def unit_panel_rect(self) -> pygame.Rect | None:
        """The side panel of the selected unit: the top of the log's place, at most 55 %."""
        unit = self.state.units.get(self.selected) if self.selected else None
        if unit is None or not self.state.alive_models(unit.id):
            return None
        lines = self._unit_panel_lines()
        height = min(card_height(lines), self.log_rect.height * 11 // 20)
        return pygame.Rect(self.log_rect.x, self.log_rect.y, self.log_rect.width, height)

    def _unit_panel_lines(self):
        first = self.state.alive_models(self.selected)[0]
        return wrapped(card_lines(self.ruleset, self.state, first.id,
                                  self.scene.names(self.state)), self.log_rect.width - 20)

    def _draw_unit_panel(self, surface) -> pygame.Rect:
        """The selected unit's card above the log; returns where the log goes."""
        panel = self.unit_panel_rect()
        if panel is None:
            return self.log_rect
        side = self.state.units[self.selected].side
        draw_card(surface, panel, self._unit_panel_lines(), palette.side_fill(side))
        return pygame.Rect(self.log_rect.x, panel.bottom, self.log_rect.width,
                           self.log_rect.bottom - panel.bottom)

    def _draw_view_notes(self, surface) -> None:
        text = shared_text()
        notes = []
        if self.ruler_active:
            notes.append(_("Ruler: drag on the table to measure (edge to edge from a base)."))
        if self.sight_mode:
            notes.append(_("Line of sight: select a unit, hover an enemy model.") if not
                         self.selected else _("Line of sight: hover a model (green = seen)."))
        lines = self.sight_lines()
        if lines:
            seen = sum(1 for _a, _b, clear in lines if clear)
            notes.append(ngettext("{seen} of {n} model can see the target.",
                                  "{seen} of {n} models can see the target.", len(lines)
                                  ).format(seen=seen, n=len(lines)))
        y = self.view_rect.bottom - 8
        for note in reversed(notes):
            rect = text.blit(surface, note, (self.view_rect.centerx, y), size=13,
                             color=palette.TEXT, anchor="midbottom", backdrop=(0, 0, 0, 170))
            y = rect.top - 4


def info_lines(sections, width: int) -> list[tuple[str, bool]]:
    """The info box's sections as (line, is heading), wrapped to `width`, in plain words."""
    text = shared_text()
    lines: list[tuple[str, bool]] = []
    for title, body in sections:
        lines.append((text.clip(rules_words(title), width, 13, True), True))
        for line in body:
            lines.extend((part, False) for part in text.wrap(rules_words(line), width, 12))
    return lines
