"""The `legions` fight sub-phase, in the seed's ten steps (rules/legions.md):

1 declare the combats · 2 contact moves · 3 declare the engaged models · 4 form the strike groups ·
5 hit rolls · 6 wound rolls · 7 choose a strike group and its target · 8 saving throws · 9 the next
strike group · 10 remove the casualties.

Steps 2-10 run once per initiative step: the models with the highest Initiative in the combat
first, then each lower value (a model with any status strikes at 1). Casualties are set aside
and removed only at step 10, so models at the same initiative strike simultaneously.

The sub-phase in progress is `s.pending["fight"]`; its `stage` says what waits:
"choose_combat" → "step_start" → "weapons" → "strike" (→ "target") → "remove" → … →
"resolution" → "aftermath" (resolution.py) → the next combat.
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.dice import Dice
from game.core.events import Event, Note
from game.core.geometry import CONTACT_TOLERANCE, Geometry
from game.core.i18n import join, msg
from game.core.state import GameState, Model
from game.core.text import count
from game.rulesets.base import move_unit
from game.rulesets.legions import reactions, resolution, vehicles
from game.rulesets.legions.characters import in_duel
from game.rulesets.legions.checks import characteristic
from game.rulesets.legions.combat import (
    combat_models,
    combat_name,
    combats,
    enemies_engaged_by,
    engaged_models,
)
from game.rulesets.legions.events import (
    CasualtiesRemoved,
    CombatDeclared,
    InitiativeStepStarted,
    StepSkipped,
    StrikeGroupsFormed,
    WeaponDeclared,
)
from game.rulesets.legions.movement import units_in_reach
from game.rulesets.legions.odds import hit_target
from game.rulesets.legions.profile import (
    TRAIT_ONSLAUGHT,
    has_trait,
    is_vehicle,
    majority_value,
    melee_weapons,
    stat_line,
    weapon,
)
from game.rulesets.legions.statuses import combat_initiative
from game.rulesets.legions.strike_rolls import roll_to_hit, roll_to_wound
from game.rulesets.legions.wounds import new_pool, remove

RULE_COMBATS = msg("Fight step 1: declare the combats; the active player picks the order ([added])")
RULE_INITIATIVE = msg("Initiative steps: the models with the highest Initiative in the combat "
                      "fight first, then each lower value; any status: Combat Initiative 1 "
                      "(legions seed)")
RULE_CONTACT = msg("Fight step 2: a model is brought into contact by moving up to its initiative "
                   "in inches: its Combat Initiative, 1 with any status (legions seed)")
RULE_ENGAGED = msg("Fight step 3: engaged models: in base contact with an enemy, or within 2\" of "
                   "a friend who is ([added] support)")
RULE_WEAPON = msg("Fight step 4: each model declares one weapon (one profile of it) (legions seed)")
RULE_GROUPS = msg("Strike groups: the attacks with weapons of the same name form one group, split"
                  " when the profile or the WS differs; the active player orders them (legions "
                  "seed)")
RULE_GROUP_STRENGTH = msg("[added] A group resolved as a block strikes at one S: when the "
                          "weapon's S is the wielder's own (S, +n, xn) and the wielders' S "
                          "differ, each S is its own group; a weapon of fixed S never splits by S")
RULE_HIT = msg("To hit: attacker WS vs defender WS: 2x or more 2+, higher 3+, equal 4+, lower 5+, "
               "half or less 6+ (legions)")
RULE_WOUND = msg("To wound: S - T: +2 2+, +1 3+, 0 4+, -1 5+, -2/-3 6+, -4 or less impossible "
                 "(legions)")
RULE_STEP_DEFENCE = msg("Hit and wound rolls of an initiative step (steps 5-6) come before any "
                        "group's saves and casualties (7-9): the defender's WS and T are those it "
                        "has when the step begins, whatever order the groups are resolved in "
                        "(legions seed)")
RULE_REMOVE = msg("Fight step 10: remove the casualties at the end of the initiative step: models "
                  "at the same initiative strike simultaneously (legions seed)")
RULE_ONSLAUGHT = msg("Onslaught [added special rule]: +1 A in the fight of a turn the unit "
                     "charged; a disordered charge gives no charge bonus (legions seed)")


# --- starting and choosing combats ---------------------------------------------------------------

def start(s: GameState) -> list[Event]:
    s.pending["fight"] = {"stage": "choose_combat", "combat": None, "fought": [], "steps": [],
                          "step": 0, "fighters": [], "declared": {}, "groups": [], "group": None,
                          "scored": {}, "sides": [], "aftermath": None}
    return []


def current(s: GameState) -> dict | None:
    return s.pending.get("fight")


def open_combats(s: GameState) -> list[tuple[str, ...]]:
    """Combats still to fight this sub-phase: none of their units has fought yet, and both
    sides have models in them."""
    f = current(s)
    out = []
    for c in combats(s):
        if any(u in f["fought"] for u in c):
            continue
        if len({s.units[u].side for u in c}) < 2:
            continue
        out.append(c)
    return out


def begin_combat(s: GameState, combat: tuple[str, ...]) -> list[Event]:
    f = current(s)
    f["combat"] = list(combat)
    f["fought"] = f["fought"] + list(combat)
    models = [m for m in combat_models(s, combat) if not in_duel(s, m.id)]
    f["steps"] = sorted({combat_initiative(m) for m in models}, reverse=True)
    f["scored"] = {}
    f["sides"] = sorted({s.units[u].side for u in combat})
    f["stage"] = "step_start"
    f["aftermath"] = None
    sides: dict[int, list[str]] = {}
    for u in combat:
        sides.setdefault(s.units[u].side, []).append(s.units[u].name)
    ordered = sorted(sides.items(), key=lambda kv: kv[0] != s.active)
    return [CombatDeclared(rule=RULE_COMBATS, sides=tuple(tuple(v) for _, v in ordered))]


# --- one initiative step -------------------------------------------------------------------------

def standing(s: GameState, unit_id: str) -> list[Model]:
    """Living models not yet set aside (a model at 0 wounds waits for step 10), and not fighting
    a challenge this phase (the duellists fight only each other: challenge.py)."""
    return [m for m in s.alive_models(unit_id) if m.wounds > 0 and not in_duel(s, m.id)]


def _units_active_first(s: GameState, combat) -> list[str]:
    return sorted(combat, key=lambda u: (s.units[u].side != s.active, u))


def contact_moves(s: GameState, geo: Geometry, combat, initiative: int) -> list[Event]:
    """Step 2: each model of this initiative step that is not engaged moves up to its
    initiative in inches toward base contact with an enemy of the combat (the active player's
    units first). The seed moves a model "a number of inches equal to its initiative": the
    initiative it fights at, so a model with a status (Combat Initiative 1) moves 1"."""
    events: list[Event] = []
    for uid in _units_active_first(s, combat):
        engaged = engaged_models(s, geo, tuple(combat))
        movers = [m.id for m in standing(s, uid)
                  if combat_initiative(m) == initiative and m.id not in engaged]
        if not movers:
            continue
        side = s.units[uid].side
        foes = [u for u in combat if s.units[u].side != side and standing(s, u)]
        if not foes:
            continue
        reach = float(initiative)  # every mover fights at this step's initiative
        others = units_in_reach(s, uid, [e.id for e in s.enemy_units(side)
                                         if e.id not in combat], reach + 0.1)
        dest = geo.approach(s, uid, foes, reach, CONTACT_TOLERANCE, avoid=others,
                            avoid_range=0.1, movers=movers)
        moved = {k: v for k, v in dest.items() if tuple(v) != (s.models[k].x, s.models[k].y)}
        if moved:
            events.append(move_unit(s, uid, moved, msg("makes a contact move"), RULE_CONTACT))
    return events


