"""Terrain outlines may be concave (the map format allows any polygon): the table splits them
into convex parts for pymunk and measures paths inside them exactly."""

import pytest

from game.core import polygons

L_SHAPE = [(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)]


def area(points):
    return abs(polygons.signed_area(points))


def test_a_convex_outline_stays_whole():
    square = [(0, 0), (2, 0), (2, 2), (0, 2)]
    assert polygons.convex_parts(square) == [square]


def test_a_concave_outline_splits_into_parts_of_the_same_total_area():
    parts = polygons.convex_parts(L_SHAPE)
    assert len(parts) > 1
    assert all(polygons.is_convex(p) for p in parts)
    assert sum(area(p) for p in parts) == pytest.approx(area(L_SHAPE))


def test_clockwise_outlines_split_too():
    parts = polygons.convex_parts(list(reversed(L_SHAPE)))
    assert sum(area(p) for p in parts) == pytest.approx(area(L_SHAPE))


def test_closing_and_repeated_points_are_dropped():
    assert polygons.clean([(0, 0), (1, 0), (1, 0), (2, 0), (2, 2), (0, 0)]) == [
        (0, 0), (2, 0), (2, 2)]


def test_inside_intervals_of_a_segment_crossing_a_concave_outline():
    # a horizontal line at y = 0.5 runs through the L's foot; at y = 2 through its upright only
    assert polygons.inside_intervals((-1, 0.5), (5, 0.5), L_SHAPE) == [
        pytest.approx((1 / 6, 5 / 6))]
    assert polygons.inside_intervals((-1, 2), (5, 2), L_SHAPE) == [
        pytest.approx((1 / 6, 2 / 6))]


def test_point_in_polygon_respects_the_notch():
    assert polygons.point_in_polygon((0.5, 3), L_SHAPE)
    assert not polygons.point_in_polygon((3, 3), L_SHAPE)
