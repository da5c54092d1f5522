"""The avoided enemy units in reach (movement.units_in_reach): the table's approach (charge
and setup moves, pile-ins, pursuits) keeps its movers off the enemy units they do not move
toward, and a charge's check refuses a model touching one; a unit beyond a move's reach can
never come near its movers, so both are told only of those in reach. Tested against the long
way (every other enemy unit): the same spots and the same refusals at the declarations of a
greedy battle, and on a set-up where another enemy model stands in the charge's way."""

from game.core.geometry import CONTACT_TOLERANCE
from game.rulesets.legions import charge_moves, movement
from tests.rulesets.legions.battle import D32, declaration_stages, facing_lines, keep_only

AVOID_RANGE = 0.1


def _both_ways(s, geo, unit_id, target_id, reach):
    """(the approach avoiding every other enemy unit, avoiding those in reach, how many
    units the filter left out)."""
    side = s.units[unit_id].side
    others = [e.id for e in s.enemy_units(side) if e.id != target_id]
    near = movement.units_in_reach(s, unit_id, others, reach + AVOID_RANGE)
    args = (s, unit_id, [target_id], reach, CONTACT_TOLERANCE)
    long = geo.approach(*args, avoid=others, avoid_range=AVOID_RANGE)
    short = geo.approach(*args, avoid=near, avoid_range=AVOID_RANGE)
    return long, short, len(others) - len(near)


def test_the_approach_finds_the_same_spots_told_only_of_the_units_in_reach():
    stages, geo = declaration_stages(0, 4)
    compared = left_out = moved = 0
    for s, legal in stages:
        for a in legal:
            if a.kind != "declare_charge":
                continue
            for reach in (3.0, 6.0):
                long, short, dropped = _both_ways(s, geo, a.unit, a.targets[0], reach)
                assert short == long
                compared += 1
                left_out += dropped > 0
                moved += any(tuple(v) != s.models[k].pos for k, v in long.items())
    assert compared > 10 and left_out > 0 and moved > 0


def test_an_avoided_model_in_the_way_is_kept_in_reach_and_still_avoided():
    b = facing_lines(4.0, side1=("ember_squad", "ember_squad"), files=5)
    # one model of a second enemy unit touches the target's middle model, in the way
    b.place("s1u1", 20.0 + 4.0, 24.0, 180.0, files=1)
    keep_only(b, "s1u1", b.state.units["s1u1"].models[:1])
    s, geo = b.state, b.geo
    assert movement.units_in_reach(s, "s0u0", ["s1u1"], 6.0 + AVOID_RANGE) == ["s1u1"]
    long, short, _ = _both_ways(s, geo, "s0u0", "s1u0", 6.0)
    assert short == long
    unavoided = geo.approach(s, "s0u0", ["s1u0"], 6.0, CONTACT_TOLERANCE)
    assert unavoided != long  # keeping off it changes where the movers end


def test_a_charge_move_touching_another_enemy_unit_is_refused_with_the_filter_too():
    b = facing_lines(4.0, side1=("ember_squad", "ember_squad"), files=5)
    b.place("s1u1", 20.0 + 4.0, 24.0, 180.0, files=1)
    keep_only(b, "s1u1", b.state.units["s1u1"].models[:1])
    s, geo = b.state, b.geo
    # the whole unit 2.74" straight ahead: its middle front model touches the other unit
    dest = {m.id: (m.x + 4.0 - D32, m.y) for m in s.alive_models("s0u0")}
    problem = charge_moves.move_problem(s, geo, "s0u0", "s1u0", dest, 3.0,
                                        charge_moves.SETUP_MOVE, False)
    assert problem is not None and "which is not the target" in problem


def test_the_charge_searches_refuse_what_they_refused_checking_every_other_enemy(monkeypatch):
    stages, geo = declaration_stages(0, 4)
    asked = []
    for s, legal in stages:
        for a in legal:
            if a.kind != "declare_charge":
                continue
            for dest in charge_moves.candidates(s, geo, a.unit, a.targets[0], 6.0, True):
                asked.append((s, a.unit, a.targets[0], dest))
    args = [(s, geo, unit, target, dest, 6.0, charge_moves.CHARGE_MOVE, True)
            for s, unit, target, dest in asked]
    quick = [charge_moves.move_problem(*a) for a in args]
    monkeypatch.setattr(charge_moves, "units_in_reach", lambda s, unit, others, reach: others)
    assert quick == [charge_moves.move_problem(*a) for a in args]
    assert len(asked) > 10 and any(q is None for q in quick) and any(quick)
