"""The ranks engine's plain-loop and skip-ahead shortcuts (issue 13, engine speed) against the
long way each replaced: the very same floats, counts and sweeps, not merely close ones."""

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.polygons import bounds, convex_hull
from game.rulesets.ranks import (
    charge,
    formation,
    movement,
    offers,
    recall,
    shapes,
    sweep,
)
from game.rulesets.ranks.formation import Frame
from game.rulesets.ranks.shapes import rect_corners
from tests.rulesets.ranks.battle import DEPTH as D
from tests.rulesets.ranks.battle import WIDTH as W
from tests.rulesets.ranks.test_speed import living_units, shipped_battle_positions

coordinate = st.floats(-3.0, 3.0, allow_nan=False)
angle = st.one_of(st.sampled_from([0.0, 90.0, 180.0, 270.0, 45.0]), st.floats(0.0, 360.0))


def long_penetration(a, b):
    """The projections' overlap as it was worked out before: axes and projections as lists."""
    best = math.inf
    for axis in shapes._axes(a) + shapes._axes(b):
        min_a, max_a = shapes._project(a, axis)
        min_b, max_b = shapes._project(b, axis)
        overlap = min(max_a - min_b, max_b - min_a)
        if overlap < best:
            best = overlap
            if best <= 0.0:
                return best
    return best


@settings(max_examples=400, deadline=None)
@given(coordinate, coordinate, angle, angle, st.sampled_from([0.0, 0.01, -0.02]),
       st.integers(1, 4))
def test_penetration_in_plain_loops_is_the_long_way_float_for_float(x, y, f1, f2, shrink,
                                                                    files):
    a = rect_corners(0.0, 0.0, f1, W * files, D, shrink)
    b = rect_corners(x, y, f2, W, D)
    assert shapes.penetration(a, b) == long_penetration(a, b)
    assert shapes.penetration(b, a) == long_penetration(b, a)


def test_penetration_of_edge_sharing_and_degenerate_shapes_is_the_long_way():
    """Touching, sharing an edge, a repeated corner (a zero-length edge is skipped)."""
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    cases = [[(1.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0)],
             [(0.5, 0.5), (1.5, 0.5), (1.5, 1.5), (0.5, 1.5)],
             [(0.5, 0.5), (0.5, 0.5), (1.5, 0.5), (1.5, 1.5)],
             [(3.0, 3.0), (4.0, 3.0), (4.0, 4.0)]]
    for other in cases:
        assert shapes.penetration(square, other) == long_penetration(square, other)
        assert shapes.penetration(other, square) == long_penetration(other, square)


def long_count(front, target, slide):
    count = 0
    for low, high in front:
        low, high = low + slide, high + slide
        if any(min(high, t1) - max(low, t0) >= charge.EDGE_COVER for t0, t1 in target) or any(
                abs(low - t1) <= charge.CORNER_SLACK or abs(high - t0) <= charge.CORNER_SLACK
                for t0, t1 in target):
            count += 1
    return count


def spans(starts, width):
    return [(x, x + width) for x in sorted(starts)]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.floats(-6.0, 6.0), min_size=1, max_size=6),
       st.lists(st.floats(-6.0, 6.0), min_size=1, max_size=6),
       st.one_of(st.floats(-8.0, 8.0), st.sampled_from([0.0, W, -W, W / 2, 0.15, 0.002])))
def test_front_bases_in_contact_are_counted_as_the_long_way_counts_them(mine, theirs, slide):
    front, target = spans(mine, W), spans(theirs, W)
    assert charge._count(front, target, slide) == long_count(front, target, slide)


def test_front_bases_in_contact_at_the_charge_searchs_own_slides():
    """Slides of the kinds the search tries (aligned, end to end, the grid) on edges of
    bases side by side."""
    rng = random.Random(5)
    for _ in range(300):
        front = spans([k * W for k in range(rng.randint(1, 5))], W)
        offset = rng.choice([0.0, W / 2, rng.uniform(-3, 3)])
        target = spans([offset + k * W for k in range(rng.randint(1, 5))], W)
        for slide in charge._slides(front, target, [0.0]) + charge._grid(front, target):
            assert charge._count(front, target, slide) == long_count(front, target, slide)


def long_costed(ap, front, wheel_cost, wheeled, shift, slides):
    """The charge search's slide costs as they were worked out: a frame per slide."""
    out = []
    for slide in slides:
        count = charge._count(front, ap.edge.spans, slide)
        if count == 0:
            continue
        end = ap.final(slide)
        first = wheel_cost + math.dist(wheeled, end.point)
        second = wheel_cost + math.dist(ap.start.point, (end.x + shift[0], end.y + shift[1]))
        out.append((-count, min(first, second), slide))
    return sorted(out)


