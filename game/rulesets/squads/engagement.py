"""Engagement in `squads`: two units are engaged when an enemy model is within 2" (the seed:
"Deux unités séparées de 2\" ou moins sont au contact")."""

from __future__ import annotations

import math

from game.core.geometry import Geometry
from game.core.memo import PerTable
from game.core.state import GameState

ENGAGEMENT_RANGE = 2.0
CHARGE_RANGE = 12.0
#: Round-base gaps this close to a range are left to the table's own measure (which reports
#: distances rounded to the billionth): elsewhere plain arithmetic gives the same verdict.
BAND = 1e-6


#: Who each unit is engaged with where it stands, per table, under the places and facings of
#: its own and the enemy's living models (all the answer reads; a base that is not round
#: measures by its facing): asked for every unit at every listing of a Movement or Fight
#: phase and at every charge declaration, while mostly other units move.
_standing = PerTable(1024)


def engaged_enemies(s: GameState, geo: Geometry, unit_id: str,
                    dest: dict | None = None, first: bool = False) -> list[str]:
    """Enemy units within 2" of the unit (optionally with some of its models moved; with
    `first`, only the first of them). Where the unit stands (no `dest`), remembered: the first
    one is the head of the list, in the same order of enemy units."""
    if not dest:
        side = s.units[unit_id].side
        key = (unit_id, tuple([(m.id, m.x, m.y, m.facing) for m in s.models.values()
                               if m.alive and (m.unit == unit_id or m.side != side)]))
        found = _standing.get(geo, key, lambda: measure_engaged(s, geo, unit_id))
        return found[:1] if first else list(found)
    return measure_engaged(s, geo, unit_id, dest, first)


def measure_engaged(s: GameState, geo: Geometry, unit_id: str,
                    dest: dict | None = None, first: bool = False) -> list[str]:
    """`engaged_enemies` measured afresh."""
    from game.rulesets.base import moved_models

    mine = _rows(moved_models(s, unit_id, dest))
    side = s.units[unit_id].side
    reach = _circle(mine)
    out = []
    for enemy in s.enemy_units(side):
        theirs = _rows(s.alive_models(enemy.id))
        if not circles_within(reach, _circle(theirs), ENGAGEMENT_RANGE):
            continue  # too far apart for any pair: skip measuring every pair
        if any_within(geo, mine, theirs, ENGAGEMENT_RANGE):
            out.append(enemy.id)
            if first:
                break
    return out


def _rows(models) -> list[tuple]:
    """(model, x, y, radius, round) of each model: what the measures below read."""
    return [(m, m.x, m.y, m.base.radius, m.base.kind == "round") for m in models]


def _circle(rows) -> tuple[float, float, float]:
    """A circle around every base of a group (centre of the centres, furthest base edge)."""
    cx = sum(r[1] for r in rows) / len(rows)
    cy = sum(r[2] for r in rows) / len(rows)
    return cx, cy, max(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 + r for _, x, y, r, _ in rows)


def any_within(geo: Geometry, mine: list[tuple], theirs: list[tuple], reach: float) -> bool:
    """Whether some pair of bases is within `reach` edge to edge (`geo.distance`): two round
    bases by arithmetic unless their gap is within BAND of the range, every other pair by
    the table."""
    hypot = math.hypot
    for a, ax, ay, ar, a_round in mine:
        for b, bx, by, br, b_round in theirs:
            if a_round and b_round:
                gap = hypot(bx - ax, by - ay) - ar - br
                if gap < reach - BAND:
                    return True
                if gap > reach + BAND:
                    continue
            if geo.distance(a, b) <= reach:
                return True
    return False


def circles_within(a, b, reach: float) -> bool:
    """Could anything inside circle a be within `reach` of anything inside circle b?"""
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 - a[2] - b[2] <= reach


def is_engaged(s: GameState, geo: Geometry, unit_id: str) -> bool:
    return bool(engaged_enemies(s, geo, unit_id, first=True))
