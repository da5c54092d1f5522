"""The `legions` charge sub-phase, exactly in the seed's five steps (rules/legions.md):

1 declare the target · 2 check line of sight and the 12" range · 3 setup move (by I + M; base
contact = the charge is already won) · 4 volley attacks (the charger first, then the target) ·
5 charge roll (2D6, the lowest discarded): success = base-to-base contact and both units locked;
failure = no move, a Cool check, Stunned on a fail. A disordered charge has no setup move, no
volley for the charger and no charge bonus.

Each step is its own decision or event: the charge in progress is `s.pending["charge"]`, whose
`stage` says which step waits ("setup", "reaction", "volley_charger", "volley_target", "roll",
"move", and "evade" after the volleys when the charged unit declared it). Step 4 opens with the
charged unit's reaction (reactions.py), when it may declare one.
"""

from __future__ import annotations

import math

from game.core.actions import Action, make_placement
from game.core.dice import Dice
from game.core.events import ChargeResolved, Event
from game.core.geometry import Geometry, blocks_sight
from game.core.i18n import msg
from game.core.memo import PerTable
from game.core.state import GameState
from game.rulesets.base import move_unit
from game.rulesets.legions import evade, reactions, statuses, vehicles
from game.rulesets.legions.charge_moves import (
    CHARGE_MOVE,
    RULE_CLEAN_MOVE,
    RULE_SUCCESS,
    SETUP_MOVE,
    in_contact_with,
    move_problem,
    solve_charge_move,
    solve_move,
)
from game.rulesets.legions.charge_odds import ChargeChance, charge_chance, roll_chance
from game.rulesets.legions.checks import take_check
from game.rulesets.legions.combat import CIRCLE_SLACK, is_locked, lock
from game.rulesets.legions.events import (
    ChargeAlreadyWon,
    ChargeRolled,
    ChargeTargetDeclared,
    SetupMoveSet,
    StepSkipped,
)
from game.rulesets.legions.move_intents import poses
from game.rulesets.legions.odds import needed_roll
from game.rulesets.legions.volley import (
    RULE_OVERWATCH,
    RULE_VOLLEY,
    can_overwatch,
    shooters,
    volley,
)

CHARGE_RANGE = 12.0
RULE_FORBIDDEN = msg("A unit cannot declare a charge if it Ran this turn, is already locked in "
                     "combat, is embarked on a transport, or has a Pinned or Routed model (legions "
                     "seed)")
RULE_TARGET = msg("Step 1: declare the target, an enemy unit (legions seed)")
RULE_SIGHT = msg("Step 2: at least one model must see the target, within 12\" (legions seed)")
RULE_DISORDERED = msg("Disordered charge: the unit disembarked this turn or has a Stunned or "
                      "Suppressed model: no setup move, no volley attack (the target may still "
                      "make one), no charge bonus from any special rule (legions seed)")
RULE_SETUP = msg("Step 3: setup move toward the target by I + M: 1-6: 1\", 7-9: 2\", 10-11: 3\", "
                 "12-13: 4\", 14-19: 5\", 20+: 6\" (legions)")
RULE_ALREADY_WON = msg("Charge already won: the setup move brought a model into base contact (or "
                       "one already was); the volley attacks and the charge roll are skipped "
                       "(legions seed)")
RULE_ROLL = msg("Step 5: charge roll, 2D6 discarding the lowest: the distance in inches (legions "
                "seed)")
RULE_FAILURE = msg("Charge failure: no move; the charging unit takes a Cool check; failed = all "
                   "its models become Stunned (legions seed)")
#: I + M bands of the setup move: (highest I + M of the band, inches) [added in the spec].
SETUP_BANDS = ((6, 1), (9, 2), (11, 3), (13, 4), (19, 5))
SETUP_MAX = 6
CHARGER_VOLLEY = msg("Step 4, the charger's volley")
DISORDERED_NONE = msg("none: the charge is disordered")
#: The step a charge waits at, by the action it expects (a refusal names it).
STEP_NAMES = {"setup_move": SETUP_MOVE, "react": msg("react"), "volley": msg("volley"),
              "evade": msg("evade"), "charge_roll": msg("charge roll"), "charge_move": CHARGE_MOVE}


