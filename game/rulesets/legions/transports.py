"""Transports (rules/legions.md, charge sub-phase: "embarked on a transport", "disembarked this
turn" [part 2]): embarking, disembarking and a wrecked Transport's passengers.

The seed names only the two states a charge reads: an embarked unit cannot charge, and one
that disembarked this turn charges in disorder. How a unit gets in and out is [added], the way
a player of that game expects it, each in the Movement phase and instead of moving:
- Embark: every model of the unit is within its M" of a friendly Transport's hull, the unit has
  not moved and may move (not locked, Pinned or Routed), and the Transport has room for all its
  models (`capacity`), carries no other unit and is not locked in combat. Its models leave
  the table.
- Disembark: a unit embarked before this turn is placed wholly within 2" of its Transport's
  hull (each model at least 1" from enemies, in coherency); it has disembarked this turn and
  may not move again this phase.
- A wrecked Transport's passengers get out at once within 3" of the wreck and are Pinned; a
  model that finds no room is lost.

Why the models are "not alive" while embarked: off the table, they must be neither measured,
seen, struck nor counted on objectives; the unit's `embarked` flag (the Transport's unit id)
says they are aboard, not dead, and `victory_rows` counts them as living.
"""

from __future__ import annotations

import math

from game.core.actions import Action, make_placement
from game.core.dice import Dice
from game.core.events import Event, Note
from game.core.geometry import Destinations, Geometry
from game.core.i18n import msg
from game.core.memo import PerTable
from game.core.state import GameState, Model
from game.core.text import count
from game.rulesets.base import coherency_problem, placed_view, unit_centroid
from game.rulesets.legions import characters, statuses
from game.rulesets.legions.combat import is_locked
from game.rulesets.legions.profile import TRANSPORT, has_sub_type, is_vehicle
from game.rulesets.legions.wounds import remove

RULE_EMBARK = msg("[added] Embark (Movement phase, instead of moving): every model within its M\" "
                  "of a friendly Transport's hull, room for all of them (capacity), one unit per "
                  "Transport; its models leave the table; embarked, it cannot charge")
RULE_DISEMBARK = msg("[added] Disembark (Movement phase, instead of moving; not in the turn it "
                     "embarked): the unit is placed wholly within 2\" of its Transport's hull, 1\" "
                     "from enemies, in coherency; it disembarked this turn: its charge is "
                     "disordered")
RULE_WRECK = msg("[added] A wrecked Transport's passengers get out at once within 3\" of the wreck "
                 "and are Pinned; a model with no room is lost")
RULE_WRECKED = msg("A Vehicle at 0 hull points is wrecked and removed (legions)")
DISEMBARK_RANGE = 2.0
WRECK_RANGE = 3.0
KEEP_AWAY = 1.0
#: Flag for "embarked this turn" (no disembarking until the next turn).
BOARDED = "boarded"
EMBARKED = "embarked"
WRECKED = "wrecked"


# --- reading -------------------------------------------------------------------------------------

def hull(s: GameState, unit_id: str) -> Model:
    return s.models[s.units[unit_id].models[0]]


def is_vehicle_unit(s: GameState, unit_id: str) -> bool:
    """A unit that is a vehicle (a Paragon's unit emptied by joining another has no model)."""
    models = s.units[unit_id].models
    return bool(models) and is_vehicle(s.models[models[0]])


def is_transport(s: GameState, unit_id: str) -> bool:
    return is_vehicle_unit(s, unit_id) and has_sub_type(hull(s, unit_id), TRANSPORT)


def passengers(s: GameState, transport_id: str) -> list[str]:
    return [u.id for u in s.units.values() if u.flags.get(EMBARKED) == transport_id]


def aboard(s: GameState, unit_id: str) -> list[Model]:
    """The models of an embarked unit that are not casualties (they are off the table)."""
    return [s.models[i] for i in s.units[unit_id].models if i not in s.sides[
        s.units[unit_id].side].casualties]


