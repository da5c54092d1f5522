"""Victory points in `warband`: the common points, credited to the warband that earned them.

Why not the shared breakdown as it is: it gives every side a point for every enemy model
removed, whoever removed it. With two warbands that is the same thing; with three or four, a
warband that keeps out of the fighting would score from the others' losses. So each model taken
out of action is credited to the warband whose model took it out, and the models of a warband
that routs go to every warband still in the battle. With two warbands the totals are exactly
the common rule's.
"""

from __future__ import annotations

from game.core.events import BattleEnded
from game.core.geometry import Geometry
from game.core.i18n import msg
from game.core.state import GameState, Model
from game.rulesets.base import (
    POINTS_PER_MODEL,
    POINTS_PER_OBJECTIVE,
    POINTS_PER_UNIT_WIPED,
    end_battle,
    objective_holders,
)
from game.rulesets.warband.status import can_fight

RULE_VICTORY = msg("Victory points (common rules), credited per warband: 1 per enemy model it took "
                   "out of action and 3 for that unit wiped out (every model is a unit), the same "
                   "for each model of a warband that routed, and 3 per objective held at the end "
                   "(warband, multiplayer)")
TOOK_OUT = "took_out"
SAW_ROUT = "saw_rout"


def control_value(s: GameState, model: Model) -> int:
    """Objectives are held by standing models that are not fleeing [added]."""
    return 1 if can_fight(s, model) else 0


def credit_out_of_action(s: GameState, victim: Model, by_side: int | None) -> None:
    if by_side is not None and by_side != victim.side:
        flags = s.sides[by_side].flags  # copied shallowly with the state: replace, never append
        flags[TOOK_OUT] = (*flags.get(TOOK_OUT, ()), victim.id)


def credit_rout(s: GameState, leaving: list[Model]) -> None:
    """The routed warband's models go to every warband still fighting."""
    if not leaving:
        return
    side = leaving[0].side
    for other in s.sides:
        if other.index != side and not other.routed and any(
                m.alive and m.side == other.index for m in s.models.values()):
            other.flags[SAW_ROUT] = (*other.flags.get(SAW_ROUT, ()), *(m.id for m in leaving))


def breakdown(s: GameState, holders) -> list[dict]:
    holders = list(holders)
    rows = []
    for side in s.sides:
        removed = len(side.flags.get(TOOK_OUT, ())) + len(side.flags.get(SAW_ROUT, ()))
        objectives = sum(1 for h in holders if h == side.index)
        rows.append({
            "side": side.index,
            "name": side.name,
            "models_removed": removed,
            "units_wiped": removed,
            "objectives": objectives,
            "points": removed * (POINTS_PER_MODEL + POINTS_PER_UNIT_WIPED)
            + objectives * POINTS_PER_OBJECTIVE,
        })
    return rows


def score(s: GameState, geo: Geometry | None) -> tuple[float, ...]:
    if s.over:
        return tuple(s.result["points"])
    holders = objective_holders(s, geo, control_value) if geo else []
    return tuple(float(r["points"]) for r in breakdown(s, holders))


def finish(s: GameState, geo: Geometry, reason: str) -> BattleEnded:
    """Close the battle with warband scoring (kills credited to whoever made them)."""
    return end_battle(s, geo, reason, control_value, breakdown=breakdown, rule=RULE_VICTORY)
