"""Coherency in squads: each model within 2" of another (two others at 7+), and the unit one
connected group, for every kind of move (squads.md: "a unit stays one connected group")."""

from game.core.actions import Action, make_placement
from game.core.state import Terrain
from game.rulesets.base import coherency_problem
from game.rulesets.squads.fight import close_in_problem
from game.rulesets.squads.movement import move_reason
from tests.rulesets.squads.battle import MOB_RADIUS, Battle

D = 2 * MOB_RADIUS


def marines(phase="movement"):
    b = Battle([("Company", "line_company", ["line_marines"]),
                ("Horde", "brute_horde", ["brute_mob"])], phase=phase)
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 40.0, 22.0, 180.0)
    return b


def split_in_two(b):
    """Two Marines 3" ahead of the other three: each has a friend within 2", but the unit is
    two clumps."""
    models = b.state.alive_models("s0u0")
    return {m.id: (m.x + (3.0 if i < 2 else 0.0), m.y + (0.0 if i < 2 else 1.0))
            for i, m in enumerate(models)}


def test_coherency_one_connected_group_refuses_two_clumps():
    b = marines()
    dest = split_in_two(b)
    assert coherency_problem(b.state, b.geo, "s0u0", dest) is None  # the pairwise rule alone
    reason = coherency_problem(b.state, b.geo, "s0u0", dest, connected=True)
    assert reason.startswith("Line Marines would be split out of coherency: ")
    assert "one connected group" in reason


def test_coherency_normal_move_and_advance_must_keep_one_group():
    b = marines()
    reason = move_reason(b.state, b.geo, "s0u0", split_in_two(b), "normal")
    assert reason and "one connected group" in reason
    b.unit("s0u0").flags["advance_roll"] = 3
    assert "one connected group" in move_reason(b.state, b.geo, "s0u0", split_in_two(b),
                                                "advance")


def test_coherency_pile_in_must_keep_one_group():
    """Two Marines pile in 2.9" while three stay: each has a friend within 2", two clumps."""
    b = Battle([("Company", "line_company", ["line_marines"]),
                ("Horde", "brute_horde", ["brute_mob"])], phase="fight")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + D + 3.5, 22.0, 180.0)
    models = b.state.alive_models("s0u0")
    dest = {m.id: (m.x + 2.9, m.y) for m in models[:2]}
    reason = close_in_problem(b.state, b.geo, "s0u0", dest, "pile in")
    assert reason and "one connected group" in reason


def test_coherency_offered_moves_round_rocks_never_split_the_unit():
    """The preset moves: a rock in front of the middle of the line used to leave the models
    behind it stopped while the others went on, two clumps. Every offered move now keeps the
    unit one group (shorter moves are offered instead)."""
    rock = Terrain(frozenset({"impassable"}), ((12.0, 21.3), (14.0, 21.3), (14.0, 27.0),
                                               (12.0, 27.0)))
    b = Battle([("Company", "line_company", ["line_marines"]),
                ("Horde", "brute_horde", ["brute_mob"])], terrain=[rock], phase="movement")
    b.place("s0u0", 10.0, 22.0, 0.0)  # a line of five; the rock is in front of three
    b.place("s1u0", 40.0, 22.0, 180.0)
    straight = b.geo.move_toward(b.state, "s0u0", (40.0, 22.0), 6.0, 2.05)
    assert "one connected group" in coherency_problem(b.state, b.geo, "s0u0", straight,
                                                      connected=True)
    moves = [a for a in b.legal() if a.kind == "move" and a.unit == "s0u0"]
    assert moves
    for a in moves:
        assert coherency_problem(b.state, b.geo, "s0u0", a.destinations(),
                                 connected=True) is None, a.label
        assert b.why(a) is None


def test_coherency_a_charge_placement_in_two_clumps_is_refused():
    """Two Marines charge in, three stay where they stood: the charge is refused."""
    b = marines(phase="charge")
    b.place("s1u0", 10.0 + 5.0 + D, 22.0, 180.0)
    b.apply(Action("charge", "s0u0"), 4, 4)
    models = b.state.alive_models("s0u0")
    dest = {m.id: (round(m.x + 4.0, 3), round(m.y, 3)) for m in models[:2]}
    assert coherency_problem(b.state, b.geo, "s0u0", dest) is None
    reason = b.why(Action("charge_move", "s0u0", targets=("s1u0",),
                          placement=make_placement(dest)))
    assert reason and "one connected group" in reason
