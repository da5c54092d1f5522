"""Client drawing speed: frames per second with 200 bases and every overlay on, the time from
launch to the first frame (menu, then battle), and the frames while the AI thinks (its work
runs on the worker thread: the main thread's CPU per frame stays a frame's drawing).

Run: python benchmarks/render.py [--frames 300] [--ai-ruleset cards --ai-seed 5002]
Software rendering with SDL's dummy video driver. Prints figures; it is not a pass/fail test.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

FIRST_FRAME = """
import time, os
start = time.perf_counter()
from game.ui.app import App
app = App(animate=False, ai_delay=0)
app.step([])
menu = time.perf_counter() - start
app.top.start()
app.step([])
battle = time.perf_counter() - start
print(menu, battle)
app.close()
"""


class CrowdedSquads:
    """The squads ruleset, but its battle starts with the crowded state given (200 bases)."""

    def __init__(self, ruleset, state):
        self._ruleset = ruleset
        self._state = state

    def new_game(self, scenario, seed, forces=None):
        return self._state

    def __getattr__(self, name):
        return getattr(self._ruleset, name)


def crowded_controller(models_per_side: int = 100):
    from game import rulesets
    from game.core.deploy import place_block
    from game.io.tmx import default_map_for, load_scenario
    from game.rulesets.squads.setup import build_state
    from game.turn import TurnController

    scenario = load_scenario(default_map_for("squads"))
    units = models_per_side // 10
    armies = [("Horde", "brute_horde", ["brute_mob"] * units),
              ("Company", "line_company", ["brute_mob"] * units)]
    state = build_state("squads", scenario, 1, armies)
    for side in (0, 1):
        for n in range(units):
            x = 4.0 + 3.2 * (n % 3) if side == 0 else scenario.width - 4.0 - 3.2 * (n % 3)
            y = 5.0 + n * (scenario.height - 10.0) / max(1, units - 1)
            models = state.alive_models(f"s{side}u{n}")
            place_block(models, x, y, 0.0 if side == 0 else 180.0, files=5)
    ruleset = CrowdedSquads(rulesets.get("squads"), state)
    return TurnController(ruleset, scenario, 1), default_map_for("squads")


def overlays_on(app, battle) -> None:
    """Select a unit (rings), hover an enemy (card, line of sight), preview a move (ghosts
    and paths), keep the ruler out and the dice tray and log full."""
    import pygame

    from game.core.events import DiceRolled, Note

    s = battle.controller.state
    battle.select("s0u4")
    battle.sight_mode = True
    target = s.models["s1u4m0"]
    mover = s.models["s0u4m0"]
    pos = battle.camera.to_screen(target.x, target.y)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(round, pos)), rel=(0, 0),
                                 buttons=(0, 0, 0))])
    battle.ruler_toggle = True
    battle.ruler = [(mover.x, mover.y), (target.x, target.y), mover.id, False]
    moves = [a for a in battle.controller.legal_actions() if a.unit == "s0u4" and a.placement]
    preview = moves[0] if moves else None
    battle.hovered_choice = lambda mouse: preview  # as if the mouse were on its button
    events = [DiceRolled(rule="bench", who="Bench", label="to hit", values=(1, 2, 3, 4, 5, 6) * 5,
                         needed="3+", outcome="20 hits"),
              Note(rule="bench", text="a line of the log " * 3)] * 20
    battle.log.add(events)
    battle.tray.add(events)


def measure_fps(frames: int) -> tuple[float, int]:
    from game.ui.app import App, BattleConfig

    app = App(animate=False, ai_delay=0)
    controller, path = crowded_controller()
    battle = app.start_battle(BattleConfig(map_path=path, seed=1), controller)
    for _ in range(5):
        app.step([])
    overlays_on(app, battle)
    for _ in range(30):  # warm the caches (rings, sprites, text)
        app.step([])
    assert battle.overlays().ghosts and battle.overlays().sight and battle.overlays().rings
    start = time.perf_counter()
    for _ in range(frames):
        app.step([])
    elapsed = time.perf_counter() - start
    count = sum(1 for m in controller.state.models.values() if m.alive)
    app.close()
    return frames / elapsed, count


def measure_ai_frames(ruleset: str, seed: int, frames: int) -> dict:
    """AI vs AI as fast as it goes, in the threaded client: per frame, the main thread's CPU
    (`time.thread_time`) and wall time; the longest single job the worker ran (what one frame
    would have taken when the rules ran on the drawing thread)."""
    from game.io.tmx import default_map_for
    from game.ui.app import AI_VS_AI, App, BattleConfig

    app = App(animate=False, ai_delay=0)
    battle = app.start_battle(BattleConfig(ruleset, default_map_for(ruleset), AI_VS_AI,
                                           seed=seed))
    app.step([])  # the first frame builds the table picture
    cpu, wall, busy = [], [], 0
    for _ in range(frames):
        if battle.closed:
            break
        busy += battle.busy
        start_cpu, start = time.thread_time(), time.perf_counter()
        app.step([])
        cpu.append(time.thread_time() - start_cpu)
        wall.append(time.perf_counter() - start)
        time.sleep(max(0.0, 1 / 60 - wall[-1]))  # as the window's clock waits for 60 fps
    longest_job = app.worker.longest_job
    decisions = len(battle.controller.history)
    app.close()
    cpu.sort()
    wall.sort()
    return {"frames": len(cpu), "busy": busy, "cpu_median": cpu[len(cpu) // 2],
            "cpu_max": cpu[-1], "wall_median": wall[len(wall) // 2], "wall_max": wall[-1],
            "job_max": longest_job, "decisions": decisions}


def measure_first_frame() -> tuple[float, float, float]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, text=True,
                          env=env, cwd=REPO, check=True)
    launch = time.perf_counter() - start
    menu, battle = (float(x) for x in done.stdout.split()[-2:])
    return menu, battle, launch


def print_ai_frames(args, ai: dict) -> None:
    print(f"while the AI thinks, on the worker ({args.ai_ruleset} seed {args.ai_seed}, AI vs AI, "
          f"{ai['frames']} frames, {ai['decisions']} decisions): main thread CPU per frame "
          f"median {1000 * ai['cpu_median']:.1f} ms, longest {1000 * ai['cpu_max']:.1f} ms; "
          f"frame wall time median {1000 * ai['wall_median']:.1f} ms, longest "
          f"{1000 * ai['wall_max']:.1f} ms; longest job {1000 * ai['job_max']:.0f} ms CPU "
          f"(the frame it would have been on the drawing thread)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--ai-ruleset", default="cards")
    parser.add_argument("--ai-seed", type=int, default=5002)
    parser.add_argument("--ai-frames", type=int, default=200)
    args = parser.parse_args()
    fps, bases = measure_fps(args.frames)
    print(f"table with {bases} bases, every overlay on: {fps:.0f} frames per second "
          f"({1000 / fps:.1f} ms a frame, {args.frames} frames, software, dummy driver)")
    print_ai_frames(args, measure_ai_frames(args.ai_ruleset, args.ai_seed, args.ai_frames))
    menu, battle, process = measure_first_frame()
    print(f"first frame: menu {menu:.2f} s after the imports began, battle {battle:.2f} s "
          f"(whole process, interpreter start to exit: {process:.2f} s)")


if __name__ == "__main__":
    main()
