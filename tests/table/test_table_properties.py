"""Properties of the move solvers on random round-base set-ups: whatever they choose is a legal
end position (no overlap, on the table, out of impassable terrain) reached by a path within the
allowance (common rules, "The table")."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from .conftest import box, model, table_and_state, terrain

SIZE = 24.0
SPACING = 2.6  # cell pitch: bases up to 50 mm plus jitter never overlap at the start
CELLS = 9


@st.composite
def battlefields(draw):
    cells = draw(st.lists(st.tuples(st.integers(0, CELLS - 1), st.integers(0, CELLS - 1)),
                          min_size=5, max_size=24, unique=True))
    rock_cell, cells = cells[0], cells[1:]
    mine = draw(st.integers(1, len(cells) - 1))
    models = []
    for index, (i, j) in enumerate(cells):
        base = draw(st.sampled_from(["25", "32", "40", "50"]))
        x = 1.3 + SPACING * i + draw(st.floats(-0.25, 0.25))
        y = 1.3 + SPACING * j + draw(st.floats(-0.25, 0.25))
        side = 0 if index < mine else 1
        models.append(model(f"{'me' if side == 0 else 'foe'}{index}", x, y, base, side,
                            unit="me" if side == 0 else "foe"))
    pieces = []
    if draw(st.booleans()):
        cx, cy = 1.3 + SPACING * rock_cell[0], 1.3 + SPACING * rock_cell[1]
        pieces.append(terrain("impassable", box(cx - 0.6, cy - 0.6, cx + 0.6, cy + 0.6), "rock"))
    if draw(st.booleans()):
        pieces.append(terrain("difficult", box(8, 0, 11, SIZE), "stream"))
    return table_and_state(models, width=SIZE, height=SIZE, terrain_pieces=pieces)


def check_moves(table, s, dest, allowance):
    assert set(dest) == {m.id for m in s.alive_models("me")}
    assert table.placement_problem(s, dest) is None
    for ident, spot in dest.items():
        model_now = s.models[ident]
        if spot != model_now.pos:
            assert spot == (round(spot[0], 3), round(spot[1], 3))  # the placement grid
            length = table.path_length(s, model_now, spot)
            assert length is not None and length <= allowance + 1e-6


@settings(max_examples=150)
@given(battlefields(), st.floats(0.5, 10.0),
       st.tuples(st.floats(-4.0, SIZE + 4.0), st.floats(-4.0, SIZE + 4.0)),
       st.sampled_from([0.0, 0.5, 1.0]))
def test_move_toward_is_always_legal(field, allowance, point, keep_away):
    table, s = field
    dest = table.move_toward(s, "me", point, allowance, keep_away)
    check_moves(table, s, dest, allowance)
    for ident, spot in dest.items():
        if spot != s.models[ident].pos and keep_away > 0:
            moved = s.models[ident].copy()
            moved.x, moved.y = spot
            assert all(table.distance(moved, foe) > keep_away for foe in s.alive_models("foe"))


@settings(max_examples=150)
@given(battlefields(), st.floats(1.0, 10.0), st.sampled_from([0.02, 0.5, 1.0, 2.0]))
def test_approach_is_always_legal_and_only_closes_in(field, allowance, stop_at):
    table, s = field
    dest = table.approach(s, "me", ["foe"], allowance, stop_at)
    check_moves(table, s, dest, allowance)
    foes = s.alive_models("foe")
    for ident, spot in dest.items():
        model_now = s.models[ident]
        if spot == model_now.pos:
            continue
        moved = model_now.copy()
        moved.x, moved.y = spot
        assert any(table.distance(moved, foe) < table.distance(model_now, foe) for foe in foes)


@settings(max_examples=80)
@given(battlefields(), st.floats(1.0, 10.0))
def test_approach_keeps_out_of_the_avoid_range(field, allowance):
    table, s = field
    foes = s.alive_models("foe")
    goals, avoided = [foes[0].id], [f.id for f in foes[1:]]
    dest = table.approach(s, "me", goals, allowance, 1.0, avoid=avoided, avoid_range=1.0)
    check_moves(table, s, dest, allowance)
    for ident, spot in dest.items():
        if spot == s.models[ident].pos:
            continue
        moved = s.models[ident].copy()
        moved.x, moved.y = spot
        assert all(table.distance(moved, s.models[a]) > 1.0 for a in avoided)


@settings(max_examples=150)
@given(battlefields(), st.tuples(st.floats(0, SIZE), st.floats(0, SIZE)))
def test_path_length_is_never_shorter_than_the_straight_line(field, dest):
    table, s = field
    mover = s.alive_models("me")[0]
    length = table.path_length(s, mover, dest)
    if length is not None:
        assert length >= math.dist(mover.pos, dest) - 1e-9
