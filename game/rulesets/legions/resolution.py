"""The resolution sub-phase, in the seed's four steps (rules/legions.md), once a combat's round is
fought: 1 each player's total of combat resolution points · 2 the winner · 3 the loser's panic
check (Leadership, the difference as a penalty; Routed on a fail) · 4 the aftermath, one option
per unit, the loser first. And the Massacre rule.

| option | who may choose it |
|---|---|
| Hold | any unit (immediate contact move; stays locked) |
| Disengage | the loser's units only (not Pinned): up to M away, ending > 2" from every enemy |
| Fall back | forced if any model is Routed: I + D6" toward its own edge (movement.py) |
| Gun down | the winner, if every enemy fell back: a volley at a fleeing unit |
| Pursue | the winner (not Pinned), if every enemy fell back: I + D6" toward a fleeing unit |
| Consolidate | the winner, if every enemy fell back or disengaged: up to I", ending > 2" away |
"""

from __future__ import annotations

from game.core.actions import Action, make_placement
from game.core.dice import Dice
from game.core.events import DiceRolled, Event, Note
from game.core.geometry import CONTACT_TOLERANCE, Destinations, Geometry
from game.core.i18n import join, msg
from game.core.state import GameState, Model
from game.rulesets.base import move_unit, placed_view, unit_centroid
from game.rulesets.legions import consolidation, statuses
from game.rulesets.legions.characters import challenge_points
from game.rulesets.legions.charge_moves import in_contact_with
from game.rulesets.legions.checks import take_check, unit_value
from game.rulesets.legions.combat import lock, tidy_locks, unlock
from game.rulesets.legions.consolidation import (
    CLEAR,
    CLEAR_MARGIN,
    RULE_CONSOLIDATE,
    consolidate_problem,
)
from game.rulesets.legions.events import AftermathChosen, ResolutionPoints
from game.rulesets.legions.movement import (
    allowance as move_allowance,
)
from game.rulesets.legions.movement import (
    away_point,
    fall_back,
    placement_problem,
    too_close_to_enemy,
    unit_lowest,
    units_in_reach,
)
from game.rulesets.legions.profile import is_paragon, is_vehicle
from game.rulesets.legions.volley import RULE_GUN_DOWN, shooters, volley

RULE_POINTS = msg("Resolution step 1: one total per player: 1 per enemy model removed as a "
                  "casualty in this fight sub-phase, +1 for the player with more models in the "
                  "combat, + points from a won challenge (legions seed)")
RULE_PARAGON = msg("A Paragon counts as its base Wounds value for the resolution of a combat "
                   "(legions seed, Paragon type)")
RULE_WINNER = msg("Resolution step 2: the higher total wins; equal = nobody wins or loses "
                  "(legions seed)")
RULE_PANIC = msg("Resolution step 3: the loser takes a Leadership check with the difference in "
                 "points as a penalty; failed = all its models in this combat become Routed "
                 "(legions seed)")
RULE_AFTERMATH = msg("Resolution step 4: each player picks one option per unit in the combat, the "
                     "loser first (legions seed)")
RULE_HOLD = msg("Hold (any unit): an immediate contact move; it stays locked in combat (legions "
                "seed)")
RULE_DISENGAGE = msg("Disengage (the loser's units only, not Pinned): move up to M away from every "
                     "enemy in the combat, ending more than 2\" away (legions)")
RULE_FALL_BACK_FORCED = msg("Fall back: forced if any model of the unit is Routed (legions seed)")
RULE_PURSUE = msg("Pursue (the winner, not Pinned, if every enemy fell back): I + D6\" toward the "
                  "fleeing enemy; contact = a won charge, the combat goes on (legions seed)")
RULE_MASSACRE = msg("Massacre: if one side's models are all removed in this round, the other side "
                    "is no longer locked in combat and must consolidate (legions seed)")
RULE_ROUTED_FIRST = msg("A Routed unit falls back even when a Massacre would have it consolidate: "
                        "fall back is forced if any model is Routed (legions seed)")

OPTIONS = ("hold", "disengage", "fall_back", "gun_down", "pursue", "consolidate")
NAMES = {"hold": msg("Hold"), "disengage": msg("Disengage"), "fall_back": msg("Fall back"),
         "gun_down": msg("Gun down"), "pursue": msg("Pursue"), "consolidate": msg("Consolidate")}


