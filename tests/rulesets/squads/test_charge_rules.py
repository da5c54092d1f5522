"""The squads charge: three eligibility conditions and four end-of-move constraints, each its
own test (squads.md, "Charge phase")."""

import math

import pytest

from game.core.actions import Action, make_placement
from game.core.events import Note
from game.core.state import Terrain
from game.rulesets.base import coherency_problem
from game.rulesets.squads.charge import eligibility_problem, move_problem, solve
from tests.rulesets.squads.battle import MOB_RADIUS, Battle

D = 2 * MOB_RADIUS  # a 32 mm base, in inches


def three_units():
    """Mob (s0u0) against two Marine squads (s1u0, s1u1)."""
    return Battle([("Horde", "brute_horde", ["brute_mob"]),
                   ("Company", "line_company", ["line_marines", "line_marines"])])


# --- eligibility -------------------------------------------------------------------------------

def test_eligibility_not_engaged(mob_vs_marines):
    b = mob_vs_marines
    b.place("s1u0", 10.0 + 1.5 + D, 22.0, 180.0)  # 1.5": engaged
    reason = eligibility_problem(b.state, b.geo, "s0u0")
    assert reason and "already engaged" in reason
    assert b.why(Action("charge", "s0u0")) == reason


def test_eligibility_enemy_within_12(mob_vs_marines):
    b = mob_vs_marines
    b.place("s1u0", 10.0 + 12.5 + D, 22.0, 180.0)
    reason = eligibility_problem(b.state, b.geo, "s0u0")
    assert reason and "within 12\"" in reason
    b.place("s1u0", 10.0 + 12.0 + D, 22.0, 180.0)  # exactly 12" is within
    assert eligibility_problem(b.state, b.geo, "s0u0") is None


def test_eligibility_not_after_advance_or_fall_back(mob_vs_marines):
    b = mob_vs_marines
    b.unit("s0u0").flags["advanced"] = True
    assert "Advanced" in eligibility_problem(b.state, b.geo, "s0u0")
    b.unit("s0u0").flags.pop("advanced")
    b.unit("s0u0").flags["fell_back"] = True
    reason = eligibility_problem(b.state, b.geo, "s0u0")
    assert reason == ("Cannot charge: Brute Mob Fell Back this turn (a unit that Advanced or Fell "
                      "Back cannot charge)")


# --- the four constraints ----------------------------------------------------------------------

def test_constraint_1_engaged_with_every_target_two_target_charge():
    b = three_units()
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 5.0 + D, 18.0, 180.0, files=5)
    b.place("s1u1", 10.0 + 5.0 + D, 27.0, 180.0, files=5)
    b.apply(Action("charge", "s0u0"), 5, 5)
    assert sorted(b.state.pending["charge"]["reachable"]) == ["s1u0", "s1u1"]
    both = [a for a in b.legal() if a.kind == "charge_move" and len(a.targets) == 2]
    assert both, "a two-target charge must be offered"
    b.apply(both[0])
    assert b.distance("s0u0", "s1u0") <= 2.0 and b.distance("s0u0", "s1u1") <= 2.0


def test_constraint_1_refuses_a_placement_engaging_only_one_target():
    b = three_units()
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 5.0 + D, 15.0, 180.0)
    b.place("s1u1", 10.0 + 5.0 + D, 30.0, 180.0)
    dest, _ = solve(b.state, b.geo, "s0u0", ("s1u0",), 10)
    assert dest is not None
    reason = move_problem(b.state, b.geo, "s0u0", ("s1u0", "s1u1"), dest, 10)
    assert "not end engaged with Line Marines" in reason


def test_constraint_2_every_moving_model_ends_closer(mob_vs_marines):
    b = mob_vs_marines
    dest, _ = solve(b.state, b.geo, "s0u0", ("s1u0",), 9)
    back = b.state.alive_models("s0u0")[-1]
    dest = dict(dest)
    dest[back.id] = (back.x - 0.5, back.y)  # this model moves, but away from the target
    reason = move_problem(b.state, b.geo, "s0u0", ("s1u0",), dest, 9)
    assert reason and "would not end closer to any target" in reason


