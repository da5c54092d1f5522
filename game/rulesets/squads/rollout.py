"""A cheaper model of greedy for the turn look-ahead's rollouts (`rollout_policy` hook).

Why: a rollout is greedy playing every side for a turn or two, and greedy lists and values
every offered action: every unit's move toward every goal (each a formation move on the
table, checked), every set of charge targets (each a placement search). It then plays one.
This policy values what it can without the table first and solves only what it may play:
  - Movement: each unit's move toward each goal is valued by `evaluation.move_value`'s own
    sums at an estimated end (every model straight toward the goal by its allowance, stopped
    short of the keep-away round enemy bases: no terrain, no friend, no grid), and only the
    best estimates are solved (`movement.unit_moves` for that goal alone: the very offer the
    listing would make) and valued exactly; the best exact value is played, or the end of
    the phase when none is above 0 (greedy's end_phase is worth 0).
  - After a charge roll: greedy's value of a charge depends on its target set alone (the
    best fight among the targets, plus a hundredth per target), so the sets are ranked by
    it and solved in that order; the first with a placement is greedy's choice (equal
    values aside: ties go to this policy's own draw, as greedy's go to its).
  - Anything else (declarations, fights, an Advance's move): greedy, on the listing.
When the controller has listed the position already (`play.listed`), the listing is paid for
and greedy's own choice is the exact one: the policy is greedy there.
What it plays is always an offer of `legal_actions` in the form the listing stores it, or the
end of the phase, so `apply` accepts it.
"""

from __future__ import annotations

import math
import random
from itertools import combinations

from game.ai.greedy import GreedyAgent
from game.core.actions import Action, make_placement
from game.core.i18n import and_list, msg
from game.rulesets.base import placed_view, unit_centroid
from game.rulesets.squads import charge, evaluation, movement
from game.rulesets.squads.engagement import is_engaged

#: Moves solved at most per Movement decision (best estimates first): the estimate's error
#: is mostly a move cut short by terrain or a friend, which the next estimate catches.
SOLVED = 3
#: A further estimate is solved only while it is above the best exact value found by this.
SLACK = 0.0

def estimated_end(s, unit_id: str, point, allowance: float, keep_away: float) -> dict:
    """Each model straight toward `point` (along the unit's centroid to it, never past it
    measured along that line), as far as its allowance goes before its base comes within
    `keep_away` of an enemy base; round bases by arithmetic, nothing else in the way."""
    cx, cy = unit_centroid(s, unit_id)
    span = math.hypot(point[0] - cx, point[1] - cy)
    models = s.alive_models(unit_id)
    if span <= 1e-9:
        return {}
    ux, uy = (point[0] - cx) / span, (point[1] - cy) / span
    side = s.units[unit_id].side
    enemies = [(e.x, e.y, e.base.radius) for u in s.enemy_units(side)
               for e in s.alive_models(u.id)]
    out = {}
    for m in models:
        amount = min(allowance, max(0.0, (point[0] - m.x) * ux + (point[1] - m.y) * uy))
        for ex, ey, er in enemies:
            # the line m + a u enters the keep-away circle round e at the least root a
            reach = m.base.radius + er + keep_away
            along = (ex - m.x) * ux + (ey - m.y) * uy
            off = (ex - m.x) ** 2 + (ey - m.y) ** 2 - along * along
            if off >= reach * reach or along < 0:
                continue
            enter = along - math.sqrt(reach * reach - off)
            amount = min(amount, max(0.0, enter))
        if amount > 1e-9:
            out[m.id] = (m.x + ux * amount, m.y + uy * amount)
    return out


def estimate(s, geo, unit_id: str, how: str, point) -> float:
    """`evaluation.move_value`'s sums for the move at its `estimated_end`."""
    dest = estimated_end(s, unit_id, point, movement.allowance(s, unit_id, how),
                         movement.KEEP_AWAY)
    if not dest:
        return -math.inf
    trial = placed_view(s, dest)
    near = evaluation.near_objectives(s, trial, geo, unit_id)
    return evaluation.move_value_at(s, geo, Action("move", unit_id, option=how), trial, near)


