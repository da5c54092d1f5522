"""The `squads` charge, exactly as the seed orders it (rules/squads.md, "Charge phase").

Eligibility (three conditions) -> roll 2D6 first -> only then choose targets within 12" and
within the roll -> move, ending cleanly (four constraints plus coherency). A failed charge moves
no model at all.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from fractions import Fraction
from itertools import combinations

from game.core import probability as P
from game.core.actions import Action, make_placement
from game.core.geometry import Geometry
from game.core.i18n import and_list, join, msg
from game.core.memo import PerTable
from game.core.state import GameState
from game.rulesets.base import placement_reason
from game.rulesets.squads.engagement import (
    CHARGE_RANGE,
    ENGAGEMENT_RANGE,
    engaged_enemies,
    is_engaged,
)
from game.rulesets.squads.placing import ChargeSearch, Shared

RULE_ELIGIBLE = msg("Charge eligibility (squads seed)")
RULE_ROLL = msg("Charge roll: 2D6, roll first, choose after (squads seed)")
RULE_TARGETS = msg("Charge targets: within 12\" and within the roll (squads seed)")
RULE_MOVE = msg("Charge move: must end cleanly (squads seed)")
#: What a charge move is, for the common movement check ("... would charge 9.2\"...").
CHARGE_HOW = msg("charge")


def eligibility_problem(s: GameState, geo: Geometry, unit_id: str) -> str | None:
    """The seed's three conditions, each with its own reason."""
    unit = s.units[unit_id]
    if unit.flags.get("advanced") or unit.flags.get("fell_back"):
        if unit.flags.get("advanced"):
            return msg("Cannot charge: {unit} Advanced this turn (a unit that Advanced or Fell "
                       "Back cannot charge)", unit=unit.name)
        return msg("Cannot charge: {unit} Fell Back this turn (a unit that Advanced or Fell "
                   "Back cannot charge)", unit=unit.name)
    if is_engaged(s, geo, unit_id):
        return msg("Cannot charge: {unit} is already engaged (a unit must not be engaged with "
                   "an enemy unit to charge)", unit=unit.name)
    if next(_in_reach(s, geo, unit_id, CHARGE_RANGE), None) is None:  # one will do
        return msg("Cannot charge: no enemy unit is within 12\" of {unit} (at least one enemy "
                   "unit must be within 12\")", unit=unit.name)
    if unit.flags.get("charge_declared"):
        return msg("Cannot charge: {unit} has already attempted a charge this phase",
                   unit=unit.name)
    return None


def enemies_within(s: GameState, geo: Geometry, unit_id: str, reach: float) -> list[str]:
    return list(_in_reach(s, geo, unit_id, reach))


def _in_reach(s: GameState, geo: Geometry, unit_id: str, reach: float):
    """The enemy units within `reach` of the unit, one by one (the eligibility test stops
    at the first)."""
    side = s.units[unit_id].side
    return (e.id for e in s.enemy_units(side) if geo.unit_distance(s, unit_id, e.id) <= reach)


def reachable_targets(s: GameState, geo: Geometry, unit_id: str, roll: int) -> list[str]:
    """Enemy units within 12" and whose distance is at most the roll."""
    return enemies_within(s, geo, unit_id, min(CHARGE_RANGE, float(roll)))


def move_problem(s: GameState, geo: Geometry, unit_id: str, targets: tuple[str, ...],
                 dest: dict, roll: int, check_close: bool = True,
                 shared: Shared | None = None) -> str | None:
    """Why this charge placement breaks the seed's rules, or None. Checks, in order: the roll
    as the longest path, bases and terrain, the four end-of-move constraints, coherency (one
    connected group)."""
    unit = s.units[unit_id]
    base = placement_reason(s, geo, unit_id, dest, float(roll), how=CHARGE_HOW, connected=True)
    if base and "coherency" not in base:
        return base
    engaged = set(engaged_enemies(s, geo, unit_id, dest))
    for t in targets:  # 1. engaged with every chosen target
        if t not in engaged:
            return msg("{unit} would not end engaged with {target} (the charge must end within "
                       "2\" of every chosen target)", unit=unit.name, target=s.units[t].name)
    search = ChargeSearch(s, geo, unit_id, targets, roll, shared)
    for m in s.alive_models(unit_id):  # 2. every moving model ends closer to one target
        if m.id not in dest or tuple(dest[m.id]) == (m.x, m.y):
            continue
        if not search.closer(m, *dest[m.id]):
            return msg("{model} would not end closer to any target (every model that moves "
                       "must end closer to one of the targets than it started)", model=m.name)
    for other in sorted(engaged - set(targets)):  # 4. engaged with no unit it did not choose
        return msg("{unit} would end engaged with {other}, which it did not choose (a charge "
                   "may not engage a unit that is not a target)", unit=unit.name,
                   other=s.units[other].name)
    if base:
        return base
    if check_close:  # 3. within 1" of a target model when possible
        return search.close_problem(dest)
    return None


