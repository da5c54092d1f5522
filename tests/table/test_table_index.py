"""The table's shortcuts for speed (issue 13: engine speed) give the long way's answers: each
test asks a table that has already answered (remembered gaps, bucketed bases) and a fresh one, or
the shortcut and the plain scan, on random set-ups."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.table import Table
from game.table.measure import _measured_gap, gap_at

from .conftest import model, table_and_state

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
