"""The `warband` movement phase: moves, charges (2xM into base contact), failed charges, and the
runs of fleeing models (warband.md, "Turn [added]").

Why the offered moves carry no placement: a warband has up to 15 models moving one at a time,
and solving every model's every move on each decision would cost more than the whole battle
budget. An offered move names where it heads (an enemy, an objective, the nearest friend) and
is solved when it is applied, the same way every time; a player may instead drag any placement,
which is checked by the same rules.
"""

from __future__ import annotations

import math

from game.core.actions import Action, make_placement
from game.core.dice import Dice
from game.core.events import ChargeResolved, DiceRolled, Event, Note, UnitMoved
from game.core.geometry import CONTACT_TOLERANCE, Geometry
from game.core.i18n import N_, msg
from game.core.state import GameState, Model
from game.rulesets.base import placement_reason
from game.rulesets.warband.engagement import RULE_ENGAGED, enemies_in_contact, is_engaged
from game.rulesets.warband.status import (
    CHARGED,
    FLEEING,
    MOVED,
    STOOD_UP,
    WAS_CHARGED,
    flag,
    is_down,
    is_standing,
    set_flag,
)

RULE_MOVE = msg("Movement: a model may move up to M\" (half that if it stood up this turn) (warband)")
RULE_RUN = msg("Running [added, same game family]: a model with no enemy within 8\" at the start "
               "of its move may move up to 2xM\" (it then cannot charge: a model moves or "
               "charges)")
RULE_NO_CONTACT = msg("Models touch only after a charge: a normal move ends more than 1\" from every "
                      "enemy [added]")
RULE_CHARGE = msg("Charge: declare a target the model can see within 2xM\", then move up to 2xM\" "
                  "into base contact (warband)")
RULE_FAILED_CHARGE = msg("Failed charge: a charger that cannot reach its target makes a normal move "
                         "toward it instead (warband)")
RULE_NO_CHARGE_STOOD_UP = msg("A model that stood up this turn cannot charge (warband)")
RULE_FLEE_MOVE = msg("Fleeing: a fleeing model that did not rally flees 2D6\" away from the nearest "
                     "enemy in its movement phase [added]")

#: How a move reads in the log ("Axeman runs (furthest model 8.0")").
MOVES = msg("moves")
RUNS = msg("runs")
CHARGES = msg("charges")
FLEES = msg("flees")
MOVES_TOWARD_TARGET = msg("moves toward its target (failed charge)")

#: Running is allowed with no enemy this close at the start of the move [added].
RUN_CLEARANCE = 8.0
#: A normal move ends more than this from every enemy base [added].
KEEP_AWAY = 1.0
#: Offered moves toward an enemy stop this far from it.
APPROACH_GAP = KEEP_AWAY + 0.5
#: A charger aims to end this close (edge to edge): well inside base contact.
CHARGE_GAP = CONTACT_TOLERANCE / 2
#: Spots round a charge target tried for the charger, and how many paths may be measured.
CHARGE_SPOTS = 24
CHARGE_ROUTES_TRIED = 6
#: A model with no friend this close may regroup (the all-alone distance).
FRIEND_RANGE = 6.0
#: Fleeing models run toward a point this far away (the table edge stops them first).
FLEE_REACH = 100.0


def model_of(s: GameState, unit_id: str) -> Model:
    """Every warband unit is one model."""
    return s.models[s.units[unit_id].models[0]]


def enemy_gaps(s: GameState, geo: Geometry, model: Model) -> list[tuple[float, Model]]:
    """(distance, enemy) for every living enemy model, in the state's order: the offers read
    running, charge reach and the nearest enemy off one measurement per pair."""
    return [(geo.distance(model, enemy), enemy) for enemy in s.models.values()
            if enemy.alive and enemy.side != model.side]


def allowance(s: GameState, geo: Geometry, model: Model,
              gaps: list[tuple[float, Model]] | None = None) -> float:
    """M; half that after standing up; twice that when running."""
    move = float(model.profile["M"])
    if flag(s, model, STOOD_UP):
        return move / 2
    return 2 * move if can_run(s, geo, model, gaps) else move


