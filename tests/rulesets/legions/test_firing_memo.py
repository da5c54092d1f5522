"""Who may fire in a volley or an Overwatch volley (volley.shooters, overwatch_shooters) is
remembered under all it reads (the unit's standing models, the target's, every model that
blocks sight): the same models and weapons as worked out afresh, for every pair of enemy
units at the positions of greedy battles, and asked afresh when a vehicle moves into the way
or a model falls."""

from game.rulesets.legions import volley
from tests.rulesets.legions.battle import Battle
from tests.rulesets.legions.test_contact_shortcuts import greedy_positions


def _ids(pairs):
    return [(m.id, w.id) for m, w in pairs]


def test_the_remembered_shooters_are_those_worked_out_in_greedy_battles():
    asked = firing = 0
    for seed in (0, 1):
        for s, geo in greedy_positions(seed, 250):
            units = [u for u in s.units.values() if s.unit_alive(u.id)]
            for a in units:
                for b in units:
                    if a.side == b.side:
                        continue
                    for ask, work in ((volley.shooters, volley._shooters),
                                      (volley.overwatch_shooters, volley._overwatch_shooters)):
                        fresh = _ids(work(s, geo, a.id, b.id))
                        assert _ids(ask(s, geo, a.id, b.id)) == fresh, (seed, a.id, b.id)
                        assert _ids(ask(s, geo, a.id, b.id)) == fresh
                        asked += 1
                        firing += bool(fresh)
    assert asked > 2000 and firing > 200


def test_a_vehicle_in_the_way_and_a_fallen_shooter_are_asked_afresh():
    b = Battle(["line_squad", "battle_tank"], ["hammer_paragon"])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 28.0, 24.0, 180.0)
    b.place("s0u1", 60.0, 40.0, 90.0)
    s, geo = b.state, b.geo
    seen = _ids(volley.overwatch_shooters(s, geo, "s0u0", "s1u0"))
    assert seen and seen == _ids(volley._overwatch_shooters(s, geo, "s0u0", "s1u0"))
    first = s.models[seen[0][0]]
    first.wounds = 0
    fewer = _ids(volley.overwatch_shooters(s, geo, "s0u0", "s1u0"))
    assert fewer == _ids(volley._overwatch_shooters(s, geo, "s0u0", "s1u0"))
    assert all(mid != first.id for mid, _ in fewer)
    tank = s.alive_models("s0u1")[0]
    tank.x, tank.y = 25.0, 24.0
    blocked = _ids(volley.overwatch_shooters(s, geo, "s0u0", "s1u0"))
    assert blocked == _ids(volley._overwatch_shooters(s, geo, "s0u0", "s1u0"))
    assert blocked != fewer