def test_slides_costed_with_the_end_written_out_are_the_long_ways_costs():
    """Every unit of a shipped battle against every enemy within its reach, at the slides
    the charge search tries and at its grid: the same counts and costs, float for float."""
    ruleset, geo, states = shipped_battle_positions(steps=60)
    costed = 0
    for s, unit_id in living_units(states):
        for target_id in charge.reach_candidates(s, unit_id):
            ap = charge._approach(s, geo, unit_id, target_id)
            front = charge._front_spans(s, unit_id)
            wheel_cost = formation.wheel_cost(ap.ext, ap.degrees)
            wheeled = formation.wheeled(ap.start, ap.ext, ap.degrees).point
            offset = charge._unwheeled(ap.final(0.0), ap.ext, ap.degrees)
            shift = (offset.x - ap.base[0], offset.y - ap.base[1])
            slides = (charge._slides(front, ap.edge.spans, [0.0, 0.37])
                      + charge._grid(front, ap.edge.spans))
            found = charge._costed(ap, front, wheel_cost, wheeled, shift, slides)
            assert found == long_costed(ap, front, wheel_cost, wheeled, shift, slides)
            costed += len(found)
    assert costed > 1000


def long_wheel(sur, start, ext, degrees):
    """`sweep.wheel` as it was: every step's hull worked out and checked."""
    end = formation.wheeled(start, ext, degrees)
    if abs(degrees) < 1e-9:
        return end, 0.0, None
    pivot = formation.wheel_pivot(start, ext, degrees)
    reach = max(math.dist(pivot, c) for c in formation.footprint(start, ext))
    plain = formation.wheel_cost(ext, degrees)
    sur = sur.near((pivot[0] - reach, pivot[1] - reach, pivot[0] + reach, pivot[1] + reach))
    if not (sur.enemies or sur.impassable or sur.difficult):
        return end, plain, None
    steps = max(1, math.ceil(reach * math.radians(abs(degrees)) / sweep.STEP))
    outer = plain / steps
    cost = 0.0
    previous = formation.footprint(start, ext)
    for k in range(1, steps + 1):
        frame = formation.wheeled(start, ext, degrees * k / steps)
        current = formation.footprint(frame, ext)
        hull = convex_hull(previous + current)
        blocker = sweep._swept_blocker(sur, hull)
        if blocker is not None:
            return end, cost, blocker
        cost += 2 * outer if sur.difficult and sweep._in_difficult(sur, hull) else outer
        previous = current
    return end, cost, None


def test_a_wheel_skipping_the_hulls_of_clear_steps_is_the_long_wheel():
    """Every unit of a shipped battle, position after position, wheeled both ways by many
    angles (blocked, clear, through difficult ground): the same end, cost and blocker."""
    _, _, states = shipped_battle_positions(steps=40)
    rng = random.Random(11)
    checked = 0
    for s, unit_id in living_units(states):
        sur = sweep.Surroundings(s, unit_id)
        start = formation.frame_of(s, unit_id)
        ext = formation.extent(s, unit_id)
        for degrees in (5.0, -5.0, 30.0, -30.0, 90.0, -90.0, rng.uniform(-120, 120)):
            assert sweep.wheel(sur, start, ext, degrees) == long_wheel(sur, start, ext,
                                                                       degrees)
            checked += 1
    assert checked > 500


def test_a_steps_hull_lies_in_the_box_of_its_corners():
    """What the wheel's skip rests on: the hull of a step's corners lies within their box
    (a hull keeps only some of the points: it may drop a nearly collinear one), so a piece
    whose box the corners' box misses, the hull's box misses too."""
    rng = random.Random(3)
    for _ in range(2000):
        ext = formation.Extent(-W * rng.randint(1, 3) / 2, W * rng.randint(1, 3) / 2,
                               D * rng.randint(1, 3))
        start = Frame(rng.uniform(0, 60), rng.uniform(0, 44),
                      rng.choice([0.0, 90.0, 180.0, rng.uniform(0, 360)]))
        degrees = rng.uniform(-10, 10)
        points = formation.footprint(start, ext) + formation.footprint(
            formation.wheeled(start, ext, degrees), ext)
        low_x, low_y, high_x, high_y = bounds(points)
        hull = bounds(convex_hull(points))
        assert low_x <= hull[0] and low_y <= hull[1] and hull[2] <= high_x and hull[3] <= high_y


