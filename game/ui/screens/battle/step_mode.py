"""Step mode: any battle paused after each rule step — each roll, each casualty, each phase,
each move and charge — with Next / Back / Continue (keys N / B / C, T toggles, Space = Continue).

Built on the events the screen already receives: a decision's events are held back and shown
one rule step at a time (log, tray, a banner with the step's words and its rule); the table is
drawn as it stood at that step (the position before the decision, with the moves and casualties
shown so far), and the step's actors are highlighted (who rolls, against whom, the charge's
reach, the contact). Back looks at the earlier steps (their table and highlight); nothing is
undone, so the rules never see step mode. While steps are held, no one acts: the AI waits and
the decision panel is empty until the last step is shown.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.core.events import (
    AttacksMade,
    Casualty,
    ChargeDeclared,
    ChargeResolved,
    DamageDealt,
    DiceRolled,
    Event,
    PhaseStarted,
    StatusChanged,
    UnitMoved,
)
from game.ui import explain
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.screens.battle.layout import tool_label
from game.ui.words import _, ngettext

#: The events step mode stops after; the others are shown with the next stop.
PAUSE_ON = (DiceRolled, Casualty, PhaseStarted, ChargeDeclared, ChargeResolved, UnitMoved,
            AttacksMade, StatusChanged)
HISTORY = 80  # steps Back can look at
BUTTON_W = 110


class StepModeMixin:
    """Step mode (part of `BattleScreen`)."""

    def init_step_mode(self) -> None:
        self.step_mode_on = False
        self.step_pending: list[Event] = []
        self.step_history: list[tuple[Event, object, dict]] = []  # event, table, highlight
        self.step_cursor: int | None = None
        self.step_waiting = False
        self.step_continue = False
        self.step_base = None  # the table before the decision being shown
        self.step_view = None
        self.step_batch: list[Event] = []

    # --- switching -----------------------------------------------------------------------------
    def toggle_step_mode(self) -> None:
        if self.step_mode_on:
            self.step_continue_now()
            self.step_mode_on = False
            self.step_history.clear()
            self.step_cursor = None
        else:
            self.step_mode_on = True
            self.step_base = self.state.copy()
        self.say(_("Step mode on: the battle stops after each rule step (N next, B back, "
                   "C continue, T off).") if self.step_mode_on else _("Step mode off."))
        self._sync_step_buttons()

    @property
    def step_holding(self) -> bool:
        """Steps are being shown: nobody acts until the player goes on."""
        return self.step_mode_on and not self.step_continue and (
            bool(self.step_pending) or self.step_waiting)

    # --- the events ------------------------------------------------------------------------------
    def _after(self, events: list[Event]) -> None:
        if not self.step_mode_on or self.step_continue or not events:
            super()._after(events)
            if self.step_mode_on:
                self.step_base = self.state.copy()
            return
        super()._after([])
        self.step_pending.extend(events)
        self.step_batch = list(events)
        self.step_view = self.step_base.copy() if self.step_base is not None else None
        self.step_next()

    def step_next(self) -> None:
        if self.step_cursor is not None and self.step_cursor < len(self.step_history) - 1:
            self.step_cursor += 1  # forward again through steps looked back at
        elif self.step_pending:
            self._reveal()
        else:
            self.step_waiting = False
        self._sync_step_buttons()

    def step_back(self) -> None:
        if self.step_cursor:
            self.step_cursor -= 1
        self._sync_step_buttons()

    def step_continue_now(self) -> None:
        """Show every held step at once and let the battle run to the next decision."""
        if self.step_pending:
            self.log.add(self.step_pending)
            self.tray.add(self.step_pending)
            self.step_pending = []
        self.step_waiting = False
        self.step_cursor = len(self.step_history) - 1 if self.step_history else None
        self.step_base = self.state.copy()
        self.step_continue = self.step_mode_on and not self.is_human_turn()
        self.version += 1
        self._sync_step_buttons()

    def _reveal(self) -> None:
        chunk: list[Event] = []
        while self.step_pending:
            e = self.step_pending.pop(0)
            chunk.append(e)
            if isinstance(e, PAUSE_ON):
                break
        self.log.add(chunk)
        self.tray.add(chunk)
        view = self.step_view
        for e in chunk:
            if view is None:
                break
            if isinstance(e, UnitMoved):
                for mid, _x0, _y0, x1, y1 in e.moves:
                    if mid in view.models:
                        view.models[mid].x, view.models[mid].y = x1, y1
            elif isinstance(e, Casualty) and e.model in view.models:
                view.models[e.model].alive = False
        self.paced([e for e in chunk if isinstance(e, UnitMoved)])
        last = chunk[-1] if chunk else None
        if isinstance(last, PAUSE_ON):
            table = view.copy() if view is not None and self.step_pending else None
            self.step_history.append((last, table, self.step_highlight(last)))
            del self.step_history[:-HISTORY]
            self.step_cursor = len(self.step_history) - 1
            self.step_waiting = True
        if not self.step_pending:
            self.step_base = self.state.copy()
            self.step_view = None
            self.version += 1  # the decision panel fills again

    # --- what a step shows -----------------------------------------------------------------------
    def _unit_named(self, name: str) -> str | None:
        """The unit a log name stands for: a unit's name, or one of its models' ("#n")."""
        for uid, shown in self.scene.names(self.state).items():
            if shown == name:
                return uid
        model = self._model_named(name)
        return self.state.models[model].unit if model else None

    def _model_named(self, name: str) -> str | None:
        return next((m.id for m in self.state.models.values() if m.name == name), None)

    def step_highlight(self, e: Event) -> dict:
        """Who acts in this step, against whom, and the reach or contact that matters."""
        batch = self.step_batch
        attack = next((b for b in batch if isinstance(b, AttacksMade)), None)
        charge = next((b for b in batch if isinstance(b, ChargeResolved) and b.success), None)
        h: dict = {}
        if isinstance(e, DiceRolled):
            who = self._unit_named(e.who)
            against = None
            if attack is not None:
                a, t = self._unit_named(attack.unit_name), self._unit_named(attack.target_name)
                against = t if who == a else a if who == t else None
            elif charge is not None and who == charge.unit and charge.targets:
                against = charge.targets[0]
            h["units"] = [u for u in (who, against) if u]
            model = self._model_named(e.who)
            if model is not None:
                h["models"] = [model]
            if who and against:
                h["contact"] = [who, against]
        elif isinstance(e, ChargeDeclared):
            h["units"] = [e.unit, *[u for u in e.reachable if u in self.state.units]]
            h["ring"] = {"unit": e.unit, "radius": e.roll}
        elif isinstance(e, ChargeResolved):
            h["units"] = [e.unit]
            if e.success and e.targets:
                h["contact"] = [e.unit, e.targets[0]]
        elif isinstance(e, AttacksMade):
            a, t = self._unit_named(e.unit_name), self._unit_named(e.target_name)
            h["units"] = [u for u in (a, t) if u]
            if a and t:
                h["contact"] = [a, t]
        elif isinstance(e, UnitMoved | StatusChanged):
            h["units"] = [e.unit]
        elif isinstance(e, Casualty | DamageDealt):
            h["models"] = [e.model]
        h["units"] = [u for u in h.get("units", []) if u in self.state.units]
        if "contact" in h and not all(u in self.state.units for u in h["contact"]):
            del h["contact"]
        return h

    def step_shown(self) -> tuple[Event, object, dict] | None:
        if not self.step_mode_on or self.step_cursor is None or not self.step_history:
            return None
        if not (self.step_waiting or self.step_pending
                or self.step_cursor < len(self.step_history) - 1):
            return None
        return self.step_history[self.step_cursor]

    # --- screen hooks ----------------------------------------------------------------------------
    def _run_ai(self, dt: float) -> None:
        if self.step_holding:
            return
        super()._run_ai(dt)

    def update_step(self, dt: float) -> None:
        """Every frame (the screen's `update` calls it): the move animation, and Continue
        ends at the next decision a person makes."""
        if self.step_continue and self.is_human_turn():
            self.step_continue = False
        self.update_pace(dt)

    def _refresh_panel(self) -> None:
        if self.step_mode_on and self.step_pending:
            if self.panel.rows:
                self.panel.clear()
                self._panel_key = None
            return
        super()._refresh_panel()

    def _build_layout(self) -> None:
        super()._build_layout()
        x = self.tools_left - self.tool_w
        self.tools["step"] = pygame_gui.elements.UIButton(
            pygame.Rect(x, 7, self.tool_w, 30), _("Step (T)") if self.tool_keys else tool_label(_("Step (T)")),
            self.ui, object_id="#tool")
        self.tools_left = x - 4
        view = self.view_rect
        self.step_buttons = {}
        for i, (key, label) in enumerate((("back", _("Back (B)")), ("next", _("Next (N)")),
                                          ("continue", _("Continue (C)")))):
            self.step_buttons[key] = pygame_gui.elements.UIButton(
                pygame.Rect(view.right - (3 - i) * (BUTTON_W + 6) - 4, view.bottom - 40,
                            BUTTON_W, 32), label, self.ui, object_id="#centered")
        self._sync_step_buttons()

    def _sync_step_buttons(self) -> None:
        if not hasattr(self, "step_buttons"):
            return
        shown = self.step_shown() is not None
        for button in self.step_buttons.values():
            if shown and not button.visible:
                button.show()
            elif not shown and button.visible:
                button.hide()
        step = self.tools.get("step")
        if step is not None:
            step.select() if self.step_mode_on else step.unselect()

    def _button(self, element) -> None:
        if element is self.tools.get("step"):
            self.toggle_step_mode()
            return
        for key, button in getattr(self, "step_buttons", {}).items():
            if element is button:
                {"back": self.step_back, "next": self.step_next,
                 "continue": self.step_continue_now}[key]()
                return
        if self.step_mode_on and self.step_pending:
            return  # no decision while the last one's steps are being shown
        super()._button(element)

    def _key(self, event) -> None:
        key = event.key
        if key == pygame.K_t and not event.mod & pygame.KMOD_CTRL:
            self.toggle_step_mode()
            return
        if self.pace_key(event):
            return
        if self.step_mode_on and (self.step_holding or self.step_shown()):
            if key == pygame.K_n:
                self.step_next()
                return
            if key == pygame.K_b:
                self.step_back()
                return
            if key in (pygame.K_c, pygame.K_SPACE):
                self.step_continue_now()
                if key == pygame.K_SPACE and not self.is_human_turn():
                    self.skip_ai()
                return
        super()._key(event)

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        shown = self.step_shown()
        moving = self.moving_positions()
        if shown is None and not moving:
            return
        table = shown[1] if shown is not None and shown[1] is not None else self.state
        if moving:
            table = table.copy()
            for mid, (x, y) in moving.items():
                if mid in table.models:
                    table.models[mid].x, table.models[mid].y = x, y
        if table is not self.state:
            self.scene.draw(surface, self.camera, table, self.overlays())
        if shown is not None:
            from game.ui.screens.lesson_draw import draw_highlight

            draw_highlight(surface, self.camera, table, shown[2], self.scene.names(table),
                           self.scene.rings, self.clock)
            self._draw_step_banner(surface, shown[0])

    def _draw_step_banner(self, surface, event: Event) -> None:
        text = shared_text()
        view = self.view_rect
        width = min(view.width - 24, 720)
        where = _("Step {step} of {steps}").format(step=self.step_cursor + 1,
                                                   steps=len(self.step_history))
        if self.step_pending:
            where += " · " + ngettext("{n} more event held", "{n} more events held",
                                      len(self.step_pending)).format(n=len(self.step_pending))
        lines = [(where, 12, palette.TEXT_DIM, True)]
        lines += [(line, 14, palette.TEXT, True)
                  for line in text.wrap(explain.event_text(event), width - 20, 14, True)[:3]]
        rule = explain.rule_text(event)
        lines += [(line, 12, palette.HIGHLIGHT, False)
                  for line in text.wrap(rule, width - 20, 12)[:3]]
        height = 14 + sum(size + 5 for _, size, _, _ in lines)
        box = pygame.Rect(view.centerx - width // 2, view.bottom - 48 - height, width, height)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((14, 16, 20, 225))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, palette.HIGHLIGHT, box, 1, border_radius=6)
        y = box.y + 8
        for line, size, color, bold in lines:
            text.blit(surface, line, (box.x + 10, y), size=size, color=color, bold=bold)
            y += size + 5
