"""Invariants of random and greedy play on the shipped ranks map (hypothesis picks the seeds).

After any legal action: no bases overlap, nothing is off the table or in impassable terrain
(the table's own check of the whole state), every block is still rigid (one facing, bases in
their slots), and no move went over its allowance; `apply` on a copy never changes the
original; and whole random battles run to the end.

Guarantee 2 (issue 10): in states reached by random and greedy play, everything
`legal_actions` offers passes `explain_illegal` and applies on a copy; and orders it need not
list (other wheels and advances, other turns, a charge on any enemy, a charge dragged along the
target edge, any base's talent, "spend no more") apply too whenever `explain_illegal` accepts
them, with the same invariants.
"""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import ai, rulesets
from game.core.actions import Action
from game.core.dice import Dice
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.ranks import charge, formation, movement
from game.rulesets.ranks.profile import TALENT_NAMES
from game.rulesets.ranks.shapes import unit_vectors
from game.turn import TurnController
from tests.properties.invariants import assert_apply_on_a_copy_leaves_the_original

SCENARIO = load_scenario(default_map_for("ranks"))
RULESET = rulesets.get("ranks")


def check_table(controller):
    check_state(controller.geo, controller.state)


def check_state(geo, s, unit_ids=None):
    """The table accepts where the bases stand (of `unit_ids`, default all) and every block
    is still rigid."""
    alive = [m for m in s.models.values() if m.alive and (unit_ids is None or m.unit in unit_ids)]
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
        solution, _ = charge.chosen(before, geo, action)
        assert solution.plan.cost <= allowance + 1e-6
    else:
        assert movement.parse_option(action.option)["forward"] <= allowance + 1e-6


def front_centre(s, unit_id):
    return formation.front_centre(formation.frame_of(s, unit_id), formation.extent(s, unit_id))


@settings(max_examples=3, deadline=None)
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


@settings(max_examples=2, deadline=None)
@given(st.integers(0, 10_000))
def test_apply_on_a_copy_never_changes_the_original(seed):
    controller = TurnController(RULESET, SCENARIO, seed)
    assert_apply_on_a_copy_leaves_the_original(controller, ai.make("random", seed), 60, seed)


def test_random_battles_play_to_the_end():
    """Four whole battles (random against random, and greedy against random)."""
    for seed in range(4):
        controller = TurnController(RULESET, SCENARIO, 100 + seed)
        first = "greedy" if seed % 2 else "random"
        agents = {0: ai.make(first, seed), 1: ai.make("random", seed + 7)}
        controller.play(agents, max_actions=3000)
        assert controller.over
        assert controller.state.result["reason"]


def alternatives(s, rng):
    """Orders a player could give that `legal_actions` need not list (a few at random)."""
    out = [Action("end_turn"), Action("talents_done")]
    if s.phase == "combat":
        combat = s.pending["combat"]
        for uid, row in combat["units"].items():
            if row["side"] == combat["spender"]:
                out += [Action("talent", uid, targets=(m.id,), option=talent)
                        for m in s.alive_models(uid) for talent in TALENT_NAMES]
        return out
    for unit in s.units_of(s.active):
        if not s.unit_alive(unit.id):
            continue
        move = movement.allowance(s, unit.id)
        out += [Action("hold", unit.id), Action("fight", unit.id), Action("flee", unit.id)]
        out += [Action("march", unit.id, option=movement.option_text(
            wheel=rng.uniform(-45.0, 45.0), forward=rng.uniform(0.0, move))) for _ in range(2)]
        out.append(Action("turn", unit.id, option=movement.option_text(
            by=rng.choice(movement.TURNS), forward=rng.uniform(0.0, move / 2))))
        out += [Action("charge", unit.id, targets=(e.id,)) for e in s.enemy_units(unit.side)]
    return out


def dragged_charges(s, offered, rng):
    """Offered charges slid along the target edge (the charger's right once it faces it)."""
    out = []
    for a in offered:
        if a.kind != "charge":
            continue
        facing = movement.parse_option(a.option)["facing"]
        _, (rx, ry) = unit_vectors(facing)
        along = rng.choice((-0.6, -0.25, 0.25, 0.6))
        out.append(Action("charge", a.unit, targets=a.targets, option=a.option, placement=tuple(
            (mid, round(x + rx * along, 3), round(y + ry * along, 3)) for mid, x, y in a.placement)))
    return out


def apply_on_a_copy(controller, action, seed):
    """`apply` on a copy of the state: no exception, and the table and moves stay legal."""
    before = controller.state
    after = before.copy()
    check_allowance(action, before, controller.geo)
    controller.ruleset.apply(after, action, controller.geo, Dice(seed))
    moved = {m.unit for m in after.models.values()
             if m.alive and (m.x, m.y, m.facing) != (before.models[m.id].x, before.models[m.id].y,
                                                      before.models[m.id].facing)}
    check_state(controller.geo, after, moved)


@pytest.mark.parametrize("seed, players", [(21, ("random", "random")), (22, ("greedy", "random")),
                                           (23, ("random", "greedy"))])
def test_offered_means_legal_and_what_is_accepted_applies(seed, players):
    """Guarantee 2, over the first 50 decisions of each battle (every offered action is
    applied on a copy at every other decision, to keep the run short)."""
    controller = TurnController(RULESET, SCENARIO, seed)
    agents = {side: ai.make(kind, seed + side) for side, kind in enumerate(players)}
    rng = random.Random(seed)
    for step in range(50):
        if controller.over:
            break
        s, geo = controller.state, controller.geo
        offered = controller.legal_actions()
        for a in offered:
            assert RULESET.explain_illegal(s, a, geo) is None, a.to_text()
            if step % 2 == 0:
                apply_on_a_copy(controller, a, step)
        others = alternatives(s, rng) + dragged_charges(s, offered, rng)
        for a in rng.sample(others, min(6, len(others))):
            if RULESET.explain_illegal(s, a, geo) is None:
                apply_on_a_copy(controller, a, step)
        controller.apply(agents[controller.current_player()].choose(controller))