#: Solved placements per table, held weakly (a finished battle's table is not kept alive).
_solved = PerTable(256)
#: What the searches on one board share (`placing.Shared`): the last few boards per table.
_shared = PerTable(4)


def board_of(s: GameState) -> tuple:
    """Every living base where it stands and the kind of its unit: all a charge search sees."""
    return tuple((m.id, m.x, m.y, s.units[m.unit].kind) for m in s.models.values() if m.alive)


def shared_for(s: GameState, geo: Geometry, board: tuple | None = None) -> Shared:
    return _shared.get(geo, board if board is not None else board_of(s), Shared)


def solve(s: GameState, geo: Geometry, unit_id: str, targets: tuple[str, ...],
          roll: int) -> tuple[dict | None, str]:
    """The solver's placement for these targets (see `_solve`), remembered for the same table
    position: offering a choice and then checking the chosen one ask the same question."""
    board = board_of(s)
    key = (unit_id, tuple(targets), roll, board)
    dest, reason = _solved.get(
        geo, key, lambda: _solve(s, geo, unit_id, targets, roll, shared_for(s, geo, board)))
    return (dict(dest) if dest is not None else None), reason


def _solve(s: GameState, geo: Geometry, unit_id: str, targets: tuple[str, ...],
           roll: int, shared: Shared | None = None) -> tuple[dict | None, str]:
    """Find a placement meeting every constraint for these targets, or (None, the reason).

    A search that places the models one at a time, each linked to those already placed (so
    the unit can string out round terrain), in several orders and by either flank
    (`ChargeSearch.orders`). Each answer is on the stored grid, has coherency mended for 7+
    models, constraint 3 met by `bring_close`, and is then checked by `move_problem` in full,
    the same check a dragged placement gets: the solver can miss a placement, never offer an
    illegal one."""
    search = ChargeSearch(s, geo, unit_id, targets, roll, shared)
    reason, furthest = msg("no placement found"), -1

    def answers():
        for order, anchor, flank, loose in search.orders():
            yield search.build(order, anchor, flank, loose)

    seen = []
    for dest, placed, why in answers():
        if dest is None:
            if placed > furthest:
                reason, furthest = why, placed
            continue
        if dest in seen:
            continue
        seen.append(dest)
        dest = search.bring_close(search.mend(dest))
        problem = move_problem(s, geo, unit_id, targets, dest, roll, shared=search.shared)
        if problem is None:
            return dest, ""
        if placed >= furthest:
            reason, furthest = problem, placed
    return None, reason


def placement_problem(s: GameState, geo: Geometry, unit_id: str, targets: tuple[str, ...],
                      placement, roll: int) -> str | None:
    """Check a chosen placement: the solver's own answer was checked in full when it was
    found; any other (a dragged one) gets every check, constraint 3 included."""
    dest, _ = solve(s, geo, unit_id, targets, roll)
    if dest is not None and make_placement(dest) == tuple(placement):
        return None
    return move_problem(s, geo, unit_id, targets, {m: (x, y) for m, x, y in placement}, roll,
                        shared=shared_for(s, geo))


