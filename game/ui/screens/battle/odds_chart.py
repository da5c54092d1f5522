"""The odds chart: before committing a charge or an attack, the whole distribution of what it
does for the attacker and what the defender can expect to do back (`game.learn.outcomes`), as
small bar charts over the table, for every ruleset.

Why on the worker: an exact distribution can take a second (a squads charge weighs every roll
against every placement). The job works on a copy of the state with a table of its own (the
pymunk table keeps caches, so it is never shared with the screen or a rules job), and the chart
shows "working out…" until the answer is back. One job at a time; answers are kept per state
and action.
"""

from __future__ import annotations

import pygame

from game.core.actions import Action
from game.core.i18n import N_
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.words import _, rules_words, translate

PENDING = "pending"
BAR_AREA = 64  # pixels of a bar at 100%
MAX_BARS = 12
CHART_WIDTH = 250
YOU, THEY = N_("You"), N_("They strike back")


def short(label: str) -> tuple[str, str]:
    """'3 slain' -> ('3', 'slain'); other labels keep a few letters under their bar."""
    head, _x, rest = label.partition(" ")
    if head.isdigit():
        return head, rest
    return label, ""


class OddsChartMixin:
    """The odds chart (part of `BattleScreen`)."""

    def init_odds(self) -> None:
        self._odds: dict[tuple, object] = {}
        self._odds_job: tuple | None = None
        self._odds_geo = None

    def odds_action(self) -> Action | None:
        if self.draft is not None and self.is_human_turn():
            return self.draft.template
        return self.hovered_action if self.is_human_turn() else None

    def odds_for(self, action: Action | None):
        """The Outcome for this action now (None: no chart for it), or PENDING."""
        if action is None or action.kind == "end_phase":
            return None
        key = (self.version, action)
        if key in self._odds:
            return self._odds[key]
        if self._odds_job is None and not self.busy and not self.failed:
            self._start_odds(key, action)
        return PENDING

    def _start_odds(self, key, action: Action) -> None:
        from game.learn.outcomes import outcomes

        ruleset, scenario = self.ruleset.id, self.controller.scenario
        state = self.state.copy()
        self._odds_job = key

        def run():
            if self._odds_geo is None:
                from game.table import Table

                self._odds_geo = Table(scenario)
            return outcomes(ruleset, state, self._odds_geo, action)

        def done(job) -> None:
            self._odds_job = None
            if getattr(self, "closed", False):
                return
            if len(self._odds) > 64:
                self._odds = {k: v for k, v in self._odds.items() if k[0] == self.version}
            self._odds[key] = None if job.failed else job.result  # information only

        self.app.worker.submit(run, done, N_("Working out the odds…"))

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        odds = self.odds_for(self.odds_action())
        if odds is None:
            return
        self._draw_odds(surface, odds)

    def _draw_odds(self, surface, odds) -> None:
        text = shared_text()
        view = self.view_rect
        if odds == PENDING:
            text.blit(surface, _("Working out the odds…"), (view.x + 12, view.bottom - 12),
                      size=13, color=palette.TEXT_DIM, anchor="bottomleft",
                      backdrop=(0, 0, 0, 170))
            return
        sides = [(YOU, odds.attacker), (THEY, odds.defender)]
        tables = [(who, title, table) for who, tables in sides for title, table in
                  tables.items() if table]
        if not tables:
            return
        per_row = max(1, min(len(tables), (view.width - 20) // (CHART_WIDTH + 10)))
        rows = (len(tables) + per_row - 1) // per_row
        chart_h = 44 + BAR_AREA + 30
        height = 30 + rows * chart_h + (18 if odds.note else 0)
        width = per_row * (CHART_WIDTH + 10) + 10
        box = pygame.Rect(view.x + 10, view.bottom - 10 - height, width, height)
        top = box.copy()
        top.y = view.y + 10
        if self._covered(top) < self._covered(box):  # keep off the units it is about
            box = top
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((14, 16, 20, 228))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, palette.HIGHLIGHT, box, 1, border_radius=6)
        text.blit(surface, text.clip(_("Odds before you commit: {action}").format(
            action=rules_words(odds.action)), width - 20, 13, True), (box.x + 10, box.y + 8), size=13,
                  color=palette.HIGHLIGHT, bold=True)
        for i, (who, title, table) in enumerate(tables):
            x = box.x + 10 + (i % per_row) * (CHART_WIDTH + 10)
            y = box.y + 30 + (i // per_row) * chart_h
            self._draw_bars(surface, pygame.Rect(x, y, CHART_WIDTH, chart_h - 6), who, title,
                            table)
        if odds.note:
            text.blit(surface, text.clip(_("Assumes: {note}").format(note=rules_words(odds.note)),
                                         width - 20, 11),
                      (box.x + 10, box.bottom - 18), size=11, color=palette.TEXT_DIM)

    def _covered(self, box: pygame.Rect) -> int:
        """How many bases of the acting unit and its targets a chart here would hide."""
        action = self.odds_action()
        if action is None:
            return 0
        units = [u for u in (action.unit, *action.targets) if u in self.state.units]
        return sum(1 for u in units for m in self.state.alive_models(u)
                   if box.collidepoint(self.camera.to_screen(m.x, m.y)))

    @staticmethod
    def _draw_bars(surface, rect: pygame.Rect, who: str, title: str, table: dict) -> None:
        text = shared_text()
        items = [(translate(k), p) for k, p in list(table.items())[:MAX_BARS]]
        unit = next((short(k)[1] for k, _p in items if short(k)[1]), "")
        color = palette.TEXT_GOOD if who == YOU else palette.TEXT_BAD
        text.blit(surface, text.clip(_("{who}: {title}").format(who=_(who),
                                                                title=translate(title)),
                                     rect.width, 12, True),
                  (rect.x, rect.y), size=12, color=color, bold=True)
        best = max(items, key=lambda kv: kv[1])
        text.blit(surface, text.clip(_("most likely {outcome} ({chance})").format(
            outcome=best[0], chance=f"{float(best[1]):.0%}"),
                                     rect.width, 11), (rect.x, rect.y + 17), size=11,
                  color=palette.TEXT_DIM)
        slot = rect.width / max(1, len(items))
        base = rect.y + 40 + BAR_AREA
        for n, (label, p) in enumerate(items):
            h = round(BAR_AREA * float(p))
            bx = rect.x + n * slot
            pygame.draw.rect(surface, color, (bx + 2, base - h, max(2, slot - 4), h))
            if slot >= 22 or n % 2 == 0:
                text.blit(surface, f"{float(p):.0%}", (bx + slot / 2, base - h - 2), size=9,
                          color=palette.TEXT_DIM, anchor="midbottom")
            text.blit(surface, text.clip(short(label)[0], max(8, round(slot) - 6), 10),
                      (bx + slot / 2, base + 2), size=10, color=palette.TEXT, anchor="midtop")
        if unit:
            text.blit(surface, text.clip(unit, rect.width, 10), (rect.right, base + 14),
                      size=10, color=palette.TEXT_DIM, anchor="topright")
