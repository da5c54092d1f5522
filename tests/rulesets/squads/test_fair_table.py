"""Fair defaults (issue 10, guarantee 4): the shipped squads table is the same seen from either
zone (see tests/rulesets/table_symmetry.py for why a half turn). The first map had its woods
(difficult ground) in the north only, where one side's flank units deploy and not the other's:
with the zones swapped between the seats, the Brute Horde went from 15 to 8 wins of 40 greedy
mirrors; on this table the two forces win 18 and 21."""

import pytest

from game.io.tmx import MAPS_DIR, load_scenario
from game.rulesets.squads import RULESET
from tests.rulesets.table_symmetry import (
    assert_mirror_deploys_on_the_same_ground,
    assert_same_after_a_half_turn,
)

MAP = MAPS_DIR / "squads_ruined_outpost.tmx"


def test_squads_table_is_the_same_after_a_half_turn():
    assert_same_after_a_half_turn(load_scenario(MAP))


@pytest.mark.parametrize("force", ["brute_horde", "line_company"])
def test_squads_mirror_deploys_each_side_on_the_same_ground(force):
    assert_mirror_deploys_on_the_same_ground(RULESET, load_scenario(MAP), force)
