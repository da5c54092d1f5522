"""The battle log: every event's text, newest at the bottom, the rule it served in a dimmer
second line (shown in full on hover). Scrolls with the mouse wheel.

Lines are in the player's language; each entry keeps its event, so that a change of language
writes the whole log again in the new one (`relanguage`)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.events import Event
from game.ui import explain
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.words import _

TEXT_SIZE = 13
RULE_SIZE = 11
LINE = 17
RULE_LINE = 14


@dataclass
class LogEntry:
    text: str
    rule: str
    color: tuple[int, int, int]
    bold: bool
    lines: list[str] | None = None
    rule_lines: list[str] | None = None
    width: int = 0
    event: Event | None = None

    @classmethod
    def of(cls, event: Event) -> LogEntry:
        color, bold = explain.event_style(event)
        return cls(explain.event_text(event), explain.rule_text(event), color, bold,
                   event=event)

    def layout(self, width: int) -> None:
        if self.width == width and self.lines is not None:
            return
        cache = shared_text()
        self.width = width
        self.lines = cache.wrap(self.text, width, TEXT_SIZE, self.bold)
        self.rule_lines = cache.wrap(self.rule, width - 10, RULE_SIZE) if self.rule else []

    def height(self, hovered: bool) -> int:
        rules = len(self.rule_lines or []) if hovered else min(1, len(self.rule_lines or []))
        return len(self.lines or []) * LINE + rules * RULE_LINE + 4


class BattleLog:
    def __init__(self, title: str = "Battle log", **title_parts):
        """`title`: a message id of the ui catalog, filled with `title_parts` when drawn."""
        self.title = title
        self.title_parts = title_parts
        self.entries: list[LogEntry] = []
        self.scroll = 0  # entries hidden below the bottom (0 = follow the newest)
        self.hovered: int | None = None
        self._boxes: list[tuple[int, pygame.Rect]] = []

    def add(self, events: list[Event]) -> None:
        for e in events:
            self.entries.append(LogEntry.of(e))
        if self.scroll:
            self.scroll += len(events)  # keep the reader's place

    def relanguage(self) -> None:
        """Every line again, in the language now shown."""
        self.entries = [LogEntry.of(e.event) if e.event is not None else e
                        for e in self.entries]

    def wheel(self, steps: int) -> None:
        """Positive steps scroll back in time."""
        self.scroll = max(0, min(len(self.entries) - 1, self.scroll + steps))

    def hover(self, pos: tuple[int, int] | None) -> None:
        self.hovered = None
        if pos is None:
            return
        for index, box in self._boxes:
            if box.collidepoint(pos):
                self.hovered = index
                return

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        cache = shared_text()
        pygame.draw.rect(surface, palette.PANEL, rect)
        pygame.draw.rect(surface, palette.PANEL_EDGE, rect, 1)
        title = _(self.title).format(**self.title_parts)
        if self.scroll:
            title += "  " + _("(scrolled back {n}; wheel down to return)").format(n=self.scroll)
        cache.blit(surface, title, (rect.x + 10, rect.y + 6), size=13, color=palette.TEXT_DIM,
                   bold=True)
        inner = pygame.Rect(rect.x + 8, rect.y + 26, rect.width - 16, rect.height - 32)
        clip = surface.get_clip()
        surface.set_clip(inner)
        self._boxes = []
        y = inner.bottom
        last = len(self.entries) - 1 - self.scroll
        for index in range(last, -1, -1):
            entry = self.entries[index]
            entry.layout(inner.width)
            hovered = index == self.hovered
            height = entry.height(hovered)
            y -= height
            box = pygame.Rect(inner.x, y, inner.width, height)
            self._boxes.append((index, box))
            if hovered:
                pygame.draw.rect(surface, (48, 54, 64), box, border_radius=3)
            line_y = y + 2
            for line in entry.lines or []:
                cache.blit(surface, line, (inner.x + 2, line_y), TEXT_SIZE, entry.color, entry.bold)
                line_y += LINE
            rules = entry.rule_lines or []
            shown = rules if hovered else rules[:1]
            for i, line in enumerate(shown):
                if not hovered and len(rules) > 1 and i == 0:  # cut to the width, with "…"
                    line = cache.clip(line.rstrip() + " " + rules[1], inner.width - 12,
                                      RULE_SIZE)
                cache.blit(surface, line, (inner.x + 12, line_y), RULE_SIZE, palette.TEXT_DIM)
                line_y += RULE_LINE
            if y < inner.top:
                break
        surface.set_clip(clip)
