"""Checks that a two-side table is the same seen from either zone (fair defaults, issue 10).

Why a half turn: the automatic deployment (core/deploy.py) sets each side's units out the same
way seen from its own zone, which for two facing zones is a half turn of the other side's set-up.
So both sides stand on the same ground only if the table is the same after a half turn: every
terrain piece, the zones and the objectives; and a battle of one force against itself then
deploys each model of side 1 exactly where its twin of side 0 stands, turned.
"""

import math


def half_turned(points, width, height):
    return [(width - x, height - y) for x, y in points]


def same_cycle(actual, expected, tolerance=1e-3) -> bool:
    """The same vertices as a cycle, in either direction."""
    if len(actual) != len(expected):
        return False
    for candidate in (list(expected), list(reversed(expected))):
        for shift in range(len(candidate)):
            rolled = candidate[shift:] + candidate[:shift]
            if all(math.dist(a, b) <= tolerance for a, b in zip(actual, rolled, strict=True)):
                return True
    return False


def assert_same_after_a_half_turn(scenario):
    w, h = scenario.width, scenario.height
    for piece in scenario.terrain:
        turned = half_turned(piece.polygon, w, h)
        assert any(other.kinds == piece.kinds and same_cycle(other.polygon, turned)
                   for other in scenario.terrain), f"{piece.name} has no twin after a half turn"
    zones = scenario.deployment
    assert same_cycle(zones[1], half_turned(zones[0], w, h))
    spots = sorted((o.x, o.y) for o in scenario.objectives)
    assert sorted((w - x, h - y) for x, y in spots) == spots


def assert_mirror_deploys_on_the_same_ground(ruleset, scenario, force):
    """One force against itself: each model of side 1 stands where its side-0 twin does, turned."""
    s = ruleset.new_game(scenario, 0, [force, force])
    for m in s.models.values():
        if m.side == 0:
            twin = s.models["s1" + m.id[2:]]
            turned = (scenario.width - m.x, scenario.height - m.y)
            assert math.dist((twin.x, twin.y), turned) < 1e-6, m.id
