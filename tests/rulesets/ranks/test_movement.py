"""Orders that move a block: Hold, March with a wheel, Turn (ranks.md, "Orders and turn"
[added]) and the common movement rules (terrain, no passing through enemies)."""

import math

import pytest

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.state import Terrain
from game.rulesets.ranks import formation, movement
from tests.rulesets.ranks.battle import DEPTH as D
from tests.rulesets.ranks.battle import WIDTH as W
from tests.rulesets.ranks.battle import Battle, two_units


def open_field(terrain=()):
    """Sword Band (s0u0, M5) facing +x with its front centre at (20, 22); Pike Block (s1u0)
    far away."""
    b = Battle([("Crown", "crown_host", ["sword_band"]),
                ("League", "marcher_league", ["pike_block"])], terrain=terrain)
    b.stand("s0u0", 20.0, 22.0, 0.0)
    b.stand("s1u0", 50.0, 22.0, 180.0)
    return b


def march(b, wheel, forward, unit="s0u0"):
    return Action("march", unit, option=movement.option_text(wheel=wheel, forward=forward))


def test_hold_keeps_the_unit_where_it_is():
    b = open_field()
    before = b.positions("s0u0")
    b.apply(Action("hold", "s0u0"))
    assert b.positions("s0u0") == before
    assert b.unit("s0u0").flags["order"] == "Hold"
    assert "already had its order" in b.why(march(b, 0.0, 1.0))


def test_march_straight_ahead_up_to_m():
    b = open_field()
    offered = [a for a in b.legal() if a.kind == "march" and "straight ahead" in a.label]
    assert offered and movement.parse_option(offered[0].option) == {"wheel": 0.0, "forward": 5.0}
    before = b.positions("s0u0")
    b.apply(offered[0])
    for mid, (x, y) in b.positions("s0u0").items():
        assert (x - before[mid][0], y - before[mid][1]) == pytest.approx((5.0, 0.0), abs=2e-3)
    assert {m.facing for m in b.models("s0u0")} == {0.0}


def test_march_only_forward_and_never_more_than_m():
    b = open_field()
    assert "more than its move of 5" in b.why(march(b, 0.0, 5.2))
    assert "only moves forward" in b.why(march(b, 0.0, -1.0))
    assert b.why(march(b, 0.0, 5.0)) is None


def test_a_wheel_costs_the_outer_corners_path():
    """4 files of 40 mm: a 30 degree wheel costs 6.3" x pi/6 = 3.30"; 1.7" remain."""
    b = open_field()
    cost = 4 * W * math.radians(30)
    assert b.why(march(b, 30.0, 5.0 - cost - 0.01)) is None
    assert "more than its move" in b.why(march(b, 30.0, 5.0 - cost + 0.05))
    before = formation.frame_of(b.state, "s0u0")
    pivot = formation.wheel_pivot(before, formation.extent(b.state, "s0u0"), 30.0)
    b.apply(march(b, 30.0, 0.0))
    after = formation.frame_of(b.state, "s0u0")
    assert after.facing == pytest.approx(30.0)
    corners = formation.footprint(after, formation.extent(b.state, "s0u0"))
    assert min(math.dist(c, pivot) for c in corners) == pytest.approx(0.0, abs=2e-3)


def test_a_wheel_and_march_toward_a_point_is_offered():
    b = open_field()
    b.stand("s1u0", 30.0, 40.0, 180.0)
    offered = [a for a in b.legal() if a.kind == "march" and "nearest enemy" in a.label]
    assert offered
    values = movement.parse_option(offered[0].option)
    assert values["wheel"] > 0  # the enemy is to the right (+y)
    plan = movement.plan_of(b.state, offered[0])
    assert plan.problem is None and plan.cost <= 5.0 + 1e-6


def test_a_march_cannot_pass_through_an_enemy():
    b = open_field()
    b.stand("s1u0", 23.0 + 2 * D, 22.0, 0.0)  # a block 3" ahead, its back to us
    assert "pass through" in b.why(march(b, 0.0, 5.0))
    offered = [a for a in b.legal() if a.kind == "march" and "straight ahead" in a.label]
    assert offered and movement.parse_option(offered[0].option)["forward"] < 3.0


def test_only_a_charge_may_end_a_move_on_an_enemy():
    b = open_field()
    b.stand("s1u0", 23.0 + 2 * D, 22.0, 0.0)
    reason = b.why(march(b, 0.0, 3.0))
    assert "touching" in reason and "only a charge" in reason.lower()


def test_a_march_cannot_pass_through_impassable_terrain():
    rock = Terrain(frozenset({"impassable"}), ((22.0, 20.0), (23.0, 20.0), (23.0, 24.0),
                                               (22.0, 24.0)), "Rock")
    b = open_field([rock])
    assert "impassable Rock" in b.why(march(b, 0.0, 4.0))


