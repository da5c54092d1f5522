"""Fair defaults (issue 10, guarantee 4): the shipped cards table is the same seen from either
zone (see tests/rulesets/table_symmetry.py for why a half turn). The first map had both woods in
the north and the creek across the south, the same only in a mirror, while each side's flank
units deploy a half turn from the other's: the side in the east zone won 28 of 40 greedy mirrors
(22 of 40 with the zones swapped between the seats), and 19 of 40 on this table."""

import pytest

from game.io.tmx import MAPS_DIR, load_scenario
from game.rulesets.cards import RULESET
from tests.rulesets.table_symmetry import (
    assert_mirror_deploys_on_the_same_ground,
    assert_same_after_a_half_turn,
)

MAP = MAPS_DIR / "cards_frontier_stockade.tmx"


def test_cards_table_is_the_same_after_a_half_turn():
    assert_same_after_a_half_turn(load_scenario(MAP))


@pytest.mark.parametrize("force", ["garrison_column", "frontier_war_party"])
def test_cards_mirror_deploys_each_side_on_the_same_ground(force):
    assert_mirror_deploys_on_the_same_ground(RULESET, load_scenario(MAP), force)
