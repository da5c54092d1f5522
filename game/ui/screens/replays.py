"""Watching a finished battle back: the Replays list and the viewer's controls.

The viewer is the ordinary battle screen (table, dice tray, log) over the replay's timeline,
with a control bar on top: step back and forward one decision, jump a round, play and pause at
a chosen speed. Going anywhere is the timeline's `go_to` (a snapshot restore and a short
replay), so stepping back is as quick as stepping forward. "Take over" closes the bar and
leaves the battle at that point to be played on, hot seat or as the side to act against the
AI: a new decision starts a new battle from there (the rest of the replay is dropped, as after
undo).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.core.errors import GameError
from game.core.i18n import N_
from game.io.paths import replays_dir
from game.ui.base import Screen
from game.ui.config import HOT_SEAT, VS_AI
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.screens.saves import SavedBattlesScreen, open_saved, refresh
from game.ui.words import _, decimal, rules_words, translate

SPEEDS = (1.0, 2.0, 4.0, 8.0)  # decisions per second while playing
BAR_HEIGHT = 58


class ReplaysScreen(SavedBattlesScreen):
    """The replays kept after each battle, newest first."""

    title = N_("Replays")
    empty = N_("No replay yet: every finished battle is kept as one.")

    def __init__(self, app, folder=None):
        super().__init__(app, folder if folder is not None else replays_dir())

    def open(self, entry) -> None:
        open_replay(self.app, entry.path)


def open_replay(app, path) -> ReplayControls:
    """Open a replay (or a save) in the viewer, at its first decision."""
    battle, loaded = open_saved(app, path, mode=HOT_SEAT)
    controls = ReplayControls(app, battle)
    controls.go(0)
    return app.push(controls)


class ReplayControls(Screen):
    """The control bar over the battle screen; keys: Left/Right one decision, Page Up/Down
    one round, Home/End, Space play/pause, +/- speed, Esc back to the replays."""

    opaque = False

    def __init__(self, app, battle):
        super().__init__(app)
        self.battle = battle
        battle.viewing = True  # watched, not played: no undo hint until taken over
        self.timeline = battle.timeline
        self.playing = False
        self.speed = 0
        self.clock = 0.0
        self.rounds: dict[int, int] = {}
        self.build()

    # --- moving through the battle -----------------------------------------------------------
    @property
    def end(self) -> int:
        return len(self.timeline.decisions)

    def go(self, position: int) -> None:
        position = max(0, min(self.end, position))
        if position != self.timeline.position:
            self.timeline.go_to(position)
            refresh(self.battle)
        if position >= self.end:
            self.playing = False

    def step(self, count: int = 1) -> None:
        self.go(self.timeline.position + count)

    def round_at(self, position: int) -> int:
        """The battle round after `position` decisions (remembered once seen)."""
        if position not in self.rounds:
            here = self.timeline.position
            self.timeline.go_to(position)
            self.rounds[position] = self.timeline.state.round
            self.timeline.go_to(here)
        return self.rounds[position]

    def jump_round(self, direction: int) -> None:
        """Forward: to the first decision of the next round. Back: to the first decision of
        this round, or of the one before when already there."""
        position = self.timeline.position
        now = self.round_at(position)
        if direction > 0:
            while position < self.end and self.round_at(position) == now:
                position += 1
        else:
            target = now if position and self.round_at(position - 1) == now else now - 1
            while position > 0 and self.round_at(position - 1) >= target:
                position -= 1
        self.go(position)

    def take_over(self, versus_ai: bool = False) -> None:
        """Play on from here: hot seat, or as the side to act now against the AI."""
        battle = self.battle
        battle.viewing = False
        if versus_ai:
            from game import ai

            me = battle.controller.current_player()
            battle.humans = {me}
            battle.agents = {side: ai.make(battle.config.ai, battle.config.seed * 31 + side)
                             for side in range(len(battle.state.sides)) if side != me}
            battle.config.mode, battle.config.human_side = VS_AI, me
            battle.timeline.ai_sides = frozenset(battle.agents)
        self.app.pop()
        battle.say(_("You play on from here (against the AI): the rest of the replay is "
                     "dropped at the next decision.") if versus_ai else
                   _("You play on from here (hot seat): the rest of the replay is dropped at "
                     "the next decision."))

    # --- screen ------------------------------------------------------------------------------
    def build(self) -> None:
        self.ui.clear_and_reset()
        w, _x = self.app.size
        speed = _("Speed x{speed}").format(speed=decimal(f"{SPEEDS[self.speed]:g}"))
        labels = (("start", "|<"), ("round_back", _("<< Round")), ("back", _("< Step")),
                  ("play", _("Pause") if self.playing else _("Play")), ("forward", _("Step >")),
                  ("round_forward", _("Round >>")), ("end", ">|"),
                  ("speed", speed), ("take_over", _("Take over")),
                  ("take_over_ai", _("Vs the AI")), ("close", _("Close")))
        gap = 6
        width = min(98, (w - 16) // len(labels) - gap)
        x = (w - len(labels) * (width + gap)) // 2
        self.buttons = {}
        for key, label in labels:
            button = pygame_gui.elements.UIButton(
                pygame.Rect(x, 8, width, 40), shared_text().clip(label, width - 8, 14), self.ui,
                object_id="#centered", tool_tip_text=label)
            self.buttons[button] = key
            x += width + gap

    def resize(self, size) -> None:
        super().resize(size)
        self.build()

    def press(self, key: str) -> None:
        actions = {
            "start": lambda: self.go(0), "end": lambda: self.go(self.end),
            "back": lambda: self.step(-1), "forward": lambda: self.step(1),
            "round_back": lambda: self.jump_round(-1),
            "round_forward": lambda: self.jump_round(1),
            "play": self.toggle, "speed": self.faster, "take_over": self.take_over,
            "take_over_ai": lambda: self.take_over(versus_ai=True),
            "close": self.close_viewer,
        }
        actions[key]()

    def toggle(self) -> None:
        self.playing = not self.playing and self.timeline.position < self.end
        self.clock = 0.0
        self.build()

    def faster(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self.build()

    def close_viewer(self) -> None:
        self.app.replace_all(ReplaysScreen(self.app))

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.press(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_HOME: "start",
                    pygame.K_END: "end", pygame.K_SPACE: "play", pygame.K_PAGEUP: "round_back",
                    pygame.K_PAGEDOWN: "round_forward", pygame.K_PLUS: "speed",
                    pygame.K_EQUALS: "speed", pygame.K_ESCAPE: "close"}
            if event.key in keys:
                try:
                    self.press(keys[event.key])
                except GameError as exc:
                    self.battle.say(translate(str(exc)), bad=True)
        elif event.type in (pygame.MOUSEWHEEL, pygame.MOUSEMOTION):
            self.battle.handle(event)  # zoom and hover the table while watching

    def update(self, dt: float) -> None:
        self.battle.tray.update(dt)
        if not self.playing:
            return
        self.clock += dt
        interval = 1.0 / SPEEDS[self.speed]
        while self.clock >= interval and self.playing:
            self.clock -= interval
            self.step(1)
        if not self.playing:
            self.build()

    def draw(self, surface) -> None:
        w, _x = self.app.size
        bar = pygame.Rect(0, 0, w, BAR_HEIGHT)
        pygame.draw.rect(surface, palette.PANEL, bar)
        pygame.draw.line(surface, palette.HIGHLIGHT, bar.bottomleft, bar.bottomright)
        timeline = self.timeline
        last = (timeline.decisions[timeline.position - 1].action if timeline.position else None)
        said = rules_words(last.label or last.to_text()) if last is not None else \
            _("the opening")
        line = _("Replay · decision {number} of {decisions} · round {round} · last: {action}"
                 ).format(number=timeline.position, decisions=self.end,
                          round=timeline.state.round, action=said)
        line = shared_text().clip(line, w - 20, 14)
        strip = pygame.Rect(0, BAR_HEIGHT, w, 26)
        pygame.draw.rect(surface, palette.PANEL, strip)
        shared_text().blit(surface, line, (w / 2, BAR_HEIGHT + 5), size=14,
                           color=palette.HIGHLIGHT, anchor="midtop")
