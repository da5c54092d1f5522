"""Placements for squads: what is stored is what was checked, and the charge placement search.

An offered action stores its placement rounded to 1/1000" (`make_placement`). A model that
does not move must not appear in it: rounding its position would "move" it a hair, and a rule
about moving models (pile in: ends closer to the closest enemy) would then refuse it. So every
offer is checked in exactly the form it will be stored in: only the models that move, rounded.

The charge search (`ChargeSearch`) places a unit's models one at a time on that grid, each at
the best spot it can legally reach that keeps it linked to the models already placed, in
several orders; the whole answer is then checked by the same rules a dragged placement meets.
Why this shape: the quick whole-unit approach left models behind round terrain and split
units, so that "the charge fails" was the only offer although a placement existed.
The rings of spots and the board's shared records are in `spots`; the spots' rows and ranks
in `rows`; constraint 3 and the coherency of the whole unit in `close_range`.
"""

from __future__ import annotations

import copy
import math
import random
from bisect import bisect_left, bisect_right

from game.core.actions import make_placement
from game.core.geometry import CONTACT_TOLERANCE
from game.core.i18n import msg
from game.core.state import GameState, Model
from game.rulesets.base import placed_view
from game.rulesets.squads.close_range import CloseRange
from game.rulesets.squads.rows import SpotRows
from game.rulesets.squads.spots import (
    CLOSE_RANGE,
    GOAL_ANGLES,
    GOAL_GAPS,
    PATH_CHECKS,
    STRICT,
    Shared,
    SpotRings,
    by_radius,
    least_gap,
    stand,
)


def stored(s: GameState, dest: dict) -> dict:
    """The placement as an action keeps it: the models that move, on the 1/1000" grid."""
    moving = {mid: p for mid, p in dest.items()
              if (s.models[mid].x, s.models[mid].y) != tuple(p)}
    return {mid: (x, y) for mid, x, y in make_placement(moving)
            if (s.models[mid].x, s.models[mid].y) != (x, y)}


# --- the charge placement search --------------------------------------------------------------

#: Shaken orders tried after the plain ones (only when those all failed).
SHAKES = 4
#: More than the float error of the centres' distances (`free_test` asks the bases within the
#: widest overlap reach plus this across).
OVERLAP_MARGIN = 1e-6



