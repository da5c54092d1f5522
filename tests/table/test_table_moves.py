"""Moving on the table (common rules, "The table" and "Terrain"): paths pass friends but not
enemies or impassable terrain, difficult terrain costs double, end positions never overlap,
and the formation and charge/pile-in solvers respect all of it."""

import math

import pytest

from game.core.geometry import CONTACT_TOLERANCE

from .conftest import box, model, table_and_state, terrain, unit_of

R32 = 32 / 25.4 / 2


# --- path_length -----------------------------------------------------------------------------
def test_open_ground_path_is_the_straight_line():
    mover = model("m", 10, 10)
    table, s = table_and_state([mover])
    assert table.path_length(s, mover, (13, 14)) == pytest.approx(5.0)
    assert table.path_length(s, mover, (10, 10)) == 0.0


def test_path_goes_round_an_enemy_base():
    mover, enemy = model("m", 10, 10), model("e", 15, 10, side=1)
    table, s = table_and_state([mover, enemy])
    length = table.path_length(s, mover, (20, 10))
    # the true shortest path hugs a circle of radius 2 * R32 round the enemy's centre
    hug = 2 * R32
    tangent = math.sqrt(25 - hug * hug)
    geodesic = 2 * tangent + hug * (math.pi - 2 * math.acos(hug / 5))
    assert geodesic - 1e-6 <= length <= geodesic * 1.02
    cost, path = table.route(s, mover, (20, 10))
    assert cost == length and path[0] == (10, 10) and path[-1] == (20, 10) and len(path) > 2


def test_friends_may_be_passed_through():
    mover, friend = model("m", 10, 10), model("f", 15, 10, side=0, unit="other")
    table, s = table_and_state([mover, friend])
    assert table.path_length(s, mover, (20, 10)) == pytest.approx(10.0)


def test_difficult_terrain_counts_double():
    strip = terrain("difficult", box(14, 0, 16, 48), "stream")
    mover = model("m", 10, 10)
    table, s = table_and_state([mover], terrain_pieces=[strip])
    assert table.path_length(s, mover, (20, 10)) == pytest.approx(12.0, abs=1e-9)
    assert table.path_length(s, mover, (15, 10)) == pytest.approx(6.0, abs=1e-9)


def test_a_path_round_a_small_patch_of_difficult_terrain_is_cheaper_than_through_it():
    patch = terrain("difficult", box(14, 9, 16, 11), "bog")
    mover = model("m", 10, 10)
    table, s = table_and_state([mover], terrain_pieces=[patch])
    length = table.path_length(s, mover, (20, 10))
    assert 10.0 < length < 12.0


def test_no_path_into_impassable_terrain_but_a_way_round_it():
    rock = terrain("impassable", box(14, 8, 16, 12), "rock")
    mover = model("m", 10, 10)
    table, s = table_and_state([mover], terrain_pieces=[rock])
    assert table.path_length(s, mover, (15, 10)) is None
    around = table.path_length(s, mover, (20, 10))
    assert around is not None and 10.0 < around < 12.0


def test_no_path_off_the_table_or_through_a_wall_of_impassable_terrain():
    cliff = terrain("impassable", box(14, 0, 16, 48), "cliff")
    mover = model("m", 10, 10)
    table, s = table_and_state([mover], terrain_pieces=[cliff])
    assert table.path_length(s, mover, (20, 10)) is None
    assert table.path_length(s, mover, (10, 47.9)) is None


def test_no_path_through_a_closed_ring_of_enemies():
    ring = [(20 + 2.4 * math.cos(a * math.pi / 4), 20 + 2.4 * math.sin(a * math.pi / 4))
            for a in range(8)]
    mover = model("m", 20, 20)
    enemies = unit_of("e", 1, ring, base="50")
    table, s = table_and_state([mover] + enemies)
    assert table.path_length(s, mover, (30, 20)) is None


def test_rect_bases_go_round_enemies_too():
    mover = model("m", 10, 10, "rect 50x25")
    enemy = model("e", 15, 10, "rect 50x25", side=1)
    table, s = table_and_state([mover, enemy])
    length = table.path_length(s, mover, (20, 10))
    assert length is not None and length > 10.0


