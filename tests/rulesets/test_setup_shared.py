"""The shared set-up (game/rulesets/setup.py): unique names in the whole battle, and a map's
units layer that any force can be played on."""

from game import rulesets
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.setup import model_name, roman, unit_names


def test_a_name_fielded_twice_in_the_battle_is_numbered_with_roman_numerals():
    assert unit_names([["Line Marines", "Warden"], ["Line Marines", "Brute Mob"]]) == [
        ["Line Marines I", "Warden"], ["Line Marines II", "Brute Mob"]]
    assert [roman(n) for n in (1, 4, 9, 12, 40)] == ["I", "IV", "IX", "XII", "XL"]


def test_a_model_is_named_as_a_model_of_its_unit():
    assert model_name("Brute Mob II", 0) == "Brute Mob II #1"


def test_a_force_the_units_layer_was_not_laid_out_for_still_deploys():
    """The legions map's units layer stands the Azure carrier beside the Veteran Guard; the
    Ashen Legion, played on side 0 instead, fields no Veteran Guard: its units deploy in its zone."""
    ruleset = rulesets.get("legions")
    scenario = load_scenario(default_map_for("legions"))
    s = ruleset.new_game(scenario, 1, ["ashen_legion", "azure_legion"])
    assert s.sides[0].force == "ashen_legion"
    assert all(m.x or m.y for m in s.models.values() if m.alive)
