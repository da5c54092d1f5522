"""The table's shortcuts for speed (issue 13: engine speed) give the long way's answers: each
test asks a table that has already answered (remembered gaps and sight) and a fresh one, or the
shortcut (the rectangles' separating axes) and pymunk, on random set-ups."""

from __future__ import annotations

import itertools
import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.table import Table
from game.table.measure import (
    BOUND_MARGIN,
    _measured_gap,
    closer_than,
    gap_at,
    inner_radius,
    radius,
    rect_separation,
)

from .conftest import box, model, table_and_state, terrain

BASES = ["25", "40", "rect 40x20", "rect 25x50", "oval 60x35"]


@st.composite
def pairs(draw):
    """Two bases near each other (touching, apart or overlapping), at any facings."""
    a = model("a", draw(st.floats(10, 14)), draw(st.floats(10, 14)),
              draw(st.sampled_from(BASES)), facing=draw(st.sampled_from([0.0, 30.0, 90.0, 127.5])))
    b = model("b", draw(st.floats(10, 14)), draw(st.floats(10, 14)),
              draw(st.sampled_from(BASES)), side=1,
              facing=draw(st.sampled_from([0.0, 45.0, 90.0, 200.0])))
    return a, b


@settings(max_examples=200, deadline=None)
@given(pairs(), st.floats(-2, 2), st.floats(-2, 2))
def test_a_remembered_gap_is_the_gap_a_fresh_table_measures(pair, dx, dy):
    a, b = pair
    table, _ = table_and_state([a, b])
    first = gap_at(table, a, a.x, a.y, b, b.x, b.y)
    # the shapes are posed elsewhere in between, then asked the same again (remembered)
    gap_at(table, a, a.x + dx, a.y + dy, b, b.x - dy, b.y + dx)
    again = gap_at(table, a, a.x, a.y, b, b.x, b.y)
    fresh = Table(table.scenario)
    assert again == first == gap_at(fresh, a, a.x, a.y, b, b.x, b.y)
    moved = gap_at(table, a, a.x + dx, a.y + dy, b, b.x, b.y)
    assert moved == _measured_gap(Table(table.scenario), a, a.x + dx, a.y + dy, b, b.x, b.y) \
        or a.base.kind == b.base.kind == "round"


def test_a_remembered_gap_follows_a_turn_and_a_new_base():
    a, b = model("a", 10, 10, "rect 40x20"), model("b", 12, 10, "rect 40x20", side=1)
    table, _ = table_and_state([a, b])
    square = gap_at(table, a, a.x, a.y, b, b.x, b.y)
    a.facing = 90.0
    turned = gap_at(table, a, a.x, a.y, b, b.x, b.y)
    assert turned != square
    assert turned == gap_at(Table(table.scenario), a, a.x, a.y, b, b.x, b.y)


RECTS = ["rect 20x20", "rect 25x50", "rect 40x20", "rect 50x100"]


@st.composite
def rect_pairs(draw):
    """Two rectangles near each other at any facings, often in line (ranks: edge to edge)."""
    facing = st.one_of(st.sampled_from([0.0, 90.0, 180.0, 45.0]), st.floats(0, 360))
    a = model("a", 20.0, 20.0, draw(st.sampled_from(RECTS)), facing=draw(facing))
    b = model("b", 20.0 + draw(st.floats(-4, 4)), 20.0 + draw(st.floats(-4, 4)),
              draw(st.sampled_from(RECTS)), side=1, facing=draw(facing))
    return a, b


@settings(max_examples=400, deadline=None)
@given(rect_pairs())
def test_the_rectangles_axes_bound_the_gap_and_are_it_when_they_overlap(pair):
    a, b = pair
    # pymunk's own answer for two bases on one centre is wrong (a gap of ~2"); the solvers
    # never ask it there (the inner circles decide first, see the next test)
    assume((a.x, a.y) != (b.x, b.y))
    table, _ = table_and_state([a, b])
    gap = _measured_gap(table, a, a.x, a.y, b, b.x, b.y)
    low = rect_separation(a.base, a.facing, b.base, b.facing, b.x - a.x, b.y - a.y)
    assert low <= gap + 1e-9
    if low <= 0.0:
        assert abs(low - gap) <= 1e-9


@settings(max_examples=300, deadline=None)
@given(rect_pairs(), st.sampled_from([-0.02, -1e-6, 0.0, 1e-6, 0.5, 2.0]))
def test_closer_than_gives_the_measured_answer_for_rectangles(pair, limit):
    a, b = pair
    table, _ = table_and_state([a, b])
    assert closer_than(table, a, a.x, a.y, b, b.x, b.y, limit) == \
        _long_closer_than(Table(table.scenario), a, b, limit)


def _long_closer_than(table, a, b, limit):
    """closer_than the long way: the circles decide when clear, else pymunk's gap."""
    centres = math.hypot(b.x - a.x, b.y - a.y)
    if centres - radius(a) - radius(b) >= limit + BOUND_MARGIN:
        return False
    if centres - inner_radius(a) - inner_radius(b) < limit - BOUND_MARGIN:
        return True
    return _measured_gap(table, a, a.x, a.y, b, b.x, b.y) < limit



def test_rectangles_in_a_rank_are_told_apart_by_their_axes_alone():
    """Edge to edge in a rank, the circles cannot tell; the axes can, without pymunk."""
    left, right = model("a", 10, 10, "rect 25x50"), model("b", 10, 10 + 25 / 25.4, "rect 25x50")
    table, _ = table_and_state([left, right])
    assert not closer_than(table, left, left.x, left.y, right, right.x, right.y, -0.02)
    assert table.gap_cache == {}  # pymunk was never asked


WOODS = [terrain("obscuring", box(6, 6, 9, 12), "wood"),
         terrain("obscuring", ((14, 2), (20, 4), (17, 9)), "ruin"),
         terrain("obscuring, difficult", box(3, 16, 12, 18), "hedge")]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.floats(1.0, 23.0), st.floats(1.0, 23.0)), min_size=2, max_size=8),
       st.tuples(st.floats(1.0, 23.0), st.floats(1.0, 23.0)), st.sampled_from(BASES),
       st.floats(0.0, 360.0))
def test_remembered_sight_is_what_a_fresh_table_sees_as_the_van_drives_about(
        spots, van_spot, base, facing):
    """Each pair asked, the van moved or turned, every pair asked again: the table that
    remembers answers as a fresh one does (the van's pose is part of every question)."""
    shooters = [model(f"a{i}", x, y, base, facing=facing) for i, (x, y) in enumerate(spots)]
    van = model("v", 12.0, 12.0, "rect 100x60", side=1, unit="van", kind="vehicle")
    table, s = table_and_state(shooters + [van], width=24.0, height=24.0, terrain_pieces=WOODS)
    pairs = list(itertools.permutations(shooters, 2))[:20]
    for x, y, turn in ((12.0, 12.0, 0.0), (van_spot[0], van_spot[1], 0.0),
                       (van_spot[0], van_spot[1], 90.0), (12.0, 12.0, 0.0)):
        van.x, van.y, van.facing = x, y, turn
        fresh = Table(table.scenario)
        for a, b in pairs:
            assert table.line_of_sight(s, a, b) == fresh.line_of_sight(s, a, b)
    van.alive = False
    fresh = Table(table.scenario)
    for a, b in pairs:
        assert table.line_of_sight(s, a, b) == fresh.line_of_sight(s, a, b)
