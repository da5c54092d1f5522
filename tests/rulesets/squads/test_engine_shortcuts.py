"""The squads engine's shortcuts (speed only) against the long way they stand for.

`movement.surely_apart` refuses a straight move by arithmetic before `move_reason` measures
every path: it may only refuse what `coherency_problem` refuses, and the moves offered with it
are the moves offered without it. The charge search leaves out of its ranking the spots on a
target's bases (`spots.BURIED_MARGIN`): `free` refuses each, and the offers are the same."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.geometry import CONTACT_TOLERANCE
from game.rulesets.base import coherency_problem
from game.rulesets.squads import charge, engagement, movement, spots
from game.rulesets.squads.placing import ChargeSearch
from tests.rulesets.squads.battle import MOB_RADIUS, Battle, mob_against_two_lines, mob_of

D = 2 * MOB_RADIUS
#: Edge gaps round the 2" coherency boundary (some exactly on it).
EDGE = st.sampled_from([0.0, 1e-7, -1e-7, 1e-3, 0.5, 1.9999999, 2.0, 2.0000001, 2.001, 3.0])


@settings(max_examples=200, deadline=None)
@given(size=st.integers(2, 10), data=st.data())
def test_surely_apart_only_refuses_what_coherency_refuses(size, data):
    b = mob_of(size, 40.0, "movement")
    dest, x, y = {}, 10.0, 22.0
    for m in b.state.alive_models("s0u0"):  # strung out at chosen gaps, some turning back
        dest[m.id] = (x, y)
        turn = data.draw(st.sampled_from([0.0, math.pi / 2, math.pi / 3, -math.pi / 2,
                                          math.pi]))
        jump = data.draw(EDGE)
        x, y = x + (D + jump) * math.cos(turn), y + (D + jump) * math.sin(turn)
    apart = movement.surely_apart(b.state, "s0u0", dest)
    problem = coherency_problem(b.state, b.geo, "s0u0", dest, connected=True)
    if apart:
        assert problem is not None


def test_a_split_unit_is_surely_apart_and_a_chain_is_not():
    b = mob_of(4, 40.0, "movement")
    chain = {m.id: (10.0 + i * (D + 1.5), 22.0)
             for i, m in enumerate(b.state.alive_models("s0u0"))}
    assert not movement.surely_apart(b.state, "s0u0", chain)
    split = dict(chain)
    last = b.state.alive_models("s0u0")[-1].id
    split[last] = (chain[last][0] + 2.5, 22.0)
    assert movement.surely_apart(b.state, "s0u0", split)
    assert coherency_problem(b.state, b.geo, "s0u0", split, connected=True) is not None


def test_moves_offered_with_the_shortcut_are_those_offered_without(monkeypatch):
    """A ten-model mob in two ranks with the enemy close by its flank (a straight move
    toward it leaves the models held off 2" from it apart from the rest: two of its three
    tries are refused): the same offers, in the same order, with and without
    `surely_apart`."""
    b = mob_of(10, 40.0, "movement")
    b.place("s1u0", 13.4, 14.0, 180.0)

    def offers():
        movement._offers.clear()
        return [a for a in b.legal() if a.kind == "move"]

    asked = []
    real = movement.surely_apart
    monkeypatch.setattr(movement, "surely_apart",
                        lambda *a: asked.append(real(*a)) or asked[-1])
    quick = offers()
    monkeypatch.setattr(movement, "surely_apart", lambda *a: False)
    assert quick == offers() and any(asked)


# --- the charge search leaves out the spots on a target's bases --------------------------------

def _charge_battle():
    """A mob charging a line of marines with a second marine unit close by (constraint 4
    bites), on the seed's worked-example distances."""
    return mob_against_two_lines(7.0)


def _offers(b, roll, margin, monkeypatch):
    with monkeypatch.context() as patch:
        patch.setattr(spots, "BURIED_MARGIN", margin)
        for memo in (charge._solved, charge._choices, charge._shared):
            memo.clear()
        reachable = charge.reachable_targets(b.state, b.geo, "s0u0", roll)
        return [(a.kind, a.targets, a.placement, a.label)
                for a in charge.target_choices(b.state, b.geo, "s0u0", roll, reachable)]


@pytest.mark.parametrize("roll", [7, 9, 12])
def test_charge_offers_are_the_same_without_leaving_out_buried_spots(roll, monkeypatch):
    b = _charge_battle()
    quick = _offers(b, roll, spots.BURIED_MARGIN, monkeypatch)
    assert any(kind == "charge_move" for kind, *_ in quick)
    assert quick == _offers(b, roll, math.inf, monkeypatch)  # inf: no spot left out


