"""The table's shortcuts give the exact answers: each fast path is compared with the exact
computation it stands in for, on random positions, bases and facings (common rules, "The
table": distances, contact, moves; the shortcuts must never change a measured answer)."""

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.core import polygons
from game.table import measure, moves, paths

from .conftest import box, model, table_and_state, terrain

SIZE = 24.0
BASES = ["25", "32", "50", "rect 40x20", "rect 100x60", "oval 60x35", "oval 90x52"]
CELLS = 8
PITCH = 2.9  # grid pitch in inches: the largest base (100x60 mm) plus jitter fits a cell


@st.composite
def pairs(draw):
    """Two bases near each other (from overlapping to a few inches apart), any facings."""
    a = model("a", 10.0, 10.0, draw(st.sampled_from(BASES)),
              facing=draw(st.floats(0.0, 360.0)))
    bx = 10.0 + draw(st.floats(-6.0, 6.0))
    by = 10.0 + draw(st.floats(-6.0, 6.0))
    b = model("b", bx, by, draw(st.sampled_from(BASES)), side=1,
              facing=draw(st.floats(0.0, 360.0)))
    return a, b


@settings(max_examples=400)
@given(pairs(), st.floats(-0.5, 3.0))
def test_bounding_circles_decide_a_gap_comparison_as_the_exact_gap_does(pair, limit):
    a, b = pair
    # (pymunk reports no contact normal for two polygons with the very same centre, and the
    # exact gap then comes out wrong; no legal placement puts two bases there)
    assume(math.dist(a.pos, b.pos) > 1e-6)
    table, _ = table_and_state([a, b])
    exact = measure.gap_at(table, a, a.x, a.y, b, b.x, b.y) < limit
    assert measure.closer_than(table, a, a.x, a.y, b, b.x, b.y, limit) == exact


@settings(max_examples=300)
@given(pairs())
def test_the_inner_and_outer_circles_bracket_every_gap_between_bases(pair):
    a, b = pair
    assume(math.dist(a.pos, b.pos) > 1e-6)
    table, _ = table_and_state([a, b])
    gap = measure.gap_at(table, a, a.x, a.y, b, b.x, b.y)
    centres = math.dist(a.pos, b.pos)
    assert centres - measure.radius(a) - measure.radius(b) <= gap + 1e-12
    assert gap <= centres - measure.inner_radius(a) - measure.inner_radius(b) + 1e-12


@st.composite
def mixed_fields(draw):
    """Up to 20 models with bases of every kind on a grid with jitter, two units, and
    sometimes a rock (impassable) and a stream (difficult)."""
    cells = draw(st.lists(st.tuples(st.integers(0, CELLS - 1), st.integers(0, CELLS - 1)),
                          min_size=4, max_size=20, unique=True))
    rock, cells = cells[0], cells[1:]
    mine = draw(st.integers(1, len(cells) - 1))
    models = []
    for index, (i, j) in enumerate(cells):
        side = 0 if index < mine else 1
        base = draw(st.sampled_from(BASES if side else BASES[:3] + BASES[3:4]))
        models.append(model(f"m{index}", 1.7 + PITCH * i + draw(st.floats(-0.1, 0.1)),
                            1.7 + PITCH * j + draw(st.floats(-0.1, 0.1)), base, side,
                            unit="me" if side == 0 else "foe",
                            facing=draw(st.sampled_from([0.0, 30.0, 90.0, 180.0, 245.0]))))
    pieces = []
    if draw(st.booleans()):
        cx, cy = 1.7 + PITCH * rock[0], 1.7 + PITCH * rock[1]
        pieces.append(terrain("impassable", box(cx - 0.7, cy - 0.7, cx + 0.7, cy + 0.7), "rock"))
    if draw(st.booleans()):
        pieces.append(terrain("difficult", box(8, 0, 11, SIZE), "stream"))
    return table_and_state(models, width=SIZE, height=SIZE, terrain_pieces=pieces)


def _every_row(rows, *args, **kwargs):
    return list(rows)


@settings(max_examples=120, deadline=None)
@given(mixed_fields(), st.floats(0.5, 10.0),
       st.tuples(st.floats(-4.0, SIZE + 4.0), st.floats(-4.0, SIZE + 4.0)),
       st.sampled_from([0.0, 0.5, 1.0]))
def test_a_straight_move_checks_only_the_bases_by_its_segment_and_ends_where_checking_all_does(
        field, allowance, point, keep_away):
    table, s = field
    fast = moves.move_toward(table, s, "me", point, allowance, keep_away)
    original = moves._by_segment
    moves._by_segment = _every_row
    try:
        exact = moves.move_toward(table, s, "me", point, allowance, keep_away)
    finally:
        moves._by_segment = original
    assert fast == exact