def embark_problem(s: GameState, geo: Geometry, unit_id: str, transport_id: str) -> str | None:
    """Why this unit cannot embark on this Transport now (RULE_EMBARK), or None."""
    unit = s.units.get(unit_id)
    if unit is None or unit.side != s.active or not s.unit_alive(unit_id):
        return msg("Choose one of your own units on the table")
    if transport_id not in s.units or not s.unit_alive(transport_id) or not is_transport(
            s, transport_id) or s.units[transport_id].side != unit.side:
        return msg("Only a friendly Transport can carry {unit} ({rule})", unit=unit.name,
                   rule=RULE_EMBARK)
    carrier = s.units[transport_id].name
    models = s.alive_models(unit_id)
    if any(is_vehicle(m) for m in models):
        return msg("A Vehicle cannot embark ({rule})", rule=RULE_EMBARK)
    if unit.flags.get("moved"):
        return msg("{unit} has already moved this phase ({rule})", unit=unit.name,
                   rule=RULE_EMBARK)
    if is_locked(s, unit_id):
        return msg("{unit} is locked in combat ({rule})", unit=unit.name, rule=RULE_EMBARK)
    for status in (statuses.PINNED, statuses.ROUTED):
        if statuses.has_status(s, unit_id, status):
            return msg("{unit} has a {status} model ({rule})", unit=unit.name,
                       status=statuses.title(status), rule=RULE_EMBARK)
    if is_locked(s, transport_id):
        return msg("{carrier} is locked in combat ({rule})", carrier=carrier, rule=RULE_EMBARK)
    if passengers(s, transport_id):
        return msg("{carrier} already carries a unit ({rule})", carrier=carrier, rule=RULE_EMBARK)
    room = int(hull(s, transport_id).profile["capacity"])
    if len(models) > room:
        return msg("{carrier} has room for {room} models, not {models} ({rule})", carrier=carrier,
                   room=room, models=len(models), rule=RULE_EMBARK)
    ship = hull(s, transport_id)
    for m in models:
        if geo.distance(m, ship) > int(m.profile["M"]) + 1e-9:
            return msg("{model} is more than its M\" from {carrier}'s hull ({rule})", model=m.name,
                       carrier=carrier, rule=RULE_EMBARK)
    return None


def disembark_problem(s: GameState, geo: Geometry, unit_id: str,
                      dest: Destinations | None = None) -> str | None:
    """Why the unit cannot disembark (at `dest`, if given) now (RULE_DISEMBARK), or None."""
    unit = s.units.get(unit_id)
    if unit is None or unit.side != s.active or not unit.flags.get(EMBARKED):
        return msg("Only an embarked unit of yours can disembark ({rule})", rule=RULE_DISEMBARK)
    if unit.flags.get(BOARDED):
        return msg("{unit} embarked this turn ({rule})", unit=unit.name, rule=RULE_DISEMBARK)
    if unit.flags.get("moved"):
        return msg("{unit} has already moved this phase ({rule})", unit=unit.name,
                   rule=RULE_DISEMBARK)
    if dest is None:
        return None
    return _placement_problem(s, geo, unit_id, dest, DISEMBARK_RANGE)


def _trial(s: GameState, unit_id: str, dest: Destinations) -> GameState:
    """A view of the state with the unit's aboard models standing at `dest`, on the table
    (`placed_view`: only those models copied; the checks and the AI's value only measure)."""
    placing = {m.id: dest[m.id] for m in aboard(s, unit_id) if m.id in dest}
    t = placed_view(s, placing)
    for mid in placing:
        t.models[mid].alive = True  # the view's own copy of the model
    return t


def _placement_problem(s: GameState, geo: Geometry, unit_id: str, dest: Destinations,
                       reach: float) -> str | None:
    unit = s.units[unit_id]
    ship = hull(s, unit.flags[EMBARKED])
    models = aboard(s, unit_id)
    if set(dest) != {m.id for m in models}:
        return msg("Place every model of {unit} ({rule})", unit=unit.name, rule=RULE_DISEMBARK)
    t = _trial(s, unit_id, dest)
    for m in models:
        if geo.distance(t.models[m.id], ship) > reach + 1e-9:
            return msg("{model} would not be within {reach:g}\" of {unit}", model=m.name,
                       reach=reach, unit=s.units[ship.unit].name)
        for e in t.models.values():
            if e.alive and e.side != unit.side and geo.distance(t.models[m.id], e) < (
                    KEEP_AWAY - 1e-9):
                return msg("{model} would end within 1\" of {enemy} ({rule})", model=m.name,
                           enemy=e.name, rule=RULE_DISEMBARK)
    problem = geo.placement_problem(t, dest) or coherency_problem(t, geo, unit_id)
    return msg("{problem} ({rule})", problem=problem, rule=RULE_DISEMBARK) if problem else None


# --- placing models round a hull -----------------------------------------------------------------

