"""The spots a squads charge search ranks and what every search on one board shares.

Why a module of its own: the charge search (`placing.ChargeSearch`) and its constraint-3 and
coherency checks (`close_range.CloseRange`) both read these spot rings, measures and limits;
`SpotRings` (mixed into the search) lays the candidate spots out.
"""

from __future__ import annotations

import functools
import math
from itertools import repeat

from game.core.geometry import CONTACT_TOLERANCE
from game.core.state import Model

#: Within 1" of a target model "when possible" (constraint 3).
CLOSE_RANGE = 1.0
#: Edge gaps (inches) tried round each target model, and round each model already placed.
GOAL_GAPS = (0.02, 0.5, 0.95, 1.5, 1.95)
FRIEND_GAPS = (0.05, 1.95)
#: Directions tried round a target model and round a placed friend.
GOAL_ANGLES = 24
FRIEND_ANGLES = 8
#: Directions of the fan of spots round a model's own start.
FAN_ANGLES = 16
#: Within-1" spots tried round each target model by constraint 3's check (finer).
CLOSE_GAPS = (0.02, 0.5, 0.95)
CLOSE_ANGLES = 36
#: Path measurements (the costly step) allowed per model and choice.
PATH_CHECKS = 24
STRICT = 1e-6
#: More than a spot on the 1/1000" grid can be off its ring's circle (goal_spots).
RING_SLACK = 0.01
#: A spot whose least gap to a target's bases is below -(CONTACT_TOLERANCE + this) overlaps
#: one by the table's own test too (`ChargeSearch._free_round`, whose sums this outweighs).
BURIED_MARGIN = 1e-9


def buried_below(radius: float) -> float:
    """The raw gap (`least_gap`) under which a base of this radius stands on a target's
    base: targets do not move during a charge, so `free` refuses such a spot in every build
    and every check, and the searches leave it out of their lists before ranking it."""
    return radius - CONTACT_TOLERANCE - BURIED_MARGIN


@functools.cache
def directions(count: int) -> tuple[tuple[float, float], ...]:
    return tuple((math.cos(2 * math.pi * k / count), math.sin(2 * math.pi * k / count))
                 for k in range(count))


@functools.lru_cache(maxsize=4096)
def ring(x: float, y: float, spread: float, count: int) -> tuple[tuple[float, float], ...]:
    """`count` spots on the grid, `spread` from (x, y) all round (remembered: the same rings
    round the same target models come back for every model, target set and roll)."""
    return tuple((round(x + spread * dx, 3), round(y + spread * dy, 3))
                 for dx, dy in directions(count))


class Shared:
    """What every search on one board can share, whatever the unit, targets and roll: a
    spot's gap to a target unit, a model's path length to a spot, whether a spot is clear of
    the table's edges and impassable terrain, each model's within-1" spots for a set of
    targets and a roll, the spots round each target model it could stand on, and a spot's
    gap to a target unit for a base of one size, rounded (`ChargeSearch._rank`). All are
    functions of the board alone (the bases where they stand), so sharing them changes no
    answer; it only stops the searches for each set of targets, and the check of the chosen
    one, measuring the same things again."""

    def __init__(self):
        self.gaps: dict[tuple, float] = {}
        self.lengths: dict[tuple, float | None] = {}
        self.ground: dict[tuple, bool] = {}
        self.close: dict[tuple, list] = {}
        self.reached: dict[tuple, list] = {}
        self.ranked: dict[tuple, dict] = {}


def by_radius(rows) -> list[tuple[float, list]]:
    """(radius, centres) groups of (x, y, radius) rows, for `least_gap`."""
    groups: dict[float, list] = {}
    for x, y, r in rows:
        groups.setdefault(r, []).append((x, y))
    return list(groups.items())


def least_gap(spot, groups) -> float:
    """min(hypot(x - cx, y - cy) - r) over every base (centre, radius) of the groups, +inf if
    none: worked out per group of one radius as the least distance less the radius (the same
    float: subtracting one number keeps the order, and `math.dist` is the hypot of the
    differences), the distances measured by `map` at C speed."""
    dist = math.dist
    if len(groups) == 1:  # the usual case: a unit's bases are all of one size
        r, centres = groups[0]
        return min(map(dist, repeat(spot), centres)) - r
    return min((min(map(dist, repeat(spot), centres)) - r for r, centres in groups),
               default=math.inf)


