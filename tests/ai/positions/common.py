"""Shared steps of the hand-built positions: stand an objective, play a position out with an
agent on its own side and greedy on the others, and the checks a position makes.

Two checks for the positions of the later themes (counter-attack, charge reach, flank, the
wounded unit): `strong_beats_greedy` shows a position sound whatever the search does (greedy's
choice is not a strong move, and every strong move ends better on average over seeded lines
of play, greedy playing on for both sides: the same follow-ups for every first move);
`search_plays_strong` is what the search must do there (its first decision is a strong move,
and its own play ends better than greedy's)."""

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


def play_out(ruleset, state, geo, agent, seed=0):
    """The agent's decision, then to the end of the battle (dice seeded by `seed`) the agent
    playing its own side on and greedy the others: a plan's follow-ups are the planner's own."""
    play = Playout(ruleset, state.copy(), geo, Dice(seed))
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


#: Seeds each choice of a position is played out over, to show it right in expectation and
#: not only for one roll of the dice.
SEEDS = 20


def finish(ruleset, state, geo, first, seed):
    """One line of play: `first`, then greedy for every side to the battle's end, the dice
    seeded by `seed`. The same follow-ups for every first move, so that two first moves are
    compared by what they lead to, not by who plays on."""
    play = Playout(ruleset, state.copy(), geo, Dice(seed))
    play.take_automatic_steps()
    play.apply(first)
    rest = GreedyAgent(seed)
    while not play.over:
        play.apply(rest.choose(play))
    return play.state


def mean_margin(ruleset, state, geo, first, side, seeds=SEEDS):
    """The side's mean final margin after `first`, over `seeds` lines of play (`finish`)."""
    return sum(margin(finish(ruleset, state, geo, first, seed), side)
               for seed in range(seeds)) / seeds


def first_decision(ruleset, state, geo, agent):
    """The agent's choice in the position (its automatic steps taken first)."""
    play = Playout(ruleset, state.copy(), geo, Dice(0))
    play.take_automatic_steps()
    return agent.choose(play)


def strong_beats_greedy(ruleset, state, geo, side, is_strong, seeds=SEEDS):
    """The position is sound: greedy's choice is not a strong move, and every strong move
    (the legal actions `is_strong` accepts: at least one) ends with a better mean margin for
    `side` than greedy's choice, over `seeds` lines of play (`finish`). Returns (greedy's
    choice, {strong move: mean margin}, greedy's mean margin)."""
    play = Playout(ruleset, state.copy(), geo, Dice(0))
    play.take_automatic_steps()
    assert play.current_player() == side
    greedy_first = GreedyAgent(0).choose(play)
    assert not is_strong(greedy_first), greedy_first.to_text()
    strong = [a for a in play.legal_actions() if is_strong(a)]
    assert strong
    weak_mean = mean_margin(ruleset, state, geo, greedy_first, side, seeds)
    means = {a: mean_margin(ruleset, state, geo, a, side, seeds) for a in strong}
    assert min(means.values()) > weak_mean, (means, weak_mean)
    return greedy_first, means, weak_mean


#: Lines of play (seeds 0 to 9) the search's own play of a position is compared with greedy's
#: over (`search_plays_strong`): one line's dice can swing a melee's margin by 10 points or
#: more (squads' Veterans position: greedy's charge ends -12 to +4), so a single line can
#: reward the weaker move.
SEARCH_LINES = 10


def search_plays_strong(ruleset, state, geo, side, is_strong, depth=None):
    """The search agent (no budget: deterministic) plays a strong move, and its play ends
    with a better mean margin for `side` than greedy's play over `SEARCH_LINES` lines
    (`play_out`, seeded dice, the same seeds for both). Its first decision is checked before
    any play-out, so a failing position costs one decision."""
    search_first = first_decision(ruleset, state, geo, SearchAgent(0, budget=None, depth=depth))
    assert is_strong(search_first), search_first.to_text()
    greedy_total = search_total = 0
    for seed in range(SEARCH_LINES):
        greedy_first, greedy_end = play_out(ruleset, state, geo, GreedyAgent(0), seed)
        again, search_end = play_out(ruleset, state, geo,
                                     SearchAgent(0, budget=None, depth=depth), seed)
        assert again == search_first
        greedy_total += margin(greedy_end, side)
        search_total += margin(search_end, side)
    assert search_total > greedy_total, (search_total / SEARCH_LINES, greedy_total / SEARCH_LINES)
    return greedy_first, search_first


