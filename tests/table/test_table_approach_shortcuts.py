"""The charge / pile-in solver's end-spot test answers as the exact test does (common rules,
"Movement": a base may not end off the table, in impassable terrain or on another base; the
solver's shortcuts must never change where a model ends).

`_Approach.legal_spot` remembers its answers per spot for one model's job and asks the bases
before the terrain: compared here with the long way (`_spot_clash`, then the avoided bases),
spot by spot and through whole approaches, on random fields with terrain."""

import heapq
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.geometry import CONTACT_TOLERANCE
from game.table import Table, contact, moves, paths

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


def _one_by_one(job: moves._Approach, goals, stop_at):
    """`_Approach.candidates` as first written: each spot pushed on its own."""
    outer = stop_at - min(moves.GRID_MARGIN, stop_at / 4)
    gaps = sorted({min(0.01, stop_at / 2), stop_at / 2, outer} - {0.0}) or [0.0]
    queue = []
    order = sorted((moves.distance(job.table, job.model, g), g.id, g) for g in goals)
    count = 0
    for goal_gap, _, goal in order + [(math.inf, "", None)]:
        while queue and queue[0][0] < round(goal_gap, 6) - 1e-6:
            bound, gap, _, spot = heapq.heappop(queue)
            yield bound, gap, spot
        if goal is None:
            return
        for gap in gaps:
            for spot in contact.snapped_ring(job.table, goal, job.model, gap):
                heapq.heappush(queue, (round(math.dist(job.mover.start, spot) + gap, 6), gap,
                                       count, spot))
                count += 1


@settings(max_examples=100, deadline=None)
@given(mixed_fields(), st.sampled_from([0.0, CONTACT_TOLERANCE, 0.5, 1.0]))
def test_the_candidate_spots_come_in_the_order_pushing_them_one_by_one_gives(field, stop_at):
    """The ring spots of a goal join the queue in one go (heapify): every spot, in the same
    order, as pushing each on its own."""
    table, s = field
    job = _job(table, s, 0.0)
    foes = [m for m in s.models.values() if m.side == 1]
    assert list(job.candidates(foes, stop_at)) == list(_one_by_one(job, foes, stop_at))


@settings(max_examples=200, deadline=None)
@given(mixed_fields(), st.lists(spots, min_size=1, max_size=6))
def test_a_spot_is_free_exactly_when_nothing_clashes_there(field, asked):
    """The solvers' yes-or-no end test (bases first, terrain last) and the test that names
    the clash agree on every spot, on the table's edge, in the rock or on a base."""
    table, s = field
    me = s.models["m0"]
    f = moves.Field(table, s)
    rows = f.near(me, SIZE)
    for x, y in asked:
        assert moves._spot_free(table, me, x, y, f, rows) == (
            moves._spot_clash(table, me, x, y, f, rows) is None)


def _within_as_first_written(field, model, x, y, rows, limit):
    mine = moves.radius(model)
    for other, ox, oy, other_radius in rows:
        if other.id == model.id:
            continue
        reach = mine + other_radius + limit
        if abs(ox - x) >= reach or abs(oy - y) >= reach:
            continue
        if model.base.kind == "round" and other.base.kind == "round":
            if math.hypot(ox - x, oy - y) < reach:
                return other
        elif moves.closer_than(field.table, model, x, y, other, ox, oy, limit):
            return other
    return None


@settings(max_examples=200, deadline=None)
@given(mixed_fields(), st.lists(spots, min_size=1, max_size=6), st.floats(-0.05, 1.5))
def test_the_nearest_base_test_names_the_base_the_first_written_test_names(field, asked, limit):
    """Field.within skips the model's own row after the box test: the same base (or none)
    for every spot and limit."""
    table, s = field
    for me in s.models.values():
        f = moves.Field(table, s)
        rows = list(f.rows.values())
        for x, y in asked:
            assert f.within(me, x, y, rows, limit) is _within_as_first_written(
                f, me, x, y, rows, limit)


@settings(max_examples=200, deadline=None)
@given(mixed_fields(), st.floats(0.0, 8.0), st.floats(0.0, 1.0), st.integers(1, 5),
       st.lists(spots, max_size=4))
def test_near_among_the_group_rows_is_near_among_every_row(field, reach, shorter, movers,
                                                          placed):
    """`Field.near_group` (the rows any of a unit's movers could meet, for the whole move)
    keeps every row `near` finds, in order, for each mover and any shorter reach, even after
    some movers are placed elsewhere."""
    _, s = field
    table = field[0]
    mine = [m for m in s.models.values() if m.unit == "me"][:movers]
    rows = moves.Field(table, s)
    group = rows.near_group(mine, reach)
    for model, (x, y) in zip(mine, placed, strict=False):
        rows.place(model.id, x, y)
    for model in mine:
        asked = reach * shorter
        assert rows.near(model, asked, group) == rows.near(model, asked)
