"""The path and placement shortcuts answer as the exact computations do (common rules,
"Movement": a path no longer than the allowance; the shortcuts must never change an answer).
Each is compared, on random fields with impassable and difficult terrain, with the exact
question asked on a fresh table (so no remembered answer is shared between the two)."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.table import Table, arcs, contact, measure, moves, paths
from game.table.enemies import enemy_rows

from .conftest import model, table_and_state
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


@settings(max_examples=100, deadline=None)
@given(mixed_fields(), points, points)
def test_a_units_models_sharing_sweep_answers_find_the_routes_each_finds_alone(
        field, first_dest, dest):
    """One model's detour search leaves its corner and sweep answers, on the table, for the
    next model of its unit (same base, facing and enemies): the next one's route is the one
    it finds alone on a fresh table."""
    table, s = field
    mine = [m for m in s.models.values() if m.side == 0]
    first = mine[0]
    second = next((m for m in mine[1:] if m.base == first.base and m.facing == first.facing),
                  first)
    enemies = enemy_rows(s, 0)
    paths.Mover(table, s, first, enemies).route(first_dest)
    shared = paths.Mover(table, s, second, enemies)
    assert shared._share() is paths.Mover(table, s, first)._share()
    alone = paths.Mover(Table(s.scenario), s, second).route(dest)
    assert shared.route(dest) == alone


@settings(max_examples=100, deadline=None)
@given(mixed_fields(), st.floats(0.0, 2.0), st.tuples(st.floats(-1.0, 1.0), st.floats(-1.0, 1.0)))
def test_a_remembered_contact_ring_is_the_ring_round_the_goal_where_it_stands_now(
        field, gap, shift):
    """The charge solver's contact rings are kept per table: after the goal moves, the ring
    asked for is the one round its new place, as a fresh table builds it."""
    table, s = field
    mover = s.models["m0"]
    goal = next(m for m in s.models.values() if m.side == 1)
    contact.snapped_ring(table, goal, mover, gap)
    goal.x, goal.y = goal.x + shift[0], goal.y + shift[1]
    fresh = [contact.snap(*p) for p in contact.contact_ring(Table(s.scenario), goal, mover, gap,
                                                        contact.APPROACH_ANGLES)]
    assert contact.snapped_ring(table, goal, mover, gap) == fresh


@settings(max_examples=300, deadline=None)
@given(mixed_fields(), st.booleans(), st.floats(0.0, 1.0),
       st.tuples(st.floats(-2.5, 2.5), st.floats(-2.5, 2.5)), st.floats(0.8, 1.3))
def test_path_within_on_the_enemies_by_the_straight_way_answers_as_the_whole_side_does(
        field, round_pair, pick, offset, share):
    """`moves.path_within` settles the straight way with a mover that sees only the enemies
    near it (round bases): the answer is the full mover's, asked on a fresh table (no shared
    answers). The destination lies by an enemy, where the straight way meets its base or
    passes it by; half the time both bases are round (the shortcut's case) when the field
    has such a pair."""
    table, s = field
    mine = [m for m in s.models.values() if m.side == 0]
    foes = [m for m in s.models.values() if m.side != 0]
    if round_pair:
        mine = [m for m in mine if m.base.kind == "round"] or mine
        foes = [m for m in foes if m.base.kind == "round"] or foes
    mover = mine[0]
    foe = foes[min(int(pick * len(foes)), len(foes) - 1)]
    dest = (foe.x + offset[0], foe.y + offset[1])
    exact_mover = paths.Mover(Table(s.scenario), s, mover)
    allowance = share * exact_mover.segment_cost(exact_mover.start, dest)
    expected = exact_mover.within(dest, allowance)
    assert moves.path_within(table, s, mover, dest, allowance) == expected


@settings(max_examples=100, deadline=None)
@given(mixed_fields())
def test_a_distance_is_the_reported_positive_gap(field):
    """`measure.distance` rounds the gap as `measure.reported` does (written out there)."""
    table, s = field
    models = list(s.models.values())
    for a in models:
        for b in models:
            gap = measure.gap_at(table, a, a.x, a.y, b, b.x, b.y)
            if a.base.kind == "round" and b.base.kind == "round":
                gap = (math.hypot(b.x - a.x, b.y - a.y)
                       - (a.base.width_mm + b.base.width_mm) * measure.HALF_INCH_PER_MM)
            expected = measure.reported(gap) if gap > 0.0 else 0.0
            assert measure.distance(table, a, b) == expected


@st.composite
def two_blocks(draw):
    """Two blocks of rectangular bases (files x ranks, one facing each), close enough that
    the circles round their corners overlap, sometimes touching or overlapping."""
    models = []
    for side, unit in ((0, "a"), (1, "b")):
        files, ranks = draw(st.integers(1, 4)), draw(st.integers(1, 3))
        x, y = draw(st.floats(4.0, 8.0)), draw(st.floats(4.0, 8.0))
        facing = draw(st.sampled_from([0.0, 90.0, 180.0, 33.0, 271.5]))
        ux, uy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
        for rank in range(ranks):
            for file in range(files):
                across, back = file * 40 / 25.4, rank * 20 / 25.4
                models.append(model(f"{unit}{rank}{file}", x - uy * across - ux * back,
                                    y + ux * across - uy * back, "rect 40x20", side,
                                    unit=unit, facing=facing))
    return table_and_state(models, width=16, height=16)


@settings(max_examples=200, deadline=None)
@given(two_blocks())
def test_a_unit_distance_between_blocks_is_the_least_pair_distance(field):
    """`measure.unit_distance` passes over pairs of rectangles whose separating-axis bound
    cannot beat the least gap found: the least `distance` over every pair all the same."""
    table, s = field
    fresh = Table(s.scenario)
    expected = min(measure.distance(fresh, a, b) for a in s.alive_models("a")
                   for b in s.alive_models("b"))
    assert measure.unit_distance(table, s, "a", "b") == expected


def _assert_kinds_as_pymunk_gives(a, b) -> None:
    """The contact kinds of a and b both ways, with the separating-axis shortcut and on a
    fresh table without it (every pair asked of pymunk), are the same."""
    table, _ = table_and_state([a, b], width=10, height=10)
    kinds = (arcs.contact_kind(table, a, b), arcs.contact_kind(table, b, a))
    shortcut = arcs.rect_separation
    arcs.rect_separation = lambda *args: -math.inf
    try:
        fresh, _ = table_and_state([a, b], width=10, height=10)
        assert kinds == (arcs.contact_kind(fresh, a, b), arcs.contact_kind(fresh, b, a))
    finally:
        arcs.rect_separation = shortcut


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([0.0, 90.0, 180.0, 30.0, 211.0]), st.sampled_from([0.0, 90.0, 45.0, 180.0]),
       st.floats(0.0, 360.0), st.floats(0.5, 2.2))
def test_a_contact_kind_is_the_one_pymunk_gives_without_the_separating_axis_test(
        facing_a, turn_b, bearing, apart):
    """`arcs.contact_kind` calls two rectangles clear of the tolerance by their
    separating-axis bound apart without pymunk: the same kinds as asking it every time."""
    a = model("a", 5.0, 5.0, "rect 40x20", 0, unit="a", facing=facing_a)
    b = model("b", 5.0 + apart * math.cos(math.radians(bearing)),
              5.0 + apart * math.sin(math.radians(bearing)), "rect 40x20", 1, unit="b",
              facing=facing_a + turn_b)
    _assert_kinds_as_pymunk_gives(a, b)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([0.0, 90.0, 33.0]), st.sampled_from([0.0, 90.0, 180.0, 270.0]),
       st.sampled_from([0, 1, 2, 3]), st.floats(-0.5, 0.5), st.floats(-0.03, 0.05))
def test_a_contact_kind_of_bases_edge_to_edge_is_the_one_pymunk_gives(
        facing_a, turn_b, side, slide, gap):
    """The same, for bases side by side or front to back in a block's grid, their gap about
    the contact tolerance (where the bound and pymunk must agree)."""
    width, depth = 40 / 25.4, 20 / 25.4
    ux, uy = math.cos(math.radians(facing_a)), math.sin(math.radians(facing_a))
    # b's half-size along each of a's axes: turned by a quarter, its width and depth swap
    along_b, across_b = (depth, width) if turn_b in (0.0, 180.0) else (width, depth)
    ahead = [(depth + along_b) / 2 + gap, 0.0, -(depth + along_b) / 2 - gap, 0.0][side]
    aside = [0.0, (width + across_b) / 2 + gap, 0.0, -(width + across_b) / 2 - gap][side]
    ahead, aside = ahead + (slide if side % 2 else 0.0), aside + (0.0 if side % 2 else slide)
    a = model("a", 5.0, 5.0, "rect 40x20", 0, unit="a", facing=facing_a)
    b = model("b", 5.0 + ux * ahead - uy * aside, 5.0 + uy * ahead + ux * aside, "rect 40x20",
              1, unit="b", facing=facing_a + turn_b)
    _assert_kinds_as_pymunk_gives(a, b)