def can_run(s: GameState, geo: Geometry, model: Model,
            gaps: list[tuple[float, Model]] | None = None) -> bool:
    """No enemy within 8" at the start of the move, and it did not stand up this turn."""
    if flag(s, model, STOOD_UP):
        return False
    if gaps is None:
        gaps = enemy_gaps(s, geo, model)
    return all(gap > RUN_CLEARANCE for gap, _ in gaps)


def charge_reach(model: Model) -> float:
    return 2.0 * model.profile["M"]


def act_bar(s: GameState, geo: Geometry, model: Model) -> str | None:
    """Which rule keeps this model from moving or charging now (a short key), or None. The
    offers ask it of every model on every listing and only want yes or no: the reason's text
    is built by `cannot_act`, when a refusal needs it."""
    if not model.alive:
        return "out"
    if model.side != s.active:
        return "not_active"
    if flag(s, model, MOVED):
        return "moved"
    if is_down(s, model):
        return "down"
    if flag(s, model, FLEEING):
        return "fleeing"
    if is_engaged(s, geo, model):
        return "engaged"
    return None


def cannot_act(s: GameState, geo: Geometry, model: Model) -> str | None:
    """Why this model cannot move or charge now, quoting the rule, or None."""
    bar = act_bar(s, geo, model)
    if bar is None:
        return None
    if bar == "out":
        return msg("{model} is out of action", model=model.name)
    if bar == "not_active":
        return msg("{model} is not in the warband whose turn it is", model=model.name)
    if bar == "moved":
        return msg("{model} has already moved this turn", model=model.name)
    if bar == "down":
        return msg("{model} is knocked down or stunned and cannot move", model=model.name)
    if bar == "fleeing":
        return msg("{model} is fleeing: it runs in the recovery step and cannot move or charge",
                   model=model.name)
    return msg("{model} cannot move: {rule}", model=model.name, rule=RULE_ENGAGED)


# --- charges ---------------------------------------------------------------------------------
def charge_problem(s: GameState, geo: Geometry, model: Model, target: Model) -> str | None:
    """Why this model may not declare a charge on this target, or None."""
    if flag(s, model, STOOD_UP):
        return msg("{model} cannot charge: {rule}", model=model.name,
                   rule=RULE_NO_CHARGE_STOOD_UP)
    if not target.alive or target.side == model.side:
        return msg("Choose an enemy model on the table to charge")
    if geo.in_contact(model, target):
        return msg("{model} is already in base contact with {target}", model=model.name,
                   target=target.name)
    reach = charge_reach(model)
    if geo.distance(model, target) > reach + 1e-9:
        return msg("{target} is {distance:.1f}\" away, beyond {model:poss} charge reach of "
                   "{reach:g}\" ({rule})", target=target.name,
                   distance=geo.distance(model, target), model=model.name, reach=reach,
                   rule=RULE_CHARGE)
    if not geo.line_of_sight(s, model, target):
        return msg("{model} cannot see {target} ({rule})", model=model.name, target=target.name,
                   rule=RULE_CHARGE)
    return None


def charge_targets(s: GameState, geo: Geometry, model: Model,
                   gaps: list[tuple[float, Model]] | None = None) -> list[Model]:
    if flag(s, model, STOOD_UP):
        return []
    reach = charge_reach(model)
    if gaps is None:
        gaps = enemy_gaps(s, geo, model)
    return [enemy for gap, enemy in gaps
            if CONTACT_TOLERANCE < gap <= reach + 1e-9 and geo.line_of_sight(s, model, enemy)]


def charge_placement_problem(s: GameState, geo: Geometry, model: Model, target: Model,
                             dest) -> str | None:
    """A dragged charge: up to 2xM by a legal path, ending in base contact with the target."""
    problem = placement_reason(s, geo, model.unit, {model.id: dest}, charge_reach(model),
                               how="charge")
    if problem:
        return problem
    moved = model.copy()
    moved.x, moved.y = dest
    if not geo.in_contact(moved, target):
        return msg("{model} must end its charge in base contact with {target}",
                   model=model.name, target=target.name)
    return None


