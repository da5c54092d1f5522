"""`skirmish simulate --log --lang fr|ru` prints the whole battle in that language: every line
of the English run comes out different, except lines with no words in them (dice, numbers).

The check is the engine's share (domains core, learn, maps): a line that stays English only
because a message of a ruleset's own catalog is not translated yet is that ruleset's work, and
is let through here (its own battle-log test catches it); a missing engine message, or an engine
line (game header, summary) left in English, fails.
"""

from __future__ import annotations

import re

import pytest

import game.cli
import game.i18n
import game.sim
from game.cli import main
from game.i18n.extract import extract

RULESETS = ("squads", "warband", "cards", "legions", "ranks")
ENGINE = {"core", "learn", "maps"}
#: A word: three letters or more that are not a Roman numeral ("IV" tells units apart).
WORD = re.compile(r"(?![IVXLC]+\b)[^\W\d_]{3,}")
REAL_TRANSLATE = game.i18n.translate


@pytest.fixture(scope="module")
def domains() -> dict[str, str]:
    return {msgid: domain for domain, found in extract().items() for msgid, _ in found}


def printed(ruleset_id: str, lang: str, monkeypatch, capsys) -> tuple[list[str], list[list]]:
    """The lines `simulate --log` prints, and for each the message ids it showed untranslated."""
    real = REAL_TRANSLATE
    misses: list[list[str]] = []
    depth = [0]

    def spy(text, lang=None, found=None, part=False):
        """Records what each printed line left untranslated (a line's parts are translated by
        nested calls: they report to the line's own list)."""
        if depth[0]:
            return real(text, lang, found, part)
        missed: list[str] = []
        depth[0] += 1
        try:
            out = real(text, lang, missed.append, part)
        finally:
            depth[0] -= 1
        misses.append(missed)
        return out

    real_build = game.cli.build_parser

    def build():
        """The parser's help texts are translated as it is built: they are not printed lines."""
        depth[0] += 1
        try:
            return real_build()
        finally:
            depth[0] -= 1

    monkeypatch.setattr(game.cli, "build_parser", build)
    monkeypatch.setattr(game.sim, "translate", spy)
    monkeypatch.setattr(game.i18n, "translate", spy)
    capsys.readouterr()
    try:
        assert main(["simulate", "--ruleset", ruleset_id, "--games", "1", "--log",
                     "--lang", lang]) == 0
    finally:
        game.i18n.set_language("en")
    lines = capsys.readouterr().out.splitlines()
    return lines, misses


@pytest.mark.parametrize("lang", ("fr", "ru"))
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_simulate_log_prints_every_engine_line_translated(ruleset_id, lang, domains,
                                                          monkeypatch, capsys):
    english, _ = printed(ruleset_id, "en", monkeypatch, capsys)
    shown, misses = printed(ruleset_id, lang, monkeypatch, capsys)
    assert len(shown) == len(english)
    engine_misses = sorted({m for found in misses for m in found
                            if domains.get(m, "NOT MARKED") in ENGINE})
    assert not engine_misses, f"engine messages not translated in {lang}: {engine_misses[:10]}"
    # each printed line went through one translate call: pair them up (multi-line texts, such
    # as --explain blocks, are not printed without --explain)
    assert len(misses) == len(shown)
    left_english = [line for line, there, found in zip(english, shown, misses, strict=True)
                    if line == there and WORD.search(line)
                    and not any(domains.get(m, "NOT MARKED") not in ENGINE for m in found)]
    assert not left_english, f"lines still in English in {lang}: {left_english[:5]}"


def test_the_summary_line_is_translated(monkeypatch, capsys):
    """The line after the battle (games, wins, draws, rounds) is the CLI's own."""
    english, _ = printed("squads", "en", monkeypatch, capsys)
    french, _ = printed("squads", "fr", monkeypatch, capsys)
    assert english[-1].startswith("1 games (squads): side 1: ")
    assert french[-1].startswith("1 parties (escouades) : camp 1 : ")
