"""A `ranks` combat, in the seed's order (ranks.md, "Combat").

1. Who fights: the unit whose order made the combat, with every unit linked to it by base
   contact (a melee); on the acting side, the units in contact that have not had their order
   yet fight now (this is their Fight order), units that already had theirs, or routed ones,
   only stand there; on the other side, every unit touching one of the fighting units.
2. Dice per base (dice_plan.py), rolled at once: 1 fumble, 2-3 nothing, 4-5 a hit, 6 two hits.
3. Fumbles: each lets the opponent activate one talent of one of its bases; a unit that charged
   (was not in contact at the start of its turn) gives double, this turn only; the attacker (the
   acting side) spends the defender's fumbles first, then the defender spends the attacker's.
   "The attacker uses all the fumbles": a side spends every fumble it is given while one of
   its bases has a talent that can fire (a fumble is lost only when none can). Which talent of
   which base is the only decision inside a combat (`talent` actions).
4. Hits: each base's hits go to the enemy unit it fights; the defender removes armour first,
   then the attacker, front rank first (a base at 0 AV is lost); then both close ranks.
5. Panic (panic.py) for every fighting unit, then markers, then routs (and flights).
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.dice import Dice
from game.core.events import Casualty, DamageDealt, Event, Note, StatusChanged, UnitMoved
from game.core.geometry import Geometry
from game.core.i18n import N_, msg, nmsg
from game.core.state import GameState, Model
from game.rulesets.ranks import formation, movement, panic, talents
from game.rulesets.ranks.contacts import contacts
from game.rulesets.ranks.dice_plan import dice_plan, situation
from game.rulesets.ranks.events import (
    CombatDice,
    CombatStarted,
    FumblesGiven,
    HitsTaken,
    PanicTaken,
    TalentUsed,
)

RULE_COMBAT = msg("An order whose move ends on an enemy, or a Fight order, generates a combat "
                  "at once (ranks seed)")
RULE_ROLL = msg("Both sides roll at once: 1 fumble, 2-3 nothing, 4-5 one hit, 6 two hits "
                "(ranks seed)")
RULE_FUMBLES = msg("Fumbles: each lets the opponent activate one talent; a unit that charged "
                   "gives double, this turn only; the attacker uses all the defender's fumbles "
                   "first, then the defender does the same (ranks seed)")
RULE_HITS = msg("Hits: the defender removes armour first, then the attacker; front rank first, "
                "a base at 0 AV is lost (ranks seed)")
#: A base's dice label, by the way it fights (the ways are keys: dice_plan, geometry): one
#: whole text each, so a language may name the way as its players do.
DICE_LABELS = {"front-to-front": N_("{base} (front-to-front)"),
               "corner-to-corner": N_("{base} (corner-to-corner)"),
               "flank": N_("{base} (flank)"), "rear": N_("{base} (rear)"),
               "support": N_("{base} (support)")}
DICE_LABEL_OTHER = N_("{base} ({way})")
ATTACKER, DEFENDER = "attacker", "defender"


def fighting_units(s: GameState, geo: Geometry, unit_id: str) -> tuple[list[str], list[str]]:
    """(attackers, defenders) of the combat `unit_id`'s order makes (see step 1)."""
    c = contacts(s, geo)
    melee = c.melee(s, unit_id)
    side = s.units[unit_id].side
    attackers = [unit_id] + sorted(
        u for u in melee if u != unit_id and s.units[u].side == side
        and s.units[u].flags.get("contact_at_start") and not s.units[u].flags.get("order")
        and not s.units[u].flags.get(panic.ROUTED))
    touched = set()
    for a in attackers:
        touched |= c.touching_units(s, a)
    defenders = sorted(u for u in touched if s.units[u].side != side)
    return attackers, defenders