def solve_charge(s: GameState, geo: Geometry, model: Model, target: Model):
    """Where the charger ends in base contact with its target, or None if it cannot reach.

    Spots round the target in base contact are tried nearest first (straight-line distance,
    a lower bound of the path): the first free one with a legal path of at most 2xM is taken.
    Bases with corners use the table's charge solver instead."""
    if model.base.kind != "round" or target.base.kind != "round":
        dest = geo.approach(s, model.unit, [target.id], charge_reach(model),
                            CHARGE_GAP)[model.id]
        moved = model.copy()
        moved.x, moved.y = dest
        return dest if geo.in_contact(moved, target) else None
    reach = charge_reach(model)
    stand_off = (model.base.width + target.base.width) / 2 + CHARGE_GAP
    heading = math.atan2(model.y - target.y, model.x - target.x)
    spots = []
    for step in range(CHARGE_SPOTS):
        angle = heading + 2 * math.pi * step / CHARGE_SPOTS
        spot = (round(target.x + stand_off * math.cos(angle), 3),
                round(target.y + stand_off * math.sin(angle), 3))
        straight = math.hypot(spot[0] - model.x, spot[1] - model.y)
        if straight <= reach + 1e-9:
            spots.append((straight, step, spot))
    routes = 0
    for _, _, spot in sorted(spots):
        if geo.placement_problem(s, {model.id: spot}) is not None:
            continue
        routes += 1
        length = geo.path_length(s, model, spot)
        if length is not None and length <= reach + 1e-9:
            return spot
        if routes >= CHARGE_ROUTES_TRIED:
            break
    return None


def resolve_charge(s: GameState, geo: Geometry, model: Model, target: Model,
                   dest=None) -> list[Event]:
    set_flag(s, model, MOVED)
    if dest is None:
        dest = solve_charge(s, geo, model, target)
    if dest is None:
        events: list[Event] = [ChargeResolved(
            rule=RULE_FAILED_CHARGE, unit=model.unit, unit_name=model.name, success=False,
            reason=msg("no way into base contact with {target} within {reach:g}\": it moves "
                       "toward it instead", target=target.name, reach=charge_reach(model)))]
        return events + move_model(s, geo, model, toward_enemy(s, geo, model, target),
                                   MOVES_TOWARD_TARGET, RULE_FAILED_CHARGE)
    set_flag(s, model, CHARGED)
    set_flag(s, target, WAS_CHARGED)
    moved = move_model(s, geo, model, dest, CHARGES, RULE_CHARGE)
    return moved + [ChargeResolved(rule=RULE_CHARGE, unit=model.unit, unit_name=model.name,
                                   success=True, targets=(target.name,))]


# --- normal moves ----------------------------------------------------------------------------
def move_problem(s: GameState, geo: Geometry, model: Model, dest) -> str | None:
    """A normal move: up to its allowance by a legal path, ending clear of every enemy."""
    if (model.x, model.y) == tuple(dest):
        return None
    problem = placement_reason(s, geo, model.unit, {model.id: tuple(dest)},
                               allowance(s, geo, model))
    if problem:
        return problem
    moved = model.copy()
    moved.x, moved.y = dest
    for enemy in s.models.values():
        if enemy.alive and enemy.side != model.side and geo.distance(moved, enemy) <= KEEP_AWAY:
            return msg("{model} would end within 1\" of {enemy} ({rule})", model=model.name,
                       enemy=enemy.name, rule=RULE_NO_CONTACT)
    return None


def toward_enemy(s: GameState, geo: Geometry, model: Model, enemy: Model):
    dest = geo.approach(s, model.unit, [enemy.id], allowance(s, geo, model), APPROACH_GAP,
                        avoid=[m.id for m in s.models.values()
                               if m.alive and m.side != model.side],
                        avoid_range=KEEP_AWAY)
    return dest[model.id]


