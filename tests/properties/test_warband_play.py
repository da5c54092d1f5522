"""Invariants of random warband play on the shipped map (hypothesis picks the seeds and the
number of warbands), and whole random battles of 2-4 warbands played to the end.

After any action: no bases overlap, no model is off the table or in impassable terrain, no
model moved further than its allowance (M or 2xM running, 2xM charging, 2D6 fleeing); `apply`
on a copy never changes the original.
"""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game import ai, rulesets
from game.core.events import UnitMoved
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.warband.movement import allowance, charge_reach
from game.turn import TurnController
from tests.properties.invariants import assert_apply_on_a_copy_leaves_the_original

SCENARIO = load_scenario(default_map_for("warband"))
RULESET = rulesets.get("warband")


def controller_for(seed, sides):
    return TurnController(RULESET, SCENARIO, seed, forces=RULESET.default_forces(sides))


def check_table(controller):
    s, geo = controller.state, controller.geo
    alive = [m for m in s.models.values() if m.alive]
    assert geo.placement_problem(s, {m.id: (m.x, m.y) for m in alive}) is None
    for m in alive:
        r = m.base.radius
        assert r - 1e-6 <= m.x <= s.scenario.width - r + 1e-6, f"{m.name} off the table"
        assert r - 1e-6 <= m.y <= s.scenario.height - r + 1e-6, f"{m.name} off the table"


def check_moves(controller, action, before, events):
    geo = controller.geo
    for event in events:
        if not isinstance(event, UnitMoved):
            continue
        for mid, x0, y0, x1, y1 in event.moves:
            start = before.models[mid]
            if event.how == "flees":
                assert math.hypot(x1 - x0, y1 - y0) <= 12 + 1e-6
                continue
            if (start.x, start.y) != (x0, y0):
                continue  # moved by an automatic step after the action
            limit = charge_reach(start) if event.how == "charges" else allowance(before, geo,
                                                                                  start)
            path = geo.path_length(before, start, (x1, y1))
            assert path is not None and path <= limit + 1e-6, (event.describe(), path, limit)


@settings(max_examples=5)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_random_play_keeps_the_table_legal(seed, sides):
    controller = controller_for(seed, sides)
    agents = {i: ai.make("random", seed + i) for i in range(sides)}
    for _ in range(300):
        if controller.over:
            break
        action = agents[controller.current_player()].choose(controller)
        before = controller.state.copy()
        events = controller.apply(action)
        check_moves(controller, action, before, events)
        check_table(controller)


@settings(max_examples=4)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_apply_on_a_copy_never_changes_the_original(seed, sides):
    controller = controller_for(seed, sides)
    assert_apply_on_a_copy_leaves_the_original(controller, ai.make("random", seed), 80, seed)


#: Whole battles: enough of each size to meet routs, flights and multiplayer fights (~6 s).
BATTLES = [(seed, 2 + seed % 3) for seed in range(60)]


def test_random_and_greedy_battles_of_two_to_four_warbands_play_to_the_end():
    for seed, sides in BATTLES:
        controller = controller_for(seed, sides)
        names = ["greedy" if (seed + i) % 2 else "random" for i in range(sides)]
        agents = {i: ai.make(name, seed * 31 + i) for i, name in enumerate(names)}
        for _ in range(5000):
            if controller.over:
                break
            controller.apply(agents[controller.current_player()].choose(controller))
        assert controller.over, (seed, sides)
        assert controller.state.result["reason"]
