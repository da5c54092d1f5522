"""Consolidate (the aftermath option, resolution.py): up to I" toward the nearest enemy or an
objective, ending more than 2" from enemies; offered as intents, solved when applied.

Why intents: the aftermath's options are worked out on every pass of the fight's automatic
steps, and solving the consolidation placements there cost a third of a fight. An offered
consolidation names its goal in its option (`consolidate:toward:s1u0`,
`consolidate:objective:0`) and carries no placement; it is solved when applied or previewed
(the same formation move, at full then half reach, that the offers used to carry),
remembered per table under the whole position so a state copy or a search asks it once. A goal
no legal placement reaches leaves the unit where it stands (consolidating in place is always
allowed). A placement the player drags, or one recorded before intents, is checked by
`consolidate_problem`, as before.
"""

from __future__ import annotations

import math

from game.core.actions import Action, make_placement
from game.core.geometry import Destinations, Geometry
from game.core.i18n import msg
from game.core.memo import PerTable
from game.core.state import GameState
from game.rulesets.base import unit_centroid
from game.rulesets.legions import move_intents
from game.rulesets.legions.movement import placement_problem, too_close_to_enemy, unit_lowest

RULE_CONSOLIDATE = msg("Consolidate (the winner, if every enemy fell back or disengaged): up to "
                       "I\" toward the nearest enemy or an objective, ending more than 2\" from "
                       "enemies (legions)")
#: Disengage and Consolidate end more than this far from enemies.
CLEAR = 2.0
CLEAR_MARGIN = 0.05
CONSOLIDATE = "consolidate"
SOLVED_LIMIT = 2048
_SOLVED = PerTable(SOLVED_LIMIT)


def reach(s: GameState, unit_id: str) -> float:
    return float(unit_lowest(s, unit_id, "I"))


def consolidate_problem(s: GameState, geo: Geometry, unit_id: str,
                        dest: Destinations) -> str | None:
    problem = placement_problem(s, geo, unit_id, dest, reach(s, unit_id), "consolidate")
    if problem:
        return problem
    close = too_close_to_enemy(s, geo, unit_id, dest, CLEAR + 1e-6)
    if close:
        return msg("{problem} ({rule})", problem=close, rule=RULE_CONSOLIDATE)
    return None


def base_option(option: str | None) -> str:
    """The aftermath option an action names (a consolidation intent's goal set aside)."""
    return (option or "").split(":", 1)[0]


def goal_of(a: Action) -> str | None:
    if a.placement or not a.option or ":" not in a.option:
        return None
    return a.option.split(":", 1)[1]


def goals(s: GameState, geo: Geometry, unit_id: str) -> list[str]:
    """The nearest enemy unit (unless already no farther than the 2" a consolidation must
    keep) and the nearest objective (unless the unit stands on its centre)."""
    side = s.units[unit_id].side
    out = []
    enemies = s.enemy_units(side)
    if enemies:
        gap, nearest = min((geo.unit_distance(s, unit_id, e.id), e.id) for e in enemies)
        if gap > CLEAR + CLEAR_MARGIN + 0.1:
            out.append(f"{move_intents.TOWARD}:{nearest}")
    cx, cy = unit_centroid(s, unit_id)
    objectives = s.scenario.objectives
    if objectives:
        index = min(range(len(objectives)),
                    key=lambda i: (objectives[i].x - cx) ** 2 + (objectives[i].y - cy) ** 2)
        if math.hypot(objectives[index].x - cx, objectives[index].y - cy) > move_intents.NO_MOVE:
            out.append(f"{move_intents.OBJECTIVE}:{index}")
    return out


def where(s: GameState, goal: str) -> str:
    """How a consolidation's label names its goal ("toward Line Squad")."""
    what, _, name = goal.partition(":")
    if what == move_intents.TOWARD:
        return msg("toward {unit}", unit=s.units[name].name)
    obj = s.scenario.objectives[int(name)]
    return msg("toward {objective}", objective=obj.name or msg("the objective"))


def intent(unit_id: str, goal: str, label: str) -> Action:
    return Action("aftermath", unit_id, option=f"{CONSOLIDATE}:{goal}", label=label)


def goal_problem(s: GameState, unit_id: str, goal: str) -> str | None:
    return move_intents.goal_problem(s, unit_id, goal)


def solve(s: GameState, geo: Geometry, unit_id: str, goal: str) -> Destinations:
    """The consolidation toward the goal: the formation move at full reach, else half, the
    first that passes `consolidate_problem`; the models' own places when neither does."""
    here = {m.id: (m.x, m.y) for m in s.alive_models(unit_id)}
    point = move_intents.goal_point(s, goal)
    if point is None:
        return here
    full = reach(s, unit_id)
    key = (unit_id, goal, point, full, tuple(
        (m.id, m.x, m.y, m.facing, m.base, m.side) for m in s.models.values() if m.alive))

    def work():
        for fraction in (1.0, 0.5):
            dest = geo.move_toward(s, unit_id, point, full * fraction, CLEAR + CLEAR_MARGIN)
            if all(tuple(v) == here[k] for k, v in dest.items()):
                return None
            if consolidate_problem(s, geo, unit_id, dest) is None:
                return tuple(sorted(dest.items()))
        return None

    found = _SOLVED.get(geo, key, work)
    return here if found is None else dict(found)


def destinations(s: GameState, geo: Geometry, a: Action) -> Destinations:
    """Where a consolidation puts the models: its placement, its intent solved, or (with
    neither) where they stand."""
    if a.placement:
        return a.destinations()
    goal = goal_of(a)
    if goal is None:
        return {}
    return solve(s, geo, a.unit, goal)


def estimate(board, a: Action) -> Destinations:
    """Where an intent would take the models on open ground (the greedy AI's value, from the
    position's shared measures: move_value.Board)."""
    from game.rulesets.legions.move_value import estimate_rows

    s = board.s
    goal = goal_of(a)
    point = move_intents.goal_point(s, goal) if goal else None
    if point is None:
        return {}
    full, keep = reach(s, a.unit), CLEAR + CLEAR_MARGIN
    return move_intents.estimate(s, a.unit, point, full, keep,
                                 estimate_rows(board, a.unit, full, keep))


def placed(a: Action, dest: Destinations) -> Action:
    """The intent with its solved placement (the client's preview)."""
    return Action("aftermath", a.unit, option=CONSOLIDATE, placement=make_placement(dest),
                  label=a.label)