def test_rect_may_end_in_contact_with_an_enemy_front():
    mover = model("m", 10, 10, "rect 25x25")
    enemy = model("e", 15, 10, "rect 25x25", side=1, facing=180)
    table, s = table_and_state([mover, enemy])
    contact_x = 15 - 25 / 25.4
    assert table.path_length(s, mover, (contact_x, 10)) == pytest.approx(contact_x - 10)


# --- placement_problem -----------------------------------------------------------------------
def test_placement_reports_overlap_by_name():
    brutes = unit_of("b", 1, [(20, 20)], name="Brute")
    marines = unit_of("m", 0, [(10, 10)], name="Marine")
    table, s = table_and_state(brutes + marines)
    assert table.placement_problem(s, {"b1": (10.8, 10)}) == "Brute 1 would overlap Marine 1"
    assert table.placement_problem(s, {"b1": (10 + 2 * R32, 10)}) is None  # touching is fine


def test_placement_checks_moved_models_against_each_other():
    marines = unit_of("m", 0, [(10, 10), (14, 10)], name="Marine")
    table, s = table_and_state(marines)
    assert table.placement_problem(s, {"m1": (20, 20), "m2": (20.5, 20)}) is not None
    assert table.placement_problem(s, {"m1": (14, 10), "m2": (10, 10)}) is None


def test_placement_off_the_table_and_in_impassable_terrain():
    rock = terrain("impassable", box(30, 30, 34, 34), "rock")
    table, s = table_and_state(unit_of("m", 0, [(10, 10)], name="Marine"),
                               terrain_pieces=[rock])
    assert "off the table" in table.placement_problem(s, {"m1": (0.3, 10)})
    assert "off the table" in table.placement_problem(s, {"m1": (10, 47.9)})
    assert "rock" in table.placement_problem(s, {"m1": (30.2, 32)})
    assert table.placement_problem(s, {"m1": (30 - R32, 32)}) is None  # touching the rock
    assert table.placement_problem(s, {"m1": (R32, 10)}) is None      # touching the edge


def test_placement_ignores_the_dead():
    table, s = table_and_state(unit_of("m", 0, [(10, 10)]) + unit_of("e", 1, [(20, 20)]))
    s.models["e1"].alive = False
    assert table.placement_problem(s, {"m1": (20, 20)}) is None


# --- move_toward -----------------------------------------------------------------------------
def _moved(table, s, dest):
    return {i: p for i, p in dest.items() if p != s.models[i].pos}


def test_move_toward_keeps_formation_and_allowance():
    squad = unit_of("m", 0, [(10, 10 + 1.5 * i) for i in range(5)])
    table, s = table_and_state(squad)
    dest = table.move_toward(s, "m", (30, 13), 6.0)
    assert set(dest) == {m.id for m in squad}
    for m in squad:
        assert math.dist(m.pos, dest[m.id]) == pytest.approx(6.0)
        assert table.path_length(s, m, dest[m.id]) <= 6.0 + 1e-9
    assert table.placement_problem(s, dest) is None


def test_move_toward_never_passes_the_point():
    squad = unit_of("m", 0, [(10, 10), (10, 12)])
    table, s = table_and_state(squad)
    dest = table.move_toward(s, "m", (13, 11), 6.0)
    for m in squad:
        assert dest[m.id][0] == pytest.approx(13.0)


def test_move_toward_stops_before_an_enemy_and_keeps_away():
    squad = unit_of("m", 0, [(10, 10), (10, 12)])
    enemy = unit_of("e", 1, [(16, 10)])
    table, s = table_and_state(squad + enemy)
    dest = table.move_toward(s, "m", (30, 11), 5.0, keep_away=1.0)
    assert table.placement_problem(s, dest) is None
    for m in squad:
        moved = s.models[m.id].copy()
        moved.x, moved.y = dest[m.id]
        assert table.distance(moved, s.models["e1"]) > 1.0
        assert table.path_length(s, m, dest[m.id]) <= 5.0 + 1e-9
    # the model in front of the enemy cannot get round it in 5", so it halts at the 1" limit
    blocked = s.models["m1"].copy()
    blocked.x, blocked.y = dest["m1"]
    assert table.distance(blocked, s.models["e1"]) == pytest.approx(1.0, abs=0.01)


