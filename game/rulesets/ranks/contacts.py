"""Who touches whom, and how: every touching pair of enemy bases with its contact kind.

Why one analysis per position: the dice, the panic modifiers, the Fight orders and the
client's display all read the same contacts, and asking the table costs a pymunk collision per
pair. So the analysis is made once for a set of positions (cached by them) from a cheap
prefilter (bases whose circles could touch) and the table's `contact_kind` for both sides of
each candidate pair.

Only contacts where some front touches are kept: two bases touching flank to flank or back to
back (ASIDE both ways) attack nobody, so they make no melee, no Fight order and no dice.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from game.core.geometry import CONTACT_TOLERANCE, Geometry
from game.core.memo import PerTable
from game.core.state import GameState
from game.rulesets.ranks.formation import slot_map
from game.rulesets.ranks.geometry import (
    ASIDE,
    CORNER,
    EXPOSED,
    FLANK,
    FRONT,
    REAR,
    ranks_geometry,
)

#: Analyses kept (positions repeat a lot while a side gives its orders and the AI looks ahead).
CACHE_SIZE = 256
#: The kinds by which a base's front edge touches an enemy base (and engages its front).
ENGAGING = (FRONT, FLANK, REAR)
_cache: OrderedDict[tuple, Contacts] = OrderedDict()


@dataclass(frozen=True)
class Contacts:
    """`pairs[model id]` = ((enemy model id, kind seen from the model), ...) for every enemy
    base it touches; `units[unit id]` = the enemy units it touches."""

    pairs: dict[str, tuple[tuple[str, str], ...]]
    unit_of: dict[str, str]

    def of(self, model_id: str) -> tuple[tuple[str, str], ...]:
        return self.pairs.get(model_id, ())

    def touching_units(self, s: GameState, unit_id: str) -> set[str]:
        found = set()
        for mid in s.units[unit_id].models:
            for other, _ in self.pairs.get(mid, ()):
                found.add(self.unit_of[other])
        return found

    def in_contact(self, s: GameState, unit_id: str) -> bool:
        pairs = self.pairs
        for mid in s.units[unit_id].models:  # noqa: SIM110 (any() over a generator: dearer)
            if pairs.get(mid):
                return True
        return False

    def kinds_against(self, s: GameState, unit_id: str) -> set[str]:
        """The kinds enemy bases have against this unit's bases (seen from the enemy): FLANK
        means some enemy touches its flank, REAR its rear."""
        mine = set(s.units[unit_id].models)
        kinds = set()
        for mid in mine:
            for other, _ in self.pairs.get(mid, ()):
                for target, kind in self.pairs.get(other, ()):
                    if target in mine:
                        kinds.add(kind)
        return kinds

    def front_contacts(self, s: GameState, unit_id: str) -> list[tuple[str, str, str]]:
        """(front-rank base, enemy base, kind) for every contact that engages the unit's
        front: a front-rank base's front edge touching an enemy base, front to front or
        against its flank or rear. Corner-to-corner contacts do not engage a front."""
        out = []
        for mid, (rank, _) in slot_map(s, unit_id).items():
            if rank != 0:
                continue
            for other, kind in self.pairs.get(mid, ()):
                if kind in ENGAGING:
                    out.append((mid, other, kind))
        return out

    def front_engaged(self, s: GameState, unit_id: str) -> bool:
        """The unit is engaged on its front (ranks.md, "Geometry"): see `front_contacts`."""
        return bool(self.front_contacts(s, unit_id))

    def melee(self, s: GameState, unit_id: str) -> set[str]:
        """Every unit linked to this one by base contact, directly or through others."""
        seen = {unit_id}
        todo = [unit_id]
        while todo:
            current = todo.pop()
            for other in self.touching_units(s, current):
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return seen


def _key(s: GameState) -> tuple:
    # a list by comprehension, then tupled: quicker than a tuple fed by a generator
    return tuple([(m.id, m.x, m.y, m.facing) for m in s.models.values() if m.alive])


#: The analysis last asked for, with its key: a listing and a decision's valuations ask
#: the same position again and again, and comparing a key with an equal one (the same
#: objects in it) costs less than hashing it for the look-up.
_last: list = [None, None]


def contacts(s: GameState, geo: Geometry) -> Contacts:
    key = _key(s)
    if key == _last[0]:
        return _last[1]
    found = _cache.get(key)
    _last[0], _last[1] = key, found
    if found is not None:
        _cache.move_to_end(key)
        return found
    found = _last[1] = _analyse(s, geo)
    _cache[key] = found
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return found


#: Contact kinds of a pair of bases, both ways, under the two bases' poses and shapes (all
#: the table's answer reads), per table: most pairs stand still from one position to the
#: next, and each answer costs two pymunk collisions.
KINDS_KEPT = 8192
_kinds = PerTable(KINDS_KEPT)


def _pair_kinds(arcs, a, b) -> tuple[str | None, str | None]:
    """(a's kind against b, b's against a): None for a's when they do not touch (then b's
    is not asked)."""
    kind_a = arcs.contact_kind(a, b)
    if kind_a is None:
        return None, None
    return kind_a, arcs.contact_kind(b, a)


def _analyse(s: GameState, geo: Geometry) -> Contacts:
    arcs = ranks_geometry(geo)
    try:
        known = _kinds.answers(geo)
    except TypeError:  # a table that cannot be held weakly: nothing is remembered
        known = None
    # each base's pose and reach read once; the pairs are met along x (sorted by it), so a
    # base is only ever paired with those within the widest reach across, each pair taken
    # in the states' order (which base is `a` matters to the table's answer)
    alive = [(m, m.x, m.y, m.side, m.base.radius) for m in s.models.values() if m.alive]
    pairs: dict[str, list[tuple[str, str]]] = {}
    if not alive:
        return Contacts({}, {m.id: m.unit for m in s.models.values()})
    widest = max([row[4] for row in alive])
    widest = widest + CONTACT_TOLERANCE + widest  # no pair reaches further (as summed below)
    along = sorted(range(len(alive)), key=[row[1] for row in alive].__getitem__)
    for place, first in enumerate(along):
        x_first = alive[first][1]
        for second in along[place + 1:]:
            if alive[second][1] - x_first > widest:
                break
            # the pair in the state's order (an `if`, not min and max: every pair met asks)
            if first < second:
                a, ax, ay, a_side, a_radius = alive[first]
                b, bx, by, b_side, b_radius = alive[second]
            else:
                a, ax, ay, a_side, a_radius = alive[second]
                b, bx, by, b_side, b_radius = alive[first]
            if a_side == b_side:
                continue
            reach = a_radius + CONTACT_TOLERANCE + b_radius
            if abs(ax - bx) > reach or abs(ay - by) > reach:
                continue
            if (ax - bx) ** 2 + (ay - by) ** 2 > reach * reach:
                continue
            if known is None:
                kind_a, kind_b = _pair_kinds(arcs, a, b)
            else:
                key = (ax, ay, a.facing, a.base, bx, by, b.facing, b.base)
                found = known.get(key)
                if found is None:
                    found = known[key] = _pair_kinds(arcs, a, b)
                kind_a, kind_b = found
            if kind_a is None:
                continue
            kind_b = kind_b or ASIDE
            if kind_a == ASIDE and kind_b == ASIDE:
                continue  # no front touches: nobody attacks
            kind_a = EXPOSED if kind_a == ASIDE else kind_a
            kind_b = EXPOSED if kind_b == ASIDE else kind_b
            pairs.setdefault(a.id, []).append((b.id, kind_a))
            pairs.setdefault(b.id, []).append((a.id, kind_b))
    return Contacts({mid: tuple(sorted(v)) for mid, v in pairs.items()},
                    {m.id: m.unit for m in s.models.values()})


__all__ = ["Contacts", "contacts", "ENGAGING", "FRONT", "CORNER", "FLANK", "REAR", "EXPOSED",
           "ASIDE"]
