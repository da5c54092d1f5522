"""Shared steps of the hand-built positions: stand an objective, play a position out with an
agent on its own side and greedy on the others, and the check a position makes."""

import dataclasses

from game.ai.greedy import GreedyAgent
from game.ai.playout import Playout
from game.ai.search import SearchAgent
from game.core.dice import Dice
from game.core.state import Objective
from game.table import Table


def centre(state, unit_id):
    models = state.alive_models(unit_id)
    return (sum(m.x for m in models) / len(models), sum(m.y for m in models) / len(models))


def objective_at(state, x, y, rounds=5):
    """One objective at (x, y), the round limit `rounds` and the last round reached: the new
    table for the position."""
    scenario = dataclasses.replace(state.scenario, objectives=(Objective("hill", x, y),),
                                   rounds=rounds)
    state.scenario = scenario
    state.round = rounds
    return Table(scenario)


def play_out(ruleset, state, geo, agent):
    """The agent's decision, then to the end of the battle (seeded dice) the agent playing
    its own side on and greedy the others: a plan's follow-ups are the planner's own."""
    play = Playout(ruleset, state.copy(), geo, Dice(0))
    play.take_automatic_steps()
    me = play.current_player()
    first = agent.choose(play)
    play.apply(first)
    rest = GreedyAgent(1)
    while not play.over:
        who = agent if play.current_player() == me else rest
        play.apply(who.choose(play))
    return first, play.state


def margin(end, side):
    points = end.result["points"]
    return points[side] - max(p for i, p in enumerate(points) if i != side)


def search_holds_what_greedy_gives_up(ruleset, state, geo, side, depth=None):
    """The check: greedy's play ends without the objective for `side`; the search's keeps it
    and ends with a better margin. Returns both first decisions. `depth`: the search's
    deepest level, when the plan is longer than its default (it overrides greedy only on
    lines that met the opponent's reply or the battle's end)."""
    greedy_first, greedy_end = play_out(ruleset, state, geo, GreedyAgent(0))
    search_first, search_end = play_out(ruleset, state, geo,
                                        SearchAgent(0, budget=None, depth=depth))
    assert greedy_end.over and search_end.over
    assert greedy_end.result["breakdown"][side]["objectives"] == 0
    assert search_end.result["breakdown"][side]["objectives"] == 1
    assert margin(search_end, side) > margin(greedy_end, side)
    return greedy_first, search_first