def test_move_toward_with_a_crowd_never_overlaps():
    crowd = unit_of("m", 0, [(10 + 1.4 * (i % 5), 10 + 1.4 * (i // 5)) for i in range(15)])
    wall = unit_of("e", 1, [(20 + 1.3 * i, 14) for i in range(6)])
    table, s = table_and_state(crowd + wall)
    dest = table.move_toward(s, "m", (26, 30), 8.0)
    assert table.placement_problem(s, dest) is None
    for m in crowd:
        assert table.path_length(s, m, dest[m.id]) <= 8.0 + 1e-9


def test_move_toward_stays_on_the_table():
    squad = unit_of("m", 0, [(3, 10), (3, 12)])
    table, s = table_and_state(squad)
    dest = table.move_toward(s, "m", (-20, 11), 6.0)
    assert table.placement_problem(s, dest) is None
    assert all(x == pytest.approx(R32, abs=0.01) for x, _ in dest.values())


# --- approach --------------------------------------------------------------------------------
def _charge_setup(extra=()):
    chargers = unit_of("c", 0, [(10 + 1.4 * i, 10 + 1.4 * j) for j in range(2) for i in range(5)])
    # the ranks facing each other are 7" apart, edge to edge
    target = unit_of("t", 1, [(10 + 1.4 * i, 11.4 + 7 + 2 * R32) for i in range(5)])
    return table_and_state(chargers + target + list(extra))


def test_charge_brings_the_whole_unit_in():
    table, s = _charge_setup()
    assert table.unit_distance(s, "c", "t") == pytest.approx(7.0)
    dest = table.approach(s, "c", ["t"], 9.0, 1.0)
    assert table.placement_problem(s, dest) is None
    targets = s.alive_models("t")
    closest = []
    for m in s.alive_models("c"):
        moved = m.copy()
        moved.x, moved.y = dest[m.id]
        gap = min(table.distance(moved, t) for t in targets)
        closest.append(gap)
        assert gap <= 2.0
        assert gap < min(table.distance(m, t) for t in targets)
        assert table.path_length(s, m, dest[m.id]) <= 9.0 + 1e-9
    front_rank = [gap for m, gap in zip(s.alive_models("c"), closest, strict=True)
                  if m.y > 11]
    assert len(front_rank) == 5 and all(gap <= 1.0 for gap in front_rank)


def test_charge_accepts_goal_model_ids_and_stays_clear_of_avoided_units():
    bystanders = unit_of("b", 1, [(24, 17), (25.4, 17)])
    table, s = _charge_setup(bystanders)
    goals = [m.id for m in s.alive_models("t")]
    dest = table.approach(s, "c", goals, 9.0, 1.0, avoid=["b"], avoid_range=1.0)
    assert table.placement_problem(s, dest) is None
    for m in s.alive_models("c"):
        moved = m.copy()
        moved.x, moved.y = dest[m.id]
        assert all(table.distance(moved, b) > 1.0 for b in s.alive_models("b"))
    assert any(dest[m.id] != m.pos for m in s.alive_models("c"))


def test_pile_in_to_base_contact_moves_only_the_named_models():
    table, s = _charge_setup()
    dest = table.approach(s, "c", ["t"], 9.0, CONTACT_TOLERANCE, movers=["c6", "c7"])
    assert {i for i, p in dest.items() if p != s.models[i].pos} == {"c6", "c7"}
    for ident in ("c6", "c7"):
        moved = s.models[ident].copy()
        moved.x, moved.y = dest[ident]
        assert any(table.in_contact(moved, t) for t in s.alive_models("t"))


def test_a_model_out_of_reach_closes_in_but_never_overlaps():
    lone = unit_of("c", 0, [(10, 10)])
    target = unit_of("t", 1, [(30, 10)])
    table, s = table_and_state(lone + target)
    dest = table.approach(s, "c", ["t"], 6.0, 1.0)
    assert dest["c1"] == pytest.approx((16.0, 10.0))


def test_a_model_that_cannot_get_closer_stays():
    cliff = terrain("impassable", box(12, 0, 14, 48))
    lone = unit_of("c", 0, [(10, 10)])
    target = unit_of("t", 1, [(20, 10)])
    table, s = table_and_state(lone + target, terrain_pieces=[cliff])
    dest = table.approach(s, "c", ["t"], 6.0, 1.0)
    assert dest["c1"] == (10, 10)


def test_rect_bases_charge_into_contact():
    blocks = [model(f"c{i}", 10 + 25 / 25.4 * i, 10, "rect 25x25", unit="c", facing=90)
              for i in range(4)]
    foes = [model(f"t{i}", 10 + 25 / 25.4 * i, 15, "rect 25x25", side=1, unit="t", facing=270)
            for i in range(4)]
    table, s = table_and_state(blocks + foes)
    dest = table.approach(s, "c", ["t"], 6.0, CONTACT_TOLERANCE)
    assert table.placement_problem(s, dest) is None
    for m in blocks:
        moved = m.copy()
        moved.x, moved.y = dest[m.id]
        assert any(table.in_contact(moved, t) for t in foes)
        assert table.path_length(s, m, dest[m.id]) <= 6.0 + 1e-9


# --- sweeps are exact for every base shape ---------------------------------------------------
HALF_25 = 25 / 25.4 / 2


@pytest.mark.parametrize(("mover_base", "mover_half", "enemy_base", "enemy_half"), [
    ("rect 25x25", HALF_25, "rect 25x25", HALF_25),
    ("rect 25x25", HALF_25, "32", R32),
    ("32", R32, "rect 25x25", HALF_25),
    ("rect 25x25", HALF_25 * math.sqrt(2), "32", R32),  # turned 45: a corner leads the side
])
def test_a_base_slides_past_an_enemy_it_only_nearly_touches(mover_base, mover_half,
                                                             enemy_base, enemy_half):
    facing = 45.0 if mover_half > HALF_25 * 1.1 else 0.0
    for clearance, passes in ((0.005, True), (-0.1, False)):
        mover = model("m", 10, 10, mover_base, facing=facing)
        enemy = model("e", 15, 10 + mover_half + enemy_half + clearance, enemy_base, side=1)
        table, s = table_and_state([mover, enemy])
        length = table.path_length(s, mover, (20, 10))
        if passes:
            assert length == pytest.approx(10.0)
        else:
            assert length > 10.0


@pytest.mark.parametrize("base", ["rect 25x25", "32", "oval 60x35"])
def test_a_base_slides_along_an_impassable_edge(base):
    half = model("x", 0, 0, base).base.width / 2
    for clearance, passes in ((0.005, True), (-0.1, False)):
        wall = terrain("impassable", box(12, 10 + half + clearance, 18, 20))
        mover = model("m", 10, 10, base)  # facing +x: the width runs along y
        table, s = table_and_state([mover], terrain_pieces=[wall])
        length = table.path_length(s, mover, (20, 10))
        if passes:
            assert length == pytest.approx(10.0)
        else:
            assert length is None or length > 10.0


def test_solvers_leave_the_dead_out_and_ignore_dead_obstacles():
    squad = unit_of("m", 0, [(10, 10), (10, 12), (10, 14)])
    blocker = unit_of("e", 1, [(13, 12)])
    table, s = table_and_state(squad + blocker)
    s.models["m3"].alive = False
    s.models["e1"].alive = False
    dest = table.move_toward(s, "m", (30, 11), 6.0)
    assert set(dest) == {"m1", "m2"}
    assert dest["m2"] == pytest.approx((16.0, 12.0))
    assert table.approach(s, "m", ["e"], 6.0, 1.0) == {"m1": (10, 10), "m2": (10, 12)}


def test_solver_spots_lie_on_the_placement_grid_so_storing_them_changes_nothing():
    # placements are stored rounded to 1/1000" (make_placement): solved spots already are
    table, s = _charge_setup()
    for dest in (table.approach(s, "c", ["t"], 9.0, 1.0),
                 table.move_toward(s, "c", (31.7, 40.3), 5.3, keep_away=1.0)):
        moved = {i: p for i, p in dest.items() if p != s.models[i].pos}
        assert moved
        assert all(p == (round(p[0], 3), round(p[1], 3)) for p in moved.values())
