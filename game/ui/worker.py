"""Rules work off the drawing thread: one worker thread, jobs in order, results by a queue.

Why: a single rules step or AI decision can take seconds (a cards `apply` took 3.1 s), and the
window must keep drawing meanwhile. The rules core is pure Python and never touches pygame, so
the only rule is that the screen never reads the controller while a job mutates it: the battle
screen lends the controller to the job and reads a frozen copy (`FrozenController`) until the
result comes back through the queue, on the main thread, in `Worker.poll`.

Tests want the same results in the same frames: with `wait=True` (the app's test mode) `poll`
waits for every submitted job, so a job started in a frame is finished and delivered in it.
"""

from __future__ import annotations

import queue
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Job:
    """One piece of rules work. `error`/`trace` are set if `run` raised."""

    run: Callable[[], Any]
    done: Callable[[Job], None] | None = None
    label: str = "Resolving…"
    result: Any = None
    error: BaseException | None = None
    trace: str = ""
    submitted: float = field(default_factory=time.perf_counter)
    cpu: float = 0.0  # CPU time the job's thread spent on it
    finished: bool = False
    cancelled: bool = False

    @property
    def failed(self) -> bool:
        return self.error is not None


class Worker:
    """A daemon thread running jobs one after the other (so two jobs never share a controller);
    finished jobs wait in a queue until the main thread calls `poll`."""

    def __init__(self, wait: bool = False):
        self.wait = wait
        self._todo: queue.Queue[Job | None] = queue.Queue()
        self._done: queue.Queue[Job] = queue.Queue()
        self._outstanding = 0  # submitted and not yet delivered (main thread only)
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.longest_job = 0.0  # CPU seconds of the longest job delivered (benchmarks)

    @property
    def busy(self) -> bool:
        return self._outstanding > 0

    def submit(self, run: Callable[[], Any], done: Callable[[Job], None] | None = None,
               label: str = "Resolving…") -> Job:
        job = Job(run, done, label)
        self._outstanding += 1
        self._start()
        self._todo.put(job)
        return job

    def poll(self, wait: bool | None = None) -> int:
        """Deliver finished jobs (their `done` runs here, on the main thread). In wait mode,
        first wait for every submitted job. Returns how many were delivered."""
        wait = self.wait if wait is None else wait
        delivered = 0
        while self._outstanding:
            try:
                job = self._done.get(block=wait)
            except queue.Empty:
                break
            self._outstanding -= 1
            delivered += 1
            self.longest_job = max(self.longest_job, job.cpu)
            if job.done is not None and not job.cancelled:
                job.done(job)
        return delivered

    def drain(self) -> int:
        """Wait for every job (a closed battle's last AI decision, say) and deliver them: a
        new battle's rules then never run on two threads at once (rulesets share caches)."""
        return self.poll(wait=True)

    def close(self, timeout: float = 5.0) -> None:
        """Stop the thread after the job it runs (a job never gets cut in the middle); a job
        still running after `timeout` is left to the daemon thread's end at exit."""
        thread, self._thread = self._thread, None
        if thread is not None:
            self._todo.put(None)
            thread.join(timeout=timeout)
        while not self._done.empty():
            self._done.get_nowait()
        self._outstanding = 0

    def _start(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="rules-worker",
                                                daemon=True)
                self._thread.start()

    def _loop(self) -> None:
        while True:
            job = self._todo.get()
            if job is None:
                return
            start = time.thread_time()
            try:
                job.result = job.run()
            except BaseException as exc:  # noqa: BLE001 - every failure is shown, none kills
                job.error = exc
                job.trace = traceback.format_exc()
            job.cpu = time.thread_time() - start
            job.finished = True
            job.run = None  # let go of what the job held (a controller, closures)
            self._done.put(job)
            job = None  # nor keep the last one (its callback holds a screen) until the next


class _NoTable:
    """The table while a job has it: any question is an error the screen already tolerates
    (every geometry call it makes unprompted is guarded), never a race with the worker."""

    def __getattr__(self, name: str):
        raise RuntimeError("the table is busy with a rules step")


class FrozenController:
    """What the battle screen reads while the worker has the real controller: the state as it
    was (a copy), who acts, the offered actions already listed, and no table."""

    frozen = True

    def __init__(self, real):
        self.ruleset = real.ruleset
        self.scenario = real.scenario
        self.seed = real.seed
        self.forces = real.forces
        self.dice = None
        self.geo = _NoTable()
        self.state = real.state.copy()
        self.history = list(real.history)
        self.events = list(real.events)
        self._player = real.current_player()

    @property
    def over(self) -> bool:
        return self.state.over

    def current_player(self) -> int | None:
        return self._player

    def legal_actions(self) -> list:
        return []  # nothing is offered until the step is done

    def explain_illegal(self, action) -> str | None:
        from game.core.i18n import msg

        return msg("Wait: the rules are still working on the last step.")

    def score(self) -> tuple:
        raise RuntimeError("the score is being worked out")
