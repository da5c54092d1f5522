"""The error panel: a rules step or AI decision raised, and the window says so instead of dying.

It names what failed (ruleset, seed, decision number, the action) and offers two ways on:
"Save the battle and a report" writes the replay so far (`game.io.saves.write_replay`) and a
text report with the traceback to the user-data folder, both atomically; "Back to the menu".
The battle cannot go on: its state may be half-changed by the step that failed.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pygame_gui

from game.core.i18n import N_
from game.i18n import _
from game.ui.base import Screen
from game.ui.render import palette
from game.ui.render.text import shared_text

BOX_WIDTH = 820
MARGIN = 40
TRACE_LINES = 8  # last lines of the traceback shown (the report has all of it)


@dataclass
class Failure:
    """What failed, as the panel and the report name it."""

    what: str  # "rules step", "AI decision" or "client"
    error: str  # "ValueError: ..."
    trace: str
    ruleset: str = ""
    seed: int | None = None
    decision: int | None = None
    side: str = ""
    action: str = ""  # short, for the panel
    action_full: str = ""  # every field (a placement's destinations), for the report
    record: dict | None = None  # the replay so far (None outside a battle)
    menu: dict = field(default_factory=dict)  # the menu's choices, to go back to them

    @classmethod
    def from_exception(cls, exc: BaseException, trace: str | None = None, app=None,
                       **context) -> Failure:
        """`context` as the battle knows it; without one, the battle on the app's stack (if
        any) says what it can (a failure in drawing or a screen's own code)."""
        if trace is None:
            trace = "".join(traceback.format_exception(exc))
        if not context and app is not None:
            from game.ui.screens.battle import BattleScreen

            battle = app.find(BattleScreen)
            if battle is not None:
                try:
                    context = battle.failure_context()
                except Exception:  # noqa: BLE001 - the panel shows, with what is known
                    context = {}
        context.setdefault("what", "client")
        return cls(error=f"{type(exc).__name__}: {exc}", trace=trace, **context)

    def title(self, say=str) -> str:
        """The panel's heading; `say` translates (the report stays English: it is read by
        whoever fixes the bug)."""
        return say({"rules step": N_("A rules step failed"),
                    "AI decision": N_("An AI decision failed")
                    }.get(self.what, N_("The client hit an error")))

    def facts(self, say=str) -> list[str]:
        lines = []
        where = [say(N_("Ruleset {ruleset}")).format(ruleset=self.ruleset) if self.ruleset
                 else "",
                 say(N_("seed {seed}")).format(seed=self.seed) if self.seed is not None
                 else "",
                 say(N_("decision {number}")).format(number=self.decision)
                 if self.decision is not None else ""]
        if any(where):
            lines.append(" · ".join(w for w in where if w))
        if self.side:
            lines.append(say(N_("Side: {side}")).format(side=say(self.side)))
        if self.action:
            lines.append(say(N_("Action: {action}")).format(action=say(self.action)))
        lines.append(say(N_("Error: {error}")).format(error=self.error))
        return lines

    def report(self) -> str:
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        facts = self.facts()
        if self.action_full:
            facts = [f"Action: {self.action_full}" if f.startswith("Action: ") else f
                     for f in facts]
        body = [f"Skirmish Table error report ({stamp})", "", self.title(), *facts, ""]
        if self.record is not None:
            body += [f"Map: {self.record.get('map', '')}",
                     f"Decisions before the failure: {len(self.record.get('actions', []))}",
                     "The replay beside this report plays the battle up to the failure:",
                     "  skirmish replay FILE", ""]
        body += ["Traceback:", self.trace.rstrip(), ""]
        return "\n".join(body)

    def save(self) -> list[Path]:
        """Write the report (and the replay so far) to the user-data folder's `reports`."""
        from game.io.paths import user_data_dir
        from game.io.saves import write_replay, write_text_atomic

        folder = user_data_dir() / "reports"
        stamp = time.strftime("%Y%m%d-%H%M%S")
        base = f"{self.ruleset or 'client'}_{stamp}" + (
            f"_seed{self.seed}" if self.seed is not None else "")
        written = []
        if self.record is not None:
            written.append(write_replay(folder / f"{base}_replay.json", self.record))
        written.append(write_text_atomic(folder / f"{base}_report.txt", self.report()))
        return written


def trace_tail(trace: str, count: int = TRACE_LINES) -> list[str]:
    """The traceback's last lines worth reading: no caret markers, code indented under its
    file line."""
    lines = []
    for line in trace.rstrip().splitlines():
        stripped = line.strip()
        if not stripped or set(stripped) <= set("^~ "):
            continue
        lines.append(("\u00a0" * 4 if line.startswith("    ") else "") + stripped)
    return lines[-count:]


class ErrorScreen(Screen):
    """Drawn over a dimmed picture of the window as it was when the failure happened."""

    def __init__(self, app, failure: Failure):
        super().__init__(app)
        self.failure = failure
        self.status = ""
        self.status_bad = False
        self.saved: list[Path] = []
        self.backdrop = app.window.copy()
        self.build()

    # --- layout ----------------------------------------------------------------------------------
    def box(self) -> pygame.Rect:
        w, h = self.app.size
        width = min(BOX_WIDTH, w - 2 * MARGIN)
        height = min(h - 2 * MARGIN, 560)
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def build(self) -> None:
        self.ui.clear_and_reset()
        box = self.box()
        half = (box.width - 3 * 24) // 2
        y = box.bottom - 24 - 48
        self.save_button = pygame_gui.elements.UIButton(
            pygame.Rect(box.x + 24, y, half, 48), _("Save the battle and a report"), self.ui,
            object_id="#primary")
        self.menu_button = pygame_gui.elements.UIButton(
            pygame.Rect(box.right - 24 - half, y, half, 48), _("Back to the menu"), self.ui,
            object_id="#centered")

    def resize(self, size) -> None:
        super().resize(size)
        self.build()

    # --- actions ---------------------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_button:
                self.save()
            elif event.ui_element is self.menu_button:
                self.back_to_menu()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back_to_menu()

    def save(self) -> None:
        from game.core.errors import GameError

        try:
            self.saved = self.failure.save()
        except (OSError, GameError, TypeError, ValueError) as exc:
            self.status, self.status_bad = _("Not saved: {why}").format(why=exc), True
            return
        self.status, self.status_bad = _("Saved: {files}").format(
            files="  +  ".join(map(str, self.saved))), False
        self.save_button.disable()

    def back_to_menu(self) -> None:
        self.app.open_menu(**self.failure.menu)

    # --- drawing ---------------------------------------------------------------------------------
    def lines(self, width: int) -> list[tuple[str, int, tuple, bool]]:
        """Every line in the box: (text, size, colour, bold), wrapped to the box's width."""
        text = shared_text()
        out: list[tuple[str, int, tuple, bool]] = []

        def add(value: str, size: int, color: tuple, bold: bool = False) -> None:
            out.extend((line, size, color, bold) for line in text.wrap(value, width, size, bold))

        add(self.failure.title(_), 24, palette.TEXT_BAD, True)
        for fact in self.failure.facts(_):
            add(fact, 15, palette.TEXT)
        add(_("The battle cannot go on. Save it with a report (the replay so far and the "
              "traceback) so the problem can be found and fixed, or go back to the menu."),
            14, palette.TEXT_DIM)
        tail = trace_tail(self.failure.trace)
        if tail:
            add(_("Last lines of the traceback:"), 13, palette.HIGHLIGHT, True)
            for line in tail:
                add(line, 12, palette.TEXT_DIM)
        return out

    def draw(self, surface) -> None:
        surface.blit(self.backdrop, (0, 0))
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((8, 10, 12, 200))
        surface.blit(shade, (0, 0))
        box = self.box()
        pygame.draw.rect(surface, palette.PANEL, box, border_radius=10)
        pygame.draw.rect(surface, palette.TEXT_BAD, box, 2, border_radius=10)
        text = shared_text()
        inner = box.width - 48
        status = (text.wrap(self.status, inner, 13) if self.status else [])[:3]
        bottom = self.save_button.rect.top - 12 - 17 * len(status)
        y = box.y + 20
        for line, size, color, bold in self.lines(inner):
            if y + size + 4 > bottom:
                text.blit(surface, "…", (box.x + 24, y - 4), size=size, color=color)
                break
            text.blit(surface, line, (box.x + 24, y), size=size, color=color, bold=bold)
            y += size + (10 if size >= 20 else 6)
        y = self.save_button.rect.top - 10 - 17 * len(status)
        for line in status:
            text.blit(surface, line, (box.x + 24, y), size=13,
                      color=palette.TEXT_BAD if self.status_bad else palette.TEXT_GOOD)
            y += 17
