"""The charge search's shortcuts (speed only) against the long way they stand for: the
coherency test counted by arithmetic against `coherency_problem`, the ranks worked out from
rounded gaps against rounding each least gap, the least gap by groups of one radius against
the least of every gap."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.geometry import CONTACT_TOLERANCE
from game.rulesets.base import coherency_problem
from game.rulesets.squads import spots
from game.rulesets.squads.placing import ChargeSearch
from tests.rulesets.squads.battle import MOB_RADIUS, mob_against_two_lines, mob_of

D = 2 * MOB_RADIUS

#: Offsets that put two bases exactly 2" apart edge to edge (the coherency boundary) or near it.
EDGE = st.sampled_from([0.0, 1e-7, -1e-7, 1e-3, 0.5, 1.0, 1.9999999, 2.0, 2.0000001, 2.5, 4.0])


@settings(max_examples=150, deadline=None)
@given(size=st.integers(2, 10), data=st.data())
def test_coherence_is_coherency_problem(size, data):
    b = mob_of(size)
    models = b.state.alive_models("s0u0")
    # string the models out at chosen edge gaps (some exactly on the 2" boundary)
    x, y = 10.0, 22.0
    for m in models:
        gap = data.draw(EDGE)
        turn = data.draw(st.sampled_from([0.0, math.pi / 2, math.pi / 3, -math.pi / 2]))
        m.x, m.y = x, y
        x, y = x + (D + gap) * math.cos(turn), y + (D + gap) * math.sin(turn)
    mover = data.draw(st.sampled_from(models))
    anchor = data.draw(st.sampled_from(models))
    angle = data.draw(st.floats(0, 2 * math.pi))
    spot = (anchor.x + (D + data.draw(EDGE)) * math.cos(angle),
            anchor.y + (D + data.draw(EDGE)) * math.sin(angle))
    search = ChargeSearch(b.state, b.geo, "s0u0", ("s1u0",), 12)
    holds = search.coherence(b.state, mover.id)
    expected = coherency_problem(b.state, b.geo, "s0u0", {mover.id: spot}, connected=True)
    assert holds(spot) == (expected is None)


@given(st.lists(st.floats(-50, 50, allow_nan=False), min_size=1, max_size=4))
def test_least_rounded_gap_is_the_rounded_least_gap(gaps):
    # `_rows` keeps the gaps rounded and ranks by their least (rounding is monotone)
    row = spots.spot_row(1.0, 2.0, True, tuple(gaps))
    assert row[4] == min(gaps)
    assert row[5] == round(min(gaps), 6)
    assert row[6] == tuple(round(g, 6) for g in gaps)
    for chased in ([0], list(range(len(gaps)))):
        assert min(row[6][i] for i in chased) == round(min(gaps[i] for i in chased), 6)


COORD = st.floats(-60, 60, allow_nan=False)


@given(spot=st.tuples(COORD, COORD),
       bases=st.lists(st.tuples(COORD, COORD, st.sampled_from([MOB_RADIUS, 0.5, 1.25, 0.0])),
                      max_size=12))
def test_least_gap_is_the_least_of_every_gap(spot, bases):
    x, y = spot
    long_way = min((math.hypot(x - bx, y - by) - br for bx, by, br in bases), default=math.inf)
    assert spots.least_gap(spot, spots.by_radius(bases)) == long_way


@settings(max_examples=60, deadline=None)
@given(dx=st.floats(3.0, 16.0), dy=st.floats(-8.0, 8.0), roll=st.integers(2, 12))
def test_rings_left_out_have_no_spot_within_the_roll(dx, dy, roll):
    b = mob_of(5)
    b.place("s1u0", 10.0 + dx + D, 22.0 + dy, 180.0)
    search = ChargeSearch(b.state, b.geo, "s0u0", ("s1u0",), roll)
    for m in search.mine:
        for gaps, count in ((spots.GOAL_GAPS, spots.GOAL_ANGLES),
                            (spots.CLOSE_GAPS, spots.CLOSE_ANGLES)):
            every = {spot for g in search.goals for gap in gaps
                     for spot in spots.ring(g.x, g.y, g.base.radius + m.base.radius + gap,
                                               count)}
            kept = set(search.goal_spots(m, gaps, count))
            assert kept <= every
            for x, y in every - kept:  # only rings whose goal is out of reach, or beyond it
                assert math.hypot(x - m.x, y - m.y) > roll + 1e-9


def _charge_with_bystander():
    """A mob 4" from a line of marines (s1u0) with a second marine unit (s1u1) close by."""
    return mob_against_two_lines(4.0)


