"""The `squads` charge, exactly as the seed orders it (rules/squads.md, "Charge phase").

Eligibility (three conditions) -> roll 2D6 first -> only then choose targets within 12" and
within the roll -> move, ending cleanly (four constraints plus coherency). A failed charge moves
no model at all.
"""

from __future__ import annotations

from itertools import combinations

from game.core.actions import Action, make_placement
from game.core.geometry import Geometry
from game.core.state import GameState
from game.rulesets.base import coherency_problem, moved_models, placement_reason
from game.rulesets.squads.engagement import (
    CHARGE_RANGE,
    ENGAGEMENT_RANGE,
    engaged_enemies,
    is_engaged,
)

RULE_ELIGIBLE = "Charge eligibility (squads seed)"
RULE_ROLL = "Charge roll: 2D6, roll first, choose after (squads seed)"
RULE_TARGETS = "Charge targets: within 12\" and within the roll (squads seed)"
RULE_MOVE = "Charge move: must end cleanly (squads seed)"
#: Within 1" of a target model "when possible".
CLOSE_RANGE = 1.0
#: The offered choices name at most this many targets (any subset may still be chosen and is
#: checked); three-target charges are rare and each offer costs a placement search.
MAX_OFFERED_TARGETS = 2


def eligibility_problem(s: GameState, geo: Geometry, unit_id: str) -> str | None:
    """The seed's three conditions, each with its own reason."""
    unit = s.units[unit_id]
    if unit.flags.get("advanced") or unit.flags.get("fell_back"):
        did = "Advanced" if unit.flags.get("advanced") else "Fell Back"
        return (f"Cannot charge: {unit.name} {did} this turn (a unit that Advanced or Fell Back "
                f"cannot charge)")
    if is_engaged(s, geo, unit_id):
        return (f"Cannot charge: {unit.name} is already engaged (a unit must not be engaged "
                f"with an enemy unit to charge)")
    if not enemies_within(s, geo, unit_id, CHARGE_RANGE):
        return (f"Cannot charge: no enemy unit is within 12\" of {unit.name} (at least one "
                f"enemy unit must be within 12\")")
    if unit.flags.get("charge_declared"):
        return f"Cannot charge: {unit.name} has already attempted a charge this phase"
    return None


def enemies_within(s: GameState, geo: Geometry, unit_id: str, reach: float) -> list[str]:
    side = s.units[unit_id].side
    return [e.id for e in s.enemy_units(side) if geo.unit_distance(s, unit_id, e.id) <= reach]


def reachable_targets(s: GameState, geo: Geometry, unit_id: str, roll: int) -> list[str]:
    """Enemy units within 12" and whose distance is at most the roll."""
    return enemies_within(s, geo, unit_id, min(CHARGE_RANGE, float(roll)))


def move_problem(s: GameState, geo: Geometry, unit_id: str, targets: tuple[str, ...],
                 dest: dict, roll: int, check_close: bool = True) -> str | None:
    """Why this charge placement breaks the seed's rules, or None. Checks, in order: the roll
    as the longest path, bases and terrain, the four end-of-move constraints, coherency."""
    unit = s.units[unit_id]
    base = placement_reason(s, geo, unit_id, dest, float(roll), how="charge")
    if base and "coherency" not in base:
        return base
    engaged = set(engaged_enemies(s, geo, unit_id, dest))
    for t in targets:  # 1. engaged with every chosen target
        if t not in engaged:
            return (f"{unit.name} would not end engaged with {s.units[t].name} (the charge must "
                    f"end within 2\" of every chosen target)")
    target_models = [m for t in targets for m in s.alive_models(t)]
    for m in s.alive_models(unit_id):  # 2. every moving model ends closer to a target
        if m.id not in dest or dest[m.id] == (m.x, m.y):
            continue
        moved = m.copy()
        moved.x, moved.y = dest[m.id]
        before = min(geo.distance(m, t) for t in target_models)
        after = min(geo.distance(moved, t) for t in target_models)
        if after >= before - 1e-9:
            return (f"{m.name} would not end closer to a target (every model that moves must "
                    f"end closer to one of the targets)")
    for other in engaged - set(targets):  # 4. engaged with no unit it did not choose
        return (f"{unit.name} would end engaged with {s.units[other].name}, which it did not "
                f"choose (a charge may not engage a unit that is not a target)")
    if base:
        return base
    if check_close:  # 3. within 1" of a target model when possible
        return _close_problem(s, geo, unit_id, targets, dest, roll)
    return None


def _close_problem(s, geo, unit_id, targets, dest, roll) -> str | None:
    """Constraint 3 ("when possible"): a model left more than 1" from every target model fails
    only if it could have ended within 1" with the others where they are."""
    target_models = [m for t in targets for m in s.alive_models(t)]
    others = [u for u in engaged_forbidden(s, unit_id, targets)]
    after = {m.id: m for m in moved_models(s, unit_id, dest)}
    for mid, moved in after.items():
        if min(geo.distance(moved, t) for t in target_models) <= CLOSE_RANGE:
            continue
        trial = s.copy()
        for other_id, other in after.items():
            trial.models[other_id].x, trial.models[other_id].y = other.x, other.y
        start = s.models[mid]
        trial.models[mid].x, trial.models[mid].y = start.x, start.y
        spot = geo.approach(trial, unit_id, [m.id for m in target_models], float(roll),
                            CLOSE_RANGE, avoid=others, avoid_range=ENGAGEMENT_RANGE,
                            movers=[mid])[mid]
        probe = start.copy()
        probe.x, probe.y = spot
        if min(geo.distance(probe, t) for t in target_models) <= CLOSE_RANGE:
            trial.models[mid].x, trial.models[mid].y = spot
            if coherency_problem(trial, geo, unit_id) is None:
                return (f"{moved.name} could end within 1\" of a target model and must (each "
                        f"model ends within 1\" of a target when possible)")
    return None


