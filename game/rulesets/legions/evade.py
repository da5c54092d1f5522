"""Evade (rules/legions.md, "Reactions", [part 2]): after the volley attacks, the charged unit
moves up to its I" away from the charger; the charge roll then has to cover the new gap.

The move is a placement checked like any other (the common movement rules: path within the
allowance, no overlap, on the table, terrain, coherency), and [added] "away" means what a player
would expect: no model ends nearer the charging unit than it began, and none ends within 1" of
an enemy model (as a Move). A unit locked in combat or with a Pinned model cannot move, so it
cannot evade ([added], from the Movement rules and "Pinned: no move").
"""

from __future__ import annotations

from game.core.actions import Placement, make_placement
from game.core.geometry import Destinations, Geometry
from game.core.i18n import msg
from game.core.state import GameState
from game.rulesets.legions import statuses
from game.rulesets.legions.charge_odds import cached, position_key
from game.rulesets.legions.combat import is_locked
from game.rulesets.legions.movement import (
    KEEP_AWAY,
    RULE_LOCKED,
    RULE_PINNED,
    away_point,
    placement_problem,
    too_close_to_enemy,
    unit_lowest,
)

RULE_EVADE = msg("Evade (reaction, 1 point): after the volley attacks, the charged unit moves up "
                 "to its I\" away from the charger (legions seed)")
RULE_AWAY = msg("[added] An evading model ends no nearer the charging unit than it began, and at "
                "least 1\" from every enemy model")
MARGIN = 0.05
#: Tried in turn when the whole allowance finds no legal placement.
FRACTIONS = (1.0, 0.5)


def allowance(s: GameState, unit_id: str) -> float:
    """The unit's I (its slowest model's, as every unit move)."""
    return float(unit_lowest(s, unit_id, "I"))


def cannot_move(s: GameState, unit_id: str) -> str | None:
    name = s.units[unit_id].name
    if is_locked(s, unit_id):
        return msg("{unit} is locked in combat ({rule})", unit=name, rule=RULE_LOCKED)
    if statuses.has_status(s, unit_id, statuses.PINNED):
        return msg("{unit} has a Pinned model ({rule})", unit=name, rule=RULE_PINNED)
    return None


def _nearest(s: GameState, geo: Geometry, model, charger_id: str) -> float:
    return min((geo.distance(model, e) for e in s.alive_models(charger_id)), default=0.0)


def problem(s: GameState, geo: Geometry, unit_id: str, charger_id: str,
            dest: Destinations) -> str | None:
    """Why this evade placement is illegal (quoting the rule), or None."""
    reason = cannot_move(s, unit_id)
    if reason:
        return reason
    reason = placement_problem(s, geo, unit_id, dest, allowance(s, unit_id), msg("evade"))
    if reason:
        return msg("{problem} ({rule})", problem=reason, rule=RULE_EVADE)
    close = too_close_to_enemy(s, geo, unit_id, dest, KEEP_AWAY, movers_only=True)
    if close:
        return msg("{problem} ({rule})", problem=close, rule=RULE_AWAY)
    for m in s.alive_models(unit_id):
        if m.id not in dest:
            continue
        moved = m.copy()
        moved.x, moved.y = dest[m.id]
        if _nearest(s, geo, moved, charger_id) < _nearest(s, geo, m, charger_id) - 1e-6:
            return (msg("{model} would end nearer {unit} than it began ({rule})", model=m.name,
                        unit=s.units[charger_id].name, rule=RULE_AWAY))
    return None


def offer(s: GameState, geo: Geometry, unit_id: str, charger_id: str) -> Placement | None:
    """The evade the game offers: the whole unit straight away from the charger, as far as its
    I allows (or half as far), if that placement (as rounded for the action) is legal and moves
    a model; else None."""
    if cannot_move(s, unit_id):
        return None
    # The offer is asked for by the offer, its check and the AI: worked out once per position.
    return cached(geo, position_key(s, "evade", unit_id, charger_id, 0),
                  lambda: (_search(s, geo, unit_id, charger_id),))[0]


def _search(s: GameState, geo: Geometry, unit_id: str, charger_id: str) -> Placement | None:
    point = away_point(s, unit_id, [charger_id])
    reach = allowance(s, unit_id)
    for fraction in FRACTIONS:
        dest = geo.move_toward(s, unit_id, point, reach * fraction, KEEP_AWAY + MARGIN)
        if all(tuple(v) == (s.models[k].x, s.models[k].y) for k, v in dest.items()):
            return None
        placement = make_placement(dest)
        rounded = {mid: (x, y) for mid, x, y in placement}
        if problem(s, geo, unit_id, charger_id, rounded) is None:
            return placement
    return None


def gained(s: GameState, geo: Geometry, unit_id: str, charger_id: str,
           dest: Destinations) -> float:
    """How many inches the evade adds to the gap between the two units."""
    before = geo.unit_distance(s, charger_id, unit_id)
    after = min((geo.distance(a, _at(b, dest)) for a in s.alive_models(charger_id)
                 for b in s.alive_models(unit_id)), default=before)
    return max(0.0, after - before)


def _at(model, dest: Destinations):
    if model.id not in dest:
        return model
    moved = model.copy()
    moved.x, moved.y = dest[model.id]
    return moved
