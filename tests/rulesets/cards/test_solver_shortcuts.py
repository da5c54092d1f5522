"""The charge solver's cheap ways (solver.py) against the exact long way: the terrain test that
skips pieces by their box, and the open-ground path asked on a view without the enemy instead
of a state copy with the enemy removed. Random points and positions on the cards map."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.geometry import CONTACT_TOLERANCE
from game.core.polygons import edge_distance, point_in_polygon
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.cards import solver
from game.table.space import Table
from tests.rulesets.cards.battle import Battle, column, stand

SCENARIO = load_scenario(default_map_for("cards"))


def _long_way(terrain, point, reach, kind):
    return any(kind in piece.kinds and (edge_distance(point, piece.polygon) <= reach
                                        or point_in_polygon(point, list(piece.polygon)))
               for piece in terrain)


class _Holder:
    def __init__(self, scenario):
        self.scenario = scenario


@settings(max_examples=600, deadline=None)
@given(st.integers(0, len(SCENARIO.terrain) - 1), st.integers(0, 21), st.floats(-5.0, 5.0),
       st.floats(-5.0, 5.0), st.floats(0.0, 4.0),
       st.sampled_from(["difficult", "impassable", "cover"]))
def test_terrain_within_by_boxes_is_the_edge_by_edge_answer(index, corner, dx, dy, reach, kind):
    """Points round a piece's corners (where boxes and reaches meet), every kind asked."""
    polygon = SCENARIO.terrain[index].polygon
    vx, vy = polygon[corner % len(polygon)]
    point = (vx + dx, vy + dy)
    s = _Holder(SCENARIO)
    assert solver._terrain_within(s, point, reach, kind) == _long_way(
        SCENARIO.terrain, point, reach, kind)


def test_terrain_within_at_a_box_edge_and_a_corner():
    """Points exactly a reach away from a piece's box, and on its outline, answer as measured."""
    s = _Holder(SCENARIO)
    for piece in SCENARIO.terrain:
        for kind in piece.kinds:
            for vx, vy in piece.polygon:
                for point, reach in (((vx, vy), 0.0), ((vx - 1.0, vy), 1.0),
                                     ((vx, vy + 0.5), 0.5), ((vx + 2.0, vy - 2.0), 1.0)):
                    assert solver._terrain_within(s, point, reach, kind) == _long_way(
                        SCENARIO.terrain, point, reach, kind)


def _copied_ground(s, geo, model, point):
    """The long way: a whole copy of the state with every enemy figure removed."""
    ground = s.copy()
    for m in ground.models.values():
        if m.side != model.side:
            m.alive = False
    return geo.path_length(ground, ground.models[model.id], point)


@settings(max_examples=40, deadline=None)
@given(st.floats(2.0, 46.0), st.floats(2.0, 46.0), st.floats(2.0, 46.0), st.floats(2.0, 46.0),
       st.floats(-8.0, 8.0), st.floats(-8.0, 8.0))
def test_open_ground_path_on_a_view_is_the_path_on_a_copy_without_the_enemy(
        x0, y0, x1, y1, dx, dy):
    b = Battle([("Column", "garrison_column", ["militia"]),
                ("War Party", "frontier_war_party", ["militia"])], SCENARIO.terrain)
    stand(b, "s0u0", column(x0, min(y0, 40.0), 4))
    stand(b, "s1u0", column(x1, min(y1, 40.0), 4))
    s = b.state
    model = s.models["s0u0m0"]
    point = (min(max(model.x + dx, 1.0), 47.0), min(max(model.y + dy, 1.0), 47.0))
    long_way = _copied_ground(s, Table(b.scenario), model, point)
    # a table of its own: nothing remembered from the long way's search
    assert solver.open_ground_path(s, Table(b.scenario), model, point) == long_way
    assert all(m.alive for m in s.models.values())  # the view changed nothing


def _near_the_long_way(s, unit_id, reach, keep):
    """Every living figure of the unit or `keep`, and any whose base comes within reach (edge
    to edge, with the margin) of one of the unit's, measured pair by pair."""
    mine = s.alive_models(unit_id)
    out = []
    for m in s.models.values():
        if not m.alive:
            continue
        if m.unit == unit_id or m.id in keep or m.unit in keep or any(
                math.dist((m.x, m.y), (o.x, o.y)) <= reach + m.base.radius + o.base.radius
                + CONTACT_TOLERANCE + solver.MARGIN for o in mine):
            out.append(m.id)
    return sorted(out)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.floats(1.0, 47.0), st.floats(1.0, 40.0)), min_size=3,
                max_size=3), st.floats(0.0, 12.0), st.booleans())
def test_the_figures_near_a_unit_are_those_measured_pair_by_pair(corners, reach, keep_one):
    b = Battle([("Column", "garrison_column", ["militia", "militia"]),
                ("War Party", "frontier_war_party", ["militia"])])
    for unit_id, (x, y) in zip(("s0u0", "s0u1", "s1u0"), corners, strict=True):
        stand(b, unit_id, column(x, y, 4))
    s = b.state
    s.models["s1u0m3"].alive = False
    keep = {"s0u1"} if keep_one else set()
    assert solver.local_ids(s, "s0u0", reach, keep) == _near_the_long_way(s, "s0u0", reach, keep)


def _copied_trial(s, ids):
    """The long way: a whole copy of the state with every other living figure removed."""
    trial = s.copy()
    for m in trial.models.values():
        if m.alive and m.id not in ids:
            m.alive = False
    return trial


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(2.0, 46.0), st.floats(2.0, 40.0)), min_size=3,
                max_size=3), st.sampled_from([0.01, 1.05]), st.booleans())
def test_a_charge_solved_on_the_view_is_the_one_solved_on_a_copy(corners, stop_at, avoid):
    """On the cards map (palisades, woods, creeks): the view the table solves on gives the
    answer a copy without the far figures gives, and the position itself is left as it was."""
    b = Battle([("Column", "garrison_column", ["militia", "militia"]),
                ("War Party", "frontier_war_party", ["militia"])], SCENARIO.terrain)
    for unit_id, (x, y) in zip(("s0u0", "s0u1", "s1u0"), corners, strict=True):
        stand(b, unit_id, column(x, y, 4))
    s = b.state
    before = {m.id: (m.x, m.y, m.alive) for m in s.models.values()}
    avoided = ["s1u0"] if avoid else []
    reach = 6.0 + (1.0 if avoid else 0.0)
    ids = solver.local_ids(s, "s0u0", reach, {"s1u0"})
    expected = Table(b.scenario).approach(_copied_trial(s, ids), "s0u0", ["s1u0"], 6.0, stop_at,
                                          avoid=avoided, avoid_range=1.0 if avoid else 0.0)
    found = solver.approach(s, Table(b.scenario), "s0u0", ["s1u0"], 6.0, stop_at,
                            avoided, 1.0 if avoid else 0.0)
    assert found == expected
    assert {m.id: (m.x, m.y, m.alive) for m in s.models.values()} == before
