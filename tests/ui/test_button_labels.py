"""Buttons under a unit's heading do not repeat the unit's name, so the choice itself fits the
button (the full label stays the row's text and its tooltip)."""

from game.ui.screens.battle.decision_list import _without_title


def test_a_verb_then_the_acting_unit_keeps_the_verb_and_drops_the_name():
    assert _without_title("Move Line Squad toward Ember Squad I", "Line Squad") == \
        "Move toward Ember Squad I"
    assert _without_title("Charge with Brute Mob (roll 2D6)", "Brute Mob") == "Charge (roll 2D6)"
    assert _without_title("Fight with Brute Mob I", "Brute Mob I") == "Fight"


def test_a_target_whose_name_starts_like_the_unit_is_kept_whole():
    assert _without_title("Charge Ember Squad II", "Ember Squad I") == "Charge Ember Squad II"
    assert _without_title("Zealot IV: charge Duellist", "Zealot IV") == "Charge Duellist"