def test_every_spot_left_out_is_refused_by_free():
    b = _charge_battle()
    search = ChargeSearch(b.state, b.geo, "s0u0", ("s1u0", "s1u1"), 12)
    left_out = 0
    for m in search.mine:
        spots = search.static_spots(m)
        kept = {(row[0], row[1]) for row in search._rows(m, spots)}
        free = search.free_test(b.state, m)
        buried = m.base.radius - CONTACT_TOLERANCE
        for x, y in set(spots) - kept:
            if math.hypot(x - m.x, y - m.y) > search.roll:
                continue  # left out as out of reach
            gaps = [search._raw_gap(t, x, y) for t in search.targets]
            if min(gaps) < buried and (x, y) != (m.x, m.y):
                left_out += 1
                assert not free((x, y))
    assert left_out > 100


# --- who a unit is engaged with where it stands, remembered ------------------------------------

def _three_units():
    b = Battle([("Horde", "brute_horde", ["brute_mob", "brute_mob"]),
                ("Company", "line_company", ["line_marines"])], phase="movement")
    b.place("s0u0", 10.0, 12.0, 0.0)
    b.place("s0u1", 10.0, 36.0, 0.0)
    b.place("s1u0", 20.0, 20.0, 180.0)
    return b


def _agrees(b):
    for state in (b.state, b.state.copy()):
        for u in ("s0u0", "s0u1", "s1u0"):
            fresh = engagement.measure_engaged(state, b.geo, u)
            assert engagement.engaged_enemies(state, b.geo, u) == fresh
            assert engagement.engaged_enemies(state, b.geo, u, first=True) == fresh[:1]
            assert engagement.is_engaged(state, b.geo, u) == bool(fresh)


@settings(max_examples=60, deadline=None)
@given(moves=st.lists(st.tuples(st.sampled_from(["s0u0", "s0u1", "s1u0"]),
                                st.floats(6.0, 30.0), st.floats(6.0, 40.0),
                                st.booleans()), min_size=1, max_size=8))
def test_remembered_engagement_is_a_fresh_measure(moves):
    """Units stepped about (some next to each other, some models slain; asked of the state
    and of a copy): each answer the memory gives is the one measured afresh."""
    b = _three_units()
    for unit, x, y, slay in moves:
        b.place(unit, x, y, 0.0)
        alive = b.state.alive_models(unit)
        if slay and len(alive) > 1:
            alive[0].alive = False
        _agrees(b)


def test_remembered_engagement_sees_the_enemy_come_and_go_not_a_friend():
    b = _three_units()
    _agrees(b)
    b.place("s1u0", 10.0, 12.0 + 2 * D + 2.5, 180.0)  # next to the first mob
    _agrees(b)
    assert engagement.engaged_enemies(b.state, b.geo, "s0u0") == ["s1u0"]
    b.place("s0u1", 30.0, 40.0, 0.0)  # a friend moves elsewhere
    _agrees(b)
    b.state.alive_models("s1u0")[0].alive = False  # an enemy model slain
    _agrees(b)
    b.place("s1u0", 40.0, 40.0, 180.0)  # the enemy walks off
    _agrees(b)
    assert not engagement.is_engaged(b.state, b.geo, "s0u0")


@pytest.mark.parametrize("targets", [("s1u0",), ("s1u0", "s1u1")])
def test_close_spots_are_the_same_without_leaving_out_buried_spots(targets, monkeypatch):
    """Constraint 3's search (`close_spot`) for each model of the mob where it stands and
    where the first build puts it: the same spot (or none) with and without the spots on a
    target's bases in its list, and each spot left out of the list refused by `free`."""
    b = _charge_battle()
    b.place("s1u0", 10.0 + 4.0 + D, 22.0, 180.0)  # within the roll of most of the mob

    def close_spots(margin):
        with monkeypatch.context() as patch:
            patch.setattr(spots, "BURIED_MARGIN", margin)
            search = ChargeSearch(b.state, b.geo, "s0u0", targets, 12, spots.Shared())
            order, anchor, flank, loose = next(search.orders())
            dest, _, _ = search.build(order, anchor, flank, loose)
            out = []
            for trial in (b.state, search._trial(dest or {})):
                for m in trial.alive_models("s0u0"):
                    out.append(search.close_spot(trial, m, b.state.models[m.id]))
            return out, search

    quick, search = close_spots(spots.BURIED_MARGIN)
    assert sum(spot is not None for spot in quick) >= 5
    slow, every = close_spots(math.inf)
    assert quick == slow
    left_out = 0
    for key, keyed in every._close.items():
        m = b.state.models[key[-1]]
        free = search.free_test(b.state, m)
        for _, x, y in set(keyed) - set(search._close.get(key, keyed)):
            left_out += 1
            assert not free((x, y))
    assert left_out > 50