def engaged_forbidden(s: GameState, unit_id: str, targets: tuple[str, ...]) -> list[str]:
    """Models of enemy units that were not chosen: the charge must not come within 2"."""
    side = s.units[unit_id].side
    return [m.id for e in s.enemy_units(side) if e.id not in targets
            for m in s.alive_models(e.id)]


_solved: dict = {}
_SOLVED_KEEP = 64


def solve(s: GameState, geo: Geometry, unit_id: str, targets: tuple[str, ...],
          roll: int) -> tuple[dict | None, str]:
    """The solver's placement for these targets (see `_solve`), remembered for the same table
    position: offering a choice and then checking the chosen one ask the same question."""
    key = (geo, unit_id, tuple(targets), roll,
           tuple((m.id, m.x, m.y) for m in s.models.values() if m.alive))
    if key not in _solved:
        if len(_solved) >= _SOLVED_KEEP:
            _solved.clear()
        _solved[key] = _solve(s, geo, unit_id, targets, roll)
    dest, reason = _solved[key]
    return (dict(dest) if dest is not None else None), reason


def _solve(s: GameState, geo: Geometry, unit_id: str, targets: tuple[str, ...],
           roll: int) -> tuple[dict | None, str]:
    """Find a placement meeting every constraint for these targets, or (None, the reason).

    Strategy: everyone heads for the nearest target model; if a target is left unengaged, the
    model nearest to it goes first toward it and the rest follow. Each attempt is checked by
    `move_problem`, the same check a dragged placement gets, except constraint 3: the solver
    itself puts each model, in turn, within 1" of a target whenever a spot is free, which is
    what "when possible" asks (re-proving it per model would cost a search per model).
    """
    goals = [m.id for t in targets for m in s.alive_models(t)]
    avoid = engaged_forbidden(s, unit_id, targets)

    def attempts():
        yield _all_at_once(s, geo, unit_id, goals, avoid, roll)
        if len(targets) > 1:
            yield _one_per_target_first(s, geo, unit_id, targets, goals, avoid, roll)

    reason = "no placement found"
    for dest in attempts():
        reason = move_problem(s, geo, unit_id, targets, dest, roll, check_close=False)
        if reason is None:
            return dest, ""
    return None, reason


def placement_problem(s: GameState, geo: Geometry, unit_id: str, targets: tuple[str, ...],
                      placement, roll: int) -> str | None:
    """Check a chosen placement: the solver's own answer is legal by construction; any other
    (a dragged one) gets every check, constraint 3 included."""
    dest, _ = solve(s, geo, unit_id, targets, roll)
    if dest is not None and make_placement(dest) == tuple(placement):
        return None
    return move_problem(s, geo, unit_id, targets, {m: (x, y) for m, x, y in placement}, roll)


def _all_at_once(s, geo, unit_id, goals, avoid, roll):
    return geo.approach(s, unit_id, goals, float(roll), CLOSE_RANGE, avoid=avoid,
                        avoid_range=ENGAGEMENT_RANGE)


def _one_per_target_first(s, geo, unit_id, targets, goals, avoid, roll):
    trial = s.copy()
    leaders: list[str] = []
    for t in targets:
        theirs = s.alive_models(t)
        free = [m for m in trial.alive_models(unit_id) if m.id not in leaders]
        if not free:
            break
        leader = min(free, key=lambda m: min(geo.distance(m, e) for e in theirs))
        spot = geo.approach(trial, unit_id, [e.id for e in theirs], float(roll), CLOSE_RANGE,
                            avoid=avoid, avoid_range=ENGAGEMENT_RANGE, movers=[leader.id])
        trial.models[leader.id].x, trial.models[leader.id].y = spot[leader.id]
        leaders.append(leader.id)
    rest = [m.id for m in trial.alive_models(unit_id) if m.id not in leaders]
    dest = geo.approach(trial, unit_id, goals, float(roll), CLOSE_RANGE, avoid=avoid,
                        avoid_range=ENGAGEMENT_RANGE, movers=rest)
    for mid in leaders:
        dest[mid] = (trial.models[mid].x, trial.models[mid].y)
    # The approach ran on the trial copy; moves are measured from the real start positions.
    return dest


def target_choices(s: GameState, geo: Geometry, unit_id: str, roll: int,
                   reachable: list[str]) -> list[Action]:
    """Every offered subset of reachable targets that has a legal placement, plus giving up."""
    out = []
    for size in range(1, min(MAX_OFFERED_TARGETS, len(reachable)) + 1):
        for targets in combinations(reachable, size):
            dest, _ = solve(s, geo, unit_id, targets, roll)
            if dest is not None:
                names = " and ".join(s.units[t].name for t in targets)
                out.append(Action("charge_move", unit_id, targets=targets,
                                  placement=make_placement(dest), label=f"Charge {names}"))
    out.append(Action("charge_fail", unit_id, label="Choose no target: the charge fails"))
    return out


def charge_declarations(s: GameState, geo: Geometry) -> list[Action]:
    out = []
    for unit in s.units_of(s.active):
        if eligibility_problem(s, geo, unit.id) is None:
            out.append(Action("charge", unit.id, label=f"Charge with {unit.name} (roll 2D6)"))
    out.append(Action("end_phase", label="End the Charge phase"))
    return out
