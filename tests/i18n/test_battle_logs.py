"""A whole battle's log in French and in Russian: every line, and every rule a line cites, is
translated (no message id missing from the catalogs), and the battle itself — its events and
their hash — is the same in every language (the rules speak English; only the display does not).
"""

from __future__ import annotations

import pytest

from game import rulesets
from game.i18n import set_ruleset, translate
from game.io.tmx import default_map_for, load_scenario
from game.sim import play_one

RULESETS = ("squads", "warband", "cards", "legions", "ranks")
LANGS = ("fr", "ru")


def battle_events(ruleset_id: str, seed: int = 0):
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    controller = play_one(ruleset, ruleset_id, scenario, seed, ["greedy", "greedy"], None)
    return controller


@pytest.fixture(scope="module")
def battles():
    return {r: battle_events(r) for r in RULESETS}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_whole_battle_log_is_translated(battles, ruleset_id, lang):
    set_ruleset(ruleset_id)
    missed: dict[str, str] = {}
    for event in battles[ruleset_id].events:
        line = event.describe()
        translate(line, lang, lambda m, line=line: missed.setdefault(m, line))
        if event.rule:
            translate(event.rule, lang, lambda m, line=line: missed.setdefault(m, f"rule of {line}"))
    shown = "\n".join(f"{m!r}  (in: {line[:80]})" for m, line in list(missed.items())[:20])
    assert not missed, f"{len(missed)} untranslated messages in {ruleset_id}:\n{shown}"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_log_hash_is_the_same_in_every_language(capsys, ruleset_id):
    from game.cli import main

    hashes = set()
    for lang in ("en", "fr", "ru"):
        assert main(["simulate", "--ruleset", ruleset_id, "--games", "1", "--json",
                     "--lang", lang]) == 0
        out = capsys.readouterr().out
        hashes.add(next(line for line in out.splitlines() if "log_sha256" in line))
    assert len(hashes) == 1