def model_value(model: Model) -> int:
    """What a model counts for in combat resolution: 1, a Paragon its base W (RULE_PARAGON),
    [added] a Vehicle its base hull points (kept as its W: profile.py)."""
    return int(model.profile["W"]) if is_paragon(model) or is_vehicle(model) else 1


# --- steps 1 to 3 --------------------------------------------------------------------------------

def totals(s: GameState, f: dict) -> dict[int, tuple[int, str]]:
    """Each side's points, with how they were made."""
    combat = tuple(f["combat"])
    present: dict[int, int] = {side: 0 for side in f["sides"]}
    for u in combat:
        for m in s.alive_models(u):
            present[m.side] = present.get(m.side, 0) + model_value(m)
    ranked = sorted(present.values(), reverse=True)
    more = None
    if len(ranked) > 1 and ranked[0] > ranked[1]:
        more = max(present, key=lambda k: present[k])
    challenge = challenge_points(s, combat)
    out = {}
    for side in f["sides"]:
        kills = f["scored"].get(str(side), 0)
        points = kills + (1 if side == more else 0) + challenge.get(side, 0)
        how = [msg("{kills} for casualties", kills=kills)]
        if side == more:
            how.append(msg("+1 for more models"))
        if challenge.get(side):
            how.append(msg("+{points} from a challenge", points=challenge[side]))
        out[side] = (points, join(how))
    return out


def massacred_side(s: GameState, f: dict) -> int | None:
    """The side whose models in this combat were all removed this round, if one was."""
    for side in f["sides"]:
        units = [u for u in f["combat"] if s.units[u].side == side]
        if not any(s.unit_alive(u) for u in units):
            return side
    return None


def resolve(s: GameState, geo: Geometry, dice: Dice, f: dict) -> list[Event]:
    """Steps 1-3, then the aftermath's order of choosing."""
    points = totals(s, f)
    ranked = sorted(points.items(), key=lambda kv: -kv[1][0])
    winner = loser = None
    if len(ranked) > 1 and ranked[0][1][0] > ranked[1][1][0]:
        winner, loser = ranked[0][0], ranked[1][0]
    events: list[Event] = [ResolutionPoints(
        rule=RULE_POINTS, totals=tuple((s.sides[side].name, p, how)
                                       for side, (p, how) in sorted(points.items())),
        winner=s.sides[winner].name if winner is not None else "")]
    combat = [u for u in f["combat"] if s.unit_alive(u)]
    massacre = massacred_side(s, f)
    if loser is not None and any(s.units[u].side == loser for u in combat):
        diff = points[winner][0] - points[loser][0]
        events.extend(panic_check(s, dice, [u for u in combat if s.units[u].side == loser], diff))
    survivors: list[str] = []
    if massacre is not None:
        survivors = [u for u in combat if s.units[u].side != massacre]
        events.append(Note(rule=RULE_MASSACRE,
                           text=msg("Massacre: every model of {side} in this combat is gone; "
                                    "the other side is no longer locked in combat and must "
                                    "consolidate",
                                    side=s.sides[massacre].name)))
        for u in survivors:
            events.extend(unlock(s, u, RULE_MASSACRE))
    first = loser if loser is not None else 1 - s.active
    order = sorted(combat, key=lambda u: (s.units[u].side != first, u))
    f["aftermath"] = {"order": order, "choices": {}, "winner": winner, "loser": loser,
                      "massacre": massacre, "survivors": survivors}
    return events


def panic_check(s: GameState, dice: Dice, units: list[str], difference: int) -> list[Event]:
    """One Leadership check for the losing player ([added]: with the best value among its units
    in the combat), the difference as a penalty; failed: all its models there become Routed."""
    leader = max(units, key=lambda u: (unit_value(s, u, "Ld"), u))
    passed, rolled = take_check(s, dice, leader, "Ld", penalty=difference,
                                why=msg("for losing the combat"))
    events: list[Event] = [rolled]
    if not passed:
        for u in units:
            events.extend(statuses.gain(s, u, statuses.ROUTED, RULE_PANIC))
    return events


# --- step 4: the aftermath -----------------------------------------------------------------------

def next_chooser(s: GameState, f: dict) -> str | None:
    am = f["aftermath"]
    for u in am["order"]:
        if u not in am["choices"] and s.unit_alive(u):
            return u
    return None


