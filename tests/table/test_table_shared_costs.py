"""A segment's cost is the terrain's alone, so it is kept per table and shared by every mover
(paths.Mover.segment_cost): whatever base, facing or enemies asked first, each answer is the
long way's, the segment's length with its stretches in difficult terrain counted twice."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import polygons
from game.table import Table, paths, sweeps

from .conftest import model, state
from .test_paths_box_tests import SCENARIO, spots


def _long_way(table, start, end):
    inside = polygons.merge_intervals([interval for piece in table.difficult
                                       for interval in polygons.inside_intervals(
                                           start, end, piece.outline)])
    return math.dist(start, end) * (1.0 + sum(t1 - t0 for t0, t1 in inside))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(spots, spots), min_size=1, max_size=12),
       st.sampled_from(["25", "40", "rect 50x25", "oval 60x35"]), st.sampled_from([0.0, 45.0]))
def test_every_mover_reads_the_tables_segment_costs_and_they_are_the_long_ways(
        segments, base, facing):
    table = Table(SCENARIO)
    first = model("first", 10.0, 10.0, base, 0, facing=facing)
    enemy = model("enemy", 30.0, 30.0, "32", 1)
    other = model("other", 40.0, 5.0, "rect 60x30", 1, facing=90.0)
    s = state([first, enemy, other], terrain_pieces=SCENARIO.terrain)
    movers = [paths.Mover(table, s, first), paths.Mover(table, s, other),
              paths.Mover(table, s, first).narrowed([])]
    for i, (start, end) in enumerate(segments + segments[::-1]):
        asked = movers[i % len(movers)].segment_cost(start, end)
        assert asked == _long_way(table, start, end)
    assert movers[0]._costs is table.cost_cache


def _walked_the_long_way(table, path, budget):
    """Where `budget` inches along the path end, walking leg by leg from the start."""
    for start, end in zip(path, path[1:], strict=False):
        length = math.dist(start, end)
        cost = _long_way(table, start, end)
        if budget >= cost:
            budget -= cost
            continue
        inside = polygons.merge_intervals([interval for piece in table.difficult
                                           for interval in polygons.inside_intervals(
                                               start, end, piece.outline)])
        t = sweeps.parameter_for_cost(inside, length, budget)
        return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
    return path[-1]


@settings(max_examples=150, deadline=None)
@given(st.lists(spots, min_size=1, max_size=6),
       st.lists(st.floats(0.0, 80.0), min_size=1, max_size=8))
def test_a_paths_walker_ends_where_a_walk_from_the_start_does(path, budgets):
    table = Table(SCENARIO)
    me = model("me", path[0][0], path[0][1], "32", 0)
    mover = paths.Mover(table, state([me], terrain_pieces=SCENARIO.terrain), me)
    walk = mover.walker(path)
    for budget in budgets:
        expected = _walked_the_long_way(table, path, budget)
        assert walk(budget) == expected
        assert mover.point_at(path, budget) == expected
