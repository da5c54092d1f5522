"""Rules work runs off the drawing thread (issue 11, part 5): the window keeps drawing, with a
spinner, while an AI decision or a rules step runs; the screen never reads the controller the
worker has; the test mode waits for the worker, so runs are frame-for-frame the same."""

import threading
import time

import pytest

from game.ui.app import AI_VS_AI, HOT_SEAT, BattleConfig
from game.ui.screens.battle import BattleScreen
from game.ui.screens.results import ResultsScreen
from game.ui.worker import FrozenController, Worker


def test_the_worker_runs_jobs_in_order_and_hands_results_to_the_main_thread():
    worker = Worker(wait=True)
    seen = []
    threads = []
    for n in range(3):
        worker.submit(lambda n=n: threads.append(threading.current_thread()) or n * n,
                      lambda job: seen.append((job.result, threading.current_thread())))
    assert worker.busy
    assert worker.poll() == 3
    assert [r for r, _ in seen] == [0, 1, 4]
    assert all(t is threading.main_thread() for _, t in seen)  # results: the main thread
    assert all(t is not threading.main_thread() for t in threads)  # work: the worker
    assert not worker.busy
    worker.close()


def test_a_job_that_raises_is_delivered_with_its_traceback():
    worker = Worker(wait=True)
    got = []

    def boom():
        raise ValueError("the rules tripped")

    worker.submit(boom, got.append)
    worker.poll()
    assert got[0].failed and isinstance(got[0].error, ValueError)
    assert "the rules tripped" in got[0].trace and "boom" in got[0].trace
    worker.close()


def test_without_waiting_poll_returns_at_once_while_a_job_runs():
    worker = Worker(wait=False)
    release = threading.Event()
    got = []
    worker.submit(release.wait, got.append)
    start = time.perf_counter()
    assert worker.poll() == 0 and not got
    assert time.perf_counter() - start < 0.05
    release.set()
    for _ in range(200):
        if worker.poll():
            break
        time.sleep(0.01)
    assert got and got[0].result is True
    worker.close()


class SlowAgent:
    """An AI that waits for the test to let it decide (as a slow search would)."""

    def __init__(self, agent, release: threading.Event):
        self.agent = agent
        self.release = release
        self.threads = []

    def choose(self, controller):
        self.threads.append(threading.current_thread())
        assert self.release.wait(10)
        return self.agent.choose(controller)


def test_a_slow_ai_decision_does_not_block_drawing_and_shows_a_spinner(make_app, monkeypatch):
    from game.io.tmx import default_map_for
    from game.ui.screens.battle import drawing as battle_module  # where the spinner is drawn

    drive = make_app(wait_for_rules=False, ai_delay=0.01)
    app = drive.app
    battle = app.start_battle(BattleConfig("squads", default_map_for("squads"), AI_VS_AI,
                                           seed=4))
    release = threading.Event()
    slow = {side: SlowAgent(agent, release) for side, agent in battle.agents.items()}
    battle.agents = slow
    spinners = []
    real_spinner = battle_module.draw_spinner
    monkeypatch.setattr(battle_module, "draw_spinner",
                        lambda *a: spinners.append(a[2]) or real_spinner(*a))
    real = battle.controller
    before = len(real.history)
    frame_times = []
    for _ in range(30):  # the AI is "thinking" all along: frames still come, fast
        start = time.perf_counter()
        app.step([], 0.02)
        frame_times.append(time.perf_counter() - start)
        time.sleep(0.01)  # real time passes too: the spinner shows after 0.12 s of a job
    assert battle.busy and isinstance(battle.controller, FrozenController)
    assert battle.controller.state is not real.state  # the screen reads a copy
    assert max(frame_times[1:]) < 0.5  # (the first builds the table picture)
    assert spinners and spinners[-1] == "The AI is thinking…"
    release.set()
    for _ in range(500):
        app.step([], 0.02)
        if not battle.busy and len(battle.controller.history) > before:
            break
        time.sleep(0.002)
    assert battle.controller is real and len(real.history) > before
    threads = {t for agent in slow.values() for t in agent.threads}
    assert threads and threading.main_thread() not in threads


