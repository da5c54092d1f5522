"""Reads asked tens of thousands of times a battle, made quicker, against the long way:
`GameState.alive_models` and `unit_alive` (one comprehension and one plain loop: the same
models, in the same order, the same answer for every unit, dead bases and all) and
`BaseShape.radius` (kept by kind and size: the same float)."""

import math
import random

import pytest

from game import rulesets
from game.core.state import BaseShape
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


def long_radius(base):
    if base.kind == "rect":
        return math.hypot(base.width, base.depth) / 2
    return max(base.width, base.depth) / 2


def test_a_base_radius_kept_by_size_is_the_radius_worked_out():
    """`BaseShape.radius` (kept by kind and size) is the formula's float for every kind and
    many sizes, the same sizes of another kind included, and for every base of every
    ruleset's shipped battle."""
    rng = random.Random(4)
    sizes = [(rng.choice([20.0, 25.0, 32.0, 40.0, 60.0]), rng.uniform(10.0, 80.0))
             for _ in range(60)]
    for width, depth in sizes:
        for base in (BaseShape("rect", width, depth), BaseShape("oval", width, depth),
                     BaseShape("round", width, width)):
            assert base.radius == long_radius(base)
    for ruleset_id in rulesets.ids():
        s = next(_positions(ruleset_id, decisions=1))
        for m in s.models.values():
            assert m.base.radius == long_radius(m.base)
