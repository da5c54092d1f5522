"""Screens drawn over the battle: pause menu, help (keyboard shortcuts), hot-seat hand-over,
and the question asked before a battle under way is left."""

from __future__ import annotations

import pygame
import pygame_gui

from game.core.i18n import N_
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.screens.overlay import Overlay
from game.ui.words import _, rules_words

#: Key and what it does: message ids, shown translated (a key's name too: "Entrée").
SHORTCUTS = (
    (N_("Left click"), N_("select a unit (yours or the enemy's: rings show its ranges)")),
    (N_("Left drag"), N_("move the selected unit (all its models); Shift+drag moves one model")),
    (N_("Enter"), N_("confirm the dragged move")),
    (N_("E"), N_("end the phase (when offered)")),
    (N_("Space"), N_("skip the dice animation / the AI's actions")),
    (N_("Tab"), N_("cycle your units")),
    (N_("R (hold)"), N_("ruler: drag to measure, edge to edge from a base")),
    (N_("L"), N_("line of sight from the selected unit to the hovered model")),
    (N_("F / Home"), N_("fit the table in the view")),
    (N_("Wheel"), N_("zoom about the cursor (scrolls the lists and the log too)")),
    (N_("Right/middle drag, arrows"), N_("pan the table")),
    (N_("Esc"), N_("cancel a move, close the ruler, or pause")),
    (N_("T"), N_("step mode: pause after each rule step (N next, B back, C go on)")),
    (N_("P"), N_("AI pace: slow, normal, fast, instant")),
    (N_("Click a log line"), N_("why: the rule behind it, in plain words")),
    (N_("F1"), N_("the rules reference: rules, glossary and charts")),
    (N_("Y"), N_("why the AI made its last decision: its best choices and the reply it foresaw")),
    (N_("Ctrl+Z / Ctrl+S"), N_("undo your last decision / save the battle")),
    (N_("H or ?"), N_("this help")),
)


class HelpScreen(Overlay):
    def __init__(self, app):
        super().__init__(app)
        # rows as tall as the window allows (30 px, down to 22 at the minimum window size)
        self.row = max(22, min(30, (app.size[1] - 40 - 150) // len(SHORTCUTS)))
        self.rect = self.box(860, 90 + self.row * len(SHORTCUTS) + 60)
        self.close_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.rect.centerx - 80, self.rect.bottom - 56, 160, 38), _("Close"),
            self.ui, object_id="#centered")

    def handle(self, event) -> None:
        pressed = (event.type == pygame_gui.UI_BUTTON_PRESSED
                   and event.ui_element is self.close_button)
        keyed = event.type == pygame.KEYDOWN and (
            event.key in (pygame.K_ESCAPE, pygame.K_h, pygame.K_RETURN, pygame.K_SPACE)
            or event.unicode == "?")
        if pressed or keyed:
            self.app.pop()

    def draw(self, surface) -> None:
        self.draw_dim(surface)
        self.draw_box(surface, self.rect)
        text = shared_text()
        text.blit(surface, _("Keyboard and mouse"), (self.rect.centerx, self.rect.y + 18), size=22,
                  color=palette.HIGHLIGHT, bold=True, anchor="midtop")
        y = self.rect.y + 70
        for key, what in SHORTCUTS:
            text.blit(surface, text.clip(_(key), 214, 15, True), (self.rect.x + 30, y), size=15,
                      color=palette.TEXT, bold=True)
            text.blit(surface, text.clip(_(what), self.rect.width - 280, 15),
                      (self.rect.x + 250, y), size=15, color=palette.TEXT_DIM)
            y += self.row


