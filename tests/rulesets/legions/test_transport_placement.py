"""Placing passengers round a hull (transports.ring_placement: disembarking, a wreck's
passengers) finds the spots the long way finds: each model takes the first spot, nearest the
goal, within reach of the hull, on the table, off every base and clear of enemies. The
shortcut (each spot's hull, table and board tests worked out once per base, spots out of
reach refused by their bounding circle) is compared with that long way on random boards."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rulesets.legions import transports
from tests.rulesets.legions.test_transports import carrier_battle, embark, next_turn_for


def long_way(s, geo, unit_id, ship, reach, goal, keep_away=transports.KEEP_AWAY):
    """ring_placement as first written: every test for every model and spot."""
    models = transports.aboard(s, unit_id)
    if not models:
        return None
    size = max(m.base.width for m in models) + 0.15
    span = ship.base.radius + reach + size
    steps = int(math.ceil(span / size))
    spots = sorted(((ship.x + i * size, ship.y + j * size) for i in range(-steps, steps + 1)
                    for j in range(-steps, steps + 1)),
                   key=lambda p: ((p[0] - goal[0]) ** 2 + (p[1] - goal[1]) ** 2, p))
    others = [m for m in s.models.values() if m.alive and m.unit != unit_id]
    enemies = [m for m in others if m.side != s.units[unit_id].side]
    placed, dest = [], {}
    for m in models:
        for x, y in spots:
            probe = m.copy()
            probe.x, probe.y, probe.alive = x, y, True
            if not (geo.distance(probe, ship) <= reach - 0.01 and geo.distance(probe, ship) > 0.01
                    and transports.on_table(probe, s)
                    and all(geo.distance(probe, o) > 0.01 for o in others + placed)
                    and all(geo.distance(probe, e) >= keep_away + 0.01 for e in enemies)):
                continue
            placed.append(probe)
            dest[m.id] = (x, y)
            break
        else:
            return None
    return dest


@settings(max_examples=60, deadline=None)
@given(st.floats(22.0, 34.0), st.floats(16.0, 32.0), st.floats(0.0, 360.0),
       st.tuples(st.floats(0.0, 48.0), st.floats(0.0, 48.0)), st.sampled_from([2.0, 3.0]),
       st.floats(0.0, 360.0))
def test_passengers_are_placed_where_the_long_way_places_them(enemy_x, enemy_y, facing, goal,
                                                               reach, ship_facing):
    """The enemy squad stands anywhere from touching the hull to a few inches off, so that
    spots are refused for every reason; the hull turns too (its corners)."""
    b = carrier_battle(enemy_x=40.0)
    b.apply(embark(b))
    b.place("s1u0", enemy_x, enemy_y, facing)
    ship = b.state.models["s0u0m0"]
    ship.facing = ship_facing
    expected = long_way(b.state, b.geo, "s0u1", ship, reach, goal)
    assert transports.ring_placement(b.state, b.geo, "s0u1", ship, reach, goal) == expected


@settings(max_examples=40, deadline=None)
@given(st.tuples(st.floats(2.0, 70.0), st.floats(2.0, 46.0)),
       st.sampled_from(["none", "move", "regroup"]), st.floats(8.0, 30.0))
def test_remembered_disembark_offers_are_the_offers_worked_out_afresh(friend, enemy, enemy_y):
    """The offers are asked once, then a friendly unit moves (near the hull, where the offers
    change, or far, where the remembered ones are given) and the enemy may move or its models
    change hands: the offers given are those worked out afresh on the new board."""
    b = carrier_battle(riders=("veteran_guard", "veteran_guard"), enemy_x=40.0)
    b.apply(embark(b))
    next_turn_for(b, "s0u1")
    transports.disembark_offers(b.state, b.geo, "s0u1")
    b.place("s0u2", friend[0], friend[1], 90.0)
    if enemy == "move":
        b.place("s1u0", 34.0, enemy_y, 180.0)
    elif enemy == "regroup":  # a model leaves the enemy unit's roll: no model moves
        foe = b.state.units["s1u0"]
        foe.models = foe.models[-1:]
    ship = transports.hull(b.state, "s0u0")
    fresh = transports._work_out_offers(b.state, b.geo, "s0u1", ship)
    assert transports.disembark_offers(b.state, b.geo, "s0u1") == fresh


def test_the_offers_key_follows_the_enemy_units_rolls_and_the_friends_by_the_hull():
    """A model changing enemy unit moves nothing yet may move the goal (the unit's middle):
    the key changes; a friend moving far from the hull keeps it; one moving by it does not."""
    b = carrier_battle(riders=("veteran_guard", "veteran_guard"), enemy_x=40.0)
    b.apply(embark(b))
    ship = transports.hull(b.state, "s0u0")
    b.place("s0u2", 60.0, 40.0, 90.0)
    first = transports._offers_key(b.state, "s0u1", ship)
    b.place("s0u2", 58.0, 38.0, 90.0)
    far = transports._offers_key(b.state, "s0u1", ship)
    assert far == first
    b.place("s0u2", 20.0, 30.0, 90.0)
    assert transports._offers_key(b.state, "s0u1", ship) != far
    b.place("s0u2", 58.0, 38.0, 90.0)
    foe = b.state.units["s1u0"]
    foe.models = foe.models[-1:]
    assert transports._offers_key(b.state, "s0u1", ship) != far
