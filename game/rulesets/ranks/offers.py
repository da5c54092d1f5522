"""The charges, Marches and Turns offered to a unit free to move, each kept by what it reads.

Why kept, and why piece by piece: solving a block's moves (the farthest legal advance, a charge
path) is most of what a listing of the legal actions costs, and a side gives its units their
orders one at a time, so the same unit is offered its moves again after each order. A March or
a Turn depends only on the unit's own pose, the point it heads for and the bases standing on
the ground it can cross (ground.py), so each is kept under exactly those: a neighbour moving
beside a block, or the nearest enemy moving about out of its way, leaves its straight march
and its turns as they were. The charges read more (which enemies are within reach, each
target's whole block, the ways round) and are kept under every base near the unit
(`ground.near`).
"""

from __future__ import annotations

from game.core.actions import Action, make_placement
from game.core.geometry import Geometry
from game.core.i18n import msg
from game.core.state import GameState, Point
from game.rulesets.ranks import charge, ground, movement, sweep
from game.rulesets.ranks.recall import table_token
from game.rulesets.ranks.wording import lowered

#: Pieces kept (all units, all positions; cleared when full).
KEPT = 4096
_kept: dict[tuple, object] = {}
_grounds: dict[tuple, tuple] = {}
_MISSING = object()


def own_key(s: GameState, unit_id: str) -> tuple:
    """The table and the unit itself: who it is, its move, its formation and its bases' poses
    (a `HashedKey`: every ground and piece of the unit's offer is looked up under it)."""
    unit = s.units[unit_id]
    return HashedKey((table_token(s), unit_id, unit.kind, unit.profile["M"],
                      unit.flags["slots"], unit.flags["files"],
                      tuple([(m.id, m.x, m.y, m.facing) for m in s.alive_models(unit_id)])))


class HashedKey(tuple):
    """A tuple that works out its hash once (a plain tuple works it out at every look-up):
    equal to, and hashed as, the plain tuple of the same items."""

    def __new__(cls, items):
        key = super().__new__(cls, items)
        key._hash = tuple.__hash__(key)
        return key

    def __hash__(self) -> int:
        return self._hash


class Bases:
    """Every living base of one state with its box and what a key says of it (id, pose, unit
    kind): read once for all the units a listing offers moves to."""

    def __init__(self, s: GameState):
        self.s = s
        self.rows = [(sweep.posed_box(m), m.unit, (m.id, m.x, m.y, m.facing,
                                                   s.units[m.unit].kind))
                     for m in s.models.values() if m.alive]
        self._obstacles: list | None = None

    def obstacles(self) -> list:
        """`sweep.base_rows` of the state, made once for every unit the listing solves."""
        if self._obstacles is None:
            self._obstacles = sweep.base_rows(self.s)
        return self._obstacles


def _keep(key: tuple, value):
    """Keep `value` under `key` (all are forgotten at once when KEPT are kept)."""
    if len(_kept) >= KEPT:
        _kept.clear()
    _kept[key] = value
    return value


def _meeting(box: ground.Box, rows: list) -> list:
    """The rows whose box (first field) meets `box`: `shapes.boxes_meet` written out, as every
    offer's key asks it of every base near the unit."""
    x0, y0, x1, y1 = box
    return [row for row in rows
            if x0 <= row[0][2] and row[0][0] <= x1 and y0 <= row[0][3] and row[0][1] <= y1]


