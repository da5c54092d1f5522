"""The search agent: sampled expectimax over a candidate set, with greedy replies and rollouts.

Why this shape: the engine costs milliseconds per step, so within a 1 s CPU budget a searcher
affords tens of short look-aheads, not thousands of random games. Each candidate action is
tried in copies of the position (hidden orders re-dealt, see `determinize`; dice from the
agent's own seeded generator, never the game's), followed by greedy play for the rest of the
agent's turn and the opponents' reply, until the agent is to act again or the ply limit is
reached; the leaf is scored by `evaluate` (margin against the best other side). Candidates are
sampled round-robin while the budget lasts, so the answer is anytime: the budget is checked
inside each rollout, and a rollout cut short is kept only for a candidate with no other sample.

Candidates are not pruned by greedy's values alone: with few actions all are tried; otherwise
each unit's best action of each kind (by greedy value), plus the kinds that are not a unit's
(end a phase, pass), plus greedy's own top choices.

Time: the budget is a hard limit checked inside rollouts; past 40% of it the search stops
when greedy's choice stands or once its own choice holds from one sampling round to the
next, and it stops early when no candidate could plausibly beat greedy's choice.

Determinism: the same seed, position and `iterations` give the same choice; a CPU-time budget
stops at a time, so two runs may sample a different number of times.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from game.ai.determinize import determinize
from game.ai.evaluate import evaluate
from game.ai.greedy import GreedyAgent
from game.ai.playout import Playout
from game.core.dice import Dice

#: Below this many actions every action is a candidate.
ALL_WHEN_FEWER = 10
#: At most this many candidates (greedy's order breaks ties in the cut).
MAX_CANDIDATES = 14
#: Rollout length: decisions after the candidate (the rest of the turn and the reply).
PLIES = 10
#: How much (points, paired mean) a candidate must beat greedy's choice by to be played.
MARGIN = 0.3
#: Past this share of the budget the search stops when greedy's choice stands, or as soon as
#: its own choice holds for a sampling round; only a contested override uses the whole budget.
SOFT_SHARE = 0.4
#: Sampling rounds before the anytime stop may end a clear decision early.
SETTLED_AFTER = 4
#: The standard error assumed when the comparison rests on one sampling round.
SINGLE_SAMPLE_NOISE = 1.0

@dataclass
class Candidate:
    action: object
    greedy: float
    #: Margin of each finished look-ahead, by sampling round (rounds share their dice).
    by_round: dict[int, float] = field(default_factory=dict)
    reply: object = None
    cut: list[float] = field(default_factory=list)

    @property
    def samples(self) -> int:
        return len(self.by_round)

    @property
    def mean(self) -> float:
        if self.by_round:
            return sum(self.by_round.values()) / len(self.by_round)
        if self.cut:
            return sum(self.cut) / len(self.cut)
        return float("-inf")


class SearchAgent:
    name = "search"

    def __init__(self, seed: int = 0, budget: float = 1.0, iterations: int | None = None,
                 plies: int = PLIES):
        self.rng = random.Random(seed)
        self.budget = budget
        self.iterations = iterations
        self.plies = plies
        self.last: list[Candidate] = []
        self.last_used: float = 0.0
        #: Optional counters for diagnosis (benchmarks): rollouts, plies, how rollouts ended.
        self.stats: dict | None = None

    # --- choosing --------------------------------------------------------------------------
    def choose(self, controller):
        start = time.process_time()
        legal = controller.legal_actions()
        self.last = []
        if len(legal) == 1:
            self.last_used = time.process_time() - start
            return legal[0]
        ruleset, geo, state = controller.ruleset, controller.geo, controller.state
        me = ruleset.current_player(state)
        cands = self.candidates(ruleset, state, geo, legal)
        deadline = None if self.budget is None else start + self.budget
        soft = None if self.budget is None else start + self.budget * SOFT_SHARE
        rounds, previous = 0, None
        while True:
            seed = self.rng.getrandbits(32)
            for cand in cands:
                if self._out_of_time(deadline):
                    break
                self._sample(ruleset, state, geo, me, cand, deadline, rounds, seed)
            rounds += 1
            if self._out_of_time(deadline) or (self.iterations is not None
                                               and rounds >= self.iterations):
                break
            if self.iterations is None and rounds >= SETTLED_AFTER and self.settled(cands):
                break
            if soft is not None and time.process_time() >= soft:
                current = self.pick(cands)
                if current is previous or current.greedy == max(c.greedy for c in cands):
                    break  # past the soft share: greedy's choice stands, or the choice holds
                previous = current
        pick = self.pick(cands)
        cands.sort(key=lambda c: (c is pick, c.mean, c.greedy), reverse=True)
        self.last = cands
        self.last_used = time.process_time() - start
        return pick.action

    @staticmethod
    def paired_gain(cand: Candidate, base: Candidate) -> tuple[float, float] | None:
        """(mean gain over `base`, its standard error) over the rounds both were sampled in."""
        common = cand.by_round.keys() & base.by_round.keys()
        if not common:
            return None
        diffs = [cand.by_round[r] - base.by_round[r] for r in common]
        gain = sum(diffs) / len(diffs)
        if len(diffs) > 1:
            var = sum((d - gain) ** 2 for d in diffs) / (len(diffs) - 1)
            return gain, (var / len(diffs)) ** 0.5
        return gain, SINGLE_SAMPLE_NOISE

    @classmethod
    def settled(cls, cands: list[Candidate]) -> bool:
        """Anytime stop: no candidate could plausibly beat greedy's choice by `MARGIN` (its
        gain plus two standard errors stays below), so more look-aheads would not change
        the decision."""
        base = max(cands, key=lambda c: c.greedy)
        for cand in cands:
            if cand is base:
                continue
            found = cls.paired_gain(cand, base)
            if found is None or found[0] + 2 * found[1] >= MARGIN:
                return False
        return True

    @classmethod
    def pick(cls, cands: list[Candidate]) -> Candidate:
        """The best look-ahead mean, if it beats greedy's own choice by more than `MARGIN` plus
        one standard error, over the rounds both were sampled in (same dice: a paired
        comparison); else greedy's choice. Why: a few samples are noisy, and greedy's exact one-ply values are a sound
        default that the search overrides only when it sees a clear difference."""
        base = max(cands, key=lambda c: c.greedy)
        best = max(cands, key=lambda c: (c.mean, c.greedy))
        if best is base or not best.by_round:
            return base
        found = cls.paired_gain(best, base)
        if found is None:
            return base
        gain, noise = found
        return best if gain > MARGIN + noise else base

    @staticmethod
    def _out_of_time(deadline) -> bool:
        return deadline is not None and time.process_time() >= deadline

    def candidates(self, ruleset, state, geo, legal) -> list[Candidate]:
        """All actions when few; else each unit's best of each kind, the unit-less kinds, and
        greedy's top choices."""
        value = getattr(ruleset, "action_value", None)
        scored = [Candidate(a, float(value(state, a, geo)) if value else 0.0) for a in legal]
        order = sorted(range(len(scored)), key=lambda i: (-scored[i].greedy, i))
        if len(legal) <= ALL_WHEN_FEWER:
            return [scored[i] for i in order]
        best: dict[tuple, int] = {}
        for i in order:
            key = (scored[i].action.unit, scored[i].action.kind)
            best.setdefault(key, i)
        picked = list(dict.fromkeys([*order[:3], *sorted(best.values(), key=order.index)]))
        return [scored[i] for i in picked[:MAX_CANDIDATES]]

    def _sample(self, ruleset, state, geo, me, cand: Candidate, deadline, round_: int,
                seed: int) -> None:
        """One look-ahead of this candidate in sampling round `round_`: every candidate of a
        round meets the same re-dealt deck, dice and replies' tie-breaks (`seed`)."""
        world = determinize(ruleset, state, random.Random(seed))
        play = Playout(ruleset, world, geo, Dice(seed + 1))
        play.apply(cand.action)
        policy = GreedyAgent(seed + 2)
        reply, left_me, cut, end = None, False, False, "ply limit"
        plies = 0
        for _ in range(self.plies):
            if play.over:
                end = "battle over"
                break
            who = play.current_player()
            if who != me:
                left_me = True
            elif left_me:
                end = "my turn again"
                break  # my turn again: the opponents have replied
            if self._out_of_time(deadline):
                cut, end = True, "cut by budget"
                break
            if not play.legal_actions():
                end = "no action"
                break
            action = policy.choose(play)
            plies += 1
            if who != me and reply is None:
                reply = action
            play.apply(action)
        margin = evaluate(ruleset, play.state, me, geo)
        if self.stats is not None:
            self.stats.setdefault("ends", {}).setdefault(end, 0)
            self.stats["ends"][end] += 1
            self.stats["rollouts"] = self.stats.get("rollouts", 0) + 1
            self.stats["plies"] = self.stats.get("plies", 0) + plies
            self.stats.setdefault("leaves", []).append(
                (round_, cand.action.to_text(), play.state.round, play.state.active,
                 play.state.phase))
        if cut:
            cand.cut.append(margin)
            return
        cand.by_round[round_] = margin
        cand.reply = reply if reply is not None else cand.reply