def _enemies(s: GameState, f: dict, unit_id: str) -> list[str]:
    side = s.units[unit_id].side
    return [u for u in f["combat"] if s.units[u].side != side]


def _fled(s: GameState, f: dict, unit_id: str) -> tuple[bool, bool]:
    """(every enemy fell back, every enemy fell back or disengaged). An enemy unit destroyed
    before it could choose has left the combat: it neither stays nor blocks the winner's Gun
    down, Pursue or Consolidate (one that chose and was then destroyed, at the table edge or
    gunned down, counts by its choice)."""
    am = f["aftermath"]
    enemies = [e for e in _enemies(s, f, unit_id) if s.unit_alive(e) or e in am["choices"]]
    chosen = [am["choices"].get(e) for e in enemies]
    fled = bool(enemies) and all(c == "fall_back" for c in chosen)
    left = bool(enemies) and all(c in ("fall_back", "disengage") for c in chosen)
    return fled, left


def disengage_problem(s: GameState, geo: Geometry, f: dict, unit_id: str,
                      dest: Destinations) -> str | None:
    problem = placement_problem(s, geo, unit_id, dest, move_allowance(s, unit_id, "move"),
                                "disengage")
    if problem:
        return problem
    close = too_close_to_enemy(s, geo, unit_id, dest, CLEAR + 1e-6,
                               among=[e.id for e in s.enemy_units(s.units[unit_id].side)])
    if close:
        return msg("{problem} ({rule})", problem=close, rule=RULE_DISENGAGE)
    return None


def _disengage_offer(s: GameState, geo: Geometry, f: dict, unit_id: str) -> Destinations | None:
    reach = move_allowance(s, unit_id, "move")
    point = away_point(s, unit_id, _enemies(s, f, unit_id))
    dest = geo.move_toward(s, unit_id, point, reach, CLEAR + CLEAR_MARGIN)
    if disengage_problem(s, geo, f, unit_id, dest) is None:
        return dest
    return None


def options(s: GameState, geo: Geometry, f: dict, unit_id: str | None) -> list[Action]:
    """The aftermath options this unit may choose now (who may choose what: the table above)."""
    if unit_id is None:
        return []
    am = f["aftermath"]
    unit = s.units[unit_id]
    name = unit.name
    side = unit.side
    if statuses.has_status(s, unit_id, statuses.ROUTED):  # before the Massacre: RULE_ROUTED_FIRST
        return [Action("aftermath", unit_id, option="fall_back",
                       label=msg("{unit}: Fall back (forced: it is Routed)", unit=name))]
    if unit_id in am["survivors"]:
        out = [consolidation.intent(unit_id, goal, msg(
            "{unit}: Consolidate {where} (Massacre: it must consolidate)", unit=name,
            where=consolidation.where(s, goal))) for goal in consolidation.goals(s, geo, unit_id)]
        out.append(Action("aftermath", unit_id, option="consolidate",
                          label=msg("{unit}: Consolidate where it stands (Massacre)", unit=name)))
        return out
    out = [Action("aftermath", unit_id, option="hold",
                  label=msg("{unit}: Hold (contact move, stays locked in combat)", unit=name))]
    pinned = statuses.has_status(s, unit_id, statuses.PINNED)
    if side == am["loser"] and not pinned:
        dest = _disengage_offer(s, geo, f, unit_id)
        if dest is not None:
            out.append(Action("aftermath", unit_id, option="disengage",
                              placement=make_placement(dest),
                              label=msg("{unit}: Disengage (up to M, ending more than 2\" away)",
                                        unit=name)))
    if side == am["winner"]:
        fled, left = _fled(s, f, unit_id)
        fleeing = [e for e in _enemies(s, f, unit_id) if s.unit_alive(e)
                   and am["choices"].get(e) == "fall_back"]
        if fled:
            for e in fleeing:
                if shooters(s, geo, unit_id, e):
                    out.append(Action("aftermath", unit_id, option="gun_down", targets=(e,),
                                      label=msg("{unit}: Gun down {enemy} (volley, Assault "
                                                "weapons, snap shots)",
                                                unit=name, enemy=s.units[e].name)))
                if not pinned:
                    out.append(Action("aftermath", unit_id, option="pursue", targets=(e,),
                                      label=msg("{unit}: Pursue {enemy} (I + D6\")", unit=name,
                                                enemy=s.units[e].name)))
        if left:
            for goal in consolidation.goals(s, geo, unit_id):
                out.append(consolidation.intent(unit_id, goal, msg(
                    "{unit}: Consolidate {where} (up to I\")", unit=name,
                    where=consolidation.where(s, goal))))
            out.append(Action("aftermath", unit_id, option="consolidate",
                              label=msg("{unit}: Consolidate where it stands", unit=name)))
    return out