class _Offer:
    """One unit's offers in one state: each piece solved the first time it is asked for."""

    def __init__(self, s: GameState, geo: Geometry, unit_id: str, bases: Bases | None = None):
        self.s, self.geo, self.unit_id = s, geo, unit_id
        self._sur: sweep.Surroundings | None = None
        self._own: tuple | None = None
        self._bases = bases
        self._near: tuple | None = None
        #: Some ground asked for reaches past the near ground (then the bases there count).
        self.wide = False

    def _rows(self, box: ground.Box) -> list:
        """The other units' bases that may meet `box`: those near the unit when the box lies
        within its near ground (most do), else all."""
        if self._near is None:
            near = self.ground(ground.near)
            self._near = (near, _meeting(near, [row for row in self._bases.rows
                                                if row[1] != self.unit_id]))
        near, rows = self._near
        if near[0] <= box[0] and near[1] <= box[1] and box[2] <= near[2] and box[3] <= near[3]:
            return rows
        self.wide = True
        return [row for row in self._bases.rows if row[1] != self.unit_id]

    def ground(self, where, *args) -> ground.Box:
        """The ground `where(s, unit, *args)` gives (ground.py), kept under the unit's own
        key and `args`, which are all it depends on."""
        if self._own is None:
            self._own = own_key(self.s, self.unit_id)
            if self._bases is None:
                self._bases = Bases(self.s)
        key = (self._own, where.__name__, args)
        box = _grounds.get(key)
        if box is None:
            if len(_grounds) >= KEPT:
                _grounds.clear()
            box = _grounds[key] = where(self.s, self.unit_id, *args)
        return box

    def on(self, where, *args) -> tuple:
        """The unit, and every other living base whose box meets the ground `where(s, unit,
        *args)` (ground.py) gives: id, pose, unit kind. The ground itself depends only on the
        unit and `args`, so it is kept under them."""
        box = self.ground(where, *args)
        return (self._own, tuple([row[2] for row in _meeting(box, self._rows(box))]))

    @property
    def sur(self) -> sweep.Surroundings:
        if self._sur is None:
            self._sur = sweep.Surroundings(self.s, self.unit_id, self._bases.obstacles()
                                           if self._bases is not None else None)
        return self._sur

    def piece(self, ground_key: tuple, name: tuple, solve):
        key = (ground_key, name)
        found = _kept.get(key, _MISSING)  # one look (the key is long to hash)
        if found is _MISSING:
            found = _keep(key, solve())
        return found

    def within(self, where, *args) -> sweep.Surroundings:
        """The surroundings cut down to a ground: all the solver of that move can meet, so
        each of its many checks looks through a few bases, not all."""
        return self.sur.near(self.ground(where, *args))

    def accepted(self, a: Action | None) -> Action | None:
        """The action if the table accepts where it ends (`table_problem`)."""
        if a is None or table_problem(self.s, self.geo, self.sur, a) is not None:
            return None
        return a


def charges(s: GameState, geo: Geometry, unit_id: str,
            sur: sweep.Surroundings | None = None, bases: Bases | None = None
            ) -> tuple[list[Action], list[tuple[str, str]]]:
    """(the charges offered to a unit free to move, (enemy, why it cannot be charged) for
    every enemy within its move edge to edge that cannot be). `bases`: the state's bases,
    when the caller asks for several units."""
    offer = _Offer(s, geo, unit_id, bases)
    offer._sur = sur
    ground_key = offer.on(ground.near)
    out, table_refused = offer.piece(ground_key, ("charges",), lambda: _charges(offer))
    refused = offer.piece(ground_key, ("charge refusals",), lambda: charge.refused_charges(
        s, geo, unit_id, offer.sur) + table_refused)
    return out, refused


def _charges(offer: _Offer) -> tuple[list[Action], list[tuple[str, str]]]:
    """(the offered charges the table accepts, (enemy, why) for those it refuses)."""
    s, geo = offer.s, offer.geo
    out, refused = [], []
    for a in charge.offered_charges(s, geo, offer.unit_id, offer.sur):
        problem = table_problem(s, geo, offer.sur, a)
        if problem is None:
            out.append(a)
        else:
            refused.append((a.targets[0], msg(
                "Cannot charge {target}: {problem} ({rule})",
                target=s.units[a.targets[0]].name, problem=problem,
                rule=lowered(charge.RULE_CHARGE_PATH))))
    return out, refused


