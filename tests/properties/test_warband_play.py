"""Invariants of random warband play on the shipped map (hypothesis picks the seeds and the
number of warbands), and whole random battles of 2-4 warbands played to the end.

After any action: no bases overlap, no model is off the table or in impassable terrain, no
model moved further than its allowance (M or 2xM running, 2xM charging, 2D6 fleeing); `apply`
on a copy never changes the original. Guarantee 2 (issue 10): in states reached by random and
greedy play every offer passes `explain_illegal` and applies, and placements a player might
drag instead (a move to a random spot within the allowance, a charge to a random spot in base
contact with its target), when accepted, apply too.
"""

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game import ai, rulesets
from game.core.actions import Action
from game.core.events import UnitMoved
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.warband.movement import allowance, charge_reach
from game.turn import TurnController
from tests.properties.invariants import assert_apply_on_a_copy_leaves_the_original
from tests.properties.offered import assert_accepted_apply, assert_offers_apply

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


def dragged(state, geo, offered, rng):
    """For each model offered a move: a spot at a random bearing and share of its allowance;
    for each charge offered: a spot in base contact with the target at a random bearing."""
    out = []
    for a in offered:
        if a.kind not in ("move", "charge"):
            continue
        model = state.models[state.units[a.unit].models[0]]
        angle = rng.uniform(0, 2 * math.pi)
        if a.kind == "move":
            length = rng.uniform(0.1, 1.0) * allowance(state, geo, model)
            x, y = model.x + length * math.cos(angle), model.y + length * math.sin(angle)
        else:
            target = state.models[state.units[a.targets[0]].models[0]]
            gap = target.base.radius + model.base.radius
            x, y = target.x + gap * math.cos(angle), target.y + gap * math.sin(angle)
        out.append(Action(a.kind, a.unit, a.targets,
                          placement=((model.id, round(x, 3), round(y, 3)),)))
    return out


def test_offers_are_legal_and_dragged_placements_the_rules_accept_apply():
    """Guarantee 2 on random and greedy battles of 2-4 warbands (every visited state)."""
    accepted = offered = 0
    for seed, sides in ((1, 2), (2, 3), (3, 4), (4, 2)):
        rng = random.Random(seed)
        controller = controller_for(seed, sides)
        names = ["greedy" if (seed + i) % 2 else "random" for i in range(sides)]
        agents = {i: ai.make(name, seed * 31 + i) for i, name in enumerate(names)}
        for _ in range(400):
            if controller.over:
                break
            s, geo = controller.state, controller.geo
            choices = controller.legal_actions()
            offered += assert_offers_apply(RULESET, s, geo, seed, choices)
            accepted += assert_accepted_apply(RULESET, s, geo, dragged(s, geo, choices, rng),
                                              seed)
            controller.apply(agents[controller.current_player()].choose(controller))
    assert offered > 300 and accepted > 50, (offered, accepted)
