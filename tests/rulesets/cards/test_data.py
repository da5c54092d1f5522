"""The `cards` data (game/data/cards.toml): profiles of the spec, two forces, 25 mm bases."""

import pytest

from game.core.errors import DataError
from game.rulesets.cards.profile import DISCIPLINES, TALENTS, cards_data

GOOD = """
[profiles.a]
name = "A"
models = 4
base = "25"
M = 6
Aggression = 4
Defence = 4
Discipline = "{discipline}"
{extra}
[forces.f]
name = "F"
units = ["a"]
"""


def test_shipped_data_has_two_forces_of_small_units_on_25mm_round_bases():
    """Profiles: M, Aggression, Defence, Discipline, officer talents; units of 4-12 figures."""
    data = cards_data()
    assert {"garrison_column", "frontier_war_party"} <= set(data.forces)
    for profile in data.profiles.values():
        assert profile.base.kind == "round" and profile.base.width_mm == 25
        assert 4 <= profile.models <= 12
        assert profile.stats["Discipline"] in DISCIPLINES
        assert set(profile.stats.get("talents", [])) <= set(TALENTS)
    regulars = data.profiles["regulars"].stats
    assert (regulars["M"], regulars["Aggression"], regulars["Defence"],
            regulars["Discipline"]) == (6, 4, 4, "Regular")   # the spec's example


@pytest.mark.parametrize(("discipline", "extra", "problem"), [
    ("Heroic", "", "Discipline must be one of"),
    ("Elite", "officer = \"O\"\ntalents = [\"lucky\"]", "unknown talent 'lucky'"),
    ("Elite", "talents = [\"fierce\"]", "has talents but no officer"),
])
def test_bad_profiles_are_one_clear_error(tmp_path, discipline, extra, problem):
    path = tmp_path / "cards_bad.toml"
    path.write_text(GOOD.format(discipline=discipline, extra=extra))
    with pytest.raises(DataError) as err:
        cards_data(path)
    assert problem in str(err.value) and "cards_bad.toml" in str(err.value)


def test_the_officer_is_the_units_first_figure():
    from game.core.state import Scenario
    from game.rulesets.cards.profile import OFFICER, officer_of
    from game.rulesets.cards.setup import build_state

    s = build_state("cards", Scenario(48, 48), 0, [("A", "garrison_column", ["regulars"]),
                                                   ("B", "frontier_war_party", ["settlers"])])
    officer = officer_of(s, "s0u0")
    assert officer.id == "s0u0m0" and OFFICER in officer.statuses
    assert officer.name == "Lieutenant (Regulars)"