# --- eligibility (step 1 and step 2) ----------------------------------------------------------

def setup_move_distance(initiative_plus_move: int) -> int:
    for top, inches in SETUP_BANDS:
        if initiative_plus_move <= top:
            return inches
    return SETUP_MAX


def initiative_plus_move(s: GameState, unit_id: str) -> int:
    """The unit's I + M: its slowest model's ([added] a unit value, like the checks' lowest)."""
    return min(int(m.profile["I"]) + int(m.profile["M"]) for m in s.alive_models(unit_id))


def forbidden_reason(s: GameState, unit_id: str) -> str | None:
    """The seed's four conditions that forbid declaring a charge (and one charge per phase)."""
    unit = s.units[unit_id]
    name = unit.name
    if unit.flags.get("ran"):
        return msg("Cannot charge: {unit} Ran this turn ({rule})", unit=name, rule=RULE_FORBIDDEN)
    if is_locked(s, unit_id):
        return msg("Cannot charge: {unit} is already locked in combat ({rule})", unit=name,
                   rule=RULE_FORBIDDEN)
    if unit.flags.get("embarked"):
        return msg("Cannot charge: {unit} is embarked on a transport ({rule})", unit=name,
                   rule=RULE_FORBIDDEN)
    refusal = vehicles.charge_refusal(s, unit_id)
    if refusal:
        return refusal
    for status in (statuses.PINNED, statuses.ROUTED):
        if statuses.has_status(s, unit_id, status):
            return msg("Cannot charge: {unit} has a {status} model ({rule})", unit=name,
                       status=statuses.title(status), rule=RULE_FORBIDDEN)
    if unit.flags.get("charge_declared"):
        return msg("Cannot charge: {unit} has already declared a charge this phase", unit=name)
    return None


#: Sight distances per table, remembered by everything they depend on (see `sight_distance`).
SIGHT_LIMIT = 4096
_SIGHT = PerTable(SIGHT_LIMIT)


def sight_distance(s: GameState, geo: Geometry, unit_id: str, target_id: str) -> float | None:
    """The distance from the nearest model of the unit that sees a model of the target within
    12" (step 2), or None when no model does.

    Remembered per table under all it reads: the two units' models and every living model
    that blocks sight (`blocks_sight`: the Vehicles; terrain never moves). The declarations
    are listed again after every charge, and the check and the declaration ask again: some
    four asks in five in greedy battles were repeats."""
    vehicles = [m for m in s.models.values() if m.alive and blocks_sight(m)]
    key = (unit_id, target_id, poses(s.alive_models(unit_id)), poses(s.alive_models(target_id)),
           poses(vehicles))
    return _SIGHT.get(geo, key, lambda: _sight_distance(s, geo, unit_id, target_id))


def _sight_distance(s: GameState, geo: Geometry, unit_id: str, target_id: str
                    ) -> float | None:
    """`sight_distance` worked out. (The units' distance first: most pairs of units are
    farther apart than that, and it is the least of the pairs' distances. Then only the pairs
    within 12" are measured, nearest first: a pair whose bounding circles are farther apart
    than that (and a hair of float slack) is farther still, so it could only come after them
    and is never asked for its sight.)"""
    limit = CHARGE_RANGE + 1e-9
    if geo.unit_distance(s, unit_id, target_id) > limit:
        return None
    hypot, bound = math.hypot, limit + CIRCLE_SLACK
    targets = [(b, b.x, b.y, b.base.radius) for b in s.alive_models(target_id)]
    pairs = []
    for a in s.alive_models(unit_id):
        ax, ay, ar = a.x, a.y, a.base.radius
        for b, bx, by, br in targets:
            if hypot(bx - ax, by - ay) - ar - br <= bound:
                pairs.append((geo.distance(a, b), a.id, b.id))
    pairs.sort()
    for d, a, b in pairs:
        if d > limit:
            return None
        if geo.line_of_sight(s, s.models[a], s.models[b]):
            return d
    return None


