"""The reason for everything on the battle screen: "why?" on every log line (a click, or the
"? why" mark on hover, opens the rule behind it from the ruleset's own sheet, in plain words),
the reason an option a player would look for is not offered (a "Not offered" note when its unit
is hovered or selected, from `game.learn.withheld`), the numbers beside the choices explained,
and F1 for the rules reference (at the glossary while a unit's card is shown).

The words are `game.learn`'s; nothing here decides a rule.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.core.events import Event
from game.core.i18n import N_
from game.learn import rule_for_event
from game.ui import explain
from game.ui.base import Screen
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.screens.battle.decision_list import VALUE_WIDTH
from game.ui.words import _, ngettext, rules_words, translate

VALUES_NOTE = N_("The number beside a choice: the victory points the AI expects it to gain "
                 "for your side, on average over the dice (higher is better; it is a guide, "
                 "not a rule).")


class WhyMixin:
    """"Why?" for log lines, withheld options and values (part of `BattleScreen`)."""

    # --- log lines -------------------------------------------------------------------------------
    def log_event(self, index: int | None) -> Event | None:
        """The event a log entry shows (the log has one entry per event, in order)."""
        events = self.controller.events
        if index is None or not 0 <= index < len(self.log.entries) or index >= len(events):
            return None
        event = events[index]
        return event if explain.event_text(event) == self.log.entries[index].text else None

    def open_why(self, index: int | None) -> Screen | None:
        event = self.log_event(index)
        if event is None:
            return None
        return self.app.push(WhyScreen(self.app, self.ruleset.id, event))

    def _mouse_down(self, event) -> None:
        if event.button == 1 and self.log_rect.collidepoint(event.pos):
            self.log.hover(event.pos)
            if self.open_why(self.log.hovered) is not None:
                return
        super()._mouse_down(event)

    def _key(self, event) -> None:
        if event.key == pygame.K_F1:
            self.open_reference(tab="glossary" if self.hovered_model else "rules")
            return
        super()._key(event)

    def open_reference(self, rule: str | None = None, tab: str = "rules") -> Screen:
        from game.ui.screens.rules_reference import RulesReferenceScreen

        return self.app.push(RulesReferenceScreen(self.app, self.ruleset.id, rule, tab))

    # --- options not offered ---------------------------------------------------------------------
    def withheld_now(self) -> list:
        """What is not offered now and why, once per state (only on a person's turn)."""
        key = self.version
        cached = getattr(self, "_withheld_cache", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        found: list = []
        if self.is_human_turn() and not self.busy:
            from game.learn.withheld import withheld

            try:
                found = withheld(self.ruleset.id, self.state, self.controller.geo)
            except Exception:  # information only: never stops the battle
                found = []
        self._withheld_cache = (key, found)
        return found

    def withheld_for(self, unit: str | None) -> list:
        return [w for w in self.withheld_now() if unit is not None and unit in (w.unit, w.target)]

    def focus_unit(self) -> str | None:
        if self.hovered_model and self.hovered_model in self.state.models:
            return self.state.models[self.hovered_model].unit
        return self.selected

    def _hint(self) -> tuple[str, tuple]:
        if not self.message and self.hovered_action is None:
            mouse = self.app.mouse
            if self._values and self.panel.rect.collidepoint(mouse) and \
                    mouse[0] >= self.panel.rect.right - VALUE_WIDTH:
                return _(VALUES_NOTE), palette.TEXT
            withheld = self.withheld_for(self.focus_unit())
            if withheld:
                w = withheld[0]
                what, why = rules_words(w.what), rules_words(w.reason)
                if len(withheld) > 1:
                    line = ngettext("Not offered (+{n} more): {what}. {why}",
                                    "Not offered (+{n} more): {what}. {why}",
                                    len(withheld) - 1).format(n=len(withheld) - 1, what=what,
                                                              why=why)
                else:
                    line = _("Not offered: {what}. {why}").format(what=what, why=why)
                text = shared_text()
                width = self.decide_rect.width - 24
                lines = text.wrap(line, width, 13)
                if len(lines) > 2:  # two lines fit above the buttons
                    lines = [lines[0], text.clip(" ".join(lines[1:]), width, 13)]
                return " ".join(lines), palette.TEXT_BAD
        return super()._hint()

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        hovered = self.log.hovered
        if hovered is None or self.log_event(hovered) is None:
            return
        box = next((b for i, b in self.log._boxes if i == hovered), None)
        if box is not None and self.log_rect.contains(box):
            shared_text().blit(surface, _("? why"), (box.right - 4, box.y + 2), size=12,
                               color=palette.HIGHLIGHT, bold=True, anchor="topright",
                               backdrop=(30, 34, 40, 230))


class WhyScreen(Screen):
    """The rule behind one log line, in plain words, over the battle."""

    opaque = False
    WIDTH = 560

    def __init__(self, app, ruleset: str, event: Event):
        super().__init__(app)
        self.ruleset = ruleset
        self.event = event
        self.entry = rule_for_event(ruleset, event)
        self.build()

    def lines(self, width: int) -> list[tuple[str, int, tuple, bool]]:
        text = shared_text()
        out = [(_("Why?"), 13, palette.TEXT_DIM, True)]
        paragraphs = [(explain.event_text(self.event), 14, palette.TEXT, True),
                      (rules_words(self.entry.title), 16, palette.HIGHLIGHT, True),
                      (rules_words(self.entry.text), 13, palette.TEXT, False)]
        if self.event.rule:
            paragraphs.append((_("In the log: {rule}").format(rule=translate(self.event.rule)),
                               11, palette.TEXT_DIM, False))
        for body, size, color, bold in paragraphs:
            out += [(line, size, color, bold) for line in text.wrap(body, width, size, bold)]
            out.append(("", 4, color, False))
        return out

    def build(self) -> None:
        self.ui.clear_and_reset()
        width, height = self.app.size
        w = min(self.WIDTH, width - 40)
        body = self.lines(w - 32)
        h = min(height - 40, 24 + sum(size + 5 for _, size, _, _ in body) + 56)
        self.rect = pygame.Rect((width - w) // 2, (height - h) // 2, w, h)
        bottom = self.rect.bottom - 46
        self.reference = pygame_gui.elements.UIButton(
            pygame.Rect(self.rect.x + 16, bottom, 200, 34), _("Open in the rules"), self.ui,
            object_id="#centered")
        self.close_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.rect.right - 146, bottom, 130, 34), _("Close (Esc)"), self.ui,
            object_id="#centered")

    def resize(self, size) -> None:
        super().resize(size)
        self.build()

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.close_button:
                self.app.pop()
            elif event.ui_element is self.reference:
                self.open_reference()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.pop()

    def open_reference(self) -> Screen:
        from game.ui.screens.rules_reference import RulesReferenceScreen

        self.app.pop()
        return self.app.push(RulesReferenceScreen(self.app, self.ruleset, self.entry.id))

    def draw(self, surface) -> None:
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, palette.PANEL, self.rect, border_radius=10)
        pygame.draw.rect(surface, palette.HIGHLIGHT, self.rect, 1, border_radius=10)
        text = shared_text()
        y = self.rect.y + 14
        for line, size, color, bold in self.lines(self.rect.width - 32):
            if y + size > self.rect.bottom - 50:
                break
            if line:
                text.blit(surface, line, (self.rect.x + 16, y), size=size, color=color, bold=bold)
            y += size + 5
