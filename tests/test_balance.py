"""Fair defaults: every profile has a points value, and the shipped forces of a ruleset are
equal in points (issue 10, general guarantee 4). The points are data (game/data/*.toml, each
file explains its cost model); these tests keep the data honest, the mirrors benchmark
(benchmarks/mirrors.py) measures whether the battles are even."""

import pytest

from game.core.errors import DataError
from game.data.loader import load_ruleset_data
from game.rulesets.cards.profile import DEFAULT_FORCES as CARDS_FORCES
from game.rulesets.cards.profile import cards_data
from game.rulesets.legions.profile import DEFAULT_FORCES as LEGIONS_FORCES
from game.rulesets.legions.profile import legions_data
from game.rulesets.ranks.profile import DEFAULT_FORCES as RANKS_FORCES
from game.rulesets.ranks.profile import ranks_data
from game.rulesets.squads.profile import DEFAULT_FORCES as SQUADS_FORCES
from game.rulesets.squads.profile import SCHEMA, squads_data
from game.rulesets.warband.profile import DEFAULT_FORCES as WARBAND_FORCES
from game.rulesets.warband.profile import warband_data

#: Each ruleset's data and the forces its battles play by default (warband: all four, since a
#: battle of 2, 3 or 4 warbands takes the first of them).
SHIPPED = {
    "squads": (squads_data, SQUADS_FORCES),
    "warband": (warband_data, WARBAND_FORCES),
    "cards": (cards_data, CARDS_FORCES),
    "legions": (lambda: legions_data().base, LEGIONS_FORCES),
    "ranks": (ranks_data, RANKS_FORCES),
}

GOOD = ("[profiles.a]\nname='A'\nmodels=2\nbase='32'\n{points}M=6\nT=4\nSv=3\nW=1\nLd=7\nOC=1\n"
        "weapon='w'\nA=1\nWS=3\nS=4\nAP=0\nD=1\n"
        "[profiles.b]\nname='B'\nmodels=1\nbase='40'\npoints=30\nM=6\nT=4\nSv=3\nW=3\nLd=7\n"
        "OC=1\nweapon='w'\nA=3\nWS=3\nS=5\nAP=-1\nD=2\n"
        "[forces.f]\nname='F'\nunits=['a', 'a', 'b']\n")


@pytest.mark.parametrize("ruleset", sorted(SHIPPED))
def test_every_shipped_profile_has_a_points_value(ruleset):
    data = SHIPPED[ruleset][0]()
    missing = [p.id for p in data.profiles.values() if p.points is None]
    assert not missing, f"{ruleset}: profiles without points: {missing}"
    assert all(p.points >= 1 for p in data.profiles.values())


@pytest.mark.parametrize("ruleset", sorted(SHIPPED))
def test_the_shipped_forces_of_a_ruleset_are_equal_in_points(ruleset):
    load, forces = SHIPPED[ruleset]
    data = load()
    totals = {f: data.force_points(f) for f in forces}
    assert len(set(totals.values())) == 1, f"{ruleset}: {totals}"


def test_a_force_costs_the_sum_of_its_units_points(tmp_path):
    path = tmp_path / "priced.toml"
    path.write_text(GOOD.format(points="points=12\n"))
    data = load_ruleset_data("squads", SCHEMA, path)
    assert data.profiles["a"].points == 12 and data.profiles["b"].points == 30
    assert data.force_points("f") == 12 + 12 + 30


def test_points_are_not_a_characteristic_and_may_be_left_out(tmp_path):
    """No rule reads points: they stay out of the stats the rules see; a profile without them
    loads (test data need not price its units), and then its force has no total."""
    path = tmp_path / "unpriced.toml"
    path.write_text(GOOD.format(points=""))
    data = load_ruleset_data("squads", SCHEMA, path)
    assert data.profiles["a"].points is None and "points" not in data.profiles["b"].stats
    assert data.force_points("f") is None


@pytest.mark.parametrize(("points", "problem"), [("points=0\n", "points must be at least 1"),
                                                 ("points='ten'\n", "points must be int")])
def test_bad_points_are_one_clear_error(tmp_path, points, problem):
    path = tmp_path / "badly_priced.toml"
    path.write_text(GOOD.format(points=points))
    with pytest.raises(DataError, match=problem):
        load_ruleset_data("squads", SCHEMA, path)

