"""Take the client's screenshots for the docs: the menu, a charge in progress, the results.

    xvfb-run -a /work/venv/bin/python tools/ui_screenshots.py      # a real (virtual) X window
    /work/venv/bin/python tools/ui_screenshots.py --out DIR         # or SDL's dummy driver

The client is driven as the tests drive it: synthetic mouse and key events, frames stepped.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game import rulesets  # noqa: E402
from game.core.state import UnitPlacement  # noqa: E402
from game.io.tmx import default_map_for, load_scenario  # noqa: E402
from game.turn import TurnController  # noqa: E402
from game.ui.app import AI_VS_AI, VS_AI, App, BattleConfig  # noqa: E402
from game.ui.screens.results import ResultsScreen  # noqa: E402


class Hand:
    """Synthetic mouse and keyboard for an App."""

    def __init__(self, app: App):
        self.app = app

    def post(self, kind, **fields):
        pygame.event.post(pygame.event.Event(kind, **fields))

    def frames(self, count=3):
        self.app.pump(count)

    def move(self, pos):
        self.post(pygame.MOUSEMOTION, pos=tuple(map(round, pos)), rel=(0, 0), buttons=(0, 0, 0))
        self.frames(3)

    def click(self, pos):
        pos = tuple(map(round, pos))
        self.move(pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(3)

    def wheel(self, pos, steps):
        self.move(pos)
        for _ in range(abs(steps)):
            self.post(pygame.MOUSEWHEEL, x=0, y=1 if steps > 0 else -1, flipped=False)
        self.frames(2)

    def choose(self, label):
        if getattr(self.app.top, "list_hold", None) is not None:
            self.move((4, 4))  # off the list, which holds still after a click until left
        button = self.app.top.panel.button_for(label)
        self.frames(1)
        self.click(button.rect.center)

    def save(self, path: Path):
        self.frames(2)
        pygame.image.save(self.app.window, str(path))
        print(f"wrote {path}")


def menu_shot(out: Path) -> None:
    app = App(animate=False, ai_delay=0, menu_defaults={"seed": 7}, wait_for_rules=True)
    hand = Hand(app)
    hand.frames(3)
    hand.move(app.top.widgets["start"].rect.center)
    hand.save(out / "menu.png")
    app.close()


def charge_shot(out: Path) -> None:
    path = default_map_for("squads")
    scenario = dataclasses.replace(load_scenario(path), placements=(
        UnitPlacement(0, "brute_mob", 20.0, 22.0, 0.0),
        UnitPlacement(0, "brute_stompers", 18.0, 14.5, 0.0),
        UnitPlacement(1, "line_marines", 31.0, 21.0, 180.0),
        UnitPlacement(1, "blade_veterans", 31.0, 29.0, 180.0)))
    controller = TurnController(rulesets.get("squads"), scenario, 5)
    app = App(animate=True, ai_delay=0.6, wait_for_rules=True)
    hand = Hand(app)
    battle = app.start_battle(BattleConfig(map_path=path, mode=VS_AI, seed=5), controller)
    hand.frames(3)
    mob = controller.state.models["s0u0m0"]
    hand.click(battle.camera.to_screen(mob.x, mob.y))
    hand.choose("End the Movement phase")
    controller.dice.script(6, 5)
    hand.choose("Charge with Brute Mob (roll 2D6)")
    battle.tray.skip()
    centre = battle.camera.to_screen(27.0, 23.0)
    hand.wheel(centre, 2)
    # the reachable targets light up with their distances and the odds of the charge roll
    hand.move((battle.decide_rect.centerx, battle.log_rect.y - 40))
    hand.save(out / "charge.png")
    # hovering a choice shows the solver's placement as ghosts, with paths and allowances
    hand.move(battle.panel.button_for("Charge Line Marines").rect.center)
    hand.save(out / "charge_preview.png")
    app.close()


def results_shot(out: Path) -> None:
    app = App(animate=False, ai_delay=0, wait_for_rules=True)
    hand = Hand(app)
    app.start_battle(BattleConfig(map_path=default_map_for("squads"), mode=AI_VS_AI, seed=11))
    for _ in range(5000):
        if isinstance(app.top, ResultsScreen):
            break
        hand.frames(1)
    hand.move((5, 5))
    hand.save(out / "results.png")
    app.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=REPO / "docs")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    menu_shot(args.out)
    charge_shot(args.out)
    results_shot(args.out)


if __name__ == "__main__":
    main()