def long_unit_vectors(facing):
    angle = math.radians(facing)
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    return (cos_a, sin_a), (-sin_a, cos_a)


def signs(vectors):
    return [math.copysign(1.0, v) for pair in vectors for v in pair]


@settings(max_examples=300, deadline=None)
@given(st.one_of(angle, st.sampled_from([0.0, -0.0, 360.0, -90.0, 1e-12])))
def test_kept_unit_vectors_are_worked_out_ones_zeros_signs_and_all(facing):
    """Asked twice (kept the second time), a facing's vectors are the computed ones, down to
    the sign of a zero: 0.0 and -0.0 are never mixed up."""
    for _ in range(2):
        found = shapes.unit_vectors(facing)
        assert found == long_unit_vectors(facing)
        assert signs(found) == signs(long_unit_vectors(facing))
    assert signs(shapes.unit_vectors(-0.0)) == signs(long_unit_vectors(-0.0))
    assert signs(shapes.unit_vectors(0.0)) == signs(long_unit_vectors(0.0))


box = st.tuples(st.floats(-5, 5), st.floats(-5, 5), st.floats(0, 3), st.floats(0, 3)).map(
    lambda t: (t[0], t[1], t[0] + t[2], t[1] + t[3]))


@settings(max_examples=300, deadline=None)
@given(box, st.lists(box, max_size=8))
def test_rows_meeting_a_ground_are_those_whose_boxes_meet_it(ground, boxes):
    rows = [(b, "unit", i) for i, b in enumerate(boxes)]
    assert offers._meeting(ground, rows) == [row for row in rows
                                             if shapes.boxes_meet(ground, row[0])]


def long_footprint(frame, ext, shrink=0.0):
    (fx, fy), (rx, ry) = long_unit_vectors(frame.facing)
    left, right = ext.left + shrink, ext.right - shrink
    front, back = -shrink, -(ext.depth - shrink)

    def at(across, along):
        return (frame.x + rx * across + fx * along, frame.y + ry * across + fy * along)

    return [at(left, front), at(right, front), at(right, back), at(left, back)]


@settings(max_examples=300, deadline=None)
@given(st.floats(0, 60), st.floats(0, 44), angle, st.integers(1, 5), st.integers(1, 4),
       st.sampled_from([0.0, 0.01, -0.05]))
def test_a_footprint_written_out_is_the_footprint_corner_for_corner(x, y, facing, files, ranks,
                                                                  shrink):
    ext = formation.Extent(-W * files / 2, W * files / 2, D * ranks)
    frame = Frame(x, y, facing)
    assert formation.footprint(frame, ext, shrink) == long_footprint(frame, ext, shrink)


@settings(max_examples=300, deadline=None)
@given(box, st.lists(box, max_size=8))
def test_surroundings_cut_to_a_box_keep_the_pieces_whose_boxes_meet_it(ground, boxes):
    rows = [sweep.Obstacle(b, [], str(i)) for i, b in enumerate(boxes)]
    assert sweep._meeting(ground, rows) == [row for row in rows
                                            if shapes.boxes_meet(ground, row.box)]


class FullyCut(sweep.Surroundings):
    """Surroundings that always cut every list (friends and difficult ground included)."""

    def near(self, box, friends=True, difficult=True):
        out = sweep.Surroundings.near(self, box)
        out.__class__ = FullyCut
        return out


def fully_cut(sur):
    out = sweep.Surroundings.near(sur, (-1e9, -1e9, 1e9, 1e9))
    out.__class__ = FullyCut
    return out


