"""`--help` and argparse's own refusals in the player's language (game/cli_texts.py), and
`--lang` given before the command as well as after it."""

from __future__ import annotations

import pytest

import game.i18n
from game.cli import main


@pytest.fixture(autouse=True)
def english_after():
    yield
    game.i18n.set_language("en")


def run(argv, capsys):
    capsys.readouterr()
    try:
        code = main(argv)
    except SystemExit as stop:  # --help exits through argparse
        code = stop.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("argv", (["--lang", "fr", "--help"], ["simulate", "--lang", "fr", "-h"]))
def test_help_is_in_french(argv, capsys):
    code, out, _ = run(argv, capsys)
    assert code == 0
    assert out.startswith("utilisation : skirmish")
    assert "afficher cette aide et quitter" in out
    assert "show this help" not in out and "usage:" not in out


def test_every_option_of_simulate_says_what_it_does_in_russian(capsys):
    code, out, _ = run(["--lang", "ru", "simulate", "--help"], capsys)
    assert code == 0 and out.startswith("использование: skirmish simulate")
    for option in ("--ruleset", "--games", "--seed", "--p1", "--json", "--log", "--budget",
                   "--swap-seats", "--lang"):
        line = next(line for line in out.splitlines() if line.strip().startswith(option))
        assert line.split(maxsplit=2)[-1][0].isalpha(), f"{option} has no help: {line!r}"
    assert "агент стороны 1" in out


def test_an_argparse_refusal_is_one_line_in_the_language(capsys):
    code, _, err = run(["odds", "bogus", "--lang", "fr"], capsys)
    assert code == 2
    assert err.strip() == ("skirmish : odds : argument what : choix invalide : 'bogus' "
                           "(choisir parmi 'charge', 'melee')")


def test_lang_before_the_command_is_kept(capsys):
    code, out, _ = run(["--lang", "ru", "simulate", "--ruleset", "warband", "--games", "1"],
                       capsys)
    assert code == 0 and out.startswith("партий: 1 (банда)")


def test_options_before_any_command_are_play_options(capsys):
    code, _, err = run(["--seed", "3", "--map", "nowhere.tmx"], capsys)
    assert code == 2 and "nowhere.tmx" in err and "unrecognized" not in err
