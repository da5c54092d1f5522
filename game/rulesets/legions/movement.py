"""`legions` Movement phase (rules/legions.md, "Movement" [added]): Move (up to M") or Run
(M + I"; the unit cannot charge afterwards); and Fall back, which a Routed unit makes instead of
moving and which the aftermath also uses.
"""

from __future__ import annotations

from game.core.actions import Action, make_placement
from game.core.dice import Dice
from game.core.events import DiceRolled, Event
from game.core.geometry import Destinations, Geometry
from game.core.i18n import msg
from game.core.memo import PerTable
from game.core.state import GameState
from game.rulesets.base import (
    coherency_problem,
    move_unit,
    placement_reason,
    representative_destinations,
    unit_centroid,
)
from game.rulesets.legions import move_intents, statuses
from game.rulesets.legions.checks import take_check
from game.rulesets.legions.combat import is_locked, unlock
from game.rulesets.legions.wounds import remove

RULE_MOVE = msg("Move: each model up to its M\" (legions)")
RULE_RUN = msg("Run: up to M + I\"; a unit that Ran cannot charge this turn (legions)")
RULE_KEEP_AWAY = msg("[added] A model that Moves or Runs ends at least 1\" from every enemy model: "
                     "only a charge brings a unit into combat")
RULE_LOCKED = msg("A unit locked in combat cannot move: it leaves a combat only in the aftermath")
RULE_PINNED = msg("Pinned: no move, run or charge (legions)")
RULE_FALL_BACK = msg("Fall back: I + D6\" toward its own table edge; at the edge a Leadership "
                     "check: failed = destroyed, passed = Suppressed instead of Routed (legions)")
RULE_ROUTED_MOVES = msg("Routed: the unit falls back ([added] in its own Movement phase too, "
                        "instead of moving)")
KEEP_AWAY = 1.0
#: A fleeing model whose base ends this close to its table edge has reached it.
EDGE_REACHED = 0.05
MOVE_KINDS = ("move", "run")
OBJECTIVES_OFFERED = 2


def placement_problem(s: GameState, geo: Geometry, unit_id: str, dest: Destinations,
                      allowance: float, how: str) -> str | None:
    """The common movement rules (path within the allowance, no overlap, on the table, out of
    impassable terrain, coherency), except that a unit already out of coherency before it
    moves (casualties can break it) need not regain it ([added], so it is never stuck)."""
    problem = placement_reason(s, geo, unit_id, dest, allowance, how=how)
    if problem is None or coherency_problem(s, geo, unit_id) is None:
        return problem
    return None if problem == coherency_problem(s, geo, unit_id, dest) else problem


def coherency_kept(s: GameState, geo: Geometry, unit_id: str, dest: Destinations) -> str | None:
    """Coherency at the end of a move, for a unit that had it before (see placement_problem)."""
    problem = coherency_problem(s, geo, unit_id, dest)
    if problem is None or coherency_problem(s, geo, unit_id) is not None:
        return None
    return problem


def away_point(s: GameState, unit_id: str, foes: list[str]) -> tuple[float, float]:
    """A point well behind the unit, straight away from the centre of these enemy units (the
    way a disengaging or evading unit heads)."""
    cx, cy = unit_centroid(s, unit_id)
    models = [m for u in foes for m in s.alive_models(u)]
    if not models:
        return cx, cy
    ex = sum(m.x for m in models) / len(models)
    ey = sum(m.y for m in models) / len(models)
    dx, dy = cx - ex, cy - ey
    norm = max((dx * dx + dy * dy) ** 0.5, 1e-6)
    return cx + dx / norm * 40, cy + dy / norm * 40


def unit_lowest(s: GameState, unit_id: str, key: str) -> int:
    """A unit moves at the pace of its slowest model."""
    return min(int(m.profile[key]) for m in s.alive_models(unit_id))


def allowance(s: GameState, unit_id: str, how: str) -> float:
    move = unit_lowest(s, unit_id, "M")
    if how == "run":
        return float(move + unit_lowest(s, unit_id, "I"))
    return float(move)


#: Slack past a reach for the solvers' end spots (on the grid, within a hair of the reach).
REACH_SLACK = 0.5


