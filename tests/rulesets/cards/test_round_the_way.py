"""The cheap ways of the move toward the nearest enemy (activation._round_the_way) against the
long way, on the cards map (palisades, woods, creeks): the least cost of a path from or to a
spot in a wood (solver.least_cost) holds for every path the table finds, and skipping the path
search where the bounds say it cannot win offers the very move the search would."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.io.tmx import default_map_for, load_scenario
from game.rulesets.cards import activation, solver
from game.table.space import Table
from tests.rulesets.cards.battle import Battle, column, stand

SCENARIO = load_scenario(default_map_for("cards"))
DIFFICULT = [piece for piece in SCENARIO.terrain if "difficult" in piece.kinds]


def _in_or_near(index, corner, share, dx, dy):
    """A point part-way from a difficult piece's corner to its middle, nudged: in the piece,
    on its outline or just outside it."""
    polygon = DIFFICULT[index].polygon
    mx = sum(x for x, _ in polygon) / len(polygon)
    my = sum(y for _, y in polygon) / len(polygon)
    vx, vy = polygon[corner % len(polygon)]
    return (vx + (mx - vx) * share + dx, vy + (my - vy) * share + dy)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, len(DIFFICULT) - 1), st.integers(0, 21), st.floats(0.0, 1.0),
       st.floats(-1.0, 1.0), st.floats(-1.0, 1.0), st.floats(0.0, 2 * math.pi),
       st.booleans())
def test_no_path_costs_less_than_its_least_cost(index, corner, share, dx, dy, heading, inward):
    """Paths from a spot in or by a wood (or to it) out to a few inches along a heading: the
    table's cost (difficult ground twice) is at least the least cost of their length and the
    depths of both ends."""
    b = Battle([("Column", "garrison_column", ["militia"]),
                ("War Party", "frontier_war_party", ["militia"])], SCENARIO.terrain)
    x, y = _in_or_near(index, corner, share, dx, dy)
    here = (min(max(x, 1.0), 47.0), min(max(y, 1.0), 47.0))
    stand(b, "s1u0", [(1.0, 47.0)])
    s, table = b.state, Table(b.scenario)
    for step in range(1, 17):
        far = 8.0 * step / 16
        there = (min(max(here[0] + math.cos(heading) * far, 1.0), 47.0),
                 min(max(here[1] + math.sin(heading) * far, 1.0), 47.0))
        start, end = (there, here) if inward else (here, there)
        stand(b, "s0u0", [start])
        cost = table.path_length(s, s.models["s0u0m0"], end)
        if cost is not None:
            depth = max(solver.difficult_depth(s, start), solver.difficult_depth(s, end))
            assert cost >= solver.least_cost(math.dist(start, end), depth) - 1e-9


def test_deep_in_a_wood_a_path_out_costs_its_depth_twice():
    b = Battle([("Column", "garrison_column", ["militia"]),
                ("War Party", "frontier_war_party", ["militia"])], SCENARIO.terrain)
    middle = (14.5, 8.0)  # the middle of the Pine wood, more than 4" in
    assert 4.0 < solver.difficult_depth(b.state, middle) < 5.0
    assert solver.difficult_depth(b.state, (24.0, 24.0)) == 0.0  # between the palisades
    assert solver.least_cost(3.0, 4.0) == 6.0
    assert solver.least_cost(5.0, 4.0) == 9.0


def _offered_toward(s, geo, unit_id):
    """What `offered_moves` hands `_round_the_way` for the move toward the nearest enemy."""
    goals = activation.move_goals(s, geo, unit_id)
    goal = next(g for g in goals if g.startswith(activation.TOWARD))
    return geo.move_toward(s, unit_id, goals[goal], activation.allowance(s, unit_id),
                           activation.OFFERED_CLEARANCE)


def _column_at(b, unit_id, point):
    x, y = point
    stand(b, unit_id, column(min(max(x, 1.0), 47.0), min(max(y - 1.8, 1.0), 43.0), 4))


@settings(max_examples=50, deadline=None)
@given(st.integers(0, len(DIFFICULT) - 1), st.integers(0, 21), st.floats(0.3, 1.0),
       st.integers(0, len(DIFFICULT) - 1), st.floats(2.0, 46.0), st.floats(2.0, 40.0),
       st.booleans())
def test_skipping_the_search_offers_what_the_search_would(index, corner, share, other, x, y,
                                                          enemy_in_wood):
    """A unit in or by a wood (where the bounds may prove the search useless), the enemy
    anywhere or in a wood too: the move toward the nearest enemy with the bounds is the move
    the path search without them gives."""
    b = Battle([("Column", "garrison_column", ["militia"]),
                ("War Party", "frontier_war_party", ["militia"])], SCENARIO.terrain)
    _column_at(b, "s0u0", _in_or_near(index, corner, share, 0.0, 0.0))
    _column_at(b, "s1u0", _in_or_near(other, corner + 3, share, 0.0, 0.0) if enemy_in_wood
               else (x, y))
    s = b.state
    geo = solver.local(Table(b.scenario))
    dest = _offered_toward(s, geo, "s0u0")

    def check(where):
        return activation.offered_problem(s, geo, "s0u0", where)

    fast = activation._round_the_way(s, geo, "s0u0", dest, check)
    bounds = activation._none_nearer
    activation._none_nearer = lambda *args: False  # never proves anything: the long way
    try:
        slow = activation._round_the_way(s, geo, "s0u0", dest, check)
    finally:
        activation._none_nearer = bounds
    assert fast == slow
