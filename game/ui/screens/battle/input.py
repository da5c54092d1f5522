"""The battle screen's input: mouse and keys turned into what the player means (select, drag,
pan, zoom, measure, a tool, an overlay). Rules are never decided here: an action goes to
`apply` (in `turns.py`), a dragged placement to the draft (in `drafting.py`).
"""

from __future__ import annotations

import math

import pygame
import pygame_gui

from game.core.actions import Action
from game.core.i18n import N_
from game.ui.render.bases import model_at
from game.ui.screens.battle.drafting import Press

PAN_SPEED = 700.0  # pixels per second with the arrow keys
DRAG_THRESHOLD = 5


def ends_a_step(action: Action) -> bool:
    """E's action: one that ends a phase, a sub-phase, a turn or an activation. Known by its
    kind (`end_phase`, `end_charges`, `end_turn`, `end_activation`, `end`...), never by its
    label, so every ruleset's end actions answer E."""
    return action.kind == "end" or action.kind.startswith("end_")


class InputMixin:
    """Events to intents (part of `BattleScreen`)."""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
        elif event.type == pygame.KEYDOWN:
            self.keys_held.add(event.key)
            self._key(event)
        elif event.type == pygame.KEYUP:
            self.keys_held.discard(event.key)
            if event.key == pygame.K_r:
                self.ruler_hold = False
                self._sync_tools()
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._mouse_up(event)
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event)

    def _button(self, element) -> None:
        if element is self.confirm_button:
            self.confirm_draft()
            return
        if element is self.cancel_button:
            self.cancel_draft()
            return
        for key, button in self.tools.items():
            if element is button:
                self._tool(key)
                return
        action = self.panel.action_for(element)
        if (action is not None and self.is_human_turn() and not self.list_held()
                and self.apply(action)):
            self.hold_list()  # its next offers wait: a double-click orders once

    def _tool(self, key: str) -> None:
        if key == "ruler":
            self.ruler_toggle = not self.ruler_toggle
            if not self.ruler_active:
                self.ruler = None
        elif key == "sight":
            self.sight_mode = not self.sight_mode
        elif key == "fit":
            self.camera.fit()
        elif key == "help":
            self.open_help()
        elif key == "menu":
            self.open_pause()
        elif key == "undo":
            from game.ui.screens.saves import undo

            undo(self)
        elif key == "why":
            self.open_ai_why()
        self._sync_tools()

    def _key(self, event) -> None:
        key = event.key
        if key in (pygame.K_z, pygame.K_s) and event.mod & pygame.KMOD_CTRL:
            from game.ui.screens.saves import save_now, undo  # the battle's timeline

            (undo if key == pygame.K_z else save_now)(self)
        elif key == pygame.K_ESCAPE:
            if self.draft is not None:
                self.cancel_draft()
            elif self.ruler is not None:
                self.ruler = None
            else:
                self.open_pause()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.draft is not None:
                self.confirm_draft()
        elif key == pygame.K_SPACE:
            if self.tray.rolling:
                self.tray.skip()
            if not self.is_human_turn():
                self.skip_ai()
        elif key == pygame.K_e:
            ends = [a for a in self.legal() if ends_a_step(a)]
            if ends:
                self.apply(min(ends, key=lambda a: a.unit is not None))  # the phase's own first
        elif key == pygame.K_TAB:
            self.cycle_units(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_f, pygame.K_HOME):
            self.camera.fit()
        elif key == pygame.K_r:
            self.ruler_hold = True
            self._sync_tools()
        elif key == pygame.K_l:
            self.sight_mode = not self.sight_mode
            self._sync_tools()
        elif key == pygame.K_h or event.unicode == "?":
            self.open_help()
        elif key == pygame.K_y:
            self.open_ai_why()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_at(1, self.view_rect.center)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_at(-1, self.view_rect.center)

    def open_ai_why(self) -> None:
        """The AI's last decision explained: its best candidates, the reply it foresaw, the odds."""
        from game.ui.screens.ai_why import AiWhyScreen

        self.app.push(AiWhyScreen(self.app, self.agents))

    def open_help(self) -> None:
        from game.ui.screens.overlays import HelpScreen

        self.app.push(HelpScreen(self.app))

    def leave_prompt(self, then):
        """A battle a person is playing asks before it is left (kept by autosave either way)."""
        if not self.humans or self.controller.over or getattr(self, "timeline", None) is None:
            return None
        from game.ui.screens.overlays import ConfirmLeaveScreen

        return ConfirmLeaveScreen(self.app, N_("Leave the battle?"), then)

    def open_pause(self) -> None:
        from game.ui.screens.overlays import PauseScreen

        self.app.push(PauseScreen(self.app, self))

    def cycle_units(self, step: int = 1) -> None:
        player = self.controller.current_player()
        if player is None:
            return
        with_actions = {a.unit for a in self.legal() if a.unit}
        own = [u.id for u in self.state.units_of(player)]
        order = [u for u in own if u in with_actions] or own
        if not order:
            return
        index = order.index(self.selected) if self.selected in order else -1
        self.select(order[(index + step) % len(order)])

    def select(self, unit: str | None) -> None:
        self.selected = unit
        if unit is not None:
            self.panel.scroll_to_unit(unit)

    # --- mouse -----------------------------------------------------------------------------------
    def _motion(self, pos) -> None:
        if self.panning is not None:
            self.camera.pan(pos[0] - self.panning[0], pos[1] - self.panning[1])
            self.panning = pos
        if self.ruler is not None and self.ruler[3]:
            self.ruler[1] = self.camera.to_table(*pos)
        if (self.press is not None and not self.dragging and self.press.can_drag
                and math.dist(pos, self.press.pos) > DRAG_THRESHOLD):
            self._start_drag()
        if self.dragging and self.draft is not None:
            self._drag_to(pos)
        self.hovered_model = None
        if self.view_rect.collidepoint(pos):
            model = model_at(self.state, self.camera, pos)
            self.hovered_model = model.id if model is not None else None
        self.log.hover(pos if self.log_rect.collidepoint(pos) else None)

    def _mouse_down(self, event) -> None:
        pos = event.pos
        if not self.view_rect.collidepoint(pos):
            return
        if event.button in (2, 3):
            self.panning = pos
            return
        if event.button != 1:
            return
        if self.ruler_active:
            start = self.camera.to_table(*pos)
            model = model_at(self.state, self.camera, pos)
            self.ruler = [start, start, model.id if model else None, True]
            return
        model = model_at(self.state, self.camera, pos)
        unit = model.unit if model is not None else None
        can_drag = self.can_drag(unit)
        single = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) or bool(
            self.keys_held & {pygame.K_LSHIFT, pygame.K_RSHIFT})
        self.press = Press(pos, model.id if model else None, can_drag, single)

    def _mouse_up(self, event) -> None:
        if event.button in (2, 3):
            self.panning = None
            return
        if event.button != 1:
            return
        if self.ruler is not None and self.ruler[3]:
            self.ruler[1] = self.camera.to_table(*event.pos)
            self.ruler[3] = False
            return
        press, self.press = self.press, None
        if self.dragging:
            self.dragging = False
            if self.draft is not None:
                self._drag_to(event.pos)
                self.check_draft()
            return
        if press is None:
            return
        if press.model is None:
            self.select(None)
        else:
            self.select(self.state.models[press.model].unit)

    def _wheel(self, event) -> None:
        pos = self.app.mouse
        if self.view_rect.collidepoint(pos):
            self.camera.zoom_at(1 if event.y > 0 else -1, pos)
        elif self.panel.rect.collidepoint(pos):
            self.panel.wheel(event.y)
        elif self.log_rect.collidepoint(pos):
            self.log.wheel(event.y)

    def hovered_choice(self, mouse) -> Action | None:
        """The offered action whose button is under the mouse (its preview is drawn)."""
        if self.list_held() or not self.panel.rect.collidepoint(mouse):
            return None  # a held list shows offers that are gone: nothing to preview
        return self.panel.action_at(mouse)

    def _pan_keys(self, dt: float) -> None:
        dx = dy = 0.0
        if pygame.K_LEFT in self.keys_held:
            dx += 1
        if pygame.K_RIGHT in self.keys_held:
            dx -= 1
        if pygame.K_UP in self.keys_held:
            dy += 1
        if pygame.K_DOWN in self.keys_held:
            dy -= 1
        if dx or dy:
            self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)
