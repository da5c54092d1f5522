"""The local, remembered solving of cards moves (solver.py): the same answers as the table's own
solver, a bound that proves a figure cannot reach contact, and bounded work on issue 11's
seed-5002 position (a charge round a palisade)."""

import time

from game.core.state import Terrain
from game.rulesets.cards import solver
from game.rulesets.cards.activation import RULE_CHARGE, charge_destinations
from tests.rulesets.cards.battle import Battle, column, stand

WALL = Terrain(frozenset({"impassable"}), ((20.0, 0.0), (22.0, 0.0), (22.0, 40.0),
                                           (20.0, 40.0)), "wall")


def three_units(terrain=()):
    b = Battle([("Column", "garrison_column", ["militia", "militia"]),
                ("War Party", "frontier_war_party", ["militia"])], terrain)
    return b


def test_local_approach_gives_the_tables_answer_and_remembers_it():
    """A charge solved on the figures near the unit (a far unit left out) is the table's own
    answer; asked again it comes from memory, as a copy a caller may change."""
    b = three_units()
    stand(b, "s0u0", column(10.0, 10.0, 4))
    stand(b, "s1u0", column(14.0, 10.0, 4))
    stand(b, "s0u1", column(40.0, 40.0, 4))               # far away: cannot matter
    s, geo = b.state, b.geo
    assert "s0u1m0" not in solver.local_ids(s, "s0u0", 6.0, {"s1u0"})
    solver._ANSWERS.clear()
    expected = geo.approach(s, "s0u0", ["s1u0"], 6.0, 0.01)
    found = solver.approach(s, geo, "s0u0", ["s1u0"], 6.0, 0.01)
    assert found == expected
    found["s0u0m0"] = (0.0, 0.0)
    assert solver.approach(s, geo, "s0u0", ["s1u0"], 6.0, 0.01) == expected


def test_may_reach_proves_a_figure_behind_a_wall_cannot_reach_contact():
    """4" apart in a straight line, but a wall 40" long stands between: over open ground the
    path is far longer than the 6" move, so no contact can be made (no search is needed)."""
    b = three_units([WALL])
    stand(b, "s0u0", column(18.0, 20.0, 2))
    stand(b, "s1u0", column(24.0, 20.0, 2))
    s, geo = b.state, b.geo
    assert not solver.may_reach(s, geo, s.models["s0u0m0"], s.alive_models("s1u0"), 6.0)
    assert charge_destinations(s, geo, "s0u0", "s1u0") is None
    # the decision panel and the log can say why no charge is offered
    s.phase = "activate"
    s.pending["activation"] = {"card": "unit:0:militia", "units": ["s0u0"]}
    assert not [a for a in b.legal() if a.option == "charge"]
    why = b.ruleset.withheld(s, geo)
    assert len(why) == 1 and "Militia I cannot charge Militia III" in why[0] and RULE_CHARGE in why[0]
    assert ("Charges not possible", why) in b.ruleset.info_panel(s, geo)  # on the panel too
    stand(b, "s1u0", column(18.0 - 4.0, 20.0, 2))       # same side of the wall: reachable
    assert solver.may_reach(s, geo, s.models["s0u0m0"], s.alive_models("s1u0"), 6.0)
    assert charge_destinations(s, geo, "s0u0", "s1u0") is not None


def test_a_charge_round_a_palisade_is_refused_without_a_long_search():
    """The shape of issue 11's seed-5002 position: a unit in a yard behind a palisade with a
    gap far away; the charge from outside cannot reach and is not offered, in well under the
    time the table's unbounded detour search takes (0.7-1 s CPU here, seconds in play)."""
    yard = Terrain(frozenset({"impassable"}), ((10.0, 20.0), (30.0, 20.0), (30.0, 22.0),
                                               (10.0, 22.0)), "palisade")
    b = three_units([yard])
    stand(b, "s1u0", [(14.0 + 1.2 * i, 19.0) for i in range(8)])    # in the yard
    stand(b, "s0u0", [(14.0 + 1.2 * i, 23.1) for i in range(8)])    # outside, 4" away
    s, geo = b.state, b.geo
    solver._ANSWERS.clear()
    solver._OPEN_GROUND.clear()
    start = time.process_time()
    assert charge_destinations(s, solver.local(geo), "s0u0", "s1u0") is None
    assert time.process_time() - start < 0.25            # the table alone: ~0.7-1.0 s


def test_one_mover_at_a_time_each_reaches_contact_with_a_near_figure():
    """approach_each: four figures 3" from four enemies each end in base contact, the closest
    first, none on top of another (the table's checks pass on the whole placement)."""
    b = three_units()
    stand(b, "s0u0", column(10.0, 10.0, 4))
    stand(b, "s1u0", column(14.0, 10.0, 4))
    s, geo = b.state, b.geo
    movers = [m.id for m in s.alive_models("s0u0")]
    ends = solver.approach_each(s, geo, "s0u0", movers, ["s1u0"], 6.0, 0.01)
    assert geo.placement_problem(s, ends) is None
    enemies = s.alive_models("s1u0")
    for mid, (x, y) in ends.items():
        probe = s.models[mid].copy()
        probe.x, probe.y = x, y
        assert any(geo.in_contact(probe, e) for e in enemies), mid
