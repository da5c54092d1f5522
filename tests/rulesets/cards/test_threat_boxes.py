"""The threat a unit stands under (evaluation.threat) skips an enemy whose box is out of its
reach before measuring any pair: the same threat as measuring every enemy unit. Random
positions of three units, some in reach and some just out of it."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rulesets.cards import evaluation
from game.rulesets.cards.activation import allowance
from tests.rulesets.cards.battle import Battle, column, stand


def _threat_the_long_way(s, geo, unit_id):
    total = 0.0
    for enemy in s.enemy_units(s.units[unit_id].side):
        if enemy.flags.get("shaken"):
            continue
        if geo.unit_distance(s, unit_id, enemy.id) <= allowance(s, enemy.id):
            total += max(0.0, -evaluation.matchup(s, geo, unit_id, enemy.id))
    return evaluation.THREAT_WEIGHT * total


@settings(max_examples=200, deadline=None)
@given(st.floats(2.0, 40.0), st.floats(2.0, 30.0), st.floats(-12.0, 12.0), st.floats(-12.0, 12.0),
       st.floats(-12.0, 12.0), st.floats(-12.0, 12.0), st.booleans())
def test_the_threat_by_boxes_is_the_threat_measured_pair_by_pair(x, y, dx1, dy1, dx2, dy2,
                                                                  shaken):
    b = Battle([("Column", "garrison_column", ["militia"]),
                ("War Party", "frontier_war_party", ["warriors", "rangers"])])
    stand(b, "s0u0", column(x, y, 4))
    stand(b, "s1u0", column(min(max(x + dx1, 1.0), 47.0), min(max(y + dy1, 1.0), 40.0), 4))
    stand(b, "s1u1", column(min(max(x + dx2, 1.0), 47.0), min(max(y + dy2, 1.0), 40.0), 3))
    s = b.state
    s.units["s1u1"].flags["shaken"] = shaken
    assert evaluation.threat(s, b.geo, "s0u0") == _threat_the_long_way(s, b.geo, "s0u0")
