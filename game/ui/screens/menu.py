"""The main menu: ruleset, map, sides, mode, who plays each side (a person with a name, or an
AI) and seed; "Start battle" with good defaults.

The menu remembers: the set-up of the last battle started is kept in the settings
(`game.ui.settings`), so "Quit to menu" and the next run of the game show it again. A map that
cannot be used shows its problem here (the MapError's one line), never a crash.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pygame
import pygame_gui

from game import rulesets
from game.core.errors import GameError
from game.core.i18n import N_
from game.ui import settings as user_settings
from game.ui.base import Screen
from game.ui.config import GROUP, MODES, VS_AI, BattleConfig
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.seats import DEFAULT_AI, HUMAN, Seat, mode_of, preset
from game.ui.words import _, ngettext, translate

ROW = 44
LEFT_W, RIGHT_W, GAP = 430, 450, 20  # the battle column and the players column
PANEL_WIDTH = LEFT_W + GAP + RIGHT_W
#: The AIs a side may be given (game.ai names), short enough for a seat's list.
AGENTS = {"easy": N_("Easy AI"), "normal": N_("Normal (0.5 s)"), "hard": N_("Hard (1 s)"),
          "greedy": N_("Greedy AI"), "random": N_("Random AI")}
SEAT_CHOICES = {HUMAN: N_("Person"), **AGENTS}
NUMBERS = {1: N_("One"), 2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"),
           6: N_("Six"), 7: N_("Seven"), 8: N_("Eight")}
NAME_LIMIT = 24
NAME_W, WHO_W = 120, 150  # a seat's name entry and its who-plays list


def seed_from_text(text: str) -> int | None:
    """A whole number as itself; any other text hashed to a number; empty = None (random)."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


def remembered(app, given: dict) -> dict:
    """The menu's choices: what the caller gave, else the last battle's set-up (from the
    settings), else nothing (the defaults). A different ruleset than last time drops the last
    map, side count and players, which belonged to that ruleset; a different mode drops the
    last players (the mode's preset seats them)."""
    last = dict(getattr(app, "settings", None) and app.settings.last_battle or {})
    if given.get("ruleset") and given["ruleset"] != last.get("ruleset"):
        last = {k: last[k] for k in ("mode", "ai", "seed") if k in last}
    if given.get("mode") and given["mode"] != last.get("mode"):
        last.pop("players", None)  # another mode asked for: its preset, not the last seats
    if last.get("map_path"):
        path = Path(last["map_path"])
        last["map_path"] = path if path.is_file() else None
    chosen = {**last, **{k: v for k, v in given.items() if v is not None}}
    if "seed" in given and given["seed"] is not None:
        chosen["seed"] = str(given["seed"])
    return chosen


def number(n: int, lower: bool = False) -> str:
    """A small count in words ("Two"), in the language shown; larger ones in digits."""
    word = _(NUMBERS[n]) if n in NUMBERS else str(n)
    return word.lower() if lower else word


def hint(seats: list[Seat]) -> str:
    """One line under the menu: who plays, in words (in the player's language)."""
    people = sum(seat.human for seat in seats)
    ais = len(seats) - people
    if people == 0:
        return ngettext("{count} AI plays; Space skips ahead.",
                        "{count} AIs play; Space skips ahead.", ais).format(count=number(ais))
    if ais == 0:
        return ngettext("{count} player shares this screen and passes it between turns.",
                        "{count} players share this screen and pass it between turns.",
                        people).format(count=number(people))
    if people == 1:
        return _("You play one side; the AI plays the other.") if ais == 1 else \
            ngettext("You play one side; {count} AI plays the others.",
                     "You play one side; {count} AIs play the others.", ais
                     ).format(count=number(ais, lower=True))
    players = ngettext("{count} player passes the screen between turns",
                       "{count} players pass the screen between their turns", people
                       ).format(count=number(people))
    return ngettext("{players}; {count} AI plays the rest.",
                    "{players}; {count} AIs play the rest.", ais
                    ).format(players=players, count=number(ais, lower=True))


