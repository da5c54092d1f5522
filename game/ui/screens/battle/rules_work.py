"""The battle screen's rules work on the worker thread: lend the controller, read a copy.

Why a mixin of its own: the battle screen draws and handles input; this is the one place that
decides when the controller is the worker's. `run_rules` hands the real controller to a job and
puts a `FrozenController` (a copy of the state, nothing offered, no table) in its place, so no
drawing or input code can read what the worker mutates. The result comes back on the main
thread; a job that raised opens the error panel, naming what failed.
"""

from __future__ import annotations

import time

from game.ui import jobs
from game.ui.worker import FrozenController


class RulesWork:
    """Mixed into the battle screen (which has `app`, `controller`, `humans`, `config`, the
    log, the tray and the per-state caches)."""

    def init_rules_work(self) -> None:
        self._lent = None  # the real controller while a job has it
        self._waiting: list[tuple] = []  # work asked for while a job runs, started in order
        self.job_label = ""
        self.job_started: float | None = None
        self.failed = False
        self.closed = False

    @property
    def busy(self) -> bool:
        """A job has the controller (the screen reads a frozen copy)."""
        return self._lent is not None

    def run_rules(self, work, label: str, then, kind: str = "step") -> None:
        """Lend the controller to the worker for `work(controller, progress)`, then call
        `then(progress)` here, on the main thread. Asked while a job runs: starts after it."""
        if self.failed or self.closed:
            return
        if self.busy:
            self._waiting.append((work, label, then, kind))
            return
        real = self._lent = self.controller
        self.controller = FrozenController(real)
        humans = set(self.humans)
        progress = jobs.Progress()

        def run() -> jobs.Progress:
            work(real, progress)
            progress.warmed = jobs.warm(real, humans)
            return progress

        self.job_label = label
        self.job_started = time.perf_counter()
        self.app.worker.submit(run, lambda job: self._rules_done(job, real, progress, then),
                               self.job_label)

    def _rules_done(self, job, real, progress: jobs.Progress, then) -> None:
        if self.closed:
            return
        self._lent = None
        self.job_started = None
        if job.failed:
            self.failed = True  # the frozen copy stays: the real state may be half-changed
            if progress.events:
                self.log.add(progress.events)
                self.tray.add(progress.events)
            self.app.fail(job.error, job.trace, **self.failure_context(real, progress))
            return
        self.controller = real
        then(progress)
        self._use_warmed(progress.warmed)
        if self._waiting:
            self.run_rules(*self._waiting.pop(0))

    def _use_warmed(self, warmed: dict) -> None:
        """What the worker worked out after the step fills the caches of this state."""
        if "holders" in warmed:
            self._score_cache = (self.version, warmed.get("score", ()), warmed["holders"])
        if "info" in warmed:
            self._preview_cache[("info", self.version)] = warmed["info"]
        if "outcomes" in warmed:
            self._preview_cache[("outcomes", self.version)] = warmed["outcomes"]
        if "marks" in warmed:
            self._preview_cache[("marks", self.version)] = warmed["marks"]
        if "values" in warmed:
            self._ready_values = (self.version, warmed["values"])

    def failure_context(self, real=None, progress: jobs.Progress | None = None) -> dict:
        """What the error panel names: ruleset, seed, decision, side, action, the replay so
        far. Without `real`, from what the screen may read (the frozen copy while busy)."""
        from game.turn import TurnController

        c = real if real is not None else self.controller
        side = progress.side if progress is not None else None
        if side is None:
            try:
                side = c.current_player()
            except Exception:
                side = None
        sides = c.state.sides
        cfg = self.config
        action = action_full = ""
        decision = jobs.decision_number(c)
        if progress is not None:
            action = jobs.describe_action(progress.action)
            action_full = jobs.describe_action(progress.action, full=True)
            if jobs.in_automatic_steps(c, progress):
                decision = jobs.decision_number(c, progress.history_at)
                note = " (accepted; an automatic step after it failed)"
                action, action_full = action + note, action_full + note
        return {"what": progress.what if progress is not None else "client",
                "ruleset": c.ruleset.id, "seed": c.seed, "decision": decision,
                "side": sides[side].name if side is not None and side < len(sides) else "",
                "action": action, "action_full": action_full,
                "record": TurnController.replay_record(c),
                "menu": {"ruleset": cfg.ruleset, "map_path": cfg.map_path, "mode": cfg.mode,
                         "human_side": cfg.human_side, "ai": cfg.ai, "sides": cfg.sides}}
