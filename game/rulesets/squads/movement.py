"""`squads` Movement phase: Remain stationary, Normal move, Advance, Fall Back (squads.md)."""

from __future__ import annotations

import math

from game.core.actions import Action, make_placement
from game.core.geometry import Geometry
from game.core.i18n import msg
from game.core.memo import PerTable
from game.core.state import GameState
from game.rulesets.base import (
    COHERENCY_RANGE,
    coherency_break,
    moved_models,
    placement_reason,
    representative_destinations,
    unit_centroid,
)
from game.rulesets.squads.board import local_key, valuation_key
from game.rulesets.squads.engagement import BAND, ENGAGEMENT_RANGE, engaged_enemies, is_engaged
from game.rulesets.squads.placing import stored

#: Normal moves and Advances may not end engaged: only a charge brings a unit into melee
#: ([added], the usual rule of the seed's game family; otherwise charges would be pointless).
KEEP_AWAY = ENGAGEMENT_RANGE + 0.05

MOVE_KINDS = ("normal", "advance", "fall_back")
#: The offered moves head for the nearest enemy and the nearest objectives (any other
#: placement may still be dragged); more would only slow the AI down.
OBJECTIVES_OFFERED = 2


def allowance(s: GameState, unit_id: str, how: str) -> float:
    unit = s.units[unit_id]
    extra = unit.flags.get("advance_roll", 0) if how == "advance" else 0
    return float(unit.profile["M"] + extra)


def move_reason(s: GameState, geo: Geometry, unit_id: str, dest: dict, how: str,
                engaged: bool | None = None, straight: bool = False) -> str | None:
    """Why this Movement-phase placement is illegal, quoting the rule, or None. `engaged`:
    whether the unit is engaged where it stands, if the caller already knows; `straight` for
    a placement made by `geo.move_toward` (see `placement_reason`)."""
    unit = s.units[unit_id]
    if how not in MOVE_KINDS:
        return msg("unknown move {how}", how=repr(how))
    if unit.flags.get("moved"):
        return msg("{unit} has already moved this phase", unit=unit.name)
    if engaged is None:
        engaged = is_engaged(s, geo, unit_id)
    if engaged and how != "fall_back":
        return msg("{unit} is engaged: an engaged unit cannot make a normal move or Advance (it "
                   "may Fall Back or stay)", unit=unit.name)
    if how == "fall_back" and not engaged:
        return msg("{unit} is not engaged, so it has nothing to Fall Back from", unit=unit.name)
    if how == "advance" and "advance_roll" not in unit.flags:
        return msg("{unit} must roll for its Advance first", unit=unit.name)
    problem = placement_reason(s, geo, unit_id, dest, allowance(s, unit_id, how),
                               connected=True, straight=straight)
    if problem:
        return problem
    if engaged_enemies(s, geo, unit_id, dest):
        if how == "fall_back":
            return msg("{unit} must end its Fall Back more than 2\" from every enemy",
                       unit=unit.name)
        return msg("{unit} would end within 2\" of an enemy: only a charge may bring a unit "
                   "into engagement", unit=unit.name)
    return None


#: Each unit's goals, remembered under its own and the enemy's models (all they depend on).
_goals = PerTable(512)


def move_goals(s: GameState, geo: Geometry, unit_id: str, away: bool) -> dict[str, tuple]:
    """Named points a unit may head for: the nearest enemy, the nearest objectives, or away
    (remembered: asked for every unit at every listing of a Movement phase)."""
    key = (unit_id, away, valuation_key(s, unit_id, (), 0.0))
    return dict(_goals.get(geo, key, lambda: _move_goals(s, geo, unit_id, away)))


def _move_goals(s: GameState, geo: Geometry, unit_id: str, away: bool) -> dict[str, tuple]:
    unit = s.units[unit_id]
    cx, cy = unit_centroid(s, unit_id)
    enemies = s.enemy_units(unit.side)
    goals: dict[str, tuple] = {}
    nearest = min(enemies, key=lambda e: geo.unit_distance(s, unit_id, e.id), default=None)
    if away:
        if nearest is not None:
            ex, ey = unit_centroid(s, nearest.id)
            dx, dy = cx - ex, cy - ey
            norm = max((dx * dx + dy * dy) ** 0.5, 1e-6)
            goals[msg("away from {unit}", unit=nearest.name)] = (cx + dx / norm * 30,
                                                                 cy + dy / norm * 30)
        return goals
    if nearest is not None:
        goals[msg("toward {unit}", unit=nearest.name)] = unit_centroid(s, nearest.id)
    near = sorted(s.scenario.objectives, key=lambda o: (o.x - cx) ** 2 + (o.y - cy) ** 2)
    for obj in near[:OBJECTIVES_OFFERED]:
        goals[msg("to {objective}", objective=obj.name)] = (obj.x, obj.y)
    return goals


