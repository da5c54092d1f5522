"""Invariants of random play on the shipped legions map (hypothesis picks the seeds).

After any legal action: no bases overlap, no model is off the table or in impassable terrain,
no placement moves a model further than its allowance (the rule's own, from `move_allowance`);
`apply` on a copy never changes the original; and random battles play to the end.
"""

import math
import time

import pytest
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
#: Random battles played to the end in one test (about 1.5 s of CPU each).
BATTLES = 8


def longest_allowed(rule: str) -> float:
    """The furthest any model of the shipped forces may go by this rule (M7, I4-5; the
    vehicles M8-10, I1)."""
    from game.rulesets.legions import charge, evade, fight, movement, resolution

    return {fight.RULE_CONTACT: 5.0, evade.RULE_EVADE: 5.0, resolution.RULE_HOLD: 5.0, movement.RULE_MOVE: 10.0,
            movement.RULE_RUN: 12.0, charge.RULE_SETUP: 6.0, charge.RULE_SUCCESS: 6.0,
            movement.RULE_FALL_BACK: 11.0, resolution.RULE_PURSUE: 11.0,
            resolution.RULE_DISENGAGE: 10.0, resolution.RULE_CONSOLIDATE: 5.0}[rule]


def check_moves(events):
    """Every move the rules made, automatic ones included, within its rule's reach."""
    from game.core.events import UnitMoved

    for e in events:
        if isinstance(e, UnitMoved):
            assert e.longest <= longest_allowed(e.rule) + 1e-6, e.describe()


def check_table(controller):
    geo, s = controller.geo, controller.state
    alive = [m for m in s.models.values() if m.alive]
    round_bases = [m for m in alive if m.base.kind == "round"]  # the others (vehicle hulls):
    for i, a in enumerate(round_bases):                        # placement_problem, below
        r = a.base.radius
        assert r - 1e-6 <= a.x <= s.scenario.width - r + 1e-6, f"{a.name} off the table"
        assert r - 1e-6 <= a.y <= s.scenario.height - r + 1e-6, f"{a.name} off the table"
        for b in round_bases[i + 1:]:
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
        if action.kind == "disembark":  # no move: the models come out of the hull
            check_disembarked(controller, before, action)
        else:
            assert_placement_within(controller.geo, before, action, limit)
        check_table(controller)


def check_disembarked(controller, before, action):
    """A disembarked unit stands wholly within 2" of its Transport's hull (transports.py)."""
    from game.rulesets.legions.transports import DISEMBARK_RANGE, EMBARKED, hull

    ship = hull(controller.state, before.units[action.unit].flags[EMBARKED])
    for mid, _, _ in action.placement:
        gap = controller.geo.distance(controller.state.models[mid], ship)
        assert gap <= DISEMBARK_RANGE + 1e-6, action.to_text()


@settings(max_examples=4)
@given(st.integers(0, 10_000))
def test_apply_on_a_copy_never_changes_the_original(seed):
    controller = TurnController(RULESET, SCENARIO, seed)
    assert_apply_on_a_copy_leaves_the_original(controller, ai.make("random", seed), 80, seed)


def test_random_battles_play_to_the_end():
    start = time.process_time()  # CPU time: the machine is shared, wall time says little
    for seed in range(BATTLES):
        controller = TurnController(RULESET, SCENARIO, 1000 + seed)
        agents = {0: ai.make("random", seed), 1: ai.make("random", seed + 7)}
        controller.play(agents)
        assert controller.over and controller.state.result["reason"]
    assert time.process_time() - start < 60


# --- guarantee 2: offered means legal, and legal placements play -----------------------------------

#: Decisions per battle at which every offered action is checked (random and greedy play).
CHECKED_STEPS = 45
#: Offered actions checked per state (all when fewer), and alternative placements tried.
CHECKED_ACTIONS = 6
ALTERNATIVES = 2


def alternative_placements(action, state, rng):
    """Other placements near an offered one: each moved model stopping part-way (a shorter
    move is always within the allowance), or the whole placement nudged a little."""
    from game.core.actions import make_placement

    moved = {mid: (x, y) for mid, x, y in action.placement
             if (state.models[mid].x, state.models[mid].y) != (x, y)}
    if not moved:
        return []
    out = []
    for _ in range(ALTERNATIVES):
        share = rng.uniform(0.3, 0.95)
        part = {mid: (round(state.models[mid].x + (x - state.models[mid].x) * share, 3),
                      round(state.models[mid].y + (y - state.models[mid].y) * share, 3))
                for mid, (x, y) in moved.items()}
        dx, dy = rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3)
        nudged = {mid: (round(x + dx, 3), round(y + dy, 3)) for mid, (x, y) in moved.items()}
        for dest in (part, nudged):
            out.append(action.__class__(action.kind, action.unit, targets=action.targets,
                                        option=action.option, placement=make_placement(dest)))
    return out


def check_offers_are_legal_and_play(controller, rng, seed):
    """Guarantee 2 at one state: whatever is offered, explain_illegal accepts and apply takes
    on a copy; an alternative placement explain_illegal accepts applies too and puts the
    models where it says."""
    from game.core.dice import Dice

    state, geo = controller.state, controller.geo
    offered = controller.legal_actions()
    picked = offered if len(offered) <= CHECKED_ACTIONS else rng.sample(offered,
                                                                       CHECKED_ACTIONS)
    for action in picked:
        assert RULESET.explain_illegal(state, action, geo) is None, action.to_text()
        RULESET.apply(state.copy(), action, geo, Dice(seed))
        if not action.placement:
            continue
        for other in alternative_placements(action, state, rng):
            if RULESET.explain_illegal(state, other, geo) is not None:
                continue
            trial = state.copy()
            RULESET.apply(trial, other, geo, Dice(seed))
            for mid, x, y in other.placement:
                m = trial.models[mid]
                assert not m.alive or (m.x, m.y) == (x, y), other.to_text()


@pytest.mark.parametrize(("seed", "agent"), [(3, "random"), (11, "random"), (5, "greedy")])
def test_every_offered_action_is_legal_and_applies_and_legal_placements_play(seed, agent):
    import random

    rng = random.Random(seed)
    controller = TurnController(RULESET, SCENARIO, seed)
    agents = {0: ai.make(agent, seed), 1: ai.make(agent, seed + 1)}
    for step in range(CHECKED_STEPS * 3):
        if controller.over:
            break
        if step % 3 == 0:
            check_offers_are_legal_and_play(controller, rng, seed)
        controller.apply(agents[controller.current_player()].choose(controller))
