"""The table remembers paths, straight moves and end checks (issue 13: engine speed). A
remembered answer must be the one a fresh table gives, and must change as soon as anything it
depends on moves: these tests ask once, change the board, and ask again."""

from __future__ import annotations

import itertools

import pytest

from game.table import Table
from game.table.measure import distance

from .conftest import box, model, table_and_state, terrain, unit_of


def test_a_remembered_path_changes_when_the_blocking_enemy_moves():
    mover, enemy = model("m", 10, 10), model("e", 15, 10, side=1)
    table, s = table_and_state([mover, enemy])
    round_it = table.path_length(s, mover, (20, 10))
    assert round_it > 10.0 + 1e-6  # the enemy is in the way
    s.models["e"].y = 30.0
    assert table.path_length(s, mover, (20, 10)) == pytest.approx(10.0)
    s.models["e"].y = 10.0
    assert table.path_length(s, mover, (20, 10)) == round_it
    assert Table(s.scenario).path_length(s, mover, (20, 10)) == round_it  # as a fresh table


def test_a_remembered_path_round_terrain_is_the_fresh_one_for_another_model_too():
    wall = terrain("impassable", box(14, 5, 16, 15))
    first, second = model("a", 10, 10), model("b", 10, 10, unit="u2")
    table, s = table_and_state([first, second], terrain_pieces=[wall])
    one = table.path_length(s, first, (20, 10))
    assert one > 10.0 + 1e-6
    assert table.path_length(s, second, (20, 10)) == one
    assert Table(s.scenario).path_length(s, second, (20, 10)) == one


def test_a_remembered_straight_move_changes_when_an_enemy_steps_in_front():
    squad = unit_of("m", 0, [(10, 10), (10, 12)])
    far = unit_of("e", 1, [(40, 40)])
    table, s = table_and_state(squad + far)
    free = table.move_toward(s, "m", (30, 11), 5.0, keep_away=1.0)
    s.models["e1"].x, s.models["e1"].y = 16.0, 10.0
    blocked = table.move_toward(s, "m", (30, 11), 5.0, keep_away=1.0)
    assert blocked != free
    assert blocked == Table(s.scenario).move_toward(s, "m", (30, 11), 5.0, keep_away=1.0)


def test_a_far_model_does_not_change_a_straight_move():
    squad = unit_of("m", 0, [(10, 10), (10, 12)])
    far = unit_of("e", 1, [(40, 40)])
    table, s = table_and_state(squad + far)
    before = table.move_toward(s, "m", (30, 11), 5.0)
    s.models["e1"].x = 44.0
    assert table.move_toward(s, "m", (30, 11), 5.0) == before


def test_an_answer_handed_out_cannot_be_spoiled_by_its_caller():
    squad = unit_of("m", 0, [(10, 10), (10, 12)])
    table, s = table_and_state(squad)
    first = table.move_toward(s, "m", (30, 11), 5.0)
    expected = dict(first)
    first["m1"] = (0.0, 0.0)
    assert table.move_toward(s, "m", (30, 11), 5.0) == expected


def test_a_remembered_end_check_names_the_model_now_in_the_way():
    squad = unit_of("m", 0, [(10, 10), (10, 12)])
    other = model("x", 30, 30, side=1, name="Brute")
    table, s = table_and_state(squad + [other])
    dest = {"m1": (20.0, 20.0), "m2": (20.0, 22.0)}
    assert table.placement_problem(s, dest) is None
    s.models["x"].x, s.models["x"].y = 20.5, 20.0
    assert "Brute" in table.placement_problem(s, dest)
    s.models["x"].alive = False
    assert table.placement_problem(s, dest) is None


@pytest.mark.parametrize("bases", [("32", "32"), ("rect 40x20", "32"), ("rect 40x20", "oval 60x35")])
def test_unit_distance_is_the_least_distance_of_any_two_models(bases):
    mine = unit_of("a", 0, [(10, 10), (12, 14), (9, 17)], base=bases[0])
    theirs = unit_of("b", 1, [(20, 11), (23, 16), (19, 21)], base=bases[1])
    for i, m in enumerate(mine + theirs):
        m.facing = 17.0 * i
    table, s = table_and_state(mine + theirs)
    least = min(distance(table, a, b) for a, b in itertools.product(mine, theirs))
    assert table.unit_distance(s, "a", "b") == least
    assert table.unit_distance(s, "b", "a") == least