def ring_placement(s: GameState, geo: Geometry, unit_id: str, ship: Model, reach: float,
                   goal: tuple[float, float], keep_away: float = KEEP_AWAY
                   ) -> Destinations | None:
    """The unit's models packed round the hull, nearest the goal first: each spot within
    `reach` of the hull, clear of every base and `keep_away` from enemies; None if some model
    finds no spot.

    Why the tests are split: what a spot is for the hull, the table and the bases already
    there does not change while the unit is placed, so it is worked out once per spot and
    base (`_spot_open`); only the models placed so far are measured again for each model."""
    models = aboard(s, unit_id)
    if not models:
        return None
    size = max(m.base.width for m in models) + 0.15
    span = ship.base.radius + reach + size
    steps = int(math.ceil(span / size))
    spots = sorted(((ship.x + i * size, ship.y + j * size) for i in range(-steps, steps + 1)
                    for j in range(-steps, steps + 1)),
                   key=lambda p: ((p[0] - goal[0]) ** 2 + (p[1] - goal[1]) ** 2, p))
    reach_out = span + size + KEEP_AWAY + 1.0  # beyond this, a base can touch no spot
    others = [m for m in s.models.values() if m.alive and m.unit != unit_id
              and math.hypot(m.x - ship.x, m.y - ship.y) <= reach_out + m.base.radius]
    enemies = [m for m in others if m.side != s.units[unit_id].side]
    placed: list[Model] = []
    dest: Destinations = {}
    opened: dict[tuple, bool] = {}
    for m in models:
        probe = m.copy()
        probe.alive = True
        pose = (m.base, m.facing)
        for x, y in spots:
            probe.x, probe.y = x, y
            key = (pose, x, y)
            open_here = opened.get(key)
            if open_here is None:
                open_here = opened[key] = _spot_open(s, geo, probe, ship, reach, others,
                                                     enemies, keep_away)
            if not open_here or not all(geo.distance(probe, o) > 0.01 for o in placed):
                continue
            placed.append(probe)
            dest[m.id] = (x, y)
            break
        else:
            return None
    return dest


def _spot_open(s: GameState, geo: Geometry, probe: Model, ship: Model, reach: float,
               others: list[Model], enemies: list[Model], keep_away: float) -> bool:
    """The probe where it stands is within `reach` of the hull (not on it), on the table, off
    every other base and `keep_away` from enemies. A spot whose bounding circle is out of
    reach is refused before the hull is measured (the circle is never nearer than the base)."""
    if not on_table(probe, s):
        return False
    bound = (math.hypot(probe.x - ship.x, probe.y - ship.y) - probe.base.radius
             - ship.base.radius)
    if bound > reach - 0.01 + 1e-6:
        return False
    gap = geo.distance(probe, ship)
    return (gap <= reach - 0.01 and gap > 0.01
            and all(geo.distance(probe, o) > 0.01 for o in others)
            and all(geo.distance(probe, e) >= keep_away + 0.01 for e in enemies))


def on_table(probe: Model, s: GameState) -> bool:
    r = probe.base.radius
    return r <= probe.x <= s.scenario.width - r and r <= probe.y <= s.scenario.height - r


def goals(s: GameState, geo: Geometry, unit_id: str, ship: Model) -> dict[str, tuple]:
    """Where the passengers get out: toward the nearest enemy and the nearest objective."""
    out: dict[str, tuple] = {}
    enemies = s.enemy_units(s.units[unit_id].side)
    if enemies:
        nearest = min(enemies, key=lambda e: min(geo.distance(ship, m)
                                                 for m in s.alive_models(e.id)))
        out[msg("toward {unit}", unit=nearest.name)] = unit_centroid(s, nearest.id)
    if s.scenario.objectives:
        obj = min(s.scenario.objectives, key=lambda o: (o.x - ship.x) ** 2 + (o.y - ship.y) ** 2)
        out[msg("to {objective}", objective=obj.name or msg("the objective"))] = (obj.x, obj.y)
    return out


#: Disembark offers per table, remembered under what they are worked out from (`_offers_key`).
OFFERS_KEPT = 512
_OFFERS = PerTable(OFFERS_KEPT)
#: Slack on the reach within which another model can matter to the offers (see `_offers_key`).
OFFERS_MARGIN = 1.0


def _row(m: Model) -> tuple:
    base = m.base
    return (m.id, m.unit, m.x, m.y, m.facing, base.kind, base.width_mm, base.depth_mm)


