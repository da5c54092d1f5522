"""The charge move of the seed (ranks.md, "Charge move"): the target edge from the arc, the
whole move ending flush with the greatest number of front bases in contact, never further
than the move, and refused (with the distance) when it cannot reach."""

import math

import pytest

from game.core.actions import Action
from game.core.state import Terrain
from game.rulesets.ranks import charge, formation
from game.rulesets.ranks.contacts import contacts
from tests.rulesets.ranks.battle import DEPTH as D
from tests.rulesets.ranks.battle import WIDTH as W
from tests.rulesets.ranks.battle import Battle, two_units

FRONT_KINDS = ("front-to-front", "corner-to-corner", "flank", "rear")


def front_bases_in_contact(b, unit_id):
    c = contacts(b.state, b.geo)
    return [m for m in formation.front_rank(b.state, unit_id)
            if any(kind in FRONT_KINDS for _, kind in c.of(m.id))]


def angled():
    """A Sword Band (M5, 4 files) at 20 degrees to a Pike Block's front, 1.4" from it."""
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 27.5, 22.5, 20.0)
    return b


def do_charge(b, unit_id, target_id, dice=()):
    offered = [a for a in b.legal() if a.kind == "charge" and a.unit == unit_id
               and a.targets == (target_id,)]
    assert offered, f"no charge offered on {target_id}"
    start = {m.id: m.pos for m in b.models(unit_id)}
    solution, _ = charge.solve(b.state, b.geo, unit_id, target_id)
    b.dice.script(*dice)
    b.ruleset.apply(b.state, offered[0], b.geo, b.dice)
    return start, solution


def test_an_angled_charge_ends_flush_with_every_front_base_in_contact_within_its_move():
    b = angled()
    assert charge.target_arc(b.state, b.geo, "s0u0", "s1u0") == "front"
    start, solution = do_charge(b, "s0u0", "s1u0", dice=[3] * 28)
    # flush: facing the pike's front, its front edge 0.004" from the pike's
    assert {m.facing for m in b.models("s0u0")} == {0.0}
    assert all(m.x + D / 2 == pytest.approx(30.0 - 0.004, abs=2e-3)
               for m in formation.front_rank(b.state, "s0u0"))
    # the greatest possible number: all four front bases, front to front
    assert len(front_bases_in_contact(b, "s0u0")) == 4
    c = contacts(b.state, b.geo)
    assert all(any(k == "front-to-front" for _, k in c.of(m.id))
               for m in formation.front_rank(b.state, "s0u0"))
    # never further than its move: the motion's cost, and every base's displacement
    assert solution.plan.cost <= 5.0 + 1e-6
    for mid, (x, y) in start.items():
        m = b.state.models[mid]
        if m.alive:
            assert math.dist((x, y), m.pos) <= 5.0 + 1e-6


def test_the_charge_is_the_whole_move_and_makes_a_combat_at_once():
    b = angled()
    offered = [a for a in b.legal() if a.kind == "charge"][0]
    b.dice.script(*([3] * 28))
    events = b.ruleset.apply(b.state, offered, b.geo, b.dice)
    names = [type(e).__name__ for e in events]
    assert names[0] == "UnitMoved" and "CombatStarted" in names and "CombatDice" in names
    assert b.unit("s0u0").flags["charged"] is True
    assert b.unit("s0u0").flags["order"] == "Charge"


def test_a_wider_charger_lines_up_to_overlap_the_enemy_ends():
    """Four files against two as wide: lined up file for file, two bases front to front and
    two corner to corner past the ends (four in contact) beat any straddling slide (three)."""
    b = two_units(["sword_band"], ["mailed_riders"])
    b.state.models["s1u0m2"].alive = False
    formation.close_ranks(b.state, "s1u0")
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 26.0, 22.3, 0.0)
    solution, _ = charge.solve(b.state, b.geo, "s0u0", "s1u0")
    assert solution.in_contact == 4
    b.stand("s0u0", *solution.plan.frame.point, solution.plan.frame.facing)
    ways = b.ruleset.base_contacts(b.state, b.geo)
    kinds = sorted(ways[m.id] for m in formation.front_rank(b.state, "s0u0"))
    assert kinds == ["corner-to-corner", "corner-to-corner", "front-to-front", "front-to-front"]


