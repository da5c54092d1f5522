"""The one place that writes counts and possessives (game/core/text.py)."""

from game.core.text import count, plural, possessive


def test_count_singular_and_plural():
    assert count(1, "wound") == "1 wound"
    assert count(2, "wound") == "2 wounds"
    assert count(0, "hit") == "0 hits"
    assert count(1, "action") == "1 action"


def test_count_irregular_nouns():
    assert count(1, "die") == "1 die" and count(3, "die") == "3 dice"
    assert count(2, "casualty") == "2 casualties"
    assert plural("fumble") == "fumbles" and plural("pass") == "passes"


def test_possessive_of_a_name_ending_in_s():
    assert possessive("Stompers") == "Stompers'"
    assert possessive("Brute Mob II") == "Brute Mob II's"