def target_reason(s: GameState, geo: Geometry, unit_id: str, target_id: str) -> str | None:
    if target_id not in s.units or not s.unit_alive(target_id):
        return msg("There is no enemy unit {target} to charge ({rule})", target=repr(target_id),
                   rule=RULE_TARGET)
    if s.units[target_id].side == s.units[unit_id].side:
        return msg("{target} is not an enemy unit ({rule})", target=s.units[target_id].name,
                   rule=RULE_TARGET)
    if sight_distance(s, geo, unit_id, target_id) is None:
        return msg("Cannot charge {target}: no model of {unit} sees it within 12\" ({rule})",
                   target=s.units[target_id].name, unit=s.units[unit_id].name, rule=RULE_SIGHT)
    return None


def disordered_reasons(s: GameState, unit_id: str) -> list[str]:
    unit = s.units[unit_id]
    out = []
    if unit.flags.get("disembarked"):
        out.append(msg("it disembarked this turn"))
    for status in (statuses.STUNNED, statuses.SUPPRESSED):
        if statuses.has_status(s, unit_id, status):
            out.append(msg("it has a {status} model", status=statuses.title(status)))
    return out


# --- the charge in progress --------------------------------------------------------------------

def current(s: GameState) -> dict | None:
    return s.pending.get("charge")


def chooser(s: GameState) -> int:
    c = current(s)
    if c and c["stage"] in ("reaction", "volley_target", "evade"):
        return s.units[c["target"]].side
    return s.active


def planned_setup(s: GameState, unit_id: str) -> int:
    """The setup move this unit's charge would make: none when disordered."""
    if disordered_reasons(s, unit_id):
        return 0
    return setup_move_distance(initiative_plus_move(s, unit_id))


def chance(s: GameState, geo: Geometry, unit_id: str, target_id: str) -> ChargeChance:
    """The whole charge's odds from a declaration here (charge_odds: the same steps)."""
    return charge_chance(s, geo, unit_id, target_id, planned_setup(s, unit_id),
                         bool(disordered_reasons(s, unit_id)))


def declarations(s: GameState, geo: Geometry) -> list[Action]:
    """Step 1 choices: every unit that may charge, with every target it sees within 12"."""
    out = []
    for unit in s.units_of(s.active):
        if forbidden_reason(s, unit.id):
            continue
        for enemy in s.enemy_units(unit.side):
            d = sight_distance(s, geo, unit.id, enemy.id)
            if d is None:
                continue
            odds = chance(s, geo, unit.id, enemy.id)
            out.append(Action("declare_charge", unit.id, targets=(enemy.id,),
                              label=msg("Charge {target} with {unit} ({distance:.1f}\" away; "
                                        "{odds})", target=enemy.name, unit=unit.name,
                                        distance=d, odds=odds.text())))
    out.append(Action("end_charges", label=msg("End the charge sub-phase (go to the fight)")))
    return out


def actions(s: GameState, geo: Geometry) -> list[Action]:
    c = current(s)
    if c is None:
        return declarations(s, geo)
    unit, target = s.units[c["unit"]], s.units[c["target"]]
    stage = c["stage"]
    if stage == "setup":
        return [Action("setup_move", unit.id, targets=(target.id,), placement=tuple(c["offer"]),
                       label=msg("Setup move: {unit} {inches}\" toward {target}",
                                 unit=unit.name, inches=c["setup"], target=target.name))]
    if stage == "reaction":
        return reactions.reaction_actions(s, geo, c)
    if stage == "volley_charger":
        return [Action("volley", unit.id, targets=(target.id,), option="fire",
                       label=_fire_label(unit.name, target.name)),
                Action("volley", unit.id, targets=(target.id,), option="hold",
                       label=_hold_label(unit.name))]
    if stage == "volley_target" and c.get("reaction") == reactions.OVERWATCH:
        return [Action("volley", target.id, targets=(unit.id,), option="overwatch",
                       label=msg("Overwatch volley: {unit} fires all its weapons at {target} "
                                 "(hit on 7 - BS; no cover)", unit=target.name,
                                 target=unit.name)),
                Action("volley", target.id, targets=(unit.id,), option="hold",
                       label=_hold_label(target.name))]
    if stage == "volley_target":
        return [Action("volley", target.id, targets=(unit.id,), option="fire",
                       label=_fire_label(target.name, unit.name)),
                Action("volley", target.id, targets=(unit.id,), option="hold",
                       label=_hold_label(target.name))]
    if stage == "evade":
        return [Action("evade", target.id, targets=(unit.id,), placement=tuple(c["offer"]),
                       label=msg("Evade: {unit} moves up to {inches:g}\" away from {charger}",
                                 unit=target.name, inches=evade.allowance(s, target.id),
                                 charger=unit.name))]
    if stage == "roll":
        odds = roll_chance(s, geo, unit.id, target.id)
        return [Action("charge_roll", unit.id, targets=(target.id,),
                       label=msg("Roll the charge: 2D6, drop the lowest; {odds}",
                                 odds=odds.roll_text()))]
    if stage == "move":
        return [Action("charge_move", unit.id, targets=(target.id,), placement=tuple(c["offer"]),
                       label=msg("Charge move: {unit} into base contact with {target} (up to "
                                 "{inches}\")", unit=unit.name, target=target.name,
                                 inches=c["roll"]))]
    return []


