"""`BaseShape.radius` kept by kind and size (`base_radius`: every table's prefilter asks it
thousands of times a battle) against the formula worked out each time: the same float."""

import math
import random

from game import rulesets
from game.core.state import BaseShape
from tests.core.test_state_copy import _positions


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
