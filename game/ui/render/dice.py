"""The dice tray: each roll as dice faces with drawn pips, what it needed and what it did.

Rolls arrive as DiceRolled events, or as events that carry a whole unit's dice at once (a
`bases` tuple of (base name, how it fights, faces) with `hits` and `fumbles`: ranks rolls every
base of a combat together and logs one such event per unit, never a DiceRolled, which is why its
combats once left the tray empty). A short tumble animation plays (skippable); consecutive
one-die rolls of the same kind (say, one save per wound) are gathered into one row.

Titles and details are cut to the text column in the font they are drawn in (bold for the newest
row), so a long label never runs under the dice.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

import pygame

from game.core.events import DiceRolled, Event
from game.core.i18n import join
from game.core.text import count as count_of
from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.words import _, rules_words, translate

ROLL_TIME = 0.6  # seconds a new roll tumbles
TUMBLE_STEP = 0.07
MAX_ROWS = 3

_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}
_NEEDED = re.compile(r"^\s*(\d+)\+\s*$")

PASS, FAIL, PLAIN = "pass", "fail", "plain"
_FACE_COLORS = {PASS: ((248, 246, 236), (20, 20, 20), (60, 170, 80)),
                FAIL: ((120, 120, 126), (30, 30, 30), (70, 70, 76)),
                PLAIN: ((248, 246, 236), (20, 20, 20), (180, 180, 170))}


@dataclass
class RollRow:
    title: str
    needed: str
    outcome: str
    values: list[int]
    rule: str = ""
    label: str = ""
    gathered: int = 1
    summed: bool = True  # a throw whose faces add up (2D6 for a charge), not a pool of hits
    outcomes: Counter = field(default_factory=Counter)
    age: float = 0.0

    def verdict(self, value: int) -> str:
        match = _NEEDED.match(self.needed or "")
        if not self.needed:
            return PLAIN
        if match is None:
            return FAIL  # e.g. "no save possible"
        return PASS if value >= int(match.group(1)) else FAIL

    def outcome_text(self) -> str:
        if self.gathered > 1:
            return ", ".join(f"{n} {translate(what)}" for what, n in self.outcomes.most_common())
        if self.summed and not self.needed and len(self.values) > 1:
            total = _("total {total}").format(total=sum(self.values))
            return f"{total}: {translate(self.outcome)}" if self.outcome else total
        return translate(self.outcome)


def face(value: int, size: int, verdict: str, cache: dict) -> pygame.Surface:
    key = (value, size, verdict)
    surface = cache.get(key)
    if surface is None:
        body, pip_color, edge = _FACE_COLORS[verdict]
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, body, rect, border_radius=max(2, size // 5))
        pygame.draw.rect(surface, edge, rect, max(1, size // 12), border_radius=max(2, size // 5))
        r = max(1.5, size * 0.09)
        for fx, fy in _PIPS.get(value, []):
            pygame.draw.circle(surface, pip_color, (fx * size, fy * size), r)
        if value not in _PIPS:  # not a D6: write the number
            shared_text().blit(surface, str(value), rect.center, size=max(9, size // 2),
                               color=pip_color, bold=True, anchor="center")
        cache[key] = surface
    return surface


class DiceTray:
    def __init__(self, animate: bool = True, seed: int = 0):
        self.animate = animate
        self.rows: list[RollRow] = []
        self._faces: dict = {}
        self._rng = random.Random(seed)  # the tumble only; never the game's dice
        self._tumble: dict[int, list[int]] = {}
        self._tumble_clock = 0.0

    @property
    def rolling(self) -> bool:
        return any(row.age < ROLL_TIME for row in self.rows)

    def skip(self) -> None:
        for row in self.rows:
            row.age = ROLL_TIME

    def add(self, events: list[Event]) -> None:
        for e in events:
            grouped = _grouped_roll(e)
            if grouped is not None:
                grouped.age = 0.0 if self.animate else ROLL_TIME
                self.rows.append(grouped)
                continue
            if not isinstance(e, DiceRolled) or not e.values:
                continue
            last = self.rows[-1] if self.rows else None
            age = 0.0 if self.animate else ROLL_TIME
            if (last is not None and len(e.values) == 1 and len(last.values) < 40
                    and last.needed == e.needed and last.label == e.label
                    and (last.gathered > 1 or len(last.values) == 1)):
                last.values.append(e.values[0])
                last.gathered += 1
                last.outcomes[e.outcome or "rolled"] += 1
                last.title = f"{last.gathered} × {translate(e.label)}"
                last.age = min(last.age, age)
                continue
            title = f"{translate(e.who)}: {translate(e.label)}" if e.who else translate(e.label)
            row = RollRow(title, e.needed, e.outcome, list(e.values), rules_words(e.rule),
                          e.label)
            row.outcomes[e.outcome or "rolled"] += 1
            row.age = age
            self.rows.append(row)
        self.rows = self.rows[-MAX_ROWS:]

    def update(self, dt: float) -> None:
        for row in self.rows:
            row.age += dt
        self._tumble_clock += dt
        if self._tumble_clock >= TUMBLE_STEP:
            self._tumble_clock = 0.0
            self._tumble.clear()

    def _shown(self, index: int, row: RollRow) -> list[int]:
        if row.age >= ROLL_TIME:
            return row.values
        if index not in self._tumble:
            self._tumble[index] = [self._rng.randint(1, 6) for _ in row.values]
        return self._tumble[index]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        text = shared_text()
        pygame.draw.rect(surface, palette.PANEL, rect)
        pygame.draw.rect(surface, palette.PANEL_EDGE, rect, 1)
        label = _("Dice")
        text.blit(surface, label, (rect.x + 10, rect.y + 6), size=13, color=palette.TEXT_DIM,
                  bold=True)
        if not self.rows:
            text.blit(surface, _("No dice rolled yet."), (rect.x + 20 + text.size(label, 13, True)[0], rect.y + 6), size=13,
                      color=palette.TEXT_DIM)
            return
        top = rect.y + 26
        row_height = max(30, (rect.height - 30) // MAX_ROWS)
        text_width = min(330, max(150, rect.width // 3))
        for index, row in enumerate(self.rows):
            y = top + index * row_height
            fresh = index == len(self.rows) - 1
            title_color = palette.TEXT if fresh else palette.TEXT_DIM
            text.blit(surface, text.clip(row.title, text_width, 13, fresh), (rect.x + 10, y),
                      size=13, color=title_color, bold=fresh)
            detail = []
            if row.needed:
                detail.append(_("needs {roll}").format(roll=translate(row.needed)))
            if row.age >= ROLL_TIME and row.outcome_text():
                detail.append(row.outcome_text())
            if detail:
                color = palette.HIGHLIGHT if fresh else palette.TEXT_DIM
                text.blit(surface, text.clip(": ".join(detail), text_width, 12),
                          (rect.x + 10, y + 16), size=12, color=color)
            self._draw_faces(surface, row, index, pygame.Rect(rect.x + 20 + text_width, y,
                                                              rect.width - text_width - 30,
                                                              row_height - 4))

    def _draw_faces(self, surface, row: RollRow, index: int, area: pygame.Rect) -> None:
        values = self._shown(index, row)
        count = len(values)
        size = max(14, min(area.height - 2, 28))
        gap = max(2, size // 6)
        per_line = max(1, (area.width + gap) // (size + gap))
        if count > per_line:
            size = max(12, min(size, (area.width + 2) // count - 2))
            gap = 2
            per_line = max(1, (area.width + gap) // (size + gap))
        if count > per_line:  # room for the "+N" of the dice not drawn, never on top of a die
            more = shared_text().size(f"+{count}", 12)[0] + 4
            per_line = max(1, (area.width - more + gap) // (size + gap))
        settled = row.age >= ROLL_TIME
        for i, value in enumerate(values[:per_line]):
            verdict = row.verdict(value) if settled else PLAIN
            jitter = 0 if settled else self._rng.randint(-2, 2)
            surface.blit(face(value, size, verdict, self._faces),
                         (area.x + i * (size + gap), area.y + 1 + jitter))
        if count > per_line:
            shared_text().blit(surface, f"+{count - per_line}", (area.right, area.y + 2),
                               size=12, color=palette.TEXT_DIM, anchor="topright")


def _grouped_roll(event: Event) -> RollRow | None:
    """One row for an event that carries a unit's dice base by base (see the module docstring)."""
    bases = getattr(event, "bases", None)
    if not isinstance(bases, tuple) or not bases or not hasattr(event, "hits"):
        return None
    values = [v for base in bases for v in base[-1]]
    if not values:
        return None
    who = translate(getattr(event, "unit_name", "")) or _("Combat")
    outcome = count_of(event.hits, "hit")
    if getattr(event, "fumbles", None) is not None:
        outcome = join([outcome, count_of(event.fumbles, "fumble")])
    row = RollRow(f"{who}: {translate(count_of(len(values), 'die'))}",
                  getattr(event, "needed", ""), outcome, values, rules_words(event.rule),
                  "combat", summed=False)
    row.outcomes[outcome] += 1
    return row