#: Lines of play a small gain is checked over: a cards melee spreads one line's margin by
#: 3.5-7 points, so 20 lines (`SEEDS`) cannot tell a gain of a few tenths from the dice.
MANY_SEEDS = 200


def paired_gains(positions, weak, strong, side, seeds=MANY_SEEDS):
    """Each move of `strong`'s mean gain over `weak` for `side`, line by line (`finish`, the
    same seed for both), averaged over `positions` (one per deal of the hidden cards, weighed
    alike), with its standard error (each deal's own spread: the deals' means differ):
    {move: (mean, error)}. `weak`'s lines are played once, whatever the number of moves."""
    means = {a: [] for a in strong}
    variances = {a: [] for a in strong}
    for p in positions:
        weak_margins = [margin(finish(*p, weak, seed), side) for seed in range(seeds)]
        for a in strong:
            diffs = [margin(finish(*p, a, seed), side) - w
                     for seed, w in enumerate(weak_margins)]
            mean = sum(diffs) / seeds
            means[a].append(mean)
            variances[a].append(sum((d - mean) ** 2 for d in diffs) / (seeds - 1) / seeds)
    return {a: (sum(means[a]) / len(positions), sum(variances[a]) ** 0.5 / len(positions))
            for a in strong}


def gains_over_greedy(positions, side, is_strong, seeds=MANY_SEEDS):
    """Greedy's choice (the same on every deal: it reads no hidden card, and not a strong
    move) and every strong move's paired gain over it (`paired_gains`): (greedy's choice,
    {strong move: (mean, error)})."""
    first = positions[0]
    greedy_first = first_decision(*first, GreedyAgent(0))
    assert all(first_decision(*p, GreedyAgent(0)) == greedy_first for p in positions[1:])
    assert not is_strong(greedy_first), greedy_first.to_text()
    play = Playout(first[0], first[1].copy(), first[2], Dice(0))
    play.take_automatic_steps()
    strong = [a for a in play.legal_actions() if is_strong(a)]
    assert strong
    return greedy_first, paired_gains(positions, greedy_first, strong, side, seeds)


def is_clear(mean, error):
    """A gain is clear when it is above nothing by two standard errors or more (a gain with
    no spread at all, every line alike, is clear when it is above nothing)."""
    return mean > 0 and mean >= 2 * error


def no_clear_gain(positions, side, is_strong, seeds=MANY_SEEDS):
    """The position is not sound: greedy's choice is not a strong move, and no strong move's
    paired gain over it (`paired_gains`) reaches two standard errors. Returns greedy's choice
    and {strong move: (mean, error)}."""
    greedy_first, gains = gains_over_greedy(positions, side, is_strong, seeds)
    assert not any(is_clear(*gain) for gain in gains.values()), gains
    return greedy_first, gains


def clear_gain(positions, side, is_strong, seeds=MANY_SEEDS):
    """The position is sound: greedy's choice is not a strong move, and every strong move's
    paired gain over it (`paired_gains`) is clear (`is_clear`: two standard errors or more).
    Returns greedy's choice and {strong move: (mean, error)}."""
    greedy_first, gains = gains_over_greedy(positions, side, is_strong, seeds)
    assert all(is_clear(*gain) for gain in gains.values()), gains
    return greedy_first, gains


def keeps_the_objective(ruleset, state, geo, side):
    """The moves after which `side` holds the objective (the move played on a copy): in the
    battle's last turn, what a strong player keeps when greedy walks or charges off it."""
    from game.rulesets.base import objective_holders

    def keeps(action):
        play = Playout(ruleset, state.copy(), geo, Dice(0))
        play.take_automatic_steps()
        play.apply(action)
        return objective_holders(play.state, geo)[0] == side

    return keeps