def _close_keyed_long_way(search, start):
    """constraint 3's list as `close_spot` built it spot by spot before `close_keyed`."""
    keyed = []
    buried = spots.buried_below(search.r[start.id]) - search.r[start.id]
    for x, y in set([(start.x, start.y)] + search.goal_spots(start, spots.CLOSE_GAPS,
                                                                 spots.CLOSE_ANGLES)):
        moved = (x, y) != (start.x, start.y)
        if moved and math.hypot(x - start.x, y - start.y) > search.roll + 1e-9:
            continue
        near = min(search.target_gap(start, x, y, t) for t in search.targets)
        if moved and (near < buried or not search.closer(start, x, y)):
            continue
        if near <= spots.CLOSE_RANGE and search.clear_of_others(start, x, y):
            keyed.append((math.hypot(x - start.x, y - start.y), x, y))
    keyed.sort()
    return keyed


@pytest.mark.parametrize("roll", [3, 7, 12])
def test_close_keyed_is_the_spot_by_spot_list(roll):
    b = _charge_with_bystander()
    asked = 0
    for targets in (("s1u0",), ("s1u1",), ("s1u0", "s1u1")):
        search = ChargeSearch(b.state, b.geo, "s0u0", targets, roll, spots.Shared())
        for m in search.mine:
            quick = search.close_keyed(m)
            assert quick == _close_keyed_long_way(search, m)
            asked += len(quick)
    assert asked > (20 if roll >= 7 else -1)


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_free_test_is_free_round_against_every_base(data):
    """`free_test` asks only the bases within reach across: the same answers as
    `_free_round` asking every base, for spots at and about the overlap boundary."""
    b = _charge_with_bystander()
    search = ChargeSearch(b.state, b.geo, "s0u0", ("s1u0",), 12, spots.Shared())
    trial = b.state.copy()
    models = trial.alive_models("s0u0")
    for m in data.draw(st.lists(st.sampled_from(models), max_size=4)):  # some moved about
        m.x += data.draw(st.floats(-6.0, 6.0))
        m.y += data.draw(st.floats(-6.0, 6.0))
    m = data.draw(st.sampled_from(models))
    start = b.state.models[m.id]
    quick = search.free_test(trial, start)
    everyone = search._nearby(trial, start)
    for _ in range(30):
        other = data.draw(st.sampled_from(everyone))
        angle = data.draw(st.floats(0.0, 2 * math.pi))
        reach = search.r[m.id] + search.r[other.id] - CONTACT_TOLERANCE + data.draw(
            st.sampled_from([-1e-9, 0.0, 1e-12, 1e-9, -0.3, 0.3]))
        spot = (round(other.x + reach * math.cos(angle), 3),
                round(other.y + reach * math.sin(angle), 3))
        assert quick(spot) == search._free_round(trial, start, spot, everyone)


@pytest.mark.parametrize("roll", [3, 7, 12])
def test_reached_goal_spots_give_the_rows_of_every_goal_spot(roll):
    """`static_rows` and `close_keyed` rank only the goal spots `_rows` could keep
    (`reached_goal_spots`): the same rows as from every goal spot, and fewer spots asked."""
    b = _charge_with_bystander()
    left_out = 0
    for targets in (("s1u0",), ("s1u1",), ("s1u0", "s1u1")):
        search = ChargeSearch(b.state, b.geo, "s0u0", targets, roll, spots.Shared())
        for m in search.mine:
            for gaps, count in ((spots.GOAL_GAPS, spots.GOAL_ANGLES),
                                (spots.CLOSE_GAPS, spots.CLOSE_ANGLES)):
                every = [(m.x, m.y)] + search.goal_spots(m, gaps, count)
                reached = [(m.x, m.y)] + search.reached_goal_spots(m, gaps, count)
                assert sorted(search._rows(m, reached)) == sorted(search._rows(m, every))
                left_out += len(every) - len(reached)
            assert sorted(search.static_rows(b.state, m)) == sorted(
                search._rows(m, search.static_spots(m)))
    assert left_out > 1000


def _solved_afresh(b, targets, roll):
    from game.rulesets.squads import charge

    charge._solved.clear()
    charge._shared.clear()
    return charge.solve(b.state, b.geo, "s0u0", targets, roll)


@pytest.mark.parametrize("roll", [6, 8, 10, 12])
@pytest.mark.parametrize("targets", [("s1u0",), ("s1u1",), ("s1u0", "s1u1")])
def test_trial_views_find_what_whole_copies_find(roll, targets, monkeypatch):
    """The charge search tries its placements on a view of the state (`_trial`: only the
    unit's own models copied): the same placement or the same reason as on a whole copy of
    the state, and the state itself untouched (fails when the view shares the unit's models)."""
    b = mob_against_two_lines(3.0)
    before = [(m.id, m.x, m.y) for m in b.state.models.values()]
    found = _solved_afresh(b, targets, roll)
    assert [(m.id, m.x, m.y) for m in b.state.models.values()] == before

    def whole_copy(search, dest=None):
        trial = search.s.copy()
        for mid, (x, y) in (dest or {}).items():
            trial.models[mid].x, trial.models[mid].y = x, y
        return trial

    monkeypatch.setattr(ChargeSearch, "_trial", whole_copy)
    assert _solved_afresh(b, targets, roll) == found