def _fire_label(shooter: str, target: str) -> str:
    return msg("Volley: {unit} fires its Assault weapons at {target} (snap shots: hit on 6)",
               unit=shooter, target=target)


def _hold_label(shooter: str) -> str:
    return msg("{unit} holds its fire", unit=shooter)


def problem(s: GameState, geo: Geometry, a: Action) -> str | None:
    c = current(s)
    if c is None:
        if a.kind == "end_charges":
            return None
        if a.kind != "declare_charge":
            return msg("'{kind}' is not possible now: declare a charge or end the charge "
                       "sub-phase", kind=a.kind)
        if a.unit not in s.units or s.units[a.unit].side != s.active or not s.unit_alive(a.unit):
            return msg("Choose one of your own units to charge with")
        reason = forbidden_reason(s, a.unit)
        if reason:
            return reason
        if len(a.targets) != 1:
            return msg("Name exactly one target ({rule})", rule=RULE_TARGET)
        return target_reason(s, geo, a.unit, a.targets[0])
    stage = c["stage"]
    expected = {"setup": "setup_move", "reaction": "react", "volley_charger": "volley",
                "volley_target": "volley", "evade": "evade", "roll": "charge_roll",
                "move": "charge_move"}[stage]
    mover = c["target"] if stage in ("reaction", "volley_target", "evade") else c["unit"]
    if a.kind != expected or a.unit != mover:
        return msg("{unit:poss} charge is at its {step} step: that comes first",
                   unit=s.units[c["unit"]].name, step=STEP_NAMES[expected])
    if a.kind == "volley":
        overwatch = stage == "volley_target" and c.get("reaction") == reactions.OVERWATCH
        allowed = ("overwatch", "hold") if overwatch else ("fire", "hold")
        if a.option in allowed:
            return None
        if overwatch:
            return msg("The Overwatch volley was declared: 'overwatch' or 'hold' ({rule})",
                       rule=RULE_OVERWATCH)
        return msg("A volley is 'fire' or 'hold' ({rule})", rule=RULE_VOLLEY)
    if a.kind == "react":
        return reactions.reaction_problem(s, geo, c, a.option or "")
    if a.kind == "evade":
        if tuple(a.placement) == tuple(c["offer"]):
            return None
        return evade.problem(s, geo, c["target"], c["unit"], a.destinations())
    if a.kind == "setup_move":
        if tuple(a.placement) == tuple(c["offer"]):
            return None
        return move_problem(s, geo, c["unit"], c["target"], a.destinations(), c["setup"],
                            SETUP_MOVE, False)
    if a.kind == "charge_move":
        if tuple(a.placement) == tuple(c["offer"]):
            return None
        return move_problem(s, geo, c["unit"], c["target"], a.destinations(), c["roll"],
                            CHARGE_MOVE, True)
    return None


def declare(s: GameState, geo: Geometry, a: Action) -> list[Event]:
    unit_id, target_id = a.unit, a.targets[0]
    unit, target = s.units[unit_id], s.units[target_id]
    unit.flags["charge_declared"] = True
    reasons = disordered_reasons(s, unit_id)
    distance = sight_distance(s, geo, unit_id, target_id)
    s.pending["charge"] = {"unit": unit_id, "target": target_id, "stage": "setup",
                           "disordered": bool(reasons), "setup": 0, "offer": (), "roll": 0,
                           "distance": 0.0, "announced": False}
    return [ChargeTargetDeclared(rule=RULE_SIGHT, unit=unit_id, unit_name=unit.name,
                                 target=target_id, target_name=target.name,
                                 distance=distance or 0.0, disordered=tuple(reasons))]


