"""The battle screen: the table, the decision panel, the dice tray and the log.

Generic by design: it draws whatever state the ruleset keeps, offers whatever `legal_actions`
returns (buttons; drags with live validation by `explain_illegal` for placements) and reads
what happened from the events. Optional ruleset hooks add information when present:
`charge_odds(distance)`, `action_value(state, action, geo)`, `move_allowance(state, action)`,
`objective_holders(state, geo)`, `overlay_ranges` and `status_help`.

Rules work (a player's action, AI decisions, the automatic steps, listing what is offered) runs
on the app's worker thread (`RulesWork.run_rules`, in `rules_work.py`), with a spinner; a job
that raises opens the error panel (`game.ui.screens.error`) instead of ending the client.
"""

from __future__ import annotations

import contextlib
import math
import time
from dataclasses import dataclass, field

import pygame
import pygame_gui

from game import ai as agents
from game import rulesets
from game.core.actions import Action, make_placement
from game.core.errors import GameError
from game.core.events import Event
from game.ui import explain, hooks, jobs
from game.ui.app import AI_VS_AI, HOT_SEAT, VS_AI, BattleConfig, Screen
from game.ui.render import palette
from game.ui.render.bases import model_at
from game.ui.render.board import Board
from game.ui.render.camera import Camera
from game.ui.render.dice import DiceTray
from game.ui.render.log import BattleLog
from game.ui.render.scene import Overlays, Scene
from game.ui.render.spinner import draw_spinner
from game.ui.render.text import shared_text
from game.ui.screens.panel import DecisionPanel, Group
from game.ui.screens.rules_work import RulesWork

TOP_BAR = 44
RIGHT_WIDTH = 400
TRAY_HEIGHT = 136
LOG_SHARE = 0.42  # of the right column's height
STATUS_HEIGHT = 92
DRAFT_HEIGHT = 118
PAN_SPEED = 700.0  # pixels per second with the arrow keys
DRAG_THRESHOLD = 5
CHECK_INTERVAL = 0.12  # seconds between two live checks of a dragged placement
RESULTS_DELAY = 1.2
ZOOMED_NOTES = 20.0  # px per inch from which every moving model shows its allowance
AI_BUDGET = 0.05  # seconds of AI work per job when the AI plays without a delay
AI_BATCH = 25  # decisions per job instead, in the test mode (the same in every run)
SPINNER_DELAY = 0.12  # seconds a job runs before the spinner shows (no flash on quick steps)

#: Rings around the selected unit unless the ruleset names its own (`overlay_ranges`).
DEFAULT_RANGES = ((12.0, "charge range"), (2.0, "engagement"), (1.0, ""))


@dataclass
class Draft:
    """A placement the player is dragging: positions for every living model of one unit."""

    unit: str
    template: Action
    positions: dict[str, tuple[float, float]]
    grab: dict[str, tuple[float, float]] = field(default_factory=dict)
    anchor: tuple[float, float] = (0.0, 0.0)
    single: str | None = None
    reason: str | None = None
    checked: bool = False
    notes: dict[str, tuple[float, str]] = field(default_factory=dict)
    since_check: float = 0.0

    def action(self) -> Action:
        t = self.template
        return Action(t.kind, self.unit, targets=t.targets,
                      placement=make_placement(self.positions), option=t.option)


@dataclass
class Press:
    pos: tuple[int, int]
    model: str | None
    can_drag: bool
    single: bool


