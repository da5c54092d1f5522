"""Engagement in `squads`: two units are engaged when an enemy model is within 2" (the seed:
"Deux unités séparées de 2\" ou moins sont au contact")."""

from __future__ import annotations

from game.core.geometry import Geometry
from game.core.state import GameState

ENGAGEMENT_RANGE = 2.0
CHARGE_RANGE = 12.0


def engaged_enemies(s: GameState, geo: Geometry, unit_id: str,
                    dest: dict | None = None) -> list[str]:
    """Enemy units within 2" of the unit (optionally with some of its models moved)."""
    from game.rulesets.base import moved_models

    mine = moved_models(s, unit_id, dest)
    side = s.units[unit_id].side
    reach = bounding_circle(mine)
    out = []
    for enemy in s.enemy_units(side):
        theirs = s.alive_models(enemy.id)
        if not circles_within(reach, bounding_circle(theirs), ENGAGEMENT_RANGE):
            continue  # too far apart for any pair: skip measuring every pair
        if any(geo.distance(a, b) <= ENGAGEMENT_RANGE for a in mine for b in theirs):
            out.append(enemy.id)
    return out


def bounding_circle(models) -> tuple[float, float, float]:
    """A circle around every base of a group (centre of the centres, furthest base edge)."""
    cx = sum(m.x for m in models) / len(models)
    cy = sum(m.y for m in models) / len(models)
    r = max(((m.x - cx) ** 2 + (m.y - cy) ** 2) ** 0.5 + m.base.radius for m in models)
    return cx, cy, r


def circles_within(a, b, reach: float) -> bool:
    """Could anything inside circle a be within `reach` of anything inside circle b?"""
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 - a[2] - b[2] <= reach


def is_engaged(s: GameState, geo: Geometry, unit_id: str) -> bool:
    return bool(engaged_enemies(s, geo, unit_id))
