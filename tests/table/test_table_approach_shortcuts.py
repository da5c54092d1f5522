"""The charge / pile-in solver's end-spot test answers as the exact test does (common rules,
"Movement": a base may not end off the table, in impassable terrain or on another base; the
solver's shortcuts must never change where a model ends).

`_Approach.legal_spot` remembers its answers per spot for one model's job and asks the bases
before the terrain: compared here with the long way (`_spot_clash`, then the avoided bases),
spot by spot and through whole approaches, on random fields with terrain."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.geometry import CONTACT_TOLERANCE
from game.table import Table, moves, paths

from .test_table_fast_paths import SIZE, mixed_fields

spots = st.tuples(st.floats(-1.0, SIZE + 1.0), st.floats(-1.0, SIZE + 1.0))


def _long_way(job: moves._Approach, x: float, y: float) -> bool:
    """The end-spot test as it was first written: every check, nothing remembered."""
    if moves._spot_clash(job.table, job.model, x, y, job.field, job.near) is not None:
        return False
    if job.avoid_ids:
        rows = [job.field.rows[i] for i in job.avoid_ids if i in job.field.rows]
        if job.field.within(job.model, x, y, rows, job.avoid_range + moves.STRICT):
            return False
    return True


def _job(table, s, avoid_range: float) -> moves._Approach:
    me = s.models["m0"]
    foes = [m for m in s.models.values() if m.side == 1]
    field = moves.Field(table, s)
    return moves._Approach(paths.Mover(table, s, me), foes[:1],
                           foes[1:] if avoid_range > 0.0 else [], avoid_range, field)


@settings(max_examples=200, deadline=None)
@given(mixed_fields(), st.lists(spots, min_size=1, max_size=6), st.floats(0.5, 8.0),
       st.sampled_from([0.0, 0.1, 1.0]))
def test_a_remembered_end_spot_answer_is_the_long_ways_answer(field, asked, allowance,
                                                                avoid_range):
    table, s = field
    job = _job(table, s, avoid_range)
    job._look_around(allowance)
    for x, y in asked + asked:  # each spot twice: the second answer is the remembered one
        assert job.legal_spot(x, y) == _long_way(job, x, y)


@settings(max_examples=80, deadline=None)
@given(mixed_fields(), st.floats(0.5, 8.0), st.sampled_from([0.0, 0.1]))
def test_an_approach_ends_where_the_long_way_end_spot_test_sends_it(field, allowance,
                                                                    avoid_range):
    """Whole charges on a fresh table each: the shortcut and the long way place every model
    on the same spot."""
    _, s = field
    foes = [m.id for m in s.models.values() if m.side == 1]
    args = ("me", foes[:1], allowance, CONTACT_TOLERANCE, foes[1:], avoid_range)
    fast = moves.approach(Table(s.scenario), s, *args)
    original = moves._Approach.legal_spot
    moves._Approach.legal_spot = lambda job, x, y: _long_way(job, x, y)
    try:
        exact = moves.approach(Table(s.scenario), s, *args)
    finally:
        moves._Approach.legal_spot = original
    assert fast == exact
