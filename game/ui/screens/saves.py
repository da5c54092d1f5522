"""The client's side of the battle timeline: every battle screen keeps a timeline (undo with
Ctrl+Z, autosave after every decision), and the Saved battles list (the menu's buttons that
open it are in `menu_timeline.py`).

Why here and not in the battle screen: the battle screen only calls `attach` when it opens and
`undo` on Ctrl+Z; what undo may take back and why it stops is the timeline's (game/timeline.py),
and the files are game/io/battle_saves.py's. Nothing here decides a rule.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui

from game.core.errors import GameError
from game.core.i18n import N_
from game.io import battle_saves
from game.timeline import Timeline
from game.ui.base import Screen
from game.ui.config import AI_VS_AI, HOT_SEAT, VS_AI, BattleConfig
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.words import _, ngettext, rules_words, translate

ROW_HEIGHT = 46
LIST_WIDTH = 900
VISIBLE_ROWS = 9


# --- the battle screen's timeline ----------------------------------------------------------------

def attach(screen) -> Timeline:
    """Give a battle screen its timeline (the one a loaded save brought, or a new one) and
    autosave after every decision when a person plays."""
    controller = screen.controller
    timeline = controller.observer if isinstance(controller.observer, Timeline) else None
    if timeline is None:
        timeline = Timeline.of(controller)
    timeline.ai_sides = frozenset(screen.agents)
    screen.timeline = timeline
    if screen.humans:
        timeline.listeners.append(lambda t: _autosave(screen, t))
    return timeline


def _autosave(screen, timeline: Timeline) -> None:
    try:
        screen.autosaved = battle_saves.autosave(timeline, screen.agents)
    except (OSError, GameError) as exc:
        screen.say(_("Autosave failed: {why}").format(why=exc), bad=True)


def save_now(screen) -> Path | None:
    """Ctrl+S: keep the battle as it is now under its own name in the saves folder."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = battle_saves.saves_dir() / f"{screen.controller.ruleset.id}-{stamp}.json"
    try:
        battle_saves.save_battle(path, screen.timeline, screen.agents)
    except (OSError, GameError) as exc:
        screen.say(_("Not saved: {why}").format(why=exc), bad=True)
        return None
    screen.say(_("Saved as {name} (the menu's Saved battles opens it)").format(name=path.name))
    return path


def undo_side(screen) -> int | None:
    """Who undoes: the player to act if a person plays them (hot seat), else the person's
    side (versus the AI: "take back my last turn" before the AI acts on it)."""
    player = screen.controller.current_player()
    if player in screen.humans:
        return player
    return min(screen.humans) if screen.humans else None


def undo_hint(screen) -> str:
    """What Ctrl+Z would take back now and why undo stops there ("" when nothing: the
    refusal itself says why, when asked)."""
    side = undo_side(screen)
    timeline = getattr(screen, "timeline", None)
    if (side is None or timeline is None or not screen.is_human_turn()
            or getattr(screen, "viewing", False)):
        return ""
    info = timeline.undo_info(side)
    if not info.count:
        return ""
    step, stop = rules_words(info.next), rules_words(info.stop)
    if info.count > 1:
        return ngettext("Ctrl+Z undoes: {step} and {n} more (undo stops at: {stop})",
                        "Ctrl+Z undoes: {step} and {n} more (undo stops at: {stop})",
                        info.count - 1).format(step=step, n=info.count - 1, stop=stop)
    return _("Ctrl+Z undoes: {step} (undo stops at: {stop})").format(step=step, stop=stop)


def undo(screen) -> bool:
    """Ctrl+Z: take back one decision of the person playing, and say what and why it stops."""
    if screen.busy:
        screen.say(_("Wait: the rules are still resolving the last decision"), bad=True)
        return False
    side = undo_side(screen)
    if side is None:
        screen.say(_("Nothing to undo: the AI's decisions are never undone"), bad=True)
        return False
    info = screen.timeline.undo_info(side)
    if not screen.timeline.undo(side, 1):
        screen.say(_("Nothing to undo: {stop}").format(stop=rules_words(info.stop)), bad=True)
        return False
    refresh(screen)
    left = info.count - 1
    step, stop = rules_words(info.next), rules_words(info.stop)
    if left:
        screen.say(ngettext("Undone: {step}. {n} more can be undone.",
                            "Undone: {step}. {n} more can be undone.", left
                            ).format(step=step, n=left))
    else:
        screen.say(_("Undone: {step}. Undo stops here: {stop}.").format(step=step, stop=stop))
    return True


def refresh(screen) -> None:
    """The battle screen shows the state its controller is at now (after undo or a jump)."""
    controller = screen.controller
    screen.log.entries.clear()
    screen.log.scroll = 0
    screen.log.add(controller.events)
    tray = screen.tray
    tray.rows.clear()
    animate, tray.animate = tray.animate, False
    tray.add(controller.events[-80:])
    tray.animate = animate
    screen.selected = None
    screen.over_timer = None
    screen._after([])  # the screen's own reset after a change: caches, drafts, the panel
    screen.last_human = controller.current_player() if screen.is_human_turn() else None


# --- opening a saved battle ----------------------------------------------------------------------

