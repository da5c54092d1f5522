"""Look-ahead in turns: each candidate played to the end of the opponents' next turn.

Why turns, not decisions: a turn is many decisions by one side (moves, then charges, then
fights), so a tree three decisions deep rarely reaches the opponent's reply, and the reply is
what punishes a unit left in charge reach or an objective walked off. Here each candidate is
applied, the rest of the side's turn and then every other side's next turn are played by a
rollout policy (greedy: the baseline's model of a good player, on both sides), and the
position the searcher then faces is scored by `evaluate` (points, objectives weighted by the
rounds left, the exact odds of the next charges). Every candidate's rollouts end at the same
point of the game (the searcher's next turn, or the battle's end), so their values compare.

Noise: the dice of two turns swing a rollout by points while candidates differ by tenths, so
the candidates share their dice (common random numbers: rollout k of every candidate uses
seed k for the dice, the hidden order and the policy's ties; the dice keyed by what each throw
is for, `KeyedDice`, so that the same charge gets the same faces in both rollouts even when one
of them threw dice the other did not: measured by `benchmarks.ai_noise`, squads' paired
differences spread 6.2 points with sequential dice, 2.5 keyed) and are compared to greedy's
choice by the paired difference of their values, seed by seed; its standard error comes from
those differences. Rollouts are added round by round (one seed for every candidate still in
the running) while the budget lasts; after each round the candidates that could not catch
the best one are dropped, so the last rounds go to the close calls.

Where a turn is one activation (cards, warband) the horizon is one of the side's activations
and each opponent's next one; the rule is the same: stop when the turn (`state.active`) has
passed to another side and come back.

Or several turns (`turns=k`: the turn back with the searcher the k-th time), or to the
battle's end (`turns=None`), when the budget affords it (the searcher decides):
then the value is the final margin, which needs no judgement of a position. Why: the
overrides a next-turn horizon made in warband were worth +4 points to it on average and
+0.75 ± 1.4 when played out to the end (`benchmarks.ai_overrides`): what `evaluate` sees at
the next turn is not what the battle gives.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, field

from game.ai.budget import OutOfTime
from game.ai.determinize import determinize
from game.ai.evaluate import evaluate
from game.ai.greedy import GreedyAgent
from game.ai.playout import KeyedDice, Playout

#: A rollout never plays more than this many decisions a turn (a turn of many units is ~30),
#: and a rollout to the battle's end no more than `END_TURNS` times that.
MAX_STEPS = 150
END_TURNS = 20
#: Rounds of rollouts (one seed for each candidate still running) at most, under a budget;
#: without one, exactly `FIXED_ROUNDS` (deterministic). A ruleset's `last_round_turn_rounds`
#: setting (the rounds without a budget, the most under one) replaces the pair in the
#: battle's last round, where rollouts are cheap (the battle ends within a turn or two) and a
#: melee's dice spread a rollout by more than the gains compared.
MAX_ROUNDS = 12
FIXED_ROUNDS = 6
#: Rollouts each candidate should get: the candidates beyond what the budget affords at this
#: many each (after timing greedy's choice's first) are not looked at.
SEEDS_WANTED = 3
#: Rollouts each of greedy's choice and its challenger must have before an override.
MIN_SEEDS = 2
#: An override needs a paired gain over greedy's choice beyond this margin (points) plus
#: `TURN_Z` of its standard errors.
TURN_MARGIN = 0.5
TURN_Z = 1.0
#: After a round, a candidate stays in the running if its paired gain over greedy's choice,
#: plus this many standard errors, could still override it and, plus `KEEP_SLACK`, reach the
#: best one's (`still_running`).
KEEP_SE = 2.0
KEEP_SLACK = 0.5
#: The rollouts' dice: keyed by what each throw is for (`KeyedDice`), so that paired rollouts
#: keep their pairing past a throw one of them makes and the other does not.
ROLLOUT_DICE = KeyedDice


@dataclass
class Rollouts:
    """One candidate's rollout values (the searcher's margin at the horizon), by seed index,
    and the first decision an opponent took in its first rollout (the reply foreseen)."""

    values: list[float] = field(default_factory=list)
    reply: object = None
    replier: int | None = None


def horizon_reached(state, me: int, passed: bool) -> bool:
    """Whether the look-ahead stops: the battle is over, or the turn went to another side
    (`passed`) and is back with the searcher."""
    return state.over or (passed and state.active == me)


def rollout(ruleset, world, geo, me: int, action, seed: int, check_time,
            record: Rollouts | None = None, turns: int | None = 1) -> float:
    """The searcher's margin after `action` and the opponents' next `turns` turns (None: to
    the battle's end), played by greedy on every side with the dice, hidden order and ties of
    `seed`."""
    play = Playout(ruleset, determinize(ruleset, world, random.Random(seed)), geo,
                   ROLLOUT_DICE(seed))
    play.apply(action)
    play_to_horizon(play, me, GreedyAgent(seed), check_time, record, turns)
    check_time()
    return float(evaluate(ruleset, play.state, me, geo))


def play_to_horizon(play: Playout, me: int, policy, check_time,
                    record: Rollouts | None = None, turns: int | None = 1) -> None:
    """`policy` plays every side in `play` until `horizon_reached` the `turns`-th time (None:
    until the battle's end; at most `MAX_STEPS` decisions a turn); the first decision an
    opponent takes goes to `record`."""
    passed = play.state.active != me
    back = 0
    for _ in range(MAX_STEPS * (turns or END_TURNS)):
        if horizon_reached(play.state, me, passed):
            back += 1
            if play.state.over or (turns is not None and back >= turns):
                return
            passed = False
        check_time()
        who = play.current_player()
        if who is None:
            return
        choice = policy.choose(play)
        if record is not None and record.reply is None and who != me:
            record.reply, record.replier = choice, who
        play.apply(choice)
        passed = passed or play.state.active != me


def timing_key(turns: int | None) -> str:
    """Where `look_ahead` keeps a rollout's cost for a horizon (to the battle's end, or the
    next turn: their costs differ by the turns left)."""
    return "rollout" if turns == 1 else f"rollout {turns}"


def paired(mine: list[float], base: list[float]) -> tuple[float, float, int]:
    """(mean, standard error, count) of the seed-by-seed differences `mine - base` over the
    seeds both have."""
    diffs = [a - b for a, b in zip(mine, base, strict=False)]
    if not diffs:
        return 0.0, math.inf, 0
    if len(diffs) == 1:
        return diffs[0], math.inf, 1
    return statistics.mean(diffs), statistics.stdev(diffs) / math.sqrt(len(diffs)), len(diffs)


def still_running(runs: list[Rollouts], base: int) -> list[int]:
    """The candidates (indices) still in the running: those whose paired gain over `base`,
    optimistically (plus `KEEP_SE` standard errors), could still override it (beyond
    `TURN_MARGIN`) and reach the best one's (among those with two rollouts at least: one tells
    no error). `base` always stays (it is what a candidate must beat), and so does a candidate
    with fewer than two rollouts. When only `base` is left, the look-ahead stops early."""
    gains = {i: paired(r.values, runs[base].values) for i, r in enumerate(runs)}
    best = max((g[0] for g in gains.values() if g[2] >= 2), default=-math.inf)
    keep = []
    for i, (mean, se, n) in gains.items():
        reach = mean + (KEEP_SE * se if math.isfinite(se) else math.inf)
        if i == base or n < 2 or (reach >= TURN_MARGIN and reach + KEEP_SLACK >= best):
            keep.append(i)
    return keep


def affordable(spent: float, remaining: float, count: int) -> int:
    """How many candidates can have `SEEDS_WANTED` rollouts each in the `remaining` CPU time,
    a rollout costing about `spent` (the first one's): at least 1 (greedy's choice)."""
    if spent <= 0:
        return count
    return max(1, min(count, int(remaining / (spent * SEEDS_WANTED))))


def turn_rounds(ruleset, world) -> tuple[int, int]:
    """The rounds of rollouts without a budget and the most under one, for `world`: the
    shared `FIXED_ROUNDS` and `MAX_ROUNDS`, or in the battle's last round the ruleset's
    `last_round_turn_rounds` where it sets one."""
    last = getattr(ruleset, "last_round_turn_rounds", None)
    if last is not None and world.round >= ruleset.battle_rounds(world.scenario):
        return last
    return FIXED_ROUNDS, MAX_ROUNDS


def look_ahead(ruleset, world, geo, me: int, cands: list, rng: random.Random, check_time,
               deadline: float | None, stats: dict | None = None,
               timing: dict | None = None, turns: int | None = 1,
               soft: float | None = None):
    """The candidate to play: greedy's choice unless another's paired gain over it, after
    the opponents' next `turns` turns (None: at the battle's end), is beyond `TURN_MARGIN`
    plus `TURN_Z` standard errors (at least `MIN_SEEDS` rollouts each). Fills each
    candidate's `turn_values`, `turn_gain`, `turn_error`, `turn_reply`. Without a deadline,
    `FIXED_ROUNDS` rounds (deterministic). Past `soft` (CPU time), no new round is started
    unless a challenger leads greedy's choice by `TURN_MARGIN` (`leading`): the rest of the
    budget goes to close calls, not to confirming greedy's choice. `timing[timing_key(turns)]`
    gets the CPU time of greedy's choice's first rollout."""
    base = max(range(len(cands)), key=lambda i: cands[i].greedy)
    order = sorted(range(len(cands)), key=lambda i: (i != base, -cands[i].greedy, i))
    runs = [Rollouts() for _ in cands]
    fixed, most = turn_rounds(ruleset, world)
    rounds = fixed if deadline is None else most
    seeds = [rng.getrandbits(32) for _ in range(rounds)]
    running = order
    for k, seed in enumerate(seeds):
        try:
            for i in list(running):
                if i not in running:
                    continue  # cut by what the budget affords (below)
                spent = time.thread_time()
                try:
                    runs[i].values.append(rollout(ruleset, world, geo, me, cands[i].action,
                                                  seed, check_time, runs[i] if k == 0 else None,
                                                  turns))
                finally:  # a rollout cut by the budget cost at least what it spent
                    if k == 0 and i == base and timing is not None:
                        timing[timing_key(turns)] = time.thread_time() - spent
                if stats is not None:
                    stats["rollouts"] = stats.get("rollouts", 0) + 1
                if k == 0 and i == base and deadline is not None:
                    now = time.thread_time()
                    running = running[:affordable(now - spent, deadline - now, len(running))]
        except OutOfTime:
            break
        running = [i for i in still_running(runs, base) if i in running]
        if running == [base] or (soft is not None and time.thread_time() >= soft
                                 and not leading(runs, base, running)):
            break
    return _decide(cands, runs, base)


def leading(runs: list[Rollouts], base: int, running: list[int]) -> bool:
    """Whether a candidate still running leads `base` by more than `TURN_MARGIN` (paired,
    over the rollouts both have, one at least): an override in the making, worth more
    rollouts."""
    for i in running:
        mean, _, n = paired(runs[i].values, runs[base].values)
        if i != base and n >= 1 and mean > TURN_MARGIN:
            return True
    return False


def _decide(cands: list, runs: list[Rollouts], base: int):
    best = None
    for i, cand in enumerate(cands):
        cand.turn_values = list(runs[i].values)
        cand.turn_reply = runs[i].reply
        cand.turn_gain, cand.turn_error, n = paired(runs[i].values, runs[base].values)
        if i != base and n >= MIN_SEEDS and (best is None or cand.turn_gain > best.turn_gain):
            best = cand
    if best is not None and best.turn_gain > TURN_MARGIN + TURN_Z * best.turn_error:
        return best
    return cands[base]