def moves(s: GameState, geo: Geometry, unit_id: str, goals: dict[str, Point],
          nearest: Point | None, bases: Bases | None = None) -> list[Action]:
    """The charges, then the Marches (straight ahead, then toward each goal, each placement
    once), then the Turns (each on the spot, the one facing `nearest` also with an advance)
    offered to a unit free to move: the ones the table accepts. `bases`: the state's bases,
    when the caller lists several units' moves.

    The whole list is kept too, under the unit's key on its near ground, the goals and
    `nearest`: every other ground lies within the near one (ground.py), so while no base
    there moves each piece's key, and so the list, is the same (a side's units are listed
    again after each order). A list that read a ground past the near one is not kept."""
    offer = _Offer(s, geo, unit_id, bases)
    near = offer.on(ground.near)
    listed = (near, ("moves", tuple(goals.items()), nearest))
    found = _kept.get(listed)
    if found is not None:
        return list(found)
    out = _moves(offer, near, goals, nearest)
    if not offer.wide:
        _keep(listed, tuple(out))
    return out


def _moves(offer: _Offer, near: tuple, goals: dict[str, Point], nearest: Point | None
           ) -> list[Action]:
    """`moves` piece by piece (`near`: the unit's key on its near ground)."""
    s, unit_id = offer.s, offer.unit_id
    # the charges only: the refusals' reasons are worked out when asked for (`charges`)
    out = list(offer.piece(near, ("charges",), lambda: _charges(offer))[0])
    wanted = [(msg("straight ahead"), None)] + list(goals.items())
    out += movement.distinct([offer.piece(
        offer.on(ground.march, point), ("march", name, point),
        lambda n=name, p=point: offer.accepted(movement.march_toward(
            s, unit_id, n, p, offer.within(ground.march, p))))
        for name, point in wanted])
    spots = offer.piece(offer.on(ground.turns), ("turns",),
                        lambda: [(a is not None, offer.accepted(a))
                                 for a in movement.spot_turns(s, unit_id,
                                                              offer.within(ground.turns))])
    best = movement.best_turn(s, unit_id, nearest)
    for degrees, (room, spot) in zip(movement.TURNS, spots, strict=True):
        # a turn with no room on the spot is not offered with an advance either; one the
        # table alone refuses on the spot may still be, further on
        if spot is not None:
            out.append(spot)
        if degrees == best and room:
            ahead = offer.piece(offer.on(ground.turn_ahead, degrees),
                                ("turn ahead", degrees), lambda d=degrees: offer.accepted(
                                    movement.turn_ahead(s, unit_id, d, offer.within(
                                        ground.turn_ahead, d))))
            if ahead is not None:
                out.append(ahead)
    return out


def flight(s: GameState, geo: Geometry, unit_id: str, away: Point,
           bases: Bases | None = None) -> Action | None:
    """The flight offered to a routed unit, fleeing from `away`: kept, as the moves are, by
    the unit and the bases on the ground it can cross (`ground.flight`), and the point (a
    routed unit is offered it again after each order of its side)."""
    offer = _Offer(s, geo, unit_id, bases)
    return offer.piece(offer.on(ground.flight), ("flee", away), lambda: _flight(
        s, unit_id, away, offer.within(ground.flight)))


def _flight(s: GameState, unit_id: str, away: Point, sur: sweep.Surroundings
            ) -> Action | None:
    found = movement.flee_plan(s, unit_id, away, sur)
    if found is None:
        return None
    turn, plan = found
    return Action("flee", unit_id, placement=make_placement(plan.destinations(s, unit_id)),
                  option=movement.option_text(turn=turn, forward=plan.cost),
                  label=msg("{unit}: Flee", unit=s.units[unit_id].name))


def table_problem(s: GameState, geo: Geometry, sur: sweep.Surroundings, a: Action
                  ) -> str | None:
    """What is offered, the table accepts. The solvers' own checks are a little stricter
    than the table's, so only close calls are put to it (an offer the table then refused
    would stop an AI's battle); bases near the end are none (`sweep.close_call`: the table
    would only confirm the solvers there)."""
    return movement.confirmed_problem(s, geo, a.unit, a.destinations(),
                                      movement.facing_after(s, a), sur, bases=False)
