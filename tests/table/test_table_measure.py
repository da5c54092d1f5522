"""Measuring on the table: edge-to-edge distances (common rules, "The table"), contact, line
of sight ("Terrain": obscuring blocks sight through it, not into it)."""

import math

import pytest

from game.core.geometry import CONTACT_TOLERANCE
from game.table import Table

from .conftest import box, model, state, table_and_state, terrain, unit_of

MM = 25.4


def r_mm(mm):
    return mm / MM / 2


def test_table_size_comes_from_the_scenario():
    table = Table(state([], width=60, height=44).scenario)
    assert (table.width, table.height) == (60.0, 44.0)


def test_circle_to_circle_is_centre_distance_minus_radii():
    table, s = table_and_state([model("a", 10, 10, "32"), model("b", 13, 14, "25", side=1)])
    expected = 5 - r_mm(32) - r_mm(25)
    assert table.distance(s.models["a"], s.models["b"]) == pytest.approx(expected, abs=1e-3)


def test_overlapping_or_touching_bases_are_at_distance_zero():
    table, s = table_and_state([model("a", 10, 10, "32"), model("b", 10.5, 10, "32")])
    assert table.distance(s.models["a"], s.models["b"]) == 0.0


def test_circle_to_rect_face_and_corner():
    # rect 50x25: width 50 mm along the front, depth 25 mm along the facing (+x at facing 0)
    rect = model("r", 10, 10, "rect 50x25", side=1)
    face = model("c1", 13, 10, "25")
    corner_x, corner_y = 10 + r_mm(25) * 1, 10 + r_mm(50)  # half depth, half width
    diagonal = model("c2", corner_x + 3, corner_y + 4, "25")
    table, s = table_and_state([rect, face, diagonal])
    assert table.distance(face, rect) == pytest.approx(3 - r_mm(25) - r_mm(25), abs=1e-3)
    assert table.distance(rect, diagonal) == pytest.approx(5 - r_mm(25), abs=1e-3)


def test_rect_turned_to_face_down_the_map_measures_its_width_along_x():
    rect = model("r", 10, 10, "rect 50x25", side=1, facing=90)
    circle = model("c", 13, 10, "25")
    table, _ = table_and_state([rect, circle])
    assert table.distance(rect, circle) == pytest.approx(3 - r_mm(50) - r_mm(25), abs=1e-3)


def test_rotated_rect_corner_to_rect_face():
    # a 40x40 square turned 45 degrees points a corner (half-diagonal away) at a 40x20 face
    square = model("sq", 10, 10, "rect 40x40", facing=45)
    slab = model("sl", 14, 10, "rect 40x20", side=1)
    table, _ = table_and_state([square, slab])
    expected = (14 - 20 / MM / 2) - (10 + 40 / MM / 2 * math.sqrt(2))
    assert table.distance(square, slab) == pytest.approx(expected, abs=1e-3)
    assert table.distance(slab, square) == pytest.approx(expected, abs=1e-3)


def test_two_rects_facing_each_other_along_a_diagonal():
    front = model("f", 10, 10, "rect 40x40", facing=45)
    rear = model("r", 13, 13, "rect 40x20", side=1, facing=45)
    table, _ = table_and_state([front, rear])
    expected = 3 * math.sqrt(2) - 40 / MM / 2 - 20 / MM / 2
    assert table.distance(front, rear) == pytest.approx(expected, abs=1e-3)


def test_overlapping_rects_are_at_distance_zero():
    table, s = table_and_state([model("a", 10, 10, "rect 40x40", facing=30),
                                model("b", 11, 10.5, "rect 40x20", side=1, facing=80)])
    assert table.distance(s.models["a"], s.models["b"]) == 0.0


def test_oval_depth_runs_along_the_facing_and_width_across_it():
    oval = model("o", 10, 10, "oval 60x35")  # faces +x: 35 mm along x, 60 mm along y
    ahead = model("a", 14, 10, "32", side=1)
    beside = model("b", 10, 14, "32", side=1)
    table, _ = table_and_state([oval, ahead, beside])
    assert table.distance(oval, ahead) == pytest.approx(4 - r_mm(35) - r_mm(32), abs=1e-3)
    assert table.distance(oval, beside) == pytest.approx(4 - r_mm(60) - r_mm(32), abs=1e-3)


