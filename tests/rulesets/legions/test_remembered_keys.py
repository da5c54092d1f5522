"""The keys the legions charge odds and placements are remembered under read a base by its
fields (kind, width, depth: what a base's equality compares) instead of hashing the base
itself: the same answers must come back exactly where the positions and bases are the same,
and never where a base differs (rules/legions.md, charges: the odds and placements depend on
every base). And the per-table memory answers each key once, a None answer included."""

import dataclasses

from game.core.memo import PerTable
from game.core.state import BaseShape
from game.rulesets.legions import charge_moves, charge_odds
from tests.rulesets.legions.battle import facing_lines


def test_the_keys_tell_bases_apart_and_equal_bases_alike():
    b = facing_lines(4.0)
    s = b.state
    before = (charge_odds.position_key(s, "declare", "s0u0", "s1u0", 3),
              charge_moves._solve_key(s, "s0u0", "s1u0", 3.0, False))
    twin = s.copy()
    for m in twin.models.values():  # an equal base, not the same object
        m.base = BaseShape(m.base.kind, m.base.width_mm, m.base.depth_mm)
    assert (charge_odds.position_key(twin, "declare", "s0u0", "s1u0", 3),
            charge_moves._solve_key(twin, "s0u0", "s1u0", 3.0, False)) == before
    for changed in ({"kind": "oval"}, {"width_mm": 40.0}, {"depth_mm": 40.0}):
        other = s.copy()
        target = next(m for m in other.models.values() if m.unit == "s1u0" and m.alive)
        target.base = dataclasses.replace(target.base, **changed)
        assert charge_odds.position_key(other, "declare", "s0u0", "s1u0", 3) != before[0]
        assert charge_moves._solve_key(other, "s0u0", "s1u0", 3.0, False) != before[1]


class _Table:
    """A stand-in table (held weakly by the memory, like a real one)."""


def test_the_per_table_memory_works_each_answer_out_once_a_none_included():
    memory, table, asked = PerTable(8), _Table(), []

    def work(answer):
        def compute():
            asked.append(answer)
            return answer
        return compute

    assert memory.get(table, "a", work(None)) is None
    assert memory.get(table, "a", work("again")) is None
    assert memory.get(table, "b", work(2)) == 2
    assert memory.get(table, "b", work(3)) == 2
    assert asked == [None, 2]
