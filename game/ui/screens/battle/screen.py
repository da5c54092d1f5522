"""The battle screen itself: what it is made of and the frame loop; each concern is a mixin of
its own module in this package.

Generic by design: it draws whatever state the ruleset keeps, offers whatever `legal_actions`
returns (buttons; drags with live validation by `explain_illegal` for placements) and reads
what happened from the events. Optional ruleset hooks add information when present:
`charge_odds(distance)`, `action_value(state, action, geo)`, `move_allowance(state, action)`,
`objective_holders(state, geo)`, `overlay_ranges` and `status_help`.

Where to look:
- `layout.py`: the window's regions and fixed buttons;
- `input.py`: mouse and keys to intents;
- `drafting.py`: the placement being dragged and its live check;
- `preview.py`: what a hovered or dragged choice shows, overlays, cached per state;
- `panels.py`: top bar, decision column, draft box; `decision_list.py` the list of buttons;
- `drawing.py`: the table, the model card, info box, notes, spinner;
- `turns.py`: applying actions, AI turns, hand-over, results;
- `step_mode.py`: step mode (a pause after each rule step); `pace.py`: the AI's pace;
- `odds_chart.py`: both sides' outcome distributions before a charge or attack;
- `why.py`: "why?" on log lines, options not offered, F1 for the rules reference;
- `rules_work.py`: lending the controller to the worker thread (a job that raises opens the
  error panel, `game.ui.screens.error`, instead of ending the client).
"""

from __future__ import annotations

from game import ai as agents
from game import rulesets
from game.core.actions import Action
from game.core.i18n import N_
from game.i18n import set_ruleset
from game.ui.base import Screen
from game.ui.config import BattleConfig
from game.ui.render.board import Board
from game.ui.render.dice import DiceTray
from game.ui.render.log import BattleLog
from game.ui.render.scene import Scene
from game.ui.screens.battle.drafting import CHECK_INTERVAL, Draft, DraftingMixin, Press
from game.ui.screens.battle.drawing import DrawingMixin
from game.ui.screens.battle.input import InputMixin
from game.ui.screens.battle.layout import LayoutMixin
from game.ui.screens.battle.odds_chart import OddsChartMixin
from game.ui.screens.battle.pace import PaceMixin
from game.ui.screens.battle.panels import PanelsMixin
from game.ui.screens.battle.preview import DEFAULT_RANGES, PreviewMixin
from game.ui.screens.battle.rules_work import RulesWork
from game.ui.screens.battle.step_mode import StepModeMixin
from game.ui.screens.battle.turns import TurnsMixin
from game.ui.screens.battle.why import WhyMixin


class BattleScreen(OddsChartMixin, WhyMixin, StepModeMixin, PaceMixin, InputMixin, DraftingMixin,
                   PreviewMixin, PanelsMixin, DrawingMixin, TurnsMixin, LayoutMixin, RulesWork,
                   Screen):
    """The table, the decision panel, the dice tray and the log of one battle."""

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
        set_ruleset(self.ruleset.id)  # its own words first where rulesets differ (game.i18n)
        state = controller.state
        from game.ui.seats import player_name, seats_for  # who plays each side

        seats = seats_for(config, len(state.sides))
        self.humans = {side for side, seat in enumerate(seats) if seat.human}
        self.agents = {side: agents.make(seat.who, config.seed * 31 + side + 1)
                       for side, seat in enumerate(seats) if not seat.human}
        self.player_names = {side: player_name(seat, side) for side, seat in enumerate(seats)
                             if seat.human}
        self.board = Board(controller.scenario, config.map_path or controller.scenario.source)
        self.scene = Scene(self.board, self.ruleset)
        self.tray = DiceTray(animate=app.animate, seed=config.seed)
        self.log = BattleLog(N_("Battle log  ·  seed {seed}"), seed=config.seed)
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
        self.list_hold: tuple[float, tuple[int, int]] | None = None  # see panels.HOLD_AFTER_CLICK
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
        self.init_step_mode()
        self.init_pace()
        self.init_odds()
        self._build_layout()
        self.last_human = self.controller.current_player() if self.is_human_turn() else None
        self.attach_timeline()

    def attach_timeline(self) -> None:
        """The battle's timeline: undo and autosave (a lesson keeps none: it has its own)."""
        from game.ui.screens.saves import attach

        attach(self)

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

    def update(self, dt: float) -> None:
        self.clock += dt
        self.tray.update(dt)
        self.update_step(dt)
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

    def language_changed(self) -> None:
        """The log's lines and every widget again, in the language now shown."""
        self.log.relanguage()
        self.board.forget_pictures()
        self.tray = DiceTray(animate=False, seed=self.config.seed)
        self.tray.add(self.controller.events[-80:])
        self.tray.animate = self.app.animate
        self._preview_cache.clear()
        super().language_changed()

    def close(self) -> None:
        self.closed = True
        super().close()
        self.panel.clear()
        self._preview_cache.clear()
        self._sight_cache.clear()