def units_in_reach(s: GameState, unit_id: str, others: list[str], reach: float) -> list[str]:
    """The units of `others` with a model whose bounding circle comes within `reach` (plus a
    slack) of the circle of one of this unit's models where it stands: a model moving at most
    `reach` by any path can come near no other. So the table's approach, told to keep its
    movers off the units of `others` (each end spot tested against every model of them),
    finds the very same spots when told of these alone, for fewer tests; and a charge's check
    that no moved model touches another enemy unit measures only these."""
    mine = [(m.x, m.y, m.base.radius) for m in s.alive_models(unit_id)]
    if not mine:
        return []
    # the box round all those circles, widened by the reach: a model outside it by more than
    # its own radius is out of reach of every one of them (the same answer, fewer sums)
    reach += REACH_SLACK
    low_x, low_y, high_x, high_y = _box_round(mine, reach)
    out = []
    for other in others:
        for o in s.alive_models(other):
            ro = o.base.radius
            if not (low_x - ro <= o.x <= high_x + ro and low_y - ro <= o.y <= high_y + ro):
                continue
            limit = reach + ro
            if any((o.x - x) ** 2 + (o.y - y) ** 2 <= (limit + r) ** 2 for x, y, r in mine):
                out.append(other)
                break
    return out


def _box_round(circles: list[tuple[float, float, float]], widen: float) -> tuple:
    """(low x, low y, high x, high y) of the box round the circles (x, y, radius), widened
    by `widen` on every side: the cheap first test of `units_in_reach` and `neighbours`.
    With no circle, a box round the origin (it then holds nothing the callers keep)."""
    if not circles:
        return -widen, -widen, widen, widen
    return (min(x - r for x, _, r in circles) - widen, min(y - r for _, y, r in circles) - widen,
            max(x + r for x, _, r in circles) + widen, max(y + r for _, y, r in circles) + widen)


def neighbours(s: GameState, unit_id: str, reach: float, also: str | None = None) -> tuple:
    """Every other living model whose centre stands within `reach` of the centre of one of
    this unit's models (and every model of unit `also`), as (id, x, y, facing, base kind,
    width, depth), sorted: what a remembered move or charge search depends on besides the
    unit itself. A box round the unit's centres, a hair wider than the reach, is asked first:
    a model outside it is out of reach of every centre (the same tuple, fewer sums)."""
    mine = [(m.x, m.y) for m in s.alive_models(unit_id)]
    limit = reach ** 2
    low_x, low_y, high_x, high_y = _box_round([(x, y, 0.0) for x, y in mine], reach + 1e-6)
    out = []
    for m in s.models.values():
        if not m.alive or m.unit == unit_id:
            continue
        if m.unit != also:
            x, y = m.x, m.y
            if not (low_x <= x <= high_x and low_y <= y <= high_y) or not any(
                    (x - ox) ** 2 + (y - oy) ** 2 <= limit for ox, oy in mine):
                continue
        base = m.base
        out.append((m.id, m.x, m.y, m.facing, base.kind, base.width_mm, base.depth_mm))
    return tuple(sorted(out))


def too_close_to_enemy(s: GameState, geo: Geometry, unit_id: str, dest: Destinations,
                       limit: float, among: list[str] | None = None,
                       movers_only: bool = False) -> str | None:
    """The name of an enemy model one of the unit's models would end closer than `limit` to
    (only the models that move, with `movers_only`), or None."""
    side = s.units[unit_id].side
    enemies = [m for u in (among if among is not None else [e.id for e in s.enemy_units(side)])
               for m in s.alive_models(u)]
    for m in s.alive_models(unit_id):
        probe = m
        if movers_only and (m.id not in dest or tuple(dest[m.id]) == (m.x, m.y)):
            continue
        if m.id in dest:
            probe = m.copy()
            probe.x, probe.y = dest[m.id]
        for e in enemies:
            if geo.distance(probe, e) < limit - 1e-9:
                return msg("{model} would end within {limit:g}\" of {enemy}", model=m.name,
                           limit=limit, enemy=e.name)
    return None


def cannot_move_reason(s: GameState, unit_id: str) -> str | None:
    unit = s.units[unit_id]
    if unit.flags.get("moved"):
        return msg("{unit} has already moved this phase", unit=unit.name)
    if is_locked(s, unit_id):
        return msg("{unit} is locked in combat ({rule})", unit=unit.name, rule=RULE_LOCKED)
    if statuses.has_status(s, unit_id, statuses.ROUTED):
        return msg("{unit} is Routed ({rule})", unit=unit.name, rule=RULE_ROUTED_MOVES)
    if statuses.has_status(s, unit_id, statuses.PINNED):
        return msg("{unit} has a Pinned model ({rule})", unit=unit.name, rule=RULE_PINNED)
    return None