def movement_actions(s: GameState, geo: Geometry) -> list[Action]:
    """Representative moves of every unit that has not moved, plus Advance, stay and end."""
    out: list[Action] = []
    pending = s.pending.get("advance")
    if pending:
        unit_id = pending["unit"]
        out.extend(unit_moves(s, geo, unit_id, "advance", move_goals(s, geo, unit_id, False)))
        out.append(Action("stay", unit_id, label=msg("Stay where it is")))
        return out
    for unit in s.units_of(s.active):
        if unit.flags.get("moved"):
            continue
        engaged = is_engaged(s, geo, unit.id)
        how = "fall_back" if engaged else "normal"
        out.extend(unit_moves(s, geo, unit.id, how, move_goals(s, geo, unit.id, away=engaged)))
        if not engaged:
            out.append(Action("advance", unit.id, label=msg("Advance (roll D6; cannot charge)")))
    out.append(Action("end_phase", label=msg("End the Movement phase")))
    return out


#: What `_solve_moves` gives `representative_destinations` for a move `surely_apart` refuses
#: (that only skips it: the text a player sees for a dragged placement is `move_reason`'s).
APART = "out of coherency"

#: A unit's offered moves, remembered under the bases they can see (`board.local_key`): after
#: one unit moves, the listing for the next decision finds the others' moves unchanged.
_offers = PerTable(512)


def unit_moves(s: GameState, geo: Geometry, unit_id: str, how: str,
               goals: dict[str, tuple]) -> list[Action]:
    """The unit's move of kind `how` toward each goal that has a legal one (each checked by
    `move_reason` in the form the action stores). Remembered per table: a straight move and
    its check see only the bases within the allowance plus the keep-away of the unit (the
    path of a straight move is its own segment, which no far base can lengthen)."""
    reach = allowance(s, unit_id, how)
    key = (unit_id, how, reach, tuple(goals.items()), local_key(s, unit_id, reach + KEEP_AWAY))
    return _offers.get(geo, key, lambda: _solve_moves(s, geo, unit_id, how, reach, goals))


def _solve_moves(s, geo, unit_id, how, reach, goals) -> list[Action]:
    out = []
    engaged = is_engaged(s, geo, unit_id)  # where it stands: the same for every candidate

    def problem(d):
        placed = stored(s, d)
        if surely_apart(s, unit_id, placed):
            return APART  # move_reason would refuse it too, after measuring every path
        # every moved model of `d` ends a straight way `move_toward` found clear of enemy
        # bases and impassable terrain and no longer than the allowance, on a spot it found
        # free where `d` stands the others (on the stored grid already): the path and end
        # checks would find each so again (`apply` makes them)
        return move_reason(s, geo, unit_id, placed, how, engaged, straight=True)

    for name, dest in representative_destinations(s, geo, unit_id, reach, goals, KEEP_AWAY,
                                                  problem).items():
        if how == "advance":
            label = msg("Advance {goal}", goal=name)
        elif how == "fall_back":
            label = msg("Fall back {goal}", goal=name)
        else:
            label = msg("Move {goal}", goal=name)
        out.append(Action("move", unit_id, placement=make_placement(stored(s, dest)),
                          option=how, label=label))
    return out


def surely_apart(s: GameState, unit_id: str, dest: dict) -> bool:
    """Whether this placement surely breaks coherency (`coherency_problem`, connected), so
    that `move_reason` surely refuses it, known by arithmetic alone. Why: a straight move of a
    long unit toward a goal leaves it out of coherency about one time in two (390 of 867
    checked in 3 greedy battles), and the full check measures every model's path on the table
    before it comes to coherency. Only round bases are judged; two count as linked unless
    their gap is beyond the range by more than `BAND` (the table rounds its distances): every
    link the table finds is counted here (and perhaps a few more), so a placement apart even
    so is apart by the table's measure too."""
    models = moved_models(s, unit_id, dest)
    if any(m.base.kind != "round" for m in models):
        return False
    limit, hypot = COHERENCY_RANGE + BAND, math.hypot
    radius = {m.id: m.base.radius for m in models}  # each pair asks two

    def linked(m, o) -> bool:
        return hypot(o.x - m.x, o.y - m.y) - radius[m.id] - radius[o.id] <= limit

    return coherency_break(models, linked, connected=True) is not None