class BattleScreen(RulesWork, Screen):
    releases_memory = True  # closing it gives the battle's memory back

    def __init__(self, app, config: BattleConfig, controller=None):
        super().__init__(app)
        app.worker.drain()  # a closed battle's job ends before this battle's rules run
        self.config = config
        self.ruleset = rulesets.get(config.ruleset)
        if controller is None:
            from game.io.tmx import load_scenario
            from game.sim import battle_forces
            from game.turn import TurnController

            scenario = load_scenario(config.map_path)
            controller = TurnController(self.ruleset, scenario, config.seed,
                                        battle_forces(self.ruleset, config.sides, scenario))
        self.controller = controller
        self.ruleset = controller.ruleset
        state = controller.state
        sides = range(len(state.sides))
        if config.mode == HOT_SEAT:
            self.humans = set(sides)
        elif config.mode == AI_VS_AI:
            self.humans = set()
        else:
            self.humans = {config.human_side}
        self.agents = {side: agents.make(config.ai, config.seed * 31 + side + 1)
                       for side in sides if side not in self.humans}
        self.board = Board(controller.scenario, config.map_path or controller.scenario.source)
        self.scene = Scene(self.board, self.ruleset)
        self.tray = DiceTray(animate=app.animate, seed=config.seed)
        self.log = BattleLog(f"Battle log  ·  seed {config.seed}")
        self.log.add(controller.events)
        self.tray.add(controller.events)
        self.version = 0
        self.ranges = tuple(getattr(self.ruleset, "overlay_ranges", DEFAULT_RANGES))
        # interaction
        self.selected: str | None = None
        self.hovered_model: str | None = None
        self.hovered_action: Action | None = None
        self.last_placement: Action | None = None  # the drag template the player last looked at
        self.draft: Draft | None = None
        self.press: Press | None = None
        self.dragging = False
        self.panning: tuple[int, int] | None = None
        self.keys_held: set[int] = set()
        self.ruler_toggle = False
        self.ruler_hold = False
        self.ruler: list | None = None  # [start, end, start model id, dragging]
        self.sight_mode = False
        self.message = ""
        self.message_bad = False
        self.ai_timer = app.ai_delay
        self.last_human: int | None = None
        self.over_timer: float | None = None
        self.clock = 0.0
        self._panel_key = None
        self._values: dict[Action, float] = {}
        self._preview_cache: dict = {}
        self._sight_cache: dict = {}
        self._score_cache: tuple[int, tuple, list] | None = None
        self._ready_values: tuple[int, dict] | None = None  # worked out by the worker
        self.init_rules_work()
        self._build_layout()
        self.last_human = self.controller.current_player() if self.is_human_turn() else None
        from game.ui.screens.saves import attach  # the battle's timeline: undo and autosave

        attach(self)

    # --- layout ----------------------------------------------------------------------------------
    def _build_layout(self) -> None:
        width, height = self.app.size
        self.top_rect = pygame.Rect(0, 0, width, TOP_BAR)
        self.right_rect = pygame.Rect(width - RIGHT_WIDTH, TOP_BAR, RIGHT_WIDTH, height - TOP_BAR)
        log_height = int(self.right_rect.height * LOG_SHARE)
        self.log_rect = pygame.Rect(self.right_rect.x, height - log_height, RIGHT_WIDTH, log_height)
        self.decide_rect = pygame.Rect(self.right_rect.x, TOP_BAR, RIGHT_WIDTH,
                                       self.log_rect.y - TOP_BAR)
        self.view_rect = pygame.Rect(0, TOP_BAR, width - RIGHT_WIDTH, height - TOP_BAR - TRAY_HEIGHT)
        self.tray_rect = pygame.Rect(0, height - TRAY_HEIGHT, width - RIGHT_WIDTH, TRAY_HEIGHT)
        if not hasattr(self, "camera"):
            s = self.controller.scenario
            self.camera = Camera(self.view_rect, s.width, s.height)
        else:
            self.camera.set_view(self.view_rect)
        self.ui.clear_and_reset()
        self.panel = DecisionPanel(self.ui, self._list_rect())
        self.tools: dict[str, pygame_gui.elements.UIButton] = {}
        x = width - 8
        for key, label in (("menu", "Menu (Esc)"), ("help", "Help (H)"), ("fit", "Fit (F)"),
                           ("sight", "Sight (L)"), ("ruler", "Ruler (R)"),
                           ("undo", "Undo (^Z)"), ("why", "Why AI? (Y)")):
            w = 86
            x -= w
            self.tools[key] = pygame_gui.elements.UIButton(
                pygame.Rect(x, 7, w, 30), label, self.ui, object_id="#tool")
            x -= 4
        self.tools_left = x
        bottom = self.decide_rect.bottom - DRAFT_HEIGHT
        half = (RIGHT_WIDTH - 24) // 2
        self.confirm_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.decide_rect.x + 8, bottom + 74, half, 36), "Confirm move (Enter)",
            self.ui, object_id="#confirm")
        self.cancel_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.decide_rect.x + 16 + half, bottom + 74, half, 36), "Cancel (Esc)",
            self.ui, object_id="#centered")
        self.confirm_button.hide()
        self.cancel_button.hide()
        self._panel_key = None
        self._sync_tools()

    def _list_rect(self) -> pygame.Rect:
        bottom = self.decide_rect.bottom - (DRAFT_HEIGHT if self.draft else 0)
        return pygame.Rect(self.decide_rect.x, self.decide_rect.y + STATUS_HEIGHT, RIGHT_WIDTH,
                           bottom - self.decide_rect.y - STATUS_HEIGHT - 4)

    def resize(self, size) -> None:
        super().resize(size)
        self._build_layout()

    def _sync_tools(self) -> None:
        for key, on in (("ruler", self.ruler_active), ("sight", self.sight_mode)):
            button = self.tools[key]
            if on:
                button.select()
            else:
                button.unselect()

    # --- who acts --------------------------------------------------------------------------------
    @property
    def state(self):
        return self.controller.state

    @property
    def ruler_active(self) -> bool:
        return self.ruler_toggle or self.ruler_hold

    def is_human_turn(self) -> bool:
        player = self.controller.current_player()
        return not self.controller.over and player in self.humans

    def legal(self) -> list[Action]:
        if not self.is_human_turn():
            return []
        return self.controller.legal_actions()

    # --- acting ----------------------------------------------------------------------------------
    def apply(self, action: Action, offered: bool = True) -> bool:
        """Apply one action for whoever acts now, on the worker. A placement the player dragged
        (`offered=False`) may be refused: the reason is shown. An offered action that is
        refused is a rules bug: the error panel. False if nothing was started."""
        if self.busy or self.failed:
            return False

        def done(progress: jobs.Progress) -> None:
            if progress.refused is not None:
                self.say(progress.refused, bad=True)
            else:
                self._after(progress.events)

        self.run_rules(lambda c, p: jobs.apply_action(c, action, p, offered), "Resolving…",
                       done)
        return True

    def _after(self, events: list[Event]) -> None:
        self.version += 1
        self.log.add(events)
        self.tray.add(events)
        self.draft = None
        self.press = None
        self.dragging = False
        self.hovered_action = None
        self.last_placement = None
        self._preview_cache.clear()
        self._sight_cache.clear()
        self.message = ""
        self.panel.set_rect(self._list_rect())
        if self.controller.over and self.over_timer is None:
            self.over_timer = RESULTS_DELAY if self.app.animate else 0.0

    def ai_act(self, limit: int = 1, budget: float | None = None,
               same_turn: bool = False) -> bool:
        """AI decisions on the worker (one by default) until a human is to act."""
        if self.controller.over or self.controller.current_player() not in self.agents:
            return False
        agents, humans = self.agents, set(self.humans)
        self.run_rules(lambda c, p: jobs.play_ai(c, agents, humans, p, limit, budget, same_turn),
                       "The AI is thinking…", lambda p: self._after(p.events))
        return True

    def skip_ai(self) -> None:
        """Space: AI actions at once, up to the next human decision (or, when only AIs play,
        to the end of the current turn)."""
        self.tray.skip()
        if self.controller.over or any(w[3] == "skip" for w in self._waiting):
            return

        def done(progress: jobs.Progress) -> None:
            self._after(progress.events)
            self.tray.skip()
            self.ai_timer = self.app.ai_delay

        agents, humans = self.agents, set(self.humans)
        self.run_rules(lambda c, p: jobs.play_ai(c, agents, humans, p, jobs.SKIP_LIMIT,
                                                 same_turn=not humans),
                       "The AI is thinking…", done, kind="skip")

    def say(self, text: str, bad: bool = False) -> None:
        self.message = text
        self.message_bad = bad

    # --- events ----------------------------------------------------------------------------------
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
        if action is not None and self.is_human_turn():
            self.apply(action)

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
            self.open_why()
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
            ends = [a for a in self.legal() if a.kind == "end_phase"]
            if ends:
                self.apply(ends[0])
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
            self.open_why()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_at(1, self.view_rect.center)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_at(-1, self.view_rect.center)

    def open_why(self) -> None:
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

        return ConfirmLeaveScreen(self.app, "Leave the battle?", then)

    def open_pause(self) -> None:
        from game.ui.screens.overlays import PauseScreen

        self.app.push(PauseScreen(self.app, self))

    def concede(self) -> None:
        """The human (or, hot-seat, the player to act) concedes."""
        if self.controller.over:
            return
        player = self.controller.current_player()
        side = player if player in self.humans else min(self.humans, default=player)
        self.run_rules(lambda c, p: jobs.concede(c, side, p), "Resolving…",
                       lambda p: self._after(p.events))

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
        can_drag = unit is not None and bool(self._placements(unit))
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

    # --- dragging placements ---------------------------------------------------------------------
    def _placements(self, unit: str) -> list[Action]:
        return [a for a in self.legal() if a.unit == unit and a.placement]

    def _template(self, unit: str) -> Action | None:
        offered = self._placements(unit)
        if not offered:
            return None
        if self.last_placement in offered:
            return self.last_placement
        return offered[0]

    def _start_drag(self) -> None:
        press = self.press
        model = self.state.models[press.model]
        template = self._template(model.unit)
        if template is None:
            return
        if self.draft is None or self.draft.unit != model.unit:
            positions = {m.id: (m.x, m.y) for m in self.state.alive_models(model.unit)}
            self.draft = Draft(model.unit, template, positions)
            self.panel.set_rect(self._list_rect())
        elif self.draft.template != template:
            self.draft.template = template
        self.select(model.unit)
        self.dragging = True
        self.draft.anchor = self.camera.to_table(*press.pos)
        self.draft.grab = dict(self.draft.positions)
        self.draft.single = model.id if press.single else None

    def _drag_to(self, pos) -> None:
        draft = self.draft
        tx, ty = self.camera.to_table(*pos)
        dx, dy = tx - draft.anchor[0], ty - draft.anchor[1]
        movers = [draft.single] if draft.single else list(draft.grab)
        for mid in movers:
            x, y = draft.grab[mid]
            draft.positions[mid] = (x + dx, y + dy)
        draft.checked = False

    def check_draft(self) -> None:
        """Ask the rules about the dragged placement (the same check the apply makes)."""
        draft = self.draft
        if draft is None:
            return
        action = draft.action()
        try:
            draft.reason = self.controller.explain_illegal(action)
        except GameError as exc:
            draft.reason = str(exc)
        draft.notes = self._move_notes(action)
        draft.checked = True
        draft.since_check = 0.0

    def confirm_draft(self) -> None:
        draft = self.draft
        if draft is None or not self.is_human_turn():
            return
        if not draft.checked:
            self.check_draft()
        if draft.reason:
            self.say(draft.reason, bad=True)
            return
        self.apply(draft.action(), offered=False)

    def cancel_draft(self) -> None:
        self.draft = None
        self.dragging = False
        self.press = None
        self.panel.set_rect(self._list_rect())

    # --- previews --------------------------------------------------------------------------------
    def _move_notes(self, action: Action) -> dict[str, tuple[float, str]]:
        """Per moving model: (path length, note). The note is the allowance left when the
        ruleset says what it is (`move_allowance`), else the distance moved along its path."""
        allowance = hooks.move_allowance(self.ruleset, self.state, action)
        notes = {}
        for mid, dest in action.destinations().items():
            model = self.state.models.get(mid)
            if model is None or (model.x, model.y) == tuple(dest):
                continue
            try:
                length = self.controller.geo.path_length(self.state, model, dest)
            except Exception:
                length = None
            if length is None:
                notes[mid] = (float("inf"), "no path")
            elif allowance is not None:
                notes[mid] = (length, f'{allowance - length:.1f}" left')
            else:
                notes[mid] = (length, f'{length:.1f}"')
        return notes

    def notes_for_view(self, notes: dict[str, tuple[float, str]]) -> dict[str, str]:
        """Every model's note when zoomed in; zoomed out, only the furthest mover's."""
        if self.camera.scale >= ZOOMED_NOTES or len(notes) <= 1:
            return {mid: text for mid, (_, text) in notes.items()}
        mid, (_, text) = max(notes.items(), key=lambda item: item[1][0])
        return {mid: f"furthest: {text}"}

    def _paths(self, action: Action) -> dict[str, list]:
        route = getattr(self.controller.geo, "route", None)
        paths = {}
        for mid, dest in action.destinations().items():
            model = self.state.models.get(mid)
            if model is None or (model.x, model.y) == tuple(dest):
                continue
            points = None
            if route is not None:
                try:
                    found = route(self.state, model, dest)
                    points = list(found[1]) if found else None
                except Exception:
                    points = None
            paths[mid] = points or [(model.x, model.y), tuple(dest)]
        return paths

    def target_label(self, unit: str, target: str, kind: str, with_odds: bool = False) -> str:
        """'Name: 7.2"' and, before a charge roll when the ruleset gives odds, the chance to
        reach it (cached until the state changes: measuring is not free)."""
        key = ("label", unit, target, kind, with_odds)
        label = self._preview_cache.get(key)
        if label is not None:
            return label
        label = name = self.scene.names(self.state).get(target, target)
        try:
            distance = self.controller.geo.unit_distance(self.state, unit, target)
        except Exception:
            distance = None
        if distance is not None:
            label = f'{name}: {distance:.1f}"'
            odds = getattr(self.ruleset, "charge_odds", None)
            if odds is not None and with_odds:
                with contextlib.suppress(Exception):
                    label += f"  (charge odds {float(odds(distance)):.0%})"
        self._preview_cache[key] = label
        return label

    def preview(self, action: Action) -> dict:
        """What hovering an action shows on the table (cached per action and state)."""
        key = (action, self.version)
        cached = self._preview_cache.get(key)
        if cached is not None:
            return cached
        shown: dict = {"ghosts": {}, "paths": {}, "notes": {}, "targets": {}, "odds": "",
                       "facings": {}}
        if action.placement:
            shown["ghosts"] = action.destinations()
            facings = getattr(self.ruleset, "placement_facings", None)
            if facings is not None:
                shown["facings"] = facings(self.state, action)
            shown["paths"] = self._paths(action)
            shown["notes"] = self._move_notes(action)
        if action.unit and action.targets:
            for target in action.targets:
                shown["targets"][target] = self.target_label(action.unit, target, action.kind)
        elif (action.unit and "charge" in action.kind and not action.placement
              and getattr(self.ruleset, "charge_odds", None) is not None):
            reach = max((r for r, _ in self.ranges), default=12.0)
            side = self.state.units[action.unit].side
            for enemy in self.state.enemy_units(side):
                d = self.controller.geo.unit_distance(self.state, action.unit, enemy.id)
                if d <= reach:
                    shown["targets"][enemy.id] = self.target_label(action.unit, enemy.id,
                                                                   action.kind, with_odds=True)
            shown["odds"] = "; ".join(shown["targets"].values())
        shown["outcomes"] = self._outcomes(action)
        self._preview_cache[key] = shown
        return shown

    def _outcomes(self, action: Action) -> str:
        """The ruleset's exact odds for this choice, if it gives them (`action_odds(state,
        action, geo)` -> {target name: {outcome: probability}}), as one readable line."""
        hook = getattr(self.ruleset, "action_odds", None)
        if hook is None:
            return ""
        warmed = self._preview_cache.get(("outcomes", self.version))  # the worker's
        if warmed is not None and action in warmed:
            return warmed[action]
        return jobs.outcomes_text(hook(self.state, action, self.controller.geo))

    def offered_targets(self) -> dict[str, str]:
        """Every unit some offered action targets, lit with its distance (and odds)."""
        cached = self._preview_cache.get("offered")
        if cached is not None:
            return cached
        out: dict[str, str] = {}
        for action in self.legal():
            if action.unit and action.targets:
                for target in action.targets:
                    if target not in out:
                        out[target] = self.target_label(action.unit, target, action.kind)
        self._preview_cache["offered"] = out
        return out

    def sight_lines(self) -> list:
        if not (self.sight_mode and self.selected and self.hovered_model) or self.busy:
            return []
        target = self.state.models.get(self.hovered_model)
        if target is None or target.unit == self.selected:
            return []
        key = (self.selected, self.hovered_model, self.version)
        lines = self._sight_cache.get(key)
        if lines is None:
            lines = []
            for m in self.state.alive_models(self.selected):
                try:
                    clear = self.controller.geo.line_of_sight(self.state, m, target)
                except Exception:
                    clear = False
                lines.append(((m.x, m.y), (target.x, target.y), clear))
            self._sight_cache = {key: lines}
        return lines

    def ruler_overlay(self):
        if self.ruler is None:
            return None
        start, end, start_model, _ = self.ruler
        geo, s = self.controller.geo, self.state
        straight = math.dist(start, end)
        a = s.models.get(start_model) if start_model else None
        end_model = model_at(s, self.camera, self.camera.to_screen(*end))
        try:
            if a is not None and end_model is not None and end_model.id != a.id:
                text = f'{geo.distance(a, end_model):.1f}" edge to edge'
            elif a is not None:
                text = f'{geo.point_distance(a, end):.1f}" from the base edge'
            else:
                text = f'{straight:.1f}"'
        except Exception:
            text = f'{straight:.1f}"'
        return (start, end, text)

    def holders(self) -> list:
        """Who holds each objective (cached per state version)."""
        if self._score_cache is None or self._score_cache[0] != self.version:
            if self.busy:
                return []
            holders = hooks.objective_holders(self.controller)
            try:
                score = tuple(self.controller.score())
            except Exception:
                score = ()
            self._score_cache = (self.version, score, holders)
        return self._score_cache[2]

    def score(self) -> tuple:
        self.holders()
        return self._score_cache[1] if self._score_cache else ()

    def overlays(self) -> Overlays:
        o = Overlays(selected_unit=self.selected, hovered_model=self.hovered_model,
                     rings=self.ranges if self.selected else (), holders=self.holders(),
                     clock=self.clock)
        if self.draft is not None:
            o.ghosts = dict(self.draft.positions)
            o.ghost_ok = self.draft.reason is None
            o.ghost_notes = self.notes_for_view(self.draft.notes)
            o.hide_moving = True
            o.acting_unit = self.draft.unit
            o.targets = {t: self.target_label(self.draft.unit, t, self.draft.template.kind)
                         for t in self.draft.template.targets}
        elif self.hovered_action is not None and not self.busy:
            shown = self.preview(self.hovered_action)
            o.acting_unit = self.hovered_action.unit
            o.ghosts, o.paths = shown["ghosts"], shown["paths"]
            o.ghost_facings = shown["facings"]
            o.ghost_notes = self.notes_for_view(shown["notes"])
            o.targets = shown["targets"]
        else:
            o.targets = self.offered_targets()
        o.sight = self.sight_lines()
        o.ruler = self.ruler_overlay()
        o.base_marks = self.base_marks()
        return o

    def base_marks(self) -> dict[str, str]:
        """The ruleset's per-base marks (`base_marks(state, geo)`), once per state."""
        hook = getattr(self.ruleset, "base_marks", None)
        if hook is None:
            return {}
        key = ("marks", self.version)
        if key not in self._preview_cache:
            if self.busy:
                return {}
            self._preview_cache[key] = dict(hook(self.state, self.controller.geo))
        return self._preview_cache[key]

    # --- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.tray.update(dt)
        self._pan_keys(dt)
        if self.busy or self.failed:  # the controller is the worker's: nothing is decided now
            return
        if self.over_timer is not None:
            self.over_timer -= dt
            if self.over_timer <= 0:
                self.show_results()
                return
        if not self.controller.over and not self.is_human_turn():
            self._run_ai(dt)
        self._check_hand_over()
        self._refresh_panel()
        action = self.hovered_choice(self.app.mouse)
        if action is not self.hovered_action and action != self.hovered_action:
            self.hovered_action = action
            if action is not None and action.placement:
                self.last_placement = action
        if self.draft is not None and not self.draft.checked:
            self.draft.since_check += dt
            if self.draft.since_check >= CHECK_INTERVAL or not self.dragging:
                self.check_draft()
        self._show_draft_buttons()

    def hovered_choice(self, mouse) -> Action | None:
        """The offered action whose button is under the mouse (its preview is drawn)."""
        return self.panel.action_at(mouse) if self.panel.rect.collidepoint(mouse) else None

    def _run_ai(self, dt: float) -> None:
        if self.app.ai_delay <= 0:  # as fast as it goes: a batch of decisions per job
            if self.app.worker.wait:
                self.ai_act(limit=AI_BATCH)
            else:
                self.ai_act(limit=jobs.SKIP_LIMIT, budget=AI_BUDGET)
            return
        if self.tray.rolling:
            return
        self.ai_timer -= dt
        if self.ai_timer <= 0:
            self.ai_act()
            self.ai_timer = self.app.ai_delay

    def _check_hand_over(self) -> None:
        if self.config.mode != HOT_SEAT or self.controller.over or not self.is_human_turn():
            return
        player = self.controller.current_player()
        if self.last_human is not None and player != self.last_human:
            from game.ui.screens.overlays import HandOverScreen

            self.last_human = player
            self.draft = None
            self.selected = None
            self.app.push(HandOverScreen(self.app, self.state.sides[player].name, player))
        self.last_human = player

    def _refresh_panel(self) -> None:
        key = (self.version, self.controller.current_player(), self.is_human_turn())
        if key == self._panel_key:
            return
        self._panel_key = key
        legal = self.legal()
        ready = self._ready_values
        if ready is not None and ready[0] == self.version:
            self._values = dict(ready[1])  # the worker's, for these same offers
        else:
            self._values = jobs.action_values(self.controller, legal) if legal else {}
        names = self.scene.names(self.state)
        groups: dict[str | None, Group] = {}
        for action in legal:
            unit = action.unit if action.unit in self.state.units else None
            if unit not in groups:
                if unit is None:
                    groups[unit] = Group("Phase", None, None, [])
                else:
                    groups[unit] = Group(names.get(unit, unit), self.state.units[unit].side,
                                         unit, [])
            note = (f"expected: {self._values[action]:.2f}" if action in self._values else "")
            groups[unit].actions.append((action, note))
        ordered = [g for u, g in groups.items() if u is not None]
        if None in groups:
            ordered.append(groups[None])
        self.panel.set_rect(self._list_rect())
        self.panel.set_groups(ordered, bool(self._values))
        if self.selected in groups:
            self.panel.scroll_to_unit(self.selected)
        elif self.is_human_turn():
            units = [g.unit for g in ordered if g.unit]
            if len(units) == 1:
                self.select(units[0])

    def _show_draft_buttons(self) -> None:
        show = self.draft is not None and self.is_human_turn()
        for button in (self.confirm_button, self.cancel_button):
            if show and not button.visible:
                button.show()
            elif not show and button.visible:
                button.hide()
        if show:
            if self.draft.reason or not self.draft.checked:
                self.confirm_button.disable()
            else:
                self.confirm_button.enable()

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

    def show_results(self) -> None:
        from game.ui.screens.results import ResultsScreen

        self.over_timer = None
        self.app.replace_all(ResultsScreen(self.app, self.controller, self.config))

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.scene.draw(surface, self.camera, self.state, self.overlays())
        self._draw_card(surface)
        self._draw_info(surface)
        self._draw_view_notes(surface)
        self._draw_top(surface)
        self._draw_decisions(surface)
        self.tray.draw(surface, self.tray_rect)
        self.log.draw(surface, self.log_rect)
        if self.job_started is not None and (
                time.perf_counter() - self.job_started >= SPINNER_DELAY):
            draw_spinner(surface, self.view_rect, self.job_label, self.clock)

    def info_sections(self) -> list[tuple[str, list[str]]]:
        """What the ruleset wants on the table's info box (`info_panel(state, geo)` -> [(title,
        [lines])]: a deck, the odds of the coming melee round...), worked out once per state."""
        hook = getattr(self.ruleset, "info_panel", None)
        if hook is None:
            return []
        key = ("info", self.version)
        if key not in self._preview_cache:
            if self.busy:  # the worker has the table: shown once the step is done
                return []
            self._preview_cache[key] = list(hook(self.state, self.controller.geo))
        return self._preview_cache[key]

    def _draw_info(self, surface) -> None:
        sections = self.info_sections()
        if not sections:
            return
        text = shared_text()
        width = min(420, self.view_rect.width - 24)
        lines: list[tuple[str, bool]] = []
        for title, body in sections:
            lines.append((title, True))
            for line in body:
                lines.extend((part, False) for part in text.wrap(line, width - 20, 12))
        box = pygame.Rect(self.view_rect.x + 10, self.view_rect.y + 10, width,
                          16 + 17 * len(lines))
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((20, 24, 30, 215))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, palette.PANEL_EDGE, box, 1, border_radius=6)
        y = box.y + 8
        for line, heading in lines:
            text.blit(surface, line, (box.x + 10, y), size=13 if heading else 12,
                      color=palette.HIGHLIGHT if heading else palette.TEXT, bold=heading)
            y += 17

    def _draw_top(self, surface) -> None:
        text = shared_text()
        pygame.draw.rect(surface, palette.PANEL, self.top_rect)
        pygame.draw.line(surface, palette.PANEL_EDGE, self.top_rect.bottomleft,
                         self.top_rect.bottomright)
        s = self.state
        phase = str(s.phase).replace("_", " ").capitalize()
        head = f"Round {s.round}/{s.scenario.rounds} · {phase} · {s.sides[s.active].name}"
        score = self.score()
        labels = []
        for side in s.sides:
            points = score[side.index] if side.index < len(score) else 0
            labels.append((f"{side.name}: {points:g} VP, {len(side.casualties)} lost",
                           palette.side_light(side.index)))
        room = self.tools_left - 20

        def width(size: int, head_size: int) -> int:
            return (text.size(head, head_size, True)[0] + 28
                    + sum(text.size(label, size, True)[0] + 20 for label, _ in labels))

        if width(14, 15) <= room:  # one line: the turn, then the scores
            rect = text.blit(surface, head, (12, TOP_BAR // 2), size=15, color=palette.TEXT,
                             bold=True, anchor="midleft")
            x, y, size = rect.right + 28, TOP_BAR // 2, 14
        else:  # narrow window: the turn above, the scores below
            text.blit(surface, head, (12, 12), size=13, color=palette.TEXT, bold=True,
                      anchor="midleft")
            x, y, size = 12, 31, 12
        for label, color in labels:
            rect = text.blit(surface, _clip(label, max(40, room - x), size), (x, y), size=size,
                             color=color, bold=True, anchor="midleft")
            x = rect.right + 18

    def _draw_decisions(self, surface) -> None:
        text = shared_text()
        rect = self.decide_rect
        pygame.draw.rect(surface, palette.PANEL, rect)
        pygame.draw.line(surface, palette.PANEL_EDGE, rect.topleft, rect.bottomleft)
        player = self.controller.current_player()
        x, y = rect.x + 12, rect.y + 8
        if self.controller.over:
            text.blit(surface, "The battle is over.", (x, y), size=16, color=palette.HIGHLIGHT,
                      bold=True)
        elif player is not None:
            side = self.state.sides[player]
            who = "your decision" if self.is_human_turn() else "AI is playing"
            if self.config.mode == HOT_SEAT:
                who = "player's decision"
            text.blit(surface, f"{side.name}: {who}", (x, y), size=16,
                      color=palette.side_light(player), bold=True)
            if not self.is_human_turn():
                hint = "Space: skip to your decision" if self.humans else \
                    "Space: skip to the end of this turn"
                text.blit(surface, hint, (x, y + 24), size=13, color=palette.TEXT_DIM)
            else:
                text.blit(surface, "Hover a choice to preview it; drag a unit to place it "
                          "yourself.", (x, y + 24), size=12, color=palette.TEXT_DIM)
        note, color = self._hint()
        if note:
            lines = text.wrap(note, rect.width - 24, 13)[:3]
            for i, line in enumerate(lines):
                text.blit(surface, line, (x, y + 46 + i * 17), size=13, color=color)
        pygame.draw.line(surface, palette.PANEL_EDGE, (rect.x + 8, self.panel.rect.y - 3),
                         (rect.right - 8, self.panel.rect.y - 3))
        self.panel.draw(surface, self.hovered_action, self.selected)
        if self.draft is not None and self.is_human_turn():
            self._draw_draft(surface)

    def _hint(self) -> tuple[str, tuple]:
        if self.message:
            return self.message, palette.TEXT_BAD if self.message_bad else palette.TEXT
        if self.hovered_action is not None and not self.busy:
            shown = self.preview(self.hovered_action)
            if shown["outcomes"]:
                return "Exact odds " + shown["outcomes"], palette.HIGHLIGHT
            if shown["odds"]:
                return "In charge range: " + shown["odds"], palette.HIGHLIGHT
            if shown["targets"]:
                return "Targets: " + "; ".join(shown["targets"].values()), palette.HIGHLIGHT
        from game.ui.screens.saves import undo_hint  # what Ctrl+Z would take back, and why not more

        return undo_hint(self), palette.TEXT_DIM

    def _draw_draft(self, surface) -> None:
        text = shared_text()
        draft = self.draft
        top = self.decide_rect.bottom - DRAFT_HEIGHT
        box = pygame.Rect(self.decide_rect.x + 6, top, RIGHT_WIDTH - 12, DRAFT_HEIGHT - 4)
        pygame.draw.rect(surface, (26, 30, 36), box, border_radius=6)
        pygame.draw.rect(surface, palette.PANEL_EDGE, box, 1, border_radius=6)
        kind = draft.template.kind.replace("_", " ")
        if draft.template.option and draft.template.option not in ("auto",):
            kind += f" ({draft.template.option.replace('_', ' ')})"
        names = self.scene.names(self.state)
        title = f"Your {kind}: {names.get(draft.unit, draft.unit)}"
        if draft.template.targets:
            title += " against " + ", ".join(names.get(t, t) for t in draft.template.targets)
        text.blit(surface, _clip(title, box.width - 16), (box.x + 8, box.y + 6), size=13,
                  color=palette.TEXT, bold=True)
        if not draft.checked:
            status, color = "Checking…", palette.TEXT_DIM
        elif draft.reason:
            status, color = draft.reason, palette.TEXT_BAD
        else:
            status, color = "Legal: press Enter or Confirm.", palette.TEXT_GOOD
        for i, line in enumerate(text.wrap(status, box.width - 16, 12)[:3]):
            text.blit(surface, line, (box.x + 8, box.y + 25 + i * 15), size=12, color=color)

    def _draw_card(self, surface) -> None:
        """The hovered model's profile and its unit's status, explained."""
        model = self.state.models.get(self.hovered_model) if self.hovered_model else None
        if model is None:
            return
        text = shared_text()
        unit = self.state.units[model.unit]
        names = self.scene.names(self.state)
        width = 300
        lines: list[tuple[str, int, tuple, bool]] = []
        lines.append((model.name, 15, palette.side_light(model.side), True))
        alive = len(self.state.alive_models(unit.id))
        lines.append((f"{names.get(unit.id, unit.name)} · {self.state.sides[unit.side].name} · "
                      f"{alive}/{len(unit.models)} models", 12, palette.TEXT_DIM, False))
        base = model.base
        lines.append((f"Wounds {model.wounds}/{model.max_wounds} · base {base.to_text()} mm",
                      12, palette.TEXT, False))
        described = getattr(self.ruleset, "model_lines", None)  # the ruleset's plain words
        if described is not None:
            for entry in described(self.state, model.id):
                for line in text.wrap(entry, width - 16, 12):
                    lines.append((line, 12, palette.TEXT, False))
        else:
            numbers = [f"{k}\u00a0{v}" for k, v in model.profile.items()
                       if isinstance(v, int | float) and not isinstance(v, bool)]
            words = [f"{k}: {', '.join(map(str, v)) if isinstance(v, list | tuple) else v}"
                     for k, v in model.profile.items() if isinstance(v, str | list | tuple)]
            for line in text.wrap("   ".join(numbers), width - 16, 13, True):
                lines.append((line, 13, palette.TEXT, True))
            for word in words:
                lines.append((word, 12, palette.TEXT, False))
        statuses = explain.status_lines(unit.flags, model.statuses, self.ruleset)
        if statuses:
            lines.append(("Status", 12, palette.HIGHLIGHT, True))
            for status in statuses:
                for line in text.wrap(status, width - 24, 12):
                    lines.append(("  " + line, 12, (235, 225, 200), False))
        height = sum(size + 6 for _, size, _, _ in lines) + 12
        box = pygame.Rect(self.view_rect.x + 10, self.view_rect.y + 10, width, height)
        if self.camera.to_screen(model.x, model.y)[0] < self.view_rect.centerx:
            box.x = self.view_rect.right - width - 10  # the side away from the model
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((14, 16, 20, 228))
        surface.blit(panel, box)
        pygame.draw.rect(surface, palette.side_fill(model.side), box, 2, border_radius=4)
        y = box.y + 8
        for line, size, color, bold in lines:
            text.blit(surface, line, (box.x + 10, y), size=size, color=color, bold=bold)
            y += size + 6

    def _draw_view_notes(self, surface) -> None:
        text = shared_text()
        notes = []
        if self.ruler_active:
            notes.append("Ruler: drag on the table to measure (edge to edge from a base).")
        if self.sight_mode:
            notes.append("Line of sight: select a unit, hover an enemy model." if not
                         self.selected else "Line of sight: hover a model (green = seen).")
        lines = self.sight_lines()
        if lines:
            seen = sum(1 for _, _, clear in lines if clear)
            notes.append(f"{seen} of {len(lines)} models can see the target.")
        y = self.view_rect.bottom - 8
        for note in reversed(notes):
            rect = text.blit(surface, note, (self.view_rect.centerx, y), size=13,
                             color=palette.TEXT, anchor="midbottom", backdrop=(0, 0, 0, 170))
            y = rect.top - 4

    def close(self) -> None:
        self.closed = True
        super().close()
        self.panel.clear()
        self._preview_cache.clear()
        self._sight_cache.clear()


def _clip(value: str, width: int, size: int = 13) -> str:
    """Cut (bold) text to a width, with an ellipsis."""
    return shared_text().clip(value, width, size, True)


__all__ = ["BattleScreen", "VS_AI"]
