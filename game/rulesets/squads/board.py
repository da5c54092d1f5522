"""Keys for remembering squads answers across positions: the part of the board a question sees.

Why: the AI lists the offers again after every single action, and most of the table has not
changed since the last listing. A unit's straight moves (and the checks of them) only ever look
at the bases that could come near it, so an answer is remembered under the positions of those
bases alone (`local_key`), per table (`game.core.memo.PerTable`, so a state copy or a search
asks and finds the same). A key names every base that can matter (a superset is always safe):
two positions with one key get one answer, which is exactly what a fresh search would give.
"""

from __future__ import annotations

import math

from game.core.state import GameState

#: Slack added to every reach (a key that holds a few bases too many costs nothing).
MARGIN = 1.0


#: Inches per millimetre, halved: (width + depth) of a base times this is at least its radius
#: (the circle round a rectangle has half its diagonal, never more than half the two sides).
HALF_INCH_PER_MM = 0.5 / 25.4


def reach_of(base) -> float:
    """At least the radius of this base (by its two sizes alone: no property to work out)."""
    return (base.width_mm + base.depth_mm) * HALF_INCH_PER_MM


def local_key(s: GameState, unit_id: str, reach: float) -> tuple:
    """(id, x, y) of the unit's living models and of every other living model whose base
    comes within `reach` of a base of the unit: pass the move's allowance plus the farthest
    range its end is checked at (overlap, 2" engagement, keep-away) and the key holds all a
    straight move and its check can see. Measured round the unit's bounding circle (a
    superset, so never too few)."""
    mine = s.alive_models(unit_id)
    if not mine:
        return (unit_id,)
    cx = sum(m.x for m in mine) / len(mine)
    cy = sum(m.y for m in mine) / len(mine)
    spread = max(math.hypot(m.x - cx, m.y - cy) + reach_of(m.base) for m in mine)
    limit = spread + reach + MARGIN
    out = []
    for m in s.models.values():
        if not m.alive:
            continue
        if m.unit == unit_id or math.hypot(m.x - cx, m.y - cy) <= limit + reach_of(m.base):
            out.append((m.id, m.x, m.y))
    return tuple(out)


def board_key(s: GameState) -> tuple:
    """Every living model where it stands, with its wounds, and every unit's flags: the whole
    position, for answers that may depend on any of it."""
    models = tuple((m.id, m.x, m.y, m.wounds) for m in s.models.values() if m.alive)
    flags = tuple((u.id, tuple(sorted(u.flags.items()))) for u in s.units.values() if u.flags)
    return models, flags


def valuation_key(s: GameState, unit_id: str, objectives, objective_range: float) -> tuple:
    """Everything a value of this unit's move reads (`evaluation.move_value`): its own models
    (where, wounds), every living enemy model (where, wounds: the charges each way and their
    attacks), each unit's battle-shock, and every living model near one of `objectives` (the
    ones the move can change hands: who holds them). The other friendly units elsewhere play
    no part, so while a side moves unit after unit, a unit's moves keep their value until
    something near it, or near an objective it can take, changes."""
    side = s.units[unit_id].side
    points = [(o.x, o.y) for o in objectives]
    out = []
    for m in s.models.values():
        if not m.alive:
            continue
        if m.unit == unit_id or m.side != side:
            out.append((m.id, m.x, m.y, m.wounds))
        elif points:
            near = objective_range + reach_of(m.base) + MARGIN
            if any(math.hypot(m.x - x, m.y - y) <= near for x, y in points):
                out.append((m.id, m.x, m.y))
    shocked = tuple(u.id for u in s.units.values() if u.flags.get("battle_shocked"))
    return tuple(out), shocked
