"""The goals a unit's Move and Run intents head for (move_intents.goals) are remembered per
table under all they read: the unit's models, every enemy unit's models, the objectives. Tested
against the goals worked out afresh at every Movement decision of greedy battles, and where
one enemy model moves (the nearest enemy unit changes) or a base changes size."""

import dataclasses

from game.rulesets.legions import move_intents
from game.rulesets.legions.movement import KEEP_AWAY, OBJECTIVES_OFFERED
from tests.rulesets.legions.battle import declaration_stages, facing_lines


def _fresh(s, geo, unit_id):
    return move_intents._goals(s, geo, unit_id, KEEP_AWAY, OBJECTIVES_OFFERED)


def test_the_remembered_goals_are_those_worked_out_afresh_in_battle():
    asked = 0
    for seed in (0, 1):
        stages, geo = declaration_stages(seed, 12, "move")
        for s, _ in stages:
            for unit in s.units.values():
                if s.unit_alive(unit.id):
                    for _ in range(2):  # worked out, then remembered
                        assert move_intents.goals(s, geo, unit.id, KEEP_AWAY,
                                                  OBJECTIVES_OFFERED) == _fresh(s, geo, unit.id)
                        asked += 1
    assert asked > 200


def test_an_enemy_moved_or_a_base_changed_is_asked_afresh():
    b = facing_lines(6.0, side1=("ember_squad", "ember_squad"))
    s, geo = b.state, b.geo
    b.place("s1u1", 60.0, 40.0, 180.0)
    before = move_intents.goals(s, geo, "s0u0", KEEP_AWAY, OBJECTIVES_OFFERED)
    assert before[0] == "toward:s1u0"
    # the second enemy unit comes nearest (one model is enough)
    near = s.alive_models("s1u1")[0]
    first = s.alive_models("s0u0")[0]
    near.x, near.y = first.x, first.y - 3.0
    after = move_intents.goals(s, geo, "s0u0", KEEP_AWAY, OBJECTIVES_OFFERED)
    assert after == _fresh(s, geo, "s0u0") and after[0] == "toward:s1u1"
    # a base of that model shrinks back out of the 1" gap's reach: asked afresh too
    near.y = first.y - 1.0 - 2 * near.base.radius
    held = move_intents.goals(s, geo, "s0u0", KEEP_AWAY, OBJECTIVES_OFFERED)
    near.base = dataclasses.replace(near.base, width_mm=20.0, depth_mm=20.0)
    changed = move_intents.goals(s, geo, "s0u0", KEEP_AWAY, OBJECTIVES_OFFERED)
    assert changed == _fresh(s, geo, "s0u0") and changed != held
