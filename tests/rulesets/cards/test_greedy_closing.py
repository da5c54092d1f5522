"""The greedy AI closes with purpose (evaluation.py): it sizes each enemy up by the exact odds
of one melee round, makes full moves toward an enemy it can beat, charges when the odds favour
it, and a unit that would be charged at a disadvantage holds back."""

import math

from game import ai, rulesets
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.cards import evaluation
from game.sim import battle_forces
from game.turn import TurnController
from tests.rulesets.cards.battle import DRAW, TOUCH, column, stack_deck, stand, two_units


def facing(first, second, gap):
    """`first` (side 0, s0u0) in a file at x=10 and `second` (s1u0) `gap` inches (edge) east,
    side 0's card drawn."""
    b = two_units(first, second)
    stand(b, "s0u0", column(10.0, 10.0, 6))
    stand(b, "s1u0", column(10.0 + TOUCH + gap, 10.0, 6))
    stack_deck(b, f"unit:0:{first}", "end")
    b.apply(DRAW)
    return b


def ranked(b):
    value = b.ruleset.action_value
    return sorted(b.legal(), key=lambda a: -value(b.state, a, b.geo))


def furthest(b, action):
    return max(math.dist((b.state.models[m].x, b.state.models[m].y), end)
               for m, end in action.destinations().items())


def test_matchup_reads_the_exact_odds_both_ways():
    b = facing("grenadiers", "militia", 20.0)
    strong = evaluation.matchup(b.state, b.geo, "s0u0", "s1u0")
    assert strong > 1.0  # Agg 3+ (Fierce) against Def 5+, and back Agg 5+ against Def 4+
    assert evaluation.matchup(b.state, b.geo, "s1u0", "s0u0") == -strong


def test_a_unit_makes_a_full_move_toward_an_enemy_it_can_beat():
    b = facing("grenadiers", "militia", 20.0)
    best = ranked(b)[0]
    assert best.label.endswith("move toward Militia")
    assert furthest(b, best) > 5.9  # the whole 6"


def test_a_unit_charges_when_the_odds_favour_it():
    b = facing("grenadiers", "militia", 4.0)
    assert ranked(b)[0].option == "charge"


def test_a_unit_that_would_be_charged_at_a_disadvantage_holds_back():
    """Militia 10" from Grenadiers: a move toward them ends within their 6" charge; the
    Militia stay out of reach instead."""
    b = facing("militia", "grenadiers", 10.0)
    value = {a.label: b.ruleset.action_value(b.state, a, b.geo) for a in b.legal()}
    assert value["Militia: move toward Grenadiers"] < value["Militia: stay where it is"]
    assert not ranked(b)[0].label.endswith("move toward Grenadiers")


def melee_reached(seed):
    ruleset = rulesets.get("cards")
    scenario = load_scenario(default_map_for("cards"))
    controller = TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    players = {i: ai.make("greedy", seed * 31 + i) for i in range(2)}
    while not controller.over:
        action = players[controller.current_player()].choose(controller)
        if action.kind == "fight":
            return True
        controller.apply(action)
    return False


def test_greedy_battles_on_the_shipped_map_come_to_blows():
    """Frontier skirmishes come to blows: in most battles (seeds 7-12, greedy against greedy,
    6 rounds) at least one melee is fought (5 of these 6 at the time of writing)."""
    assert sum(melee_reached(seed) for seed in range(7, 13)) >= 4