def _rows_long_way(search, m, spot_list):
    """`_rows` spot by spot: each gap measured afresh, rounded afresh (`spot_row`)."""
    buried = spots.buried_below(search.r[m.id])
    out = []
    for x, y in set(spot_list):
        moved = (x, y) != (m.x, m.y)
        if moved and math.hypot(x - m.x, y - m.y) > search.roll + 1e-9:
            continue
        raw = [spots.least_gap((x, y), search.groups[t]) for t in search.targets]
        if moved and min(raw) < buried:
            continue
        gaps = tuple(g - search.r[m.id] for g in raw)
        limits = [search.before[m.id][t] - spots.STRICT for t in search.targets]
        if moved and not any(g < b for g, b in zip(gaps, limits, strict=True)):
            continue
        out.append(spots.spot_row(x, y, moved, gaps))
    return sorted(out)


@pytest.mark.parametrize("roll", [3, 7, 12])
def test_ranked_spots_kept_on_the_board_give_the_rows_measured_afresh(roll):
    """The rows are built from the board's ranked spots (`Shared.ranked`, filled by every
    model and target set before): the same rows as measuring and rounding each gap afresh."""
    b = _charge_with_bystander()
    shared = spots.Shared()
    asked = 0
    for targets in (("s1u0",), ("s1u1",), ("s1u0", "s1u1"), ("s1u0",)):
        search = ChargeSearch(b.state, b.geo, "s0u0", targets, roll, shared)
        for m in search.mine:
            every = search.static_spots(m) + search.friend_spots(m, search.mine)
            quick = search._rows(m, every)
            assert sorted(quick) == _rows_long_way(search, m, every)
            asked += len(quick)
    assert shared.ranked and asked > 100


def _every_build(search):
    return [search.build(order, anchor, flank, loose)
            for order, anchor, flank, loose in search.orders()]


@pytest.mark.parametrize("gap", [2.5, 4.0, 6.0])
@pytest.mark.parametrize("roll", [5, 8, 12])
def test_repeated_builds_answer_as_placed_afresh(gap, roll, monkeypatch):
    """A build that repeats an earlier one after its first model is given the earlier one's
    answer (`ChargeSearch.build`): the same answers, build by build, as placing every build
    in full (each search its own board record, so the paths measured come in the same
    order); and fewer models placed."""
    b = mob_against_two_lines(gap)
    chosen = {"quick": 0, "full": 0}
    choose = ChargeSearch.choose

    def counted(search, *args, **kwargs):
        chosen[search.name] += 1
        return choose(search, *args, **kwargs)

    monkeypatch.setattr(ChargeSearch, "choose", counted)
    for targets in (("s1u0",), ("s1u1",), ("s1u0", "s1u1")):
        quick = ChargeSearch(b.state, b.geo, "s0u0", targets, roll, spots.Shared())
        full = ChargeSearch(b.state, b.geo, "s0u0", targets, roll, spots.Shared())
        quick.name, full.name = "quick", "full"
        full._built = lambda first, answer: answer  # nothing kept: every build in full
        assert _every_build(quick) == _every_build(full)
    assert chosen["quick"] < chosen["full"]


@settings(max_examples=200, deadline=None)
@given(bases=st.lists(st.tuples(st.floats(0, 40), st.floats(0, 40),
                                st.sampled_from([MOB_RADIUS, 0.5, 1.25])), min_size=1,
                      max_size=9),
       data=st.data())
def test_a_spot_outside_the_link_box_is_linked_to_no_placed_base(bases, data):
    """`_pick` passes over a spot outside `_link_box` without measuring it: no placed base
    is within coherency range of a base there, at the box's edge too."""
    b = mob_of(2)
    search = ChargeSearch(b.state, b.geo, "s0u0", ("s1u0",), 12)
    mine = search.r["s0u0m0"]
    left, right, low, high = search._link_box(bases, mine + search.link)
    base = data.draw(st.sampled_from(bases))
    angle = data.draw(st.floats(0, 2 * math.pi))
    reach = mine + base[2] + search.link + data.draw(st.sampled_from([-1e-7, 0.0, 1e-9, 1e-6]))
    for x, y in ((base[0] + reach * math.cos(angle), base[1] + reach * math.sin(angle)),
                 (data.draw(st.floats(-10, 50)), data.draw(st.floats(-10, 50)))):
        linked = any(math.hypot(x - bx, y - by) - mine - br <= search.link
                     for bx, by, br in bases)
        if x < left or x > right or y < low or y > high:
            assert not linked
