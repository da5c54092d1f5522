"""The greedy values' shortcuts for moves (move_value.py), each tested against the long way at
the Movement decisions of greedy battles. The ground a Move closes (ranked_gap): the least gap
from the moved models to the enemy, measured row by row from the nearest bound and stopped
where no row's bound, less the move's length, can beat the gap found: the same float as every
pair measured. Who stands near an objective (Board.near_point): a base with corners whose
bounding circle is out of range is not measured by the table: the same answer."""

import math

from game.rulesets.base import OBJECTIVE_RANGE
from game.rulesets.legions import consolidation, move_value
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


def test_the_boards_objective_tallies_ask_every_model_the_long_way():
    """The board asks near_point only of models whose bounding circle comes within range (plus
    NEAR_SLACK): the same tallies and the same models as asking every model."""
    counted = spared = 0
    for seed in (0, 1):
        stages, geo = declaration_stages(seed, 30, "move")
        for s, _ in stages:
            b = move_value.Board(s, geo)
            for point, counts, inside in b.objectives:
                long_inside = {m.id for m in s.models.values()
                               if m.alive and b.near_point(m, point)}
                long_counts = {}
                for mid in long_inside:
                    side = s.models[mid].side
                    long_counts[side] = long_counts.get(side, 0) + 1
                assert (counts, inside) == (long_counts, long_inside)
                counted += len(inside)
                spared += sum(math.hypot(point[0] - m.x, point[1] - m.y) - m.base.radius
                              > OBJECTIVE_RANGE + move_value.NEAR_SLACK
                              for m in s.models.values() if m.alive)
    assert counted > 50 and spared > 1000
    # at the edge: a round base stood every 0.01" across the range's edge is tallied as asked
    for step in range(-20, 21):
        probe = next(m for m in s.models.values() if m.alive and m.base.kind == "round")
        obj = s.scenario.objectives[0]
        probe.x = obj.x + OBJECTIVE_RANGE + probe.base.width / 2 + step * 0.01
        probe.y = obj.y
        b = move_value.Board(s, geo)
        assert (probe.id in b.objectives[0][2]) is b.near_point(probe, (obj.x, obj.y))
        assert (probe.id in b.objectives[0][2]) is (step <= 0)


def test_a_board_of_the_position_copy_values_as_one_of_the_whole_state():
    """A board reads only the position (GameState.position_copy leaves the pending steps
    out): every Move and aftermath option of greedy battles is valued as by a board of a
    whole copy of the state, and the copy does not follow the live state once it moves."""
    valued = 0
    for kind in ("move", "aftermath"):
        for seed in (0, 1):
            stages, geo = declaration_stages(seed, 12, kind)
            for s, legal in stages:
                light = move_value.Board(s.position_copy(), geo)
                whole = move_value.Board(s.copy(), geo)
                for a in legal:
                    if a.kind != kind or (kind == "aftermath" and not a.option.startswith(
                            "consolidate")):
                        continue
                    estimate = consolidation.estimate if kind == "aftermath" else None
                    assert (move_value._move_value(s, light, a, estimate)
                            == move_value._move_value(s, whole, a, estimate))
                    valued += 1
    assert valued > 100
    s = stages[0][0]
    copy = s.position_copy()
    model = next(m for m in s.models.values() if m.alive)
    model.x += 1.0
    assert copy.models[model.id].x == model.x - 1.0
