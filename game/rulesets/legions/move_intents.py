"""Offered Moves and Runs as intents: where the unit heads, solved only when it is applied.

Why: solving a formation move costs several table queries per model, and listing every unit's
every Move and Run toward every goal on each decision cost more than the rest of the battle.
So `legal_actions` offers "Move (or Run) this unit toward that enemy / to that objective" with
no placement (the action's option is `how:goal`, e.g. `run:objective:1` or
`move:toward:s1u0`), and the placement is solved when the move is applied or previewed: the
same formation move the offers used to carry (`movement._offers`), remembered per table under
the models it depends on, so a state copy or a search asks it once. A goal the formation move
cannot reach leaves the unit where it stands (a move of 0" is a legal move): whatever is
offered is accepted. The greedy AI values an intent without solving it (`estimate`).

An action carrying a placement (dragged, or an offered move recorded before intents) is
checked as before (`movement.move_problem`).
"""

from __future__ import annotations

import math

from game.core.actions import Action, make_placement
from game.core.geometry import Destinations, Geometry
from game.core.i18n import msg
from game.core.memo import PerTable
from game.core.state import GameState
from game.rulesets.base import unit_centroid

TOWARD = "toward"
OBJECTIVE = "objective"
#: A goal closer than this to the unit's centre gives no move worth offering.
NO_MOVE = 0.5


def intent_option(how: str, goal: str) -> str:
    return f"{how}:{goal}"


def how_of(option: str | None) -> str:
    """Move or Run, from an action's option (an intent's or a placement's)."""
    return (option or "move").split(":", 1)[0]


def goal_of(option: str | None) -> str | None:
    """The goal an intent heads for (`toward:UNIT` or `objective:N`), or None for a placement."""
    if not option or ":" not in option:
        return None
    return option.split(":", 1)[1]


def is_intent(a: Action) -> bool:
    return a.kind == "move" and not a.placement and goal_of(a.option) is not None


def goal_point(s: GameState, goal: str) -> tuple[float, float] | None:
    """Where a goal lies, or None when it names no enemy unit on the table or no objective."""
    what, _, name = goal.partition(":")
    if what == TOWARD:
        if name not in s.units or not s.unit_alive(name):
            return None
        return unit_centroid(s, name)
    if what == OBJECTIVE and name.isdigit() and int(name) < len(s.scenario.objectives):
        obj = s.scenario.objectives[int(name)]
        return (obj.x, obj.y)
    return None


def goal_problem(s: GameState, unit_id: str, goal: str | None) -> str | None:
    """Why an intent's goal is not one to head for (an enemy unit or an objective), or None."""
    if goal is None or goal_point(s, goal) is None:
        return msg("A move heads toward an enemy unit or to an objective, or carries a placement")
    what, _, name = goal.partition(":")
    if what == TOWARD and s.units[name].side == s.units[unit_id].side:
        return msg("A move heads toward an enemy unit or to an objective, or carries a placement")
    return None


def goal_name(s: GameState, goal: str) -> str:
    what, _, name = goal.partition(":")
    if what == TOWARD:
        return msg("toward {unit}", unit=s.units[name].name)
    obj = s.scenario.objectives[int(name)]
    return msg("to {objective}", objective=obj.name or msg("the objective"))


#: Goals per table, remembered by everything they depend on (see `goals`).
GOALS_LIMIT = 4096
_GOALS = PerTable(GOALS_LIMIT)


def poses(models) -> tuple:
    """These models as (id, x, y, facing, base kind, width, depth): where each stands and the
    base it stands on, all a measure of them reads (the base by its fields, hashed at C speed),
    for the keys answers are remembered under (the goals here, the sight, the charge odds and
    placements, the solved Moves)."""
    return tuple([(m.id, m.x, m.y, m.facing, m.base.kind, m.base.width_mm, m.base.depth_mm)
                  for m in models])


def goals(s: GameState, geo: Geometry, unit_id: str, keep_away: float,
          offered: int) -> list[str]:
    """The goals offered to this unit: the nearest enemy unit (unless already at the 1" gap)
    and its `offered` nearest objectives (unless it stands on one's centre).

    Remembered per table under all they read (the unit's models, every enemy unit's, the
    objectives): a Movement listing asks them of every unit that has not moved, again after
    each Move, while the enemy stands still (some 70% of the asks in greedy battles were
    repeats, each measuring the unit against every enemy unit)."""
    side = s.units[unit_id].side
    key = (unit_id, keep_away, offered, poses(s.alive_models(unit_id)),
           tuple([(e.id, poses(s.alive_models(e.id))) for e in s.enemy_units(side)]),
           tuple([(o.x, o.y) for o in s.scenario.objectives]))
    return list(_GOALS.get(geo, key, lambda: tuple(_goals(s, geo, unit_id, keep_away, offered))))


def _goals(s: GameState, geo: Geometry, unit_id: str, keep_away: float,
           offered: int) -> list[str]:
    """`goals` worked out."""
    unit = s.units[unit_id]
    cx, cy = unit_centroid(s, unit_id)
    out = []
    enemies = s.enemy_units(unit.side)
    if enemies:
        gaps = [(geo.unit_distance(s, unit_id, e.id), e.id) for e in enemies]
        gap, nearest = min(gaps)
        if gap > keep_away + 0.1:
            out.append(f"{TOWARD}:{nearest}")
    near = sorted(range(len(s.scenario.objectives)),
                  key=lambda i: (s.scenario.objectives[i].x - cx) ** 2
                  + (s.scenario.objectives[i].y - cy) ** 2)
    for index in near[:offered]:
        obj = s.scenario.objectives[index]
        if math.hypot(obj.x - cx, obj.y - cy) > NO_MOVE:
            out.append(f"{OBJECTIVE}:{index}")
    return out


def estimate(s: GameState, unit_id: str, point: tuple[float, float], reach: float,
             keep_away: float, enemies: list) -> Destinations:
    """Where the formation move would take the models on open ground, by arithmetic: each
    model straight along the centre-to-goal line, as far as the allowance and the goal allow,
    stopping short of the keep-away gap to the `enemies` (rows of x, y, radius: a base with
    corners by its bounding circle). What the greedy AI values an intent by (the solved move
    may stop earlier: terrain, friends, coherency)."""
    models = s.alive_models(unit_id)
    cx = sum(m.x for m in models) / len(models)
    cy = sum(m.y for m in models) / len(models)
    span = math.hypot(point[0] - cx, point[1] - cy)
    if span <= 1e-9:
        return {}
    ux, uy = (point[0] - cx) / span, (point[1] - cy) / span
    sqrt = math.sqrt
    out: Destinations = {}
    for m in models:
        x, y = m.x, m.y
        amount = min(reach, max(0.0, (point[0] - x) * ux + (point[1] - y) * uy))
        if amount <= 1e-9:
            continue
        r = m.base.width / 2 + keep_away
        for ex, ey, er in enemies:
            limit = r + er
            dx, dy = x - ex, y - ey
            half_b = dx * ux + dy * uy
            if half_b > limit:
                continue  # the enemy is behind, out of the way
            disc = half_b * half_b - (dx * dx + dy * dy - limit * limit)
            if disc > 0.0:
                root = sqrt(disc)
                first = -half_b - root
                if first < amount and root - half_b > 0.0:
                    amount = max(0.0, first)
        if amount > 1e-9:
            out[m.id] = (x + ux * amount, y + uy * amount)
    return out


def placed(a: Action, dest: Destinations) -> Action:
    """The intent with its solved placement (what the client previews and applies)."""
    return Action("move", a.unit, placement=make_placement(dest), option=how_of(a.option),
                  label=a.label)