def could_engage_together(s: GameState, geo: Geometry, unit_id: str, targets, roll: int) -> bool:
    """A quick necessary test before searching: two targets further apart than the unit could
    span after its move (two models each within 2" of one of them) are never engaged together.
    A model's centre ends within the roll of its start, and a connected unit of n models spans
    at most n - 1 links of 2" plus bases."""
    mine = s.alive_models(unit_id)
    width = max(2 * m.base.radius for m in mine)
    chain = (len(mine) - 1) * (ENGAGEMENT_RANGE + width)
    spread = max((((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 for a in mine for b in mine),
                 default=0.0) + 2 * roll
    reach = min(chain, spread) + width + 2 * ENGAGEMENT_RANGE
    return all(geo.unit_distance(s, a, b) <= reach + 1e-6
               for a, b in combinations(targets, 2))


#: The choices after a roll, per board: the log's notes (`unreachable_notes`, in `apply`) and
#: the listing right after it ask the same question.
_choices = PerTable(64)


def target_choices(s: GameState, geo: Geometry, unit_id: str, roll: int,
                   reachable: list[str]) -> list[Action]:
    """Every set of reachable targets that has a legal placement, plus giving up. The giving
    up choice names each reachable target no offer includes and why (the rule that stopped
    it), for the log and the decision panel."""
    key = (unit_id, roll, tuple(reachable), board_of(s))

    def listed():
        with collection_paused():
            return _target_choices(s, geo, unit_id, roll, reachable)

    return list(_choices.get(geo, key, listed))


@contextmanager
def collection_paused():
    """Python's cycle collector held off while a listing runs (no answer changes: it frees
    only reference cycles, and runs again as soon as the listing is over). Why: a listing
    makes some hundred thousand small tuples (spots, rows, ranks), each counted toward the
    next collection, and every collection walks the young objects, every tenth the older
    ones and now and then every object alive (the board's records included): a sixth of
    a listing's time. Left as it was if the collector was already off."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _target_choices(s: GameState, geo: Geometry, unit_id: str, roll: int,
                    reachable: list[str]) -> list[Action]:
    out = []
    missing: dict[str, str] = {}
    for size in range(1, len(reachable) + 1):
        for targets in combinations(reachable, size):
            if size > 1 and not could_engage_together(s, geo, unit_id, targets, roll):
                continue
            dest, reason = solve(s, geo, unit_id, targets, roll)
            if dest is not None:
                names = and_list([s.units[t].name for t in targets])
                out.append(Action("charge_move", unit_id, targets=targets,
                                  placement=make_placement(dest),
                                  label=msg("Charge {targets}", targets=names)))
            elif size == 1:
                missing[targets[0]] = reason
    offered = {t for a in out for t in a.targets}
    why = [cannot_reach(s.units[t].name, missing[t]) for t in reachable
           if t not in offered and t in missing]
    label = msg("Choose no target: the charge fails")
    if why:
        label = msg("Choose no target: the charge fails ({reasons})", reasons=join(why, "; "))
    out.append(Action("charge_fail", unit_id, label=label))
    return out


def cannot_reach(target: str, reason: str) -> str:
    return msg("{target} cannot be reached: {reason}", target=target, reason=reason)


def unreachable_notes(s: GameState, geo: Geometry, unit_id: str, roll: int,
                      reachable: list[str]) -> list[str]:
    """For the log: each target within the roll that no offered charge can reach, and why."""
    offered = {t for a in target_choices(s, geo, unit_id, roll, reachable)
               if a.kind == "charge_move" for t in a.targets}
    out = []
    for t in reachable:
        if t not in offered:
            _, reason = solve(s, geo, unit_id, (t,), roll)
            out.append(cannot_reach(s.units[t].name, reason))
    return out


def charge_chance(s: GameState, geo: Geometry, unit_id: str, target: str) -> Fraction:
    """The exact chance that declaring this unit's charge ends with `target` offered: the
    sum of P(2D6 = roll) over the rolls for which the target is within the roll and some
    offered charge names it (the same search the choice after the roll runs), so that the
    odds shown before the roll are what the game then does, terrain and constraints included."""
    total = Fraction(0)
    for roll, p in P.sum_of_dice(2).items():
        reachable = reachable_targets(s, geo, unit_id, roll)
        if target not in reachable:
            continue
        if _offered_with(s, geo, unit_id, target, roll, reachable):
            total += p
    return total


def _offered_with(s, geo, unit_id, target, roll, reachable) -> bool:
    """Whether `target_choices` would offer some set of targets naming `target` (asked set
    by set, alone first, so the usual case costs one search)."""
    others = [t for t in reachable if t != target]
    for size in range(len(others) + 1):
        for rest in combinations(others, size):
            targets = tuple(t for t in reachable if t == target or t in rest)
            if size and not could_engage_together(s, geo, unit_id, targets, roll):
                continue
            if solve(s, geo, unit_id, targets, roll)[0] is not None:
                return True
    return False


def charge_declarations(s: GameState, geo: Geometry) -> list[Action]:
    out = []
    for unit in s.units_of(s.active):
        if eligibility_problem(s, geo, unit.id) is None:
            out.append(Action("charge", unit.id,
                              label=msg("Charge with {unit} (roll 2D6)", unit=unit.name)))
    out.append(Action("end_phase", label=msg("End the Charge phase")))
    return out
