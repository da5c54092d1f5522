"""Pace: how fast the AI and the automatic steps play (the `ai_pace` setting, `app.settings`).

Why: a new player follows a battle only if it unfolds at a speed they can read. At slow,
normal and fast the AI acts one decision at a time, the acting unit is highlighted, a move is
animated along its path and a roll stays in the tray a while (longer the more dice) before the
next decision; instant plays in batches as the test mode does. The app's AI delay is the pace's
(`settings.PACES`; a client started with a delay of its own, as the tests are, keeps it until the
pace is changed), and the move and reading times scale with it. `P` cycles the pace and keeps it
in the settings file; Space still skips to the next decision.
"""

from __future__ import annotations

import pygame

from game.core.events import DiceRolled, Event, UnitMoved
from game.ui import jobs, settings
from game.ui.screens.battle.turns import AI_BATCH, AI_BUDGET
from game.ui.words import _

READ_PER_ROLL = 0.35  # extra seconds of the AI's delay per roll shown, up to READ_ROLLS rolls
READ_ROLLS = 4
MOVE_TIME = 0.6  # seconds a move takes on screen at normal pace


class PaceMixin:
    """The AI's pace and the move animation (part of `BattleScreen`)."""

    def init_pace(self) -> None:
        self.pace = self.app.settings.ai_pace
        self.acting_unit: str | None = None
        self.moving: dict[str, tuple[float, float, float, float]] = {}
        self.move_clock = 0.0
        self.move_time = 0.0

    @property
    def pace_factor(self) -> float:
        """The AI's delay against the normal pace's (slow 2, normal 1, fast 0.4, instant 0)."""
        return self.app.ai_delay / settings.PACES["normal"]

    def pace_delay(self) -> float:
        return self.app.ai_delay

    def set_pace(self, pace: str) -> None:
        self.pace = pace
        self.app.settings.ai_pace = pace
        problem = self.app.apply_settings()
        name = _(settings.PACE_NAMES.get(pace, pace)).lower()
        self.say(problem or _("AI pace: {pace} (P changes it)").format(pace=name),
                 bad=bool(problem))

    def cycle_pace(self) -> None:
        order = list(settings.PACES)
        self.set_pace(order[(order.index(self.pace) + 1) % len(order)]
                      if self.pace in order else "normal")

    # --- hooks on the battle screen ----------------------------------------------------------
    def _run_ai(self, dt: float) -> None:
        delay = self.pace_delay()
        if delay <= 0:  # as fast as it goes: a batch of decisions per job
            limit = 1 if self.step_mode_on else (AI_BATCH if self.app.worker.wait
                                                 else jobs.SKIP_LIMIT)
            self.ai_act(limit=limit, budget=None if self.app.worker.wait else AI_BUDGET)
            return
        if self.tray.rolling or self.moving:
            return
        self.ai_timer -= dt
        if self.ai_timer <= 0:
            self.ai_act()
            self.ai_timer = delay

    def _after(self, events: list[Event]) -> None:
        super()._after(events)
        self.paced(events)

    def paced(self, events: list[Event]) -> None:
        """What a decision just did, at the chosen pace: who acted, the move, time to read."""
        moved = [e for e in events if isinstance(e, UnitMoved) and e.moves]
        named = next((e.unit for e in events if getattr(e, "unit", "") in self.state.units),
                     None)
        self.acting_unit = named
        delay = self.pace_delay()
        if delay <= 0 or not self.app.animate:
            self.moving = {}
            return
        rolls = sum(1 for e in events if isinstance(e, DiceRolled) and e.values)
        self.ai_timer = max(self.ai_timer, delay + READ_PER_ROLL * self.pace_factor
                            * min(rolls, READ_ROLLS))
        self.moving = {}
        for e in moved:
            for model, x0, y0, x1, y1 in e.moves:
                self.moving.setdefault(model, (x0, y0, x1, y1))
        self.move_clock = 0.0
        self.move_time = MOVE_TIME * self.pace_factor

    def update_pace(self, dt: float) -> None:
        if self.moving:
            self.move_clock += dt
            if self.move_clock >= self.move_time:
                self.moving = {}

    def skip_ai(self) -> None:
        self.moving = {}
        super().skip_ai()

    def overlays(self):
        o = super().overlays()
        if o.acting_unit is None and self.acting_unit in self.state.units \
                and not self.is_human_turn():
            o.acting_unit = self.acting_unit
        return o

    def moving_positions(self) -> dict[str, tuple[float, float]]:
        """Where the models of the move being animated are drawn this frame."""
        if not self.moving or self.move_time <= 0:
            return {}
        t = min(1.0, self.move_clock / self.move_time)
        t = t * t * (3 - 2 * t)  # eased
        return {m: (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
                for m, (x0, y0, x1, y1) in self.moving.items()}

    def pace_key(self, event) -> bool:
        if event.key == pygame.K_p and not event.mod & pygame.KMOD_CTRL:
            self.cycle_pace()
            return True
        return False
