"""Base contact in `cards`: who touches whom, and which units form one melee.

Base contact is the game's one tolerance (core/geometry.py CONTACT_TOLERANCE, asked through
`geo.in_contact`). A melee is a group of units joined by contact between opposing figures:
two charges into one enemy make one melee; two separate fights are two melees.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.geometry import CONTACT_TOLERANCE, Geometry
from game.core.state import GameState, Model

#: Moving into base contact aims this close (well inside the contact tolerance), as the
#: `stop_at` of the table's approach solver.
CONTACT_STOP = 0.01


def may_touch(a: Model, b: Model) -> bool:
    """Cheap pre-filter: the bases' bounding circles come within the contact tolerance."""
    reach = a.base.radius + b.base.radius + CONTACT_TOLERANCE
    return abs(a.x - b.x) <= reach and abs(a.y - b.y) <= reach


def enemy_contacts(s: GameState, geo: Geometry, model: Model,
                   among: Iterable[Model] | None = None) -> list[Model]:
    """Living enemy figures in base contact with `model` (optionally only `among` these)."""
    pool = among if among is not None else s.models.values()
    x, y, side, r = model.x, model.y, model.side, model.base.radius + CONTACT_TOLERANCE
    out = []
    for o in pool:
        reach = r + o.base.radius
        if (o.side != side and o.alive and abs(o.x - x) <= reach and abs(o.y - y) <= reach
                and geo.in_contact(model, o)):
            out.append(o)
    return out


def contact_pairs(s: GameState, geo: Geometry, unit_ids: Iterable[str] | None = None
                  ) -> list[tuple[Model, Model]]:
    """Pairs of opposing living figures in base contact (each pair once), among the figures of
    `unit_ids` (default: the whole table). Figures are swept in order of x, so only neighbours
    along x are ever measured."""
    ids = set(unit_ids) if unit_ids is not None else None
    models = sorted((m for m in s.models.values() if m.alive and (ids is None or m.unit in ids)),
                    key=lambda m: m.x)
    widest = max((m.base.radius for m in models), default=0.0)
    pairs = []
    for i, a in enumerate(models):
        limit = a.x + a.base.radius + widest + CONTACT_TOLERANCE
        for b in models[i + 1:]:
            if b.x > limit:
                break
            if a.side != b.side and may_touch(a, b) and geo.in_contact(a, b):
                pairs.append((a, b) if a.id < b.id else (b, a))
    return sorted(pairs, key=lambda pair: (pair[0].id, pair[1].id))


def contacting_figures(s: GameState, geo: Geometry, unit_id: str,
                       enemies: Iterable[str] | None = None) -> list[Model]:
    """The unit's figures in base contact with one or more enemy figures (of `enemies`)."""
    side = s.units[unit_id].side
    pool = [m for m in s.models.values() if m.alive and m.side != side
            and (enemies is None or m.unit in set(enemies))]
    return [m for m in s.alive_models(unit_id) if enemy_contacts(s, geo, m, pool)]


def melee_groups(s: GameState, geo: Geometry) -> list[list[str]]:
    """Units joined by contact between opposing figures, as sorted groups (each a melee)."""
    links: dict[str, set[str]] = {}
    for a, b in contact_pairs(s, geo):
        links.setdefault(a.unit, set()).add(b.unit)
        links.setdefault(b.unit, set()).add(a.unit)
    groups, seen = [], set()
    for start in sorted(links):
        if start in seen:
            continue
        group, stack = set(), [start]
        while stack:
            unit = stack.pop()
            if unit in group:
                continue
            group.add(unit)
            stack.extend(links[unit] - group)
        seen |= group
        groups.append(sorted(group))
    return groups


def any_contact(s: GameState, geo: Geometry, unit_ids: Iterable[str] | None = None) -> bool:
    return bool(contact_pairs(s, geo, unit_ids))
