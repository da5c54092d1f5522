"""How good a position is for one side, for a searcher's leaves: a margin in victory points.

Why more than the points now: a search that stops after a few plies must see that holding an
objective matters more as the end comes near, and that a unit in an enemy's charge reach is
about to suffer. Three terms, all in points:
  - points now: the ruleset's own `score` without objectives (kills, wiped units);
  - objectives: the points held objectives would give, weighted by the rounds left (worth
    their full value in the last round, less while there is time to take them back);
  - threats: for each unit, the best charge it can make next, as the ruleset's exact charge
    odds (`charge_odds(gap)`, edge to edge) times the models it would reach (at most its own),
    counted at `THREAT_WEIGHT` for the side to act and half that for the others (who act
    later), unless the ruleset's `threat_weights` hook says otherwise (fitted to how greedy
    battles end: `benchmarks/evaluate_fit.py`). Rulesets without `charge_odds` get none. Where a unit moves before its next charge (an opponent's
    unit, whose turn starts with its Move), the ruleset's hook reads the odds "move then
    charge" (`game.rulesets.base.moves_before_charging` and `after_move`): a unit 14" off with a 6" Move is a
    threat, though its charge alone would not reach.
The margin is the side's value minus the best other side's (multi-sided warband: it plays for
its own margin against all others). A finished battle is its final points.

Hook: a ruleset may provide `evaluate(state, side, geo) -> float` (its `search_hooks.py`),
usually `margin` here with the ruleset's own reach odds (`odds(state, unit_id, gap)`: a fixed
move reaches or not, a 2D6 charge has its exact chance); this module is the default.
"""

from __future__ import annotations

import math

from game.core.state import GameState

#: Points a threatened model is worth at the leaf (a charge that lands is not yet a kill).
THREAT_WEIGHT = 0.5
#: Beyond this distance (inches) no charge is looked at, even after a move; nearer, a pair
#: is measured exactly only when its charge could reach from the cheap lower bound.
THREAT_REACH = 30.0
#: Beyond this gap every ruleset's charge odds only fall as the gap grows (nearer, a squads
#: charge cannot be made within 2"), so the odds at a lower bound of the gap bound a pair's.
MONOTONE_FROM = 3.0


def objective_weight(ruleset, state: GameState) -> float:
    """1 in the last round (the ruleset's `battle_rounds`), then 1/(1 + rounds left / 2)
    before it."""
    left = max(0, ruleset.battle_rounds(state.scenario) - state.round)
    return 1.0 / (1.0 + 0.5 * left)


def _extent(state: GameState, unit_id: str):
    """(centre x, centre y, spread, models): spread is how far the unit's bases reach from
    its centre, for a cheap lower bound on the gap before measuring it exactly."""
    models = state.alive_models(unit_id)
    if not models:
        return None
    x = sum(m.x for m in models) / len(models)
    y = sum(m.y for m in models) / len(models)
    spread = max(math.hypot(m.x - x, m.y - y) + m.base.radius for m in models)
    return x, y, spread, len(models)


def default_odds(ruleset):
    """The ruleset's `charge_odds(gap)` as `odds(state, unit_id, gap)`, or None."""
    odds = getattr(ruleset, "charge_odds", None)
    return None if odds is None else (lambda state, unit_id, gap: odds(gap))


def threat_weights(ruleset) -> tuple[float, float]:
    """(the side to act's, every other side's) weight of a threatened model: the ruleset's
    `threat_weights` hook, else `THREAT_WEIGHT` and half of it."""
    return tuple(getattr(ruleset, "threat_weights", (THREAT_WEIGHT, 0.5 * THREAT_WEIGHT)))


def threats(ruleset, state: GameState, geo, odds=None) -> list[float]:
    """Per side: the raw threat (`raw_threats`) weighted by `threat_weights`. Both weights
    zero (legions): no threat is measured at all, since every term would be 0.0 anyway (the
    exact pairs' odds were ~3/4 of a leaf's cost there)."""
    acting, others = threat_weights(ruleset)
    if not acting and not others:
        return [0.0] * len(state.sides)
    return [v * (acting if i == state.active else others)
            for i, v in enumerate(raw_threats(ruleset, state, geo, odds))]


def raw_threats(ruleset, state: GameState, geo, odds=None) -> list[float]:
    """Per side: the sum over its units of the best next charge (the ruleset's exact odds for
    the edge-to-edge gap × the models it would reach), unweighted."""
    odds = odds or default_odds(ruleset)
    out = [0.0] * len(state.sides)
    if odds is None or geo is None:
        return out
    extents = {u.id: _extent(state, u.id) for u in state.units.values()}
    for unit in state.units.values():
        mine = extents[unit.id]
        if mine is None:
            continue
        best = 0.0
        for other in state.units.values():
            theirs = extents[other.id]
            if other.side == unit.side or theirs is None:
                continue
            reached = min(theirs[3], mine[3])
            bound = math.hypot(mine[0] - theirs[0], mine[1] - theirs[1]) - mine[2] - theirs[2]
            if bound > THREAT_REACH or (
                    bound > MONOTONE_FROM and float(odds(state, unit.id, bound)) * reached <= best):
                continue  # the odds only fall with the gap: this pair cannot beat the best
            gap = geo.unit_distance(state, unit.id, other.id)
            if gap > THREAT_REACH:
                continue
            best = max(best, float(odds(state, unit.id, gap)) * reached)
        out[unit.side] += best
    return out


def values(ruleset, state: GameState, geo, odds=None) -> list[float]:
    """Every side's value (see the module docstring)."""
    if state.over:
        return [float(p) for p in state.result["points"]]
    plain = ruleset.score(state, None)
    held = ruleset.score(state, geo)
    weight = objective_weight(ruleset, state)
    threat = threats(ruleset, state, geo, odds)
    return [plain[i] + weight * (held[i] - plain[i]) + threat[i] for i in range(len(plain))]


def margin(ruleset, state: GameState, side: int, geo, odds=None) -> float:
    """The side's value minus the best other side's value (multi-sided: all others)."""
    vals = values(ruleset, state, geo, odds)
    others = [v for i, v in enumerate(vals) if i != side]
    return vals[side] - (max(others) if others else 0.0)


def evaluate(ruleset, state: GameState, side: int, geo) -> float:
    """The side's margin, by the ruleset's own `evaluate` hook when it has one."""
    hook = getattr(ruleset, "evaluate", None)
    if hook is not None:
        return float(hook(state, side, geo))
    return margin(ruleset, state, side, geo, getattr(ruleset, "reach_odds", None))