def move_problem(s: GameState, geo: Geometry, unit_id: str, dest: Destinations,
                 how: str) -> str | None:
    """Why this Move or Run of a placement is illegal (quoting the rule), or None."""
    if how not in MOVE_KINDS:
        return msg("unknown move {how} (Move or Run)", how=repr(how))
    reason = cannot_move_reason(s, unit_id)
    if reason:
        return reason
    reach = allowance(s, unit_id, how)
    wanted = make_placement(dest)
    for goal in move_intents.goals(s, geo, unit_id, KEEP_AWAY, OBJECTIVES_OFFERED):
        if make_placement(solve(s, geo, unit_id, how, goal)) == wanted:
            return None  # the solved move of an intent: legal by construction (see solve)
    verb = msg("run") if how == "run" else msg("move")
    problem = placement_problem(s, geo, unit_id, dest, reach, verb)
    if problem:
        return problem
    close = too_close_to_enemy(s, geo, unit_id, dest, KEEP_AWAY, movers_only=True)
    if close:
        return msg("{problem} ({rule})", problem=close, rule=RULE_KEEP_AWAY)
    return None


def intent_problem(s: GameState, unit_id: str, option: str | None) -> str | None:
    """Why this Move or Run intent may not be taken, or None (see move_intents)."""
    how = move_intents.how_of(option)
    if how not in MOVE_KINDS:
        return msg("unknown move {how} (Move or Run)", how=repr(how))
    return cannot_move_reason(s, unit_id) or move_intents.goal_problem(
        s, unit_id, move_intents.goal_of(option))


def movement_actions(s: GameState, geo: Geometry) -> list[Action]:
    """Each unit that may still move: a Move and a Run toward the nearest enemy unit and to
    the nearest objectives, as intents (move_intents: solved when applied), and ending the
    phase."""
    out: list[Action] = []
    for unit in s.units_of(s.active):
        if cannot_move_reason(s, unit.id):
            continue
        goals = move_intents.goals(s, geo, unit.id, KEEP_AWAY, OBJECTIVES_OFFERED)
        for how in MOVE_KINDS:
            reach = allowance(s, unit.id, how)
            for goal in goals:
                name = move_intents.goal_name(s, goal)
                if how == "run":
                    label = msg("Run {unit} {goal} (up to {reach:g}\") (cannot charge after)",
                                unit=unit.name, goal=name, reach=reach)
                else:
                    label = msg("Move {unit} {goal} (up to {reach:g}\")", unit=unit.name,
                                goal=name, reach=reach)
                out.append(Action("move", unit.id, option=move_intents.intent_option(how, goal),
                                  label=label))
    out.append(Action("end_phase", label=msg("End the Movement phase")))
    return out


def destinations(s: GameState, geo: Geometry, a: Action) -> Destinations:
    """Where a Move or Run puts the models: its placement, or its intent solved."""
    if a.placement:
        return a.destinations()
    how = move_intents.how_of(a.option)
    return solve(s, geo, a.unit, how, move_intents.goal_of(a.option))


#: Solved intents per table, remembered by everything they depend on (see `solve`).
OFFER_CACHE_LIMIT = 4096
_OFFER_CACHE = PerTable(OFFER_CACHE_LIMIT)
#: Beyond this margin past the allowance, a model can neither block nor crowd the move.
NEIGHBOURHOOD = KEEP_AWAY + 2.5


def solve(s: GameState, geo: Geometry, unit_id: str, how: str, goal: str) -> Destinations:
    """The formation move of an intent: toward the goal at full, 60% or 30% of the allowance,
    the first that keeps coherency (the table's formation move already keeps each model's
    straight path within the allowance, clear of enemies and impassable ground, and 1" from
    enemy bases); the unit stays where it is when none does. A formation move depends only
    on the table, the unit's models, the allowance, the goal and the models near enough to
    block or crowd it; so it is remembered under exactly those (a state copy, a search, or
    another unit moving far away asks the same question)."""
    reach = allowance(s, unit_id, how)
    point = move_intents.goal_point(s, goal)
    mine = s.alive_models(unit_id)
    if point is None:
        return {m.id: (m.x, m.y) for m in mine}
    key = (unit_id, reach, point, move_intents.poses(mine),
           neighbours(s, unit_id, reach + NEIGHBOURHOOD + 1.0))
    found = _OFFER_CACHE.get(geo, key, lambda: representative_destinations(
        s, geo, unit_id, reach, {goal: point}, KEEP_AWAY + 0.05,
        lambda d: coherency_kept(s, geo, unit_id, d)))
    if goal in found:
        return dict(found[goal])
    return {m.id: (m.x, m.y) for m in mine}