@settings(max_examples=300)
@given(st.sampled_from(BASES[:4] + ["oval 60x35"]), st.floats(0.0, 360.0),
       st.tuples(st.floats(0.0, SIZE), st.floats(0.0, SIZE)),
       st.tuples(st.floats(0.0, SIZE), st.floats(0.0, SIZE)))
def test_a_sweep_far_from_every_impassable_box_is_clear_as_the_exact_sweep_says(
        base, facing, start, end):
    rocks = [terrain("impassable", box(5, 5, 7, 8), "rock"),
             terrain("impassable", ((15, 15), (19, 16), (17, 20)), "crag")]
    walker = model("w", start[0], start[1], base, facing=facing)
    table, s = table_and_state([walker], width=SIZE, height=SIZE, terrain_pieces=rocks)
    mover = paths.Mover(table, s, walker)
    found = mover._terrain_blocker(start, end)
    if mover.round:
        hit = table.space.segment_query_first(start, end, mover.sweep_radius,
                                              table.impassable_filter)
        exact = None if hit is None else ("terrain", table.piece_of_shape[hit.shape].index)
    else:
        exact = mover._polygon_terrain(start, end)
    assert found == exact


@settings(max_examples=300)
@given(st.tuples(st.floats(0.0, SIZE), st.floats(0.0, SIZE)),
       st.tuples(st.floats(0.0, SIZE), st.floats(0.0, SIZE)))
def test_difficult_stretches_skip_only_segments_whose_box_meets_no_piece(start, end):
    streams = [terrain("difficult", box(8, 0, 11, SIZE), "stream"),
               terrain("difficult", ((14, 3), (20, 5), (16, 9)), "bog")]
    walker = model("w", start[0], start[1])
    table, s = table_and_state([walker], width=SIZE, height=SIZE, terrain_pieces=streams)
    exact = polygons.merge_intervals(
        [span for piece in table.difficult
         for span in polygons.inside_intervals(start, end, piece.outline)])
    assert paths.Mover(table, s, walker).difficult_stretch(start, end) == exact


def _sight_over_every_piece(table, s, a, b):
    """Line of sight as it was first written: every obscuring piece tested for standing in
    it, then the ones meeting the pair's box are walls."""
    pair = measure._pair_box(table, a, b)
    inside = (measure.overlapped(table, a, table.obscuring)
              | measure.overlapped(table, b, table.obscuring))
    walls = [piece for piece in table.obscuring
             if piece.index not in inside and measure._boxes_meet(piece.bounds, pair)]
    vehicles = [m for m in s.models.values()
                if m.alive and m.id not in (a.id, b.id) and m.profile.get("type") == "vehicle"
                and measure._boxes_meet(measure._model_box(table, m), pair)]
    if not walls and not vehicles:
        return True
    return any(measure._segment_clear(table, start, end, walls, vehicles)
               for start, end in measure._sight_segments(table, a, b))


@settings(max_examples=300)
@given(st.sampled_from(BASES), st.sampled_from(BASES), st.floats(0.0, 360.0),
       st.tuples(st.floats(1.0, SIZE - 1), st.floats(1.0, SIZE - 1)),
       st.tuples(st.floats(1.0, SIZE - 1), st.floats(1.0, SIZE - 1)))
def test_sight_tests_only_the_pieces_by_the_pair_and_sees_as_testing_all_does(
        base_a, base_b, facing, spot_a, spot_b):
    woods = [terrain("obscuring", box(6, 6, 9, 12), "wood"),
             terrain("obscuring", ((14, 2), (20, 4), (17, 9)), "ruin"),
             terrain("obscuring, difficult", box(3, 16, 12, 18), "hedge"),
             terrain("obscuring", box(18, 14, 21, 22), "barn")]
    a = model("a", spot_a[0], spot_a[1], base_a, facing=facing)
    b = model("b", spot_b[0], spot_b[1], base_b, side=1)
    van = model("v", 12.0, 12.0, "rect 100x60", side=1, unit="van", kind="vehicle")
    table, s = table_and_state([a, b, van], width=SIZE, height=SIZE, terrain_pieces=woods)
    assert measure.line_of_sight(table, s, a, b) == _sight_over_every_piece(table, s, a, b)


@settings(max_examples=100, deadline=None)
@given(mixed_fields(), st.lists(st.tuples(st.floats(0.0, SIZE), st.floats(0.0, SIZE)),
                                min_size=1, max_size=10))
def test_a_sweep_past_many_enemies_finds_the_blocker_a_full_scan_finds(field, ends):
    table, s = field
    walker = s.alive_models("me")[0]
    mover = paths.Mover(table, s, walker)  # one pass at first, then its sorted index
    fast = [mover.blocker(walker.pos, end) for end in ends]
    original = paths.ACROSS_MIN
    paths.ACROSS_MIN = 10 ** 6  # every enemy, in order
    try:
        exact = [paths.Mover(table, s, walker).blocker(walker.pos, end) for end in ends]
    finally:
        paths.ACROSS_MIN = original
    assert fast == exact
