"""Invariants of play on the shipped cards map (hypothesis picks the seeds).

After any action: no bases overlap, no figure is off the table or in impassable terrain, no
figure moved further than the rule allows (a chosen placement by its path; the forced moves
the rules make by themselves -- back into contact, recoil, flight, stepping back -- at least by
the straight line); `apply` on a copy never changes the original. And whole battles, random
and greedy, play to the end. Guarantee 2 (issue 10): in states reached by random and greedy
play every offer passes `explain_illegal` and applies, and placements a player might drag
instead (an offered move cut short, or the whole unit shifted), when accepted, apply too.
"""

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game import ai, rulesets
from game.core.actions import Action, make_placement
from game.core.events import UnitMoved
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.cards import aftermath, melee, reaction
from game.rulesets.cards.activation import RULE_ACTIVATE, RULE_CHARGE
from game.turn import TurnController
from tests.properties.invariants import (
    assert_apply_on_a_copy_leaves_the_original,
    assert_placement_within,
)
from tests.properties.offered import assert_accepted_apply, assert_offers_apply

SCENARIO = load_scenario(default_map_for("cards"))
RULESET = rulesets.get("cards")


def chosen_allowance(action, before):
    if action.kind == "move":
        return before.units[action.unit].profile["M"]
    if action.kind == "free_move":
        return aftermath.FREE_MOVE
    return 0.0


def forced_allowance(event, state):
    if event.rule in (aftermath.RULE_CLOSE_IN, reaction.RULE_RECOIL, reaction.RULE_FLIGHT,
                      RULE_ACTIVATE, RULE_CHARGE):
        return state.units[event.unit].profile["M"]
    if event.rule in (melee.RULE_DECLINE, aftermath.RULE_FREE_MOVE):
        return 2.0
    raise AssertionError(f"a move by an unknown rule: {event.rule}")


def check_table(controller):
    geo, s = controller.geo, controller.state
    alive = [m for m in s.models.values() if m.alive]
    for m in alive:
        r = m.base.radius
        assert r - 1e-6 <= m.x <= s.scenario.width - r + 1e-6, f"{m.name} off the table"
        assert r - 1e-6 <= m.y <= s.scenario.height - r + 1e-6, f"{m.name} off the table"
    assert geo.placement_problem(s, {m.id: (m.x, m.y) for m in alive}) is None


def play_checked(seed, agents, max_actions=400):
    controller = TurnController(RULESET, SCENARIO, seed)
    players = {0: ai.make(agents[0], seed), 1: ai.make(agents[1], seed + 1)}
    for _ in range(max_actions):
        if controller.over:
            break
        action = players[controller.current_player()].choose(controller)
        before = controller.state.copy()
        limit = chosen_allowance(action, before)
        events = controller.apply(action)
        assert_placement_within(controller.geo, before, action, limit)
        for e in events:
            if isinstance(e, UnitMoved):
                allowed = forced_allowance(e, controller.state)
                for _, x0, y0, x1, y1 in e.moves:
                    assert math.hypot(x1 - x0, y1 - y0) <= allowed + 1e-6
        check_table(controller)
    return controller


@settings(max_examples=4)
@given(st.integers(0, 10_000))
def test_random_play_keeps_the_table_legal(seed):
    play_checked(seed, ("random", "random"))


@settings(max_examples=3)
@given(st.integers(0, 10_000))
def test_greedy_play_keeps_the_table_legal(seed):
    """Greedy agents charge and fight: this exercises the melee's forced moves."""
    play_checked(seed, ("greedy", "greedy"))


@settings(max_examples=4)
@given(st.integers(0, 10_000))
def test_apply_on_a_copy_never_changes_the_original(seed):
    controller = TurnController(RULESET, SCENARIO, seed)
    assert_apply_on_a_copy_leaves_the_original(controller, ai.make("greedy", seed), 40, seed)


def test_battles_play_to_the_end():
    """Whole battles (random against random, greedy against greedy) end without an error."""
    for seed in range(4):
        for agents in (("random", "random"), ("greedy", "random"), ("greedy", "greedy")):
            controller = TurnController(RULESET, SCENARIO, seed)
            players = {0: ai.make(agents[0], seed), 1: ai.make(agents[1], seed + 7)}
            while not controller.over:
                controller.apply(players[controller.current_player()].choose(controller))
            assert controller.state.result["reason"]


def dragged(state, offered, rng):
    """Placements a player might drag instead of an offer: each offered move or free move cut
    to a random share of the way, and the whole unit shifted by a random vector of up to its
    allowance (a free move: 2")."""
    out = []
    for a in offered:
        if not a.placement:
            continue
        share = rng.uniform(0.1, 0.95)
        cut = {mid: (state.models[mid].x + (x - state.models[mid].x) * share,
                     state.models[mid].y + (y - state.models[mid].y) * share)
               for mid, x, y in a.placement}
        out.append(Action(a.kind, a.unit, a.targets, make_placement(cut), a.option))
        reach = aftermath.FREE_MOVE if a.kind == "free_move" else \
            state.units[a.unit].profile["M"]
        angle, length = rng.uniform(0, 2 * math.pi), rng.uniform(0.2, 1.0) * reach
        shift = {m.id: (m.x + length * math.cos(angle), m.y + length * math.sin(angle))
                 for m in state.alive_models(a.unit)}
        out.append(Action(a.kind, a.unit, placement=make_placement(shift)))
    return out


def test_offers_are_legal_and_dragged_placements_the_rules_accept_apply():
    """Guarantee 2 on random and greedy battles (every visited state)."""
    accepted = offered = 0
    for seed, agents in ((7014, ("random", "random")), (3, ("greedy", "greedy"))):
        rng = random.Random(seed)
        controller = TurnController(RULESET, SCENARIO, seed)
        players = {0: ai.make(agents[0], seed * 31), 1: ai.make(agents[1], seed * 31 + 1)}
        for _ in range(160):
            if controller.over:
                break
            s, geo = controller.state, controller.geo
            choices = controller.legal_actions()
            offered += assert_offers_apply(RULESET, s, geo, seed, choices)
            accepted += assert_accepted_apply(RULESET, s, geo, dragged(s, choices, rng), seed)
            controller.apply(players[controller.current_player()].choose(controller))
    assert offered > 60 and accepted > 15, (offered, accepted)
