"""A segment's cost is the terrain's alone, so it is kept per table and shared by every mover
(paths.Mover.segment_cost): whatever base, facing or enemies asked first, each answer is the
long way's, the segment's length with its stretches in difficult terrain counted twice."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import polygons
from game.table import Table, paths

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
