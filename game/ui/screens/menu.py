"""The main menu: ruleset, map, mode, side, AI and seed; "Start battle" with good defaults.

A map that cannot be used shows its problem here (the MapError's one line), never a crash.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pygame
import pygame_gui

from game import rulesets
from game.core.errors import GameError
from game.ui.base import Screen
from game.ui.config import AI_VS_AI, HOT_SEAT, MODES, VS_AI, BattleConfig
from game.ui.render import palette
from game.ui.render.text import shared_text

PANEL_WIDTH = 560
ROW = 44
AGENTS = {"greedy": "Greedy (plays for expected points)", "random": "Random (any legal move)"}


def seed_from_text(text: str) -> int | None:
    """A whole number as itself; any other text hashed to a number; empty = None (random)."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


class MenuScreen(Screen):
    def __init__(self, app, ruleset: str | None = None, map_path: Path | None = None,
                 mode: str = VS_AI, human_side: int = 0, seed: int | None = None,
                 ai: str = "greedy", message: str = "", sides: int = 2):
        super().__init__(app)
        self.sides = sides
        ids = rulesets.ids()
        self.ruleset_id = ruleset if ruleset in ids else ("squads" if "squads" in ids else ids[0])
        self.mode = mode if mode in MODES else VS_AI
        self.human_side = human_side
        self.ai = ai if ai in AGENTS else "greedy"
        self.seed_text = "" if seed is None else str(seed)
        self.message = message
        self.requested_map = Path(map_path) if map_path else None
        self.map_path: Path | None = None
        self.map_options: dict[str, Path] = {}
        self.scenario = None
        self.side_names: list[str] = []
        self.description = ""
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.build()

    # --- choices -----------------------------------------------------------------------------
    def _maps_for(self, ruleset_id: str) -> dict[str, Path]:
        from game.io.tmx import MAPS_DIR, find_maps, map_ruleset

        options: dict[str, Path] = {}
        folder = self.app.maps_dir or MAPS_DIR
        paths = list(find_maps(folder))
        if self.requested_map is not None and self.requested_map not in paths:
            paths.insert(0, self.requested_map)
        for path in paths:
            try:
                made_for = map_ruleset(path)
            except GameError:
                made_for = "?"
            if made_for not in (ruleset_id, None, "?") and path != self.requested_map:
                continue
            label = path.stem.replace("_", " ")
            if made_for == "?":
                label += " (cannot read)"
            elif made_for is None:
                label += " (any ruleset)"
            while label in options:
                label += " "
            options[label] = path
        return options

    def _default_map(self) -> Path | None:
        if self.requested_map is not None:
            return self.requested_map
        from game.io.tmx import MAPS_DIR, default_map_for

        try:
            return default_map_for(self.ruleset_id, self.app.maps_dir or MAPS_DIR)
        except GameError:
            return next(iter(self.map_options.values()), None)

    def choose_map(self, path: Path | None) -> None:
        """Load the map now, so a bad one is reported here and the sides can be named."""
        from game.io.tmx import load_scenario

        self.map_path = path
        self.scenario = None
        self.side_names = []
        self.description = ""
        if path is None:
            self.message = f"No map found for {self.ruleset_id}: add a .tmx file to maps/."
            return
        try:
            from game.sim import battle_forces

            scenario = load_scenario(path)
            ruleset = rulesets.get(self.ruleset_id)
            self.sides = max(2, min(self.sides, getattr(ruleset, "max_sides", 2)))
            state = ruleset.new_game(scenario, 0, battle_forces(ruleset, self.sides, scenario))
        except GameError as exc:
            self.message = f"This map cannot be used: {exc}"
            return
        except Exception as exc:  # an unexpected bug in a map reader: still no crash
            self.message = f"This map cannot be used: {type(exc).__name__}: {exc}"
            return
        self.scenario = scenario
        self.side_names = [side.name for side in state.sides]
        self.human_side = min(self.human_side, len(self.side_names) - 1)
        title = scenario.title or path.stem.replace("_", " ")
        self.description = f"{title}: {scenario.width:g}\" × {scenario.height:g}\", " \
                           f"{scenario.rounds} rounds. {scenario.description}".strip()
        self.message = ""

    # --- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        self.ui.clear_and_reset()
        self.widgets = {}
        self.map_options = self._maps_for(self.ruleset_id)
        if self.map_path is None or self.map_path not in self.map_options.values():
            keep_message = self.message
            self.choose_map(self._default_map())
            if keep_message and not self.message:
                self.message = keep_message
        width, height = self.app.size
        left = (width - PANEL_WIDTH) // 2
        top = max(150, height // 2 - 170)
        label_w, field_w = 150, PANEL_WIDTH - 160
        self.layout_top = top

        def row(index: int, label: str) -> pygame.Rect:
            y = top + index * ROW
            pygame_gui.elements.UILabel(pygame.Rect(left, y, label_w, 34), label, self.ui)
            return pygame.Rect(left + 160, y, field_w, 34)

        ruleset_names = {rid: rulesets.get(rid).name or rid for rid in rulesets.ids()}
        self.ruleset_labels = {v: k for k, v in ruleset_names.items()}
        self.widgets["ruleset"] = pygame_gui.elements.UIDropDownMenu(
            list(ruleset_names.values()), ruleset_names[self.ruleset_id], row(0, "Ruleset"),
            self.ui)
        map_labels = list(self.map_options) or ["(no map)"]
        current = next((k for k, v in self.map_options.items() if v == self.map_path),
                       map_labels[0])
        self.widgets["map"] = pygame_gui.elements.UIDropDownMenu(
            map_labels, current, row(1, "Map"), self.ui)
        self.widgets["mode"] = pygame_gui.elements.UIDropDownMenu(
            list(MODES.values()), MODES[self.mode], row(2, "Mode"), self.ui)
        max_sides = getattr(rulesets.get(self.ruleset_id), "max_sides", 2)
        extra = 1 if max_sides > 2 else 0
        if extra:
            self.side_count_labels = [f"{n} sides" for n in range(2, max_sides + 1)]
            self.widgets["sides"] = pygame_gui.elements.UIDropDownMenu(
                self.side_count_labels, f"{self.sides} sides", row(3, "Sides"), self.ui)
        sides = self.side_names or ["Side 1"]
        self.side_labels = [f"{name} (side {i + 1}{', moves first' if i == 0 else ''})"
                            for i, name in enumerate(sides)]
        side_widget = pygame_gui.elements.UIDropDownMenu(
            self.side_labels, self.side_labels[min(self.human_side, len(sides) - 1)],
            row(3 + extra, "You play"), self.ui)
        if self.mode != VS_AI:
            side_widget.disable()
        self.widgets["side"] = side_widget
        ai_widget = pygame_gui.elements.UIDropDownMenu(
            list(AGENTS.values()), AGENTS[self.ai], row(4 + extra, "AI opponent"), self.ui)
        if self.mode == HOT_SEAT:
            ai_widget.disable()
        self.widgets["ai"] = ai_widget
        seed = pygame_gui.elements.UITextEntryLine(row(5 + extra, "Seed (blank: random)"),
                                                   self.ui)
        seed.set_text(self.seed_text)
        self.widgets["seed"] = seed
        self.text_top = top + (6 + extra) * ROW + 4
        buttons_y = self.text_top + 92
        start = pygame_gui.elements.UIButton(
            pygame.Rect(left + 160, buttons_y, field_w, 48), "Start battle", self.ui,
            object_id="#primary")
        if self.scenario is None:
            start.disable()
        self.widgets["start"] = start
        self.widgets["quit"] = pygame_gui.elements.UIButton(
            pygame.Rect(left, buttons_y, 140, 48), "Quit", self.ui, object_id="#centered")
        from game.ui.screens.menu_timeline import add_menu_buttons  # Continue, Saved, Replays

        add_menu_buttons(self, pygame.Rect(left, buttons_y + 58, PANEL_WIDTH - 150, 40))
        self.widgets["learn"] = pygame_gui.elements.UIButton(  # Menu → Learn: the lessons
            pygame.Rect(left + PANEL_WIDTH - 140, buttons_y + 58, 140, 40), "Learn", self.ui,
            object_id="#centered")

    def resize(self, size) -> None:
        super().resize(size)
        self.build()

    # --- events ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._changed(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.seed_text = self.widgets["seed"].get_text()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.widgets.get("start"):
                self.start()
            elif event.ui_element is self.widgets.get("quit"):
                self.app.quit(0)
            elif event.ui_element is self.widgets.get("learn"):
                from game.ui.screens.lesson_list import LessonListScreen

                self.app.push(LessonListScreen(self.app))
            else:
                from game.ui.screens.menu_timeline import menu_button

                menu_button(self, event.ui_element)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            if not self.widgets["seed"].is_focused:
                self.start()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit(0)

    def _changed(self, widget, text: str) -> None:
        if widget is self.widgets.get("ruleset"):
            self.ruleset_id = self.ruleset_labels.get(text, self.ruleset_id)
            self.map_path = None
            self.requested_map = None
            self.build()
        elif widget is self.widgets.get("map"):
            self.choose_map(self.map_options.get(text))
            self.build()
        elif widget is self.widgets.get("mode"):
            self.mode = next(k for k, v in MODES.items() if v == text)
            self.build()
        elif widget is self.widgets.get("sides"):
            self.sides = int(text.split()[0])
            self.choose_map(self.map_path)
            self.build()
        elif widget is self.widgets.get("side"):
            if text in self.side_labels:
                self.human_side = self.side_labels.index(text)
        elif widget is self.widgets.get("ai"):
            self.ai = next(k for k, v in AGENTS.items() if v == text)

    def config(self) -> BattleConfig:
        seed = seed_from_text(self.seed_text)
        if seed is None:
            seed = random.randrange(1, 1_000_000)
        return BattleConfig(self.ruleset_id, self.map_path, self.mode, self.human_side, seed,
                            self.ai, self.sides)

    def start(self) -> None:
        if self.scenario is None:
            if not self.message:
                self.message = "Choose a map that can be used first."
            return
        try:
            self.app.start_battle(self.config())
        except GameError as exc:
            self.message = f"The battle cannot start: {exc}"

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        text = shared_text()
        width, _ = self.app.size
        left = (width - PANEL_WIDTH) // 2
        panel = pygame.Rect(left - 30, self.layout_top - 110, PANEL_WIDTH + 60,
                            self.text_top + 220 - (self.layout_top - 110))
        pygame.draw.rect(surface, palette.PANEL, panel, border_radius=10)
        pygame.draw.rect(surface, palette.PANEL_EDGE, panel, 1, border_radius=10)
        text.blit(surface, "Skirmish Table", (width / 2, self.layout_top - 96), size=40,
                  color=palette.HIGHLIGHT, bold=True, anchor="midtop")
        text.blit(surface, "Top-down tabletop battles, every rule shown.",
                  (width / 2, self.layout_top - 42), size=15, color=palette.TEXT_DIM,
                  anchor="midtop")
        y = self.text_top
        if self.message:
            for line in text.wrap(self.message, PANEL_WIDTH, 14)[:4]:
                text.blit(surface, line, (left, y), size=14, color=palette.TEXT_BAD)
                y += 19
        elif self.description:
            for line in text.wrap(self.description, PANEL_WIDTH, 14)[:4]:
                text.blit(surface, line, (left, y), size=14, color=palette.TEXT_DIM)
                y += 19
        hint = {VS_AI: "You play one side; the AI plays the other.",
                HOT_SEAT: "Players share this screen and pass it between turns.",
                AI_VS_AI: "Two AIs play; Space skips ahead."}[self.mode]
        text.blit(surface, hint + "  Enter starts, Esc quits.",
                  (width / 2, panel.bottom + 12), size=13, color=palette.TEXT_DIM,
                  anchor="midtop")
