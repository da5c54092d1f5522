"""Invariants of random play on the shipped legions map (hypothesis picks the seeds).

After any legal action: no bases overlap, no model is off the table or in impassable terrain,
no placement moves a model further than its allowance (the rule's own, from `move_allowance`);
`apply` on a copy never changes the original; and random battles play to the end.
"""

import math
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from game import ai, rulesets
from game.core.geometry import CONTACT_TOLERANCE
from game.io.tmx import default_map_for, load_scenario
from game.turn import TurnController
from tests.properties.invariants import (
    assert_apply_on_a_copy_leaves_the_original,
    assert_placement_within,
)

SCENARIO = load_scenario(default_map_for("legions"))
RULESET = rulesets.get("legions")
#: Random battles played to the end in one test (about 0.6 s each on the 2-core machine).
BATTLES = 12


def longest_allowed(rule: str) -> float:
    """The furthest any model of the shipped forces may go by this rule (M7, I4-5)."""
    from game.rulesets.legions import charge, fight, movement, resolution

    return {fight.RULE_CONTACT: 5.0, resolution.RULE_HOLD: 5.0, movement.RULE_MOVE: 7.0,
            movement.RULE_RUN: 12.0, charge.RULE_SETUP: 6.0, charge.RULE_SUCCESS: 6.0,
            movement.RULE_FALL_BACK: 11.0, resolution.RULE_PURSUE: 11.0,
            resolution.RULE_DISENGAGE: 7.0, resolution.RULE_CONSOLIDATE: 5.0}[rule]


def check_moves(events):
    """Every move the rules made, automatic ones included, within its rule's reach."""
    from game.core.events import UnitMoved

    for e in events:
        if isinstance(e, UnitMoved):
            assert e.longest <= longest_allowed(e.rule) + 1e-6, e.describe()


def check_table(controller):
    geo, s = controller.geo, controller.state
    alive = [m for m in s.models.values() if m.alive]
    for i, a in enumerate(alive):
        r = a.base.radius
        assert r - 1e-6 <= a.x <= s.scenario.width - r + 1e-6, f"{a.name} off the table"
        assert r - 1e-6 <= a.y <= s.scenario.height - r + 1e-6, f"{a.name} off the table"
        for b in alive[i + 1:]:
            gap = math.hypot(a.x - b.x, a.y - b.y) - a.base.radius - b.base.radius
            assert gap >= -CONTACT_TOLERANCE, f"{a.name} overlaps {b.name}"
    assert geo.placement_problem(s, {m.id: (m.x, m.y) for m in alive}) is None


def test_the_default_map_is_the_legions_72_by_48_table():
    assert default_map_for("legions").name == "legions_breach_field.tmx"
    assert (SCENARIO.width, SCENARIO.height) == (72.0, 48.0)


@settings(max_examples=4)
@given(st.integers(0, 10_000))
def test_random_play_keeps_the_table_legal(seed):
    controller = TurnController(RULESET, SCENARIO, seed)
    agents = {0: ai.make("random", seed), 1: ai.make("random", seed + 1)}
    for _ in range(250):
        if controller.over:
            break
        action = agents[controller.current_player()].choose(controller)
        before = controller.state.copy()
        limit = RULESET.move_allowance(before, action) if action.placement else 0.0
        check_moves(controller.apply(action))
        assert_placement_within(controller.geo, before, action, limit)
        check_table(controller)


@settings(max_examples=4)
@given(st.integers(0, 10_000))
def test_apply_on_a_copy_never_changes_the_original(seed):
    controller = TurnController(RULESET, SCENARIO, seed)
    assert_apply_on_a_copy_leaves_the_original(controller, ai.make("random", seed), 80, seed)


def test_random_battles_play_to_the_end():
    start = time.perf_counter()
    for seed in range(BATTLES):
        controller = TurnController(RULESET, SCENARIO, 1000 + seed)
        agents = {0: ai.make("random", seed), 1: ai.make("random", seed + 7)}
        controller.play(agents)
        assert controller.over and controller.state.result["reason"]
    assert time.perf_counter() - start < 60
