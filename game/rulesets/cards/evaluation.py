"""What an action is worth to the side taking it, in expected victory points (for the AI).

Melee choices (a charge, fighting or declining) are valued from the exact odds of one round
(odds.py through melee.round_odds): the figures each side expects to lose, plus what the
reaction test the loser takes is expected to cost it. Moves are valued by the objectives they
take and the ground they close; casualty choices keep the officer alive.

Closing with purpose: each enemy unit is sized up by the exact odds of one melee round between
the two units, face to face with as many figures in contact as the smaller unit has
(`matchup`, odds.py). A move earns more for the ground it closes toward the nearest enemy the
unit can beat; a charge is worth its exact round odds (twice over: a melee goes on round after
round) and gets credit for the ground it closes only when those odds favour it; a move that
ends within charge reach of an enemy that would beat the unit costs what that charge is
expected to cost, weighted by the chance that enemy acts first, so a unit at a disadvantage
holds back (or stays on its objective) rather than walk up to be charged.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from game.core.actions import Action
from game.core.geometry import Geometry
from game.core.state import GameState
from game.rulesets.base import (
    OBJECTIVE_RANGE,
    POINTS_PER_OBJECTIVE,
    POINTS_PER_UNIT_WIPED,
    moved_view,
)
from game.rulesets.cards import memo, reaction
from game.rulesets.cards.activation import allowance, ends_in_contact, only_rallies
from game.rulesets.cards.contact import contacting_figures, melee_groups
from game.rulesets.cards.melee import round_odds, used_talents
from game.rulesets.cards.odds import unit_losses
from game.rulesets.cards.profile import FIERCE, INSPIRING, OFFICER, has_talent, officer_of

#: Value of an inch closed toward the nearest enemy (every unit here fights in melee).
CLOSING_VALUE = 0.05
#: Added to CLOSING_VALUE when the nearest enemy closed on is one the unit can beat.
BEATABLE_CLOSING_VALUE = 0.1
#: A charge's one-round swing counts this many times over: the melee goes on round after round.
MELEE_WEIGHT = 2.0
#: The chance an enemy in charge reach charges before the unit acts again (its card may come
#: first, or the round may end before either): the weight of the threat of its charge.
THREAT_WEIGHT = 0.5
#: Figures that a Fierce officer's 2 dice are reckoned for in a face-to-face matchup (the
#: officer and a neighbour within 1").
FIERCE_FIGURES = 2
#: Value of an inch closed toward the nearest objective its side does not hold yet.
OBJECTIVE_APPROACH_VALUE = 0.05
#: Losing the officer costs the unit its talents and +1 on reaction tests.
OFFICER_VALUE = 2.0


def test_cost(s: GameState, geo: Geometry, unit_id: str, enemies: list[str],
              contact: int | None = None) -> float:
    """Expected points a reaction test costs the unit: Rout loses every figure (and the unit),
    Flight about half its figures in contact and Recoil a third of them. `contact`: its
    figures in base contact (by default, those touching `enemies` now)."""
    figures = len(s.alive_models(unit_id))
    if contact is None:
        contact = len(contacting_figures(s, geo, unit_id, enemies))
    mods = sum(v for _, v in reaction.modifiers(s, geo, unit_id))
    p = reaction.result_odds(s.units[unit_id].profile["Discipline"], mods)
    return float(p[reaction.ROUT] * (figures + POINTS_PER_UNIT_WIPED)
                 + p[reaction.FLIGHT] * (contact / 2 + 1) + p[reaction.RECOIL] * contact / 3)


def melee_value(s: GameState, geo: Geometry, side: int, units: list[str]) -> float:
    """One round's expected swing for `side`: enemy figures lost minus its own, plus the
    expected cost of the reaction test each side may have to take."""
    odds = round_odds(s, geo, units)
    if len(odds["sides"]) < 2:
        return 0.0
    other = 1 - side
    value = float(odds["expected"][other] - odds["expected"][side])
    for who, sign in ((other, 1.0), (side, -1.0)):
        mine = [u for u in odds["units"] if s.units[u].side == who]
        theirs = [u for u in odds["units"] if s.units[u].side != who]
        if mine:
            cost = sum(test_cost(s, geo, u, theirs) for u in mine) / len(mine)
            value += sign * float(odds["tests"][who]) * cost
    return value


def _dice(s: GameState, unit_id: str, contact: int) -> int:
    """Attack dice of `contact` figures of the unit face to face (Fierce: 2 for the officer's
    neighbours while the talent is unused)."""
    fierce = (officer_of(s, unit_id) is not None and has_talent(s, unit_id, FIERCE)
              and FIERCE not in used_talents(s, unit_id))
    return contact + (min(contact, FIERCE_FIGURES) if fierce else 0)


def _inspiring(s: GameState, unit_id: str) -> bool:
    return (officer_of(s, unit_id) is not None and has_talent(s, unit_id, INSPIRING)
            and INSPIRING not in used_talents(s, unit_id))


def matchup(s: GameState, geo: Geometry, unit_id: str, enemy_id: str) -> float:
    """How one melee round between the two units would go for `unit_id`'s side, from the
    exact odds (odds.unit_losses): face to face, as many figures in contact on each side as the
    smaller unit has. The enemy figures expected lost minus its own, plus what the reaction
    test each side may take is expected to cost. Positive: the unit can beat that enemy."""
    mine, theirs = s.units[unit_id], s.units[enemy_id]
    contact = min(len(s.alive_models(unit_id)), len(s.alive_models(enemy_id)))
    if contact == 0:
        return 0.0
    value, p_mine_more, p_theirs_more = _round_between(
        (_dice(s, unit_id, contact), int(mine.profile["Aggression"]),
         int(mine.profile["Defence"]), _inspiring(s, unit_id)),
        (_dice(s, enemy_id, contact), int(theirs.profile["Aggression"]),
         int(theirs.profile["Defence"]), _inspiring(s, enemy_id)), contact)
    value += (p_theirs_more * test_cost(s, geo, enemy_id, [unit_id], contact)
              - p_mine_more * test_cost(s, geo, unit_id, [enemy_id], contact))
    return float(value)


@functools.lru_cache(maxsize=4096)
def _round_between(mine: tuple, theirs: tuple, contact: int) -> tuple[float, float, float]:
    """One face-to-face round of two sides given as (attack dice, Aggression, Defence,
    Inspiring): the figures the other side expects to lose minus its own, and the exact chance
    that each loses more. Pure arithmetic on the profiles, so computed once per pairing."""
    lose_mine = unit_losses([(theirs[0], theirs[1])], mine[2], mine[3], contact)
    lose_theirs = unit_losses([(mine[0], mine[1])], theirs[2], theirs[3], contact)
    p_mine_more = sum(pa * pb for a, pa in lose_mine.items() for b, pb in lose_theirs.items()
                      if a > b)
    p_theirs_more = sum(pa * pb for a, pa in lose_mine.items() for b, pb in lose_theirs.items()
                        if b > a)
    value = (sum(k * p for k, p in lose_theirs.items())
             - sum(k * p for k, p in lose_mine.items()))
    return value, p_mine_more, p_theirs_more


def closing_target(s: GameState, geo: Geometry, unit_id: str) -> tuple[str | None, float]:
    """The enemy unit a move should close on and the value of an inch closed: the nearest
    enemy it can beat (`matchup` > 0), else the nearest enemy at the plain closing value.
    Asked of the position before the move, the same for every move offered to the unit: so
    remembered for the position (memo.py)."""
    return memo.remembered(s, geo, ("closing", unit_id),
                           lambda: _closing_target(s, geo, unit_id))


def _closing_target(s: GameState, geo: Geometry, unit_id: str) -> tuple[str | None, float]:
    side = s.units[unit_id].side
    enemies = sorted(s.enemy_units(side), key=lambda e: (geo.unit_distance(s, unit_id, e.id),
                                                          e.id))
    for enemy in enemies:
        if matchup(s, geo, unit_id, enemy.id) > 0:
            return enemy.id, CLOSING_VALUE + BEATABLE_CLOSING_VALUE
    return (enemies[0].id, CLOSING_VALUE) if enemies else (None, 0.0)


def threat(s: GameState, geo: Geometry, unit_id: str) -> float:
    """Expected points the unit stands to lose to enemy charges where it stands: each enemy
    unit within its move of it that would beat it (`matchup` < 0 for the unit), weighted by the
    chance it charges first."""
    side = s.units[unit_id].side
    total = 0.0
    mine = _box(s, unit_id)
    for enemy in s.enemy_units(side):
        if only_rallies(enemy):
            continue  # a Shaken unit cannot charge
        reach = allowance(s, enemy.id)
        if _apart(mine, _box(s, enemy.id)) > reach + BOX_SLACK:
            continue  # the boxes alone say it is out of reach (no pair measured)
        if geo.unit_distance(s, unit_id, enemy.id) <= reach:
            total += max(0.0, -matchup(s, geo, unit_id, enemy.id))
    return THREAT_WEIGHT * total


#: A gap between two units' boxes must exceed a reach by this much to prove them out of it,
#: whatever the rounding of the distance measured (to a billionth).
BOX_SLACK = 1e-6


def _box(s: GameState, unit_id: str) -> tuple[float, float, float, float, float]:
    """(least x, least y, greatest x, greatest y of the figures' centres, largest base
    radius) of the unit's living figures."""
    models = s.alive_models(unit_id)
    return (min(m.x for m in models), min(m.y for m in models), max(m.x for m in models),
            max(m.y for m in models), max(m.base.radius for m in models))


