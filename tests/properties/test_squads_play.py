"""Invariants of random play on the shipped squads map (hypothesis picks the seeds).

After any legal action: no bases overlap, no model is off the table or in impassable terrain,
no model moved further than its allowance; `apply` on a copy never changes the original; every
offered action is accepted and applies, and so do accepted variations of offered placements.
"""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import ai, rulesets
from game.core.actions import Action, make_placement
from game.core.dice import Dice
from game.core.geometry import CONTACT_TOLERANCE
from game.io.tmx import default_map_for, load_scenario
from game.turn import TurnController
from tests.properties.invariants import (
    assert_apply_on_a_copy_leaves_the_original,
    assert_placement_within,
)

SCENARIO = load_scenario(default_map_for("squads"))
RULESET = rulesets.get("squads")


def allowance(action, state_before):
    """The furthest a model may go for this action (the rule's own allowance)."""
    kind = action.kind
    if kind == "move":
        unit = state_before.units[action.unit]
        extra = unit.flags.get("advance_roll", 0) if action.option == "advance" else 0
        return unit.profile["M"] + extra
    if kind == "charge_move":
        return state_before.pending["charge"]["roll"]
    if kind in ("pile_in", "consolidate"):
        return 3.0
    return 0.0


def check_table(controller):
    geo, s = controller.geo, controller.state
    alive = [m for m in s.models.values() if m.alive]
    for i, a in enumerate(alive):
        r = a.base.radius
        assert r - 1e-6 <= a.x <= s.scenario.width - r + 1e-6, f"{a.name} off the table"
        assert r - 1e-6 <= a.y <= s.scenario.height - r + 1e-6, f"{a.name} off the table"
        for b in alive[i + 1:]:
            if math.hypot(a.x - b.x, a.y - b.y) < a.base.radius + b.base.radius:
                assert geo.distance(a, b) >= 0
                gap = math.hypot(a.x - b.x, a.y - b.y) - a.base.radius - b.base.radius
                assert gap >= -CONTACT_TOLERANCE, f"{a.name} overlaps {b.name}"
    assert geo.placement_problem(s, {m.id: (m.x, m.y) for m in alive}) is None


@settings(max_examples=6)
@given(st.integers(0, 10_000))
def test_random_play_keeps_the_table_legal(seed):
    controller = TurnController(RULESET, SCENARIO, seed)
    agents = {0: ai.make("random", seed), 1: ai.make("random", seed + 1)}
    for _ in range(400):
        if controller.over:
            break
        action = agents[controller.current_player()].choose(controller)
        before = controller.state.copy()
        limit = allowance(action, before)
        controller.apply(action)
        assert_placement_within(controller.geo, before, action, limit)
        check_table(controller)


@settings(max_examples=5)
@given(st.integers(0, 10_000))
def test_apply_on_a_copy_never_changes_the_original(seed):
    controller = TurnController(RULESET, SCENARIO, seed)
    assert_apply_on_a_copy_leaves_the_original(controller, ai.make("random", seed), 60, seed)


def test_random_battles_finish_without_an_exception():
    """A quick slice of the soak: 12 random battles to the end here; CI (.ci/run) plays 500."""
    for seed in range(12):
        controller = TurnController(RULESET, SCENARIO, 500 + seed)
        controller.play({0: ai.make("random", seed), 1: ai.make("random", seed + 7)})
        assert controller.over and controller.state.result["reason"]


# --- guarantee 2: offered means legal, and what the rules accept is playable -------------------

def assert_offers_apply(controller, rng, seed):
    """Every offered action passes `explain_illegal` and applies on a copy, each placed model
    ending exactly where the action stores it; a few nudged alternatives of the offered
    placements that `explain_illegal` accepts apply too."""
    s, geo = controller.state, controller.geo
    legal = RULESET.legal_actions(s, geo)
    for a in legal:
        assert RULESET.explain_illegal(s, a, geo) is None, a.to_text()
        copy = s.copy()
        RULESET.apply(copy, a, geo, Dice(seed))
        for mid, x, y in a.placement:
            assert (copy.models[mid].x, copy.models[mid].y) == (x, y), a.to_text()
    placed = [a for a in legal if a.placement]
    for a in rng.sample(placed, min(2, len(placed))):
        dest = a.destinations()
        mid = rng.choice(sorted(dest))
        x, y = dest[mid]
        dest[mid] = (round(x + rng.uniform(-0.4, 0.4), 3), round(y + rng.uniform(-0.4, 0.4), 3))
        nudged = Action(a.kind, a.unit, a.targets, make_placement(dest), a.option)
        if RULESET.explain_illegal(s, nudged, geo) is None:
            copy = s.copy()
            RULESET.apply(copy, nudged, geo, Dice(seed))
            assert (copy.models[mid].x, copy.models[mid].y) == dest[mid]


@pytest.mark.parametrize("agent", ["random", "greedy"])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_offered_action_is_accepted_and_applies(agent, seed):
    controller = TurnController(RULESET, SCENARIO, seed)
    agents = {0: ai.make(agent, seed), 1: ai.make(agent, seed + 1)}
    rng = random.Random(seed)
    for step in range(160):
        if controller.over:
            break
        if step % 3 == 0 or controller.state.phase in ("charge", "fight"):
            assert_offers_apply(controller, rng, seed + step)
        controller.apply(agents[controller.current_player()].choose(controller))
