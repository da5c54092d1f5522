"""Orders that move a block without fighting: Hold, March (with a wheel), Turn, and Flee
(ranks.md, "Orders and turn" [added]).

Every move is one rigid motion of the block, described by its action's `option` in words
(options.py: "wheel 30° left, then 4.2\" forward"); the action's placement is what that motion gives, so the client
can draw it, and `check` recomputes it before anything moves.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.actions import Action, make_placement
from game.core.geometry import Geometry
from game.core.i18n import N_, msg
from game.core.state import GameState, Point
from game.rulesets.ranks import formation, sweep
from game.rulesets.ranks.formation import Extent, Frame
from game.rulesets.ranks.options import option_text, parse_option
from game.rulesets.ranks.recall import board, recalled
from game.rulesets.ranks.shapes import normalise_angle, signed_turn
from game.rulesets.ranks.wording import lowered

RULE_HOLD = msg("Hold: the unit stays where it is (ranks [added])")
RULE_MARCH = msg("March: forward up to M; a wheel turns about the inner front corner and costs "
                 "the outer corner's path (ranks [added])")
RULE_TURN = msg("Turn: face 90 or 180 degrees (about the block's centre) for half the move, then "
                "forward with the other half (ranks [added])")
RULE_NO_CONTACT = msg("Only a Charge may end a move on an enemy (ranks)")
RULE_FLEE = msg("Flee: turn away from the enemy and move one full move straight ahead "
                "(ranks [added])")
RULE_TERRAIN = msg("Moving: no passing through enemy bases or impassable terrain; every inch in "
                   "difficult terrain costs 2\" (common rules)")
#: The offered Turns' labels, by the turn's degrees.
TURN_LABELS = {90.0: msg("Turn right"), -90.0: msg("Turn left"), 180.0: msg("Turn about")}
TURN_ADVANCE_LABELS = {90.0: N_("Turn right and advance {forward:.1f}\""),
                       -90.0: N_("Turn left and advance {forward:.1f}\""),
                       180.0: N_("Turn about and advance {forward:.1f}\"")}

TURNS = (90.0, -90.0, 180.0)
#: The moves as a refusal names them ("Cannot march: ..."), one whole text per move.
CANNOT = {"march": N_("Cannot march: {problem}"), "turn": N_("Cannot turn: {problem}")}
CANNOT_OTHER = N_("Cannot {order}: {problem}")
RIGID_OTHER = N_("{unit} moves as one rigid block: the bases must end where the {order} puts "
                 "them")
RIGID = {"march": N_("{unit} moves as one rigid block: the bases must end where the march "
                    "puts them"),
         "turn": N_("{unit} moves as one rigid block: the bases must end where the turn puts "
                   "them")}
#: How precisely the farthest legal advance is found (inches).
ADVANCE_PRECISION = 0.02
#: A step back is skipped only when it ends this much inside a known overlap (float safety).
SKIP_MARGIN = 1e-7
#: Objectives a unit is offered to march to (the nearest ones).
OBJECTIVES_OFFERED = 2


@dataclass(frozen=True)
class Plan:
    """A solved move: where the block ends, what the motion cost, and why it is illegal."""

    frame: Frame
    cost: float
    problem: str | None = None

    def destinations(self, s: GameState, unit_id: str) -> dict[str, Point]:
        return {mid: (round(x, 3), round(y, 3))
                for mid, (x, y) in formation.positions(s, unit_id, self.frame).items()}


def allowance(s: GameState, unit_id: str) -> float:
    return float(s.units[unit_id].profile["M"])


# --- plans ---------------------------------------------------------------------------------------

def march_plan(s: GameState, unit_id: str, wheel_degrees: float, forward: float,
               sur: sweep.Surroundings | None = None, wheel: tuple | None = None,
               block: tuple[Frame, Extent] | None = None) -> Plan:
    """Wheel (about the inner front corner), then straight ahead; cost = the outer corner's
    path plus the advance, difficult terrain doubled. `wheel` may give the wheel's outcome
    already worked out (`sweep.wheel`), and `block` the unit's frame and extent in this
    state, when many advances after one wheel are tried."""
    sur = sur or sweep.Surroundings(s, unit_id)
    start, ext = block or formation.block(s, unit_id)
    if forward < -1e-9:
        return Plan(start, 0.0, msg("a March only moves forward (Turn first to go elsewhere)"))
    wheeled, cost, blocker = wheel or sweep.wheel(sur, start, ext, wheel_degrees)
    if blocker is not None:
        return Plan(wheeled, cost, msg("the wheel would pass through {blocker}",
                                       blocker=blocker))
    end = formation.advanced(wheeled, forward)
    more, blocker = sweep.straight(sur, wheeled, end, ext, ahead=True)
    if blocker is not None:
        return Plan(end, cost + more, msg("the march would pass through {blocker}",
                                          blocker=blocker))
    return _ending(s, unit_id, sur, end, cost + more, allowance(s, unit_id), ext)


def turn_plan(s: GameState, unit_id: str, degrees: float, forward: float,
              sur: sweep.Surroundings | None = None,
              block: tuple[Frame, Extent] | None = None) -> Plan:
    """A drill turn about the centre for half the move, then up to the other half ahead
    (`block`: the unit's frame and extent in this state, when known)."""
    sur = sur or sweep.Surroundings(s, unit_id)
    start, ext = block or formation.block(s, unit_id)
    if round(degrees) not in (90, -90, 180, -180, 270):
        return Plan(start, 0.0, msg("a Turn faces 90 or 180 degrees"))
    half = allowance(s, unit_id) / 2
    turned = formation.turned(start, ext, degrees)
    problem = sweep.end_problem(sur, s, unit_id, turned, ext)
    if problem:
        return Plan(turned, half, msg("no room to turn: {problem}", problem=problem))
    if forward < -1e-9:
        return Plan(turned, half, msg("after a Turn the unit only moves forward"))
    end = formation.advanced(turned, forward)
    more, blocker = sweep.straight(sur, turned, end, ext, ahead=True)
    if blocker is not None:
        return Plan(end, half + more, msg("the move would pass through {blocker}",
                                          blocker=blocker))
    return _ending(s, unit_id, sur, end, half + more, allowance(s, unit_id), ext)


def _ending(s, unit_id, sur, end: Frame, cost: float, budget: float,
            ext: Extent | None = None) -> Plan:
    if cost > budget + 1e-6:
        return Plan(end, cost, msg("it would cost {cost:.1f}\", more than its move of "
                                   "{move:g}\"", cost=cost, move=budget))
    problem = sweep.end_problem(sur, s, unit_id, end, ext)
    if problem:
        return Plan(end, cost, problem)
    touched = sweep.touched_enemy(sur, s, unit_id, end, ext)
    if touched:
        return Plan(end, cost, msg("it would end touching {base} ({rule})", base=touched,
                                   rule=lowered(RULE_NO_CONTACT)))
    return Plan(end, cost)


def farthest_forward(plan_for, budget: float, leaving_contact: bool = False,
                     passes=None, overlapped=None) -> float | None:
    """The largest advance in [0, budget] whose plan is legal, or None if there is none.

    Passing through is monotone (a longer stretch sweeps more), ending is not (friends may be
    passed but not stood on): bisect on the sweep, then step back until the end is legal.
    A flight (`leaving_contact`) may start touching an enemy, so standing still proves
    nothing, and it must get at least 0.05" away to count. `passes(d)` says whether the
    stretch of `d` passes through something, as the plan's problem would (only the sweep:
    the bisection needs no more, and a stretch that does not pass through at its full
    length passes through nowhere shorter). `overlapped(d)`, where the block ends overlapping
    a base, gives a length above which every shorter stretch still does (`sweep.
    overlapped_since`): stepping back skips those without planning them."""
    if passes is None:
        def passes(d: float) -> bool:
            problem = plan_for(d).problem
            return problem is not None and "pass through" in problem
    full = plan_for(budget).problem
    if full is None:
        return budget
    if not leaving_contact and plan_for(0.0).problem is not None:
        return None
    clear = "pass through" not in full
    low, high = 0.0, budget
    while high - low > ADVANCE_PRECISION:
        middle = (low + high) / 2
        if clear or not passes(middle):
            low = middle
        else:
            high = middle
    shortest = 0.05 if leaving_contact else 0.0
    distance = low
    while distance > shortest:
        if plan_for(distance).problem is None:
            return distance
        since = overlapped(distance) if overlapped is not None else None
        distance -= 0.1
        if since is not None:
            while distance > shortest and distance > since + SKIP_MARGIN:
                distance -= 0.1
    return None if leaving_contact else 0.0


def planned(plan_for):
    """`plan_for` with each advance's plan kept: the search for the farthest advance often
    plans the very advance it then offers (the whole move, when nothing is in the way), and a
    plan depends on nothing else that changes meanwhile."""
    plans: dict[float, Plan] = {}

    def plan(distance: float) -> Plan:
        found = plans.get(distance)
        if found is None:
            found = plans[distance] = plan_for(distance)
        return found

    return plan


def passes_through(sur: sweep.Surroundings, start: Frame, forward: float, ext: Extent) -> bool:
    """A straight stretch of `forward` from `start` passes through an enemy or impassable
    ground (what a plan reports as "... would pass through ...")."""
    return sweep.straight(sur, start, formation.advanced(start, forward), ext, ahead=True,
                          costed=False)[1] is not None


def wheel_to_face(s: GameState, unit_id: str, point: Point,
                  block: tuple[Frame, Extent] | None = None) -> float:
    """The wheel (degrees) that turns the block's front toward a point, seen from the middle
    of its front edge (`block`: the unit's frame and extent in this state, when known)."""
    frame, ext = block or formation.block(s, unit_id)
    fx, fy = formation.front_centre(frame, ext)
    wanted = math.degrees(math.atan2(point[1] - fy, point[0] - fx))
    return signed_turn(wanted - frame.facing)


def wheel_within(ext: Extent, degrees: float, budget: float) -> float:
    """The wheel cut down to what the budget pays for."""
    if ext.frontage <= 0 or abs(degrees) < 1e-9:
        return degrees
    most = math.degrees(budget / ext.frontage)
    return max(-most, min(most, degrees))


# --- offered moves --------------------------------------------------------------------------------

def distinct(actions: list[Action | None]) -> list[Action]:
    """The actions that exist, each placement once (the first that reaches it)."""
    out, seen = [], set()
    for a in actions:
        if a is not None and a.placement not in seen:
            seen.add(a.placement)
            out.append(a)
    return out


def march_aim(s: GameState, unit_id: str, point: Point | None,
              block: tuple[Frame, Extent] | None = None) -> tuple[float, float] | None:
    """(wheel, longest advance) of the March toward `point` (straight ahead when None): the
    wheel that faces it, cut to what the move pays for, then no further than the point;
    None when even the wheel costs more than the move (`block`: the unit's frame and
    extent in this state, when known: its ground and its solver both aim the march)."""
    block = block or formation.block(s, unit_id)
    start, ext = block
    budget = allowance(s, unit_id)
    degrees = 0.0 if point is None else wheel_to_face(s, unit_id, point, block)
    degrees = wheel_within(ext, degrees, budget)
    degrees = math.copysign(math.floor(abs(degrees) * 1000) / 1000, degrees)
    left = budget - formation.wheel_cost(ext, degrees)
    if left < -1e-9:
        return None
    reach = max(left, 0.0)
    if point is not None:
        wheeled = formation.wheeled(start, ext, degrees)
        fx, fy = formation.front_centre(wheeled, ext)
        ahead = ((point[0] - fx) * math.cos(math.radians(wheeled.facing))
                 + (point[1] - fy) * math.sin(math.radians(wheeled.facing)))
        reach = min(reach, max(ahead, 0.0))
    return degrees, reach


def march_toward(s: GameState, unit_id: str, name: str, point: Point | None,
                 sur: sweep.Surroundings) -> Action | None:
    """The March named `name`: straight ahead (`point` None), or wheeled to face `point` and
    on toward it as far as is legal (never past it); None when it would not move the block."""
    block = formation.block(s, unit_id)
    aim = march_aim(s, unit_id, point, block)
    if aim is None:
        return None
    degrees, reach = aim
    start, ext = block
    wheel = sweep.wheel(sur, start, ext, degrees)
    if wheel[2] is not None:
        return None
    plan_for = planned(lambda d: march_plan(s, unit_id, degrees, d, sur, wheel, block))
    forward = farthest_forward(
        plan_for, reach,
        passes=lambda d: passes_through(sur, wheel[0], d, ext),
        overlapped=lambda d: sweep.overlapped_since(sur, s, unit_id,
                                                    formation.advanced(wheel[0], d), d))
    if forward is None:
        return None
    forward = math.floor(forward * 1000) / 1000
    if forward < 0.05 and abs(degrees) < 0.5:
        return None
    plan = plan_for(forward)
    if plan.problem:
        return None
    if abs(degrees) < 0.5:
        label = msg("March {goal} ({cost:.1f}\")", goal=name, cost=plan.cost)
    elif degrees > 0:
        label = msg("March {goal} ({cost:.1f}\", wheeling {degrees:.0f}\u00b0 right)",
                    goal=name, cost=plan.cost, degrees=abs(degrees))
    else:
        label = msg("March {goal} ({cost:.1f}\", wheeling {degrees:.0f}\u00b0 left)",
                    goal=name, cost=plan.cost, degrees=abs(degrees))
    return Action("march", unit_id, placement=make_placement(plan.destinations(s, unit_id)),
                  option=option_text(wheel=degrees, forward=forward), label=label)


def best_turn(s: GameState, unit_id: str, toward: Point | None) -> float | None:
    """The turn (90, -90 or 180) that best faces `toward`, seen from the block's anchor."""
    if toward is None:
        return None
    start = formation.frame_of(s, unit_id)
    wanted = math.degrees(math.atan2(toward[1] - start.y, toward[0] - start.x))
    return min(TURNS, key=lambda d: abs(signed_turn(start.facing + d - wanted)))


def spot_turns(s: GameState, unit_id: str, sur: sweep.Surroundings) -> list[Action | None]:
    """Each of TURNS on the spot, in that order (None where there is no room)."""
    out: list[Action | None] = []
    block = formation.block(s, unit_id)
    for degrees in TURNS:
        plan = turn_plan(s, unit_id, degrees, 0.0, sur, block)
        out.append(None if plan.problem else Action(
            "turn", unit_id, placement=make_placement(plan.destinations(s, unit_id)),
            option=option_text(by=degrees, forward=0.0), label=TURN_LABELS[degrees]))
    return out


def turn_ahead(s: GameState, unit_id: str, degrees: float, sur: sweep.Surroundings
               ) -> Action | None:
    """A turn by `degrees`, then ahead as far as is legal in the other half move (None when
    that is not even 0.05"; only offered where the turn on the spot is legal)."""
    half = allowance(s, unit_id) / 2
    block = formation.block(s, unit_id)
    turned = formation.turned(*block, degrees)
    plan_for = planned(lambda d: turn_plan(s, unit_id, degrees, d, sur, block))
    forward = farthest_forward(plan_for, half,
                               passes=lambda d: passes_through(sur, turned, d, block[1]),
                               overlapped=lambda d: sweep.overlapped_since(
                                   sur, s, unit_id, formation.advanced(turned, d), d))
    if not forward or forward < 0.05:
        return None
    forward = math.floor(forward * 1000) / 1000
    plan = plan_for(forward)
    if plan.problem is not None:
        return None
    return Action("turn", unit_id, placement=make_placement(plan.destinations(s, unit_id)),
                  option=option_text(by=degrees, forward=forward),
                  label=msg(TURN_ADVANCE_LABELS[degrees], forward=forward))


# --- checks ---------------------------------------------------------------------------------------

def plan_of(s: GameState, action: Action, geo: Geometry | None = None,
            sur: sweep.Surroundings | None = None) -> Plan:
    """The motion an action's option describes (march / turn); with the table, remembered by
    the board (recall.py), so that checking a move and making it plan it once (`sur`: the
    unit's surroundings in this state, when the caller has them)."""
    if geo is not None:
        return recalled(geo, ("plan", board(s), action.unit, action.kind, action.option),
                        lambda: plan_of(s, action, sur=sur))
    values = parse_option(action.option)
    if action.kind == "march":
        return march_plan(s, action.unit, values.get("wheel", 0.0), values.get("forward", 0.0),
                          sur)
    return turn_plan(s, action.unit, values.get("by", 0.0), values.get("forward", 0.0), sur)


def snapped(s: GameState, action: Action) -> Action:
    """A March or Turn whose block was dragged by hand, turned into the move it stands for:
    the option's wheel (or turn) kept, the advance read from how far ahead along that facing
    the block was dragged (never back, never past the move). Other actions come back as
    they are."""
    if action.kind not in ("march", "turn") or not action.placement:
        return action
    values = parse_option(action.option)
    start, ext = formation.block(s, action.unit)
    if action.kind == "march":
        wheel = values.get("wheel", 0.0)
        facing, origin = normalise_angle(start.facing + wheel), formation.wheeled(start, ext, wheel)
        budget = allowance(s, action.unit) - formation.wheel_cost(ext, wheel)
    else:
        turn = values.get("by", 0.0)
        facing, origin = normalise_angle(start.facing + turn), formation.turned(start, ext, turn)
        budget = allowance(s, action.unit) / 2
    dest = {mid: (x, y) for mid, x, y in action.placement}
    frame = formation.frame_from(s, action.unit, dest, facing, slack=0.01)
    if frame is None:
        return action
    fx, fy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
    ahead = (frame.x - origin.x) * fx + (frame.y - origin.y) * fy
    forward = min(max(round(ahead, 3), 0.0), math.floor(max(budget, 0.0) * 1000) / 1000)
    key = "wheel" if action.kind == "march" else "by"
    option = option_text(**{key: values.get(key, 0.0), "forward": forward})
    moved = Action(action.kind, action.unit, option=option, label=action.label)
    plan = plan_of(s, moved)
    return Action(action.kind, action.unit, option=option, label=action.label,
                  placement=make_placement(plan.destinations(s, action.unit)))


def facing_after(s: GameState, action: Action) -> float:
    """The facing a move's bases end with, read from its option (a March's wheel, a Turn's
    or a flight's turn, a Charge's facing), to 1e-6 degrees as the bases store it."""
    values = parse_option(action.option)
    if action.kind == "charge" and "facing" in values:
        facing = values["facing"]
    else:
        turn = {"march": "wheel", "turn": "by", "flee": "turn"}.get(action.kind)
        facing = s.alive_models(action.unit)[0].facing + values.get(turn, 0.0)
    return round(facing, 6) % 360.0


def placement_matches(s: GameState, action: Action, plan: Plan) -> str | None:
    """A given placement must be the one the motion gives (a block moves as a whole)."""
    if not action.placement:
        return None
    if make_placement(plan.destinations(s, action.unit)) != tuple(action.placement):
        return msg(RIGID.get(action.kind, RIGID_OTHER), unit=s.units[action.unit].name,
                   order=action.kind)
    return None


def table_problem(s: GameState, geo: Geometry, unit_id: str, plan: Plan,
                  sur: sweep.Surroundings | None = None) -> str | None:
    """The table's own word on where the block ends (new facing included), asked as the
    offers ask it (`confirmed_problem`): `apply` checks an order as it was offered."""
    return confirmed_problem(s, geo, unit_id, plan.destinations(s, unit_id), plan.frame.facing,
                             sur)


def confirmed_problem(s: GameState, geo: Geometry, unit_id: str, dest: dict[str, Point],
                      facing: float, sur: sweep.Surroundings | None = None,
                      bases: bool = True) -> str | None:
    """What the table says of an end the pure checks (sweep.py) accepted. Those checks are a
    little stricter than the table's, so only close calls (`sweep.close_call`: something
    near the end, or the table's edge; without `bases`, bases near it are none) are put to
    it; elsewhere the table would accept."""
    sur = sur or sweep.Surroundings(s, unit_id)
    if not sweep.close_call(sur, s, unit_id, dest, facing, bases):
        return None
    return placed_problem(s, geo, unit_id, dest, facing)


def placed_problem(s: GameState, geo: Geometry, unit_id: str, dest: dict[str, Point],
                   facing: float) -> str | None:
    """`Geometry.placement_problem` for the unit's bases at `dest` turned to `facing` (the
    facings are set on the state only while the table looks)."""
    models = s.alive_models(unit_id)
    before = [m.facing for m in models]
    try:
        for m in models:
            m.facing = round(facing, 6) % 360.0
        return geo.placement_problem(s, dest)
    finally:
        for m, old in zip(models, before, strict=True):
            m.facing = old


def check(s: GameState, geo: Geometry, action: Action) -> str | None:
    # one reading of the unit's surroundings for the plan (when it is not remembered) and
    # the table's close-call test
    sur = sweep.Surroundings(s, action.unit)
    plan = plan_of(s, action, geo, sur)
    if plan.problem:
        return msg(CANNOT.get(action.kind, CANNOT_OTHER), order=action.kind,
                   problem=plan.problem)
    return (placement_matches(s, action, plan)
            or table_problem(s, geo, action.unit, plan, sur))


# --- fleeing --------------------------------------------------------------------------------------

def flee_plan(s: GameState, unit_id: str, away_from: Point,
              sur: sweep.Surroundings | None = None) -> tuple[float, Plan] | None:
    """A routed unit turns to the one of its four faces that points most directly away from
    `away_from` (a drill turn about its centre, where there is room) and moves one full move
    straight ahead, as far as the way is clear. Returns (turn, plan), or None when no face
    lets it move at all."""
    sur = sur or sweep.Surroundings(s, unit_id)
    start, ext = formation.block(s, unit_id)
    cx, cy = formation.centre(start, ext)
    wanted = math.degrees(math.atan2(cy - away_from[1], cx - away_from[0]))
    budget = allowance(s, unit_id)
    faces = sorted((0.0, 90.0, -90.0, 180.0),
                   key=lambda d: (abs(signed_turn(start.facing + d - wanted)), d))
    for degrees in faces:
        turned = formation.turned(start, ext, degrees) if degrees else start
        if degrees and sweep.end_problem(sur, s, unit_id, turned):
            continue

        def fresh(distance: float, turned=turned) -> Plan:
            end = formation.advanced(turned, distance)
            cost, blocker = sweep.straight(sur, turned, end, ext, ahead=True)
            if blocker is not None:
                return Plan(end, cost, msg("the flight would pass through {blocker}",
                                           blocker=blocker))
            problem = sweep.end_problem(sur, s, unit_id, end)
            if problem is None and distance > 0.0:
                touched = sweep.touched_enemy(sur, s, unit_id, end)
                if touched:
                    problem = msg("it would end touching {base}", base=touched)
            return Plan(end, cost, problem)

        plan_for = planned(fresh)
        forward = farthest_forward(plan_for, budget, leaving_contact=True,
                                   passes=lambda d, turned=turned: passes_through(
                                       sur, turned, d, ext),
                                   overlapped=lambda d, turned=turned: sweep.overlapped_since(
                                       sur, s, unit_id, formation.advanced(turned, d), d))
        if forward is not None and forward >= 0.05:
            forward = math.floor(forward * 1000) / 1000
            plan = plan_for(forward)
            if plan.problem is None:
                return degrees, plan
    return None
