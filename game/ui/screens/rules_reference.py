"""The rules reference: per ruleset, the rules in plain words (each with the name the log uses),
the glossary of every term and characteristic shown on screen, and the charts as tables.

All its words come from `game.learn` (the ruleset's own rule sheet, glossary and charts), so
what the reference says is what the log and the lessons cite. Opened from F1 (at the glossary
when a unit's card is shown), from a log line's "why?" (scrolled to that rule) and from the
lessons. Wheel, arrows and Page keys scroll; Esc closes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from game import rulesets
from game.core.i18n import N_
from game.learn import charts, sheet
from game.ui.base import Screen
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.words import _, translate

TABS = (("rules", N_("Rules")), ("glossary", N_("Glossary")), ("charts", N_("Charts")))
MARGIN = 24
HEAD = 96  # title and the buttons above the text


def ruleset_name(rid: str) -> str:
    """A ruleset's short name ("Warband"), in the language shown."""
    name = translate(rulesets.get(rid).name or "").split(":")[0].strip()
    return name or rid.capitalize()


@dataclass
class Block:
    """One laid-out line: text (or a chart row's cells), its style, and the anchor it starts."""

    text: str
    size: int = 13
    color: tuple = palette.TEXT
    bold: bool = False
    anchor: str = ""
    cells: tuple[str, ...] | None = None
    indent: int = 0

    @property
    def height(self) -> int:
        return self.size + 6


