"""The greedy values' shortcuts for moves (move_value.py), each tested against the long way at
the Movement decisions of greedy battles. The ground a Move closes (ranked_gap): the least gap
from the moved models to the enemy, measured row by row from the nearest bound and stopped
where no row's bound, less the move's length, can beat the gap found: the same float as every
pair measured. Who stands near an objective (Board.near_point): a base with corners whose
bounding circle is out of range is not measured by the table: the same answer."""

import math

from game.rulesets.base import OBJECTIVE_RANGE
from game.rulesets.legions import move_value
from tests.rulesets.legions.battle import declaration_stages


def _long_gap(geo, models, enemies):
    """Every pair's gap (round bases by arithmetic, others by the table), the least kept."""
    best = math.inf
    for m in models:
        for e in enemies:
            if m.base.kind == "round" and e.base.kind == "round":
                gap = math.hypot(e.x - m.x, e.y - m.y) - m.base.width / 2 - e.base.width / 2
            else:
                gap = geo.distance(m, e)
            best = min(best, gap)
    return max(best, 0.0)


def test_the_gap_after_each_move_is_the_long_ways():
    compared = shaped = 0
    for seed in (0, 1):
        stages, geo = declaration_stages(seed, 30, "move")
        for s, legal in stages:
            b = move_value.board(s, geo)
            for a in legal:
                if a.kind != "move":
                    continue
                dest = move_value._estimated(b, a)
                models = s.alive_models(a.unit)
                enemies = [m for m in s.models.values() if m.alive and m.side != models[0].side]
                assert b.unit_gap(a.unit) == _long_gap(geo, models, enemies)
                moved, farthest = move_value.moved_models(models, dest)
                gap = move_value.ranked_gap(geo, moved, b.ranked(a.unit), farthest)
                assert gap == _long_gap(geo, moved, enemies)
                compared += 1
                shaped += any(e.base.kind != "round" for e in enemies)
    assert compared > 200 and shaped > 0


def test_who_stands_near_an_objective_is_the_tables_answer():
    near = far = 0
    for seed in (0, 1):
        stages, geo = declaration_stages(seed, 30, "move")
        for s, _ in stages:
            b = move_value.board(s, geo)
            for m in s.models.values():
                if not m.alive or m.base.kind == "round":
                    continue
                for obj in s.scenario.objectives:
                    point = (obj.x, obj.y)
                    long = geo.point_distance(m, point) <= OBJECTIVE_RANGE
                    assert b.near_point(m, point) == long
                    near += long
                    far += not long
    assert near > 0 and far > 0
    # and across the range's edge: one such base stood at every 0.05" along a line from one
    # objective, at each of four facings
    vehicle = next(m for m in s.models.values() if m.base.kind != "round")
    obj = s.scenario.objectives[0]
    flips = 0
    for facing in (0.0, 30.0, 90.0, 135.0):
        answers = []
        for step in range(int((OBJECTIVE_RANGE + vehicle.base.radius + 1.0) / 0.05)):
            probe = vehicle.copy()
            probe.x, probe.y, probe.facing = obj.x + step * 0.05, obj.y, facing
            long = geo.point_distance(probe, (obj.x, obj.y)) <= OBJECTIVE_RANGE
            assert b.near_point(probe, (obj.x, obj.y)) == long
            answers.append(long)
        flips += answers.count(True) > 0 and answers.count(False) > 0
    assert flips == 4
