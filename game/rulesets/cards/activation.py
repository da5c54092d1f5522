"""Activation [added] (rules/cards.md, "The deck and the turn"): each unit of the drawn card's
type, one after another in the order its owner picks, may move up to M". A move may end in base
contact with an enemy (a charge): the only way into base contact. A Shaken unit only rallies.
"""

from __future__ import annotations

import math

from game.core.actions import Action, make_placement
from game.core.geometry import CONTACT_TOLERANCE, Geometry
from game.core.i18n import join, msg
from game.core.state import GameState
from game.rulesets.base import (
    coherency_problem,
    placed_view,
    placement_reason,
    representative_destinations,
    unit_centroid,
)
from game.rulesets.cards import memo, solver
from game.rulesets.cards.contact import CONTACT_STOP, enemy_contacts
from game.rulesets.cards.figures import as_stored, linked
from game.rulesets.cards.retreat import KEEP_CLEAR

RULE_ACTIVATE = msg("Activation: each unit of the card's type may move up to M\" (cards)")
RULE_CHARGE = msg("Charge: a move may end in base contact with an enemy, the only way into base "
                  "contact (cards)")
RULE_RALLY = msg("Shaken: the unit's next activation only rallies (cards)")
#: Why an offered move is refused when the unit would not hold together.
SPLIT = msg("the unit would be split in two groups")

#: Offered moves that are not charges stop this far from the enemy (a charge is offered apart).
OFFERED_CLEARANCE = 1.0
#: The offered moves head for these many of the nearest objectives.
OBJECTIVES_OFFERED = 2
#: A move held together is cut back in steps of this many inches.
HOLD_STEP = 0.5
#: "Away" is offered only when an enemy is this close.
THREAT_RANGE = 14.0


def allowance(s: GameState, unit_id: str) -> float:
    return float(s.units[unit_id].profile["M"])


def waiting_units(s: GameState) -> list[str]:
    """Units of the card still to activate (alive)."""
    activation = s.pending.get("activation") or {}
    return [u for u in activation.get("units", []) if s.unit_alive(u)]


def move_problem(s: GameState, geo: Geometry, unit_id: str, dest: dict) -> str | None:
    """The common movement rules with M as the allowance (a charge is checked the same way:
    it is a move that happens to end touching an enemy)."""
    return placement_reason(s, geo, unit_id, dest, allowance(s, unit_id))


def offered_problem(s: GameState, geo: Geometry, unit_id: str, dest: dict) -> str | None:
    """The check of a move the rules offer (built by the table's `move_toward` or `approach`).

    Those solvers only return ends each figure reaches by a legal path within the allowance
    (a straight, unblocked stretch costing at most the allowance, or a found path), so what is
    left to check is the end position: bases, table, terrain, coherency. And what the rules
    offer is also one body of figures: the common coherency rule alone lets a unit split into
    pairs far apart, so offered moves keep every figure linked to the rest by a chain of 2"
    gaps (a player may still drag any legal placement).

    The cheap checks of the unit's own figures come first and the table's end check last:
    about half the cuts and fallbacks tried fail on coherency alone. (Callers only ask whether
    a move passes; the full check of an offer, in the rules' own order, is
    `activation_problem`.)"""
    dest = as_stored(s, dest)
    if not linked(s, geo, unit_id, dest):
        return SPLIT
    return coherency_problem(s, geo, unit_id, dest) or geo.placement_problem(s, dest)


