"""Dice: seeded, logged with labels and rules, scriptable."""

import pytest

from game.core.dice import Dice, ScriptExhausted


def test_same_seed_same_rolls():
    a, b = Dice(7), Dice(7)
    assert [a.d6() for _ in range(50)] == [b.d6() for _ in range(50)]


def test_scripted_values_come_first_then_seeded():
    dice = Dice(1, script=[5, 4])
    roll = dice.roll(2, "charge", "Charge roll")
    assert roll.values == (5, 4) and roll.total == 9 and roll.scripted
    assert 1 <= dice.d6() <= 6


def test_every_roll_is_logged_with_label_and_rule():
    dice = Dice(3)
    dice.roll(3, "hits", "Hit roll")
    dice.d6("save", "Saving throw")
    assert [(r.label, r.rule, len(r.values)) for r in dice.log] == [
        ("hits", "Hit roll", 3), ("save", "Saving throw", 1)]


def test_strict_script_refuses_extra_dice():
    dice = Dice(0, script=[3], strict=True)
    dice.d6()
    with pytest.raises(ScriptExhausted):
        dice.d6()


def test_scripted_value_must_be_a_face():
    with pytest.raises(ValueError):
        Dice(0, script=[7]).d6()
