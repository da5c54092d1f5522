"""End of battle: the winner and the victory-point breakdown per side."""

from __future__ import annotations

import time

import pygame
import pygame_gui

from game.core.i18n import N_, msg
from game.core.text import count
from game.ui.base import Screen
from game.ui.config import BattleConfig
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.words import _, decimal, rules_words, translate

#: Breakdown columns shown when present, with their headings (other keys are added after).
COLUMNS = (("models_removed", N_("Models removed")), ("units_wiped", N_("Units wiped out")),
           ("objectives", N_("Objectives held")), ("points", N_("Victory points")))
THUMBNAIL = (560, 380)
SKIP = {"side", "name"}


class ResultsScreen(Screen):
    releases_memory = True  # closing it gives the battle's memory back

    def __init__(self, app, controller, config: BattleConfig):
        super().__init__(app)
        self.controller = controller
        self.config = config
        result = controller.state.result or {}
        self.rows = list(result.get("breakdown") or [])
        self.reason = result.get("reason", "")
        self.winner = result.get("winner")
        keys = [k for k, _ in COLUMNS if any(k in r for r in self.rows)]
        extra = sorted({k for r in self.rows for k in r} - SKIP - set(keys))
        self._picture = None
        self.columns = [(k, dict(COLUMNS).get(k, k.replace("_", " ").capitalize()))
                        for k in keys[:-1] + extra + keys[-1:]]  # headings: message ids
        self.replay_note = self.save_replay()
        self.build()

    def save_replay(self) -> str:
        """Every finished battle is kept as a replay (`skirmish replay FILE` plays it again)."""
        from game.core.errors import GameError
        from game.io.paths import replays_dir
        from game.io.saves import write_replay

        c = self.controller
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = replays_dir() / f"{c.ruleset.id}_{stamp}_seed{c.seed}.json"
        try:
            write_replay(path, c.replay_record())
        except (OSError, GameError) as exc:
            return msg("Replay not saved: {why}", why=str(exc))
        return msg("Replay saved: {path}", path=str(path))

    def build(self) -> None:
        self.ui.clear_and_reset()
        w, h = self.app.size
        self.again = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - 260, h - 74, 250, 48), _("Back to menu"), self.ui,
            object_id="#primary")
        self.quit_button = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 + 10, h - 74, 250, 48), _("Quit"), self.ui, object_id="#centered")

    def resize(self, size) -> None:
        super().resize(size)
        self._picture = None
        self.build()

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.again:
                self.back_to_menu()
            elif event.ui_element is self.quit_button:
                self.app.quit(0)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            self.back_to_menu()

    def back_to_menu(self) -> None:
        c = self.config
        self.app.open_menu(ruleset=c.ruleset, map_path=c.map_path, mode=c.mode,
                           human_side=c.human_side, ai=c.ai, sides=c.sides)

    def draw(self, surface) -> None:
        text = shared_text()
        w, _x = self.app.size
        state = self.controller.state
        if self.winner is None:
            title, color = _("A draw"), palette.HIGHLIGHT
        else:
            title = _("{side} wins").format(side=translate(state.sides[self.winner].name))
            color = palette.side_light(self.winner)
        text.blit(surface, _("Battle over"), (w / 2, 30), size=18, color=palette.TEXT_DIM,
                  anchor="midtop")
        text.blit(surface, text.clip(title, w - 40, 44, True), (w / 2, 54), size=44, color=color,
                  bold=True, anchor="midtop")
        if self.reason:
            why = _("Why it ended: {reason}").format(reason=rules_words(self.reason))
            text.blit(surface, text.clip(why, w - 40, 16), (w / 2, 116), size=16,
                      color=palette.TEXT, anchor="midtop")
        decisions = translate(count(self.controller.decision_count(), "decision"))
        rounds = self.controller.ruleset.battle_rounds(state.scenario)
        text.blit(surface, _("Round {round} of {rounds}  ·  seed {seed}  ·  {decisions}").format(
            round=state.round, rounds=rounds, seed=self.config.seed, decisions=decisions),
            (w / 2, 142), size=13, color=palette.TEXT_DIM, anchor="midtop")
        text.blit(surface, text.clip(self.replay_note, w - 40, 12), (w / 2, self.app.size[1] - 98),
                  size=12, color=palette.TEXT_DIM, anchor="midtop")
        bottom = self._table(surface, 196)
        self._final_position(surface, bottom + 24)

    def _final_position(self, surface, top: int) -> None:
        """The table as the battle ended, small, under the scores."""
        w, h = self.app.size
        space = h - 96 - top
        if space < 160:
            return
        if self._picture is None or self._picture.get_height() != min(space, THUMBNAIL[1]):
            from game.ui.render.board import Board
            from game.ui.render.camera import Camera
            from game.ui.render.scene import Overlays, Scene

            size = (THUMBNAIL[0], min(space, THUMBNAIL[1]))
            picture = pygame.Surface(size)
            picture.fill(palette.BACKGROUND)
            state = self.controller.state
            camera = Camera(picture.get_rect(), state.scenario.width, state.scenario.height, 4)
            scene = Scene(Board(state.scenario, self.config.map_path or state.scenario.source),
                          self.controller.ruleset)
            from game.ui.hooks import objective_holders

            scene.draw(picture, camera, state,
                       Overlays(holders=objective_holders(self.controller)))
            self._picture = picture
        rect = self._picture.get_rect(midtop=(w // 2, top))
        surface.blit(self._picture, rect)
        pygame.draw.rect(surface, palette.PANEL_EDGE, rect.inflate(2, 2), 1)
        shared_text().blit(surface, _("The table at the end"), (rect.left, rect.top - 4), size=12,
                           color=palette.TEXT_DIM, anchor="bottomleft")

    def _table(self, surface, top: int) -> int:
        text = shared_text()
        w, _x = self.app.size
        names = [translate(r["name"]) for r in self.rows if "name" in r]
        widest = max((text.size(_("{side}  (winner)").format(side=n), 18, True)[0]
                      for n in names), default=0)
        # the side column as wide as its longest name (a translation's winner mark included),
        # within what the window leaves the other columns
        name_w = max(240, min(widest + 16, w - 64 - 110 * max(1, len(self.columns))))
        # columns share what the window leaves (the smallest window has room for four)
        col_w = max(110, min(170, (w - 64 - name_w) // max(1, len(self.columns))))
        width = name_w + col_w * len(self.columns)
        x0 = (w - width) // 2
        box = pygame.Rect(x0 - 16, top - 12, width + 32, 56 + 44 * max(1, len(self.rows)))
        pygame.draw.rect(surface, palette.PANEL, box, border_radius=8)
        pygame.draw.rect(surface, palette.PANEL_EDGE, box, 1, border_radius=8)
        text.blit(surface, _("Side"), (x0, top), size=14, color=palette.TEXT_DIM, bold=True)
        for i, (_x, heading) in enumerate(self.columns):
            text.blit(surface, text.clip(translate(heading), col_w - 16, 14, True),
                      (x0 + name_w + col_w * i + col_w - 12, top), size=14,
                      color=palette.TEXT_DIM, bold=True, anchor="topright")
        y = top + 40
        for row in self.rows:
            side = row.get("side", 0)
            winner = side == self.winner
            name = translate(row["name"]) if "name" in row else \
                _("Side {number}").format(number=side + 1)
            if winner:
                name = _("{side}  (winner)").format(side=name)
            name = text.clip(name, name_w - 8, 18, True)
            if winner:
                pygame.draw.rect(surface, (56, 50, 26), (x0 - 8, y - 8, width + 16, 40),
                                 border_radius=6)
            text.blit(surface, name, (x0, y), size=18, color=palette.side_light(side), bold=True)
            for i, (key, _x) in enumerate(self.columns):
                value = row.get(key, "")
                shown = decimal(f"{value:g}") if isinstance(value, (int, float)) else \
                    translate(str(value))
                text.blit(surface, shown, (x0 + name_w + col_w * i + col_w - 12, y), size=18,
                          color=palette.TEXT, bold=key == "points", anchor="topright")
            y += 44
        return box.bottom