def ends_in_contact(s: GameState, geo: Geometry, unit_id: str, dest: dict) -> list[str]:
    """Enemy units the move would touch (it is a charge if any)."""
    if not dest:
        return []
    side = s.units[unit_id].side
    # only enemies whose bases come near the box round the ends can touch one of them
    reach = max(s.models[mid].base.radius for mid in dest) + CONTACT_TOLERANCE
    low_x, high_x = min(x for x, _ in dest.values()) - reach, max(x for x, _ in dest.values()) + reach
    low_y, high_y = min(y for _, y in dest.values()) - reach, max(y for _, y in dest.values()) + reach
    enemies = [m for m in s.models.values() if m.alive and m.side != side
               and _within_box(m, low_x, high_x, low_y, high_y)]
    if not enemies:
        return []
    touched: set[str] = set()
    for mid, (x, y) in dest.items():
        probe = s.models[mid].copy()
        probe.x, probe.y = x, y
        touched |= {e.unit for e in enemy_contacts(s, geo, probe, enemies)}
    return sorted(touched)


def _within_box(m, low_x: float, high_x: float, low_y: float, high_y: float) -> bool:
    """The base's centre within the box grown by its radius (read once: this filters every
    figure on the table for every move valued)."""
    r = m.base.radius
    return low_x - r <= m.x <= high_x + r and low_y - r <= m.y <= high_y + r


def charge_destinations(s: GameState, geo: Geometry, unit_id: str, target: str) -> dict | None:
    """The charge the rules offer: the figures that may reach the target (within M" of it) go
    for base contact, each by a legal path of at most M (the table's `approach`, closest
    first); the others follow straight toward the target as far as they legally can, never
    touching an enemy. If the unit would not hold together, fewer figures go in (the closest
    half, then the closest one) and the rest follow. None if no figure reaches contact.

    The approach is solved once: it places the closest figure first, so the closest k of its
    ends are exactly what it would give with only those k going in. The answer is remembered
    for the position (memo.py): the listing and `withheld` (the log, the client's panel) ask
    the same charges."""
    found = memo.remembered(s, geo, ("charge", unit_id, target),
                            lambda: _charge_destinations(s, geo, unit_id, target))
    return None if found is None else dict(found)