def apply_action(s: GameState, geo: Geometry, dice: Dice, a: Action) -> tuple[list[Event], list]:
    """Apply one charge decision; returns the events and any wound pools to take."""
    if a.kind == "declare_charge":
        return declare(s, geo, a), []
    c = current(s)
    unit, target = s.units[c["unit"]], s.units[c["target"]]
    if a.kind == "setup_move":
        events: list[Event] = [move_unit(s, unit.id, a.destinations(),
                                         msg("makes its setup move"), RULE_SETUP)]
        if in_contact_with(s, geo, unit.id, target.id):
            events.append(ChargeAlreadyWon(rule=RULE_ALREADY_WON, unit_name=unit.name,
                                           target_name=target.name))
            events.extend(_won(s, c))
        else:
            c["stage"] = "volley_charger"
        return events, []
    if a.kind == "react":
        c["stage"] = "volley_charger"
        return list(reactions.declare(s, c, a.option)), []
    if a.kind == "volley":
        shooter, aimed = (unit, target) if c["stage"] == "volley_charger" else (target, unit)
        c["stage"] = "volley_target" if c["stage"] == "volley_charger" else "roll"
        if a.option == "hold":
            return [StepSkipped(rule=RULE_VOLLEY, step=msg("Volley"),
                                why=_hold_label(shooter.name))], []
        return volley(s, geo, dice, shooter.id, aimed.id, overwatch=a.option == "overwatch")
    if a.kind == "evade":
        c["stage"] = "roll"
        return [move_unit(s, target.id, a.destinations(), msg("evades"), evade.RULE_EVADE)], []
    if a.kind == "charge_roll":
        return _roll(s, geo, dice, c), []
    if a.kind == "charge_move":
        moved = move_unit(s, unit.id, a.destinations(), msg("charges"), RULE_SUCCESS)
        return [moved, *_won(s, c)], []
    raise ValueError(a.kind)


def _won(s: GameState, c: dict) -> list[Event]:
    unit, target = s.units[c["unit"]], s.units[c["target"]]
    unit.flags["charged"] = True
    if c["disordered"]:
        unit.flags["disordered_charge"] = True
    c["stage"] = "done"
    return [ChargeResolved(rule=RULE_SUCCESS, unit=unit.id, unit_name=unit.name, success=True,
                           targets=(target.name,)), *lock(s, unit.id, target.id)]


def _roll(s: GameState, geo: Geometry, dice: Dice, c: dict) -> list[Event]:
    unit, target = s.units[c["unit"]], s.units[c["target"]]
    distance = geo.unit_distance(s, unit.id, target.id)
    need = needed_roll(distance)
    roll = dice.roll(2, msg("{unit} charge", unit=unit.name), RULE_ROLL)
    kept = max(roll.values)
    events: list[Event] = [ChargeRolled(rule=RULE_ROLL, unit_name=unit.name, dice=roll.values,
                                        kept=kept, needed=need)]
    if kept >= need:
        dest = solve_charge_move(s, geo, unit.id, target.id, kept, need)
        if dest is not None:
            c.update(stage="move", roll=kept, offer=make_placement(dest))
            return events
        why = msg("{kept}\" covers the {distance:.1f}\" gap, but no legal placement reaches "
                  "base contact within {kept}\": the way in is longer or blocked, or the unit "
                  "would lose coherency ({rule})", kept=kept, distance=distance,
                  rule=RULE_CLEAN_MOVE)
    else:
        why = msg("{kept}\" does not reach {target}, {distance:.1f}\" away", kept=kept,
                  target=target.name, distance=distance)
    return events + fail(s, dice, c, why)


def fail(s: GameState, dice: Dice, c: dict, why: str) -> list[Event]:
    """No move; a Cool check; all the charger's models Stunned if it fails."""
    unit = s.units[c["unit"]]
    c["stage"] = "done"
    events: list[Event] = [ChargeResolved(rule=RULE_FAILURE, unit=unit.id, unit_name=unit.name,
                                          success=False,
                                          reason=msg("{why}: no model moves", why=why))]
    passed, rolled = take_check(s, dice, unit.id, "Cl", why=msg("after a failed charge"))
    events.append(rolled)
    if not passed:
        events.extend(statuses.gain(s, unit.id, statuses.STUNNED, RULE_FAILURE))
    return events