def who_may_choose(s: GameState, f: dict, unit_id: str, option: str) -> str | None:
    """Why this unit may not choose this option now (the table's "who" column), or None."""
    am = f["aftermath"]
    unit = s.units[unit_id]
    side = unit.side
    if option not in OPTIONS:
        return msg("Unknown aftermath option {option} ({values})", option=repr(option),
                   values=join(NAMES.values()))
    label = NAMES[option]
    if statuses.has_status(s, unit_id, statuses.ROUTED):  # before the Massacre: RULE_ROUTED_FIRST
        if option != "fall_back":
            return (msg("{unit} has a Routed model: it must fall back ({rule}; {other_rule})",
                        unit=unit.name, rule=RULE_FALL_BACK_FORCED, other_rule=RULE_ROUTED_FIRST))
        return None
    if unit_id in am["survivors"]:
        if option != "consolidate":
            return msg("{unit} must consolidate ({rule})", unit=unit.name, rule=RULE_MASSACRE)
        return None
    if option == "fall_back":
        return msg("{unit} has no Routed model ({rule})", unit=unit.name,
                   rule=RULE_FALL_BACK_FORCED)
    if option == "hold":
        return None
    pinned = statuses.has_status(s, unit_id, statuses.PINNED)
    if option == "disengage":
        if side != am["loser"]:
            return msg("Only the loser's units may disengage ({rule})", rule=RULE_DISENGAGE)
        if pinned:
            return msg("{unit} is Pinned: it may not disengage ({rule})", unit=unit.name,
                       rule=RULE_DISENGAGE)
        return None
    if side != am["winner"]:
        return msg("Only the winner's units may choose {label} ({rule})", label=label,
                   rule=RULE_AFTERMATH)
    fled, left = _fled(s, f, unit_id)
    if option in ("gun_down", "pursue"):
        if not fled:
            return (msg("{label} needs every enemy unit of the combat to have fallen back "
                        "({rule})",
                        label=label, rule=RULE_PURSUE if option == 'pursue' else RULE_GUN_DOWN))
        if option == "pursue" and pinned:
            return msg("{unit} is Pinned: it may not pursue ({rule})", unit=unit.name,
                       rule=RULE_PURSUE)
        return None
    if not left:
        return (msg("Consolidate needs every enemy unit of the combat to have fallen back or "
                    "disengaged ({rule})",
                    rule=RULE_CONSOLIDATE))
    return None


def problem(s: GameState, geo: Geometry, f: dict, a: Action) -> str | None:
    uid = next_chooser(s, f)
    if a.kind != "aftermath" or a.unit != uid:
        return (msg("The aftermath waits for {unit:poss} option", unit=s.units[uid].name) if uid
                else msg("No aftermath choice is waiting"))
    option = consolidation.base_option(a.option)
    if option != a.option and (option != consolidation.CONSOLIDATE or a.placement):
        return msg("Unknown aftermath option {option} ({values})", option=repr(a.option),
                   values=join(NAMES.values()))
    reason = who_may_choose(s, f, uid, option)
    if reason:
        return reason
    if a in (offered(s, f, uid) or ()):
        return None
    if consolidation.goal_of(a) is not None:
        return consolidation.goal_problem(s, uid, consolidation.goal_of(a))
    if a.option == "disengage":
        if not a.placement:
            return msg("Disengage needs the models' new places")
        return disengage_problem(s, geo, f, uid, a.destinations())
    if a.option == "consolidate":
        return consolidate_problem(s, geo, uid, a.destinations()) if a.placement else None
    if a.option in ("gun_down", "pursue"):
        am = f["aftermath"]
        if len(a.targets) != 1 or am["choices"].get(a.targets[0]) != "fall_back" \
                or a.targets[0] not in _enemies(s, f, uid):
            return msg("{option} aims at one enemy unit of the combat that fell back",
                       option=NAMES[a.option])
        if not s.unit_alive(a.targets[0]):
            return msg("{unit} has no models left", unit=s.units[a.targets[0]].name)
        if a.option == "gun_down" and not shooters(s, geo, uid, a.targets[0]):
            return (msg("{unit} has no Assault weapon in range and sight of {enemy}",
                        unit=s.units[uid].name, enemy=s.units[a.targets[0]].name))
    return None


