"""The battle screen's panels: the top bar (turn and scores), the decision column (who acts,
the hint line, the list of offered actions) and the box of the move being dragged.
"""

from __future__ import annotations

import pygame

from game.core.i18n import N_
from game.ui import jobs
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.screens.battle.decision_list import Group
from game.ui.screens.battle.layout import (
    DRAFT_HEIGHT,
    HINT_LINE,
    HINT_LINES,
    HINT_SIZE,
    HINT_TOP,
    RIGHT_WIDTH,
    TOP_BAR,
)
from game.ui.words import _, decimal, fill, rules_words, translate

#: The header's scores are worked out from the table as it stands (objectives held now count).
VP_CAPTION = N_("(VP if the battle ended now)")
VP_CAPTION_SHORT = N_("(VP if it ended now)")  # a narrow window's
VP_TIP = N_("Victory points if the battle ended now, worked out from the table as it stands: "
            "an objective counts for whoever holds it at this moment, so a unit stepping off "
            "an objective can lower its side's VP.")

#: After a click on a decision the list keeps its layout (its buttons disabled) until the pointer
#: leaves it, or moves once this many seconds have passed: the next unit's option never slides
#: under a pointer that just clicked, so ordering again takes a deliberate second click.
HOLD_AFTER_CLICK = 0.6


