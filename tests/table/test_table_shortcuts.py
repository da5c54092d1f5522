"""The path and placement shortcuts answer as the exact computations do (common rules,
"Movement": a path no longer than the allowance; the shortcuts must never change an answer).
Each is compared, on random fields with impassable and difficult terrain, with the exact
question asked on a fresh table (so no remembered answer is shared between the two)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.table import Table, paths

from .test_table_fast_paths import SIZE, mixed_fields

points = st.tuples(st.floats(3.0, SIZE - 3.0), st.floats(3.0, SIZE - 3.0))


@settings(max_examples=300, deadline=None)
@given(mixed_fields(), points, st.floats(0.8, 1.3))
def test_a_path_within_the_allowance_is_answered_as_the_shortest_path_length_says(
        field, dest, share):
    """The allowance is drawn about the straight way's cost, where a detour's extra length
    decides the answer."""
    table, s = field
    mover = s.models["m0"]
    fresh = Table(s.scenario)
    exact_mover = paths.Mover(fresh, s, mover)
    allowance = share * exact_mover.segment_cost(exact_mover.start, dest)
    exact = exact_mover.route(dest)
    expected = exact is not None and exact[0] <= allowance
    assert paths.Mover(table, s, mover).within(dest, allowance) == expected