def _offers_key(s: GameState, unit_id: str, ship: Model) -> tuple:
    """Everything the offers read: the models aboard, the hull, every enemy model (the goal
    is the nearest enemy unit's middle; no model may end within 1" of any enemy), which
    models each enemy unit has, and the other models near the hull (bases the spots must
    clear: `ring_placement` looks no farther than `reach_out`, nor does the end check, and
    the margin is kept on top). Friends farther away cannot change an offer: so the offers
    are worked out once per Movement phase while the rest of the side moves, not at every
    listing."""
    side = s.units[unit_id].side
    models = aboard(s, unit_id)
    size = max((m.base.width for m in models), default=0.0) + 0.15
    reach_out = (ship.base.radius + DISEMBARK_RANGE + size) + size + KEEP_AWAY + 1.0
    near = tuple(_row(m) for m in s.models.values() if m.alive and m.unit != unit_id and (
        m.side != side or math.hypot(m.x - ship.x, m.y - ship.y)
        <= reach_out + m.base.radius + OFFERS_MARGIN))
    # which models each enemy unit has (a Paragon joining a unit moves no model)
    members = tuple((u.id, u.models) for u in s.units.values() if u.side != side)
    return (unit_id, side, tuple(_row(m) for m in models), _row(ship), near, members)


def disembark_offers(s: GameState, geo: Geometry, unit_id: str) -> dict[str, Destinations]:
    """Each goal's placement round the hull that passes the disembark check (remembered, see
    `_offers_key`; each call gets its own copies)."""
    ship = hull(s, s.units[unit_id].flags[EMBARKED])
    found = _OFFERS.get(geo, _offers_key(s, unit_id, ship),
                        lambda: _work_out_offers(s, geo, unit_id, ship))
    return {name: dict(dest) for name, dest in found.items()}


def _work_out_offers(s: GameState, geo: Geometry, unit_id: str, ship: Model
                     ) -> dict[str, Destinations]:
    out: dict[str, Destinations] = {}
    for name, point in goals(s, geo, unit_id, ship).items():
        dest = ring_placement(s, geo, unit_id, ship, DISEMBARK_RANGE, point)
        if dest and dest not in out.values() and _placement_problem(
                s, geo, unit_id, dest, DISEMBARK_RANGE) is None:
            out[name] = dest
    return out


# --- the Movement phase's actions ----------------------------------------------------------------

def actions(s: GameState, geo: Geometry) -> list[Action]:
    out: list[Action] = []
    carriers = [u for u in s.units_of(s.active) if is_transport(s, u.id)]
    for unit in s.units_of(s.active):
        for carrier in carriers:
            if embark_problem(s, geo, unit.id, carrier.id) is None:
                out.append(Action("embark", unit.id, targets=(carrier.id,),
                                  label=msg("Embark {unit} on {carrier} (its models leave the "
                                            "table; it cannot charge while aboard)",
                                            unit=unit.name, carrier=carrier.name)))
    for unit in s.units.values():
        if unit.side != s.active or disembark_problem(s, geo, unit.id) is not None:
            continue
        if not s.unit_alive(unit.flags[EMBARKED]):
            continue
        carrier = s.units[unit.flags[EMBARKED]].name
        for name, dest in disembark_offers(s, geo, unit.id).items():
            out.append(Action("disembark", unit.id, placement=make_placement(dest),
                              label=msg("Disembark {unit} from {carrier} {goal} (within 2\"; its"
                                        " charge this turn is disordered)",
                                        unit=unit.name, carrier=carrier, goal=name)))
    return out


def problem(s: GameState, geo: Geometry, a: Action) -> str | None:
    if a.kind == "embark":
        if len(a.targets) != 1:
            return msg("Name the Transport to embark on ({rule})", rule=RULE_EMBARK)
        return embark_problem(s, geo, a.unit, a.targets[0])
    return disembark_problem(s, geo, a.unit, a.destinations())


def apply_action(s: GameState, a: Action) -> list[Event]:
    unit = s.units[a.unit]
    if a.kind == "embark":
        carrier = s.units[a.targets[0]]
        for m in s.alive_models(unit.id):
            m.alive = False
        unit.flags[EMBARKED] = carrier.id
        unit.flags[BOARDED] = True
        unit.flags["moved"] = True
        return [Note(rule=RULE_EMBARK, text=msg("{unit} embarks on {carrier}: its models leave "
                                                "the table",
                                                unit=unit.name, carrier=carrier.name))]
    carrier = s.units[unit.flags[EMBARKED]].name
    _set_down(s, unit.id, a.destinations())
    unit.flags["disembarked"] = True
    unit.flags["moved"] = True
    return [Note(rule=RULE_DISEMBARK, text=msg("{unit} disembarks from {carrier}: it charges in"
                                               " disorder this turn",
                                               unit=unit.name, carrier=carrier))]


def _set_down(s: GameState, unit_id: str, dest: Destinations) -> None:
    for m in aboard(s, unit_id):
        if m.id in dest:
            m.alive = True
            m.x, m.y = dest[m.id]
    s.units[unit_id].flags.pop(EMBARKED, None)


# --- wrecks --------------------------------------------------------------------------------------