def _charge_destinations(s: GameState, geo: Geometry, unit_id: str, target: str) -> dict | None:
    move = allowance(s, unit_id)
    targets = s.alive_models(target)
    gaps = {m.id: min(geo.distance(m, e) for e in targets) for m in s.alive_models(unit_id)}
    in_reach = sorted((mid for mid, gap in gaps.items() if gap <= move
                       and solver.may_reach(s, geo, s.models[mid], targets, move)),
                      key=lambda mid: (gaps[mid], mid))
    if not in_reach:
        return None
    solved = solver.approach_each(s, geo, unit_id, in_reach, [target], move, CONTACT_STOP)
    if target not in ends_in_contact(s, geo, unit_id, solved):
        return None
    for count in sorted({len(in_reach), (len(in_reach) + 1) // 2, 1}, reverse=True):
        leaders = in_reach[:count]
        dest = {mid: solved[mid] for mid in leaders}
        if target not in ends_in_contact(s, geo, unit_id, dest):
            continue
        dest.update(follow(s, geo, unit_id, dest, leaders, unit_centroid(s, target), move))
        if not offered_problem(s, geo, unit_id, dest):
            return dest
    return None


def follow(s: GameState, geo: Geometry, unit_id: str, dest: dict, leaders: list[str],
           point, move: float) -> dict:
    """The figures that are not going for contact advance straight toward `point` behind
    the leaders (the table's formation move, on a copy where the leaders already stand at their
    ends and only the followers belong to the unit), never touching an enemy."""
    followers = [mid for mid in s.units[unit_id].models
                 if s.models[mid].alive and mid not in leaders]
    if not followers:
        return {}
    trial = s.copy()
    for mid in leaders:
        trial.models[mid].x, trial.models[mid].y = dest[mid]
    trial.units[unit_id].models = tuple(followers)
    return geo.move_toward(trial, unit_id, point, move, KEEP_CLEAR)


#: A move toward the nearest enemy: its goal (a Msg, whose value is the English) starts so.
TOWARD = "toward "


def move_goals(s: GameState, geo: Geometry, unit_id: str) -> dict[str, tuple]:
    """Named points an activated unit may head for: the nearest enemy, the nearest objectives,
    and away from a close enemy."""
    unit = s.units[unit_id]
    cx, cy = unit_centroid(s, unit_id)
    enemies = s.enemy_units(unit.side)
    goals: dict[str, tuple] = {}
    nearest = min(enemies, key=lambda e: geo.unit_distance(s, unit_id, e.id), default=None)
    if nearest is not None:
        goals[msg("toward {unit}", unit=nearest.name)] = unit_centroid(s, nearest.id)
    near = sorted(s.scenario.objectives, key=lambda o: (o.x - cx) ** 2 + (o.y - cy) ** 2)
    for obj in near[:OBJECTIVES_OFFERED]:
        goals[msg("to {objective}", objective=obj.name)] = (obj.x, obj.y)
    if nearest is not None and geo.unit_distance(s, unit_id, nearest.id) <= THREAT_RANGE:
        ex, ey = unit_centroid(s, nearest.id)
        dx, dy = cx - ex, cy - ey
        norm = max((dx * dx + dy * dy) ** 0.5, 1e-6)
        goals[msg("away from {unit}", unit=nearest.name)] = (cx + dx / norm * 30,
                                                             cy + dy / norm * 30)
    return goals


def offered_moves(s: GameState, geo: Geometry, unit_id: str) -> dict[str, dict]:
    """The moves offered toward each goal of `move_goals`, keyed by goal: the full move when
    the unit holds together at its end; else the unit keeps its formation and goes as far as
    it can together (a figure slowed by difficult ground no longer makes the whole unit settle
    for a 60% or 30% move); else the table's shorter moves (60%, then 30%)."""
    move = allowance(s, unit_id)

    def check(dest):
        return offered_problem(s, geo, unit_id, dest)

    out: dict[str, dict] = {}
    for goal, point in move_goals(s, geo, unit_id).items():
        full = geo.move_toward(s, unit_id, point, move, OFFERED_CLEARANCE)
        moved = any(full[m.id] != (m.x, m.y) for m in s.alive_models(unit_id))
        dest = full if moved and not check(full) else held_together(s, unit_id, full, check)
        if dest is None:
            dest = representative_destinations(s, geo, unit_id, move, {goal: point},
                                               OFFERED_CLEARANCE, check).get(goal)
        if goal.startswith(TOWARD):
            dest = _round_the_way(s, geo, unit_id, dest, check)
        if dest is not None:
            out[goal] = dest
    return out


def _round_the_way(s: GameState, geo: Geometry, unit_id: str, dest: dict | None, check
                   ) -> dict | None:
    """A move toward the nearest enemy goes straight; when terrain (a palisade, say) stops it
    short, the figures may instead take a legal path round (the table's `approach`, ending no
    closer than the offered clearance): whichever of the two ends nearer the enemy.

    The path search is the dearest question of a listing, so it is skipped wherever it cannot
    win, and the way round it finds is checked only once it ends 0.5" nearer."""
    enemies = s.enemy_units(s.units[unit_id].side)
    if not enemies:
        return dest
    nearest = min(enemies, key=lambda e: (geo.unit_distance(s, unit_id, e.id), e.id)).id

    def gap(where):
        return geo.unit_distance(placed_view(s, where), unit_id, nearest)

    move = allowance(s, unit_id)
    straight = None if dest is None else gap(dest)
    now = geo.unit_distance(s, unit_id, nearest)
    if straight is not None and straight <= now - move + 0.5:
        return dest  # the straight move closed (almost) a full move
    if straight is not None and now >= OFFERED_CLEARANCE and \
            straight <= OFFERED_CLEARANCE + 0.5:
        # No way round can end 0.5" nearer: it keeps every figure more than the clearance
        # away (those that do not move already are), so skip the search.
        return dest
    if straight is not None and _none_nearer(s, geo, unit_id, nearest, move, straight - 0.5):
        return dest  # nor can it where woods slow every figure too much (the bounds say so)
    around = geo.approach(s, unit_id, [nearest], move, OFFERED_CLEARANCE + 0.05,
                          avoid=[nearest], avoid_range=OFFERED_CLEARANCE)
    if (straight is None or gap(around) < straight - 0.5) and not check(around) and \
            not ends_in_contact(s, geo, unit_id, around):
        return around
    return dest


#: Taken off the bounds of `_none_nearer`, whatever the rounding of a distance.
BOUND_SLACK = 1e-6


def _none_nearer(s: GameState, geo: Geometry, unit_id: str, enemy: str, move: float,
                 mark: float) -> bool:
    """Can no move of the unit costing at most `move` per figure leave it nearer `enemy` than
    `mark`? Proved figure by figure, enemy figure by enemy figure, a few sums against the path
    search it may spare: to end nearer than the mark to an enemy figure, a figure must move at
    least its gap less the mark (bases draw no nearer than they move), and a path costs its
    length plus its stretch in difficult ground, which is at least the figure's depth in a wood
    it stands in (its first inches) and at least the depth of its end, no less than the enemy
    figure's own depth less how far from its centre the end is (`solver.least_cost`)."""
    targets = s.alive_models(enemy)
    depths = {e.id: solver.difficult_depth(s, (e.x, e.y)) for e in targets}
    for m in s.alive_models(unit_id):
        start = solver.difficult_depth(s, (m.x, m.y))
        for e in targets:
            need = geo.distance(m, e) - mark - BOUND_SLACK
            if need <= 0.0:
                return False
            # the end's centre is within this of the enemy figure's (round bases)
            near = (mark + m.base.radius + e.base.radius + BOUND_SLACK
                    if m.base.kind == e.base.kind == "round" else math.inf)
            if solver.least_cost(need, max(start, depths[e.id] - near)) <= move + BOUND_SLACK:
                return False
    return True


def held_together(s: GameState, unit_id: str, full: dict, check) -> dict | None:
    """The longest cut-back of a formation move `full` that passes `check`: every figure goes
    the same way as in `full` (a straight line) but no more than a common distance, tried from
    the farthest figure's advance down to the slowest moving figure's, in half-inch steps. At
    the slowest figure's advance the unit keeps the formation it had. None if no cut passes
    (or nothing moves)."""
    starts = {m.id: (m.x, m.y) for m in s.alive_models(unit_id)}
    advance = {mid: math.dist(starts[mid], full[mid]) for mid in starts}
    moving = [a for a in advance.values() if a > 1e-6]
    if not moving:
        return None
    top, low = max(moving), min(advance.values())
    cuts = [top - HOLD_STEP * k for k in range(1, int((top - low) / HOLD_STEP) + 1)]
    for cut in [c for c in cuts if c > max(low, 1e-6)] + ([low] if low > 1e-6 else []):
        dest = {}
        for mid, (x0, y0) in starts.items():
            share = min(1.0, cut / advance[mid]) if advance[mid] > 1e-6 else 0.0
            x1, y1 = full[mid]
            dest[mid] = (round(x0 + (x1 - x0) * share, 3), round(y0 + (y1 - y0) * share, 3))
        if not check(dest):
            return dest
    return None


def only_rallies(unit) -> bool:
    """A Shaken unit (it fled a melee) cannot move or charge: its activation only rallies.
    The one reading of the rule, for the offers, `activation_problem`, the "why not" notes
    and the AI's threat of a charge."""
    return bool(unit.flags.get("shaken"))


def unit_actions(s: GameState, geo: Geometry, unit_id: str) -> list[Action]:
    """The unit's offers: a charge on each enemy unit in reach, the moves toward each goal,
    staying. Each offer is checked by the very check `apply` makes, on the ends as the Action
    stores them (`as_stored`), so that nothing offered is refused."""
    unit = s.units[unit_id]
    if only_rallies(unit):
        return [Action("rally", unit_id,
                       label=msg("{unit} rallies (Shaken: no move)", unit=unit.name))]
    offers: list[Action] = []
    move = allowance(s, unit_id)
    for enemy in s.enemy_units(unit.side):
        if geo.unit_distance(s, unit_id, enemy.id) > move:
            continue
        dest = charge_destinations(s, geo, unit_id, enemy.id)
        if dest is not None:
            offers.append(Action("move", unit_id, placement=make_placement(as_stored(s, dest)),
                                 option="charge", label=msg("{unit}: charge {target}",
                                                            unit=unit.name, target=enemy.name)))
    for goal, dest in offered_moves(s, geo, unit_id).items():
        offers.append(Action("move", unit_id, placement=make_placement(as_stored(s, dest)),
                             label=msg("{unit}: move {goal}", unit=unit.name, goal=goal)))
    out = [a for a in offers if activation_problem(s, geo, a) is None]
    out.append(Action("stay", unit_id, label=msg("{unit}: stay where it is", unit=unit.name)))
    return out


def withheld(s: GameState, geo: Geometry) -> list[str]:
    """Why a choice the rules might seem to allow is not offered (guarantee 1 of issue 10): a
    charge on an enemy unit within M" that no figure can carry into base contact by a legal
    path (or whose solved placement breaks a rule). For the log and the decision panel; a
    player may still drag any placement the rules accept."""
    geo = solver.local(geo)
    out = []
    for unit_id in waiting_units(s):
        unit = s.units[unit_id]
        if only_rallies(unit):
            continue
        move = allowance(s, unit_id)
        for enemy in s.enemy_units(unit.side):
            if geo.unit_distance(s, unit_id, enemy.id) > move:
                continue
            dest = charge_destinations(s, geo, unit_id, enemy.id)
            if dest is None:
                out.append(msg("{unit} cannot charge {target}: no figure can reach base "
                               "contact within its {move:g}\" move by a legal path, round "
                               "terrain and enemy bases ({rule})", unit=unit.name,
                               target=enemy.name, move=move, rule=RULE_CHARGE))
                continue
            offer = Action("move", unit_id, placement=make_placement(as_stored(s, dest)))
            problem = activation_problem(s, geo, offer)
            if problem:
                out.append(msg("{unit:poss} charge on {target} is not offered: {problem}",
                               unit=unit.name, target=enemy.name, problem=problem))
    return out


def activation_actions(s: GameState, geo: Geometry) -> list[Action]:
    """Every waiting unit's offers, solved locally (solver.py); the whole listing is
    remembered for the position (memo.py): the controller, the benchmark, a search's copies
    ask it again. (`apply` still checks the action it is given in full: a remembered "offered"
    must never stand in for the rules' check.)"""
    return list(_offers(s, geo))


def _offers(s: GameState, geo: Geometry) -> tuple[Action, ...]:
    def compute() -> tuple[Action, ...]:
        local = solver.local(geo)
        return tuple(a for unit_id in waiting_units(s) for a in unit_actions(s, local, unit_id))

    return memo.remembered(s, geo, "offers", compute)


def activation_problem(s: GameState, geo: Geometry, a: Action) -> str | None:
    waiting = waiting_units(s)
    if a.unit not in waiting:
        names = join(s.units[u].name for u in waiting)
        return msg("Only the units of the card drawn may act now ({units})", units=names)
    unit = s.units[a.unit]
    if only_rallies(unit):
        if a.kind != "rally":
            return msg("{unit} is Shaken: it cannot move or charge, its activation only "
                       "rallies", unit=unit.name)
        return None
    if a.kind == "rally":
        return msg("{unit} is not Shaken: it has nothing to rally from", unit=unit.name)
    if a.kind == "stay":
        return None
    if a.kind != "move":
        return msg("'{kind}' is not an activation (move, charge or stay)", kind=a.kind)
    if not a.placement:
        return msg("A move needs a destination for its figures")
    return move_problem(s, geo, a.unit, a.destinations())
