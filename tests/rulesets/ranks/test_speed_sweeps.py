"""The sweeps' early answers (issue 13, engine speed) against the long way: an overlap told at
the first axis that settles it, a step of difficult ground missed by one separating axis, the
hull of a step straight ahead without sorting its corners. The same answers, not close ones."""

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.polygons import convex_hull
from game.rulesets.ranks import formation, shapes, sweep
from game.rulesets.ranks.formation import Extent, Frame
from game.rulesets.ranks.shapes import convex_meets_polygon, rect_corners
from tests.rulesets.ranks.battle import DEPTH as D
from tests.rulesets.ranks.battle import WIDTH as W
from tests.rulesets.ranks.test_speed import living_units, shipped_battle_positions

coordinate = st.floats(-3.0, 3.0, allow_nan=False)
angle = st.one_of(st.sampled_from([0.0, 90.0, 180.0, 270.0, 45.0]), st.floats(0.0, 360.0))
#: The depths the sweeps ask (the contact tolerance less the safety margin, a touch, and the
#: clearance of a difficult piece's hull), and a deep one.
DEPTHS = (sweep.TOLERANCE - sweep.SAFETY, 0.0, -sweep.CLEAR, 0.5)


@settings(max_examples=400, deadline=None)
@given(coordinate, coordinate, angle, angle, st.sampled_from([0.0, 0.01, -0.02]),
       st.integers(1, 4), st.booleans())
def test_an_overlap_told_at_the_axis_that_settles_it_compares_as_the_whole_overlap(
        x, y, f1, f2, shrink, files, swept):
    """`penetration(..., depth=d) > d` and `sinks_deeper` are `the least overlap > d` for
    rectangles and the hulls a stretch sweeps, touching, overlapping and apart."""
    a = rect_corners(0.0, 0.0, f1, W * files, D, shrink)
    if swept:  # a block's outline swept ahead: a hull of eight corners
        a = convex_hull(a + rect_corners(1.3, -0.4, f1, W * files, D, shrink))
    b = rect_corners(x, y, f2, W, D)
    for depth in DEPTHS:
        least = shapes.penetration(a, b, every_axis=True)
        assert (shapes.penetration(a, b, depth=depth) > depth) == (least > depth)
        assert shapes.sinks_deeper(a, b, depth) == (least > depth)
        assert shapes.sinks_deeper(b, a, depth) == (shapes.penetration(b, a, every_axis=True)
                                                   > depth)


def piece(polygon):
    """A difficult piece as the sweeps hold it (`sweep._terrain`)."""
    return sweep.Obstacle((0.0, 0.0, 0.0, 0.0), polygon, "wood", None, None,
                          convex_hull(polygon))


#: Outlines of terrain: a square, an L (concave: its hull holds ground it does not), a thin
#: sliver and a star-like notch.
OUTLINES = [
    [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)],
    [(0.0, 0.0), (6.0, 0.0), (6.0, 2.0), (2.0, 2.0), (2.0, 6.0), (0.0, 6.0)],
    [(0.0, 0.0), (5.0, 0.1), (5.0, 0.2), (0.0, 0.1)],
    [(0.0, 0.0), (3.0, 1.0), (6.0, 0.0), (5.0, 3.0), (6.0, 6.0), (3.0, 5.0), (0.0, 6.0),
     (1.0, 3.0)],
]


