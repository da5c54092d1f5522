"""Placing a `legions` setup move (charge step 3) or charge move (step 5): the check every
placement gets, and the search for one the game offers.

Why a search of its own: the charge roll is only "sufficient to reach the target" (the seed)
when the models can get there, so a roll that covers the gap but finds no placement fails the
charge. The search must therefore not give up where a legal placement exists: it tries the
whole unit heading for contact, then its nearest models alone (the others staying, or
following as a formation), then the unit as a formation. The odds (charge.charge_chance) run
this same search, so the figure shown is what the game then does.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.core.geometry import CONTACT_TOLERANCE, Destinations, Geometry
from game.core.i18n import msg
from game.core.memo import PerTable
from game.core.state import GameState
from game.rulesets.base import placed_view, unit_centroid
from game.rulesets.legions.move_intents import poses
from game.rulesets.legions.movement import (
    coherency_kept,
    neighbours,
    placement_problem,
    units_in_reach,
)

SETUP_MOVE = msg("setup move")
CHARGE_MOVE = msg("charge move")
RULE_SUCCESS = msg("Charge success: the charger's models move into base-to-base contact; one model "
                   "in contact = both units are locked in combat (legions seed)")
RULE_CLEAN_MOVE = msg("[added] A setup or charge move: each model by a path no longer than the "
                      "distance, each moving model ending closer to the target, never in base "
                      "contact with another enemy unit, the unit in coherency")
#: Models keep this far from enemy units they do not charge (no accidental contact).
OTHER_ENEMY_GAP = 0.1
#: The search sends its nearest 1, 2, ... of these models ahead for base contact.
LEADERS = (1, 2, 3)


def in_contact_with(s: GameState, geo: Geometry, unit_id: str, target_id: str) -> bool:
    """A model of the unit in base contact with one of the target's: the units' distance
    within the contact tolerance. That distance is the least of the pairs' (the table's
    unit_distance: round pairs by arithmetic, nearest bound first for bases with corners, done
    at the first touch), so the same answer as asking `in_contact` of every pair, which the
    searches did some 4400 times a greedy battle."""
    return geo.unit_distance(s, unit_id, target_id) <= CONTACT_TOLERANCE


def move_problem(s: GameState, geo: Geometry, unit_id: str, target_id: str, dest: Destinations,
                 allowance: float, what: str, need_contact: bool) -> str | None:
    """Why a setup or charge move placement breaks RULE_CLEAN_MOVE (or, for the charge move,
    ends with no model in base contact), or None."""
    problem = placement_problem(s, geo, unit_id, dest, allowance, what)
    if problem:
        return problem
    targets = s.alive_models(target_id)
    side = s.units[unit_id].side
    # a model that moved by a path within the allowance (checked above) can touch no other
    near = units_in_reach(s, unit_id, [e.id for e in s.enemy_units(side) if e.id != target_id],
                          allowance + CONTACT_TOLERANCE)
    others = [m for uid in near for m in s.alive_models(uid)]
    for m in s.alive_models(unit_id):
        if m.id not in dest or tuple(dest[m.id]) == (m.x, m.y):
            continue
        moved = m.copy()
        moved.x, moved.y = dest[m.id]
        before = min(geo.distance(m, t) for t in targets)
        after = min(geo.distance(moved, t) for t in targets)
        if after >= before - 1e-9:
            return msg("{model} must end its {what} closer to the target ({rule})",
                       model=m.name, what=what, rule=RULE_CLEAN_MOVE)
        for o in others:
            if geo.distance(moved, o) <= CONTACT_TOLERANCE:
                return msg("{model} would touch {other}, which is not the target ({rule})",
                           model=m.name, other=o.name, rule=RULE_CLEAN_MOVE)
    if need_contact and not in_contact_with(placed_view(s, dest), geo, unit_id, target_id):
        return msg("No model of {unit} ends in base contact ({rule})",
                   unit=s.units[unit_id].name, rule=RULE_SUCCESS)
    return None


def _leaders_ahead(s: GameState, geo: Geometry, unit_id: str, target_id: str, allowance: float,
                   whole: Destinations) -> Iterator[Destinations]:
    """The nearest models head for base contact; the rest stay where they are, or follow as a
    formation toward the target or toward where the leaders end (each only as far as it
    legally can by its own straight path).

    The leaders' spots are those of the whole unit's approach (`whole`): it places the models
    nearest first, so its first n spots are exactly what n leaders alone would take. If none
    of them reached base contact, no leader can."""
    targets = s.alive_models(target_id)
    models = s.alive_models(unit_id)
    nearest = sorted(models, key=lambda m: (min(geo.distance(m, t) for t in targets), m.id))
    for count in LEADERS:
        if count >= len(models):
            return
        leaders = [m.id for m in nearest[:count]]
        ahead = {m.id: (m.x, m.y) for m in models}
        ahead.update({mid: whole[mid] for mid in leaders})
        if not in_contact_with(placed_view(s, ahead), geo, unit_id, target_id):
            continue
        yield ahead
        trial = placed_view(s, {mid: ahead[mid] for mid in leaders})
        lead_x = sum(ahead[mid][0] for mid in leaders) / len(leaders)
        lead_y = sum(ahead[mid][1] for mid in leaders) / len(leaders)
        for point in (unit_centroid(s, target_id), (lead_x, lead_y)):
            follow = geo.move_toward(trial, unit_id, point, allowance, OTHER_ENEMY_GAP)
            combined = dict(ahead)
            for mid, spot in follow.items():
                if mid in leaders:
                    continue
                start = s.models[mid]
                path = geo.path_length(s, start, spot) if spot != (start.x, start.y) else 0.0
                if path is not None and path <= allowance + 1e-9:
                    combined[mid] = spot
            yield combined


def candidates(s: GameState, geo: Geometry, unit_id: str, target_id: str, allowance: float,
               need_contact: bool) -> Iterator[Destinations]:
    """Placements to try, most natural first (see the module docstring)."""
    side = s.units[unit_id].side
    avoid = units_in_reach(s, unit_id, [e.id for e in s.enemy_units(side) if e.id != target_id],
                           allowance + OTHER_ENEMY_GAP)
    whole = geo.approach(s, unit_id, [target_id], allowance, CONTACT_TOLERANCE, avoid=avoid,
                         avoid_range=OTHER_ENEMY_GAP)
    yield whole
    if need_contact:
        yield from _leaders_ahead(s, geo, unit_id, target_id, allowance, whole)
    # A formation move keeps the unit coherent: straight at the target's middle, then at
    # its nearest model; the front models stop against the target's bases.
    nearest = min(s.alive_models(target_id),
                  key=lambda t: min(geo.distance(m, t) for m in s.alive_models(unit_id)))
    for point in (unit_centroid(s, target_id), nearest.pos):
        for f in (1.0,) if need_contact else (1.0, 0.6, 0.3):
            yield geo.move_toward(s, unit_id, point, allowance * f)


#: Solved placements per table, remembered by everything they depend on (see `_solve_key`).
SOLVED_LIMIT = 4096
_SOLVED = PerTable(SOLVED_LIMIT)
#: Beyond this margin past the allowance, a model can neither block nor crowd the move.
NEIGHBOURHOOD = 2.5


def _solve_key(s: GameState, unit_id: str, target_id: str, allowance: float,
               need_contact: bool) -> tuple:
    """A placement depends on the table, the unit's and the target's models and the models
    near enough to block or crowd them (and on which of those are enemies): so the search is
    not run again for a charge whose surroundings did not change."""
    mine = s.alive_models(unit_id)
    return (unit_id, target_id, allowance, need_contact,
            poses(mine),
            neighbours(s, unit_id, allowance + NEIGHBOURHOOD + 1.0, also=target_id))


def solve_move(s: GameState, geo: Geometry, unit_id: str, target_id: str, allowance: float,
               what: str, need_contact: bool) -> Destinations | None:
    """A legal placement toward the target, or None when the search finds none (remembered:
    the odds and the charge itself ask for the same placements)."""
    key = _solve_key(s, unit_id, target_id, allowance, need_contact) + (what,)
    found = _SOLVED.get(geo, key, lambda: _search(s, geo, unit_id, target_id, allowance, what,
                                                  need_contact))
    return None if found is None else dict(found)


def _search(s: GameState, geo: Geometry, unit_id: str, target_id: str, allowance: float,
            what: str, need_contact: bool) -> Destinations | None:
    """The search itself. A charge move by a unit already in base contact with its target
    needs no model to move. Only whether `move_problem` refuses a candidate matters here, not
    its reason, so its cheapest refusals come first: no base contact, and coherency lost by a
    unit that had it (most refused candidates, 52 of 189 checked in greedy battles seeds
    0-2, whose paths move_problem measures before it comes to coherency)."""
    here = {m.id: (m.x, m.y) for m in s.alive_models(unit_id)}
    if need_contact and in_contact_with(s, geo, unit_id, target_id):
        return here
    seen = set()
    for dest in candidates(s, geo, unit_id, target_id, allowance, need_contact):
        key = tuple(sorted(dest.items()))
        if key in seen or all(tuple(v) == here[k] for k, v in dest.items()):
            continue
        seen.add(key)
        if need_contact and not in_contact_with(placed_view(s, dest), geo, unit_id, target_id):
            continue  # move_problem's last check, first: the others cost far more
        if coherency_kept(s, geo, unit_id, dest) is not None:
            continue  # move_problem refuses it too, after measuring every moved model's path
        if move_problem(s, geo, unit_id, target_id, dest, allowance, what, need_contact) is None:
            return dest
    return None


def solve_charge_move(s: GameState, geo: Geometry, unit_id: str, target_id: str, roll: int,
                      need: int) -> Destinations | None:
    """The charge move for a kept die of `roll` (at least `need`, the roll that covers the
    gap): a placement found for the full roll, else one found for a shorter move (legal for
    this roll too: every path within it). So a roll never fails where a smaller one would have
    succeeded, and the odds need only the smallest roll that finds a placement."""
    for allowance in range(roll, need - 1, -1):
        dest = solve_move(s, geo, unit_id, target_id, float(allowance), CHARGE_MOVE, True)
        if dest is not None:
            return dest
    return None