def test_checks_that_skip_lists_they_never_read_answer_as_with_every_list_cut():
    """Sweeps cut their surroundings without the friends, end checks without the difficult
    ground: every answer is the one with every list cut, for each unit of a shipped battle
    moved about in many ways."""
    _, _, states = shipped_battle_positions(steps=40)
    rng = random.Random(13)
    for s, unit_id in living_units(states):
        sur = sweep.Surroundings(s, unit_id)
        full = fully_cut(sur)
        start = formation.frame_of(s, unit_id)
        ext = formation.extent(s, unit_id)
        for _ in range(4):
            end = formation.advanced(start, rng.uniform(0, 9))
            turned = formation.turned(start, ext, rng.choice([90.0, -90.0, 180.0]))
            degrees = rng.uniform(-60, 60)
            for frame in (end, turned):
                assert sweep.end_problem(sur, s, unit_id, frame) == sweep.end_problem(
                    full, s, unit_id, frame)
                assert sweep.touched_enemy(sur, s, unit_id, frame) == sweep.touched_enemy(
                    full, s, unit_id, frame)
                assert sweep.overlapped_since(sur, s, unit_id, frame, 3.0) == \
                    sweep.overlapped_since(full, s, unit_id, frame, 3.0)
                dest = formation.positions(s, unit_id, frame)
                assert sweep.close_call(sur, s, unit_id, dest, frame.facing) == \
                    sweep.close_call(full, s, unit_id, dest, frame.facing)
            assert sweep.straight(sur, start, end, ext, ahead=True) == sweep.straight(
                full, start, end, ext, ahead=True)
            assert sweep.wheel(sur, start, ext, degrees) == sweep.wheel(full, start, ext,
                                                                       degrees)


def test_plans_given_the_units_frame_and_extent_are_the_plans_that_read_them():
    """March and Turn plans (and the end checks) handed the unit's frame and extent, worked
    out once per solve, are the plans that read them from the state each time."""
    _, _, states = shipped_battle_positions(steps=40)
    rng = random.Random(17)
    for s, unit_id in living_units(states):
        sur = sweep.Surroundings(s, unit_id)
        block = (formation.frame_of(s, unit_id), formation.extent(s, unit_id))
        for _ in range(3):
            degrees, forward = rng.uniform(-40, 40), rng.uniform(0, 9)
            assert movement.march_plan(s, unit_id, degrees, forward, sur, None, block) == \
                movement.march_plan(s, unit_id, degrees, forward, sur)
            turn = rng.choice(movement.TURNS)
            assert movement.turn_plan(s, unit_id, turn, forward / 2, sur, block) == \
                movement.turn_plan(s, unit_id, turn, forward / 2, sur)
            end = formation.advanced(block[0], forward)
            assert sweep.end_problem(sur, s, unit_id, end, block[1]) == \
                sweep.end_problem(sur, s, unit_id, end)
            assert sweep.touched_enemy(sur, s, unit_id, end, block[1]) == \
                sweep.touched_enemy(sur, s, unit_id, end)


def long_route(s, sur, unit_id, start, ext, degrees, end, budget, end_checked=False):
    """`charge._route` as it was: both orders swept every time."""
    from game.core.i18n import msg

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
    before = charge._unwheeled(end, ext, degrees)
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
    return movement.Plan(end, cost), order


def test_a_charge_route_that_skips_the_dearer_order_is_the_route_of_both_orders(monkeypatch):
    """Every unit's charge on every enemy, position after position of a shipped battle, and
    routes to spots all along each target edge: the same plans, orders and reasons as when
    both orders are swept every time."""
    _, geo, states = shipped_battle_positions(steps=40)
    routes = 0
    for s in states:
        for unit in s.units_of(s.active):
            sur = sweep.Surroundings(s, unit.id)
            for target in s.enemy_units(unit.side):
                recall.forget()
                quick = charge.solve(s, geo, unit.id, target.id, sur)
                ap = charge._approach(s, geo, unit.id, target.id)
                for slide in (-3.0, -1.0, 0.0, 0.5, 2.0):
                    end = ap.final(slide)
                    args = (s, sur, unit.id, ap.start, ap.ext, ap.degrees, end, ap.budget)
                    assert charge._route(*args) == long_route(*args)
                    routes += 1
                recall.forget()
                monkeypatch.setattr(charge, "_route", long_route)
                assert charge.solve(s, geo, unit.id, target.id, sur) == quick
                monkeypatch.undo()
    assert routes > 100


def long_straight(sur, start, end, ext, ahead=False):
    """`sweep.straight` as it was: every step's hull checked against the difficult ground."""
    length = math.dist(start.point, end.point)
    if length <= 1e-12:
        return 0.0, None
    first, last = formation.footprint(start, ext), formation.footprint(end, ext)
    sur = sweep.Surroundings.near(sur, bounds(first + last))
    if not (sur.enemies or sur.impassable or sur.difficult):
        return length, None
    hull = (sweep._ahead_hull(first, last) if ahead and length >= 1e-6
            else convex_hull(first + last))
    blocker = sweep._swept_blocker(sur, hull)
    if blocker is not None:
        return length, blocker
    if not sur.difficult or not sweep._in_difficult(sur, hull):
        return length, None
    steps = max(1, math.ceil(length / sweep.STEP))
    cost = 0.0
    previous = first
    for k in range(1, steps + 1):
        t = k / steps
        frame = Frame(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t,
                      start.facing)
        current = formation.footprint(frame, ext)
        piece = length / steps
        cost += 2 * piece if sweep._in_difficult(sur, convex_hull(previous + current)) else piece
        previous = current
    return cost, None


