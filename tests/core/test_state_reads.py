"""The state's most asked read helpers (`alive_models`, `unit_alive`), written without an
inner generator for speed: the same answers as spelled out the long way, for every unit of
states met in battles of each ruleset, and of units whose first, last or every model fell."""

import pytest

from game import rulesets
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from tests.core.test_state_copy import _positions


def _long_alive_models(s, unit_id):
    return [s.models[i] for i in s.units[unit_id].models if s.models[i].alive]


def _long_unit_alive(s, unit_id):
    return any(s.models[i].alive for i in s.units[unit_id].models)


def _check(s):
    for unit_id in s.units:
        assert s.alive_models(unit_id) == _long_alive_models(s, unit_id)
        assert s.unit_alive(unit_id) is _long_unit_alive(s, unit_id)


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_the_read_helpers_answer_as_the_long_way_in_battle(ruleset_id):
    for s in _positions(ruleset_id, decisions=60, every=6):
        _check(s)


def test_units_whose_first_last_or_every_model_fell():
    ruleset = rulesets.get("legions")
    scenario = load_scenario(default_map_for("legions"))
    s = ruleset.new_game(scenario, 0, battle_forces(ruleset, 2, scenario))
    first, last, every, *_ = [u for u in s.units.values() if len(u.models) > 1]
    s.models[first.models[0]].alive = False
    s.models[last.models[-1]].alive = False
    for mid in every.models:
        s.models[mid].alive = False
    _check(s)
    assert s.alive_models(first.id)[0].id == first.models[1]
    assert s.alive_models(last.id)[-1].id == last.models[-2]
    assert s.alive_models(every.id) == [] and s.unit_alive(every.id) is False
    assert s.unit_alive(first.id) is True