def config_for(record: dict, map_path: Path) -> BattleConfig:
    """The menu choices a save stands for: who was a person, who the AI, the seed, the map."""
    agents = [a.get("agent") for a in record.get("agents") or []]
    sides = record.get("sides") or len(agents) or 2
    humans = [i for i, a in enumerate(agents) if a == battle_saves.HUMAN]
    if not agents or len(humans) == sides:
        mode, human = HOT_SEAT, 0
    elif humans:
        mode, human = VS_AI, humans[0]
    else:
        mode, human = AI_VS_AI, 0
    ai = next((a for a in agents if a != battle_saves.HUMAN), "greedy")
    from game.ui.seats import HUMAN, Seat  # a group of people and AIs keeps its seats

    players = tuple(Seat(HUMAN if a == battle_saves.HUMAN else a) for a in agents)
    return BattleConfig(record["ruleset"], map_path, mode, human, record["seed"], ai, sides,
                        players if len(players) == sides else ())


def open_saved(app, path: Path, mode: str | None = None):
    """Load a save (checked and rebuilt) and open its battle where it was left."""
    from game.io.tmx import default_map_for

    loaded = battle_saves.load_battle(path)
    map_path = loaded.map_path or default_map_for(loaded.record["ruleset"])
    config = config_for(loaded.record, map_path)
    if mode is not None:
        config.mode, config.players = mode, ()
    return app.start_battle(config, loaded.timeline.controller), loaded


def continue_last(app) -> str | None:
    """The menu's Continue: the newest unfinished battle. Returns a problem to show, or None."""
    entry = battle_saves.latest_unfinished()
    if entry is None:
        return _("No unfinished battle to continue.")
    try:
        open_saved(app, entry.path)
    except GameError as exc:
        return translate(str(exc))
    return None


def describe(entry: battle_saves.SaveEntry) -> str:
    """One line of the list: ruleset, map, sides, round (or finished), decisions, date."""
    if entry.summary is None:
        return _("{file}: cannot be read ({why})").format(file=entry.path.name,
                                                          why=entry.problem)
    s = entry.summary
    decisions = s.get("decisions", 0)
    parts = [s.get("ruleset"), s.get("map"),
             _(" vs ").join(translate(side) for side in s.get("sides") or []),
             _("finished") if s.get("over") else
             _("round {round}").format(round=s.get("round", "?")),
             ngettext("{n} decision", "{n} decisions", decisions).format(n=decisions)
             if isinstance(decisions, int) else "", s.get("saved_at") or entry.path.name]
    return " · ".join(str(p) for p in parts if p)


class SavedBattlesScreen(Screen):
    """The saved battles (autosaves included), newest first: open or delete each."""

    title = N_("Saved battles")
    empty = N_("No saved battle yet: battles are saved after every decision.")

    def __init__(self, app, folder: Path | None = None):
        super().__init__(app)
        self.folder = folder
        self.message = ""
        self.first = 0
        self.build()

    def entries(self) -> list[battle_saves.SaveEntry]:
        return battle_saves.list_saves(self.folder)

    def build(self) -> None:
        self.ui.clear_and_reset()
        self.rows = self.entries()
        self.buttons: dict = {}
        w, h = self.app.size
        left = (w - LIST_WIDTH) // 2
        self.list_top = 130
        for index, entry in enumerate(self.rows[self.first: self.first + VISIBLE_ROWS]):
            y = self.list_top + index * ROW_HEIGHT
            opener = pygame_gui.elements.UIButton(
                pygame.Rect(left, y, LIST_WIDTH - 120, ROW_HEIGHT - 6), _clip(describe(entry)),
                self.ui, object_id="#centered")
            if entry.summary is None:
                opener.disable()
            self.buttons[opener] = ("open", entry)
            remove = pygame_gui.elements.UIButton(
                pygame.Rect(left + LIST_WIDTH - 110, y, 110, ROW_HEIGHT - 6), _("Delete"), self.ui,
                object_id="#centered")
            self.buttons[remove] = ("delete", entry)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - 120, h - 80, 240, 48), _("Back to menu"), self.ui,
            object_id="#primary")

    def resize(self, size) -> None:
        super().resize(size)
        self.build()

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.open_menu()
            elif event.ui_element in self.buttons:
                what, entry = self.buttons[event.ui_element]
                self.act(what, entry)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open_menu()
        elif event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.rows) - VISIBLE_ROWS)
            self.first = max(0, min(most, self.first - event.y))
            self.build()

    def act(self, what: str, entry: battle_saves.SaveEntry) -> None:
        try:
            if what == "delete":
                battle_saves.delete_save(entry.path, entry.path.parent)
                self.message = _("Deleted {file}").format(file=entry.path.name)
                self.build()
            else:
                self.open(entry)
        except GameError as exc:
            self.message = translate(str(exc))

    def open(self, entry: battle_saves.SaveEntry) -> None:
        open_saved(self.app, entry.path)

    def draw(self, surface) -> None:
        text = shared_text()
        w, _x = self.app.size
        text.blit(surface, _(self.title), (w / 2, 50), size=34, color=palette.HIGHLIGHT,
                  bold=True, anchor="midtop")
        note = self.message or (_(self.empty) if not self.rows else
                                ngettext("{n} file; the wheel scrolls",
                                         "{n} files; the wheel scrolls", len(self.rows)
                                         ).format(n=len(self.rows)))
        text.blit(surface, text.clip(note, w - 40, 14), (w / 2, 98), size=14, color=palette.TEXT_DIM, anchor="midtop")


def _clip(text: str, limit: int = 110) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