def _apart(a: tuple, b: tuple) -> float:
    """A lower bound of the distance between two units from their boxes: the centres are
    at least the boxes' gap apart along an axis, and no base reaches farther than its
    radius round its centre."""
    across = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3], 0.0)
    return across - a[4] - b[4]


def position_value(before: GameState, after: GameState, geo: Geometry, unit_id: str,
                   close: bool = True, key: tuple | None = None) -> float:
    """Objectives taken or lost by this unit's move (only objectives it is near before or after
    can change hands), plus the ground closed toward the enemy and toward objectives its side
    does not hold. What is read of the position before the move is the same for every move
    offered to the unit, so it is worked out once (`_before`; `key`: the position key of
    `before`, if the caller has it)."""
    side = before.units[unit_id].side
    start = _before(before, geo, unit_id, key)
    mine = after.alive_models(unit_id)
    swing = 0
    for index, obj in enumerate(before.scenario.objectives):
        point = (obj.x, obj.y)
        if index in start.near or any(geo.point_distance(m, point) <= OBJECTIVE_RANGE
                                      for m in mine):
            swing += (holder(after, geo, point) == side) - (start.held[index] == side)
    closing = 0.0
    target, per_inch = start.target if close else (None, 0.0)
    if target is not None:
        closing = (start.gap - geo.unit_distance(after, unit_id, target)) * per_inch
    approach = 0.0
    if start.wanted:
        after_nearest = min(geo.point_distance(m, p) for m in mine for p in start.wanted)
        approach = (start.nearest - after_nearest) * OBJECTIVE_APPROACH_VALUE
    return swing * POINTS_PER_OBJECTIVE * 0.5 + closing + approach