class RulesReferenceScreen(Screen):
    def __init__(self, app, ruleset: str, rule: str | None = None, tab: str = "rules"):
        super().__init__(app)
        self.ruleset = ruleset
        self.tab = "rules" if rule else tab
        self.scroll = 0
        self.blocks: list[Block] = []
        self.target = rule
        self.build()
        if rule:
            self.scroll_to(rule)

    # --- content ---------------------------------------------------------------------------------
    def content(self) -> list[Block]:
        s = sheet(self.ruleset)
        blocks: list[Block] = []
        if self.tab == "rules":
            section = None
            for entry in s.rules:
                if entry.section != section:
                    section = entry.section
                    blocks.append(Block(translate(section), 16, palette.TEXT_DIM, True))
                blocks.append(Block(translate(entry.title), 15, palette.HIGHLIGHT, True,
                                    anchor=entry.id))
                blocks.append(Block(translate(entry.text), 13, indent=12))
                for name in entry.log_names:
                    blocks.append(Block(_("In the log: {rule}").format(rule=translate(name)), 11,
                                        palette.TEXT_DIM, indent=12))
        elif self.tab == "glossary":
            for term in s.terms:
                shown = translate(term.term)
                title = shown if term.name in ("", term.term) else \
                    f"{shown}: {translate(term.name)}"
                blocks.append(Block(title, 14, palette.HIGHLIGHT, True, anchor=term.term))
                blocks.append(Block(translate(term.text), 13, indent=12))
        else:
            for chart in charts(self.ruleset):
                blocks.append(Block(translate(chart.title), 15, palette.HIGHLIGHT, True,
                                    anchor=chart.rule))
                blocks.append(Block("", 12, palette.TEXT_DIM, True,
                                    cells=tuple(translate(c) for c in (chart.corner,
                                                                       *chart.columns))))
                for heading, cells in chart.rows:
                    blocks.append(Block("", 12, cells=tuple(translate(c)
                                                            for c in (heading, *cells))))
                blocks.append(Block("", 10))
        return blocks

    def layout(self) -> list[Block]:
        """The content wrapped at the window's width (one Block per drawn line)."""
        text = shared_text()
        width = self.text_rect.width
        out: list[Block] = []
        for block in self.content():
            if block.cells is not None:
                out.append(block)
                continue
            lines = text.wrap(block.text, width - block.indent, block.size, block.bold) or [""]
            for i, line in enumerate(lines):
                out.append(Block(line, block.size, block.color, block.bold,
                                 block.anchor if i == 0 else "", None, block.indent))
            if block.anchor:
                continue
            out.append(Block("", 4))
        return out

    # --- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        self.ui.clear_and_reset()
        text = shared_text()
        width, height = self.app.size
        self.text_rect = pygame.Rect(MARGIN, HEAD, width - 2 * MARGIN, height - HEAD - MARGIN)
        self.tabs = {}
        x = MARGIN
        for key, label in TABS:
            self.tabs[key] = pygame_gui.elements.UIButton(
                pygame.Rect(x, 52, 110, 32), text.clip(_(label), 102, 14), self.ui,
                object_id="#centered")
            if key == self.tab:
                self.tabs[key].select()
            x += 116
        self.rulesets = {}
        x += 14
        for rid in rulesets.ids():
            self.rulesets[rid] = pygame_gui.elements.UIButton(
                pygame.Rect(x, 52, 86, 32), text.clip(ruleset_name(rid), 80, 13), self.ui,
                object_id="#tool")
            if rid == self.ruleset:
                self.rulesets[rid].select()
            x += 90
        self.close_button = pygame_gui.elements.UIButton(
            pygame.Rect(width - MARGIN - 110, 12, 110, 32), _("Close (Esc)"), self.ui,
            object_id="#centered")
        self.blocks = self.layout()
        self.scroll = min(self.scroll, self.max_scroll)

    def resize(self, size) -> None:
        super().resize(size)
        self.build()
        if self.target:
            self.scroll_to(self.target)

    @property
    def content_height(self) -> int:
        return sum(b.height for b in self.blocks)

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.text_rect.height)

    def scroll_to(self, anchor: str) -> bool:
        """Scroll so the rule (or term, or chart) `anchor` starts the page."""
        y = 0
        for block in self.blocks:
            if block.anchor == anchor:
                self.scroll = min(y, self.max_scroll)
                self.target = anchor
                return True
            y += block.height
        return False

    def anchor_at_top(self) -> str | None:
        y = 0
        for block in self.blocks:
            if y >= self.scroll and block.anchor:
                return block.anchor
            y += block.height
        return None

    def set_tab(self, tab: str) -> None:
        self.tab, self.scroll, self.target = tab, 0, None
        self.build()

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.close_button:
                self.app.pop()
            for key, button in self.tabs.items():
                if event.ui_element is button:
                    self.set_tab(key)
            for rid, button in self.rulesets.items():
                if event.ui_element is button:
                    self.ruleset = rid
                    self.set_tab(self.tab)
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * 48)
        elif event.type == pygame.KEYDOWN:
            page = self.text_rect.height - 40
            step = {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_PAGEDOWN: page,
                    pygame.K_PAGEUP: -page, pygame.K_HOME: -10**9,
                    pygame.K_END: 10**9}.get(event.key)
            if step is not None:
                self._scroll_by(step)
            elif event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.app.pop()

    def _scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))
        self.target = None

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        text = shared_text()
        surface.fill(palette.BACKGROUND)
        title = translate(sheet(self.ruleset).title)
        text.blit(surface, text.clip(_("Rules reference · {title}").format(title=title),
                                     self.text_rect.width - 130, 20, True), (MARGIN, 14), size=20, color=palette.HIGHLIGHT,
                  bold=True)
        clip = surface.get_clip()
        surface.set_clip(self.text_rect)
        y = self.text_rect.y - self.scroll
        for block in self.blocks:
            if y + block.height >= self.text_rect.y and y <= self.text_rect.bottom:
                if block.cells is not None:
                    self._draw_row(surface, block, y)
                elif block.text:
                    if block.anchor and block.anchor == self.target:
                        pygame.draw.rect(surface, (60, 56, 30),
                                         (self.text_rect.x - 6, y - 2, self.text_rect.width + 6,
                                          block.height + 2), border_radius=4)
                    text.blit(surface, block.text, (self.text_rect.x + block.indent, y),
                              size=block.size, color=block.color, bold=block.bold)
            y += block.height
        surface.set_clip(clip)
        if self.max_scroll:
            track = pygame.Rect(self.text_rect.right + 8, self.text_rect.y, 3,
                                self.text_rect.height)
            pygame.draw.rect(surface, (50, 55, 62), track)
            share = self.text_rect.height / max(1, self.content_height)
            knob = max(20, track.height * share)
            top = track.y + (track.height - knob) * (self.scroll / self.max_scroll)
            pygame.draw.rect(surface, palette.TEXT_DIM, (track.x, top, 3, knob))

    def _draw_row(self, surface, block: Block, y: int) -> None:
        text = shared_text()
        cells = block.cells
        first = min(200, self.text_rect.width // 4)
        rest = max(1, (self.text_rect.width - first) // max(1, len(cells) - 1))
        x = self.text_rect.x
        for i, cell in enumerate(cells):
            width = first if i == 0 else rest
            text.blit(surface, text.clip(str(cell), width - 8, block.size, block.bold or i == 0),
                      (x, y), size=block.size, color=block.color, bold=block.bold or i == 0)
            x += width
        pygame.draw.line(surface, (46, 50, 58), (self.text_rect.x, y + block.height - 2),
                         (self.text_rect.right, y + block.height - 2))