def marines_round_a_chief(gap_left):
    """Line Marines (s0u0) charge a Brute Chief (s1u0) with a roll of 9: four end 0.5" from
    it, the fifth (from the left end of the line) `gap_left` from it, linked to the others."""
    b = Battle([("Company", "line_company", ["line_marines"]),
                ("Horde", "brute_horde", ["brute_chief"])])
    marines = b.state.alive_models("s0u0")
    for i, m in enumerate(marines):
        m.x, m.y = 10.0, 18.0 + 2.0 * i
    chief = b.state.alive_models("s1u0")[0]
    chief.x, chief.y = 18.0, 22.0
    spread = chief.base.radius + MOB_RADIUS

    def at(angle, gap):
        return (round(18.0 + (spread + gap) * math.cos(math.radians(angle)), 3),
                round(22.0 + (spread + gap) * math.sin(math.radians(angle)), 3))

    dest = {marines[1].id: at(220, 0.5), marines[2].id: at(180, 0.5),
            marines[3].id: at(140, 0.5), marines[4].id: at(100, 0.5),
            marines[0].id: at(260, gap_left)}
    return b, dest, marines[0], at


def test_constraint_3_within_one_inch_when_possible_catches_a_model_left_at_1_83():
    """Each model ends within 1" of a target model when possible: a Marine left 1.83" away
    where a spot 0.95" away was within the roll (and kept the unit together) is refused."""
    b, dest, last, at = marines_round_a_chief(1.83)
    assert move_problem(b.state, b.geo, "s0u0", ("s1u0",), dest, 9, check_close=False) is None
    reason = move_problem(b.state, b.geo, "s0u0", ("s1u0",), dest, 9)
    assert reason == (f"{last.name} could end within 1\" of a target model and must (each model "
                      f"ends within 1\" of a target when possible)")
    dest[last.id] = at(270, 0.95)
    assert move_problem(b.state, b.geo, "s0u0", ("s1u0",), dest, 9) is None


def test_solver_placements_meet_constraint_3_themselves(mob_vs_marines):
    """The solver's own charge placement passes the full check, constraint 3 included."""
    b = mob_vs_marines
    for roll in (7, 9, 12):
        dest, reason = solve(b.state, b.geo, "s0u0", ("s1u0",), roll)
        assert dest is not None, reason
        assert move_problem(b.state, b.geo, "s0u0", ("s1u0",), dest, roll) is None


def test_constraint_4_refused_when_it_would_engage_an_unchosen_unit():
    b = three_units()
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 6.0 + D, 22.0, 180.0)
    # The second squad stands right behind the first: no charge on the first can avoid it.
    b.place("s1u1", 10.0 + 6.0 + 2 * D + 0.6, 22.0, 180.0)
    b.apply(Action("charge", "s0u0"), 6, 6)
    dest, reason = solve(b.state, b.geo, "s0u0", ("s1u0",), 12)
    if dest is None:
        assert "did not choose" in reason or "engaged" in reason
    offered = {a.targets for a in b.legal() if a.kind == "charge_move"}
    assert ("s1u0", "s1u1") in offered
    refused = b.why(Action("charge_move", "s0u0", targets=("s1u0",)))
    if ("s1u0",) not in offered:
        assert refused is not None


def test_constraint_4_refusal_quotes_the_rule():
    b = three_units()
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 5.0 + D, 22.0, 180.0)
    b.place("s1u1", 10.0 + 5.0 + 2 * D + 0.3, 22.0, 180.0)
    dest, _ = solve(b.state, b.geo, "s0u0", ("s1u0", "s1u1"), 10)
    assert dest is not None
    reason = move_problem(b.state, b.geo, "s0u0", ("s1u0",), dest, 10)
    assert "which it did not choose" in reason


def test_failed_choice_leaves_the_state_unchanged_and_player_chooses_again(mob_vs_marines):
    b = mob_vs_marines
    b.apply(Action("charge", "s0u0"), 5, 4)
    start = b.positions("s0u0")
    bad = Action("charge_move", "s0u0", targets=("s1u0",),
                 placement=make_placement({m: (x + 20, y) for m, (x, y) in start.items()}))
    assert b.why(bad) is not None
    assert b.positions("s0u0") == start and "charge" in b.state.pending
    assert any(a.kind == "charge_fail" for a in b.legal())


def test_charge_path_goes_around_impassable_terrain(mob_vs_marines):
    b = mob_vs_marines
    wall = Terrain(frozenset({"impassable"}), ((13.0, 10.0), (14.0, 10.0), (14.0, 34.0),
                                               (13.0, 34.0)))
    blocked = Battle([("Horde", "brute_horde", ["brute_mob"]),
                      ("Company", "line_company", ["line_marines"])], terrain=[wall])
    blocked.place("s0u0", 10.0, 22.0, 0.0)
    blocked.place("s1u0", 10.0 + 7.0 + D, 22.0, 180.0)
    blocked.apply(Action("charge", "s0u0"), 5, 4)
    # The wall forces a long detour: a 9" move cannot get round it.
    assert not [a for a in blocked.legal() if a.kind == "charge_move"]
    assert b is not None


# --- the solver finds what the rules allow ------------------------------------------------------