def wrecks(s: GameState, geo: Geometry, dice: Dice) -> list[Event] | None:
    """A Vehicle just removed is wrecked: said once, and a Transport's passengers get out
    (RULE_WRECK). None when there is nothing new."""
    for unit in s.units.values():
        if unit.flags.get(WRECKED) or s.unit_alive(unit.id) or not is_vehicle_unit(s, unit.id):
            continue
        unit.flags[WRECKED] = True
        events: list[Event] = [Note(rule=RULE_WRECKED, text=msg("{unit} is wrecked",
                                                                unit=unit.name))]
        for uid in passengers(s, unit.id):
            events.extend(_bail_out(s, geo, uid, hull(s, unit.id)))
        return events
    return None


def _bail_out(s: GameState, geo: Geometry, unit_id: str, wreck: Model) -> list[Event]:
    unit = s.units[unit_id]
    models = aboard(s, unit_id)
    goal = (wreck.x, wreck.y)
    dest = ring_placement(s, geo, unit_id, wreck, WRECK_RANGE, goal) or {}
    if not dest:  # all at once failed: as many as find room, one by one
        for m in models:
            one = ring_placement(_only(s, unit_id, m.id), geo, unit_id, wreck, WRECK_RANGE, goal)
            if one:
                dest.update(one)
                m.alive, (m.x, m.y) = True, one[m.id]
    _set_down(s, unit_id, dest)
    events: list[Event] = []
    lost = [m for m in models if m.id not in dest]
    for m in lost:
        events.append(remove(s, m, unit.name, RULE_WRECK))
    events.insert(0, Note(rule=RULE_WRECK, text=msg("{unit} gets out of the wreck ({models} "
                                                    "placed, {lost} lost)",
                                                    unit=unit.name,
                                                    models=count(len(dest), "model"),
                                                    lost=len(lost))))
    return events + statuses.gain(s, unit_id, statuses.PINNED, RULE_WRECK)


def _only(s: GameState, unit_id: str, model_id: str) -> GameState:
    """A copy in which only this model of the unit is still to be placed."""
    t = s.copy()
    for mid in t.units[unit_id].models:
        if mid != model_id and mid not in t.sides[t.units[unit_id].side].casualties:
            t.sides[t.units[unit_id].side].casualties.append(mid)
    return t


def victory_rows(s: GameState, holders) -> list[dict]:
    """The common victory points (with a joined Paragon's unit not wiped:
    `characters.victory_rows`), with embarked models counted as living (they are aboard)."""
    embarked = [u for u in s.units.values() if u.flags.get(EMBARKED)]
    if not embarked:
        return characters.victory_rows(s, holders)
    t = s.copy()
    for u in embarked:
        for m in aboard(s, u.id):
            t.models[m.id].alive = True
    return characters.victory_rows(t, holders)


# --- the AI's view -------------------------------------------------------------------------------

#: What an inch the Transport carries a unit is worth (move_value.CLOSING_VALUE's scale).
INCH_VALUE = 0.05
#: Getting out next to an enemy it can charge (12") is worth about a good charge.
CHARGE_READY_VALUE = 0.8
STAY_ABOARD_VALUE = -0.2


def action_value(s: GameState, geo: Geometry, a: Action) -> float:
    """Embark while the enemy is far (the Transport carries the unit faster than it walks);
    disembark once an enemy is in charge range of the spot, or when the Transport cannot
    carry it on (Pinned, or no round left after this one)."""
    unit = s.units[a.unit]
    enemies = [m for m in s.models.values() if m.alive and m.side != unit.side]
    if a.kind == "embark":
        ship = hull(s, a.targets[0])
        if s.units[ship.unit].flags.get("moved") or not enemies:
            return STAY_ABOARD_VALUE
        gap = min(geo.distance(ship, e) for e in enemies)
        walk = min(int(m.profile["M"]) for m in s.alive_models(a.unit))
        if gap <= 12.0 + int(ship.profile["M"]):
            return STAY_ABOARD_VALUE
        return (int(ship.profile["M"]) + DISEMBARK_RANGE - walk) * INCH_VALUE + 0.5
    if not enemies:
        return 0.0
    placed = _trial(s, a.unit, a.destinations())
    gap = min(geo.distance(placed.models[mid], e) for mid in a.destinations() for e in enemies)
    if gap <= 12.0:
        return CHARGE_READY_VALUE - gap * INCH_VALUE
    ship = s.units[unit.flags[EMBARKED]]
    if statuses.has_status(s, ship.id, statuses.PINNED) or s.round >= s.scenario.rounds:
        return 0.3
    return STAY_ABOARD_VALUE