def start(s: GameState, geo: Geometry, dice: Dice, unit_id: str) -> list[Event]:
    """Begin the combat made by `unit_id`'s order: roll, then talents or straight to hits."""
    attackers, defenders = fighting_units(s, geo, unit_id)
    if not defenders:
        return [Note(rule=RULE_COMBAT, text=msg("{unit} touches no enemy: no combat",
                                                unit=s.units[unit_id].name))]
    c = contacts(s, geo)
    for other in attackers[1:]:
        s.units[other].flags["order"] = "Fight"
    combat: dict = {"attacker": s.active, "spender": s.active, "stage": ATTACKER,
                    "order": attackers + defenders, "units": {}, "bases": {}, "used": [],
                    "fumbles_left": {}}
    fighting = set(attackers) | set(defenders)
    for uid in attackers + defenders:
        where = situation(s, c, uid)
        enemies = [o for o in c.touching_units(s, uid) if o in fighting]
        combat["units"][uid] = {
            "side": s.units[uid].side, "role": ATTACKER if uid in attackers else DEFENDER,
            "charged": bool(s.units[uid].flags.get("charged")) and uid in attackers,
            "hits": 0, "parry": 0, "steady": 0, "fumbles": 0, "lost": 0,
            "flanked": where.flanked, "rear": where.rear_attacked, "no_ranks": where.no_ranks,
            "opponents": sorted(enemies)}
    events: list[Event] = [CombatStarted(
        rule=RULE_COMBAT, attackers=tuple(s.units[u].name for u in attackers),
        defenders=tuple(s.units[u].name for u in defenders))]
    plan = dice_plan(s, geo, attackers + defenders, fighting)
    for uid in attackers + defenders:
        rows = []
        hits = fumbles = 0
        for mid in s.units[uid].models:
            if mid not in plan or plan[mid].dice <= 0:
                continue
            base = plan[mid]
            label = msg(DICE_LABELS.get(base.kind, DICE_LABEL_OTHER), base=s.models[mid].name,
                        way=base.kind)
            values = dice.roll(base.dice, label, RULE_ROLL).values
            combat["bases"][mid] = {"target": base.target, "values": list(values),
                                    "kind": base.kind}
            base_hits = sum(talents.hits_of(v) for v in values)
            combat["units"][base.target]["hits"] += base_hits
            hits += base_hits
            fumbles += sum(1 for v in values if v == 1)
            rows.append((s.models[mid].name, base.kind, tuple(values)))
        combat["units"][uid]["fumbles"] = fumbles
        if rows:
            events.append(CombatDice(rule=RULE_ROLL, unit=uid, unit_name=s.units[uid].name,
                                     bases=tuple(rows), hits=hits, fumbles=fumbles))
    for side in {combat["units"][u]["side"] for u in combat["units"]}:
        given, doubled = 0, []
        for uid, row in combat["units"].items():
            if row["side"] == side:
                continue
            factor = 2 if row["charged"] else 1
            if row["charged"] and row["fumbles"]:
                doubled.append(s.units[uid].name)
            given += row["fumbles"] * factor
        combat["fumbles_left"][str(side)] = given
        if given:
            events.append(FumblesGiven(rule=RULE_FUMBLES, side_name=s.sides[side].name,
                                       count=given, doubled_by=tuple(doubled)))
    s.pending["combat"] = combat
    return events + advance(s, geo, dice)


# --- fumbles and talents -------------------------------------------------------------------------

def _spendable(s: GameState, combat: dict) -> list[tuple[str, str]]:
    """(base, talent) pairs the spending side could activate now."""
    if combat["fumbles_left"].get(str(combat["spender"]), 0) <= 0:
        return []
    out = []
    for uid in combat["order"]:
        if combat["units"][uid]["side"] != combat["spender"]:
            continue
        for m in s.alive_models(uid):
            for talent in talents.talents_of(s, m.id):
                if talents.usable(s, combat, m.id, talent) is None:
                    out.append((m.id, talent))
    return out


def advance(s: GameState, geo: Geometry, dice: Dice) -> list[Event]:
    """Move on to the next decision: the attacker spends, the defender spends, then the rest
    of the combat (no decision inside it). Fumbles left when no talent can fire are lost."""
    combat = s.pending["combat"]
    events: list[Event] = []
    while True:
        if _spendable(s, combat):
            return events
        key = str(combat["spender"])
        left = combat["fumbles_left"].get(key, 0)
        if left > 0:
            combat["fumbles_left"][key] = 0
            events.append(Note(rule=RULE_FUMBLES, text=nmsg(
                "{n} enemy fumble is lost: no base of {side} has a talent that can fire",
                "{n} enemy fumbles are lost: no base of {side} has a talent that can fire",
                left, side=s.sides[combat["spender"]].name)))
        if combat["stage"] == ATTACKER:
            combat["stage"] = DEFENDER
            combat["spender"] = 1 - combat["attacker"]
            continue
        return events + resolve(s, geo, dice)