def weapon_options(model: Model) -> list[tuple[str, str]]:
    """(weapon id, profile name) pairs the model may fight with."""
    return [(w.id, p.name) for w in melee_weapons(model) for p in w.profiles]


def _declare_key(model: Model) -> tuple:
    return (model.unit, model.profile["weapons"])


def _undecided(s: GameState, f: dict) -> list[Model]:
    """Representatives (one per unit and weapon loadout) of fighters who must still choose
    among several weapons or profiles, the active player's units first."""
    seen = set()
    out = []
    fighters = sorted((s.models[i] for i in f["fighters"]),
                      key=lambda m: (m.side != s.active, m.unit, m.id))
    for m in fighters:
        key = _declare_key(m)
        if key in seen or m.id in f["declared"]:
            continue
        seen.add(key)
        if len(weapon_options(m)) > 1:
            out.append(m)
    return out


def undecided_class(s: GameState, f: dict) -> list[Model]:
    """The fighters who declare now: the first undecided loadout's models not yet declared."""
    waiting = _undecided(s, f)
    if not waiting:
        return []
    key = _declare_key(waiting[0])
    return [s.models[i] for i in f["fighters"]
            if i not in f["declared"] and _declare_key(s.models[i]) == key]


def model_stem(name: str) -> str:
    """A numbered model's name without its number ("Line Squad II #"), for "3 × Line Squad II #":
    the unit's name inside stays translatable when the name is a message ("{unit} #{n}")."""
    stem = name.rstrip("0123456789 ")
    unit = getattr(name, "params", {}).get("unit")
    if unit is not None and stem == f"{unit} #":
        return join([unit, " #"], "")
    return stem


