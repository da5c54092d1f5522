"""The ranks engine's shortcuts (issue 13, engine speed): each one gives exactly what the long
way gives. Kept answers never change an offer or a refusal; the short searches find the same
advance, the same charge, the same reason."""

import math
import random

from game.core.actions import Action
from game.core.polygons import convex_hull
from game.rulesets.ranks import charge, evaluation, formation, movement, offers, recall, sweep
from game.rulesets.ranks.formation import Extent, Frame
from game.rulesets.ranks.shapes import overlap_entry, penetration, rect_corners
from tests.rulesets.ranks.battle import DEPTH as D
from tests.rulesets.ranks.battle import WIDTH as W
from tests.rulesets.ranks.battle import Battle
from tests.shipped import greedy_states


def forget_everything():
    offers._kept.clear()
    offers._grounds.clear()
    evaluation.forget()
    recall.forget()


def shipped_battle_positions(steps=60, seed=3):
    """States of a shipped greedy battle, one per decision, with its table."""
    return greedy_states("ranks", seed, steps)


def living_units(states):
    """(state, unit id) for every unit still alive in each of `states`, in the states' order:
    what the shortcut tests walk to compare each unit's answer with the long way's."""
    for s in states:
        for unit_id in s.units:
            if s.unit_alive(unit_id):
                yield s, unit_id


def listing(ruleset, s, geo):
    return [(a.kind, a.unit, a.targets, a.placement, a.option, str(a.label))
            for a in ruleset.legal_actions(s, geo)]


def test_kept_offers_are_the_offers_solved_afresh():
    """Offers kept by the ground a move can cross (offers.py, ground.py) are the very offers a
    listing with nothing kept solves, position after position of a real battle, and so are
    the refused charges a turn starts with (its log)."""
    ruleset, geo, states = shipped_battle_positions()
    warm = [listing(ruleset, s, geo) for s in states]
    refusals = [ruleset.charge_refusals(s, geo) for s in states if s.phase == "orders"]
    cold = []
    for s in states:
        forget_everything()
        cold.append(listing(ruleset, s, geo))
    cold_refusals = []
    for s in states:
        if s.phase == "orders":
            forget_everything()
            cold_refusals.append(ruleset.charge_refusals(s, geo))
    assert warm == cold
    assert refusals == cold_refusals


def test_kept_values_are_the_values_worked_out_afresh():
    """The moves of a decision are weighed against one shared reading of the position
    (evaluation._Position): each value is the one worked out with nothing kept."""
    ruleset, geo, states = shipped_battle_positions(steps=40)
    for s in states:
        actions = ruleset.legal_actions(s, geo)
        warm = [ruleset.action_value(s, a, geo) for a in actions]
        cold = []
        for a in actions:
            evaluation.forget()
            cold.append(ruleset.action_value(s, a, geo))
        assert warm == cold


