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
    out = []
    for enemy in s.enemy_units(side):
        theirs = s.alive_models(enemy.id)
        if any(geo.distance(a, b) <= ENGAGEMENT_RANGE for a in mine for b in theirs):
            out.append(enemy.id)
    return out


def is_engaged(s: GameState, geo: Geometry, unit_id: str) -> bool:
    return bool(engaged_enemies(s, geo, unit_id))