class PanelsMixin:
    """The panels around the table (part of `BattleScreen`)."""

    def hold_list(self) -> None:
        """A decision was just clicked: keep the list where it is (see HOLD_AFTER_CLICK)."""
        self.list_hold = (self.clock, tuple(self.app.mouse))

    def list_held(self) -> bool:
        """The list still holds its layout after a click; ends the hold once the pointer left
        the list, or moved after HOLD_AFTER_CLICK seconds."""
        if self.list_hold is None:
            return False
        since, where = self.list_hold
        mouse = tuple(self.app.mouse)
        if not self.panel.rect.collidepoint(mouse) or (
                self.clock - since >= HOLD_AFTER_CLICK and mouse != where):
            self.list_hold = None
            return False
        return True

    def _refresh_panel(self) -> None:
        key = (self.version, self.controller.current_player(), self.is_human_turn())
        if key == self._panel_key:
            return
        if self.list_held():  # the new offers wait; the old ones cannot be pressed
            self.panel.freeze()
            return
        self._panel_key = key
        legal = self.legal()
        ready = self._ready_values
        if ready is not None and ready[0] == self.version:
            self._values = dict(ready[1])  # the worker's, for these same offers
        else:
            self._values = jobs.action_values(self.controller, legal) if legal else {}
        names = self.scene.names(self.state)
        groups: dict[str | None, Group] = {}
        for action in legal:
            unit = action.unit if action.unit in self.state.units else None
            if unit not in groups:
                if unit is None:
                    groups[unit] = Group(_("Phase"), None, None, [])
                else:
                    groups[unit] = Group(translate(names.get(unit, unit)),
                                         self.state.units[unit].side,
                                         unit, [])
            # the AI's expected victory points for the choice (explained on hover, `why.py`)
            note = (_("AI: {value} VP").format(value=decimal(f"{self._values[action]:+.2f}"))
                    if action in self._values else "")
            groups[unit].actions.append((action, note))
        ordered = [g for u, g in groups.items() if u is not None]
        if None in groups:
            ordered.append(groups[None])
        self.panel.set_rect(self._list_rect())
        self.panel.set_groups(ordered, bool(self._values))
        if self.selected in groups:
            self.panel.scroll_to_unit(self.selected)
        elif self.is_human_turn():
            units = [g.unit for g in ordered if g.unit]
            if len(units) == 1:
                self.select(units[0])

    def top_line(self) -> str:
        """The top bar's "Round 2/6 · Movement · side": the last round is the ruleset's
        (`battle_rounds`), which need not be the map's, and the phase is named by the ruleset
        (`current_phase_name`), as its log names it: the client knows no ruleset's phases."""
        s = self.state
        ruleset = self.controller.ruleset
        return _("Round {round}/{rounds} · {phase} · {side}").format(
            round=s.round, rounds=ruleset.battle_rounds(s.scenario),
            phase=translate(ruleset.current_phase_name(s)), side=translate(s.sides[s.active].name))

    def _draw_top(self, surface) -> None:
        text = shared_text()
        pygame.draw.rect(surface, palette.PANEL, self.top_rect)
        pygame.draw.line(surface, palette.PANEL_EDGE, self.top_rect.bottomleft,
                         self.top_rect.bottomright)
        s = self.state
        head = self.top_line()
        score = self.score()
        labels = []
        for side in s.sides:
            points = score[side.index] if side.index < len(score) else 0
            labels.append((_("{side}: {points} VP, {lost} lost").format(
                side=translate(side.name), points=decimal(f"{points:g}"),
                lost=len(side.casualties)), palette.side_light(side.index)))
        caption_text, short_text = _(VP_CAPTION), _(VP_CAPTION_SHORT)
        room = self.tools_left - 20

        def width(size: int, head_size: int) -> int:
            return (text.size(head, head_size, True)[0] + 28 + text.size(caption_text, 12)[0]
                    + sum(text.size(label, size, True)[0] + 20 for label, _ in labels))

        first = None
        if width(14, 15) <= room:  # one line: the turn, then the scores
            rect = text.blit(surface, head, (12, TOP_BAR // 2), size=15, color=palette.TEXT,
                             bold=True, anchor="midleft")
            x, y, size = rect.right + 28, TOP_BAR // 2, 14
        else:  # narrow window: the turn above, the scores below
            first = text.blit(surface, head, (12, 12), size=13, color=palette.TEXT, bold=True,
                              anchor="midleft")
            x, y, size = 12, 31, 12
        self._score_rects = []
        for label, color in labels:
            rect = text.blit(surface, _clip(label, max(40, room - x), size), (x, y), size=size,
                             color=color, bold=True, anchor="midleft")
            self._score_rects.append(rect)
            x = rect.right + 18
        caption = text.size(caption_text, 12)[0]
        if x + caption <= room:
            self._score_rects.append(text.blit(surface, caption_text, (x - 6, y), size=12,
                                               color=palette.TEXT_DIM, anchor="midleft"))
        elif first is not None:  # narrow: beside the turn, shortened if need be
            short = caption_text if first.right + 16 + caption <= room else short_text
            self._score_rects.append(text.blit(surface, text.clip(short, room - first.right
                                                                  - 16, 12),
                                               (first.right + 16, 12), size=12,
                                               color=palette.TEXT_DIM, anchor="midleft"))
        if any(r.collidepoint(self.app.mouse) for r in self._score_rects):
            self._draw_vp_tip(surface)

    def _draw_vp_tip(self, surface) -> None:
        """Hovering the scores says what they are: a snapshot, not points banked."""
        text = shared_text()
        lines = text.wrap(_(VP_TIP), 360, 12)
        box = pygame.Rect(12, TOP_BAR + 4, 380, 12 + 16 * len(lines))
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((14, 16, 20, 235))
        surface.blit(shade, box)
        pygame.draw.rect(surface, palette.HIGHLIGHT, box, 1, border_radius=4)
        for i, line in enumerate(lines):
            text.blit(surface, line, (box.x + 10, box.y + 6 + 16 * i), size=12,
                      color=palette.TEXT)

    def _draw_decisions(self, surface) -> None:
        if not self.busy:  # the heading and the buttons are of the same decision, always
            self._refresh_panel()
        self._draw_status(surface)
        rect = self.decide_rect
        pygame.draw.line(surface, palette.PANEL_EDGE, (rect.x + 8, self.panel.rect.y - 3),
                         (rect.right - 8, self.panel.rect.y - 3))
        self.panel.draw(surface, self.hovered_action, self.selected)
        if self.draft is not None and self.is_human_turn():
            self._draw_draft(surface)

    def _draw_status(self, surface) -> None:
        """Who acts, what to do, and the hint (odds, targets, a refusal): every line fits the
        column's width and the hint keeps to its `HINT_LINES` above the list, which never moves
        when a hover changes the hint (the last line ends in "…" if the text is longer)."""
        text = shared_text()
        rect = self.decide_rect
        pygame.draw.rect(surface, palette.PANEL, rect)
        pygame.draw.line(surface, palette.PANEL_EDGE, rect.topleft, rect.bottomleft)
        player = self.controller.current_player()
        x, y = rect.x + 12, rect.y + 8
        room = rect.width - 24
        if self.controller.over:
            text.blit(surface, _("The battle is over."), (x, y), size=16, color=palette.HIGHLIGHT,
                      bold=True)
        elif player is not None:
            side = self.state.sides[player]
            name = translate(side.name)
            if not self.is_human_turn():
                head = _("{side}: AI is playing").format(side=name)
            elif len(self.humans) > 1:
                head = fill(_("{side}: {player:poss} decision"), side=name,
                            player=self.player_names.get(player, _("player")))
            else:
                head = _("{side}: your decision").format(side=name)
            text.blit(surface, text.clip(head, room, 16, True), (x, y), size=16,
                      color=palette.side_light(player), bold=True)
            if not self.is_human_turn():
                hint = _("Space: skip to your decision") if self.humans else \
                    _("Space: skip to the end of this turn")
                text.blit(surface, text.clip(hint, room, 13), (x, y + 24), size=13,
                          color=palette.TEXT_DIM)
            else:
                text.blit(surface, text.clip(_("Hover a choice to preview it; drag a unit to "
                                               "place it yourself."), room, 12),
                          (x, y + 24), size=12, color=palette.TEXT_DIM)
        note, color = self._hint()
        if note:
            for i, line in enumerate(hint_lines(note, room)):
                text.blit(surface, line, (x, y + HINT_TOP + i * HINT_LINE), size=HINT_SIZE,
                          color=color)

    def _hint(self) -> tuple[str, tuple]:
        if self.message:
            return rules_words(self.message), palette.TEXT_BAD if self.message_bad else \
                palette.TEXT
        if self.hovered_action is not None and not self.busy:
            shown = self.preview(self.hovered_action)
            if shown["outcomes"]:
                return _("Exact odds {odds}").format(odds=translate(shown["outcomes"])), \
                    palette.HIGHLIGHT
            if shown["odds"]:
                return _("In charge range: {odds}").format(odds=translate(shown["odds"])), \
                    palette.HIGHLIGHT
            if shown["targets"]:
                return _("Targets: {targets}").format(
                    targets="; ".join(translate(t) for t in shown["targets"].values())), \
                    palette.HIGHLIGHT
        from game.ui.screens.saves import undo_hint  # what Ctrl+Z would take back, and why not more

        return undo_hint(self), palette.TEXT_DIM

    def _draw_draft(self, surface) -> None:
        text = shared_text()
        draft = self.draft
        top = self.decide_rect.bottom - DRAFT_HEIGHT
        box = pygame.Rect(self.decide_rect.x + 6, top, RIGHT_WIDTH - 12, DRAFT_HEIGHT - 4)
        pygame.draw.rect(surface, (26, 30, 36), box, border_radius=6)
        pygame.draw.rect(surface, palette.PANEL_EDGE, box, 1, border_radius=6)
        kind = translate(draft.template.kind.replace("_", " "))
        option = _option_words(draft.template.option)
        if option:
            kind += f" ({translate(option)})"
        names = self.scene.names(self.state)
        unit = translate(names.get(draft.unit, draft.unit))
        if draft.template.targets:
            title = _("Your {kind}: {unit} against {targets}").format(
                kind=kind, unit=unit,
                targets=", ".join(translate(names.get(t, t)) for t in draft.template.targets))
        else:
            title = _("Your {kind}: {unit}").format(kind=kind, unit=unit)
        text.blit(surface, _clip(title, box.width - 16), (box.x + 8, box.y + 6), size=13,
                  color=palette.TEXT, bold=True)
        if not draft.checked:
            status, color = _("Checking…"), palette.TEXT_DIM
        elif draft.reason:
            status, color = rules_words(draft.reason), palette.TEXT_BAD
        else:
            status, color = _("Legal: press Enter or Confirm."), palette.TEXT_GOOD
        for i, line in enumerate(text.wrap(status, box.width - 16, 12)[:3]):
            text.blit(surface, line, (box.x + 8, box.y + 25 + i * 15), size=12, color=color)


def hint_lines(note: str, width: int) -> list[str]:
    """The hint wrapped to the column, at most `HINT_LINES`, the last cut with "…" if need be."""
    text = shared_text()
    lines = text.wrap(note, width, HINT_SIZE)
    if len(lines) > HINT_LINES:
        rest = " ".join(lines[HINT_LINES - 1:])
        lines = lines[:HINT_LINES - 1] + [text.clip(rest, width, HINT_SIZE)]
    return [text.clip(line, width, HINT_SIZE) for line in lines]


def _option_words(option: str | None) -> str:
    """An action's option as words, or nothing when it is machine data ("wheel=0.000;forward=5.000"
    says how a ranks march was solved: the preview shows it, players need not read it)."""
    if not option or option == "auto" or any(c in option for c in "=;{}[]()"):
        return ""
    return option.replace("_", " ")


def _clip(value: str, width: int, size: int = 13) -> str:
    """Cut (bold) text to a width, with an ellipsis."""
    return shared_text().clip(value, width, size, True)