def test_a_remembered_charge_is_found_again_on_a_copy_but_not_once_a_base_moved():
    """Charge solutions are kept by the board's values (recall.py): a copy of the state finds
    the same solution; moving a base of the charger makes it solved anew."""
    b = Battle([("Crown", "crown_host", ["sword_band"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s0u0", 20.0, 22.0, 0.0)
    b.stand("s1u0", 23.0, 22.0, 180.0)
    first, _ = charge.solve(b.state, b.geo, "s0u0", "s1u0")
    assert first is not None
    again, _ = charge.solve(b.state.copy(), b.geo, "s0u0", "s1u0")
    assert again is first
    b.stand("s0u0", 20.0, 21.0, 0.0)
    moved, _ = charge.solve(b.state, b.geo, "s0u0", "s1u0")
    assert moved is not first and moved.plan != first.plan


def test_a_charge_out_of_reach_is_refused_alike_with_or_without_trying_each_spot(
        monkeypatch):
    """`_surely_out_of_reach` only says what the full search would: over many stands, the
    quiet search gives the same charge or the same refusal with the shortcut as without."""
    rng = random.Random(5)
    b = Battle([("Crown", "crown_host", ["sword_band"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    seen = set()
    for _ in range(80):
        b.stand("s0u0", rng.uniform(20.0, 27.0), rng.uniform(14.0, 30.0), rng.uniform(0, 360))
        recall.forget()
        short = charge.solve(b.state, b.geo, "s0u0", "s1u0", explain=False)
        recall.forget()
        with monkeypatch.context() as m:
            m.setattr(charge, "_surely_out_of_reach", lambda *args: False)
            full = charge.solve(b.state, b.geo, "s0u0", "s1u0", explain=False)
        assert short == full
        seen.add((short[0] is not None, "out of reach" in short[1]))
    assert (False, True) in seen and (True, False) in seen


def test_a_refusal_explained_is_the_explaining_search_s_own_reason():
    """A charge the quiet search refuses for any reason but "out of reach" is refused for
    that very reason when explained (the explaining search is not run again for it); every
    refusal is the one the explaining search gives with nothing kept, over two shipped
    battles' positions, and both kinds of refusal occur."""
    kinds = set()
    for s, geo in [(s, geo) for seed in (1, 2)
                   for ruleset, geo, states in [shipped_battle_positions(100, seed)]
                   for s in states]:
        if s.phase != "orders":
            continue
        for unit in s.units_of(s.active):
            for target_id in charge.reach_candidates(s, unit.id):
                forget_everything()
                quiet = charge.solve(s, geo, unit.id, target_id, explain=False)
                if quiet[0] is not None:
                    continue
                explained = charge.solve(s, geo, unit.id, target_id)
                assert explained == charge._solve(s, geo, unit.id, target_id, None, True)[:2]
                # the quiet search says which refusal is its short one, as its text does
                _, reason, short = charge._solve(s, geo, unit.id, target_id, None, False)
                assert reason == quiet[1]
                assert short == (reason == charge._out_of_reach(s, target_id)[1])
                kinds.add(short)
    assert kinds == {True, False}


def test_farthest_forward_with_the_short_searches_finds_the_same_advance():
    """Bisecting on the sweep alone and stepping back past known overlaps (`passes`,
    `overlapped`) give the advance the plain search gives, through friends and enemies."""
    rng = random.Random(11)
    b = Battle([("Crown", "crown_host", ["sword_band", "spear_wall", "axe_band"]),
                ("League", "marcher_league", ["pike_block", "sword_band"])])
    found = set()
    for _ in range(40):
        b.stand("s0u0", 20.0, 22.0, 0.0)
        for unit, x0 in (("s0u1", 22.0), ("s0u2", 24.0), ("s1u0", 27.0), ("s1u1", 24.0)):
            b.stand(unit, x0 + rng.uniform(-1, 3), 22.0 + rng.uniform(-5, 5),
                    rng.choice([0.0, 90.0, 180.0, 270.0]))
        plain, short = _both_searches(b.state)
        assert short == plain
        found.add(plain is None or plain == 5.0)
    assert found == {True, False}


def _both_searches(s):
    """The farthest straight advance of s0u0, searched the plain way and the short way."""
    sur = sweep.Surroundings(s, "s0u0")
    start = formation.frame_of(s, "s0u0")
    ext = formation.extent(s, "s0u0")

    def plan_for(d):
        return movement.march_plan(s, "s0u0", 0.0, d, sur)

    plain = movement.farthest_forward(plan_for, 5.0)
    short = movement.farthest_forward(
        plan_for, 5.0, passes=lambda d: movement.passes_through(sur, start, d, ext),
        overlapped=lambda d: sweep.overlapped_since(sur, s, "s0u0",
                                                    formation.advanced(start, d), d))
    return plain, short


def _moved(polygon, direction, t):
    return [(x + direction[0] * t, y + direction[1] * t) for x, y in polygon]


def test_a_base_moved_back_overlaps_until_the_shift_overlap_entry_gives():
    """`overlap_entry`: moved back along the line less than it says, a rectangle still sinks
    deeper than the depth into the other; moved back a little more, it no longer does."""
    rng = random.Random(2)
    depth = 0.015
    for _ in range(300):
        other = rect_corners(0.0, 0.0, rng.uniform(0, 360), W, D)
        facing = rng.uniform(0, 360)
        a = rect_corners(rng.uniform(-1, 1), rng.uniform(-1, 1), facing, W, D)
        if penetration(a, other) <= depth:
            continue
        u = (math.cos(math.radians(facing)), math.sin(math.radians(facing)))
        entry = overlap_entry(a, other, u, depth)
        assert entry < 0
        assert penetration(_moved(a, u, entry + 1e-6), other) > depth
        assert penetration(_moved(a, u, entry - 1e-6), other) <= depth + 1e-9


def test_the_hull_of_a_block_moved_straight_ahead_is_the_full_hull():
    """`_ahead_hull` lists the same corners in the same order as `convex_hull` does."""
    rng = random.Random(7)
    for _ in range(2000):
        start = Frame(rng.uniform(0, 60), rng.uniform(0, 44),
                      rng.choice([0.0, 90.0, 180.0, 270.0, rng.uniform(0, 360)]))
        width = W * rng.randint(1, 5)
        ext = Extent(-width / 2, width / 2, D * rng.randint(1, 4))
        end = formation.advanced(start, rng.choice([1e-6, 0.02, rng.uniform(0, 9)]))
        first, last = formation.footprint(start, ext), formation.footprint(end, ext)
        assert sweep._ahead_hull(first, last) == convex_hull(first + last)


def test_a_move_is_planned_once_for_its_check_and_its_making():
    """Checking a March and making it plan it once (recall.py); the plan is the same."""
    b = Battle([("Crown", "crown_host", ["sword_band"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s0u0", 20.0, 22.0, 0.0)
    b.stand("s1u0", 50.0, 22.0, 180.0)
    a = Action("march", "s0u0", option=movement.option_text(wheel=0.0, forward=3.0))
    calls = []
    real = movement.march_plan

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    movement.march_plan = counted
    try:
        recall.forget()
        assert b.why(a) is None
        b.apply(a)
    finally:
        movement.march_plan = real
    assert len(calls) == 1
    front = formation.front_centre(formation.frame_of(b.state, "s0u0"),
                                   formation.extent(b.state, "s0u0"))
    assert math.isclose(front[0], 23.0, abs_tol=1e-3)