def test_a_players_action_is_resolved_on_the_worker(make_app, monkeypatch):
    """Clicking an offered action: the rules step runs on the worker; the result is shown
    when it is back (here, in the same frame: the test mode waits)."""
    drive = make_app(menu_defaults={"ruleset": "warband", "mode": HOT_SEAT, "seed": 2})
    drive.frames(2)
    drive.press(drive.top.widgets["start"])
    battle = drive.top
    ruleset = battle.controller.ruleset
    threads = []
    real_apply = ruleset.apply

    def spy(*args, **kwargs):
        threads.append(threading.current_thread())
        return real_apply(*args, **kwargs)

    monkeypatch.setattr(ruleset, "apply", spy)
    drive.frames(1)
    row = next(r for r in battle.panel.rows if r.action is not None)
    before = len(battle.controller.history)
    drive.press(battle.panel.button_for(row.text, row.action.unit))
    assert len(battle.controller.history) > before
    assert threads and threading.main_thread() not in threads


def _frames_to_results(drive, limit=5000):
    """(frame, decisions so far) at every frame of an AI-vs-AI battle, to its results."""
    seen = []
    drive.frames(2)
    drive.press(drive.top.widgets["start"])
    battle = drive.top
    for frame in range(limit):
        if isinstance(drive.top, ResultsScreen):
            break
        drive.frames(1)
        seen.append((frame, len(battle.controller.history)))
    assert isinstance(drive.top, ResultsScreen)
    return seen, battle.controller.log_digest()


@pytest.mark.parametrize("ruleset_id", ["warband"])
def test_the_test_mode_gives_the_same_results_in_the_same_frames(make_app, ruleset_id):
    runs = [_frames_to_results(make_app(menu_defaults={"ruleset": ruleset_id, "mode": AI_VS_AI,
                                                       "seed": 9}))
            for _ in range(2)]
    assert runs[0] == runs[1]


def test_space_skips_through_the_worker_to_the_players_decision(make_app):
    import pygame

    from game.io.tmx import default_map_for

    drive = make_app(ai_delay=0.6)
    battle = drive.app.start_battle(BattleConfig(map_path=default_map_for("squads"),
                                                 human_side=1, seed=3))
    drive.frames(2)
    assert isinstance(battle, BattleScreen) and not battle.is_human_turn()
    drive.key(pygame.K_SPACE)
    assert not battle.busy
    assert battle.is_human_turn() or battle.controller.over


def test_a_new_battle_waits_for_the_last_battles_job(make_app):
    """Quitting a battle while the AI thinks, then starting another: the old job finishes
    (its result is dropped) before the new battle's rules run, never both at once."""
    from game.io.tmx import default_map_for

    drive = make_app(wait_for_rules=False, ai_delay=0.01)
    app = drive.app
    old = app.start_battle(BattleConfig("squads", default_map_for("squads"), AI_VS_AI, seed=4))
    release = threading.Event()
    old.agents = {side: SlowAgent(agent, release) for side, agent in old.agents.items()}
    app.step([], 0.02)
    assert old.busy
    history = len(old._lent.history)
    app.open_menu()
    assert old.closed and app.worker.busy
    threading.Timer(0.2, release.set).start()
    new = app.start_battle(BattleConfig("squads", default_map_for("squads"), AI_VS_AI, seed=5))
    assert not app.worker.busy and not new.busy  # the old job was waited for
    assert old.busy  # its result went nowhere: the closed screen took nothing back
    assert len(old._lent.history) > history  # (the job itself did finish)


def test_exact_odds_of_every_offered_choice_are_worked_out_on_the_worker(make_app, monkeypatch):
    """A squads charge's exact odds take a placement search: hovering a choice reads what the
    worker worked out after the last step, and never runs the search on the drawing thread."""
    from game.io.tmx import default_map_for

    drive = make_app()
    battle = drive.app.start_battle(BattleConfig("squads", default_map_for("squads"), HOT_SEAT,
                                                 0, 3))
    drive.frames(2)
    end = next(a for a in battle.legal() if a.kind == "end_phase")
    assert battle.apply(end)  # a step on the worker: the movement phase ends
    drive.frames(2)
    warmed = battle._preview_cache.get(("outcomes", battle.version))
    assert warmed is not None and set(battle.legal()) <= set(warmed)

    def on_the_drawing_thread(*args):
        raise AssertionError("action_odds ran on the drawing thread")

    monkeypatch.setattr(type(battle.ruleset), "action_odds", on_the_drawing_thread)
    for action in battle.legal():
        battle._outcomes(action)