class _Start(NamedTuple):
    """What `position_value` reads of the position before a unit's move."""
    held: tuple[int | None, ...]     # each objective's holder
    near: frozenset[int]             # objectives the unit's figures are within range of
    wanted: tuple[tuple[float, float], ...]   # objectives its side does not hold
    nearest: float                   # its figures' distance to the nearest wanted one
    target: tuple[str | None, float]  # closing_target
    gap: float                       # its distance to that target


def _before(s: GameState, geo: Geometry, unit_id: str, key: tuple | None = None) -> _Start:
    def compute() -> _Start:
        side = s.units[unit_id].side
        held = holders(s, geo)
        mine = s.alive_models(unit_id)
        points = [(obj.x, obj.y) for obj in s.scenario.objectives]
        near = frozenset(i for i, point in enumerate(points)
                         if any(geo.point_distance(m, point) <= OBJECTIVE_RANGE for m in mine))
        wanted = tuple(point for i, point in enumerate(points) if held[i] != side)
        nearest = min((geo.point_distance(m, p) for m in mine for p in wanted), default=0.0)
        target = closing_target(s, geo, unit_id)
        gap = geo.unit_distance(s, unit_id, target[0]) if target[0] is not None else 0.0
        return _Start(held, near, wanted, nearest, target, gap)

    return memo.remembered(s, geo, ("before", unit_id), compute, key)


def holders(s: GameState, geo: Geometry) -> tuple[int | None, ...]:
    """Each objective's holder in this position (remembered: every move valued from one
    position starts from the same holders)."""
    return memo.remembered(s, geo, "holders", lambda: tuple(
        holder(s, geo, (obj.x, obj.y)) for obj in s.scenario.objectives))


def holder(s: GameState, geo: Geometry, point) -> int | None:
    """The common rule for one objective: more figures within 3" than any other side."""
    totals: dict[int, int] = {}
    for m in s.models.values():
        if m.alive and geo.point_distance(m, point) <= OBJECTIVE_RANGE:
            totals[m.side] = totals.get(m.side, 0) + 1
    ranked = sorted(totals.values(), reverse=True)
    if not ranked or (len(ranked) > 1 and ranked[0] == ranked[1]):
        return None
    return max(totals, key=totals.get)


def action_value(s: GameState, a: Action, geo: Geometry) -> float:
    kind = a.kind
    if kind == "move":
        trial = moved_view(s, a)
        if ends_in_contact(s, geo, a.unit, a.destinations()):
            group = next((g for g in melee_groups(trial, geo) if a.unit in g), [])
            odds = melee_value(trial, geo, s.units[a.unit].side, group)
            return position_value(s, trial, geo, a.unit, close=odds > 0) + MELEE_WEIGHT * odds
        # the position before the move is keyed once for both answers remembered of it
        key = memo.position_key(s)
        before = memo.remembered(s, geo, ("threat", a.unit), lambda: threat(s, geo, a.unit),
                                 key)
        return (position_value(s, trial, geo, a.unit, key=key)
                - (threat(trial, geo, a.unit) - before))
    if kind == "fight":
        return melee_value(s, geo, s.active, s.pending["melee"]["units"])
    if kind == "remove":
        return -OFFICER_VALUE if OFFICER in s.models[a.targets[0]].statuses else 0.0
    if kind == "free_move" and a.placement:
        return position_value(s, moved_view(s, a), geo, a.unit)
    return 0.0
