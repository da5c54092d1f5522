"""The squads engine's shortcuts (speed only) against the long way they stand for.

`movement.surely_apart` refuses a straight move by arithmetic before `move_reason` measures
every path: it may only refuse what `coherency_problem` refuses, and the moves offered with it
are the moves offered without it."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rulesets.base import coherency_problem
from game.rulesets.squads import movement
from tests.rulesets.squads.battle import MOB_RADIUS, Battle

D = 2 * MOB_RADIUS
#: Edge gaps round the 2" coherency boundary (some exactly on it).
EDGE = st.sampled_from([0.0, 1e-7, -1e-7, 1e-3, 0.5, 1.9999999, 2.0, 2.0000001, 2.001, 3.0])


def mob(size):
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])], phase="movement")
    b.place("s0u0", 10.0, 22.0, 0.0, files=min(size, 5))
    b.place("s1u0", 40.0, 22.0, 180.0)
    for m in b.state.alive_models("s0u0")[size:]:
        m.alive = False
    return b


@settings(max_examples=200, deadline=None)
@given(size=st.integers(2, 10), data=st.data())
def test_surely_apart_only_refuses_what_coherency_refuses(size, data):
    b = mob(size)
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
    b = mob(4)
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
    b = mob(10)
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