def test_difficult_terrain_costs_double():
    """A 2"-deep patch across the whole path: 5" of ground cost 5 + about 2 + the block's
    depth (any part of the block inside counts)."""
    mud = Terrain(frozenset({"difficult"}), ((21.0, 10.0), (23.0, 10.0), (23.0, 34.0),
                                             (21.0, 34.0)), "Mud")
    b = open_field([mud])
    plan = movement.march_plan(b.state, "s0u0", 0.0, 3.0)
    assert plan.cost > 3.0 + 2.0 - 0.3
    assert "more than its move" in b.why(march(b, 0.0, 4.5))


def test_turn_costs_half_the_move_and_turns_about_the_centre():
    b = open_field()
    centre = formation.centre(formation.frame_of(b.state, "s0u0"),
                              formation.extent(b.state, "s0u0"))
    turn = Action("turn", "s0u0", option=movement.option_text(by=90.0, forward=2.5))
    assert b.why(turn) is None
    too_far = Action("turn", "s0u0", option=movement.option_text(by=90.0, forward=2.6))
    assert "more than its move" in b.why(too_far)
    odd = Action("turn", "s0u0", option=movement.option_text(by=45.0, forward=0.0))
    assert "90 or 180" in b.why(odd)
    b.apply(Action("turn", "s0u0", option=movement.option_text(by=90.0, forward=0.0)))
    frame = formation.frame_of(b.state, "s0u0")
    assert frame.facing == pytest.approx(90.0)
    assert formation.centre(frame, formation.extent(b.state, "s0u0")) == pytest.approx(
        centre, abs=2e-3)


def test_the_offered_placement_is_the_rigid_block_and_nothing_else():
    b = open_field()
    offered = [a for a in b.legal() if a.kind == "march"][0]
    dest = offered.destinations()
    first = sorted(dest)[0]
    dest[first] = (dest[first][0] + 0.5, dest[first][1])
    from game.core.actions import make_placement

    dragged = Action("march", "s0u0", placement=make_placement(dest), option=offered.option)
    assert "rigid block" in b.why(dragged)
    with pytest.raises(IllegalAction):
        b.apply(dragged)
    assert b.positions("s0u0") != dest


def test_offered_moves_pass_the_tables_own_check():
    b = open_field()
    b.stand("s1u0", 26.0, 25.0, 200.0)
    for action in b.legal():
        if action.kind in ("march", "turn"):
            assert b.why(action) is None, action.label


def test_units_not_in_contact_cannot_fight_and_engaged_units_cannot_march():
    b = two_units(["sword_band"], ["spear_wall"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 10.0, 22.0, 0.0)
    assert "not in contact at the start" in b.why(Action("fight", "s0u0"))
    b.facing_front("s0u0", "s1u0")
    b.begin_turn()
    assert [a.kind for a in b.legal() if a.unit == "s0u0"] == ["fight"]
    assert "Fight order" in b.why(march(b, 0.0, 1.0))
    assert "must fight first" in b.why(Action("end_turn"))


@pytest.mark.parametrize("values, words", [
    ({"wheel": 0.0, "forward": 5.0}, "5\" forward, no wheel"),
    ({"wheel": -12.345, "forward": 3.2}, "wheel 12.345\u00b0 left, then 3.2\" forward"),
    ({"wheel": 45.478, "forward": 0.0}, "wheel 45.478\u00b0 right, no advance"),
    ({"by": 90.0, "forward": 2.5}, "turn right, then 2.5\" forward"),
    ({"by": 180.0, "forward": 0.0}, "turn about on the spot"),
    ({"turn": -90.0, "forward": 4.25}, "turn left, then 4.25\" forward"),
])
def test_a_moves_option_is_in_plain_words_and_reads_back_the_same(values, words):
    """The client shows the option as it is: words, not "wheel=0.000;forward=5.000"."""
    assert movement.option_text(**values) == words
    back = movement.parse_option(words)
    assert all(back[key] == value for key, value in values.items())


def test_the_older_option_form_is_still_read():
    assert movement.parse_option("wheel=-30.000;forward=4.200") == {"wheel": -30.0, "forward": 4.2}


def test_a_charge_option_names_the_edge_and_the_facing():
    from game.rulesets.ranks.options import option_text, parse_option

    words = option_text(edge="right", facing=89.1234567)
    assert words == "into its right edge, facing 89.123457\u00b0"
    assert parse_option(words) == {"facing": 89.123457}


def test_a_march_dragged_by_hand_becomes_the_march_it_stands_for():
    """Guarantee 1: any advance up to the move can be reached by dragging the block (the
    client asks `snap_placement`): the wheel kept, the advance read from the drag."""
    from game.rulesets.ranks import RULESET

    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s0u0", 20.0, 22.0, 0.0)
    b.stand("s1u0", 40.0, 30.0, 180.0)
    offered = next(a for a in b.legal() if a.kind == "march" and "straight" in a.label)
    by_hand = Action("march", "s0u0", option=offered.option, placement=tuple(
        (m, round(x - 2.3, 3), round(y + 0.004, 3)) for m, x, y in offered.placement))
    assert b.why(by_hand) is not None
    snapped = RULESET.snap_placement(b.state, by_hand, b.geo)
    assert b.why(snapped) is None
    assert movement.parse_option(snapped.option) == {"wheel": 0.0, "forward": 2.7}