def test_a_step_missing_a_difficult_piece_by_a_separating_axis_is_the_edge_by_edge_test():
    """`_meets_piece` is `convex_meets_polygon` for blocks and swept steps all round, inside
    and in the notches of convex and concave pieces, edge to edge with them (a shared edge,
    a corner on an edge) and just clear of them."""
    rng = random.Random(23)
    cleared = 0
    for outline in OUTLINES:
        row = piece(outline)
        for _ in range(600):
            facing = rng.choice([0.0, 90.0, 45.0, rng.uniform(0, 360)])
            x, y = rng.uniform(-3, 9), rng.uniform(-3, 9)
            block = rect_corners(x, y, facing, W * rng.randint(1, 4), D * rng.randint(1, 3))
            if rng.random() < 0.5:  # a step swept ahead
                (fx, fy), _ = shapes.unit_vectors(facing)
                step = rng.uniform(0.01, 0.25)
                block = convex_hull(block + [(px + fx * step, py + fy * step)
                                             for px, py in block])
            expected = convex_meets_polygon(block, outline)
            assert sweep._meets_piece(block, row) == expected
            cleared += not expected
    edge_to_edge = [[(4.0, 0.0), (6.0, 0.0), (6.0, 2.0), (4.0, 2.0)],
                    [(4.0 + 1e-7, 1.0), (6.0, 1.0), (6.0, 3.0), (4.0 + 1e-7, 3.0)],
                    [(4.0 + 2e-6, 1.0), (6.0, 1.0), (6.0, 3.0), (4.0 + 2e-6, 3.0)],
                    [(5.0, 2.0), (7.0, 4.0), (5.0, 6.0), (3.0, 4.0)]]
    for block in edge_to_edge:
        for outline in OUTLINES:
            assert (sweep._meets_piece(block, piece(outline))
                    == convex_meets_polygon(block, outline))
    assert cleared > 500


def test_the_hull_of_each_step_straight_ahead_is_the_full_hull():
    """`_step_hull` of the steps a stretch is cut into (interpolated frames, not
    `formation.advanced` ones) lists the corners `convex_hull` lists, in its order."""
    rng = random.Random(29)
    for _ in range(600):
        start = Frame(rng.uniform(0, 60), rng.uniform(0, 44),
                      rng.choice([0.0, 90.0, 180.0, 270.0, rng.uniform(0, 360)]))
        width = W * rng.randint(1, 5)
        ext = Extent(-width / 2, width / 2, D * rng.randint(1, 4))
        end = formation.advanced(start, rng.choice([0.3, 1.0, rng.uniform(0, 9)]))
        steps = max(1, math.ceil(math.dist(start.point, end.point) / sweep.STEP))
        piece_length = math.dist(start.point, end.point) / steps
        previous = formation.footprint(start, ext)
        for k in range(1, steps + 1):
            t = k / steps
            frame = Frame(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t,
                          start.facing)
            current = formation.footprint(frame, ext)
            assert (sweep._step_hull(previous, current, True, piece_length)
                    == convex_hull(previous + current))
            previous = current


def test_stretches_through_the_shipped_battle_s_difficult_ground_cost_as_before():
    """Every unit of a shipped battle sent straight ahead by many lengths: the same cost and
    blocker with the early answers as with every difficult step tested edge by edge and
    every step's hull sorted (the long way of both shortcuts)."""
    _, _, states = shipped_battle_positions(steps=40)
    rng = random.Random(31)
    costed = 0
    for s, unit_id in living_units(states):
        sur = sweep.Surroundings(s, unit_id)
        start, ext = formation.block(s, unit_id)
        for _ in range(4):
            end = formation.advanced(start, rng.uniform(0, 12))
            found = sweep.straight(sur, start, end, ext, ahead=True)
            with_long_ways = _long_straight(sur, start, end, ext)
            assert found == with_long_ways
            costed += found[1] is None and found[0] > math.dist(start.point, end.point) + 1e-9
    assert costed > 0


def _long_straight(sur, start, end, ext):
    """`sweep.straight` with both shortcuts undone (monkeypatching the module's names)."""
    saved = sweep._meets_piece, sweep._step_hull
    sweep._meets_piece = lambda convex, row: convex_meets_polygon(convex, row.polygon)
    sweep._step_hull = lambda previous, current, ahead, step: convex_hull(previous + current)
    try:
        return sweep.straight(sur, start, end, ext, ahead=True)
    finally:
        sweep._meets_piece, sweep._step_hull = saved
