"""Take the client's screenshots for the docs: the menu, a charge in progress, the results.

    xvfb-run -a /work/venv/bin/python tools/ui_screenshots.py      # a real (virtual) X window
    /work/venv/bin/python tools/ui_screenshots.py --out DIR         # or SDL's dummy driver
    ... --lang fr --size 960x640 --all                              # a language, a window size,
                                                                    # and every screen (settings,
                                                                    # a full log, a lesson)

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


#: Set by --size (None: the settings' window size, 1280x800 by default) and --lang.
SIZE: tuple[int, int] | None = None
SUFFIX = ""
#: A long line in the player's language, to see that a ruleset's longest texts fit the log
#: and the hint box before every catalog is translated.
LONG_LINE = {
    "fr": "La Bande de Brutes II réussit sa charge contre l'Escouade de Ligne I : 7\" au 2D6, "
          "elle arrive au contact de trois figurines et frappe en premier au corps à corps.",
    "ru": "Банда громил II удачно атакует Линейный отряд I: 7\" на 2D6, входит в базовый "
          "контакт с тремя моделями и первой бьёт в рукопашной.",
    "en": "Brute Mob II charges Line Squad I: 7\" on 2D6, it reaches base contact with three "
          "models and strikes first in close combat.",
}


def name(base: str) -> str:
    return f"{base}{SUFFIX}.png"


def menu_shot(out: Path) -> None:
    app = App(size=SIZE, animate=False, ai_delay=0, menu_defaults={"seed": 7},
              wait_for_rules=True)
    hand = Hand(app)
    hand.frames(3)
    hand.move(app.top.widgets["start"].rect.center)
    hand.save(out / name("menu"))
    app.close()


def settings_shot(out: Path) -> None:
    from game.ui.screens.settings import SettingsScreen

    app = App(size=SIZE, animate=False, ai_delay=0, wait_for_rules=True)
    hand = Hand(app)
    hand.frames(2)
    app.push(SettingsScreen(app))
    hand.frames(2)
    hand.save(out / name("settings"))
    app.close()


def log_shot(out: Path) -> None:
    """A battle with its log full, a long line of the language at its foot and in the hint."""
    from game import ai
    from game.core.i18n import msg
    from game.i18n import current_language
    from game.ui.app import HOT_SEAT
    from game.ui.render.log import LogEntry

    path = default_map_for("squads")
    controller = TurnController(rulesets.get("squads"), load_scenario(path), 11)
    agents = [ai.make("greedy", 1), ai.make("greedy", 2)]
    for _ in range(30):  # a few turns played, so the log is full
        controller.apply(agents[controller.current_player()].choose(controller))
    app = App(size=SIZE, animate=False, ai_delay=0, wait_for_rules=True)
    hand = Hand(app)
    battle = app.start_battle(BattleConfig(map_path=path, mode=HOT_SEAT, seed=11), controller)
    hand.frames(2)
    while app.top is not battle:  # the hand-over screen
        hand.frames(1)
        app.pop()
    long = LONG_LINE.get(current_language(), LONG_LINE["en"])
    battle.log.entries.append(LogEntry(long, msg("Rule: {rule}", rule=long), (240, 236, 200),
                                       False))
    battle.say(long)
    hand.move((battle.view_rect.centerx, battle.view_rect.centery))
    hand.save(out / name("battle_log"))
    app.close()


def lesson_shot(out: Path) -> None:
    from game.learn.lesson_file import find_lesson, list_lessons
    from game.ui.screens.lesson import LessonScreen

    app = App(size=SIZE, animate=False, ai_delay=0, wait_for_rules=True)
    hand = Hand(app)
    lesson = find_lesson(list_lessons()[0]["id"])
    screen = app.push(LessonScreen(app, lesson))
    hand.frames(2)
    screen.go("next")
    hand.frames(2)
    hand.move((5, 5))
    hand.save(out / name("lesson"))
    app.close()


def pause_and_hand_over_shots(out: Path) -> None:
    """The pause menu over a hot-seat battle, then the hand-over screen between players."""
    from game.ui.app import HOT_SEAT
    from game.ui.screens.overlays import HandOverScreen, PauseScreen

    app = App(size=SIZE, animate=False, ai_delay=0, wait_for_rules=True)
    hand = Hand(app)
    battle = app.start_battle(BattleConfig(map_path=default_map_for("squads"), mode=HOT_SEAT,
                                           seed=3))
    hand.frames(3)
    app.push(PauseScreen(app, battle))
    hand.frames(2)
    hand.save(out / name("pause"))
    app.pop()
    app.push(HandOverScreen(app, battle.state.sides[1].name, 1, "Alexandrine-Marguerite"))
    hand.frames(2)
    hand.save(out / name("hand_over"))
    app.close()


def reference_and_lessons_shots(out: Path) -> None:
    """The rules reference (a ruleset's glossary) and Menu → Learn."""
    from game.ui.screens.lesson_list import LessonListScreen
    from game.ui.screens.rules_reference import RulesReferenceScreen

    app = App(size=SIZE, animate=False, ai_delay=0, wait_for_rules=True)
    hand = Hand(app)
    app.push(RulesReferenceScreen(app, "warband", None, "glossary"))
    hand.frames(2)
    hand.save(out / name("reference"))
    app.pop()
    app.push(LessonListScreen(app))
    hand.frames(2)
    hand.save(out / name("lessons"))
    app.close()


def help_shot(out: Path) -> None:
    from game.ui.screens.overlays import HelpScreen

    app = App(size=SIZE, animate=False, ai_delay=0, wait_for_rules=True)
    hand = Hand(app)
    app.start_battle(BattleConfig(map_path=default_map_for("warband"), ruleset="warband",
                                  mode=VS_AI, seed=3))
    hand.frames(3)
    app.push(HelpScreen(app))
    hand.frames(2)
    hand.save(out / name("help"))
    app.close()


def ai_why_shot(out: Path) -> None:
    """"Why did the AI do that?" after a ranks order looked ahead four turns (the end made
    too dear for the budget, as it is in round 1)."""
    from game.ai import turns
    from game.ui.screens.ai_why import AiWhyScreen, latest_agent

    app = App(size=SIZE, animate=False, ai_delay=0, wait_for_rules=True)
    hand = Hand(app)
    battle = app.start_battle(BattleConfig(map_path=default_map_for("ranks"), ruleset="ranks",
                                           mode=VS_AI, human_side=1, ai="hard", seed=3))
    for agent in battle.agents.values():
        agent._timing[turns.timing_key(None)] = 10.0
    for _ in range(3000):
        agent = latest_agent(battle.agents)
        if agent is not None and agent.last_by == "turns":
            break
        hand.frames(1)
    app.push(AiWhyScreen(app, battle.agents))
    hand.frames(2)
    hand.save(out / name("ai_why"))
    app.close()


def charge_shot(out: Path) -> None:
    path = default_map_for("squads")
    scenario = dataclasses.replace(load_scenario(path), placements=(
        UnitPlacement(0, "brute_mob", 20.0, 22.0, 0.0),
        UnitPlacement(0, "brute_stompers", 18.0, 14.5, 0.0),
        UnitPlacement(1, "line_marines", 31.0, 21.0, 180.0),
        UnitPlacement(1, "blade_veterans", 31.0, 29.0, 180.0)))
    controller = TurnController(rulesets.get("squads"), scenario, 5)
    app = App(size=SIZE, animate=True, ai_delay=0.6, wait_for_rules=True)
    hand = Hand(app)
    battle = app.start_battle(BattleConfig(map_path=path, mode=VS_AI, seed=5), controller)
    hand.frames(3)
    mob = controller.state.models["s0u0m0"]
    hand.click(battle.camera.to_screen(mob.x, mob.y))
    hand.choose("End the Movement phase")
    controller.dice.script(6, 5)
    hand.choose("Charge with Brute Mob I (roll 2D6)")
    battle.tray.skip()
    centre = battle.camera.to_screen(27.0, 23.0)
    hand.wheel(centre, 2)
    # the reachable targets light up with their distances and the odds of the charge roll
    hand.move((battle.decide_rect.centerx, battle.log_rect.y - 40))
    hand.save(out / name("charge"))
    # hovering a choice shows the solver's placement as ghosts, with paths and allowances
    hand.move(battle.panel.button_for(next(label for label in battle.panel.labels()
                                           if "Line Marines" in label)).rect.center)
    hand.save(out / name("charge_preview"))
    app.close()


def results_shot(out: Path) -> None:
    app = App(size=SIZE, animate=False, ai_delay=0, wait_for_rules=True)
    hand = Hand(app)
    app.start_battle(BattleConfig(map_path=default_map_for("squads"), mode=AI_VS_AI, seed=11))
    for _ in range(5000):
        if isinstance(app.top, ResultsScreen):
            break
        hand.frames(1)
    hand.move((5, 5))
    hand.save(out / name("results"))
    app.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=REPO / "docs")
    parser.add_argument("--lang", default=None, help="en, fr or ru (names get _LANG)")
    parser.add_argument("--size", default=None, help="WxH, e.g. 960x640 (names get _WxH)")
    parser.add_argument("--all", action="store_true",
                        help="also the settings, a battle with its log full, a lesson, help")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    global SIZE, SUFFIX
    if args.lang:
        from game.i18n import set_language

        SUFFIX += f"_{set_language(args.lang)}"
    if args.size:
        SIZE = tuple(int(v) for v in args.size.lower().split("x"))
        SUFFIX += f"_{SIZE[0]}x{SIZE[1]}"
    shots = [menu_shot, charge_shot, results_shot]
    if args.all:
        shots[1:1] = [settings_shot, log_shot, lesson_shot, help_shot, ai_why_shot,
                      pause_and_hand_over_shots, reference_and_lessons_shots]
    for shot in shots:
        shot(args.out)


if __name__ == "__main__":
    main()