def declare_weapon(s: GameState, f: dict, model_ids: tuple[str, ...], choice: str
                   ) -> list[Event]:
    """These fighters fight with the chosen weapon and profile."""
    for i in model_ids:
        f["declared"][i] = choice
    wid, pname = choice.split("|")
    w = weapon(wid)
    first = s.models[model_ids[0]]
    stem = model_stem(first.name)
    who = join([f"{len(model_ids)} × ", stem], "") if len(model_ids) > 1 else first.name
    profile = w.profile(pname)
    return [WeaponDeclared(rule=RULE_WEAPON, unit_name=s.units[first.unit].name, models=who,
                           weapon=join([w.label(profile), ": ",
                                        profile.text(int(first.profile["S"]))], ""))]


def attacks_of(s: GameState, model: Model) -> int:
    """A, +1 with Onslaught in a turn the unit charged (not after a disordered charge)."""
    unit = s.units[model.unit]
    bonus = int(has_trait(model, TRAIT_ONSLAUGHT) and bool(unit.flags.get("charged"))
                and not unit.flags.get("disordered_charge"))
    return int(model.profile["A"]) + bonus


def charge_bonus_notes(s: GameState, f: dict) -> list[Event]:
    """Say when Onslaught adds its attack, and when a disordered charge withholds it."""
    out: list[Event] = []
    for uid in sorted({s.models[i].unit for i in f["fighters"]}):
        unit = s.units[uid]
        if not unit.flags.get("charged") or not any(
                has_trait(s.models[i], TRAIT_ONSLAUGHT) for i in f["fighters"]
                if s.models[i].unit == uid):
            continue
        if unit.flags.get("disordered_charge"):
            text = msg("{unit} charged in disorder: no charge bonus (Onslaught gives nothing)",
                       unit=unit.name)
        else:
            text = msg("{unit} charged this turn: Onslaught, +1 A per model", unit=unit.name)
        out.append(Note(rule=RULE_ONSLAUGHT, text=text))
    return out


def strength_split(profile, user_strength: int) -> int | None:
    """What splits a group by strength (RULE_GROUP_STRENGTH): the S a wielder strikes with when
    the weapon's S is the wielder's own ("user", "+n", "xn"); None for a weapon of fixed S,
    whose attacks all strike alike whoever wields it."""
    if profile.strength.isdigit():
        return None
    return profile.strength_for(user_strength)


def form_groups(s: GameState, geo: Geometry, f: dict) -> list[dict]:
    """Step 4: one group per unit and weapon name, split by profile and by WS (the seed's two
    exceptions), and by S only where the weapon's S is the wielder's own and the wielders'
    S differ (RULE_GROUP_STRENGTH)."""
    groups: dict[tuple, dict] = {}
    for mid in f["fighters"]:
        m = s.models[mid]
        wid, pname = f["declared"][mid].split("|")
        ws = characteristic(s, m, "WS")
        profile = weapon(wid).profile(pname)
        strength = profile.strength_for(int(m.profile["S"]))
        key = (m.unit, wid, pname, ws, strength_split(profile, int(m.profile["S"])))
        g = groups.setdefault(key, {"unit": m.unit, "side": m.side, "weapon": wid,
                                    "profile": pname, "ws": ws, "strength": strength,
                                    "models": [], "attacks": 0, "bonus": 0, "done": False})
        g["models"].append(mid)
        g["attacks"] += attacks_of(s, m)
        g["bonus"] += attacks_of(s, m) - int(m.profile["A"])
    out = sorted(groups.values(), key=lambda g: (g["side"] != s.active, g["unit"], g["weapon"],
                                                 g["profile"], -g["ws"]))
    for g in out:
        g["targets"] = enemies_engaged_by(s, geo, tuple(f["combat"]), g["models"])
    return out