def test_a_straight_stretch_costing_only_steps_near_difficult_ground_is_the_long_way():
    """Every unit of a shipped battle sent straight ahead and at an angle by many lengths,
    through and past its difficult ground: the same cost and blocker (and the same blocker
    when only that is asked, the difficult ground not looked at)."""
    _, _, states = shipped_battle_positions(steps=40)
    rng = random.Random(19)
    dearer = 0
    for s, unit_id in living_units(states):
        sur = sweep.Surroundings(s, unit_id)
        start = formation.frame_of(s, unit_id)
        ext = formation.extent(s, unit_id)
        for _ in range(6):
            length = rng.uniform(0, 12)
            end = formation.advanced(start, length)
            found = sweep.straight(sur, start, end, ext, ahead=True)
            assert found == long_straight(sur, start, end, ext, ahead=True)
            dearer += found[1] is None and found[0] > length + 1e-9
            # asked only what blocks it (`passes_through`): the same blocker
            quick = sweep.straight(sur, start, end, ext, ahead=True, costed=False)
            assert quick[1] == found[1]
            assert movement.passes_through(sur, start, length, ext) == (found[1] is not None)
            aside = Frame(end.x + rng.uniform(-3, 3), end.y + rng.uniform(-3, 3),
                          start.facing)
            assert sweep.straight(sur, start, aside, ext) == long_straight(sur, start,
                                                                           aside, ext)
    assert dearer > 0


def test_wheels_past_pieces_beside_the_arcs_they_sweep_are_the_long_wheels():
    """Wheels whose square round the pivot holds pieces the box of the arcs the block's
    corners sweep misses (passed over, `sweep._arcs_box`): the same end, cost and blocker as
    the long wheel, and such wheels do occur in a shipped battle."""
    _, _, states = shipped_battle_positions(steps=40)
    passed_over = 0
    for s, unit_id in living_units(states):
        sur = sweep.Surroundings(s, unit_id)
        start = formation.frame_of(s, unit_id)
        ext = formation.extent(s, unit_id)
        for degrees in (10.0, -10.0, 45.0, -45.0, 100.0, -100.0):
            pivot = formation.wheel_pivot(start, ext, degrees)
            corners = formation.footprint(start, ext)
            reach = max(math.dist(pivot, c) for c in corners)
            square = sweep.Surroundings.near(sur, (pivot[0] - reach, pivot[1] - reach,
                                                   pivot[0] + reach, pivot[1] + reach))
            rows = square.enemies + square.impassable + square.difficult
            swept = sweep._arcs_box(pivot, corners, degrees)
            passed_over += len(sweep._meeting(swept, rows)) < len(rows)
            assert sweep.wheel(sur, start, ext, degrees) == long_wheel(sur, start, ext,
                                                                       degrees)
    assert passed_over > 0


def test_the_arcs_box_holds_every_step_of_a_wheel():
    """Blocks of every size, anywhere, facing anywhere, wheeled either way by up to a half
    turn: every corner of every step (as `sweep.wheel` steps) lies within `sweep._arcs_box`,
    and the box is no wider than the square round the pivot."""
    rng = random.Random(23)
    for _ in range(2000):
        ext = formation.Extent(-rng.uniform(0.5, 6), rng.uniform(0.5, 6), rng.uniform(0.5, 4))
        start = Frame(rng.uniform(-30, 30), rng.uniform(-30, 30), rng.uniform(0, 360))
        degrees = rng.choice((-1, 1)) * rng.uniform(0.01, 180)
        pivot = formation.wheel_pivot(start, ext, degrees)
        corners = formation.footprint(start, ext)
        x0, y0, x1, y1 = sweep._arcs_box(pivot, corners, degrees)
        reach = max(math.dist(pivot, c) for c in corners)
        assert x0 >= pivot[0] - reach - 1e-5 and x1 <= pivot[0] + reach + 1e-5
        steps = max(1, math.ceil(reach * math.radians(abs(degrees)) / sweep.STEP))
        for k in range(steps + 1):
            frame = formation.wheeled(start, ext, degrees * k / steps)
            for x, y in formation.footprint(frame, ext):
                assert x0 <= x <= x1 and y0 <= y <= y1
