"""Locked in combat (rules/legions.md, charge step 5 and the aftermath): who is locked with whom,
the combats those locks form, and which models are engaged in one.

Why locks are state and not geometry: a charge locks two units when one model reaches base
contact, and they stay locked until the aftermath frees them (Disengage, Fall back,
Consolidate, a Massacre), even if the models in contact die. So each unit keeps the tuple of
enemy units it is locked with (a tuple, never a list: unit flags are copied shallowly).
"""

from __future__ import annotations

import math

from game.core.events import Event
from game.core.geometry import CONTACT_TOLERANCE, Geometry
from game.core.i18n import msg
from game.core.state import GameState, Model
from game.rulesets.legions.events import LockChanged, against

RULE_LOCKED = msg("One model in base contact: both units are locked in combat (legions seed)")
#: [added] A model in base contact with an enemy of its combat is engaged, and so is a model
#: within 2" of a friend of the same combat that is (the usual support rule of the seed's game).
SUPPORT_RANGE = 2.0
#: Two bases are never nearer than their bounding circles less this: the table's measures
#: round to a billionth, and the circles' arithmetic may differ from its by far less. The
#: bounds that spare measures (here and in the charge's sight) allow it.
CIRCLE_SLACK = 1e-6
LOCK_FLAG = "locked_with"


def locked_with(s: GameState, unit_id: str) -> tuple[str, ...]:
    return tuple(u for u in s.units[unit_id].flags.get(LOCK_FLAG, ()) if s.unit_alive(u))


def is_locked(s: GameState, unit_id: str) -> bool:
    return bool(locked_with(s, unit_id))


def lock(s: GameState, unit_id: str, enemy_id: str, rule: str = RULE_LOCKED) -> list[Event]:
    """Lock two units together (both ways)."""
    events: list[Event] = []
    for a, b in ((unit_id, enemy_id), (enemy_id, unit_id)):
        flags = s.units[a].flags
        if b not in flags.get(LOCK_FLAG, ()):
            flags[LOCK_FLAG] = tuple(sorted((*flags.get(LOCK_FLAG, ()), b)))
    events.append(LockChanged(rule=rule, unit_name=s.units[unit_id].name,
                              other_names=(s.units[enemy_id].name,), locked=True))
    return events


def unlock(s: GameState, unit_id: str, rule: str) -> list[Event]:
    """The unit leaves every combat it was locked in."""
    partners = s.units[unit_id].flags.pop(LOCK_FLAG, ())
    for p in partners:
        flags = s.units[p].flags
        rest = tuple(u for u in flags.get(LOCK_FLAG, ()) if u != unit_id)
        if rest:
            flags[LOCK_FLAG] = rest
        else:
            flags.pop(LOCK_FLAG, None)
    if not partners:
        return []
    return [LockChanged(rule=rule, unit_name=s.units[unit_id].name, locked=False)]


def tidy_locks(s: GameState) -> None:
    """Forget locks with destroyed units (a unit with no partner left is free)."""
    for unit in s.units.values():
        partners = unit.flags.get(LOCK_FLAG)
        if partners is None:
            continue
        alive = tuple(p for p in partners if s.unit_alive(p))
        if alive and s.unit_alive(unit.id):
            unit.flags[LOCK_FLAG] = alive
        else:
            unit.flags.pop(LOCK_FLAG, None)


def combats(s: GameState) -> list[tuple[str, ...]]:
    """Each combat: the units joined by locks (a connected group), sorted for a stable order."""
    seen: set[str] = set()
    out = []
    for uid in sorted(s.units):
        if uid in seen or not s.unit_alive(uid) or not is_locked(s, uid):
            continue
        group, todo = set(), [uid]
        while todo:
            u = todo.pop()
            if u in group:
                continue
            group.add(u)
            todo.extend(p for p in locked_with(s, u) if p not in group)
        seen |= group
        out.append(tuple(sorted(group)))
    return out


def combat_models(s: GameState, units: tuple[str, ...]) -> list[Model]:
    return [m for u in units for m in s.alive_models(u)]


def engaged_models(s: GameState, geo: Geometry, units: tuple[str, ...]) -> set[str]:
    """Models in base contact with an enemy model of the combat, and models within 2" of a
    friend of the combat that is ([added] support)."""
    # (model, x, y, radius of its bounding circle): two bases are never nearer than their
    # bounding circles, so a pair whose circles are farther apart than a range (and a hair of
    # float slack) is never measured: the same answers for a tenth of the table's measures
    rows = [(m, m.x, m.y, m.base.radius) for m in combat_models(s, units)]
    hypot = math.hypot
    contact = CONTACT_TOLERANCE + CIRCLE_SLACK
    touching = set()
    for m, x, y, r in rows:
        for e, ex, ey, er in rows:
            if (e.side != m.side and hypot(ex - x, ey - y) - r - er <= contact
                    and geo.in_contact(m, e)):
                touching.add(m.id)
                break
    out = set(touching)
    support = SUPPORT_RANGE + CIRCLE_SLACK
    for m, x, y, r in rows:
        if m.id in out:
            continue
        for f, fx, fy, fr in rows:
            if (f.id in touching and f.side == m.side and hypot(fx - x, fy - y) - r - fr
                    <= support and geo.distance(m, f) <= SUPPORT_RANGE):
                out.add(m.id)
                break
    return out


def enemies_engaged_by(s: GameState, geo: Geometry, units: tuple[str, ...],
                       model_ids: list[str]) -> list[str]:
    """Enemy units of the combat these models can strike: a unit one of them touches, or one
    a friend within 2" of them touches ([added] support)."""
    models = combat_models(s, units)
    mine = [s.models[i] for i in model_ids]
    side = mine[0].side if mine else None
    friends = [m for m in models if m.side == side]
    out: list[str] = []
    for m in mine:
        near = [m] + [f for f in friends if f is not m and geo.distance(m, f) <= SUPPORT_RANGE]
        for f in near:
            for e in models:
                if e.side != side and e.unit not in out and geo.in_contact(f, e):
                    out.append(e.unit)
    return sorted(out)


def combat_name(s: GameState, combat) -> str:
    """A combat as the log names it: each side's units, "A, B against C"."""
    sides: dict[int, list[str]] = {}
    for u in combat:
        sides.setdefault(s.units[u].side, []).append(s.units[u].name)
    return against(v for _, v in sorted(sides.items()))