# --- falling back ------------------------------------------------------------------------------

def own_edge(s: GameState, side: int) -> str:
    """[added] A side's table edge: the one nearest its deployment zone (sides 0 and 1 without
    a zone: the left and right edges, as in the default zones)."""
    zone = s.scenario.deployment.get(side)
    if not zone:
        return ("left", "right", "top", "bottom")[side % 4]
    cx = sum(x for x, _ in zone) / len(zone)
    cy = sum(y for _, y in zone) / len(zone)
    w, h = s.scenario.width, s.scenario.height
    gaps = {"left": cx, "right": w - cx, "top": cy, "bottom": h - cy}
    return min(gaps, key=lambda k: (gaps[k], k))


def edge_gap(s: GameState, model, edge: str) -> float:
    r = model.base.radius
    w, h = s.scenario.width, s.scenario.height
    return {"left": model.x - r, "right": w - model.x - r, "top": model.y - r,
            "bottom": h - model.y - r}[edge]


def edge_point(s: GameState, unit_id: str, edge: str) -> tuple[float, float]:
    cx, cy = unit_centroid(s, unit_id)
    w, h = s.scenario.width, s.scenario.height
    return {"left": (0.0, cy), "right": (w, cy), "top": (cx, 0.0), "bottom": (cx, h)}[edge]


def fall_back(s: GameState, geo: Geometry, dice: Dice, unit_id: str, why: str) -> list[Event]:
    """I + D6" straight toward its own table edge; a unit that reaches the edge takes a
    Leadership check: failed, it is destroyed; passed, it is Suppressed instead of Routed.
    A unit that falls back leaves any combat it was locked in."""
    unit = s.units[unit_id]
    roll = dice.d6(msg("{unit} falls back", unit=unit.name), RULE_FALL_BACK)
    initiative = unit_lowest(s, unit_id, "I")
    reach = float(initiative + roll)
    events: list[Event] = [DiceRolled(rule=RULE_FALL_BACK, who=unit.name,
                                      label=msg("D6 to fall back ({why})", why=why), values=(roll,),
                                      outcome=msg("I {initiative} + {roll} = {reach:g}\"",
                                                  initiative=initiative, roll=roll,
                                                  reach=reach))]
    events.extend(unlock(s, unit_id, RULE_FALL_BACK))
    edge = own_edge(s, unit.side)
    dest = geo.move_toward(s, unit_id, edge_point(s, unit_id, edge), reach)
    events.append(move_unit(s, unit_id, dest, msg("falls back"), RULE_FALL_BACK))
    if min(edge_gap(s, m, edge) for m in s.alive_models(unit_id)) > EDGE_REACHED:
        return events
    passed, rolled = take_check(s, dice, unit_id, "Ld", why=msg("at the table edge"))
    events.append(rolled)
    if passed:
        events.extend(statuses.lose(s, unit_id, statuses.ROUTED, RULE_FALL_BACK))
        events.extend(statuses.gain(s, unit_id, statuses.SUPPRESSED, RULE_FALL_BACK))
        return events
    for m in s.alive_models(unit_id):
        events.append(remove(s, m, unit.name, RULE_FALL_BACK))
    return events


def routed_fall_backs(s: GameState, geo: Geometry, dice: Dice) -> list[Event]:
    """At the start of its Movement phase each Routed unit of the active side that is not
    locked falls back (RULE_ROUTED_MOVES), and cannot move otherwise this phase."""
    events: list[Event] = []
    for unit in s.units_of(s.active):
        if statuses.has_status(s, unit.id, statuses.ROUTED) and not is_locked(s, unit.id):
            events.extend(fall_back(s, geo, dice, unit.id, statuses.title(statuses.ROUTED)))
            unit.flags["moved"] = True
    return events