def test_oval_to_oval_tip_to_tip():
    one = model("a", 10, 10, "oval 60x35", facing=90)   # long axis along x
    two = model("b", 15, 10, "oval 75x42", side=1)      # short axis along x
    table, _ = table_and_state([one, two])
    assert table.distance(one, two) == pytest.approx(5 - r_mm(60) - r_mm(42), abs=1e-3)


def test_contact_is_within_the_tolerance_and_not_beyond():
    assert CONTACT_TOLERANCE == 0.02
    a = model("a", 10, 10, "25.4")  # radius exactly 0.5"
    touching = model("b", 11.02, 10, "25.4", side=1)
    apart = model("c", 10, 11.03, "25.4", side=1)
    table, _ = table_and_state([a, touching, apart])
    assert table.in_contact(a, touching)
    assert not table.in_contact(a, apart)


def test_contact_between_rect_fronts():
    a = model("a", 10, 10, "rect 25x25")
    b = model("b", 10 + 25 / MM + 0.01, 10, "rect 25x25", side=1, facing=180)
    table, _ = table_and_state([a, b])
    assert table.in_contact(a, b)


def test_unit_distance_is_the_closest_pair_of_living_models():
    near = unit_of("a", 0, [(10, 10), (12, 10), (14, 10)])
    far = unit_of("b", 1, [(10, 20), (14, 15), (20, 20)])
    table, s = table_and_state(near + far)
    assert table.unit_distance(s, "a", "b") == pytest.approx(5 - 2 * r_mm(32), abs=1e-3)
    s.models["b2"].alive = False
    assert table.unit_distance(s, "a", "b") == pytest.approx(10 - 2 * r_mm(32), abs=1e-3)
    for m in far:
        m.alive = False
    assert table.unit_distance(s, "a", "b") == math.inf


def test_point_distance_from_base_edges():
    circle = model("c", 10, 10, "32")
    rect = model("r", 20, 20, "rect 50x25")
    table, _ = table_and_state([circle, rect])
    assert table.point_distance(circle, (13, 14)) == pytest.approx(5 - r_mm(32), abs=1e-3)
    assert table.point_distance(circle, (10.1, 10)) == 0.0
    assert table.point_distance(rect, (23, 20)) == pytest.approx(3 - r_mm(25), abs=1e-3)
    assert table.point_distance(rect, (20, 20)) == 0.0


def test_copied_states_are_measured_where_their_models_stand():
    # one table, many states: the cached shape must follow each state's pose
    table, s = table_and_state([model("a", 10, 10, "rect 40x20"),
                                model("b", 15, 10, "rect 40x20", side=1)])
    first = table.distance(s.models["a"], s.models["b"])
    moved = s.copy()
    moved.models["b"].x = 20
    moved.models["b"].facing = 90
    assert table.distance(moved.models["a"], moved.models["b"]) == pytest.approx(
        10 - 20 / MM / 2 - 40 / MM / 2, abs=1e-3)
    assert table.distance(s.models["a"], s.models["b"]) == pytest.approx(first)


# --- line of sight ---------------------------------------------------------------------------
WALL = terrain("obscuring", box(20, 4, 21, 44), "wall")


def test_obscuring_wall_blocks_sight():
    shooter, target = model("s", 10, 24), model("t", 30, 24, side=1)
    table, s = table_and_state([shooter, target], terrain_pieces=[WALL])
    assert not table.line_of_sight(s, shooter, target)
    assert not table.line_of_sight(s, target, shooter)


def test_open_ground_and_other_terrain_kinds_do_not_block():
    shooter, target = model("s", 10, 24), model("t", 30, 24, side=1)
    rough = terrain("difficult, cover", box(20, 4, 21, 44))
    table, s = table_and_state([shooter, target], terrain_pieces=[rough])
    assert table.line_of_sight(s, shooter, target)