def talent_actions(s: GameState) -> list[Action]:
    """One offer per (unit, talent): its first base able to use it (any able base is
    accepted). No "spend no more": every fumble is spent while a talent can fire."""
    combat = s.pending["combat"]
    left = combat["fumbles_left"].get(str(combat["spender"]), 0)
    out: list[Action] = []
    offered: set[tuple[str, str]] = set()
    for mid, talent in _spendable(s, combat):
        unit_id = s.models[mid].unit
        if (unit_id, talent) in offered:
            continue
        offered.add((unit_id, talent))
        out.append(Action("talent", unit_id, targets=(mid,), option=talent,
                          label=nmsg("{talent} with {base}: {effect} ({n} enemy fumble to "
                                     "spend)",
                                     "{talent} with {base}: {effect} ({n} enemy fumbles to "
                                     "spend)", left, talent=talent, base=s.models[mid].name,
                                     effect=talents.HELP[talent])))
    return out


def talent_problem(s: GameState, action: Action) -> str | None:
    combat = s.pending["combat"]
    spender = s.sides[combat["spender"]].name
    if action.kind == "talents_done":
        return msg("{side} must spend every enemy fumble while a talent can fire ({rule}): "
                   "choose a talent", side=spender, rule=RULE_FUMBLES)
    if action.kind != "talent":
        return msg("{side} is spending enemy fumbles on talents: choose a talent", side=spender)
    if len(action.targets) != 1:
        return msg("Name the one base that activates the talent")
    if combat["fumbles_left"].get(str(combat["spender"]), 0) <= 0:
        return msg("No enemy fumble is left to spend")
    mid = action.targets[0]
    if mid not in s.models or s.models[mid].unit != action.unit:
        return msg("That base is not in that unit")
    return talents.usable(s, combat, mid, action.option or "")


def spend(s: GameState, geo: Geometry, dice: Dice, action: Action) -> list[Event]:
    combat = s.pending["combat"]
    mid = action.targets[0]
    combat["fumbles_left"][str(combat["spender"])] -= 1
    text, values = talents.activate(s, combat, mid, action.option, dice, RULE_ROLL)
    return [TalentUsed(rule=talents.RULE_TALENTS, model_name=s.models[mid].name,
                       talent=action.option, effect=text, values=values)] + advance(s, geo, dice)


# --- hits, panic, rout --------------------------------------------------------------------------

def removal_order(s: GameState, unit_id: str) -> list[Model]:
    """Bases in the order they lose armour: front rank first; within a rank a base already
    damaged first, officers and the general last ([added] the order inside a rank)."""
    slots = formation.slot_map(s, unit_id)
    return sorted(s.alive_models(unit_id),
                  key=lambda m: (slots[m.id][0], panic.is_leader(m), m.wounds, slots[m.id][1]))


def remove_armour(s: GameState, unit_id: str, hits: int) -> tuple[int, list[Event]]:
    """Remove `hits` points of armour, front rank first. Returns (bases lost, events)."""
    events: list[Event] = []
    lost = 0
    damaged: dict[str, int] = {}
    name = s.units[unit_id].name
    for _ in range(hits):
        order = removal_order(s, unit_id)
        if not order:
            break
        base = order[0]
        base.wounds -= 1
        damaged[base.id] = damaged.get(base.id, 0) + 1
        if base.wounds <= 0:
            base.wounds = 0
            base.alive = False
            s.sides[base.side].casualties.append(base.id)
            lost += 1
            events.append(DamageDealt(rule=RULE_HITS, model=base.id, model_name=base.name,
                                      damage=damaged.pop(base.id), wounds_left=0))
            events.append(Casualty(rule=RULE_HITS, model=base.id, model_name=base.name,
                                   unit_name=name))
    for mid, amount in damaged.items():
        model = s.models[mid]
        events.append(DamageDealt(rule=RULE_HITS, model=mid, model_name=model.name,
                                  damage=amount, wounds_left=model.wounds))
    return lost, events


