"""Enemy rows: who can block a moving model, as flat rows (x, y, radius, is round, model) built
once per unit and shared by its movers (paths.Mover).

Why apart from paths.py: the rows and their keys are what the movers' shared answers are filed
under (`EnemyRows.key`); building them is a question about the state, not about paths.
"""

from __future__ import annotations

import itertools

from game.core.state import MM_PER_INCH, GameState, Model, Point
from game.table.measure import radius
from game.table.sweeps import STRICT


class EnemyRows(list):
    """A side's enemy rows (`enemy_rows`), with the key of the bases in it worked out once:
    the movers built on it share their answers per table under it (`Mover._share`)."""

    __slots__ = ("_key",)

    def key(self) -> tuple:
        try:
            return self._key
        except AttributeError:
            self._key = signature(self)
            return self._key


def signature(rows: list[tuple]) -> tuple:
    """Every enemy base, in order, as flat numbers and strings (a key hashed at C speed: a
    tuple of dataclasses would call each base's generated __hash__ on every look-up): its
    centre, id (blockers are named by it), base and facing."""
    return tuple(itertools.chain.from_iterable(
        (row[0], row[1], row[4].id, row[4].base.kind, row[4].base.width_mm,
         row[4].base.depth_mm, row[4].facing) for row in rows))


def segment_enemies(s: GameState, model: Model, end: Point) -> list[tuple]:
    """The rows of `enemy_rows(s, model.side)` (in its order) whose centres lie in the box
    round the model's straight way to `end`, widened by both radii: every enemy left out is
    farther from the segment than the two radii, where both sweeps (`_circle_blocker`,
    `_polygon_blocker`) pass it by, so a mover on these rows finds a blocker on that segment
    exactly when one on the whole side's rows does. Rows are built for the few inside."""
    x0, y0 = model.x, model.y
    low_x, high_x = min(x0, end[0]), max(x0, end[0])
    low_y, high_y = min(y0, end[1]), max(y0, end[1])
    pad = radius(model) + STRICT
    side = model.side
    rows = []
    for m in s.models.values():
        if not m.alive or m.side == side:
            continue
        base = m.base  # (`radius` written out, as in `enemy_rows`' rows: the same float)
        mine = base.width_mm / MM_PER_INCH / 2 if base.kind == "round" else base.radius
        reach = pad + mine
        mx, my = m.x, m.y
        if low_x - reach <= mx <= high_x + reach and low_y - reach <= my <= high_y + reach:
            rows.append((mx, my, mine, base.kind == "round", m))
    return rows


def enemy_rows(s: GameState, side: int) -> EnemyRows:
    """(x, y, radius, is round, model) of every living model not on `side`: what blocks a
    move. Built once per unit by the solvers, since all its models share it."""
    return EnemyRows([(m.x, m.y, radius(m), m.base.kind == "round", m)
                      for m in s.models.values() if m.alive and m.side != side])