def group_text(s: GameState, g: dict) -> str:
    w = weapon(g["weapon"])
    p = w.profile(g["profile"])
    attacks = count(g["attacks"], "attack")
    if g.get("bonus"):
        attacks = join([attacks, msg(", {n} from Onslaught", n=g["bonus"])], "")
    return msg("{unit}: {weapon}, {attacks} at WS{ws} ({stats})", unit=s.units[g["unit"]].name,
               weapon=w.label(p), attacks=attacks, ws=g["ws"],
               stats=stat_line(g["strength"], p.ap, p.damage))


def strike(s: GameState, geo: Geometry, dice: Dice, g: dict, target_id: str) -> list[Event]:
    """Steps 5-6 for one group, then its wounds go to the defender (steps 7-8, wounds.py).

    A vehicle target takes an armour penetration test instead of the wound roll, against its
    rear AV (vehicles.py)."""
    g["done"] = True
    unit, target = s.units[g["unit"]], s.units[target_id]
    foes = standing(s, target_id)
    w = weapon(g["weapon"])
    p = w.profile(g["profile"])
    label = w.label(p)
    if not foes:
        return [StepSkipped(rule=RULE_GROUPS, step=msg("{unit:poss} {weapon}", unit=unit.name,
                                                       weapon=label),
                            why=msg("{unit} has no model left to strike", unit=target.name))]
    defender_ws, toughness = step_defence(s, target_id)
    need_hit = hit_target(g["ws"], defender_ws)
    events, hits = roll_to_hit(dice, unit.name, g["attacks"], need_hit, RULE_HIT,
                               msg("{unit} {weapon} to hit", unit=unit.name, weapon=label),
                               msg("{attacks} with {weapon} to hit",
                                   attacks=count(g["attacks"], "attack"), weapon=label),
                               msg("WS{ws} vs WS{defender_ws}", ws=g["ws"],
                                   defender_ws=defender_ws))
    if not hits:
        return events
    if vehicles.unit_is_vehicle(s, target_id):
        more, pool = vehicles.penetrate(
            s, dice, unit.id, target_id, hits, g["strength"], p, label, vehicles.REAR,
            volley=False, simultaneous=True, strikers=[s.models[i] for i in g["models"]],
            attacks=g["attacks"])
        if pool:
            s.pending["wounds"] = [pool]
        return events + more
    toughness += reactions.toughness_bonus(s, target_id)
    more, wounds = roll_to_wound(dice, unit.name, hits, g["strength"], toughness, RULE_WOUND,
                                 msg("{unit} {weapon} to wound", unit=unit.name, weapon=label))
    events += more
    if wounds:
        s.pending["wounds"] = [new_pool(s, unit.id, target_id, wounds, p.ap, p.damage, label,
                                        RULE_HIT, g["attacks"], hits, simultaneous=True,
                                        strikers=[s.models[i] for i in g["models"]])]
    return events


def defence_at_step_start(s: GameState, combat) -> dict[str, tuple[int, int]]:
    """Each unit's WS and T as an attacker meets them this initiative step (the values most of
    its standing models have). Taken once when the step begins: every hit and wound roll of a
    step (steps 5-6) comes before any group's wounds are taken (7-9), so the charts a group
    uses cannot depend on the order in which the active player resolves the groups."""
    out = {}
    for uid in combat:
        models = standing(s, uid)
        if models:
            out[uid] = (majority_ws(s, models), majority_value(models, "T"))
    return out


def majority_ws(s: GameState, models: list[Model]) -> int:
    """The WS most of these models have this phase (a Disgraced model's is halved)."""
    counts: dict[int, int] = {}
    for m in models:
        v = characteristic(s, m, "WS")
        counts[v] = counts.get(v, 0) + 1
    return max(counts, key=lambda v: (counts[v], v))


def step_defence(s: GameState, target_id: str) -> tuple[int, int]:
    """The target's WS and T for this initiative step (RULE_STEP_DEFENCE)."""
    f = current(s)
    kept = (f or {}).get("defence", {}).get(target_id)
    if kept is not None:
        return tuple(kept)
    models = standing(s, target_id)
    return majority_ws(s, models), majority_value(models, "T")


def _point_value(model: Model) -> int:
    return resolution.model_value(model)


