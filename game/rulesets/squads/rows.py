"""The rows and ranks of the squads charge search: each spot a model could move to, with its
gaps to the targets, and the order `ChargeSearch.choose` tries them in.

Why a module of its own: the search (`placing.ChargeSearch`) places models, these measure and
order the spots it tries; `SpotRows` is mixed into the search and uses its measures (the
roll, the targets, each model's gaps before it moved, the board's `Shared` records).
"""

from __future__ import annotations

import math

from game.core.state import Model
from game.rulesets.squads.spots import CLOSE_RANGE, STRICT, buried_below, spot_row


class SpotRows:
    """The row and rank methods of `placing.ChargeSearch`."""

    def _rows(self, m: Model, spots) -> list[tuple]:
        """(x, y, moved, gaps to each target, nearest gap, it rounded, the gaps rounded) of
        the spots m could move to at all: within the roll in a straight line and closer to one
        of the targets (or its own start). The rounded gaps are what `_keyed` ranks by,
        worked out once per spot (rounding is monotone, so the least rounded gap is the
        rounded least gap)."""
        start = (m.x, m.y)
        reach = self.roll + 1e-9
        before = [self.before[m.id][t] - STRICT for t in self.targets]
        if self.round:
            return self._round_rows(m, spots, reach, before)
        out = []
        hypot = math.hypot
        for x, y in set(spots):
            moved = (x, y) != start
            if moved and hypot(x - m.x, y - m.y) > reach:
                continue
            gaps = tuple(self.target_gap(m, x, y, t) for t in self.targets)
            if moved and not any(g < b for g, b in zip(gaps, before, strict=True)):
                continue  # constraint 2: closer to one of the targets
            out.append(spot_row(x, y, moved, gaps))
        return out

    def _round_rows(self, m: Model, spots, reach: float, before: list[float]) -> list[tuple]:
        """`_rows` for round bases, the same sums written out (this loop ranks thousands of
        spots per model): a spot's gap to a target, rounded, and whether it is on a target's
        base are the board's (`_ranked`), the same for every model of its size; only the
        tests against m's start (within the roll, closer) are m's own. One target (the usual
        charge) has its own loop. A spot on a target's base is left out (a third of the rows
        in greedy battles): targets do not move during a charge, so `free` refuses it in
        every build; ranked or not, it is never chosen, and leaving it out spares its key
        and every test before `free`."""
        mx, my, mine = m.x, m.y, self.r[m.id]
        targets = self.targets
        hypot = math.hypot
        out = []
        append = out.append
        if len(targets) == 1:
            limit = before[0]
            ranked = self._ranked(targets[0], mine)
            for spot in set(spots):
                x, y = spot
                moved = x != mx or y != my
                if moved and hypot(x - mx, y - my) > reach:
                    continue
                entry = ranked.get(spot)
                if entry is None:
                    entry = ranked[spot] = self._rank(targets[0], mine, spot)
                if not moved:
                    append((x, y, False) + entry[3][3:])
                elif not entry[0] and entry[1] < limit:  # not on a target's base; closer
                    append(entry[3])
            return out
        each = [(limit, self._ranked(t, mine), t) for t, limit in zip(targets, before,
                                                                       strict=True)]
        for spot in set(spots):
            x, y = spot
            moved = x != mx or y != my
            if moved and hypot(x - mx, y - my) > reach:
                continue
            gaps = []
            rgaps = []
            closer = not moved
            for limit, ranked, t in each:
                entry = ranked.get(spot)
                if entry is None:
                    entry = ranked[spot] = self._rank(t, mine, spot)
                if entry[0] and moved:
                    closer = False  # on a target's base: `free` refuses it wherever the
                    break  # unit is
                gaps.append(entry[1])
                rgaps.append(entry[2])
                if entry[1] < limit:
                    closer = True
            if closer:  # constraint 2: closer to one of the targets (or not moving)
                append((x, y, moved, tuple(gaps), min(gaps), min(rgaps), tuple(rgaps)))
        return out

    def _ranked(self, t: str, mine: float) -> dict:
        """The board's ranked spots for target t and a base of radius `mine` (`_rank`)."""
        key = (t, mine)
        ranked = self.shared.ranked.get(key)
        if ranked is None:
            ranked = self.shared.ranked[key] = {}
        return ranked

    def _rank(self, t: str, mine: float, spot) -> tuple:
        """(on a target's base, gap to t, it rounded, the row of a one-target search for a
        model that moves there) of a base of radius `mine` at the spot: a function of the
        board alone, kept in `Shared.ranked` (rounding is the dear step, and the same rings
        round the same targets come back for every model, target set and build)."""
        x, y = spot
        raw = self._raw_gap(t, x, y)
        gap = raw - mine
        rounded = round(gap, 6)
        return (raw < buried_below(mine), gap, rounded,
                (x, y, True, (gap,), gap, rounded, (rounded,)))

    @staticmethod
    def _keyed(rows, chased, flank, axis) -> list[tuple]:
        """The spots as `choose` ranks them: nearest to a target still to engage (`chased`),
        then within 1" of a target, then nearest to one; on the given flank only (`flank`).
        Gaps are ranked rounded to 1e-6 (the rows carry them rounded: see `_rows`)."""
        if flank:
            rows = [row for row in rows if not row[2] or (
                (row[0] - axis[0]) * axis[3] - (row[1] - axis[1]) * axis[2]) * flank >= 0]
        if not rows:
            return []
        # the chase gap, case by case, each list built in one pass
        if len(chased) == len(rows[0][3]):  # every target: the least rounded gap itself
            keyed = [(rounded, near > CLOSE_RANGE, rounded, moved, x, y)
                     for x, y, moved, _, near, rounded, _ in rows]
        elif len(chased) == 1:
            one = chased[0]
            keyed = [(rgaps[one], near > CLOSE_RANGE, rounded, moved, x, y)
                     for x, y, moved, _, near, rounded, rgaps in rows]
        elif chased:
            keyed = [(min([rgaps[i] for i in chased]), near > CLOSE_RANGE, rounded, moved, x, y)
                     for x, y, moved, _, near, rounded, rgaps in rows]
        else:
            keyed = [(0.0, near > CLOSE_RANGE, rounded, moved, x, y)
                     for x, y, moved, _, near, rounded, _ in rows]
        keyed.sort()
        return keyed