def toward_point(s: GameState, geo: Geometry, model: Model, point) -> tuple[float, float]:
    return geo.move_toward(s, model.unit, point, allowance(s, geo, model), KEEP_AWAY)[model.id]


def toward_friend(s: GameState, geo: Geometry, model: Model, friend: Model):
    dest = geo.approach(s, model.unit, [friend.id], allowance(s, geo, model), 2.0,
                        avoid=[m.id for m in s.models.values()
                               if m.alive and m.side != model.side],
                        avoid_range=KEEP_AWAY)
    return dest[model.id]


def planned_destination(s: GameState, geo: Geometry, a: Action):
    """Where an offered (unsolved) move takes the model."""
    model = model_of(s, a.unit)
    if a.placement:
        return a.destinations()[model.id]
    if a.targets:
        return toward_enemy(s, geo, model, model_of(s, a.targets[0]))
    if a.option and a.option.startswith("objective:"):
        obj = s.scenario.objectives[int(a.option.split(":", 1)[1])]
        return toward_point(s, geo, model, (obj.x, obj.y))
    if a.option == "regroup":
        friend = nearest_friend(s, geo, model)
        return (model.x, model.y) if friend is None else toward_friend(s, geo, model, friend)
    return (model.x, model.y)


def move_model(s: GameState, geo: Geometry, model: Model, dest, how: str,
               rule: str = RULE_MOVE) -> list[Event]:
    set_flag(s, model, MOVED)
    dest = (float(dest[0]), float(dest[1]))
    if dest == (model.x, model.y):
        return [Note(rule=rule, text=msg("{model} stays where it is (no room to move)",
                                         model=model.name))]
    x0, y0 = model.x, model.y
    model.x, model.y = dest
    return [UnitMoved(rule=rule, unit=model.unit, unit_name=model.name, how=how,
                      longest=math.hypot(dest[0] - x0, dest[1] - y0),
                      moves=((model.id, x0, y0, dest[0], dest[1]),))]


def nearest_friend(s: GameState, geo: Geometry, model: Model) -> Model | None:
    friends = [m for m in s.models.values()
               if m.alive and m.side == model.side and m.id != model.id and is_standing(s, m)]
    return min(friends, key=lambda f: (geo.distance(model, f), f.id), default=None)


def nearest_enemy(s: GameState, geo: Geometry, model: Model,
                  gaps: list[tuple[float, Model]] | None = None) -> Model | None:
    if gaps is None:
        gaps = enemy_gaps(s, geo, model)
    nearest = min(gaps, key=lambda row: (row[0], row[1].id), default=None)
    return None if nearest is None else nearest[1]


# --- fleeing ---------------------------------------------------------------------------------
def flee_move(s: GameState, geo: Geometry, dice: Dice, model: Model, rule: str) -> list[Event]:
    """2D6" straight away from the enemies in contact (or the nearest enemy), ending more than
    1" from every enemy where it can."""
    roll = dice.roll(2, f"{model.name} flees", rule)
    events: list[Event] = [DiceRolled(rule=rule, who=model.name, label=msg("2D6 to flee"),
                                      values=roll.values,
                                      outcome=msg("flees up to {distance}\"",
                                                  distance=roll.total))]
    threats = enemies_in_contact(s, geo, model)
    if not threats:
        nearest = nearest_enemy(s, geo, model)
        threats = [nearest] if nearest is not None else []
    if not threats:
        return events
    cx = sum(t.x for t in threats) / len(threats)
    cy = sum(t.y for t in threats) / len(threats)
    dx, dy = model.x - cx, model.y - cy
    norm = math.hypot(dx, dy)
    if norm < 1e-9:
        dx, dy, norm = 1.0, 0.0, 1.0
    point = (model.x + dx / norm * FLEE_REACH, model.y + dy / norm * FLEE_REACH)
    dest = geo.move_toward(s, model.unit, point, float(roll.total), KEEP_AWAY)[model.id]
    if dest == (model.x, model.y):
        dest = geo.move_toward(s, model.unit, point, float(roll.total), 0.0)[model.id]
    x0, y0 = model.x, model.y
    if dest == (x0, y0):
        return events + [Note(rule=rule, text=msg("{model} has nowhere to flee",
                                                  model=model.name))]
    model.x, model.y = dest
    return events + [UnitMoved(rule=rule, unit=model.unit, unit_name=model.name, how=FLEES,
                               longest=math.hypot(dest[0] - x0, dest[1] - y0),
                               moves=((model.id, x0, y0, dest[0], dest[1]),))]