def step(s: GameState, geo: Geometry, dice: Dice) -> list[Event] | None:
    """One automatic step of the charge in progress, or None when a decision is awaited."""
    c = current(s)
    if c is None:
        return None
    unit_id, target_id = c["unit"], c["target"]
    unit, target = s.units[unit_id], s.units[target_id]
    stage = c["stage"]
    if stage == "done":
        s.pending.pop("charge")
        return []
    if not s.unit_alive(unit_id) or not s.unit_alive(target_id):
        gone = unit if not s.unit_alive(unit_id) else target
        c["stage"] = "done"
        return [StepSkipped(rule=RULE_TARGET, step=msg("Charge"),
                            why=msg("{unit} has no models left: the charge ends",
                                    unit=gone.name))]
    if stage == "setup":
        if c["announced"]:
            return None
        c["announced"] = True
        if in_contact_with(s, geo, unit_id, target_id):
            events = [ChargeAlreadyWon(rule=RULE_ALREADY_WON, unit_name=unit.name,
                                       target_name=target.name)]
            return events + _won(s, c)
        if c["disordered"]:
            c["stage"] = "volley_charger"
            return [StepSkipped(rule=RULE_DISORDERED, step=msg("Step 3, setup move"),
                                why=DISORDERED_NONE)]
        total = initiative_plus_move(s, unit_id)
        inches = setup_move_distance(total)
        c["setup"] = inches
        events: list[Event] = [SetupMoveSet(rule=RULE_SETUP, unit_name=unit.name,
                                            initiative_plus_move=total, distance=inches)]
        dest = solve_move(s, geo, unit_id, target_id, float(inches), SETUP_MOVE, False)
        if dest is None:
            c["stage"] = "volley_charger"
            events.append(StepSkipped(rule=RULE_SETUP, step=msg("Setup move"),
                                      why=msg("no model can move closer: the unit stays")))
        else:
            c["offer"] = make_placement(dest)
        return events
    if stage == "volley_charger":
        if not c.get("reactions_asked"):
            c["reactions_asked"] = True
            if reactions.reaction_actions(s, geo, c):
                c["stage"] = "reaction"
                return []
        if c["disordered"]:
            c["stage"] = "volley_target"
            return [StepSkipped(rule=RULE_DISORDERED, step=CHARGER_VOLLEY,
                                why=DISORDERED_NONE)]
        if not shooters(s, geo, unit_id, target_id):
            c["stage"] = "volley_target"
            return [StepSkipped(rule=RULE_VOLLEY, step=CHARGER_VOLLEY,
                                why=_no_assault_weapon(unit.name))]
        return None
    if stage == "volley_target":
        if c.get("reaction") == reactions.OVERWATCH:
            if not can_overwatch(s, geo, target_id, unit_id):
                c["stage"] = "roll"
                return [StepSkipped(rule=RULE_OVERWATCH, step=msg("Step 4, the Overwatch volley"),
                                    why=msg("{unit} has no ranged weapon in range and sight any "
                                            "more", unit=target.name))]
            return None
        if not shooters(s, geo, target_id, unit_id):
            c["stage"] = "roll"
            return [StepSkipped(rule=RULE_VOLLEY, step=msg("Step 4, the target's volley"),
                                why=_no_assault_weapon(target.name))]
        return None
    if stage == "roll":
        if c.get("reaction") == reactions.EVADE and not c.get("evaded"):
            c["evaded"] = True
            placement = evade.offer(s, geo, target_id, unit_id)
            if placement is not None:
                c.update(stage="evade", offer=placement)
                return []
            return [StepSkipped(rule=evade.RULE_EVADE, step=msg("Evade"),
                                why=msg("no model of {unit} can move away any more",
                                        unit=target.name))]
        c["distance"] = geo.unit_distance(s, unit_id, target_id)
        return None
    return None


def _no_assault_weapon(name: str) -> str:
    return msg("{unit} has no Assault weapon in range and sight", unit=name)
