"""The remembered answers of squads (speed only): a remembered offer is the one a fresh search
gives, a base that comes near is seen, and a far one does not cost a new search."""

import gc

import pytest

from game.core.actions import Action
from game.rulesets.squads import charge, movement
from tests.rulesets.squads.battle import Battle, mob_against_two_lines


def two_squads():
    b = Battle([("Horde", "brute_horde", ["brute_mob", "brute_mob"]),
                ("Company", "line_company", ["line_marines"])], phase="movement")
    b.place("s0u0", 10.0, 12.0, 0.0)
    b.place("s0u1", 10.0, 36.0, 0.0)
    b.place("s1u0", 40.0, 12.0, 180.0)
    return b


def moves_of(b, unit_id):
    return [a for a in b.legal() if a.kind == "move" and a.unit == unit_id]


def fresh_moves(b, unit_id):
    movement._offers.clear()
    return moves_of(b, unit_id)


def test_remembered_moves_are_what_a_fresh_search_offers():
    b = two_squads()
    first = moves_of(b, "s0u0")
    assert first and first == fresh_moves(b, "s0u0")
    for a in first:
        assert b.why(a) is None  # offered means legal, remembered or not


def test_remembered_moves_see_a_base_that_comes_in_the_way():
    b = two_squads()
    before = moves_of(b, "s0u0")
    toward = next(a for a in before if "toward" in a.label)
    # the other mob stands where the first one's move toward the enemy would end
    ends = toward.destinations()
    x = sum(p[0] for p in ends.values()) / len(ends)
    b.place("s0u1", x, 12.0, 0.0)
    after = moves_of(b, "s0u0")
    assert after == fresh_moves(b, "s0u0")
    assert after != before
    for a in after:
        assert b.why(a) is None


def test_remembered_moves_survive_a_far_move_and_a_state_copy():
    b = two_squads()
    before = moves_of(b, "s0u0")
    solved = []
    real = movement._solve_moves

    def counting(*args):
        solved.append(args[2])
        return real(*args)

    movement._solve_moves = counting
    try:
        b.apply(Action("stay", "s0u1"))  # a unit far away takes its turn: s0u0 unchanged
        b.state = b.state.copy()
        assert moves_of(b, "s0u0") == before
        assert "s0u0" not in solved
    finally:
        movement._solve_moves = real


def test_remembered_move_values_are_the_fresh_ones_and_see_an_enemy_move():
    from game.rulesets.squads import evaluation

    b = two_squads()
    moves = moves_of(b, "s0u0")
    values = [evaluation.move_value(b.state, b.geo, a) for a in moves]
    evaluation._move_values.clear()
    evaluation._standings.clear()
    assert values == [evaluation.move_value(b.state, b.geo, a) for a in moves]
    b.place("s1u0", 30.0, 12.0, 180.0)  # the enemy comes closer: every value is new
    moved = [evaluation.move_value(b.state, b.geo, a) for a in moves]
    evaluation._move_values.clear()
    evaluation._standings.clear()
    assert moved == [evaluation.move_value(b.state, b.geo, a) for a in moves]
    assert moved != values


def test_engagement_is_2_inches_exactly_by_arithmetic_and_at_the_boundary():
    from game.rulesets.squads.engagement import engaged_enemies, is_engaged
    from tests.rulesets.squads.battle import MOB_RADIUS

    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])])
    b.place("s0u0", 10.0, 22.0, 0.0, files=1)
    mob_front = max(x for x, _ in b.positions("s0u0").values())
    for gap, engaged in ((2.0, True), (1.9, True), (2.0 + 1e-4, False), (5.0, False)):
        b.place("s1u0", mob_front + 2 * MOB_RADIUS + gap, 22.0, 180.0, files=1)
        assert abs(b.distance("s0u0", "s1u0") - gap) < 1e-6
        assert (engaged_enemies(b.state, b.geo, "s0u0") == ["s1u0"]) is engaged
        assert is_engaged(b.state, b.geo, "s1u0") is engaged


def test_remembered_close_in_checks_are_fresh_ones_and_see_any_base_move():
    """A pile-in check is remembered under the placement and every living base: asked again
    the same, it is the fresh answer; a base that moves (the closest enemy steps back, a
    third unit steps in the way) or falls is seen."""
    from game.rulesets.squads import fight

    d = 32 / 25.4
    b = Battle([("Company", "line_company", ["line_marines"]),
                ("Horde", "brute_horde", ["brute_mob", "brute_mob"])], phase="fight")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + d + 1.5, 22.0, 180.0)
    b.place("s1u1", 30.0, 40.0, 180.0)
    dest = {m.id: (m.x + 1.0, m.y) for m in b.state.alive_models("s0u0")}

    def both():
        fresh = fight._close_in_problem(b.state, b.geo, "s0u0", dest, "pile in")
        return fight.close_in_problem(b.state, b.geo, "s0u0", dest, "pile in"), fresh

    remembered, fresh = both()
    assert remembered is None and fresh is None and both() == (None, None)
    b.place("s1u0", 10.0 - d - 1.5, 22.0, 0.0)  # the enemy goes behind: no longer closer
    remembered, fresh = both()
    assert remembered == fresh and "closer" in remembered
    b.place("s1u0", 10.0 + d + 1.5, 22.0, 180.0)
    assert both() == (None, None)
    b.place("s1u1", 12.2, 31.64, 180.0)  # a third unit 2.1" off: the pile in would engage it
    remembered, fresh = both()
    assert remembered == fresh and remembered is not None
    for m in b.state.alive_models("s1u1"):
        m.alive = False
    assert both() == (None, None)


def test_the_collector_is_paused_only_while_a_charge_listing_runs(monkeypatch):
    """`charge.collection_paused`: off during the listing, as it was afterwards (on, or off
    when the caller had it off), and back on when the listing fails."""
    b = mob_against_two_lines(4.0)
    during = []
    listing = charge._target_choices

    def watched(*args):
        during.append(gc.isenabled())
        return listing(*args)

    monkeypatch.setattr(charge, "_target_choices", watched)
    was = gc.isenabled()
    try:
        for collecting in (True, False):
            (gc.enable if collecting else gc.disable)()
            charge._choices.clear()
            assert charge.target_choices(b.state, b.geo, "s0u0", 8, ["s1u0"])
            assert during.pop() is False and gc.isenabled() is collecting
        gc.enable()
        monkeypatch.setattr(charge, "_target_choices", lambda *args: 1 / 0)
        charge._choices.clear()
        with pytest.raises(ZeroDivisionError):
            charge.target_choices(b.state, b.geo, "s0u0", 8, ["s1u0"])
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
