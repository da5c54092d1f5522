"""Movers built on a side's `enemy_rows` share what blocks a segment and whether a corner is a
place to stand, per table, under their base, facing and every enemy base (paths.Mover._share):
none of it depends on where the mover starts. Compared here with a fresh table's answers after
the shared table was asked, from other starts, about the same board and about a board where
one enemy stood elsewhere (its answers must never be handed over)."""

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from game.table import Table, paths

from .test_table_fast_paths import SIZE, mixed_fields

inside = st.tuples(st.floats(3.0, SIZE - 3.0), st.floats(3.0, SIZE - 3.0))


def _moved_enemy(s, shift):
    """The same state with the first enemy model moved by `shift` across."""
    other = s.copy()
    enemy = next(m for m in other.models.values() if m.side == 1)
    other.models[enemy.id] = dataclasses.replace(enemy, x=min(enemy.x + shift, SIZE - 1.0))
    return other


@settings(max_examples=80, deadline=None)
@given(mixed_fields(), inside, inside, inside, st.floats(0.3, 3.0))
def test_shared_answers_are_a_fresh_tables_whatever_was_asked_before(
        field, earlier, elsewhere, dest, shift):
    table, s = field
    mover = s.models["m0"]
    moved = _moved_enemy(s, shift)
    # the shared table is asked first about the other board, then from another start
    paths.Mover(table, moved, mover).route(dest)
    paths.Mover(table, moved, mover).route(earlier)
    away = dataclasses.replace(mover, x=elsewhere[0], y=elsewhere[1])
    paths.Mover(table, s, away).route(earlier)
    paths.Mover(table, s, away).route(dest)
    warm = paths.Mover(table, s, mover)
    fresh = paths.Mover(Table(s.scenario), s, mover)
    assert warm._share() is paths.Mover(table, s, away)._share()
    assert warm._share() is not paths.Mover(table, moved, mover)._share()
    assert warm.route(dest) == fresh.route(dest)
    for a, b in ((mover.x, mover.y), earlier), (earlier, dest), (elsewhere, dest):
        assert warm.blocker(a, b) == fresh.blocker(a, b)
    assert warm.node_ok(*earlier) == fresh.node_ok(*earlier)
    assert warm.within(dest, 6.0) == fresh.within(dest, 6.0)
