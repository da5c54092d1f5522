"""The models a remembered move or charge search depends on besides its own unit
(movement.neighbours): every other living model whose centre stands within the reach of one of
the unit's centres, and every model of the target. It asks a box round the unit first; tested
against the long way (every model measured) for every unit, target and reach at the charge
declarations and Movement decisions of a greedy battle, and at the box's very edge."""

from game.rulesets.legions import movement
from tests.rulesets.legions.battle import declaration_stages, facing_lines


def _long_neighbours(s, unit_id, reach, also=None):
    mine = s.alive_models(unit_id)
    return tuple(sorted(
        (m.id, m.x, m.y, m.facing, m.base.kind, m.base.width_mm, m.base.depth_mm)
        for m in s.models.values()
        if m.alive and m.unit != unit_id and (m.unit == also or any(
            (m.x - o.x) ** 2 + (m.y - o.y) ** 2 <= reach ** 2 for o in mine))))


def test_the_neighbours_are_the_long_ways_in_battle():
    compared = partial = 0
    for kind in ("declare_charge", "move"):
        stages, _ = declaration_stages(0, 6, kind)
        for s, _ in stages:
            for unit in s.units.values():
                if not s.unit_alive(unit.id):
                    continue
                for enemy in [None] + [e.id for e in s.enemy_units(unit.side)]:
                    for reach in (4.5, 9.5, 15.5):
                        found = movement.neighbours(s, unit.id, reach, also=enemy)
                        assert found == _long_neighbours(s, unit.id, reach, also=enemy)
                        compared += 1
                        partial += 0 < len(found) < len(s.models) - len(unit.models)
    assert compared > 100 and partial > 0


def test_a_model_at_the_reach_is_in_and_one_a_hair_beyond_is_out():
    b = facing_lines(4.0, files=5)
    s = b.state
    first = s.alive_models("s0u0")[0]
    other = s.alive_models("s1u0")[0]
    for reach, inside in ((5.0, True), (5.0 - 1e-7, False)):
        other.x, other.y = first.x + 3.0, first.y + 4.0  # 5" from the first model's centre
        for m in s.alive_models("s1u0")[1:]:
            m.x, m.y = 70.0, 47.0
        for m in s.alive_models("s0u0")[1:]:
            m.x, m.y = first.x - 1.5, first.y
        found = movement.neighbours(s, "s0u0", reach)
        assert found == _long_neighbours(s, "s0u0", reach)
        assert any(row[0] == other.id for row in found) is inside
