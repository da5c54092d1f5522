"""The nearest enemy unit a Move or Run is offered toward (move_intents.nearest_enemy) is
found measuring only the enemies whose enclosing circle could beat the least gap found: tested
against the long way (the least (unit_distance, id) over every enemy unit) for every unit at
the positions of greedy battles, and on a tie, which goes to the first id as before."""

from game.rulesets.legions import move_intents
from tests.rulesets.legions.battle import Battle
from tests.rulesets.legions.test_contact_shortcuts import greedy_positions


def long_way(s, geo, unit_id, enemies):
    return min((geo.unit_distance(s, unit_id, e), e) for e in enemies)


def test_the_nearest_enemy_as_every_enemy_measured_in_greedy_battles():
    asked = skipped = 0
    for seed in (0, 2):
        for s, geo in greedy_positions(seed, 300):
            for unit in s.units.values():
                if not s.unit_alive(unit.id):
                    continue
                enemies = [e.id for e in s.enemy_units(unit.side)]
                if not enemies:
                    continue
                gap, nearest = move_intents.nearest_enemy(s, geo, unit.id, enemies)
                assert (gap, nearest) == long_way(s, geo, unit.id, enemies), (seed, unit.id)
                asked += len(enemies)
                skipped += sum(_circles_gap(s, unit.id, e) - move_intents.CIRCLE_SLACK > gap
                               for e in enemies)
    assert asked > 5000 and skipped > asked / 3


def _circles_gap(s, unit_id, enemy):
    (x, y, r), (ex, ey, er) = (move_intents.enclosing_circle(s, u) for u in (unit_id, enemy))
    return ((ex - x) ** 2 + (ey - y) ** 2) ** 0.5 - r - er


def test_a_tie_goes_to_the_first_id():
    b = Battle(["line_squad"], ["ember_squad", "ember_squad"])
    b.place("s0u0", 30.0, 24.0, 0.0, files=5)
    b.place("s1u1", 40.0, 14.0, 180.0, files=5)
    b.place("s1u0", 40.0, 34.0, 180.0, files=5)  # the mirror image: the very same gap
    s, geo = b.state, b.geo
    gaps = [geo.unit_distance(s, "s0u0", e) for e in ("s1u0", "s1u1")]
    assert gaps[0] == gaps[1]
    for order in (["s1u0", "s1u1"], ["s1u1", "s1u0"]):
        assert move_intents.nearest_enemy(s, geo, "s0u0", order) == (gaps[0], "s1u0")