def short_names() -> dict[str, str]:
    """Each ruleset by the part of its name before the colon ("Warband"), which fits its list;
    the rest of the name leads the description under the choices."""
    full = {rid: translate(rulesets.get(rid).name) or rid for rid in rulesets.ids()}
    short = {rid: name.split(":")[0].strip() or name for rid, name in full.items()}
    return short if len(set(short.values())) == len(short) else full


def side_count(n: int) -> str:
    return ngettext("{n} side", "{n} sides", n).format(n=n)


class MenuScreen(Screen):
    def __init__(self, app, ruleset: str | None = None, map_path: Path | None = None,
                 mode: str | None = None, human_side: int | None = None,
                 seed: int | None = None, ai: str | None = None, message: str = "",
                 sides: int | None = None, players: list | None = None):
        super().__init__(app)
        chosen = remembered(app, {"ruleset": ruleset, "map_path": map_path, "mode": mode,
                                  "human_side": human_side, "seed": seed, "ai": ai,
                                  "sides": sides, "players": players})
        ids = rulesets.ids()
        ruleset = chosen.get("ruleset")
        self.ruleset_id = ruleset if ruleset in ids else ("squads" if "squads" in ids else ids[0])
        self.sides = chosen.get("sides") or 2
        self.mode = chosen.get("mode") if chosen.get("mode") in MODES else VS_AI
        self.human_side = chosen.get("human_side") or 0
        self.ai = chosen.get("ai") if chosen.get("ai") in AGENTS else DEFAULT_AI
        self.seed_text = chosen.get("seed") or ""
        self.seats = [Seat(p[0] if p[0] in SEAT_CHOICES else self.ai, p[1][:NAME_LIMIT])
                      for p in chosen.get("players") or []
                      if isinstance(p, list | tuple) and len(p) == 2]
        self.message = message
        self.requested_map = Path(chosen["map_path"]) if chosen.get("map_path") else None
        self.map_path: Path | None = None
        self.map_options: dict[str, Path] = {}
        self.scenario = None
        self.side_names: list[str] = []
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.name_entries: dict = {}  # entry -> side
        self.seat_widgets: dict = {}  # dropdown -> side
        self.build()

    # --- choices -----------------------------------------------------------------------------
    def _maps_for(self, ruleset_id: str) -> dict[str, Path]:
        from game.io.tmx import MAPS_DIR, find_maps, map_property, map_ruleset

        options: dict[str, Path] = {}
        folder = self.app.maps_dir or MAPS_DIR
        paths = list(find_maps(folder))
        if self.requested_map is not None and self.requested_map not in paths:
            paths.insert(0, self.requested_map)
        for path in paths:
            title = None
            try:
                made_for = map_ruleset(path)
                title = map_property(path, "title")
            except GameError:
                made_for = "?"
            if made_for not in (ruleset_id, None, "?") and path != self.requested_map:
                continue
            label = translate(title) if title else path.stem.replace("_", " ")
            if made_for == "?":
                label = _("{map} (cannot read)").format(map=label)
            elif made_for is None:
                label = _("{map} (any ruleset)").format(map=label)
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
        if path is None:
            self.message = _("No map found for {ruleset}: add a .tmx file to maps/.").format(
                ruleset=self.ruleset_id)
            return
        try:
            from game.sim import battle_forces

            scenario = load_scenario(path)
            ruleset = rulesets.get(self.ruleset_id)
            self.sides = max(2, min(self.sides, getattr(ruleset, "max_sides", 2)))
            state = ruleset.new_game(scenario, 0, battle_forces(ruleset, self.sides, scenario))
        except GameError as exc:
            self.message = _("This map cannot be used: {why}").format(why=translate(str(exc)))
            return
        except Exception as exc:  # an unexpected bug in a map reader: still no crash
            self.message = _("This map cannot be used: {why}").format(
                why=f"{type(exc).__name__}: {exc}")
            return
        self.scenario = scenario
        self.side_names = [side.name for side in state.sides]
        self.human_side = min(self.human_side, len(self.side_names) - 1)
        self._fit_seats()
        self.message = ""

    @property
    def description(self) -> str:
        """The ruleset and the map in words, in the language shown (worked out when drawn)."""
        scenario, path = self.scenario, self.map_path
        if scenario is None or path is None:
            return ""
        title = translate(scenario.title) if scenario.title else path.stem.replace("_", " ")
        about = translate(rulesets.get(self.ruleset_id).name or "").partition(":")[2].strip()
        about = f"{about[:1].upper()}{about[1:]}. " if about else ""
        count = rulesets.get(self.ruleset_id).battle_rounds(scenario)
        rounds = ngettext("{n} round", "{n} rounds", count).format(n=count)
        size = f"{scenario.width:g}\" × {scenario.height:g}\""
        about_map = translate(scenario.description) if scenario.description else ""
        return f"{about}{title}: {size}, {rounds}. {about_map}".strip()

    def _fit_seats(self) -> None:
        """One seat per side: the mode's preset when the count changed (names kept)."""
        count = len(self.side_names)
        if len(self.seats) != count:
            self.seats = preset(self.mode, count, self.human_side, self.ai,
                                [seat.name for seat in self.seats])

    def set_mode(self, mode: str) -> None:
        """A mode is a preset of seats (a group keeps the seats as they are, to be set)."""
        self.mode = mode
        if mode == GROUP:
            return
        if mode == VS_AI:  # the first person stays the one
            self.human_side = next((i for i, s in enumerate(self.seats) if s.human),
                                   self.human_side)
        self.seats = preset(mode, len(self.seats), self.human_side, self.ai,
                            [seat.name for seat in self.seats])

    def set_seat(self, side: int, who: str | None = None, name: str | None = None) -> None:
        old = self.seats[side]
        self.seats[side] = Seat(old.who if who is None else who,
                                old.name if name is None else name[:NAME_LIMIT])
        if who is not None:
            self.mode = mode_of(self.seats)
            if who != HUMAN:
                self.ai = who
            humans = [i for i, seat in enumerate(self.seats) if seat.human]
            if humans and self.human_side not in humans:
                self.human_side = humans[0]

    # --- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        self.ui.clear_and_reset()
        self.widgets = {}
        self.name_entries = {}
        self.seat_widgets = {}
        self.map_options = self._maps_for(self.ruleset_id)
        if self.map_path is None or self.map_path not in self.map_options.values():
            keep_message = self.message
            self.choose_map(self._default_map())
            if keep_message and not self.message:
                self.message = keep_message
        width, height = self.app.size
        left = (width - PANEL_WIDTH) // 2
        right = left + LEFT_W + GAP
        top = max(124, height // 2 - 200)
        label_w, field_w = 90, LEFT_W - 100
        self.layout_top = top
        self.columns = (left, right)
        dropdown = pygame_gui.elements.UIDropDownMenu

        def row(index: int, label: str) -> pygame.Rect:
            y = top + index * ROW
            pygame_gui.elements.UILabel(pygame.Rect(left, y, label_w, 34),
                                        shared_text().clip(label, label_w - 4, 14), self.ui)
            return pygame.Rect(left + label_w + 10, y, field_w, 34)

        ruleset_names = short_names()
        self.ruleset_labels = {v: k for k, v in ruleset_names.items()}
        self.widgets["ruleset"] = dropdown(list(ruleset_names.values()),
                                           ruleset_names[self.ruleset_id],
                                           row(0, _("Ruleset")), self.ui)
        map_labels = list(self.map_options) or [_("(no map)")]
        current = next((k for k, v in self.map_options.items() if v == self.map_path),
                       map_labels[0])
        self.widgets["map"] = dropdown(map_labels, current, row(1, _("Map")), self.ui)
        max_sides = getattr(rulesets.get(self.ruleset_id), "max_sides", 2)
        extra = 1 if max_sides > 2 else 0
        if extra:
            self.side_count_labels = {side_count(n): n for n in range(2, max_sides + 1)}
            self.widgets["sides"] = dropdown(list(self.side_count_labels),
                                             side_count(self.sides), row(2, _("Sides")),
                                             self.ui)
        self.widgets["mode"] = dropdown([_(v) for v in MODES.values()], _(MODES[self.mode]),
                                        row(2 + extra, _("Mode")), self.ui)
        seed = pygame_gui.elements.UITextEntryLine(row(3 + extra, _("Seed")), self.ui,
                                                   placeholder_text=_("blank: random"))
        seed.set_text(self.seed_text)
        self.widgets["seed"] = seed
        self._build_seats(right, top)
        rows = max(4 + extra, 1 + len(self.seats) * 0.9)
        self.text_top = top + int(rows * ROW) + 8
        buttons_y = self.text_top + 84
        start = pygame_gui.elements.UIButton(
            pygame.Rect(right, buttons_y, RIGHT_W, 48), _("Start battle"), self.ui,
            object_id="#primary")
        if self.scenario is None:
            start.disable()
        self.widgets["start"] = start
        self.widgets["settings"] = pygame_gui.elements.UIButton(
            pygame.Rect(left, buttons_y, (LEFT_W - 10) // 2, 48), _("Settings"), self.ui,
            object_id="#centered")
        self.widgets["quit"] = pygame_gui.elements.UIButton(
            pygame.Rect(left + (LEFT_W + 10) // 2, buttons_y, (LEFT_W - 10) // 2, 48), _("Quit"),
            self.ui, object_id="#centered")
        from game.ui.screens.menu_timeline import add_menu_buttons  # Continue, Saved, Replays

        add_menu_buttons(self, pygame.Rect(left, buttons_y + 58, PANEL_WIDTH - 150, 40))
        self.widgets["learn"] = pygame_gui.elements.UIButton(  # Menu → Learn: the lessons
            pygame.Rect(left + PANEL_WIDTH - 140, buttons_y + 58, 140, 40), _("Learn"), self.ui,
            object_id="#centered")
        self.bottom = buttons_y + 98

    def _build_seats(self, x: int, top: int) -> None:
        """The players column: per side its name, the player's name (people) and who plays."""
        self.seat_rows = []
        step = int(ROW * 0.9)
        name_w, who_w = NAME_W, WHO_W
        for side, seat in enumerate(self.seats):
            y = top + 30 + side * step
            self.seat_rows.append((side, y))
            if seat.human:
                entry = pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(x + RIGHT_W - who_w - name_w - 8, y, name_w, 34), self.ui,
                    placeholder_text=_("Player {number}").format(number=side + 1))
                entry.set_text_length_limit(NAME_LIMIT)
                entry.set_text(seat.name)
                self.name_entries[entry] = side
            dropdown = pygame_gui.elements.UIDropDownMenu(
                [_(v) for v in SEAT_CHOICES.values()], _(SEAT_CHOICES.get(seat.who, seat.who)),
                pygame.Rect(x + RIGHT_W - who_w, y, who_w, 34), self.ui)
            self.seat_widgets[dropdown] = side
            self.widgets[f"seat{side}"] = dropdown

    def resize(self, size) -> None:
        super().resize(size)
        self.build()

    # --- events ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._changed(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element is self.widgets.get("seed"):
                self.seed_text = self.widgets["seed"].get_text()
            elif event.ui_element in self.name_entries:
                self.set_seat(self.name_entries[event.ui_element],
                              name=event.ui_element.get_text())
        elif (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
              and event.ui_element is self.widgets.get("seed")):
            self.seed_text = self.widgets["seed"].get_text()
            self.start()  # Enter in the seed field starts, as Enter elsewhere does
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.widgets.get("start"):
                self.start()
            elif event.ui_element is self.widgets.get("quit"):
                self.app.quit(0)
            elif event.ui_element is self.widgets.get("settings"):
                from game.ui.screens.settings import SettingsScreen

                self.app.push(SettingsScreen(self.app))
            elif event.ui_element is self.widgets.get("learn"):
                from game.ui.screens.lesson_list import LessonListScreen

                self.app.push(LessonListScreen(self.app))
            else:
                from game.ui.screens.menu_timeline import menu_button

                menu_button(self, event.ui_element)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            if not any(w.is_focused for w in (self.widgets["seed"], *self.name_entries)):
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
            self.set_mode(next(k for k, v in MODES.items() if _(v) == text))
            self.build()
        elif widget is self.widgets.get("sides"):
            self.sides = self.side_count_labels.get(text, self.sides)
            self.choose_map(self.map_path)
            self.build()
        elif widget in self.seat_widgets:
            who = next((k for k, v in SEAT_CHOICES.items() if _(v) == text), None)
            if who is not None:
                self.set_seat(self.seat_widgets[widget], who=who)
                self.build()

    def config(self) -> BattleConfig:
        seed = seed_from_text(self.seed_text)
        if seed is None:
            seed = random.randrange(1, 1_000_000)
        ai = next((seat.who for seat in self.seats if not seat.human), self.ai)
        human = next((i for i, seat in enumerate(self.seats) if seat.human), 0)
        return BattleConfig(self.ruleset_id, self.map_path, mode_of(self.seats) if self.seats
                            else self.mode, human, seed, ai, self.sides, tuple(self.seats))

    def remember(self) -> None:
        """Keep this set-up in the settings file, for "Quit to menu" and the next run."""
        self.app.settings.last_battle = {
            "ruleset": self.ruleset_id,
            "map_path": str(self.map_path) if self.map_path else None,
            "mode": self.mode, "human_side": self.human_side, "ai": self.ai,
            "sides": self.sides, "seed": self.seed_text.strip(),
            "players": [[seat.who, seat.name] for seat in self.seats]}
        user_settings.save(self.app.settings)  # a failure to keep it never stops the battle

    def start(self) -> None:
        if self.scenario is None:
            if not self.message:
                self.message = _("Choose a map that can be used first.")
            return
        try:
            config = self.config()
            self.remember()
            self.app.start_battle(config)
        except GameError as exc:
            self.message = _("The battle cannot start: {why}").format(why=translate(str(exc)))

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        text = shared_text()
        width, _x = self.app.size
        left, right = self.columns
        panel = pygame.Rect(left - 24, self.layout_top - 104, PANEL_WIDTH + 48,
                            self.bottom + 16 - (self.layout_top - 104))
        pygame.draw.rect(surface, palette.PANEL, panel, border_radius=10)
        pygame.draw.rect(surface, palette.PANEL_EDGE, panel, 1, border_radius=10)
        text.blit(surface, _("Skirmish Table"), (width / 2, panel.y + 12), size=40,
                  color=palette.HIGHLIGHT, bold=True, anchor="midtop")
        text.blit(surface, _("Top-down tabletop battles, every rule shown."),
                  (width / 2, panel.y + 64), size=15, color=palette.TEXT_DIM, anchor="midtop")
        text.blit(surface, _("Players"), (right, self.layout_top + 4), size=16,
                  color=palette.TEXT, bold=True)
        for side, y in self.seat_rows:
            name = translate(self.side_names[side]) if side < len(self.side_names) else \
                _("Side {number}").format(number=side + 1)
            label = f"{side + 1}. {name}"
            text.blit(surface, text.clip(label, RIGHT_W - NAME_W - WHO_W - 16, 14, bold=True), (right, y + 8), size=14,
                      color=palette.side_light(side), bold=True)
        y = self.text_top
        lines, color = (translate(self.message), palette.TEXT_BAD) if self.message else \
            (self.description, palette.TEXT_DIM)
        for line in text.wrap(lines, PANEL_WIDTH, 14)[:4] if lines else []:
            text.blit(surface, line, (left, y), size=14, color=color)
            y += 19
        line = hint(self.seats) + "  " + _("Enter starts, Esc quits.")
        text.blit(surface, text.clip(line, width - 20, 13), (width / 2, panel.bottom + 10),
                  size=13, color=palette.TEXT_DIM, anchor="midtop")
