"""`GameState.alive_models` and `unit_alive` written as one comprehension and one plain loop
(they are asked tens of thousands of times a battle) against the long way: the same models,
in the same order, and the same answer for every unit, dead bases and all."""

import pytest

from game import rulesets
from tests.core.test_state_copy import _positions


def long_alive_models(s, unit_id):
    return [m for m in (s.models[i] for i in s.units[unit_id].models) if m.alive]


def long_unit_alive(s, unit_id):
    return any(s.models[i].alive for i in s.units[unit_id].models)


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_alive_reads_are_the_long_ways_in_every_ruleset(ruleset_id):
    dead = 0
    for s in _positions(ruleset_id, decisions=120, every=10):
        s = s.copy()
        # some bases of every unit killed as well, and every base of every third unit, so
        # that both answers are met often
        for n, unit in enumerate(s.units.values()):
            for mid in unit.models[::1 if n % 3 == 0 else 3]:
                s.models[mid].alive = False
        for unit_id in s.units:
            assert s.alive_models(unit_id) == long_alive_models(s, unit_id)
            assert all(a is b for a, b in zip(s.alive_models(unit_id),
                                              long_alive_models(s, unit_id), strict=True))
            assert s.unit_alive(unit_id) == long_unit_alive(s, unit_id)
            dead += not s.unit_alive(unit_id)
    assert dead > 0
