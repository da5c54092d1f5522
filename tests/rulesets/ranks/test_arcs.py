"""game/table/arcs.py: the kind of contact between two rectangular bases, read from pymunk
contact points and the bases' edges, and the arcs of a formation (ranks.md, "Geometry")."""

import math

import pytest

from game.table import arcs
from tests.table.conftest import model, table_and_state

W, D = 40 / 25.4, 20 / 25.4
GAP = 0.004


def pair(b_x, b_y, b_facing, a_facing=0.0, base_b="rect 40x20"):
    """Base a (side 0) centred at (20, 20); base b (side 1) placed relative to it."""
    a = model("a", 20.0, 20.0, "rect 40x20", 0, facing=a_facing)
    b = model("b", 20.0 + b_x, 20.0 + b_y, base_b, 1, facing=b_facing)
    table, _ = table_and_state([a, b])
    return arcs.contact_kind(table, a, b), arcs.contact_kind(table, b, a)


def test_front_to_front_along_the_edges():
    """Front edge against front edge, even partly: front-to-front both ways."""
    assert pair(D + GAP, 0.0, 180.0) == (arcs.FRONT, arcs.FRONT)
    assert pair(D + GAP, 0.9, 180.0) == (arcs.FRONT, arcs.FRONT)


def test_corner_to_corner_when_only_the_corners_touch():
    """Side by side past the end of the enemy line: only a corner of each touches (an
    overlap). A sliver of edge shorter than MIN_EDGE_CONTACT still counts as corners."""
    assert pair(D + GAP, W, 180.0) == (arcs.CORNER, arcs.CORNER)
    assert pair(D + GAP, W - 0.05, 180.0) == (arcs.CORNER, arcs.CORNER)
    assert pair(D + GAP, W - arcs.MIN_EDGE_CONTACT - 0.05, 180.0) == (arcs.FRONT, arcs.FRONT)


def test_flank_contact_and_the_base_it_exposes():
    """a's front on b's flank edge: a has a flank contact; b is exposed (earns nothing)."""
    # b faces +y: its left flank (facing turned -90 degrees) points to -x, toward a.
    assert pair(D / 2 + W / 2 + GAP, 0.0, 90.0) == (arcs.FLANK, arcs.EXPOSED)


def test_rear_contact_and_the_base_it_exposes():
    assert pair(D + GAP, 0.2, 0.0) == (arcs.REAR, arcs.EXPOSED)


def test_flank_to_flank_is_no_attack_either_way():
    """Flank/rear is an attack made with the front (ranks.md, "Geometry"): two bases side by
    side, flank edge against flank edge, attack nobody. (This test used to expect a flank
    contact both ways, the reading "any base touching a flank" that the issue corrects.)"""
    assert pair(0.3, W + GAP, 0.0) == (arcs.ASIDE, arcs.ASIDE)
    assert pair(0.3, W + GAP, 180.0) == (arcs.ASIDE, arcs.ASIDE)  # facing opposite ways


def test_back_to_back_is_no_attack_either_way():
    """Rear edge against rear edge: neither attacks the other's rear."""
    assert pair(-(D + GAP), 0.2, 180.0) == (arcs.ASIDE, arcs.ASIDE)


def test_a_flank_against_an_enemy_rear_is_no_attack():
    """a's flank edge along b's rear edge (b faces away, a beside it): no front touches."""
    assert pair(D / 2 + W / 2 + GAP, 0.0, 0.0, a_facing=90.0) == (arcs.ASIDE, arcs.ASIDE)


def test_rear_corners_touching_are_no_overlap():
    """Only the rear corners of two bases facing opposite ways touch (b behind a and to its
    side, back to back): no débordement (an overlap is made with a front corner)."""
    assert pair(-(D + GAP), W + GAP, 180.0) == (arcs.ASIDE, arcs.ASIDE)


def test_a_front_corner_on_an_enemy_rear_corner_is_an_overlap_for_the_front_only():
    """a's front-right corner meets b's rear-left corner (b ahead of a and to its right, both
    facing +x): a's corner is a front corner (corner-to-corner, an overlap); b only has its
    rear corner touched by an enemy front corner (exposed, no dice)."""
    assert pair(D + GAP, W + GAP, 0.0) == (arcs.CORNER, arcs.EXPOSED)


def test_a_front_corner_against_an_enemy_front_edge_is_front_to_front():
    """b turned 45 degrees pushes a front corner into a's front edge."""
    reach = D / 2 + GAP + (W / 2) * math.sin(math.radians(45)) + (D / 2) * math.cos(
        math.radians(45))
    a_kind, b_kind = pair(reach, 0.0, 180.0 + 45.0)
    assert (a_kind, b_kind) == (arcs.FRONT, arcs.FRONT)


def test_bases_apart_have_no_contact():
    assert pair(D + 0.05, 0.0, 180.0) == (None, None)


def test_round_bases_have_no_edges():
    a = model("a", 20.0, 20.0, "32", 0)
    b = model("b", 21.3, 20.0, "rect 40x20", 1, facing=180.0)
    table, _ = table_and_state([a, b])
    assert arcs.contact_kind(table, a, b) is None


def test_base_edges_follow_the_facing():
    a = model("a", 10.0, 10.0, "rect 40x20", 0, facing=90.0)
    edges = arcs.base_edges(a)
    front = edges["front"]
    assert all(abs(p[1] - (10.0 + D / 2)) < 1e-9 for p in front)  # facing +y: front is below
    assert abs(math.dist(*front) - W) < 1e-9
    assert abs(math.dist(*edges["right"]) - D) < 1e-9


@pytest.mark.parametrize("point, arc", [
    ((25.0, 20.0), "front"),          # straight ahead
    ((22.0, 20.0 + 2 * W), "front"),  # wide but far enough ahead: inside the 45-degree line
    ((20.5, 20.0 + 3 * W), "right"),  # beside the right end (facing 0: right is +y)
    ((19.0, 20.0 - 3 * W), "left"),
    ((15.0, 20.0), "rear"),
])
def test_target_arc_front_and_rear_are_the_90_degree_arcs_through_those_edges(point, arc):
    """A block of 4 bases facing +x, front edge at x = 20 + D/2."""
    block = [model(f"m{i}", 20.0, 20.0 + (i - 1.5) * W, "rect 40x20", 1) for i in range(4)]
    assert arcs.target_arc(block, point) == arc


def test_target_arc_boundary_is_the_45_degree_line_from_the_front_corner():
    block = [model("m", 20.0, 20.0, "rect 40x20", 1)]
    corner = (20.0 + D / 2, 20.0 + W / 2)
    assert arcs.target_arc(block, (corner[0] + 1.0, corner[1] + 0.999)) == "front"
    assert arcs.target_arc(block, (corner[0] + 1.0, corner[1] + 1.001)) == "right"


def test_the_table_answers_the_arc_questions():
    a = model("a", 20.0, 20.0, "rect 40x20", 0)
    b = model("b", 20.0 + D + GAP, 20.0, "rect 40x20", 1, facing=180.0)
    table, _ = table_and_state([a, b])
    assert table.contact_kind(a, b) == arcs.FRONT
    assert table.target_arc([b], (10.0, 20.0)) == "front"