def apply_option(s: GameState, geo: Geometry, dice: Dice, f: dict, a: Action) -> list[Event]:
    am = f["aftermath"]
    uid, option = a.unit, consolidation.base_option(a.option)
    unit = s.units[uid]
    am["choices"][uid] = option
    events: list[Event] = [AftermathChosen(rule=RULE_AFTERMATH, unit_name=unit.name,
                                           option=NAMES[option], detail=a.label)]
    if option == "hold":
        events.extend(_hold(s, geo, f, uid))
    elif option == "disengage":
        events.extend(unlock(s, uid, RULE_DISENGAGE))
        events.append(move_unit(s, uid, a.destinations(), msg("disengages"), RULE_DISENGAGE))
    elif option == "fall_back":
        events.extend(fall_back(s, geo, dice, uid, msg("aftermath")))
    elif option == "consolidate":
        events.extend(unlock(s, uid, RULE_CONSOLIDATE))
        dest = consolidation.destinations(s, geo, a)
        if a.placement or any(tuple(v) != (s.models[k].x, s.models[k].y)
                              for k, v in dest.items()):
            events.append(move_unit(s, uid, dest, msg("consolidates"), RULE_CONSOLIDATE))
    elif option == "gun_down":
        events.extend(unlock(s, uid, RULE_GUN_DOWN))
        shots, pools = volley(s, geo, dice, uid, a.targets[0], RULE_GUN_DOWN)
        events.extend(shots)
        if pools:
            s.pending["wounds"] = pools
    elif option == "pursue":
        events.extend(unlock(s, uid, RULE_PURSUE))
        events.extend(_pursue(s, geo, dice, uid, a.targets[0]))
    return events


def _hold(s: GameState, geo: Geometry, f: dict, unit_id: str) -> list[Event]:
    """The immediate contact move: models not yet in base contact move up to I" toward the
    enemies still in the combat."""
    am = f["aftermath"]
    foes = [e for e in _enemies(s, f, unit_id) if s.unit_alive(e)
            and am["choices"].get(e) not in ("disengage", "fall_back", "consolidate",
                                             "gun_down", "pursue")]
    if not foes:
        return [Note(rule=RULE_HOLD, text=msg("{unit} holds: no enemy is left to move toward",
                                              unit=s.units[unit_id].name))]
    side = s.units[unit_id].side
    reach = float(unit_lowest(s, unit_id, "I"))
    others = units_in_reach(s, unit_id, [e.id for e in s.enemy_units(side) if e.id not in foes],
                            reach + 0.1)
    dest = geo.approach(s, unit_id, foes, reach, CONTACT_TOLERANCE, avoid=others,
                        avoid_range=0.1)
    moved = {k: v for k, v in dest.items() if tuple(v) != (s.models[k].x, s.models[k].y)}
    if not moved:
        return []
    return [move_unit(s, unit_id, moved, msg("holds (contact move)"), RULE_HOLD)]


def _pursue(s: GameState, geo: Geometry, dice: Dice, unit_id: str, target_id: str) -> list[Event]:
    unit = s.units[unit_id]
    roll = dice.d6(msg("{unit} pursues", unit=unit.name), RULE_PURSUE)
    initiative = unit_lowest(s, unit_id, "I")
    reach = float(initiative + roll)
    events: list[Event] = [DiceRolled(rule=RULE_PURSUE, who=unit.name, label=msg("D6 to pursue"),
                                      values=(roll,),
                                      outcome=msg("I {initiative} + {roll} = {reach:g}\"",
                                                  initiative=initiative, roll=roll,
                                                  reach=reach))]
    side = unit.side
    others = [e.id for e in s.enemy_units(side) if e.id != target_id]
    dest = _pursuit_move(s, geo, unit_id, target_id, reach, others)
    moved = {k: v for k, v in dest.items() if tuple(v) != (s.models[k].x, s.models[k].y)}
    if moved:
        events.append(move_unit(s, unit_id, moved, msg("pursues"), RULE_PURSUE))
    if in_contact_with(s, geo, unit_id, target_id):
        unit.flags["charged"] = True
        events.append(Note(rule=RULE_PURSUE, text=msg("{unit} catches {enemy}: a won charge, "
                                                      "the combat goes on",
                                                      unit=unit.name,
                                                      enemy=s.units[target_id].name)))
        events.extend(lock(s, unit_id, target_id, RULE_PURSUE))
    else:
        events.append(Note(rule=RULE_PURSUE, text=msg("{unit} does not catch {enemy}",
                                                      unit=unit.name,
                                                      enemy=s.units[target_id].name)))
    return events


