"""Battles that once broke squads, played again to the end (issues 10 and 11)."""

from game.cli import main


def test_seed_minus_5_pile_in_is_stored_as_checked(capsys):
    """Issue 11: `simulate --seed -5` ended with a pile-in that was checked, then rounded to
    1/1000" (a model that did not move was "moved" a hair) and refused. Offers are now checked
    in the form they are stored in."""
    assert main(["simulate", "--ruleset", "squads", "--seed", "-5", "--json"]) == 0
    assert '"games": 1' in capsys.readouterr().out