class RolloutPolicy:
    """Greedy's choice, mostly, without listing every offer (see the module docstring)."""

    name = "squads rollout"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.greedy = GreedyAgent(seed)
        #: The Movement phase (round, side) the intents below are for, and each unit's
        #: intents (estimate, kind, goal's name, goal): valued once a phase. Within a phase
        #: only the side's own units move, and an intent's estimate reads the unit itself
        #: and the enemy (which stand still), and who holds the objectives near it (which a
        #: friend's move may change: then the estimate is stale, and the exact value of the
        #: solved move, which decides, is not).
        self._phase: tuple | None = None
        self._intents: dict[str, list[tuple]] = {}

    def choose(self, play):
        s, geo = play.state, play.geo
        listed = getattr(play, "listed", None)  # (a TurnController keeps its own)
        if listed is None and s.phase == "movement" and "advance" not in s.pending:
            return self.movement(s, geo)
        if listed is None and s.phase == "charge" and "charge" in s.pending:
            return self.targets(s, geo, **s.pending["charge"])
        return self.greedy.choose(play)

    def movement(self, s, geo) -> Action:
        """The best move by exact value among the best estimates solved, an Advance when its
        (exact) value is the best, or the end of the phase when nothing is worth more than 0."""
        if self._phase != (s.round, s.active):
            self._phase, self._intents = (s.round, s.active), {}
        intents = []
        for unit in s.units_of(s.active):
            if unit.flags.get("moved"):
                continue
            mine = self._intents.get(unit.id)
            if mine is None:
                mine = self._intents[unit.id] = self.unit_intents(s, geo, unit.id)
            intents.extend((value, self.rng.random(), unit.id, how, name, point)
                           for value, how, name, point in mine)
        intents.sort(reverse=True)
        best, pick = 0.0, Action("end_phase", label=msg("End the Movement phase"))
        solved = 0
        for value, _, unit_id, how, name, point in intents:
            if value <= best + SLACK:
                break
            if how == "advance":  # its value is exact already
                best, pick = value, Action("advance", unit_id,
                                           label=msg("Advance (roll D6; cannot charge)"))
                continue
            if solved >= SOLVED:
                continue  # an Advance further down may still beat the best move found
            solved += 1
            for offer in movement.unit_moves(s, geo, unit_id, how, {name: point}):
                exact = evaluation.move_value(s, geo, offer)
                if exact > best:
                    best, pick = exact, offer
        return pick

    @staticmethod
    def unit_intents(s, geo, unit_id: str) -> list[tuple]:
        """(estimate, kind, goal's name, goal) of each move the listing would offer the unit
        (`movement.movement_actions`: toward each goal, or away when engaged), and its
        Advance (valued exactly, `evaluation.advance_value`) when not engaged."""
        engaged = is_engaged(s, geo, unit_id)
        how = "fall_back" if engaged else "normal"
        out = [(estimate(s, geo, unit_id, how, point), how, name, point)
               for name, point in movement.move_goals(s, geo, unit_id, away=engaged).items()]
        if not engaged:
            out.append((evaluation.advance_value(s, geo, unit_id), "advance", None, None))
        return out

    def targets(self, s, geo, unit: str, roll: int, reachable: list[str]) -> Action:
        """The target set greedy would pick (`charge_move`'s value: the best fight among the
        targets, a hundredth per target), solved best first; the charge fails when none has
        a placement (greedy's choice then too)."""
        sets = [t for size in range(1, len(reachable) + 1)
                for t in combinations(reachable, size)]
        ranked = sorted(sets, key=lambda t: (evaluation.best_attack(s, unit, t)
                                             + 0.01 * len(t), self.rng.random()), reverse=True)
        for t in ranked:
            if len(t) > 1 and not charge.could_engage_together(s, geo, unit, t, roll):
                continue
            dest, _ = charge.solve(s, geo, unit, t, roll)
            if dest is not None:
                names = and_list([s.units[x].name for x in t])
                return Action("charge_move", unit, targets=t, placement=make_placement(dest),
                              label=msg("Charge {targets}", targets=names))
        return Action("charge_fail", unit, label=msg("Choose no target: the charge fails"))