def wall_in_front(roll):
    """The issue's case: a wall between the Mob's ranks and the Marines 7" away; the Mob has
    to go round one end of it."""
    wall = Terrain(frozenset({"impassable"}), ((13.0, 18.0), (14.0, 18.0), (14.0, 26.0),
                                               (13.0, 26.0)))
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])], terrain=[wall])
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 7.0 + D, 22.0, 180.0)
    b.apply(Action("charge", "s0u0"), roll - roll // 2, roll // 2)
    return b


@pytest.mark.parametrize("roll", [7, 9, 12])
def test_charge_is_offered_round_a_wall_when_a_legal_placement_exists(roll):
    """A target within the roll is offered whenever some placement meets every constraint:
    here the models string out round the end of the wall (the unit stays one group)."""
    b = wall_in_front(roll)
    offers = [a for a in b.legal() if a.kind == "charge_move"]
    assert [a.targets for a in offers] == [("s1u0",)]
    assert b.why(offers[0]) is None
    b.apply(offers[0])
    assert b.state.units["s0u0"].flags["charged"]
    assert coherency_problem(b.state, b.geo, "s0u0", connected=True) is None


def stompers_and_two_wardens():
    """Brute Stompers (3 models, s0u0) in a file; one Warden east of the front (s1u0), one
    south-west of the rear (s1u1)."""
    b = Battle([("Horde", "brute_horde", ["brute_stompers"]),
                ("Company", "line_company", ["warden", "warden"])])
    front, middle, rear = b.state.alive_models("s0u0")
    for m, y in ((front, 20.0), (middle, 22.0), (rear, 24.0)):
        m.x, m.y = 20.0, y
    r = front.base.radius
    east, = b.state.alive_models("s1u0")
    east.x, east.y = 20.0 + 2 * r + 2.5, 20.0
    west, = b.state.alive_models("s1u1")
    west.x, west.y = 16.0, 28.0
    return b, (front, middle, rear)


def test_constraint_2_closer_to_one_of_the_targets_not_the_nearest():
    """Every model that moves ends closer to ONE of its targets: the middle Stomper started
    nearest the east Warden and ends further from it, but closer to the west one."""
    b, (front, middle, rear) = stompers_and_two_wardens()
    dest = {front.id: (21.0, 20.5), middle.id: (19.6, 23.6), rear.id: (17.9, 26.0)}
    before = {t: b.geo.distance(middle, b.state.alive_models(t)[0]) for t in ("s1u0", "s1u1")}
    moved = middle.copy()
    moved.x, moved.y = dest[middle.id]
    after = {t: b.geo.distance(moved, b.state.alive_models(t)[0]) for t in ("s1u0", "s1u1")}
    assert after["s1u0"] > before["s1u0"] and after["s1u1"] < before["s1u1"]
    assert min(after.values()) > min(before.values())  # the old "nearest target" reading
    assert move_problem(b.state, b.geo, "s0u0", ("s1u0", "s1u1"), dest, 8,
                        check_close=False) is None


def test_any_number_of_targets_three_units_engaged_together():
    """Offer any number of targets that can be engaged together: three Warden units round a
    Mob's front are offered as one three-target charge."""
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["warden", "warden", "warden"])])
    b.place("s0u0", 10.0, 22.0, 0.0)
    for unit, y in (("s1u0", 18.0), ("s1u1", 22.0), ("s1u2", 26.0)):
        b.place(unit, 10.0 + 5.0 + D, y, 180.0)
    b.apply(Action("charge", "s0u0"), 4, 4)
    offered = {a.targets for a in b.legal() if a.kind == "charge_move"}
    assert ("s1u0", "s1u1", "s1u2") in offered
    three = next(a for a in b.legal() if len(a.targets) == 3)
    assert b.why(three) is None


def test_no_offer_keeps_its_reason_on_the_fail_choice_and_in_the_log():
    """When a target in reach cannot be offered, the reason (the rule) is on the 'charge
    fails' choice the decision panel shows, and in the log as a Note."""
    wall = Terrain(frozenset({"impassable"}), ((13.0, 10.0), (14.0, 10.0), (14.0, 34.0),
                                               (13.0, 34.0)))
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])], terrain=[wall])
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 7.0 + D, 22.0, 180.0)
    events = b.apply(Action("charge", "s0u0"), 5, 4)
    notes = [e.text for e in events if isinstance(e, Note)]
    assert len(notes) == 1 and notes[0].startswith("Line Marines cannot be reached: ")
    fail, = b.legal()
    assert fail.kind == "charge_fail"
    assert fail.label == f"Choose no target: the charge fails ({notes[0]})"
