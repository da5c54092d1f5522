"""Where the battle screen's parts sit in the window: the top bar, the table view, the dice tray,
the decision column and the log, and the few buttons that always stay (tools, confirm/cancel).

Rebuilt on every resize; nothing here reads the rules.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.core.i18n import N_
from game.i18n import _
from game.ui.render.camera import Camera
from game.ui.screens.battle.decision_list import DecisionPanel

TOP_BAR = 44
RIGHT_WIDTH = 400
TRAY_HEIGHT = 136
LOG_SHARE = 0.42  # of the right column's height
# The decision column's head: who acts (16 px), what to do (12 px), then the hint (odds,
# targets, a refusal) in up to HINT_LINES lines: warband odds take 5 lines of the column, ranks
# odds 4; the list starts below, at the same place whatever the hint says.
HINT_TOP = 44
HINT_SIZE = 12
HINT_LINE = 15
HINT_LINES = 5
STATUS_HEIGHT = 8 + HINT_TOP + HINT_LINES * HINT_LINE + 6
DRAFT_HEIGHT = 118
INFO_WIDTH = 360  # the info box beside the dice tray, at most

#: Windows at least this wide show the tools with their keys ("Ruler (R)"); narrower ones
#: show "Ruler" so that the header's round, phase and scores keep their room.
TOOLS_FULL_WIDTH = 1200
#: The tool bar, right to left: key, label (a message id; a translation keeps " (key)").
TOOLS = (("menu", N_("Menu (Esc)")), ("help", N_("Help (H)")), ("fit", N_("Fit (F)")),
         ("sight", N_("Sight (L)")), ("ruler", N_("Ruler (R)")), ("undo", N_("Undo (^Z)")),
         ("why", N_("Why AI? (Y)")))


def tool_label(label: str) -> str:
    """A tool's name without its key: "Why AI? (Y)" -> "Why AI?"."""
    return label.split(" (")[0]


class LayoutMixin:
    """The screen's rectangles and fixed buttons (part of `BattleScreen`)."""

    def _build_layout(self) -> None:
        width, height = self.app.size
        self.top_rect = pygame.Rect(0, 0, width, TOP_BAR)
        self.right_rect = pygame.Rect(width - RIGHT_WIDTH, TOP_BAR, RIGHT_WIDTH, height - TOP_BAR)
        log_height = int(self.right_rect.height * LOG_SHARE)
        self.log_rect = pygame.Rect(self.right_rect.x, height - log_height, RIGHT_WIDTH, log_height)
        self.decide_rect = pygame.Rect(self.right_rect.x, TOP_BAR, RIGHT_WIDTH,
                                       self.log_rect.y - TOP_BAR)
        self.view_rect = pygame.Rect(0, TOP_BAR, width - RIGHT_WIDTH, height - TOP_BAR - TRAY_HEIGHT)
        self.tray_rect = pygame.Rect(0, height - TRAY_HEIGHT, width - RIGHT_WIDTH, TRAY_HEIGHT)
        # A ruleset with an info box (the cards deck, the ranks contact legend) gets it beside the
        # dice, under the table, never over it: the strip is kept whatever the box says, so the
        # table does not jump when the box comes and goes.
        self.info_rect = None
        if getattr(self.ruleset, "info_panel", None) is not None:
            info_width = min(INFO_WIDTH, int(self.tray_rect.width * 0.45))
            self.tray_rect.width -= info_width
            self.info_rect = pygame.Rect(self.tray_rect.right, self.tray_rect.y, info_width,
                                         TRAY_HEIGHT)
        if not hasattr(self, "camera"):
            s = self.controller.scenario
            self.camera = Camera(self.view_rect, s.width, s.height)
        else:
            self.camera.set_view(self.view_rect)
        self.ui.clear_and_reset()
        self.panel = DecisionPanel(self.ui, self._list_rect())
        self.tools: dict[str, pygame_gui.elements.UIButton] = {}
        x = width - 8
        # a narrow window keeps the header readable: shorter tools, their keys in the help
        self.tool_w, self.tool_keys = (86, True) if width >= TOOLS_FULL_WIDTH else (62, False)
        for key, label in TOOLS:
            w = self.tool_w
            label = _(label) if self.tool_keys else tool_label(_(label))
            x -= w
            self.tools[key] = pygame_gui.elements.UIButton(
                pygame.Rect(x, 7, w, 30), label, self.ui, object_id="#tool")
            x -= 4
        self.tools_left = x
        bottom = self.decide_rect.bottom - DRAFT_HEIGHT
        half = (RIGHT_WIDTH - 24) // 2
        self.confirm_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.decide_rect.x + 8, bottom + 74, half, 36), _("Confirm move (Enter)"),
            self.ui, object_id="#confirm")
        self.cancel_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.decide_rect.x + 16 + half, bottom + 74, half, 36), _("Cancel (Esc)"),
            self.ui, object_id="#centered")
        self.confirm_button.hide()
        self.cancel_button.hide()
        self._panel_key = None
        self._sync_tools()

    def _list_rect(self) -> pygame.Rect:
        bottom = self.decide_rect.bottom - (DRAFT_HEIGHT if self.draft else 0)
        return pygame.Rect(self.decide_rect.x, self.decide_rect.y + STATUS_HEIGHT, RIGHT_WIDTH,
                           bottom - self.decide_rect.y - STATUS_HEIGHT - 4)

    def resize(self, size) -> None:
        super().resize(size)
        self._build_layout()

    def _sync_tools(self) -> None:
        for key, on in (("ruler", self.ruler_active), ("sight", self.sight_mode)):
            button = self.tools[key]
            if on:
                button.select()
            else:
                button.unselect()

    def _show_draft_buttons(self) -> None:
        show = self.draft is not None and self.is_human_turn()
        for button in (self.confirm_button, self.cancel_button):
            if show and not button.visible:
                button.show()
            elif not show and button.visible:
                button.hide()
        if show:
            if self.draft.reason or not self.draft.checked:
                self.confirm_button.disable()
            else:
                self.confirm_button.enable()
