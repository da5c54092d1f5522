"""Invariants of random play on the shipped ranks map (hypothesis picks the seeds).

After any legal action: no bases overlap, nothing is off the table or in impassable terrain
(the table's own check of the whole state), every block is still rigid (one facing, bases in
their slots), and no move went over its allowance; `apply` on a copy never changes the
original; and whole random battles run to the end.
"""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game import ai, rulesets
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.ranks import charge, formation, movement
from game.turn import TurnController
from tests.properties.invariants import assert_apply_on_a_copy_leaves_the_original

SCENARIO = load_scenario(default_map_for("ranks"))
RULESET = rulesets.get("ranks")


def check_table(controller):
    geo, s = controller.geo, controller.state
    alive = [m for m in s.models.values() if m.alive]
    assert geo.placement_problem(s, {m.id: (m.x, m.y) for m in alive}) is None
    for unit in s.units.values():
        models = s.alive_models(unit.id)
        if not models:
            continue
        assert len({round(m.facing, 6) for m in models}) == 1, f"{unit.name} lost its facing"
        frame = formation.frame_of(s, unit.id)
        for mid, point in formation.positions(s, unit.id, frame).items():
            assert math.dist(point, s.models[mid].pos) < 5e-3, f"{unit.name} came apart"


def check_allowance(action, before, geo):
    """The move the action made cost no more than the unit's M (the ruleset's measure: the
    outer front corner's path, difficult terrain doubled), and the middle of the block's
    front edge moved no further than that."""
    if action.kind not in ("march", "turn", "charge", "flee"):
        return
    allowance = movement.allowance(before, action.unit)
    if action.kind in ("march", "turn"):
        values = movement.parse_option(action.option)
        ext = formation.extent(before, action.unit)
        if action.kind == "march":
            cost = ext.frontage * math.radians(abs(values["wheel"])) + values["forward"]
        else:
            cost = allowance / 2 + values["forward"]
        assert cost <= allowance + 1e-6
        assert movement.plan_of(before, action).cost <= allowance + 1e-6
    elif action.kind == "charge":
        solution, _ = charge.solve(before, geo, action.unit, action.targets[0])
        assert solution.plan.cost <= allowance + 1e-6
    else:
        assert movement.parse_option(action.option)["forward"] <= allowance + 1e-6


def front_centre(s, unit_id):
    return formation.front_centre(formation.frame_of(s, unit_id), formation.extent(s, unit_id))


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
        start = front_centre(before, action.unit) if action.unit in before.units else None
        check_allowance(action, before, controller.geo)
        controller.apply(action)
        if action.kind in ("march", "charge") and controller.state.unit_alive(action.unit):
            moved = math.dist(start, front_centre(controller.state, action.unit))
            assert moved <= movement.allowance(before, action.unit) + 1e-2
        check_table(controller)


@settings(max_examples=3)
@given(st.integers(0, 10_000))
def test_apply_on_a_copy_never_changes_the_original(seed):
    controller = TurnController(RULESET, SCENARIO, seed)
    assert_apply_on_a_copy_leaves_the_original(controller, ai.make("random", seed), 60, seed)


def test_random_battles_play_to_the_end():
    """Eight whole battles (random against random, and greedy against random)."""
    for seed in range(8):
        controller = TurnController(RULESET, SCENARIO, 100 + seed)
        first = "greedy" if seed % 2 else "random"
        agents = {0: ai.make(first, seed), 1: ai.make("random", seed + 7)}
        controller.play(agents, max_actions=3000)
        assert controller.over
        assert controller.state.result["reason"]