def remove_casualties(s: GameState, f: dict) -> list[Event]:
    """Step 10: the models set aside this step leave the table; each scores for the other side."""
    fallen = [m for m in combat_models(s, tuple(f["combat"])) if m.wounds <= 0]
    events: list[Event] = []
    for m in sorted(fallen, key=lambda m: m.id):
        for side in f["sides"]:
            if side != m.side:
                key = str(side)
                f["scored"][key] = f["scored"].get(key, 0) + _point_value(m)
        events.append(remove(s, m, s.units[m.unit].name, RULE_REMOVE))
    return [CasualtiesRemoved(rule=RULE_REMOVE, initiative=f["step"],
                              names=tuple(m.name for m in sorted(fallen, key=lambda m: m.id))),
            *events]


# --- the stage machine ---------------------------------------------------------------------------

def chooser(s: GameState) -> int:
    f = current(s)
    stage = f["stage"]
    if stage == "weapons":
        pending = _undecided(s, f)
        if pending:
            return pending[0].side
    if stage == "target" and f["group"] is not None:
        return f["groups"][f["group"]]["side"]
    if stage == "aftermath":
        uid = resolution.next_chooser(s, f)
        if uid:
            return s.units[uid].side
    return s.active


def actions(s: GameState, geo: Geometry) -> list[Action]:
    f = current(s)
    stage = f["stage"]
    if stage == "choose_combat":
        return [Action("fight_combat", targets=tuple(c),
                       label=msg("Fight the combat: {combat}", combat=combat_name(s, c)))
                for c in open_combats(s)]
    if stage == "weapons":
        group = undecided_class(s, f)
        m = group[0]
        everyone = tuple(x.id for x in group)
        stem = model_stem(m.name)
        out = []
        for wid, pname in weapon_options(m):
            w = weapon(wid)
            p = w.profile(pname)
            what = join([w.label(p), " (", p.text(int(m.profile["S"])), ")"], "")
            who = join([f"{len(group)} × ", stem], "") if len(group) > 1 else m.name
            out.append(Action("declare_weapon", m.unit, targets=everyone,
                              option=f"{wid}|{pname}", label=msg("{who}: fight with {what}",
                                                                 who=who, what=what)))
            if len(group) > 1:
                out.append(Action("declare_weapon", m.unit, targets=(m.id,),
                                  option=f"{wid}|{pname}",
                                  label=msg("{model} alone: fight with {what}", model=m.name,
                                            what=what)))
        return out
    if stage == "strike":
        return [Action("strike", g["unit"], option=str(i),
                       label=msg("Strike: {group}", group=group_text(s, g)))
                for i, g in enumerate(f["groups"]) if not g["done"]]
    if stage == "target":
        g = f["groups"][f["group"]]
        return [Action("strike_target", g["unit"], targets=(t,),
                       label=msg("{group}: strike {unit}", group=group_text(s, g),
                                 unit=s.units[t].name))
                for t in g["targets"] if standing(s, t)]
    if stage == "aftermath":
        uid = resolution.next_chooser(s, f)
        kept = resolution.offered(s, f, uid) if uid else []
        return kept if kept is not None else resolution.options(s, geo, f, uid)
    return []


def problem(s: GameState, geo: Geometry, a: Action) -> str | None:
    f = current(s)
    stage = f["stage"]
    if stage == "aftermath":
        return resolution.problem(s, geo, f, a)
    if stage == "weapons" and a.kind == "declare_weapon":
        return weapon_problem(s, f, a)
    offered = actions(s, geo)
    if a in offered:
        return None
    what = {"choose_combat": msg("choose the next combat to fight"),
            "weapons": msg("declare a weapon for the models named"),
            "strike": msg("choose the next strike group (the active player orders them)"),
            "target": msg("choose the target of this strike group")}.get(stage, stage)
    return msg("Not possible now: the fight waits for you to {what}", what=what)


def weapon_problem(s: GameState, f: dict, a: Action) -> str | None:
    """Any of the models now declaring may take any weapon and profile it carries, alone or
    together (each model declares one weapon: RULE_WEAPON)."""
    group = {m.id for m in undecided_class(s, f)}
    if not a.targets or not set(a.targets) <= group or len(set(a.targets)) != len(a.targets):
        return msg("Declare weapons for the models now waiting to declare ({rule})",
                   rule=RULE_WEAPON)
    choice = tuple((a.option or "|").split("|", 1))
    for mid in a.targets:
        if choice not in weapon_options(s.models[mid]):
            return msg("{model} does not carry that weapon profile ({rule})",
                       model=s.models[mid].name, rule=RULE_WEAPON)
    return None