class PauseScreen(Overlay):
    def __init__(self, app, battle):
        super().__init__(app)
        self.battle = battle
        self.note = ""
        self.build()

    def resize(self, size) -> None:
        """The settings screen above may change the window size: the buttons follow."""
        super().resize(size)
        self.ui.clear_and_reset()
        self.build()

    def build(self) -> None:
        battle = self.battle
        self.rect = self.box(380, 462)
        x, w = self.rect.x + 40, self.rect.width - 80
        self.resume = pygame_gui.elements.UIButton(
            pygame.Rect(x, self.rect.y + 80, w, 44), _("Resume"), self.ui,
            object_id="#primary")
        label = _("Concede the battle") if battle.humans else \
            _("Stop the battle (no winner yet)")
        self.concede = pygame_gui.elements.UIButton(
            pygame.Rect(x, self.rect.y + 136, w, 44), label, self.ui, object_id="#centered")
        if not battle.humans or battle.controller.over:
            self.concede.disable()
        self.save = pygame_gui.elements.UIButton(
            pygame.Rect(x, self.rect.y + 192, w, 44), _("Save the battle (Ctrl+S)"), self.ui,
            object_id="#centered")
        if getattr(battle, "timeline", None) is None or battle.controller.over:
            self.save.disable()
        on = getattr(battle, "step_mode_on", False)
        self.step = pygame_gui.elements.UIButton(
            pygame.Rect(x, self.rect.y + 248, w, 44),
            _("Step mode: on (T)") if on else _("Step mode: off (T)"), self.ui,
            object_id="#centered")
        if not hasattr(battle, "toggle_step_mode"):
            self.step.disable()
        self.settings = pygame_gui.elements.UIButton(
            pygame.Rect(x, self.rect.y + 304, w, 44), _("Settings"), self.ui,
            object_id="#centered")
        self.to_menu = pygame_gui.elements.UIButton(
            pygame.Rect(x, self.rect.y + 360, w, 44), _("Quit to menu"), self.ui,
            object_id="#centered")

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.resume:
                self.app.pop()
            elif event.ui_element is self.concede:
                self.app.pop()
                self.battle.concede()
            elif event.ui_element is self.save:
                from game.ui.screens.saves import save_now  # the battle's timeline

                saved = save_now(self.battle)
                self.note = (_("Saved as {name}").format(name=saved.name) if saved is not None
                             else self.battle.message)
            elif event.ui_element is self.step:
                self.app.pop()  # back to the battle, pausing after each rule step (or not)
                self.battle.toggle_step_mode()
            elif event.ui_element is self.settings:
                from game.ui.screens.settings import SettingsScreen

                self.app.push(SettingsScreen(self.app))
            elif event.ui_element is self.to_menu:
                prompt = self.battle.leave_prompt(self.app.open_menu)
                if prompt is not None:
                    self.app.push(prompt)
                else:
                    self.app.open_menu()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface) -> None:
        self.draw_titled(surface, _("Paused"))
        text = shared_text()
        if self.note:
            text.blit(surface, text.clip(rules_words(self.note), self.rect.width - 30, 13),
                      (self.rect.centerx, self.rect.bottom - 28), size=13,
                      color=palette.TEXT_DIM, anchor="midtop")


class ConfirmLeaveScreen(Overlay):
    """Asked before a battle under way is left (the window closed, or quit to the menu). The
    battle is kept either way: autosave has it, and the menu's Continue brings it back."""

    asks_to_leave = True

    def __init__(self, app, question: str, then):
        super().__init__(app)
        self.question = question
        self.then = then
        self.rect = self.box(520, 210)
        half = (self.rect.width - 100) // 2
        y = self.rect.bottom - 66
        self.stay = pygame_gui.elements.UIButton(
            pygame.Rect(self.rect.x + 40, y, half, 44), _("Keep playing"), self.ui,
            object_id="#primary")
        self.leave = pygame_gui.elements.UIButton(
            pygame.Rect(self.rect.right - 40 - half, y, half, 44), _("Leave"), self.ui,
            object_id="#centered")

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.stay:
                self.app.pop()
            elif event.ui_element is self.leave:
                self.app.pop()
                self.then()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface) -> None:
        self.draw_titled(surface, _(self.question), size=22)
        text = shared_text()
        for i, line in enumerate(text.wrap(_("The battle is kept: the menu's Continue or "
                                             "Saved battles brings it back where you left it."),
                                           self.rect.width - 60, 15)):
            text.blit(surface, line, (self.rect.centerx, self.rect.y + 66 + 22 * i), size=15,
                      color=palette.TEXT, anchor="midtop")


class HandOverScreen(Overlay):
    """Hot-seat: the screen names the player whose turn it is and hides the table (nothing of
    the battle is drawn: opaque) until that player confirms."""

    opaque = True

    def __init__(self, app, side_name: str, side: int, player: str = ""):
        super().__init__(app)
        self.side_name = side_name
        self.side = side
        self.player = player or side_name
        self.rect = self.box(560, 260)
        self.ready = pygame_gui.elements.UIButton(
            pygame.Rect(self.rect.centerx - 190, self.rect.bottom - 74, 380, 48),
            shared_text().clip(_("I am {player}: show my turn").format(player=self.player), 356,
                               17, True), self.ui,  # the #primary face: 17 px bold
            object_id="#primary")

    def handle(self, event) -> None:
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ready
        keyed = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)
        if pressed or keyed:
            self.app.pop()

    def resize(self, size) -> None:
        super().resize(size)
        self.rect = self.box(560, 260)
        self.ready.set_relative_position((self.rect.centerx - 190, self.rect.bottom - 74))

    def draw(self, surface) -> None:
        self.draw_box(surface, self.rect)
        text = shared_text()
        width = self.rect.width - 40
        text.blit(surface, text.clip(_("Pass to {player}").format(player=self.player), width, 30,
                                     bold=True),
                  (self.rect.centerx, self.rect.y + 30), size=30,
                  color=palette.side_light(self.side), bold=True, anchor="midtop")
        if self.player != self.side_name:
            text.blit(surface, text.clip(_("playing {side}").format(side=self.side_name),
                                         width, 17),
                      (self.rect.centerx, self.rect.y + 80), size=17, color=palette.TEXT,
                      anchor="midtop")
        for i, line in enumerate(text.wrap(_("The table is hidden until they are ready; the next "
                                             "decision is theirs."), width, 14)[:2]):
            text.blit(surface, line, (self.rect.centerx, self.rect.y + 118 + 19 * i), size=14,
                      color=palette.TEXT_DIM, anchor="midtop")