# --- what the phase offers -------------------------------------------------------------------
def movement_actions(s: GameState, geo: Geometry) -> list[Action]:
    """Per model that may act: a charge on each enemy it can reach and see, a move toward the
    nearest enemy, to the nearest objective, to a friend when it has none within 6"; then
    ending the phase."""
    out: list[Action] = []
    for model in sorted((m for m in s.models.values() if m.alive and m.side == s.active),
                        key=lambda m: m.id):
        if act_bar(s, geo, model) is not None:
            continue
        unit = model.unit
        gaps = enemy_gaps(s, geo, model)
        gap_of = {enemy.id: gap for gap, enemy in gaps}
        for target in charge_targets(s, geo, model, gaps):
            out.append(Action("charge", unit, targets=(target.unit,),
                              label=msg("{model}: charge {target} ({distance:.1f}\", reach "
                                        "{reach:g}\")", model=model.name, target=target.name,
                                        distance=gap_of[target.id],
                                        reach=charge_reach(model))))
        enemy = nearest_enemy(s, geo, model, gaps)
        if enemy is not None and gap_of[enemy.id] > APPROACH_GAP + 0.05:
            template = RUN_TOWARD if can_run(s, geo, model, gaps) else MOVE_TOWARD
            out.append(Action("move", unit, targets=(enemy.unit,),
                              label=msg(template, model=model.name, enemy=enemy.name,
                                        reach=allowance(s, geo, model, gaps))))
        objective = nearest_objective(s, geo, model)
        if objective is not None:
            index, obj = objective
            label = msg("{model}: move to {objective}", model=model.name, objective=obj.name) \
                if obj.name else msg("{model}: move to the objective", model=model.name)
            out.append(Action("move", unit, option=f"objective:{index}", label=label))
        friend = nearest_friend(s, geo, model)
        if friend is not None and geo.distance(model, friend) > FRIEND_RANGE:
            out.append(Action("move", unit, option="regroup",
                              label=msg("{model}: regroup toward {friend}", model=model.name,
                                        friend=friend.name)))
    if not out:  # nobody can move: nothing to decide
        return [Action("end_phase", option="auto",
                       label=msg("No model can move: on to close combat"))]
    out.append(Action("end_phase", label=msg("End the movement phase (models that did not move "
                                              "stay where they are)")))
    return out


#: The two wordings of a move toward the nearest enemy (message ids: see `movement_actions`).
RUN_TOWARD = N_("{model}: run toward {enemy} (up to {reach:g}\")")
MOVE_TOWARD = N_("{model}: move toward {enemy} (up to {reach:g}\")")


def nearest_objective(s: GameState, geo: Geometry, model: Model):
    """The nearest objective the model is not already standing on (within 1")."""
    best = None
    for index, obj in enumerate(s.scenario.objectives):
        gap = geo.point_distance(model, (obj.x, obj.y))
        if gap > 1.0 and (best is None or gap < best[0]):
            best = (gap, index, obj)
    return None if best is None else (best[1], best[2])


UNKNOWN_OBJECTIVE = msg("Unknown objective")


