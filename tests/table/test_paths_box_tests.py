"""A segment's terrain answers skip the remembered look-up when no piece's box meets it, and
the detour search reads its mover's remembered answers directly (paths.py): the answers are
the exact ones. Each is compared, on random segments of the cards map (palisades, woods,
creeks) and on random fields, with the exact question asked the long way."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import polygons
from game.io.tmx import default_map_for, load_scenario
from game.table import Table, paths, sweeps

from .conftest import model, state
from .test_table_fast_paths import SIZE, mixed_fields

SCENARIO = load_scenario(default_map_for("cards"))
spots = st.tuples(st.floats(0.5, 47.5), st.floats(0.5, 47.5))


def _cards_mover(table, start, base="25", facing=0.0):
    me = model("me", start[0], start[1], base, 0, facing=facing)
    s = state([me], terrain_pieces=SCENARIO.terrain)
    return paths.Mover(table, s, me)


def _swept_terrain(table, mover, start, end):
    """The long way: pymunk's sweep for a round base, the Minkowski planes otherwise."""
    if mover.round:
        hit = table.space.segment_query_first(start, end, mover.sweep_radius,
                                              table.impassable_filter)
        return None if hit is None else ("terrain", table.piece_of_shape[hit.shape].index)
    return mover._polygon_terrain(start, end)


@settings(max_examples=400, deadline=None)
@given(spots, spots, st.sampled_from(["25", "40", "rect 50x25", "oval 60x35"]), st.sampled_from([0.0, 30.0, 90.0]))
def test_a_segments_impassable_answer_is_the_sweeps(start, end, base, facing):
    table = Table(SCENARIO)
    mover = _cards_mover(table, start, base, facing)
    if start == end:
        return
    expected = _swept_terrain(table, mover, start, end)
    assert mover._terrain_blocker(start, end) == expected
    assert mover._terrain_blocker(start, end) == expected  # remembered or boxed, the same


@settings(max_examples=400, deadline=None)
@given(spots, spots)
def test_a_segments_difficult_stretches_are_the_outlines_intervals(start, end):
    table = Table(SCENARIO)
    mover = _cards_mover(table, start)
    expected = polygons.merge_intervals([interval for piece in table.difficult
                                         for interval in polygons.inside_intervals(
                                             start, end, piece.outline)])
    assert mover.difficult_stretch(start, end) == expected
    cost = math.dist(start, end) * (1.0 + sum(t1 - t0 for t0, t1 in expected))
    assert mover.segment_cost(start, end) == cost


@settings(max_examples=60, deadline=None)
@given(spots, spots, spots)
def test_routes_round_the_palisades_are_the_fresh_tables_whatever_was_asked_before(
        start, earlier, dest):
    """A mover that already searched another route (its answers remembered, read directly
    by the search) finds the route a mover on a fresh table finds."""
    warm_table = Table(SCENARIO)
    warm = _cards_mover(warm_table, start)
    warm.route(earlier)
    fresh = _cards_mover(Table(SCENARIO), start)
    assert warm.route(dest) == fresh.route(dest)


@settings(max_examples=80, deadline=None)
@given(mixed_fields(), st.tuples(st.floats(3.0, SIZE - 3.0), st.floats(3.0, SIZE - 3.0)),
       st.tuples(st.floats(3.0, SIZE - 3.0), st.floats(3.0, SIZE - 3.0)))
def test_routes_round_enemies_and_rocks_are_the_fresh_tables_after_another_search(
        field, earlier, dest):
    table, s = field
    mover = s.models["m0"]
    warm = paths.Mover(table, s, mover)
    warm.route(earlier)
    assert warm.route(dest) == paths.Mover(Table(s.scenario), s, mover).route(dest)


@settings(max_examples=40, deadline=None)
@given(spots, spots, st.sampled_from(["40", "50", "rect 50x25"]))
def test_corners_remembered_for_one_base_are_not_handed_to_another(start, dest, other_base):
    """Detour points round a palisade are remembered per table under the base's offset: a
    wider base asking on the same table gets its own, and the route a fresh table gives."""
    table = Table(SCENARIO)
    small = _cards_mover(table, start)
    small.route(dest)
    for piece in table.impassable:
        assert small._corners(("terrain", piece.index)) == sweeps.round_corners(
            piece.outline, small.radius + paths.CLEARANCE)
    wide = _cards_mover(table, start, other_base)
    assert wide.route(dest) == _cards_mover(Table(SCENARIO), start, other_base).route(dest)