def spot_row(x: float, y: float, moved: bool, gaps: tuple) -> tuple:
    """A ranked spot's row (`ChargeSearch._rows`): its gaps with their least, and rounded."""
    rounded = tuple([round(g, 6) for g in gaps])
    return (x, y, moved, gaps, min(gaps), min(rounded), rounded)


def stand(model, start, spot, dest: dict) -> None:
    """Put the trial model at `spot`; the placement names it only if it moved from `start`."""
    model.x, model.y = spot
    if spot == (start.x, start.y):
        dest.pop(model.id, None)
    else:
        dest[model.id] = spot


class SpotRings:
    """The candidate spots of `placing.ChargeSearch` (mixed into it; uses its measures: the
    roll, the goals, the bases' radii `r`, edges and raw gaps, the board's `Shared` record)."""

    def goal_spots(self, m: Model, gaps, count: int) -> list[tuple[float, float]]:
        """Rings of spots round each target model, leaving out the rings no spot of which m
        could reach in a straight line: every user drops a spot further than the roll, and a
        ring's spots are on the grid within a thousandth of its circle, so a circle further
        than the roll plus RING_SLACK from m's centre has none within it."""
        return [spot for g in self.goals for spot in self._rings(m, g, gaps, count)]

    def _rings(self, m: Model, g: Model, gaps, count: int) -> list[tuple[float, float]]:
        """`goal_spots` round one target model."""
        if self.edge(m, m.x, m.y, g) > self.roll + max(gaps) + 1e-9:
            return []  # no spot round this one is within the roll
        out = []
        span = math.hypot(g.x - m.x, g.y - m.y)
        for gap in gaps:
            spread = self.r[g.id] + self.r[m.id] + gap
            if span - spread > self.roll + RING_SLACK:
                continue
            out.extend(ring(g.x, g.y, spread, count))
        return out

    def reached_goal_spots(self, m: Model, gaps, count: int) -> list[tuple[float, float]]:
        """`goal_spots` less the spots `_rows` drops whatever the target set: further than
        the roll in a straight line, or (round bases) on a base of the ring's own unit (a
        target, so `buried_below` drops it in every set). Kept per goal model on the board
        (`Shared.reached`): the same rings come back in every set naming its unit, and most
        of their spots are beyond the roll or on a base."""
        if not self.round:
            return self.goal_spots(m, gaps, count)
        reached, mx, my = self.shared.reached, m.x, m.y
        reach, buried = self.roll + 1e-9, buried_below(self.r[m.id])
        out = []
        for g in self.goals:
            key = (m.id, self.roll, g.id, gaps, count)
            kept = reached.get(key)
            if kept is None:
                raw_gap, t, hypot = self._raw_gap, g.unit, math.hypot
                kept = reached[key] = [
                    (x, y) for x, y in self._rings(m, g, gaps, count)
                    if (x == mx and y == my)
                    or (hypot(x - mx, y - my) <= reach and raw_gap(t, x, y) >= buried)]
            out.extend(kept)
        return out

    def toward_spots(self, m: Model) -> list[tuple[float, float]]:
        """Spots on the way to the targets, for a model that cannot reach them: straight
        toward each of the nearest target models at a few fractions of the roll."""
        out = []
        nearest = sorted(self.goals, key=lambda g: self.edge(m, m.x, m.y, g))[:3]
        for g in nearest:
            span = math.hypot(g.x - m.x, g.y - m.y)
            if span <= 1e-9:
                continue
            for k in (1, 2, 3, 4, 5, 6):
                step = min(self.roll * k / 6, span - self.r[g.id] - self.r[m.id])
                out.append((round(m.x + (g.x - m.x) / span * step, 3),
                            round(m.y + (g.y - m.y) / span * step, 3)))
        return out

    def fan_spots(self, m: Model) -> list[tuple[float, float]]:
        """Spots all round the model at a few fractions of the roll, for a way in from the
        side (past a unit it must not come near)."""
        return [spot for k in (0.25, 0.5, 0.75, 1.0)
                for spot in ring(m.x, m.y, self.roll * k, FAN_ANGLES)]

    def friend_spots(self, m: Model, placed: list[Model]) -> list[tuple[float, float]]:
        out = []
        r = self.r  # the bases' radii (`Model.base.radius` works each one out afresh)
        for p in placed:
            if math.hypot(p.x - m.x, p.y - m.y) > self.roll + r[p.id] + r[m.id] + 2:
                continue
            for gap in FRIEND_GAPS:
                out.extend(ring(p.x, p.y, r[p.id] + r[m.id] + gap, FRIEND_ANGLES))
        return out
