"""A charge's sight (charge.sight_distance, step 2) measures only the pairs of models whose
bounding circles come within 12": tested against the long way (every pair measured and sorted,
sight asked nearest first) for every pair of enemy units at the positions of greedy battles
(vehicles among them), and across the 12" edge."""

import pytest

from game.rulesets.legions import charge
from tests.rulesets.legions.battle import Battle, facing_lines
from tests.rulesets.legions.test_contact_shortcuts import greedy_positions


def long_way(s, geo, unit_id, target_id):
    if geo.unit_distance(s, unit_id, target_id) > charge.CHARGE_RANGE + 1e-9:
        return None
    pairs = sorted((geo.distance(a, b), a.id, b.id) for a in s.alive_models(unit_id)
                   for b in s.alive_models(target_id))
    for d, a, b in pairs:
        if d > charge.CHARGE_RANGE + 1e-9:
            return None
        if geo.line_of_sight(s, s.models[a], s.models[b]):
            return d
    return None


def test_sight_as_every_pair_measured_in_greedy_battles():
    asked = seen = 0
    for seed in (0, 1):
        for s, geo in greedy_positions(seed, 300):
            units = [u for u in s.units.values() if s.unit_alive(u.id)]
            for a in units:
                for b in units:
                    if a.side == b.side:
                        continue
                    quick = charge.sight_distance(s, geo, a.id, b.id)
                    assert quick == long_way(s, geo, a.id, b.id), (seed, a.id, b.id)
                    asked += 1
                    seen += quick is not None
    assert asked > 5000 and seen > 500


@pytest.mark.parametrize("slack", [-1e-4, 1e-4])
def test_sight_at_the_12_inch_edge(slack):
    b = facing_lines(charge.CHARGE_RANGE + slack, files=1)
    s, geo = b.state, b.geo
    expected = long_way(s, geo, "s0u0", "s1u0")
    assert (expected is not None) is (slack < 0)
    assert charge.sight_distance(s, geo, "s0u0", "s1u0") == expected


def test_a_vehicle_moved_into_the_way_is_asked_afresh():
    """The remembered sight reads every model that blocks it (third living models of the
    vehicle type: a legions Vehicle, its type spelled "Vehicle" in the data): driven between
    the two units, the tank blocks the sight that was there, and the distance asked again
    says so (charge step 2: line of sight)."""
    b = Battle(["hammer_paragon", "battle_tank"], ["hammer_paragon"])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 28.0, 24.0, 180.0)
    b.place("s0u1", 60.0, 40.0, 90.0)
    s, geo = b.state, b.geo
    seen = charge.sight_distance(s, geo, "s0u0", "s1u0")
    assert seen is not None and seen == long_way(s, geo, "s0u0", "s1u0")
    tank = s.alive_models("s0u1")[0]
    assert tank.profile["type"] == "Vehicle"
    assert charge.sight_distance(s, geo, "s0u0", "s1u0") == seen
    tank.x, tank.y = 24.0, 24.0
    assert long_way(s, geo, "s0u0", "s1u0") is None
    assert charge.sight_distance(s, geo, "s0u0", "s1u0") is None