def resolve(s: GameState, geo: Geometry, dice: Dice) -> list[Event]:
    combat = s.pending.pop("combat")
    units = combat["units"]
    events: list[Event] = []
    defenders_first = ([u for u in combat["order"] if units[u]["role"] == DEFENDER]
                       + [u for u in combat["order"] if units[u]["role"] == ATTACKER])
    for uid in defenders_first:
        row = units[uid]
        hits = max(0, row["hits"] - row["parry"])
        events.append(HitsTaken(rule=RULE_HITS, unit_name=s.units[uid].name, hits=hits,
                                parried=min(row["parry"], row["hits"])))
        lost, removed = remove_armour(s, uid, hits)
        row["lost"] = lost
        events.extend(removed)
    for uid in defenders_first:
        if s.unit_alive(uid):
            moved = formation.close_ranks(s, uid)
            if moved:
                events.append(UnitMoved(
                    rule=formation.RULE_CLOSE_RANKS, unit=uid, unit_name=s.units[uid].name,
                    how=msg("closes ranks"), longest=max(_dist(a, b) for a, b in moved.values()),
                    moves=tuple((mid, a[0], a[1], b[0], b[1]) for mid, (a, b) in moved.items())))
    no_ranks = {u: units[u]["no_ranks"] for u in units}
    terms = {}
    for uid in defenders_first:
        if not s.unit_alive(uid):
            continue
        row = units[uid]
        terms[uid] = panic.panic_terms(s, uid, row["lost"], row["opponents"], row["flanked"],
                                       row["rear"], row["no_ranks"], no_ranks, row["steady"])
    for uid, unit_terms in terms.items():
        marked = panic.mark_panicked(s, uid, unit_terms.total)
        events.append(PanicTaken(rule=panic.RULE_PANIC, unit_name=s.units[uid].name,
                                 terms=unit_terms.describe(), total=unit_terms.total,
                                 marked=tuple(m.name for m in marked)))
    for uid in terms:
        if s.unit_alive(uid) and panic.meets_rout(s, uid):
            events.extend(rout(s, uid, units[uid]["opponents"]))
    return events


def rout(s: GameState, unit_id: str, enemies: list[str]) -> list[Event]:
    """The unit routs (again, if it already had): it turns and flees one full move away from
    the enemy at once."""
    unit = s.units[unit_id]
    events: list[Event] = []
    if not unit.flags.get(panic.ROUTED):
        unit.flags[panic.ROUTED] = True
        events.append(StatusChanged(rule=panic.RULE_ROUT, unit=unit_id, unit_name=unit.name,
                                    status=panic.ROUTED_STATUS, gained=True))
    return events + flee(s, unit_id, enemies)


def flee(s: GameState, unit_id: str, enemies: list[str]) -> list[Event]:
    """Move the unit one full move away from `enemies` (else from the nearest enemy unit)."""
    unit = s.units[unit_id]
    source = [u for u in enemies if s.unit_alive(u)] or _nearest_enemy(s, unit_id)
    if not source:
        return [Note(rule=movement.RULE_FLEE, text=msg("{unit} has no enemy to flee from",
                                                       unit=unit.name))]
    points = [m.pos for u in source for m in s.alive_models(u)]
    away = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
    found = movement.flee_plan(s, unit_id, away)
    if found is None:
        return [Note(rule=movement.RULE_FLEE, text=msg("{unit} is hemmed in and cannot flee",
                                                       unit=unit.name))]
    _, plan = found
    before = {m.id: m.pos for m in s.alive_models(unit_id)}
    dest = plan.destinations(s, unit_id)
    facing = round(plan.frame.facing, 6) % 360.0
    for m in s.alive_models(unit_id):
        m.x, m.y = dest[m.id]
        m.facing = facing
    moves = tuple((mid, before[mid][0], before[mid][1], x, y) for mid, (x, y) in dest.items())
    return [UnitMoved(rule=movement.RULE_FLEE, unit=unit_id, unit_name=unit.name, how=msg("flees"),
                      longest=max(_dist(before[m], dest[m]) for m in dest), moves=moves)]


def _nearest_enemy(s: GameState, unit_id: str) -> list[str]:
    """The enemy unit with the living base nearest the unit's centre (the first met, units
    and bases in the state's order, on a tie). One plain pass over the enemy units' bases:
    every listing asks it of every unit."""
    mine = s.alive_models(unit_id)
    # sums of lists, not of generators: the same additions in the same order
    cx = sum([m.x for m in mine]) / len(mine)
    cy = sum([m.y for m in mine]) / len(mine)
    side = s.units[unit_id].side
    models = s.models
    best, found = None, None
    for enemy in s.units.values():
        if enemy.side == side:
            continue
        for mid in enemy.models:
            m = models[mid]
            if m.alive:
                d = (m.x - cx) ** 2 + (m.y - cy) ** 2
                if best is None or d < best:
                    best, found = d, enemy.id
    return [found] if found is not None else []


def _dist(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
