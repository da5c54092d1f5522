"""The charge move of the seed: "if the unit is not in contact it must make its whole move so
that the greatest possible number of its front bases are in contact with the enemy".

1. The target edge is the arc of the target where the charger's front centre stands at the
   start (front and rear: the 90-degree arcs through those edges; else a flank).
2. The charger ends flush on that edge, facing it, and slides along it to the spot with the most
   front bases in contact (along an edge, or corner to corner past the target's end: an
   overlap), then the least movement.
3. The motion is a wheel about the inner front corner and a straight stretch (in either order),
   costed like a March (the outer corner's path plus the stretch); it must fit in the move and
   pass through no enemy and no impassable terrain. A charge that cannot reach is refused, with
   the distance.

The seed asks for the greatest number of front bases in contact, nothing more: where several
spots along the edge give that number, the offered charge takes the cheapest, and a player may
drag the block to any other of them (flush on the edge, facing it, within the move).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.actions import Action, make_placement
from game.core.geometry import CONTACT_TOLERANCE, Geometry
from game.core.i18n import msg, nmsg
from game.core.state import GameState, Point
from game.rulesets.ranks import formation, sweep
from game.rulesets.ranks.formation import Extent, Frame
from game.rulesets.ranks.geometry import ARC_FRONT, ARC_REAR, ARC_RIGHT, ranks_geometry
from game.rulesets.ranks.movement import Plan, allowance, table_problem
from game.rulesets.ranks.options import option_text
from game.rulesets.ranks.recall import board, recalled
from game.rulesets.ranks.shapes import (
    gap,
    normalise_angle,
    rotate_about,
    separation,
    signed_turn,
    unit_vectors,
)
from game.rulesets.ranks.wording import EDGE_NAMES, lowered

RULE_CHARGE = msg("Charge: the whole move, ending flush on the target edge with the greatest "
                  "possible number of front bases in contact (ranks seed)")
RULE_TARGET_EDGE = msg("Target edge: the arc of the target where the charger's front centre "
                       "stood at the start of the move (ranks)")
RULE_REACH = msg("A charge that cannot reach is not allowed (ranks)")
RULE_CHARGE_PATH = msg("The charge move wheels and goes straight (in either order) through no "
                       "enemy and no impassable terrain, and ends on no base (ranks [added], "
                       "common rules)")

#: The charger stops this far from the target edge: flush, well inside the contact tolerance,
#: and never overlapping once positions are stored to 1/1000".
FLUSH_GAP = 0.004
#: A front base counts as in contact along an edge when it covers this much of a target base
#: (a little more than the table's shortest edge contact, for rounding).
EDGE_COVER = 0.15
#: Slides that put a base's side exactly at the target's end: corner to corner.
CORNER_SLACK = 0.002
#: The slide step of the last-resort search along the whole target edge.
GRID_STEP = 0.05


@dataclass(frozen=True)
class Solution:
    plan: Plan
    edge: str
    in_contact: int
    order: str  # "wheel first" or "straight first"


@dataclass(frozen=True)
class _Edge:
    middle: Point
    normal: Point          # out of the target
    spans: list[tuple[float, float]]  # target bases along the edge, relative to the middle
    direction: Point       # the charger's right, once facing the edge


def target_arc(s: GameState, geo: Geometry, unit_id: str, target_id: str,
               block: tuple[Frame, Extent] | None = None) -> str:
    """The target's arc holding the charger's front centre (RULE_TARGET_EDGE; `block`: the
    charger's frame and extent in this state, when known)."""
    frame, ext = block or formation.block(s, unit_id)
    point = formation.front_centre(frame, ext)
    return ranks_geometry(geo).target_arc(s.alive_models(target_id), point)


def _edge(s: GameState, target_id: str, arc: str) -> _Edge:
    frame, ext = formation.block(s, target_id)
    (fx, fy), (rx, ry) = unit_vectors(frame.facing)
    width, depth = formation.base_size(s, target_id)
    files = formation.files_of(s, target_id)
    slots = formation.slot_map(s, target_id)

    def at(across: float, along: float) -> Point:
        return (frame.x + rx * across + fx * along, frame.y + ry * across + fy * along)

    back = -ext.depth
    if arc == ARC_FRONT:
        ends, normal = (at(ext.left, 0.0), at(ext.right, 0.0)), (fx, fy)
        pieces = [(at(formation.lateral_offset(c, files, width) - width / 2, 0.0),
                   at(formation.lateral_offset(c, files, width) + width / 2, 0.0))
                  for r, c in slots.values() if r == 0]
    elif arc == ARC_REAR:
        last = max(r for r, _ in slots.values())
        ends, normal = (at(ext.left, back), at(ext.right, back)), (-fx, -fy)
        pieces = [(at(formation.lateral_offset(c, files, width) - width / 2, back),
                   at(formation.lateral_offset(c, files, width) + width / 2, back))
                  for r, c in slots.values() if r == last]
    else:
        side = ext.right if arc == ARC_RIGHT else ext.left
        outermost = max if arc == ARC_RIGHT else min
        edge_file = outermost(c for _, c in slots.values())
        sign = 1.0 if arc == ARC_RIGHT else -1.0
        ends, normal = (at(side, 0.0), at(side, back)), (rx * sign, ry * sign)
        pieces = [(at(side, -r * depth), at(side, -(r + 1) * depth))
                  for r, c in slots.values() if c == edge_file]
    middle = ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
    facing = math.degrees(math.atan2(-normal[1], -normal[0]))
    _, direction = unit_vectors(facing)

    def along(p: Point) -> float:
        return (p[0] - middle[0]) * direction[0] + (p[1] - middle[1]) * direction[1]

    spans = sorted(tuple(sorted((along(a), along(b)))) for a, b in pieces)
    return _Edge(middle, normal, spans, direction)


def _front_spans(s: GameState, unit_id: str) -> list[tuple[float, float]]:
    width, _ = formation.base_size(s, unit_id)
    files = formation.files_of(s, unit_id)
    return sorted((formation.lateral_offset(c, files, width) - width / 2,
                   formation.lateral_offset(c, files, width) + width / 2)
                  for r, c in formation.slot_map(s, unit_id).values() if r == 0)


def _count(front: list[tuple[float, float]], target: list[tuple[float, float]],
           slide: float) -> int:
    """Front bases in contact at this slide: covering a target base along the edge, or (if
    not) meeting one end to end, corner to corner."""
    count = 0
    for low, high in front:
        low, high = low + slide, high + slide
        # one plain loop instead of two generators (the charge search counts every slide it
        # weighs): the same test, base by base
        for t0, t1 in target:
            if ((high if high < t1 else t1) - (low if low > t0 else t0) >= EDGE_COVER
                    or abs(low - t1) <= CORNER_SLACK or abs(high - t0) <= CORNER_SLACK):
                count += 1
                break
    return count


def _unwheeled(frame: Frame, ext: Extent, degrees: float) -> Frame:
    """The frame that `degrees` of wheel turns into `frame` (same pivot corner)."""
    (fx, fy), (rx, ry) = unit_vectors(frame.facing)
    across = ext.right if degrees > 0 else ext.left
    pivot = (frame.x + rx * across, frame.y + ry * across)
    x, y = rotate_about(frame.point, pivot, -degrees)
    return Frame(x, y, normalise_angle(frame.facing - degrees))


def _slides(front, target, best_points: list[float]) -> list[float]:
    """Slides worth trying: bases aligned with target bases, bases meeting the target's ends,
    the ends of every stretch where a base covers a target base, and the cheapest slides
    (clamped into each such stretch)."""
    found = set(best_points)
    stretches = []
    for low, high in front:
        for t0, t1 in target:
            found.update((t0 - low, t1 - high, t1 - low, t0 - high))
            start, end = t0 + EDGE_COVER - high, t1 - EDGE_COVER - low
            if start <= end:
                stretches.append((start, end))
                found.update((start + 0.01, end - 0.01))
    for start, end in stretches:
        for best in best_points:
            found.add(min(max(best, start + 0.01), end - 0.01))
    return sorted({round(slide, 4) for slide in found})


def _grid(front, target) -> list[float]:
    """Every GRID_STEP of slide from the first to the last that puts a front base on the
    edge (a last resort when the likely spots are blocked)."""
    low = min(t0 for t0, _ in target) - max(high for _, high in front) - CORNER_SLACK
    high = max(t1 for _, t1 in target) - min(lo for lo, _ in front) + CORNER_SLACK
    steps = int((high - low) / GRID_STEP) + 1
    return [round(low + k * GRID_STEP, 4) for k in range(steps + 1)]


@dataclass(frozen=True)
class _Approach:
    """A charge's fixed terms: where the charger starts, the target edge it must close on,
    the facing it ends with and the wheel that takes it there."""

    start: Frame
    ext: Extent
    budget: float
    arc: str
    edge: _Edge
    facing: float
    degrees: float
    base: Point  # the frame's point flush on the middle of the edge

    def final(self, slide: float) -> Frame:
        ex, ey = self.edge.direction
        return Frame(self.base[0] + ex * slide, self.base[1] + ey * slide, self.facing)

    def slide_of(self, frame: Frame) -> float:
        ex, ey = self.edge.direction
        return (frame.x - self.base[0]) * ex + (frame.y - self.base[1]) * ey

    def gap_of(self, frame: Frame) -> float:
        """How far the charger's front line stands off the target edge."""
        nx, ny = self.edge.normal
        return (frame.x - self.edge.middle[0]) * nx + (frame.y - self.edge.middle[1]) * ny


def _approach(s: GameState, geo: Geometry, unit_id: str, target_id: str) -> _Approach:
    start, ext = block = formation.block(s, unit_id)
    arc = target_arc(s, geo, unit_id, target_id, block)
    edge = _edge(s, target_id, arc)
    facing = normalise_angle(math.degrees(math.atan2(-edge.normal[1], -edge.normal[0])))
    base = (edge.middle[0] + edge.normal[0] * FLUSH_GAP,
            edge.middle[1] + edge.normal[1] * FLUSH_GAP)
    return _Approach(start, ext, allowance(s, unit_id), arc, edge, facing,
                     signed_turn(facing - start.facing), base)


def solve(s: GameState, geo: Geometry, unit_id: str, target_id: str,
          sur: sweep.Surroundings | None = None, explain: bool = True
          ) -> tuple[Solution | None, str]:
    """The charge move onto `target_id`, or (None, why not); the reason gives the distance
    when `explain` (measuring it is not free). Every spot is tried, most front bases in
    contact first, then the cheapest: the search never gives up on a reachable spot.
    Remembered by the board (recall.py): offering, weighing, checking and making one charge
    solve it once."""
    key = board(s)
    solution, reason, short = recalled(geo, ("charge", key, unit_id, target_id),
                                       lambda: _solve(s, geo, unit_id, target_id, sur, False))
    if not (explain and short):
        # only the quiet search's "out of reach" is said short: any other refusal is the one
        # the explaining search gives (the same spots tried, the same reason)
        return solution, reason
    return recalled(geo, ("charge refused", key, unit_id, target_id),
                    lambda: _solve(s, geo, unit_id, target_id, sur, True))[:2]


def _out_of_reach(s: GameState, target_id: str) -> tuple[None, str, bool]:
    """The quiet search's short refusal (`_solve` with `explain` False), said short."""
    return None, msg("Cannot charge {target}: out of reach", target=s.units[target_id].name), True


def _solve(s: GameState, geo: Geometry, unit_id: str, target_id: str,
           sur: sweep.Surroundings | None, explain: bool
           ) -> tuple[Solution | None, str, bool]:
    """(the charge, or None and why not, whether that is the quiet search's short "out of
    reach": the one refusal an explaining search words otherwise)."""
    sur = sur or sweep.Surroundings(s, unit_id)
    unit, target = s.units[unit_id], s.units[target_id]
    ap = _approach(s, geo, unit_id, target_id)
    start, ext, budget, arc, degrees = ap.start, ap.ext, ap.budget, ap.arc, ap.degrees
    wheel_cost = formation.wheel_cost(ext, degrees)
    base = ap.base
    ex, ey = ap.edge.direction
    wheeled = formation.wheeled(start, ext, degrees)
    offset = _unwheeled(ap.final(0.0), ext, degrees)
    shift = (offset.x - base[0], offset.y - base[1])  # before-wheel anchor minus final anchor
    best_wheel_first = (wheeled.x - base[0]) * ex + (wheeled.y - base[1]) * ey
    best_straight_first = (start.x - shift[0] - base[0]) * ex + (start.y - shift[1] - base[1]) * ey
    front = _front_spans(s, unit_id)
    if not explain and _surely_out_of_reach(ap, wheel_cost, (wheeled.x, wheeled.y),
                                            (start.x - shift[0], start.y - shift[1]), front):
        return _out_of_reach(s, target_id)

    def costed(slides) -> list[tuple[int, float, float]]:
        return _costed(ap, front, wheel_cost, wheeled.point, shift, slides)

    candidates = costed(_slides(front, ap.edge.spans, [best_wheel_first, best_straight_first]))
    if not candidates:
        return None, msg("Cannot charge {target}: no front base can touch its {edge} edge "
                         "({rule})", target=target.name, edge=EDGE_NAMES[arc],
                         rule=lowered(RULE_TARGET_EDGE)), False
    cheapest = min([cost for _, cost, _ in candidates])
    if cheapest > budget + 1e-6:
        if not explain:
            return _out_of_reach(s, target_id)
        distance = geo.unit_distance(s, unit_id, target_id)
        return None, msg("Cannot charge {target}: it is {distance:.1f}\" away (edge to edge) "
                         "and closing flush on its {edge} edge takes {cost:.1f}\" of movement "
                         "(wheel included), more than {unit:poss} move of {move:g}\" ({rule})",
                         target=target.name, distance=distance, edge=EDGE_NAMES[arc],
                         cost=cheapest, unit=unit.name, move=budget,
                         rule=lowered(RULE_REACH)), False
    reason = [msg("no room to close flush on its {edge} edge", edge=EDGE_NAMES[arc])]
    # Slides where the block surely ends on a base (found when one such spot was tried):
    # spots there are passed over, and the refusal's reason, the last spot's, worked out
    # only if it is needed.
    covered: list[tuple[float, float]] = []
    passed = [None]

    def first_routed(rows) -> Solution | None:
        for negative_count, cost, slide in rows:
            if cost > budget + 1e-6:
                continue
            if _inside(slide, covered):
                passed[0] = slide
                continue
            end = ap.final(slide)
            problem = sweep.end_problem(sur, s, unit_id, end)
            if problem:
                covered.extend((slide + low, slide + high) for low, high in sweep.overlap_spans(
                    sur, s, unit_id, end, ap.edge.direction))
                passed[0], reason[0] = None, problem
                continue
            plan, problem = _route(s, sur, unit_id, start, ext, degrees, end, budget,
                                   end_checked=True)
            if plan is not None:
                return Solution(plan, arc, -negative_count, problem)
            passed[0], reason[0] = None, problem
        return None

    found = first_routed(candidates)
    most = max([-n for n, cost, _ in candidates if cost <= budget + 1e-6])
    if found is None or found.in_contact < most:
        # The likely spots are blocked: search the whole edge, a slide every GRID_STEP, for
        # a spot with more front bases in contact than found so far.
        better = [row for row in costed(_grid(front, ap.edge.spans))
                  if found is None or -row[0] > found.in_contact]
        found = first_routed(better) or found
    if found is not None:
        return found, "", False
    if passed[0] is not None:
        reason[0] = sweep.end_problem(sur, s, unit_id, ap.final(passed[0]))
    return None, msg("Cannot charge {target}: {problem} ({rule})", target=target.name,
                     problem=reason[0], rule=lowered(RULE_CHARGE_PATH)), False


def _inside(slide: float, spans: list[tuple[float, float]]) -> bool:
    """The slide lies strictly inside one of the spans (a plain loop, not any() over a
    generator: every slide the charge search weighs asks it)."""
    for low, high in spans:  # noqa: SIM110
        if low < slide < high:
            return True
    return False


def _costed(ap: _Approach, front: list[tuple[float, float]], wheel_cost: float,
            wheeled: Point, shift: Point, slides) -> list[tuple[int, float, float]]:
    """(-front bases in contact, cost, slide) of each slide putting some front base in
    contact, most bases first, then the cheapest: the cost is the wheel plus the
    straight way from where the wheel leaves the block (`wheeled`), or to where it must
    start (the end less `shift`) when the block goes straight first. `ap.final(slide)`'s
    point is written out (the same sums): the charge search costs every slide it weighs."""
    out = []
    spans, (bx, by), (ex, ey) = ap.edge.spans, ap.base, ap.edge.direction
    before = ap.start.point
    for slide in slides:
        count = _count(front, spans, slide)
        if count == 0:
            continue
        x, y = bx + ex * slide, by + ey * slide
        first = wheel_cost + math.dist(wheeled, (x, y))
        second = wheel_cost + math.dist(before, (x + shift[0], y + shift[1]))
        out.append((-count, min(first, second), slide))
    return sorted(out)


def _surely_out_of_reach(ap: _Approach, wheel_cost: float, wheeled: Point, before: Point,
                         front: list[tuple[float, float]]) -> bool:
    """Every spot on the target edge costs more than the move, known without trying them:
    a spot's cost is the wheel plus the distance from where the wheel leaves the anchor
    (`wheeled`, or `before` when the block goes straight first) to a point on the edge's line,
    which is never less than the distance to that line. Only said when some spot surely has a
    front base in contact (a base aligned with a target base covers it), so that the answer
    is the search's own ("out of reach", not "no front base can touch")."""
    if not front or not ap.edge.spans:
        return False
    (low, high), (t0, t1) = front[0], ap.edge.spans[0]
    if min(high - low, t1 - t0) < EDGE_COVER + 1e-3:
        return False
    nx, ny = ap.edge.normal
    bx, by = ap.base
    line = min(abs((wheeled[0] - bx) * nx + (wheeled[1] - by) * ny),
               abs((before[0] - bx) * nx + (before[1] - by) * ny))
    return wheel_cost + line > ap.budget + 1e-6 + 1e-9


def dragged(s: GameState, geo: Geometry, unit_id: str, target_id: str,
            dest: dict[str, Point], best: Solution, sur: sweep.Surroundings | None = None
            ) -> tuple[Solution | None, str]:
    """A charge placement the player chose instead of the offered one: legal when the block,
    facing the target edge, stands flush on it with as many front bases in contact as the
    offered charge (the greatest number), and a wheel and a straight stretch within the move
    take it there."""
    sur = sur or sweep.Surroundings(s, unit_id)
    ap = _approach(s, geo, unit_id, target_id)
    frame = formation.frame_from(s, unit_id, dest, ap.facing)
    if frame is None:
        return None, msg("the block must stay whole, facing the {edge} edge it charges "
                         "({rule})", edge=EDGE_NAMES[ap.arc], rule=lowered(RULE_TARGET_EDGE))
    if not -0.002 <= ap.gap_of(frame) <= CONTACT_TOLERANCE - 0.004:
        return None, msg("the block must end flush against the target's {edge} edge ({rule})",
                         edge=EDGE_NAMES[ap.arc], rule=lowered(RULE_CHARGE))
    count = _count(_front_spans(s, unit_id), ap.edge.spans, ap.slide_of(frame))
    if count < best.in_contact:
        return None, nmsg("only {n} front base would be in contact where {most} can be ({rule})",
                          "only {n} front bases would be in contact where {most} can be "
                          "({rule})", count, most=best.in_contact, rule=lowered(RULE_CHARGE))
    plan, why = _route(s, sur, unit_id, ap.start, ap.ext, ap.degrees, frame, ap.budget)
    if plan is None:
        return None, msg("{problem} ({rule})", problem=why, rule=lowered(RULE_CHARGE_PATH))
    return Solution(plan, ap.arc, count, why), ""


def snapped(s: GameState, geo: Geometry, action: Action) -> Action:
    """A dragged charge placement moved onto the target edge, flush, keeping where along the
    edge the block was put (so a drag by hand can reach every spot the rules allow). The
    action comes back unchanged when it is not a whole block facing the target edge."""
    if action.kind != "charge" or not action.placement or len(action.targets) != 1:
        return action
    ap = _approach(s, geo, action.unit, action.targets[0])
    dest = {mid: (x, y) for mid, x, y in action.placement}
    frame = formation.frame_from(s, action.unit, dest, ap.facing, slack=0.01)
    if frame is None:
        return action
    plan = Plan(ap.final(ap.slide_of(frame)), 0.0)
    return Action("charge", action.unit, targets=action.targets, option=action.option,
                  placement=make_placement(plan.destinations(s, action.unit)),
                  label=action.label)


def chosen(s: GameState, geo: Geometry, action: Action) -> tuple[Solution | None, str]:
    """The charge an action makes: the offered one, or the placement it names instead."""
    solution, reason = solve(s, geo, action.unit, action.targets[0])
    if solution is None or not action.placement:
        return solution, reason
    offered = make_placement(solution.plan.destinations(s, action.unit))
    if offered == tuple(action.placement):
        return solution, ""
    dest = {mid: (x, y) for mid, x, y in action.placement}
    alternative, why = dragged(s, geo, action.unit, action.targets[0], dest, solution)
    if alternative is None:
        return None, msg("That charge placement is not allowed: {why}", why=why)
    return alternative, ""


#: A cost bound must beat the other way's cost by this much (sums of a stretch's pieces may
#: fall short of its length by a rounding or two).
ROUTE_SLACK = 1e-9


def _route(s, sur, unit_id, start: Frame, ext: Extent, degrees: float, end: Frame,
           budget: float, end_checked: bool = False) -> tuple[Plan | None, str]:
    """Wheel then straight, or straight then wheel: the cheaper legal one (`end_checked`:
    the caller has found the end free already)."""
    problem = None if end_checked else sweep.end_problem(sur, s, unit_id, end)
    if problem:
        return None, problem
    options = []
    wheeled, wheel_cost, blocker = sweep.wheel(sur, start, ext, degrees)
    if blocker is None:
        more, blocker = sweep.straight(sur, wheeled, Frame(end.x, end.y, wheeled.facing), ext)
        if blocker is None:
            options.append((wheel_cost + more, "wheel first"))
    why = msg("the way is blocked by {blocker}", blocker=blocker) if blocker else ""
    before = _unwheeled(end, ext, degrees)
    if options and (math.dist(start.point, before.point) + formation.wheel_cost(ext, degrees)
                    > options[0][0] + ROUTE_SLACK):
        # Straight first costs at least its plain stretch and wheel (difficult ground only
        # adds), more than wheeling first costs: it can be neither the cheaper way nor a
        # tie, and with a way found its blocker is never told, so it is not swept
        cost, order = options[0]
        if cost > budget + 1e-6:
            return None, msg("the way round costs {cost:.1f}\", more than the move of "
                             "{move:g}\"", cost=cost, move=budget)
        return Plan(end, cost), order
    straight_cost, blocker = sweep.straight(sur, start, Frame(before.x, before.y, start.facing),
                                            ext)
    if blocker is None:
        _, turn_cost, blocker = sweep.wheel(sur, Frame(before.x, before.y, start.facing), ext,
                                            degrees)
        if blocker is None:
            options.append((straight_cost + turn_cost, "straight first"))
    if blocker and not why:
        why = msg("the way is blocked by {blocker}", blocker=blocker)
    if not options:
        return None, why or msg("the way is blocked")
    cost, order = min(options)
    if cost > budget + 1e-6:
        return None, msg("the way round costs {cost:.1f}\", more than the move of {move:g}\"",
                         cost=cost, move=budget)
    return Plan(end, cost), order


# --- eligibility and offered charges ------------------------------------------------------------

def reach_candidates(s: GameState, unit_id: str) -> list[str]:
    """Enemy units whose block could be within the move (a cheap lower bound of distance)."""
    mine = formation.footprint(*formation.block(s, unit_id))
    budget = allowance(s, unit_id)
    out = []
    for enemy in s.enemy_units(s.units[unit_id].side):
        theirs = formation.footprint(*formation.block(s, enemy.id))
        if gap(mine, theirs) <= budget + 0.5:
            out.append(enemy.id)
    return out


#: How far a base may stand outside its block's footprint (rounding) when the footprints'
#: `separation` stands for the table's distance (`refused_charges`).
FOOTPRINT_SLACK = 0.05


def _footprint(s: GameState, unit_id: str):
    return formation.footprint(*formation.block(s, unit_id))


def charge_action(s: GameState, unit_id: str, target_id: str, solution: Solution) -> Action:
    dest = solution.plan.destinations(s, unit_id)
    return Action("charge", unit_id, targets=(target_id,), placement=make_placement(dest),
                  option=option_text(edge=solution.edge, facing=solution.plan.frame.facing),
                  # English says "bases" for one too (as it always has); other languages
                  # choose their plural form
                  label=nmsg("Charge {target} in the {edge} ({n} front bases in contact, "
                             "{cost:.1f}\")",
                             "Charge {target} in the {edge} ({n} front bases in contact, "
                             "{cost:.1f}\")", solution.in_contact,
                             target=s.units[target_id].name, edge=EDGE_NAMES[solution.edge],
                             cost=solution.plan.cost))


def charge_choices(s: GameState, geo: Geometry, unit_id: str,
                   sur: sweep.Surroundings | None = None
                   ) -> tuple[list[Action], list[tuple[str, str]]]:
    """(the charge offered on each enemy the unit can charge, (enemy, why not) for each enemy
    within the unit's move, edge to edge, that cannot be charged: the ones a player would
    expect to reach)."""
    sur = sur or sweep.Surroundings(s, unit_id)
    return offered_charges(s, geo, unit_id, sur), refused_charges(s, geo, unit_id, sur)


def offered_charges(s: GameState, geo: Geometry, unit_id: str,
                    sur: sweep.Surroundings | None = None) -> list[Action]:
    """The charge offered on each enemy the unit can charge (`charge_choices`' first half:
    a listing needs no more, so the refusals' reasons are not worked out for it)."""
    sur = sur or sweep.Surroundings(s, unit_id)
    out = []
    for target_id in reach_candidates(s, unit_id):
        solution, _ = solve(s, geo, unit_id, target_id, sur, explain=False)
        if solution is not None:
            out.append(charge_action(s, unit_id, target_id, solution))
    return out


def refused_charges(s: GameState, geo: Geometry, unit_id: str,
                    sur: sweep.Surroundings | None = None) -> list[tuple[str, str]]:
    """(enemy, why not) for each enemy within the unit's move, edge to edge, that cannot be
    charged (`charge_choices`' second half; each solve is remembered, so the offers' own are
    not solved again)."""
    sur = sur or sweep.Surroundings(s, unit_id)
    refused = []
    budget = allowance(s, unit_id)
    mine = None
    for target_id in reach_candidates(s, unit_id):
        solution, _ = solve(s, geo, unit_id, target_id, sur, explain=False)
        if solution is not None:
            continue
        # the footprints' separation first (a lower bound of the distance, to the slack):
        # most enemies the reach candidates keep are well beyond the move
        mine = mine or _footprint(s, unit_id)
        if separation(mine, _footprint(s, target_id)) > budget + FOOTPRINT_SLACK:
            continue
        if geo.unit_distance(s, unit_id, target_id) <= budget + 1e-6:
            refused.append((target_id, solve(s, geo, unit_id, target_id, sur)[1]))
    return refused


def charge_options(s: GameState, geo: Geometry, unit_id: str,
                   sur: sweep.Surroundings | None = None) -> list[Action]:
    return charge_choices(s, geo, unit_id, sur)[0]


def check(s: GameState, geo: Geometry, action: Action) -> str | None:
    """A charge action must name one enemy unit; its placement, if it has one, is the offered
    charge's or another spot with as many front bases in contact (`dragged`)."""
    if len(action.targets) != 1 or action.targets[0] not in s.units:
        return msg("Name one enemy unit to charge")
    target_id = action.targets[0]
    if s.units[target_id].side == s.units[action.unit].side or not s.unit_alive(target_id):
        return msg("The target must be a living enemy unit")
    solution, reason = chosen(s, geo, action)
    if solution is None:
        return reason
    return table_problem(s, geo, action.unit, solution.plan)