def test_a_charger_in_the_flank_arc_hits_the_flank_edge():
    """Riders beside the pike's right end (its right is -y when facing west)."""
    b = Battle([("Crown", "crown_host", ["mailed_riders"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 30.5, 14.0, 90.0)
    assert charge.target_arc(b.state, b.geo, "s0u0", "s1u0") == "right"
    do_charge(b, "s0u0", "s1u0", dice=[3] * 20)
    assert {m.facing for m in b.models("s0u0")} == {90.0}
    c = contacts(b.state, b.geo)
    kinds = {k for m in b.models("s0u0") for _, k in c.of(m.id)}
    assert "flank" in kinds


def test_a_charger_behind_hits_the_rear_edge():
    b = Battle([("Crown", "crown_host", ["mailed_riders"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 30.0 + 2 * D + 3.0, 22.5, 180.0)
    assert charge.target_arc(b.state, b.geo, "s0u0", "s1u0") == "rear"
    do_charge(b, "s0u0", "s1u0", dice=[3] * 20)
    c = contacts(b.state, b.geo)
    assert sum(1 for m in b.models("s0u0") for _, k in c.of(m.id) if k == "rear") >= 3


def test_a_charge_that_cannot_reach_is_refused_with_the_distance():
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 23.0, 22.0, 0.0)
    assert not [a for a in b.legal() if a.kind == "charge"]
    reason = b.why(Action("charge", "s0u0", targets=("s1u0",)))
    assert "7.0\" away" in reason and "move of 5\"" in reason


def test_a_charge_just_within_the_move_is_allowed():
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 30.0 - 4.99, 22.0, 0.0)
    assert b.why(Action("charge", "s0u0", targets=("s1u0",))) is None


def test_a_charge_blocked_by_impassable_ground_is_refused():
    wall = Terrain(frozenset({"impassable"}), ((27.0, 15.0), (28.0, 15.0), (28.0, 29.0),
                                               (27.0, 29.0)), "Wall")
    b = Battle([("Crown", "crown_host", ["sword_band"]),
                ("League", "marcher_league", ["pike_block"])], terrain=[wall])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 26.0, 22.0, 0.0)
    reason = b.why(Action("charge", "s0u0", targets=("s1u0",)))
    assert reason and "Wall" in reason


def test_fewer_bases_in_contact_when_the_best_spot_is_taken():
    """A friendly block already fights the left half of the pike's front: the charger takes
    the right half, two bases front to front and one corner to corner past the pike's end."""
    b = Battle([("Crown", "crown_host", ["sword_band", "sword_band"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u1", 30.0 - 0.004, 22.0 + 2 * W, 0.0)  # covers the pike's left half (+y)
    b.stand("s0u0", 27.0, 22.0, 0.0)
    solution, _ = charge.solve(b.state, b.geo, "s0u0", "s1u0")
    assert solution is not None and solution.in_contact == 3
    b.stand("s0u0", *solution.plan.frame.point, solution.plan.frame.facing)
    ways = b.ruleset.base_contacts(b.state, b.geo)
    assert sorted(ways.get(m.id, "-") for m in formation.front_rank(b.state, "s0u0")) == [
        "-", "corner-to-corner", "front-to-front", "front-to-front"]


def test_a_dragged_charge_placement_off_the_target_edge_is_refused():
    b = angled()
    offered = [a for a in b.legal() if a.kind == "charge"][0]
    moved = tuple((m, x + 0.3, y) for m, x, y in offered.placement)
    dragged = Action("charge", "s0u0", targets=("s1u0",), placement=moved,
                     option=offered.option)
    assert "flush against the target's front edge" in b.why(dragged)


def head_on():
    """A Sword Band 3" in front of a Pike Block, square to it (4 files each)."""
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 27.0, 22.0, 0.0)
    return b


def slid(action, along):
    return Action("charge", action.unit, targets=action.targets, option=action.option,
                  placement=tuple((m, x, round(y + along, 3)) for m, x, y in action.placement))


def test_a_dragged_charge_to_another_spot_with_as_many_front_bases_is_allowed():
    """The seed asks for the greatest number of front bases in contact, not the shortest
    move: slid 0.3" along the pike's front, all four sword bases still touch it, so the
    player may put the block there (guarantee 1: what the rules allow is reachable)."""
    b = head_on()
    offered = [a for a in b.legal() if a.kind == "charge"][0]
    moved = slid(offered, 0.3)
    assert b.why(moved) is None
    b.dice.script(*([3] * 12), *([3] * 16))
    b.ruleset.apply(b.state, moved, b.geo, b.dice)
    for mid, x, y in moved.placement:
        assert math.dist(b.state.models[mid].pos, (x, y)) < 3e-3
    assert len(front_bases_in_contact(b, "s0u0")) == 4


def test_a_charge_dragged_by_hand_snaps_flush_onto_the_target_edge():
    """A hand never drags exactly flush: `snap_placement` puts the block back on the edge
    where it was dragged along it, and that charge is legal."""
    b = head_on()
    offered = [a for a in b.legal() if a.kind == "charge"][0]
    by_hand = Action("charge", "s0u0", targets=("s1u0",), option=offered.option, placement=tuple(
        (m, round(x - 0.27, 3), round(y + 0.4, 3)) for m, x, y in offered.placement))
    assert b.why(by_hand) is not None
    snapped = b.ruleset.snap_placement(b.state, by_hand, b.geo)
    assert b.why(snapped) is None
    moved = dict((m, (x, y)) for m, x, y in snapped.placement)
    for m, x, y in offered.placement:
        assert math.dist(moved[m], (x, y + 0.4)) < 2e-3


def test_a_dragged_charge_with_fewer_front_bases_in_contact_is_refused():
    b = head_on()
    offered = [a for a in b.legal() if a.kind == "charge"][0]
    reason = b.why(slid(offered, W - 0.1))
    assert "only 3 front bases would be in contact where 4 can be" in reason


def test_a_unit_in_contact_at_the_start_of_its_turn_cannot_charge():
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    b.begin_turn()
    assert "Fight" in b.why(Action("charge", "s0u0", targets=("s1u0",)))


def test_why_a_near_enemy_cannot_be_charged_is_in_the_log_and_on_the_panel():
    """Guarantee 1: a charge the rules refuse is not silently left out. A wall between the
    sword band and the pike blocks every way in; the reason, with the rule, is logged at the
    start of the turn and shown on the info panel while orders are given."""
    wall = Terrain(frozenset({"impassable"}), ((27.0, 15.0), (28.0, 15.0), (28.0, 29.0),
                                               (27.0, 29.0)), "Wall")
    b = Battle([("Crown", "crown_host", ["sword_band"]),
                ("League", "marcher_league", ["pike_block"])], terrain=[wall])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 26.0, 22.0, 0.0)
    notes = [e.describe() for e in b.begin_turn()]
    assert any("Sword Band: Cannot charge Pike Block" in n and "Wall" in n
               and "through no enemy and no impassable terrain" in n for n in notes)
    panel = dict(b.ruleset.info_panel(b.state, b.geo))
    assert any("Wall" in line for line in panel["Charges not possible"])


def test_an_enemy_within_the_move_but_out_of_reach_is_explained_with_the_rule():
    """The sword band stands 1.4" from the pike but faces across it: closing flush on its
    front takes a quarter wheel, more than the move. Said with both distances and the rule.
    (An enemy further than the move, edge to edge, needs no explaining: it is not listed.)"""
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 25.5, 22.0, 90.0)
    assert not [a for a in b.legal() if a.kind == "charge"]
    [line] = dict(b.ruleset.info_panel(b.state, b.geo))["Charges not possible"]
    assert "1.4\" away" in line and "wheel included" in line
    assert "a charge that cannot reach is not allowed" in line
    b.stand("s0u0", 24.7, 22.0, 0.0)                  # 5.3" from a 5" move: not listed
    assert "Charges not possible" not in dict(b.ruleset.info_panel(b.state, b.geo))


def test_a_gap_between_friends_off_every_usual_spot_is_still_found():
    """Guarantee 1 (a search that gives up must not turn a legal charge into a refusal): two
    friendly blocks fight a Levy Spears' front, leaving a gap just wider than the riders'
    frontage, lined up with no base end of the target. The usual spots (bases aligned, the
    straight-ahead slide) are all taken; the search along the whole edge finds the gap, with
    all three front bases in contact."""
    from tests.rulesets.ranks.battle import FLUSH

    b = Battle([("Crown", "crown_host", ["sword_band", "sword_band", "mailed_riders"]),
                ("League", "marcher_league", ["levy_spears"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    gap_left = 22.0 - 2 * W + 0.37
    b.stand("s0u0", 30.0 - FLUSH, gap_left - 2 * W - 0.01, 0.0)
    b.stand("s0u1", 30.0 - FLUSH, gap_left + 3 * W + 0.09 + 2 * W, 0.0)
    b.stand("s0u2", 26.0, 22.0 - 2 * W, 0.0)
    solution, why = charge.solve(b.state, b.geo, "s0u2", "s1u0")
    assert solution is not None, why
    assert solution.in_contact == 3
    b.stand("s0u2", *solution.plan.frame.point, solution.plan.frame.facing)
    assert len(front_bases_in_contact(b, "s0u2")) == 3
