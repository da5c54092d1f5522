"""Rule sheets: every rule string the rulesets emit opens a sheet entry ("why?"), every
constant that names a rule is on its ruleset's sheet, and the sheets load cleanly."""

import importlib
import pkgutil

import pytest

from game import ai, rulesets
from game.core.errors import DataError
from game.core.events import ChargeResolved
from game.io.tmx import default_map_for, load_scenario
from game.learn import glossary, lookup, rule_for_event, sheet
from game.learn.sheets import load_sheet_file
from game.sim import battle_forces, start_battle

RULESETS = ["cards", "legions", "ranks", "squads", "warband"]


def rule_constants(ruleset_id):
    package = importlib.import_module(f"game.rulesets.{ruleset_id}")
    modules = [package] + [importlib.import_module(f"{package.__name__}.{info.name}")
                           for info in pkgutil.iter_modules(package.__path__)]
    return {value for module in modules for name, value in vars(module).items()
            if name.startswith("RULE_") and isinstance(value, str)}


def test_the_registry_has_the_five_rulesets_the_sheets_cover():
    assert rulesets.ids() == RULESETS


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_rule_constant_is_on_the_sheet(ruleset_id):
    missing = sorted(r for r in rule_constants(ruleset_id) if lookup(ruleset_id, r) is None)
    assert not missing, missing


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_rule_string_of_a_greedy_battle_opens_a_sheet_entry(ruleset_id):
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    controller = start_battle(ruleset, scenario, 0, battle_forces(ruleset, 2, scenario))
    agents = [ai.make("greedy", 0), ai.make("greedy", 7)]
    while not controller.over:
        controller.apply(agents[controller.current_player()].choose(controller))
    emitted = {e.rule for e in controller.events} | {r.rule for r in controller.dice.log
                                                     if r.rule}
    assert len(emitted) > 10
    missing = sorted(r for r in emitted if lookup(ruleset_id, r) is None)
    assert not missing, missing
    for event in controller.events:
        assert rule_for_event(ruleset_id, event).id != "unlisted"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_sheet_has_plain_text_for_each_entry_and_a_glossary(ruleset_id):
    s = sheet(ruleset_id)
    assert len({r.id for r in s.rules}) == len(s.rules)
    assert all(len(r.text) > 20 for r in s.rules)
    assert len(glossary(ruleset_id)) >= 10


def test_the_glossary_defines_the_terms_issue_15_names():
    wanted = {"squads": {"OC", "AP", "pile in", "engaged", "coherency", "WS", "S", "T", "W",
                         "A", "Ld", "Sv"},
              "ranks": {"CV", "AV", "fumble", "talent"},
              "warband": {"WS", "BS", "S", "T", "W", "I", "A", "Ld"},
              "legions": {"WS", "BS", "I", "Cl", "AP"},
              "cards": {"Aggression", "Defence", "Discipline"}}
    for ruleset_id, terms in wanted.items():
        assert terms <= {t.term for t in glossary(ruleset_id)}, ruleset_id


def test_why_opens_the_rule_text_behind_a_log_line():
    from game.rulesets.squads.charge import RULE_TARGETS

    event = ChargeResolved(rule=RULE_TARGETS, unit_name="Brute Mob", success=False,
                           reason="no enemy unit within the roll of 3\"")
    entry = rule_for_event("squads", event)
    assert entry.id == "charge_targets"
    assert "no model moves" in entry.text


def test_a_rule_string_no_sheet_lists_is_shown_as_its_own_words():
    entry = rule_for_event("squads", ChargeResolved(rule="Something new (squads)"))
    assert (entry.id, entry.text) == ("unlisted", "Something new (squads)")


def test_a_sheet_naming_a_missing_constant_is_one_clear_line(tmp_path):
    bad = tmp_path / "squads.toml"
    bad.write_text('[[rule]]\nid = "x"\ntitle = "X"\nsection = "S"\ntext = "words"\n'
                   'log = ["charge.RULE_NOT_THERE"]\n')
    with pytest.raises(DataError, match="squads.toml: rule 'x': log 'charge.RULE_NOT_THERE'"):
        load_sheet_file(bad, "game.rulesets.squads")