#: A pursuit sends this many of its nearest models for base contact; the rest follow.
PURSUIT_LEADERS = 3


def _pursuit_move(s: GameState, geo: Geometry, unit_id: str, target_id: str, reach: float,
                  others: list[str]) -> Destinations:
    """Every model moves up to `reach` toward the fleeing unit. Out of reach, the unit closes
    in as a formation; in reach, its nearest models head for base contact and the others
    follow as a formation (each only as far as it legally can), which costs far fewer path
    searches than sending every model round the terrain."""
    point = unit_centroid(s, target_id)
    if geo.unit_distance(s, unit_id, target_id) > reach:
        return geo.move_toward(s, unit_id, point, reach, 0.1)
    targets = s.alive_models(target_id)
    nearest = sorted(s.alive_models(unit_id),
                     key=lambda m: (min(geo.distance(m, t) for t in targets), m.id))
    leaders = [m.id for m in nearest[:PURSUIT_LEADERS]]
    dest = geo.approach(s, unit_id, [target_id], reach, CONTACT_TOLERANCE,
                        avoid=units_in_reach(s, unit_id, others, reach + 0.1), avoid_range=0.1,
                        movers=leaders)
    trial = placed_view(s, {mid: dest[mid] for mid in leaders})
    follow = geo.move_toward(trial, unit_id, point, reach, 0.1)
    combined = dict(dest)
    combined.update({mid: spot for mid, spot in follow.items() if mid not in leaders})
    for mid, spot in list(combined.items()):  # a follower's straight move from its start
        start = s.models[mid]
        if mid not in leaders and spot != (start.x, start.y):
            path = geo.path_length(s, start, spot)
            if path is None or path > reach + 1e-9:
                combined[mid] = (start.x, start.y)
    if geo.placement_problem(s, combined) is None:
        return combined
    return dest


def step(s: GameState, geo: Geometry, dice: Dice, f: dict) -> list[Event] | None:
    """Automatic aftermath steps: a forced option with nothing to choose is taken at once; when
    every unit has chosen, the locks are settled and the next combat comes."""
    uid = next_chooser(s, f)
    if uid is None:
        tidy_locks(s)
        f["stage"] = "choose_combat"
        f["combat"] = None
        f["aftermath"] = None
        return []
    offered = offers(s, geo, f, uid)
    if len(offered) == 1 and offered[0].option in ("fall_back", "hold"):
        return apply_option(s, geo, dice, f, offered[0])
    return None


def offers(s: GameState, geo: Geometry, f: dict, unit_id: str | None) -> list[Action]:
    """The options offered to the unit now choosing, worked out once when its turn to choose
    comes (they are kept with the aftermath, so the offered placements need no new check)."""
    am = f["aftermath"]
    if unit_id is None:
        return []
    key = _offer_key(s, f, unit_id)
    if am.get("offered_for") != key:
        am["offered_for"] = key
        am["offers"] = options(s, geo, f, unit_id)
    return list(am["offers"])


def offered(s: GameState, f: dict, unit_id: str) -> list[Action] | None:
    """The kept offers if they still fit the state (a pure read, for legal_actions)."""
    am = f["aftermath"]
    return list(am["offers"]) if am.get("offered_for") == _offer_key(s, f, unit_id) else None


def _offer_key(s: GameState, f: dict, unit_id: str) -> tuple:
    """What the offers depend on that could change: the chooser, the choices made, and where
    the models stand, with their statuses."""
    models = tuple((m.id, m.x, m.y, tuple(sorted(m.statuses))) for m in s.models.values()
                   if m.alive)
    return (unit_id, tuple(sorted(f["aftermath"]["choices"].items())), hash(models))
