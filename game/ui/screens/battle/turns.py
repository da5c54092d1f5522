"""Who acts and how: a player's action and the AI's turns run on the worker (`rules_work.py`),
what follows them (log, tray, caches), hot-seat hand-over, conceding and the results screen.
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.events import Event
from game.core.i18n import N_
from game.ui import jobs
from game.ui.words import translate

RESULTS_DELAY = 1.2
AI_BUDGET = 0.05  # seconds of AI work per job when the AI plays without a delay
AI_BATCH = 25  # decisions per job instead, in the test mode (the same in every run)


class TurnsMixin:
    """Acting, AI turns and hand-over (part of `BattleScreen`)."""

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

        self.run_rules(lambda c, p: jobs.apply_action(c, action, p, offered), N_("Resolving…"),
                       done)
        return True

    def _after(self, events: list[Event]) -> None:
        self.app.sound.on_events(events)
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
                       N_("The AI is thinking…"), lambda p: self._after(p.events))
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
                       N_("The AI is thinking…"), done, kind="skip")

    def say(self, text: str, bad: bool = False) -> None:
        self.message = text
        self.message_bad = bad

    def concede(self) -> None:
        """The human (or, hot-seat, the player to act) concedes."""
        if self.controller.over:
            return
        player = self.controller.current_player()
        side = player if player in self.humans else min(self.humans, default=player)
        self.run_rules(lambda c, p: jobs.concede(c, side, p), N_("Resolving…"),
                       lambda p: self._after(p.events))

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
        if len(self.humans) < 2 or self.controller.over or not self.is_human_turn():
            return
        player = self.controller.current_player()
        if self.last_human is not None and player != self.last_human:
            from game.ui.screens.overlays import HandOverScreen

            self.last_human = player
            self.draft = None
            self.selected = None
            self.app.push(HandOverScreen(self.app, translate(self.state.sides[player].name), player,
                                         self.player_names.get(player, "")))
        self.last_human = player

    def show_results(self) -> None:
        from game.ui.screens.results import ResultsScreen

        self.over_timer = None
        self.app.replace_all(ResultsScreen(self.app, self.controller, self.config))