def move_action_problem(s: GameState, geo: Geometry, a: Action) -> str | None:
    """explain_illegal for a movement-phase action of one model."""
    if a.unit not in s.units:
        return msg("Choose one of your models")
    model = model_of(s, a.unit)
    reason = cannot_act(s, geo, model)
    if reason:
        return reason
    if a.kind == "charge":
        if len(a.targets) != 1 or a.targets[0] not in s.units:
            return msg("A charge names one enemy model")
        target = model_of(s, a.targets[0])
        problem = charge_problem(s, geo, model, target)
        if problem:
            return problem
        if a.placement:
            if set(a.destinations()) != {model.id}:
                return msg("A charge places only the charging model")
            return charge_placement_problem(s, geo, model, target, a.destinations()[model.id])
        return None
    if a.placement:
        if set(a.destinations()) != {model.id}:
            return msg("A move places only the moving model")
        return move_problem(s, geo, model, a.destinations()[model.id])
    if a.targets:
        if len(a.targets) != 1 or a.targets[0] not in s.units:
            return msg("Name one enemy model to move toward")
        enemy = model_of(s, a.targets[0])
        if not enemy.alive or enemy.side == model.side:
            return msg("Name an enemy model on the table to move toward")
        return None
    if a.option == "regroup":
        return None
    if a.option and a.option.startswith("objective:"):
        try:
            index = int(a.option.split(":", 1)[1])
        except ValueError:
            return UNKNOWN_OBJECTIVE
        if not 0 <= index < len(s.scenario.objectives):
            return UNKNOWN_OBJECTIVE
        return None
    return msg("Give the model a destination (a placement, an enemy or an objective)")


# --- moves dragged by hand (the client) ------------------------------------------------------
def drag_template(s: GameState, geo: Geometry, unit_id: str) -> Action | None:
    """What a hand drag of this model stands for: a move carrying its placement (checked by
    `move_action_problem` like any other), or None when the model may not move now."""
    if s.phase != "movement" or unit_id not in s.units:
        return None
    model = model_of(s, unit_id)
    if cannot_act(s, geo, model):
        return None
    return Action("move", unit_id, placement=make_placement({model.id: (model.x, model.y)}))


def drag_allowance(s: GameState, geo: Geometry, a: Action) -> float | None:
    """The distance the dragged move allows: 2xM for a charge, else the move allowance."""
    if a.unit not in s.units or a.kind not in ("move", "charge"):
        return None
    model = model_of(s, a.unit)
    return charge_reach(model) if a.kind == "charge" else allowance(s, geo, model)


def drag_reach(s: GameState, geo: Geometry, a: Action) -> float | None:
    """How far a drag may be pulled: a model that may charge someone may be dragged up to its
    charge reach (dropped on the enemy it becomes a charge), else up to its move."""
    if a.unit not in s.units or a.kind not in ("move", "charge"):
        return None
    model = model_of(s, a.unit)
    if charge_targets(s, geo, model):
        return max(charge_reach(model), allowance(s, geo, model))
    return allowance(s, geo, model)


def snapped_drag(s: GameState, geo: Geometry, a: Action) -> Action:
    """A dragged model dropped on an enemy it may charge (within 1" of it, where a normal move
    may not end) charges it, put in base contact on the side it was dropped; dragged away
    again, it is a normal move. Anything else comes back as it is."""
    if s.phase != "movement" or a.kind not in ("move", "charge") or not a.placement:
        return a
    if a.unit not in s.units:
        return a
    model = model_of(s, a.unit)
    dest = a.destinations().get(model.id)
    if dest is None:
        return a
    moved = model.copy()
    moved.x, moved.y = dest
    near = [e for e in charge_targets(s, geo, model) if geo.distance(moved, e) <= KEEP_AWAY]
    if not near:
        if a.kind == "charge":
            return Action("move", a.unit, placement=a.placement)
        return a
    target = min(near, key=lambda e: (geo.distance(moved, e), e.id))
    spot = tuple(dest)
    if model.base.kind == "round" and target.base.kind == "round":
        stand_off = (model.base.width + target.base.width) / 2 + CHARGE_GAP
        dx, dy = dest[0] - target.x, dest[1] - target.y
        if math.hypot(dx, dy) < 1e-6:
            dx, dy = model.x - target.x, model.y - target.y
        angle = math.atan2(dy, dx)
        spot = (round(target.x + stand_off * math.cos(angle), 3),
                round(target.y + stand_off * math.sin(angle), 3))
    return Action("charge", a.unit, targets=(target.unit,),
                  placement=make_placement({model.id: spot}))