class ChargeSearch(CloseRange, SpotRings, SpotRows):
    """Spots for a charging unit's models, one model at a time, for one set of targets.

    Every spot is on the stored grid and gets the checks a dragged placement gets for that
    model (path within the roll, no overlap, closer to one of the targets, not within 2" of a
    unit not chosen, within 2" of the models already placed); the whole placement is then
    checked by `charge.move_problem`, so the search can only be incomplete, never lenient."""

    def __init__(self, s: GameState, geo, unit_id: str, targets: tuple[str, ...], roll: int,
                 shared: Shared | None = None):
        from game.rulesets.base import COHERENCY_RANGE
        from game.rulesets.squads.engagement import ENGAGEMENT_RANGE

        self.s, self.geo, self.unit_id, self.targets, self.roll = s, geo, unit_id, targets, roll
        self.mine = s.alive_models(unit_id)
        self.by_target = {t: s.alive_models(t) for t in targets}
        self.goals = [g for t in targets for g in self.by_target[t]]
        side = s.units[unit_id].side
        self.forbidden = [m for e in s.enemy_units(side) if e.id not in targets
                          for m in s.alive_models(e.id)]
        self.engage = ENGAGEMENT_RANGE
        self.link = COHERENCY_RANGE
        self.needed = 2 if len(self.mine) >= 7 else 1
        involved = [m for m in s.models.values() if m.alive]
        #: Round bases only (squads): edge distances are arithmetic, no table query.
        self.round = all(m.base.kind == "round" for m in involved)
        self.r = {m.id: m.base.radius for m in involved}
        self.shared = shared if shared is not None else Shared()
        self._gaps = self.shared.gaps
        #: Bases of other units a model could touch anywhere within the roll (`free`).
        self._around: dict[str, list[Model]] = {}
        self._static_keyed: dict[tuple, list[tuple]] = {}
        self._clear: dict[tuple, bool] = {}
        self.rows = {t: [(g.x, g.y, self.r[g.id]) for g in self.by_target[t]] for t in targets}
        self.forbidden_rows = [(f.x, f.y, self.r[f.id]) for f in self.forbidden]
        #: The same bases as (radius, centres) groups, for `_least_gap`.
        self.groups = {t: by_radius(rows) for t, rows in self.rows.items()}
        self.forbidden_groups = by_radius(self.forbidden_rows)
        self.before = {m.id: {t: self.target_gap(m, m.x, m.y, t) for t in targets}
                       for m in self.mine}
        self._static: dict[str, list[tuple]] = {}
        self._close = self.shared.close
        self._paths: dict[tuple, bool] = {}
        #: Builds by order, looseness and first spot (`build`), while no choice has been
        #: short of path budget (`_starved`).
        self._builds: dict[tuple, tuple] = {}
        self._starved = False

    # --- measuring ------------------------------------------------------------------------
    def edge(self, a: Model, x: float, y: float, b: Model) -> float:
        """Edge-to-edge distance from `a` standing at (x, y) to `b` where it stands."""
        if self.round:
            return math.hypot(x - b.x, y - b.y) - self.r[a.id] - self.r[b.id]
        probe = a.copy()
        probe.x, probe.y = x, y
        return self.geo.distance(probe, b)

    def target_gap(self, m: Model, x: float, y: float, t: str) -> float:
        if self.round:
            return self._raw_gap(t, x, y) - self.r[m.id]
        return min(self.edge(m, x, y, g) for g in self.by_target[t])

    def _raw_gap(self, t: str, x: float, y: float) -> float:
        """Least centre distance from (x, y) to a model of t less that model's radius (the
        gap to t of a base of radius 0 there), shared by every search on this board."""
        key = (t, x, y)
        raw = self._gaps.get(key)
        if raw is None:
            raw = self._gaps[key] = least_gap((x, y), self.groups[t])
        return raw

    def closer(self, m: Model, x: float, y: float) -> bool:
        """Constraint 2: closer to at least one of the targets than it started."""
        return any(self.target_gap(m, x, y, t) < self.before[m.id][t] - STRICT
                   for t in self.targets)

    def clear_of_others(self, m: Model, x: float, y: float) -> bool:
        """Constraint 4, for one model: not within 2" of a unit that was not chosen."""
        if self.round:  # a function of the spot and m's radius: kept for every model and build
            reach = self.engage + STRICT + self.r[m.id]
            key = (x, y, reach)
            clear = self._clear.get(key)
            if clear is None:
                clear = self._clear[key] = least_gap((x, y), self.forbidden_groups) > reach
            return clear
        return all(self.edge(m, x, y, f) > self.engage + STRICT for f in self.forbidden)

    def free(self, trial: GameState, m: Model, spot) -> bool:
        """Stands there: on the table, out of impassable terrain, overlapping no base where
        `trial` has it. Round bases are first tried by arithmetic (most crowded spots fail
        there), then the table's own check decides."""
        if self.round:
            return self._free_round(trial, m, spot, self._nearby(trial, m))
        return self.geo.placement_problem(trial, {m.id: spot}) is None

    def free_test(self, trial: GameState, m: Model):
        """`free` for many spots of one model in one trial (the bases near it gathered once)."""
        if not self.round:
            return lambda spot: self.free(trial, m, spot)
        # the overlap test of `_free_round` against the same bases, each pair with the same
        # sums; only the bases within the widest reach of the spot across (by x) are asked:
        # sorted by x once, found by bisection (a spot has a dozen to thirty bases about it)
        mine, r, tolerance = self.r[m.id], self.r, CONTACT_TOLERANCE
        bases = sorted((o.x, o.y, mine + r[o.id] - tolerance)
                       for o in self._nearby(trial, m) if o.id != m.id)
        xs = [b[0] for b in bases]
        widest = max((b[2] for b in bases), default=0.0) + OVERLAP_MARGIN
        hypot, ground = math.hypot, self._ground

        def test(spot) -> bool:
            x, y = spot
            for ox, oy, limit in bases[bisect_left(xs, x - widest):bisect_right(xs, x + widest)]:
                if hypot(ox - x, oy - y) < limit:
                    return False
            return ground(m, spot)

        return test

    def _free_round(self, trial: GameState, m: Model, spot, nearby: list[Model]) -> bool:
        """`free` for round bases: the overlap test the table makes ((r + r') - tolerance,
        the same sum in the same order), against the unit's own models where `trial` has them
        and the other bases that could touch a spot within the roll (no other can); then the
        table's check of the spot alone (edges, impassable terrain: the same for every
        trial, so remembered on the board)."""
        x, y = spot
        mine = self.r[m.id]
        hypot = math.hypot
        for o in nearby:
            if o.id != m.id and hypot(o.x - x, o.y - y) < mine + self.r[o.id] - CONTACT_TOLERANCE:
                return False
        return self._ground(m, spot)

    def _ground(self, m: Model, spot) -> bool:
        """The table's check of m alone at the spot (the table's edges, impassable terrain),
        remembered on the board."""
        key = (m.id, spot)
        ground = self.shared.ground.get(key)
        if ground is None:
            alone = copy.copy(self.s)
            alone.models = {m.id: self.s.models[m.id]}
            ground = self.shared.ground[key] = self.geo.placement_problem(alone, {m.id: spot}) \
                is None
        return ground

    def _nearby(self, trial: GameState, m: Model) -> list[Model]:
        """The unit's living models in `trial`, and every other living base whose edge comes
        within the roll (plus a margin) of m's base where it started."""
        around = self._around.get(m.id)
        if around is None:
            start = self.s.models[m.id]
            reach = self.roll + 2 * self.r[m.id] + 1.0
            around = self._around[m.id] = [
                o.id for o in self.s.models.values()
                if o.alive and o.unit != self.unit_id
                and math.hypot(o.x - start.x, o.y - start.y) <= reach + self.r[o.id]]
        models = trial.models
        return [models[i] for i in around] + [o for o in trial.alive_models(self.unit_id)]

    def path_ok(self, m: Model, spot) -> bool:
        """A path no longer than the roll from where m stands (remembered: the enemies that
        block it do not move during a charge, and friends never block)."""
        key = (m.id, spot)
        ok = self._paths.get(key)
        if ok is None:
            lengths = self.shared.lengths
            if key in lengths:
                length = lengths[key]
            else:
                length = lengths[key] = self.geo.path_length(self.s, self.s.models[m.id], spot)
            ok = self._paths[key] = length is not None and length <= self.roll + 1e-6
        return ok

    def linked(self, m: Model, x: float, y: float, placed: list[Model], links: int) -> bool:
        """At least `links` of the placed models within coherency range of m at (x, y)."""
        if not self.round:
            return sum(1 for p in placed if self.edge(m, x, y, p) <= self.link) >= links
        mine, r, link, hypot = self.r[m.id], self.r, self.link, math.hypot
        count = 0
        for p in placed:
            if hypot(x - p.x, y - p.y) - mine - r[p.id] <= link:
                count += 1
                if count >= links:
                    return True
        return False

    def static_spots(self, m: Model, reached: bool = False) -> list[tuple[float, float]]:
        """The spots m is ranked on in every build: where it stands, round the targets, on the
        way to them, and its fan (with `reached`, round the targets only those `_rows` could
        keep: the same rows)."""
        goals = self.reached_goal_spots if reached else self.goal_spots
        return ([(m.x, m.y)] + goals(m, GOAL_GAPS, GOAL_ANGLES) + self.toward_spots(m)
                + self.fan_spots(m))

    def static_rows(self, trial: GameState, m: Model) -> list[tuple]:
        """The spots that do not depend on where the others went (kept for every build)."""
        rows = self._static.get(m.id)
        if rows is None:
            rows = self._static[m.id] = self._rows(m, self.static_spots(m, reached=True))
        return rows

    def choose(self, trial: GameState, m: Model, placed: list[Model], open_targets: list[str],
               stay_only: bool = False, flank: float = 0.0, axis=None, loose: bool = False):
        """The best legal spot for m: nearest to a target still to engage, then within 1" of
        a target, then nearest; staying put is a candidate too. Linked to as many placed
        models as coherency asks if it can be, else to one (`mend` finds the second later).
        None if nothing is legal."""
        chased = tuple(i for i, t in enumerate(self.targets) if t in open_targets)
        if stay_only:
            keyed = self._keyed(self._rows(m, [(m.x, m.y)]), chased, flank, axis)
        else:
            # the static spots' sorted keys are kept per model, targets still open and flank
            # (the same ones come back in every build); the spots round the placed friends
            # are new each time: sorting the two together orders them as one list would
            key = (m.id, chased, flank)
            static = self._static_keyed.get(key)
            if static is None:
                static = self._static_keyed[key] = self._keyed(
                    self.static_rows(trial, m), chased, flank, axis)
            keyed = static + self._keyed(self._rows(m, self.friend_spots(m, placed)), chased,
                                         flank, axis)
        keyed.sort()
        wanted = min(self.needed, len(placed))
        spot = self._pick(trial, m, keyed, placed, wanted)
        if spot is None and wanted > 1:
            spot = self._pick(trial, m, keyed, placed, 1)
        if spot is None and wanted and loose:
            spot = self._pick(trial, m, keyed, placed, 0)  # a later model may link it in
        return spot

    def _pick(self, trial: GameState, m: Model, keyed: list[tuple], placed: list[Model],
              links: int, whole: bool = False):
        """The first of the sorted spots that is clear of units not chosen, linked to `links`
        of the placed models, free and reachable (and, with `whole`, keeps the unit's
        coherency as it stands in `trial`). The link count is `linked`'s, written out here
        (the test most spots fail, asked for thousands of them)."""
        checks = 0
        free = self.free_test(trial, m)
        holds = self.coherence(trial, m.id) if whole else None
        paths, mid = self._paths, m.id
        if links and self.round:
            mine, r, link, hypot = self.r[m.id], self.r, self.link, math.hypot
            near = [(p.x, p.y, r[p.id]) for p in placed]
            left, right, low, high = self._link_box(near, mine + link)
        for row in keyed:
            moved, x, y = row[-3], row[-2], row[-1]
            if links:
                if self.round:
                    if x < left or x > right or y < low or y > high:
                        continue  # further than coherency range from every placed model
                    count = 0
                    for px, py, pr in near:
                        if hypot(x - px, y - py) - mine - pr <= link:
                            count += 1
                            if count >= links:
                                break
                    if count < links:
                        continue
                elif not self.linked(m, x, y, placed, links):
                    continue
            if not self.clear_of_others(m, x, y):
                continue
            if not free((x, y)):
                continue
            if moved and (mid, (x, y)) not in paths:
                if checks >= PATH_CHECKS:
                    self._starved = True  # a repeated build could measure it (`build`)
                    continue
                checks += 1  # only new path measurements count against the budget
            if moved and not self.path_ok(m, (x, y)):
                continue
            if holds is not None and not holds((x, y)):
                continue
            return (x, y)
        return None

    @staticmethod
    def _link_box(near: list[tuple], reach: float) -> tuple[float, float, float, float]:
        """(left, right, low, high): a box round the placed bases (x, y, radius) outside
        which no spot is within `reach` plus a radius of any (a centre further across than
        that in x or in y is further in a straight line), with a margin above float error.
        Most spots a choice walks past are outside it: one comparison each, no distance."""
        widest = reach + max(radius for _, _, radius in near) + 1e-6
        return (min(x for x, _, _ in near) - widest, max(x for x, _, _ in near) + widest,
                min(y for _, y, _ in near) - widest, max(y for _, y, _ in near) + widest)

    def mend(self, dest: dict) -> dict:
        """Coherency for 7+ models (two others within 2"): a model left with one link is
        placed again, the others where they are, where it has two and the unit holds."""
        if self.needed < 2:
            return dest
        dest = dict(dest)
        trial = self._trial(dest)
        for _ in range(2):
            models = trial.alive_models(self.unit_id)
            short = [m for m in models if sum(1 for o in models if o is not m
                                              and self.edge(m, m.x, m.y, o) <= self.link) < 2]
            if not short:
                break
            for m in short:
                others = [o for o in models if o.id != m.id]
                start = self.s.models[m.id]
                rows = self.static_rows(trial, start) + self._rows(
                    start, self.friend_spots(start, others))
                keyed = sorted((near > CLOSE_RANGE, rounded, moved, x, y)
                               for x, y, moved, _, near, rounded, _ in rows)
                spot = self._pick(trial, start, keyed, others, 2, whole=True)
                if spot is not None:
                    stand(m, start, spot, dest)
        return dest

    # --- whole placements -----------------------------------------------------------------
    def build(self, order: list[Model], anchor_stays: bool = False, flank: float = 0.0,
              loose: bool = False):
        """Place the models in this order, each linked to those placed before it (so the unit
        stays one connected group). (dest of the models that move, None on failure; reason).

        A build that repeats an earlier one after its first model (the same order and
        looseness, the first model on the same spot: the flanks and the anchor often choose
        as the plain order does, shaken orders often come out the same) is the earlier one's
        answer, and the rest is not placed again: every later choice walks the same spots to
        the same tests, the paths the earlier build measured remembered. Only while no choice
        has left a spot unmeasured for want of budget (`_pick`), since a remembered path
        costs none and the repeat could then reach further."""
        trial = self._trial()
        placed: list[Model] = []
        dest: dict = {}
        open_targets = list(self.targets)
        axis = self._axis() if flank else None
        first = None
        for i, m in enumerate(order):
            spot = self.choose(trial, m, placed, open_targets, anchor_stays and i == 0,
                               flank if i == 0 else 0.0, axis, loose)
            if spot is None:
                return self._built(first, (None, i, msg(
                    "{model} found no spot within the roll of {roll}\" that keeps the unit one "
                    "connected group (coherency) while ending closer to a target and clear of "
                    "units not chosen", model=m.name, roll=self.roll)))
            if i == 0:
                first = (tuple(o.id for o in order), loose, spot)
                if first in self._builds:
                    return self._builds[first]
            here = trial.models[m.id]
            here.x, here.y = spot
            placed.append(here)
            if spot != (m.x, m.y):
                dest[m.id] = spot
            open_targets = [t for t in open_targets
                            if self.target_gap(m, spot[0], spot[1], t) > self.engage]
            rest = order[i + 1:]
            for t in open_targets:  # someone still to place must be able to get within 2"
                if not any(self.before[o.id][t] <= self.roll + self.engage for o in rest):
                    return self._built(first, (None, len(order), msg(
                        "no model left to place could still end within 2\" of {target} (every "
                        "chosen target must be engaged)", target=self.s.units[t].name)))
        return self._built(first, (dest, len(order), ""))

    def _built(self, first, answer: tuple) -> tuple:
        """The build's answer, kept under its order and first spot (`build`) unless some
        choice so far was short of path budget."""
        if first is not None and not self._starved:
            self._builds[first] = answer
        return answer

    def _axis(self):
        """From the unit's centre toward the targets' centre: the line the flanks are
        either side of (x, y, dx, dy)."""
        cx = sum(m.x for m in self.mine) / len(self.mine)
        cy = sum(m.y for m in self.mine) / len(self.mine)
        tx = sum(g.x for g in self.goals) / len(self.goals)
        ty = sum(g.y for g in self.goals) / len(self.goals)
        return (cx, cy, tx - cx, ty - cy)

    def orders(self):
        """The builds tried, in turn: rearmost first (the rest string out from where it
        gets, so no one is left behind round terrain); nearest first; the rearmost staying as
        an anchor (only the models that need to move do); nearest first by the left and by the
        right flank; then shaken orders."""
        near_first = sorted(self.mine, key=lambda m: (min(self.before[m.id].values()), m.id))
        yield near_first[::-1], False, 0.0, False
        yield near_first, False, 0.0, False
        yield near_first[::-1], True, 0.0, False
        yield near_first, False, 1.0, False
        yield near_first, False, -1.0, False
        if len(self.mine) < 3:
            return
        # Then nearest first again with the order shaken (a seeded, repeatable shake: the
        # same question always gets the same answer), a model free to stand unlinked for a
        # moment until a later one links it in (the whole unit is checked at the end).
        shake = random.Random(len(self.mine) * 100 + self.roll)
        for _ in range(SHAKES):
            yield sorted(self.mine, key=lambda m: min(self.before[m.id].values())
                         + shake.uniform(0.0, 4.0)), False, 0.0, True

    def _trial(self, dest: dict | None = None) -> GameState:
        """The state to try the unit's placements on, with `dest` stood: the unit's living
        models copied (the search moves them about), every other base shared with the state
        (nothing moves those): a whole copy cost more than many a build."""
        spots = {m.id: (m.x, m.y) for m in self.mine}
        if dest:
            spots.update(dest)
        return placed_view(self.s, spots)