def test_sight_past_a_pillar_that_hides_only_the_centre_line():
    pillar = terrain("obscuring", box(20, 23.9, 21, 24.1))
    shooter, target = model("s", 10, 24), model("t", 30, 24, side=1)
    table, s = table_and_state([shooter, target], terrain_pieces=[pillar])
    assert table.line_of_sight(s, shooter, target)


def test_shooter_inside_obscuring_terrain_sees_out():
    wood = terrain("obscuring", box(8, 20, 21, 28), "wood")
    shooter, target = model("s", 10, 24), model("t", 30, 24, side=1)
    table, s = table_and_state([shooter, target], terrain_pieces=[wood])
    assert table.line_of_sight(s, shooter, target)
    assert table.line_of_sight(s, target, shooter)


def test_sight_into_but_not_through_obscuring_terrain():
    wood = terrain("obscuring", box(18, 20, 28, 28), "wood")
    shooter = model("s", 10, 24)
    inside = model("t", 26, 24, side=1)
    beyond = model("u", 36, 24, side=1)
    table, s = table_and_state([shooter, inside, beyond], terrain_pieces=[wood])
    assert table.line_of_sight(s, shooter, inside)
    assert not table.line_of_sight(s, shooter, beyond)


def test_concave_obscuring_outline_blocks_only_where_it_is():
    # an L-shaped ruin: its notch leaves a clear view, its arm blocks another
    ruin = terrain("obscuring", [(20, 10), (30, 10), (30, 12), (22, 12), (22, 30), (20, 30)])
    shooter = model("s", 26, 20)
    through_notch = model("t", 28, 25, side=1)
    behind_arm = model("u", 26, 5, side=1)
    table, s = table_and_state([shooter, through_notch, behind_arm], terrain_pieces=[ruin])
    assert table.line_of_sight(s, shooter, through_notch)
    assert not table.line_of_sight(s, shooter, behind_arm)


@pytest.mark.parametrize("spelled", ["vehicle", "Vehicle", "VEHICLE"])
def test_a_vehicle_between_blocks_sight_but_an_infantry_model_does_not(spelled):
    """Common rules, line of sight: a third model's base of the vehicle type blocks it, however
    the ruleset's data spells the type (legions' says "Vehicle")."""
    shooter, target = model("s", 10, 24), model("t", 20, 24, side=1)
    tank = model("v", 15, 24, "rect 120x100", side=1, kind=spelled, facing=90)
    table, s = table_and_state([shooter, target, tank])
    assert not table.line_of_sight(s, shooter, target)
    assert table.line_of_sight(s, shooter, tank)  # the vehicle itself can be seen
    s.models["v"].profile = model("x", 0, 0, kind="infantry").profile
    assert table.line_of_sight(s, shooter, target)


def test_a_dead_vehicle_does_not_block():
    shooter, target = model("s", 10, 24), model("t", 20, 24, side=1)
    tank = model("v", 15, 24, "100", side=1, kind="vehicle")
    table, s = table_and_state([shooter, target, tank])
    assert not table.line_of_sight(s, shooter, target)
    s.models["v"].alive = False
    assert table.line_of_sight(s, shooter, target)


def test_distances_built_with_trigonometry_measure_as_written():
    # 12" apart edge to edge, the second base placed by a turn through 180 degrees
    a = model("a", 10.0, 22.0)
    angle = math.radians(180.0)
    b = model("b", 10.0 - (12.0 + 2 * r_mm(32)) * math.cos(angle),
              22.0 - (12.0 + 2 * r_mm(32)) * math.sin(angle), side=1)
    table, _ = table_and_state([a, b])
    assert table.distance(a, b) == 12.0


def test_the_radius_of_a_round_base_is_half_its_width_to_the_last_bit():
    """`radius` spells the round case out for speed: it must be the very float width / 2."""
    from game.core.state import BaseShape
    from game.table.measure import radius

    class _Model:
        pass

    model = _Model()
    for size in [x / 2 for x in range(1, 400)]:
        model.base = BaseShape("round", size, size)
        assert radius(model) == model.base.width / 2
    model.base = BaseShape("rect", 25, 50)
    assert radius(model) == model.base.radius
