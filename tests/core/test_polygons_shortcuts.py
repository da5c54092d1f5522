"""The segment-in-outline measure (difficult terrain counts double along a path) skips the
edges whose box lies clear of the segment's: compared here, on random concave outlines and
segments, with the same measure testing every edge."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import polygons

coordinate = st.floats(-5.0, 15.0)
point = st.tuples(coordinate, coordinate)


def every_edge_intervals(a, b, polygon):
    """The measure with no edge skipped: every edge is tested for a crossing."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    cuts = [0.0, 1.0]
    for i in range(len(polygon)):
        px, py = polygon[i - 1]
        ex, ey = polygon[i][0] - px, polygon[i][1] - py
        denom = dx * ey - dy * ex
        if abs(denom) <= 1e-12:
            continue
        t = ((px - ax) * ey - (py - ay) * ex) / denom
        u = ((px - ax) * dy - (py - ay) * dx) / denom
        if 0.0 < t < 1.0 and -1e-12 <= u <= 1.0 + 1e-12:
            cuts.append(t)
    cuts.sort()
    out = []
    for t0, t1 in zip(cuts, cuts[1:], strict=False):
        if t1 - t0 <= 1e-12:
            continue
        mid = (t0 + t1) / 2
        if polygons.point_in_polygon((ax + dx * mid, ay + dy * mid), polygon):
            if out and abs(out[-1][1] - t0) <= 1e-12:
                out[-1] = (out[-1][0], t1)
            else:
                out.append((t0, t1))
    return out


@st.composite
def star_outlines(draw):
    """A star-shaped (often concave) outline round (5, 5): radii drawn per corner."""
    count = draw(st.integers(3, 12))
    radii = draw(st.lists(st.floats(0.5, 5.0), min_size=count, max_size=count))
    turn = draw(st.floats(0.0, 1.0))
    return [(5 + r * math.cos(2 * math.pi * (i + turn) / count),
             5 + r * math.sin(2 * math.pi * (i + turn) / count)) for i, r in enumerate(radii)]


@settings(max_examples=600)
@given(star_outlines(), point, point)
def test_difficult_stretches_skipping_far_edges_equal_testing_every_edge(outline, a, b):
    assert polygons.inside_intervals(a, b, outline) == every_edge_intervals(a, b, outline)


@settings(max_examples=300)
@given(star_outlines(), st.integers(0, 11), st.floats(0.0, 1.0), point)
def test_a_segment_ending_on_an_edge_measures_as_testing_every_edge(outline, edge, along, a):
    p, q = outline[edge % len(outline) - 1], outline[edge % len(outline)]
    b = (p[0] + (q[0] - p[0]) * along, p[1] + (q[1] - p[1]) * along)
    assert polygons.inside_intervals(a, b, outline) == every_edge_intervals(a, b, outline)


@settings(max_examples=300, deadline=None)
@given(st.lists(point, min_size=1, max_size=12))
def test_bounds_split_by_zip_are_the_bounds_of_two_comprehensions(polygon):
    """`polygons.bounds` (coordinates split by `zip`) is the box the two comprehensions
    gave, float for float, for any list of points."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    assert polygons.bounds(polygon) == (min(xs), min(ys), max(xs), max(ys))


@settings(max_examples=300, deadline=None)
@given(st.lists(point, min_size=4, max_size=4))
def test_bounds_of_four_corners_unpacked_are_the_bounds_of_two_comprehensions(polygon):
    """The rectangle's case (four corners compared directly) gives the same floats."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    assert polygons.bounds(polygon) == (min(xs), min(ys), max(xs), max(ys))


def indexed_point_in_polygon(point, polygon):
    """Ray casting with each edge's corners indexed afresh (the walk before it kept the
    previous corner in hand)."""
    x, y = point
    inside = False
    for i in range(len(polygon)):
        x1, y1 = polygon[i - 1]
        x2, y2 = polygon[i]
        if (y1 > y) != (y2 > y) and x1 + (y - y1) * (x2 - x1) / (y2 - y1) > x:
            inside = not inside
    return inside


@settings(max_examples=600)
@given(star_outlines(), point)
def test_point_in_polygon_walking_the_edges_equals_indexing_them(outline, p):
    assert polygons.point_in_polygon(p, outline) == indexed_point_in_polygon(p, outline)


@settings(max_examples=600)
@given(star_outlines(), point, point)
def test_stretches_with_the_outline_box_equal_those_without(outline, a, b):
    """A middle clear of the outline's box is outside it: the box only spares the walk."""
    box = polygons.bounds(outline)
    assert polygons.inside_intervals(a, b, outline, box) == polygons.inside_intervals(
        a, b, outline)


@settings(max_examples=300)
@given(star_outlines(), st.integers(0, 11), st.floats(-0.5, 1.5), st.floats(-1e-6, 1e-6))
def test_a_point_by_the_box_edge_is_outside_only_when_the_walk_says_so(outline, corner,
                                                                       along, nudge):
    """Points on and a hair beside the box's sides: `outside_box` never contradicts the walk."""
    box = polygons.bounds(outline)
    x = box[0] + (box[2] - box[0]) * along
    for p in ((x, box[1] + nudge), (x, box[3] + nudge), (box[0] + nudge, x),
              (box[2] + nudge, x), outline[corner % len(outline)]):
        if polygons.outside_box(p, box):
            assert not polygons.point_in_polygon(p, outline)