def apply_action(s: GameState, geo: Geometry, dice: Dice, a: Action) -> list[Event]:
    f = current(s)
    if a.kind == "fight_combat":
        return begin_combat(s, tuple(a.targets))
    if a.kind == "declare_weapon":
        return declare_weapon(s, f, tuple(a.targets), a.option)
    if a.kind == "strike":
        return choose_group(s, geo, dice, f, int(a.option))
    if a.kind == "strike_target":
        g = f["groups"][f["group"]]
        f["group"] = None
        f["stage"] = "strike"
        return strike(s, geo, dice, g, a.targets[0])
    return resolution.apply_option(s, geo, dice, f, a)


def choose_group(s: GameState, geo: Geometry, dice: Dice, f: dict, index: int) -> list[Event]:
    g = f["groups"][index]
    targets = [t for t in g["targets"] if standing(s, t)]
    if len(targets) > 1:
        f["group"] = index
        f["stage"] = "target"
        return []
    if not targets:
        g["done"] = True
        return [StepSkipped(rule=RULE_GROUPS, step=group_text(s, g),
                            why=msg("no enemy it engages has a model left"))]
    return strike(s, geo, dice, g, targets[0])


def step(s: GameState, geo: Geometry, dice: Dice) -> list[Event] | None:
    """One automatic step of the fight sub-phase, or None when a decision is awaited. When the
    sub-phase is over, `s.pending["fight"]` is gone."""
    f = current(s)
    stage = f["stage"]
    if stage == "choose_combat":
        queue = open_combats(s)
        if not queue:
            s.pending.pop("fight")
            return []
        if len(queue) > 1:
            return None
        return begin_combat(s, queue[0])
    combat = tuple(f["combat"])
    if stage == "step_start":
        sides_standing = {s.units[u].side for u in combat if standing(s, u)}
        if not f["steps"] or len(sides_standing) < 2:
            f["stage"] = "resolution"
            return []
        f["step"] = f["steps"].pop(0)
        events = contact_moves(s, geo, combat, f["step"])
        engaged = engaged_models(s, geo, combat)
        fighters = [m for m in combat_models(s, combat)
                    if m.wounds > 0 and combat_initiative(m) == f["step"] and m.id in engaged
                    and not in_duel(s, m.id) and not is_vehicle(m)]  # vehicles.RULE_NO_MELEE
        f["fighters"] = [m.id for m in fighters]
        f["declared"] = {}
        f["groups"] = []
        f["defence"] = defence_at_step_start(s, combat)
        counts: dict[str, int] = {}
        for m in fighters:
            counts[m.unit] = counts.get(m.unit, 0) + 1
        events.append(InitiativeStepStarted(
            rule=RULE_INITIATIVE, initiative=f["step"],
            fighters=tuple(join([s.units[u].name, ": ", count(n, "model")], "")
                           for u, n in sorted(counts.items(),
                                              key=lambda kv: (s.units[kv[0]].side != s.active,
                                                              kv[0])))))
        f["stage"] = "weapons"
        return events
    if stage == "weapons":
        if _undecided(s, f):
            return None
        events: list[Event] = []
        for mid in f["fighters"]:
            if mid not in f["declared"]:
                (wid, pname), = weapon_options(s.models[mid])
                f["declared"][mid] = f"{wid}|{pname}"
        f["groups"] = form_groups(s, geo, f)
        events.extend(charge_bonus_notes(s, f))
        events.append(StrikeGroupsFormed(rule=RULE_GROUPS, initiative=f["step"],
                                         groups=tuple(group_text(s, g) for g in f["groups"])))
        f["stage"] = "strike"
        return events
    if stage == "strike":
        left = [i for i, g in enumerate(f["groups"]) if not g["done"]]
        if not left:
            f["stage"] = "remove"
            return []
        if len(left) == 1:
            return choose_group(s, geo, dice, f, left[0])
        return None
    if stage == "target":
        return None
    if stage == "remove":
        f["stage"] = "step_start"
        return remove_casualties(s, f)
    if stage == "resolution":
        f["stage"] = "aftermath"
        return resolution.resolve(s, geo, dice, f)
    if stage == "aftermath":
        return resolution.step(s, geo, dice, f)
    return None
