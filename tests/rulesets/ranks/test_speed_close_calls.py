"""Offered ends beside other bases are not put to the table (sweep.close_call without
`bases`, issue 13, engine speed): wherever the pure checks accept a block's end, however close
to other blocks, friends or enemies, the table accepts it too, so asking it would only ever
confirm."""

import math
import random

from game.rulesets.ranks import formation, movement, sweep
from game.rulesets.ranks.formation import Frame
from game.rulesets.ranks.shapes import penetration
from tests.rulesets.ranks.battle import Battle
from tests.rulesets.ranks.test_speed import living_units, shipped_battle_positions


def deepest(sur, s, unit_id, frame):
    """The deepest overlap of the block's bases in `frame` with any other base."""
    rects = [rect for _, rect in sweep.base_rects(s, unit_id, frame)]
    others = [row.polygon for row in sur.enemies + sur.friends]
    return max((penetration(rect, other, every_axis=True) for rect in rects
                for other in others), default=-math.inf)


def test_every_end_the_pure_checks_accept_beside_other_blocks_the_table_accepts():
    """A block stood front to front with an enemy block and beside a friendly one, slid and
    turned a little, from a gap down to overlaps past the tolerance: each end the pure checks
    accept (some within a thousandth of an inch of their limit) the table accepts."""
    b = Battle([("Crown", "crown_host", ["sword_band", "spear_wall"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u1", 27.0, 26.5, 0.0)
    rng = random.Random(37)
    accepted = close_to_the_limit = close_calls = 0
    for _ in range(1500):
        b.facing_front("s0u0", "s1u0", gap=rng.uniform(-0.03, 0.02),
                       slide=rng.uniform(-3.0, 3.0))
        s = b.state
        frame = formation.frame_of(s, "s0u0")
        frame = Frame(frame.x + rng.uniform(-0.01, 0.01), frame.y + rng.uniform(-0.6, 0.6),
                      frame.facing + rng.choice([0.0, rng.uniform(-2.0, 2.0)]))
        sur = sweep.Surroundings(s, "s0u0")
        if sweep.end_problem(sur, s, "s0u0", frame) is not None:
            continue
        accepted += 1
        depth = deepest(sur, s, "s0u0", frame)
        close_to_the_limit += depth > sweep.TOLERANCE - sweep.SAFETY - 0.001
        dest = movement.Plan(frame, 0.0).destinations(s, "s0u0")
        assert movement.placed_problem(s, b.geo, "s0u0", dest, frame.facing) is None
        assert not sweep.close_call(sur, s, "s0u0", dest, frame.facing, bases=False)
        close_calls += sweep.close_call(sur, s, "s0u0", dest, frame.facing)
    assert accepted > 200 and close_to_the_limit > 10 and close_calls == accepted


def test_the_table_accepts_every_offered_end_beside_other_bases_in_a_shipped_battle():
    """Every March, Turn and charge offered over a shipped battle's positions ends where the
    table, asked, accepts it (the offers do not ask it when only bases stand near)."""
    ruleset, geo, states = shipped_battle_positions(steps=60)
    asked = 0
    for s in states:
        if s.phase != "orders":
            continue
        for a in ruleset.legal_actions(s, geo):
            if a.kind not in ("march", "turn", "charge") or not a.placement:
                continue
            asked += 1
            facing = movement.facing_after(s, a)
            assert movement.placed_problem(s, geo, a.unit, a.destinations(), facing) is None
    assert asked > 100
    assert any(True for _ in living_units(states))
