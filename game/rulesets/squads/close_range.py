"""Constraint 3 of a squads charge ("within 1\" of a target model when possible") and the
unit's coherency as one connected group, for the charge search.

Why apart from `placing`: the search places models; these check a whole placement and move
models nearer where they can, reading the same records (`CloseRange` is mixed into
`placing.ChargeSearch` and uses its measures: gaps, links, free spots, paths).
"""

from __future__ import annotations

import math

from game.core.i18n import msg
from game.core.state import GameState, Model
from game.rulesets.squads.engagement import BAND
from game.rulesets.squads.spots import (
    CLOSE_ANGLES,
    CLOSE_GAPS,
    CLOSE_RANGE,
    PATH_CHECKS,
    stand,
)


class CloseRange:
    """The constraint-3 and coherency methods of `placing.ChargeSearch`."""

    def close_spot(self, trial: GameState, m: Model, start: Model):
        """A spot within 1" of a target model that `start` (the model as it stood) could have
        ended on with the rest of the unit where `trial` has it: reachable within the roll,
        closer, clear of units not chosen, the unit still in coherency. Or None."""
        if min(self.before[m.id].values()) - CLOSE_RANGE > self.roll + 1e-9:
            return None  # too far to get within 1" at all
        others = [o for o in trial.alive_models(self.unit_id) if o.id != m.id]
        close_key = (self.unit_id, self.targets, self.roll, m.id)
        keyed = self._close.get(close_key)
        if keyed is None:
            keyed = self._close[close_key] = self.close_keyed(start)
        checks = 0
        free = self.free_test(trial, m)
        holds = self.coherence(trial, m.id)
        wanted = min(self.needed, len(others))
        for _, x, y in keyed:
            if others and not self.linked(start, x, y, others, wanted):
                continue
            if not free((x, y)):
                continue
            moved = (x, y) != (start.x, start.y)
            if moved and (m.id, (x, y)) not in self._paths:
                if checks >= 2 * PATH_CHECKS:
                    break
                checks += 1  # only new path measurements count against the budget
            if moved and not self.path_ok(start, (x, y)):
                continue
            if holds((x, y)):
                return (x, y)
        return None

    def close_keyed(self, start: Model) -> list[tuple]:
        """The spots `close_spot` tries for the model standing at `start`, nearest first:
        where it stands and the fine rings round the targets, those it could move to at all
        (`_rows`: within the roll, closer to a target, not on a target's base: `free`
        refuses those whatever the others do) that are within 1" of a target and clear of
        units not chosen; (distance from the start, x, y)."""
        sx, sy = start.x, start.y
        rows = self._rows(start, [(sx, sy)] + self.reached_goal_spots(start, CLOSE_GAPS,
                                                                         CLOSE_ANGLES))
        keyed = [(math.hypot(x - sx, y - sy), x, y) for x, y, _, _, near, _, _ in rows
                 if near <= CLOSE_RANGE and self.clear_of_others(start, x, y)]
        keyed.sort()
        return keyed

    def close_problem(self, dest: dict) -> str | None:
        """Constraint 3 ("when possible"): the first model left more than 1" from every
        target model that could have ended within 1" with the others where they are."""
        trial = self._trial(dest)
        for m in trial.alive_models(self.unit_id):
            if min(self.target_gap(m, m.x, m.y, t) for t in self.targets) <= CLOSE_RANGE:
                continue
            if self.close_spot(trial, m, self.s.models[m.id]) is not None:
                return msg("{model} could end within 1\" of a target model and must (each "
                           "model ends within 1\" of a target when possible)", model=m.name)
        return None

    def bring_close(self, dest: dict) -> dict:
        """Move each model that can get within 1" of a target (constraint 3) there, until no
        more can: the solver's placements meet constraint 3 by the check's own search."""
        dest = dict(dest)
        trial = self._trial(dest)
        changed = True
        while changed:
            changed = False
            for m in trial.alive_models(self.unit_id):
                if min(self.target_gap(m, m.x, m.y, t) for t in self.targets) <= CLOSE_RANGE:
                    continue
                start = self.s.models[m.id]
                spot = self.close_spot(trial, m, start)
                if spot is not None:
                    stand(m, start, spot, dest)
                    changed = True
        return dest

    def coherence(self, trial: GameState, mid: str):
        """spot -> whether the unit as `trial` has it, with model `mid` moved to the spot, is
        in coherency as one connected group: `coherency_problem(..., connected=True) is None`,
        asked spot after spot. For round bases the others' links are counted once and each
        spot measures only the moved model's (a link by arithmetic unless the gap is within
        `BAND` of the range, where the table's own distance decides, as engagement does)."""
        from game.rulesets.base import coherency_problem

        if not self.round:
            return lambda spot: coherency_problem(trial, self.geo, self.unit_id, {mid: spot},
                                                  connected=True) is None
        models = trial.alive_models(self.unit_id)
        if len(models) < 2:
            return lambda spot: True
        needed = 2 if len(models) >= 7 else 1
        others = [o for o in models if o.id != mid]
        moving = trial.models[mid]
        known: list = []  # the others' own links, counted at the first spot asked

        def among_others():
            degree = [0] * len(others)
            group = list(range(len(others)))  # union-find of the others' own links

            def root(i):
                while group[i] != i:
                    group[i] = group[group[i]]
                    i = group[i]
                return i

            for i, a in enumerate(others):
                for j in self._linked_to(a, a.x, a.y, others, i + 1):
                    degree[i] += 1
                    degree[j] += 1
                    group[root(i)] = root(j)
            roots = [root(i) for i in range(len(others))]
            short = [i for i, d in enumerate(degree) if d < needed]
            known.extend((degree, roots, len(set(roots)), short))

        def holds(spot) -> bool:
            x, y = spot
            hit = self._linked_to(moving, x, y, others)
            if len(hit) < needed:
                return False
            if not known:
                among_others()
            degree, roots, groups, short = known
            if short and any(degree[i] + (i in hit) < needed for i in short):
                return False
            return len({roots[i] for i in hit}) == groups

        return holds

    def _linked_to(self, a: Model, x: float, y: float, others: list[Model],
                   first: int = 0) -> list[int]:
        """The indices (from `first` on) of the others within coherency range of `a` standing
        at (x, y): `_coherent` of each, its sums written out (asked for every spot a
        constraint-3 or mending move tries), the table asked only within BAND of the range."""
        mine, r, hypot = self.r[a.id], self.r, math.hypot
        low, high = self.link - BAND, self.link + BAND
        out = []
        for i in range(first, len(others)):
            b = others[i]
            gap = hypot(b.x - x, b.y - y) - mine - r[b.id]
            if gap < low or (gap <= high and self._coherent(a, x, y, b)):
                out.append(i)
        return out

    def _coherent(self, a: Model, x: float, y: float, b: Model) -> bool:
        """Round bases: `a` standing at (x, y) within coherency range of `b`, as the table's
        distance says (arithmetic away from the boundary, the table within BAND of it)."""
        gap = math.hypot(b.x - x, b.y - y) - self.r[a.id] - self.r[b.id]
        if gap < self.link - BAND:
            return True
        if gap > self.link + BAND:
            return False
        probe = a.copy()
        probe.x, probe.y = x, y
        return self.geo.distance(probe, b) <= self.link

