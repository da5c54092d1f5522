"""The search agent: two look-aheads over a candidate set, greedy's choice kept unless one is
confident of another.

On the agent's own turn (`state.active` is its side), when the engine is fast enough for the
budget: the look-ahead in turns (`game.ai.turns`): each candidate played out by greedy to the
battle's end while the budget affords that (`horizon`), else as many of the opponents' turns
as a ruleset's `turn_horizons` list and the budget affords, else to the end of the opponents'
next turn, common dice across candidates, the paired gain over greedy's choice beyond a
margin and its error. Its verdict is final, but in the last round with the short horizon:
when it keeps greedy's choice, the tree below has the rest of the budget (its few decisions
then reach the battle's end). Elsewhere (an opponent's turn: reactions, fights;
or a look-ahead in turns too dear for the budget, measured as the battle goes): the
expectimax over decisions below, chance nodes from exact grouped outcomes, the opponents'
best replies searched, leaves scored by the ruleset's `evaluate`.

Why the tree has this shape (see the diagnosis in benchmarks/ai_diagnose.py): the engine costs
milliseconds per step, so a sampled look-ahead to the next turn affords one or two rollouts per
candidate in a second; their dice swing a rollout by points while candidates differ by tenths,
and rollouts cut by a ply limit end at different points of the game. Here instead:
  - a chance node weighs every grouped outcome of the action by its exact probability
    (`game.core.chance`, the ruleset's `chance_outcomes` hook); an action that rolls no dice
    is one child; dice without an exact model are sampled a few times, the same seeds for
    every candidate (a paired comparison);
  - a decision node (below the root) is played by whoever acts there, among their best few
    actions (greedy's order, plus each kind's best), each choosing for its own margin: the
    opponent's best reply, not greedy's;
  - every leaf is scored by `evaluate` (points now, objectives weighted by the rounds left,
    the exact odds of the charges each side can make next), so two candidates are compared at
    the same depth of decisions, never at a ply limit in different phases.
Iterative deepening makes it anytime: depth 1 (the candidate's outcomes), then 2 (the next
decision: the reply, or one's own follow-up), then 3, each level over the candidates in the
previous level's order, the CPU budget checked at every node. The choice comes from the
deepest level that reached the previous level's best candidate.

Never worse than greedy (measured: most losses came from overrides of greedy's choice that
played out no better): greedy's choice is played unless the search is confident, i.e. at a
level of at least two decisions whose every line met every opponent's reply (or the battle's
end: with more sides, each of them must have decided), another candidate's
value beats greedy's by more than `MARGIN` plus the standard error of the difference (from the
dice that were sampled rather than weighed exactly).

Candidates are not pruned by greedy's values alone: every action when there are few; else each
unit's best action of each kind, the unit-less kinds, and greedy's top choices.

Time: the budget is this thread's CPU time (`time.thread_time`), so that the client, which
decides on a worker thread while it draws on the main one, gives the search all of it.

Determinism: the same seed and position give the same choice at a fixed `depth` without a
budget; under a CPU budget, a level may stop at a different node from run to run.
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
from game.ai.playout import Playout
from game.ai.turns import MIN_SEEDS, SEEDS_WANTED, look_ahead, timing_key
from game.core import chance
from game.core.dice import Dice, ScriptExhausted

#: Below this many actions every action is a candidate.
ALL_WHEN_FEWER = 10
#: At most this many candidates at the root (greedy's order breaks ties in the cut).
MAX_CANDIDATES = 14
#: Actions looked at in a decision node below the root.
REPLY_WIDTH = 3
#: Sampled worlds for dice without an exact model.
SAMPLES = 2
#: The deepest level searched.
MAX_DEPTH = 3
#: Past this share of the budget no new level is started.
SOFT_SHARE = 0.5
#: How much (points of margin) a candidate must beat greedy's choice by to be played. Greedy's
#: values carry each ruleset's positional judgement (closing on beatable enemies, keeping out
#: of a stronger enemy's reach) that the common leaf evaluation does not, so the search
#: overrides it only for a clear difference in points, objectives or threats (measured: at
#: 0.05, cards lost both battles of a seed to greedy).
MARGIN = 0.5
#: The share of the budget the turn look-ahead may spend on the searcher's own turn in the
#: last round (the tree over decisions has the rest when greedy's choice stands).
TURN_SHARE = 0.7
#: When the turn look-ahead is too dear for the budget, it is tried again (its cost measured
#: anew) every this many decisions.
REMEASURE = 6
#: Past this share of the budget the turn look-ahead to the battle's end starts no new round
#: of rollouts unless a challenger leads greedy's choice (`game.ai.turns.leading`): most
#: decisions are not close calls, and the decision median must stay at half the budget
#: (warband, 10 battles: median 1.00 s without it, 0.52 s at 0.4, 0.46 s at 0.3). Not for the next-turn horizon, whose
#: early stop keeps the median low already (squads: 0.04 s; with it, 9 wins of 10 fell to 6).
TURN_SOFT = 0.3
#: The turn look-ahead plays to the battle's end when the budget affords this many candidates
#: `SEEDS_WANTED` rollouts each to the end (at the last such rollout's cost, re-measured every
#: `REMEASURE` decisions); else to the end of the opponents' next turn.
END_CANDIDATES = 4
#: When rollouts to the end were too dear, they are tried again after this many decisions
#: (a decision that tries them and cannot afford them compares next to nothing).
END_REMEASURE = 40
#: The least depth (decisions, the candidate's own included) at which the search may
#: override greedy: the opponent's reply must have been looked at.
MIN_DEPTH = 2
#: When greedy's choice and its challenger are too close to call for the error: their root
#: dice sampled again with this many times the seeds, at most this many times.
REFINE_FACTOR = 4
REFINE_ROUNDS = 2
#: The label of a sampled child (dice without an exact model).
SAMPLED = chance.SAMPLED_DICE  # the label of a sampled (not exact) chance outcome


@dataclass
class Node:
    """A searched node: every side's expected margin, the variance of the searcher's margin
    from sampled dice, the sides that took a decision on every line below (every side when
    the battle ends), and the first decision (who acts, the action) taken in it."""

    values: list[float]
    variance: float
    replied: frozenset
    first: tuple


class Tree:
    """What one decision's search already worked out, so that each level of the iterative
    deepening only pays for its new frontier: an action's children in a state, a state's
    legal actions (the listing the automatic steps already made is kept), a node's options.
    Keyed by the states' identities: every state here is a copy the search made and never
    changes after its automatic steps; each entry keeps its state alive, so an identity is
    never reused while the tree lives (one decision)."""

    def __init__(self):
        self._memo: dict = {}

    def remember(self, key, state, build):
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = (state, build())
        return found[1]

    def settled(self, play: Playout) -> None:
        """A child whose automatic steps are taken: its listing, if the steps made one."""
        play.take_automatic_steps()
        if play.listed is not None and not play.state.over:
            self._memo[("legal", id(play.state))] = (play.state, play.listed)

    def legal(self, ruleset, state, geo) -> list:
        return self.remember(("legal", id(state)), state,
                             lambda: ruleset.legal_actions(state, geo))


@dataclass
class Candidate:
    action: object
    greedy: float
    #: Expected margin by depth (1: after the action's outcomes; 2: after the next decision…).
    values: dict[int, float] = field(default_factory=dict)
    #: The standard error of that value by depth: from the dice that were sampled, not
    #: weighed exactly (0 when every chance step below had its exact outcomes).
    errors: dict[int, float] = field(default_factory=dict)
    #: By depth: whether every line searched met every opponent's decision (or the end).
    replied: dict[int, bool] = field(default_factory=dict)
    #: The next decision foreseen at the deepest level, after the likeliest outcome: the
    #: opponents' reply, or (`own_follow_up`) the agent's own next step of its turn.
    reply: object = None
    own_follow_up: bool = False
    #: The grouped outcomes weighed: (label, probability).
    odds: list[tuple[str, float]] = field(default_factory=list)
    #: Looked ahead in turns (`game.ai.turns`): the rollouts' values by seed, the paired
    #: gain over greedy's choice with its standard error, the first reply of the first one.
    turn_values: list[float] = field(default_factory=list)
    turn_reply: object = None
    turn_gain: float = 0.0
    turn_error: float = math.inf

    @property
    def depth(self) -> int:
        return max(self.values, default=0)

    @property
    def mean(self) -> float:
        return self.values[self.depth] if self.values else float("-inf")

    @property
    def turn_mean(self) -> float:
        return statistics.mean(self.turn_values) if self.turn_values else float("-inf")

    @property
    def samples(self) -> int:
        """Levels searched (kept under this name for the explanation)."""
        return self.depth


class SearchAgent:
    name = "search"

    def __init__(self, seed: int = 0, budget: float | None = 1.0, depth: int | None = None,
                 turns: bool = True):
        self.rng = random.Random(seed)
        #: Whether the agent's own turn is looked ahead in turns (`game.ai.turns`).
        self.turns = turns
        self.budget = budget
        self.max_depth = depth if depth is not None else MAX_DEPTH
        #: The last decision that had a choice: candidates, best first (swapped in whole).
        self.last: list[Candidate] = []
        self.last_used: float = 0.0
        #: When that decision ended (monotonic clock), to find the agent that decided last.
        self.last_at: float | None = None
        #: The turn look-ahead's last rollout cost (CPU s), and decisions since it was skipped.
        self._timing: dict = {}
        self._skipped = 0
        #: Decisions each horizon was too dear for (`horizon`).
        self._short: dict = {}
        #: Whether the last turn look-ahead ended at the next turn's soft stop, in its time.
        self._soft_next_turn = False
        #: Which look-ahead that decision rests on: "turns" or "tree" (for the explanation),
        #: and the turn look-ahead's horizon there (`horizon`: None, the battle's end).
        self.last_by = "tree"
        self.last_horizon: int | None = 1
        #: Optional counters for diagnosis (benchmarks): nodes, leaves, levels finished.
        self.stats: dict | None = None

    # --- choosing --------------------------------------------------------------------------
    def choose(self, controller):
        start = time.thread_time()
        legal = controller.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ruleset, geo = controller.ruleset, controller.geo
        if self.greedy_decides(ruleset, legal):  # no look-ahead, no draw of its generator
            cands = self.candidates(ruleset, controller.state, geo, legal)
            self.last_horizon = 1
            return self._finish(cands, max(cands, key=lambda c: c.greedy), "tree", start)
        self._deadline = None if self.budget is None else start + self.budget
        world = determinize(ruleset, controller.state, random.Random(self.rng.getrandbits(32)))
        self._seeds = [self.rng.getrandbits(32) for _ in range(SAMPLES)]
        self._tree = Tree()
        me = ruleset.current_player(world)
        cands = self.candidates(ruleset, world, geo, legal)
        pick, by = None, "tree"
        self.last_horizon = 1
        if self.turns and world.active == me and self.turns_affordable():
            # one's own turn: look ahead a turn each way
            pick = self.look_ahead_turns(ruleset, world, geo, me, cands, start)
            if pick is not None or sum(len(c.turn_values) >= MIN_SEEDS for c in cands) >= 2 \
                    or self.stopped_softly(cands):
                by = "turns"  # else it compared nothing (too dear): the tree decides
        if pick is None and (by == "tree" or (self.near_the_end(ruleset, world)
                                              and self.last_horizon == 1)):
            soft = None if self.budget is None else \
                time.thread_time() + (self._deadline - time.thread_time()) * SOFT_SHARE
            pick = self.search_tree(ruleset, world, geo, me, cands, soft)
            if by == "tree" or pick is not max(cands, key=lambda c: c.greedy):
                by = "tree"  # else both kept greedy's choice: the turns looked the farthest
        if pick is None:
            pick = max(cands, key=lambda c: c.greedy)
        self._tree = Tree()  # the decision's states are not kept past it
        return self._finish(cands, pick, by, start)

    def _finish(self, cands: list[Candidate], pick: Candidate, by: str, start: float):
        """The decision's record for the explanation (the chosen first, then the others by
        what the deciding look-ahead valued), and the chosen action."""
        self.last_by = by
        turn = by == "turns"
        cands.sort(key=lambda c: (c is pick, turn and len(c.turn_values),
                                  c.turn_mean if turn else c.mean, c.depth, c.mean, c.greedy),
                   reverse=True)
        self.last_used = time.thread_time() - start
        self.last = cands
        self.last_at = time.monotonic()
        return pick.action

    @staticmethod
    def greedy_decides(ruleset, legal) -> bool:
        """Whether every legal action is of a kind the ruleset leaves to greedy's values
        (its `greedy_decides` kinds; none by default): choices the look-ahead cannot tell
        apart better than greedy's exact rule, whose searching only spends the budget."""
        kinds = getattr(ruleset, "greedy_decides", ())
        return bool(kinds) and all(a.kind in kinds for a in legal)

    @staticmethod
    def near_the_end(ruleset, state) -> bool:
        """The last round: the tree's few decisions reach the battle's end, where its leaves
        are final results; earlier, on the agent's own turn, the turn look-ahead's verdict
        stands (warband, seeds 0-1: with the tree after it, search lost the 3 battles
        played, 2 of which it won without; few battles, but the tree alone never beat
        greedy there, while the turn look-ahead's overrides played out +2.9 ± 1.5 points
        each: `benchmarks.ai_overrides`)."""
        return state.round >= ruleset.battle_rounds(state.scenario)

    def turns_affordable(self) -> bool:
        """Whether the turn look-ahead's share of the budget affords two candidates their
        `SEEDS_WANTED` rollouts each, at the last rollout cost measured (re-measured
        every `REMEASURE` decisions: a battle's rollouts get cheaper as units fall)."""
        cost = self._timing.get("rollout")
        if self.budget is None or cost is None:
            return True
        self._skipped += 1
        return (cost * SEEDS_WANTED * 2 <= self.budget * TURN_SHARE
                or self._skipped % REMEASURE == 0)

    def horizon(self, ruleset=None) -> int | None:
        """The turn look-ahead's horizon: the farthest of the ruleset's `turn_horizons`
        (turns, None for the battle's end; by default the end alone) whose rollouts the
        budget affords for `END_CANDIDATES` candidates `SEEDS_WANTED` rollouts each (one not
        measured yet is tried; one too dear is tried again every `horizon_remeasure`
        decisions, by default `END_REMEASURE`: rollouts get cheaper as the battle goes);
        else 1 (the opponents' next turn).
        Without a budget, 1 (deterministic and cheap); 1 too for a ruleset whose
        `turn_horizons` is empty (measured worse or unaffordable there: its search_hooks say why).
        Why far: the final points need no evaluation of a position, whose misjudgements a
        short horizon inherits; where no unit can reach another within the next turn, every
        candidate reads the same at 1 (ranks' search_hooks: the approach)."""
        if self.budget is None:
            return 1
        every = getattr(ruleset, "horizon_remeasure", END_REMEASURE)
        for turns in getattr(ruleset, "turn_horizons", (None,)):
            cost = self._timing.get(timing_key(turns))
            if cost is None or cost * SEEDS_WANTED * END_CANDIDATES <= self.budget:
                return turns
            self._short[turns] = self._short.get(turns, 0) + 1
            if self._short[turns] % every == 0:
                return turns
        return 1

    def look_ahead_turns(self, ruleset, world, geo, me, cands, start) -> Candidate | None:
        """The turn look-ahead (`game.ai.turns`): the candidate it is confident of over
        greedy's choice, or None. In the last round, unless its rollouts reach the battle's
        end, it has `TURN_SHARE` of the budget (the tree over decisions the rest, when
        greedy's choice stands); else all of it."""
        whole = self._deadline
        horizon = self.last_horizon = self.horizon(ruleset)
        if whole is not None and self.near_the_end(ruleset, world) and horizon == 1:
            self._deadline = start + self.budget * TURN_SHARE
        soft = self.soft_share(ruleset, world, horizon)
        limit = self._deadline
        try:
            pick = look_ahead(ruleset, world, geo, me, cands, self.rng, self._check_time,
                              self._deadline, self.stats, self._timing, horizon,
                              None if whole is None or soft is None
                              else start + self.budget * soft)
        finally:
            self._deadline = whole
        self._soft_next_turn = horizon == 1 and soft is not None and limit is not None \
            and time.thread_time() < limit
        return None if pick is max(cands, key=lambda c: c.greedy) else pick

    def stopped_softly(self, cands) -> bool:
        """Whether the next-turn look-ahead ended at the ruleset's soft stop (`next_turn_soft`)
        before its deadline, having compared greedy's choice with another on a rollout each
        (none led it by the margin): its verdict, greedy's choice, stands. Else a look-ahead
        cut after one round would count as one that compared nothing, and the tree would spend
        the rest of the budget (warband, 3 sides: 25 of 171 decisions, 0.80 s median)."""
        return self._soft_next_turn and \
            sum(len(c.turn_values) >= 1 for c in cands) >= 2

    @staticmethod
    def soft_share(ruleset, world, horizon: int | None) -> float | None:
        """The share of the budget past which the turn look-ahead starts no new round of
        rollouts unless a challenger leads (`game.ai.turns.leading`): `TURN_SOFT` for a
        horizon past the next turn (the battle's end, or several turns); for the next turn's,
        the ruleset's `next_turn_soft(state)` (None, no soft stop, by default: the next
        turn's early stop keeps squads' median low)."""
        if horizon != 1:
            return TURN_SOFT
        hook = getattr(ruleset, "next_turn_soft", None)
        return None if hook is None else hook(world)

    def search_tree(self, ruleset, world, geo, me, cands, soft) -> Candidate:
        """The expectimax over decisions (the module docstring), by iterative deepening."""
        order = list(cands)
        for depth in range(1, self.max_depth + 1):
            if depth > 1 and soft is not None and time.thread_time() >= soft:
                break
            try:
                for cand in order:
                    self._search_candidate(ruleset, world, geo, me, cand, depth)
            except OutOfTime:
                break
            order = sorted(order, key=lambda c: -c.values[depth])
        self.refine(ruleset, world, geo, me, cands)
        return self.pick(cands)

    @staticmethod
    def contest(cands: list[Candidate]) -> tuple[int, Candidate, Candidate | None]:
        """(depth, greedy's choice, its challenger or None): the deepest level that greedy's
        choice reached, if it has at least `MIN_DEPTH` decisions; the challenger is the best
        other candidate there whose every line met the opponent's reply."""
        base = max(cands, key=lambda c: c.greedy)
        for depth in range(max(c.depth for c in cands), 0, -1):
            if depth not in base.values:
                continue
            if depth < MIN_DEPTH:
                break
            sure = [c for c in cands if c.replied.get(depth, False) and c is not base]
            if not sure:
                break
            return depth, base, max(sure, key=lambda c: (c.values[depth], c.greedy))
        return 0, base, None

    @staticmethod
    def confident(depth: int, base: Candidate, other: Candidate) -> bool:
        """`other` beats `base` at `depth` by more than `MARGIN` plus the standard error of
        the difference (the two estimates' errors combined)."""
        error = math.hypot(other.errors.get(depth, 0.0), base.errors.get(depth, 0.0))
        return other.values[depth] > base.values[depth] + MARGIN + error

    @classmethod
    def pick(cls, cands: list[Candidate]) -> Candidate:
        """Greedy's choice unless the search is confident another is better (`contest`,
        `confident`): greedy's own judgement stands on anything less, so the search is never
        worse than it for want of look-ahead or of samples."""
        depth, base, other = cls.contest(cands)
        if other is None or not cls.confident(depth, base, other):
            return base
        return other

    def refine(self, ruleset, world, geo, me, cands: list[Candidate]) -> None:
        """When the challenger is not confidently better than greedy's choice but could be
        within the standard error (it beats greedy's value less the error by `MARGIN`), their
        root dice are sampled again with `REFINE_FACTOR` times the seeds, while the budget
        lasts (a level cut short keeps the values it had)."""
        seeds = list(self._seeds)
        for _ in range(REFINE_ROUNDS):
            depth, base, other = self.contest(cands)
            if other is None or self.confident(depth, base, other):
                return
            error = math.hypot(other.errors.get(depth, 0.0), base.errors.get(depth, 0.0))
            if not error or other.values[depth] + error <= base.values[depth] + MARGIN:
                return  # no sampled dice, or the challenger could not win by sampling more
            seeds += [self.rng.getrandbits(32) for _ in range(len(seeds) * (REFINE_FACTOR - 1))]
            try:
                fresh = [Candidate(c.action, c.greedy) for c in (base, other)]
                for cand in fresh:
                    self._search_candidate(ruleset, world, geo, me, cand, depth, seeds)
            except OutOfTime:
                return
            for old, new in zip((base, other), fresh, strict=True):
                old.values[depth], old.errors[depth] = new.values[depth], new.errors[depth]
                old.replied[depth] = new.replied[depth]

    def _check_time(self) -> None:
        if self._deadline is not None and time.thread_time() >= self._deadline:
            raise OutOfTime

    def candidates(self, ruleset, state, geo, legal, limit: int = MAX_CANDIDATES,
                   all_when: int = ALL_WHEN_FEWER) -> list[Candidate]:
        """All actions when few; else each unit's best of each kind, the unit-less kinds, and
        greedy's top choices."""
        value = getattr(ruleset, "action_value", None)
        scored = [Candidate(a, float(value(state, a, geo)) if value else 0.0) for a in legal]
        order = sorted(range(len(scored)), key=lambda i: (-scored[i].greedy, i))
        if len(legal) <= all_when:
            return [scored[i] for i in order][:max(limit, all_when)]
        best: dict[tuple, int] = {}
        for i in order:
            best.setdefault((scored[i].action.unit, scored[i].action.kind), i)
        picked = list(dict.fromkeys([*order[:3], *sorted(best.values(), key=order.index)]))
        return [scored[i] for i in picked[:limit]]

    # --- the tree --------------------------------------------------------------------------
    def _search_candidate(self, ruleset, state, geo, me, cand: Candidate, depth: int,
                          seeds: list[int] | None = None) -> None:
        children = self.children(ruleset, state, geo, cand.action, seeds)
        cand.odds = [(label, p) for p, _, label in children]
        node = self._expect(ruleset, children, geo, depth - 1, me)
        cand.values[depth] = node.values[me]
        cand.errors[depth] = math.sqrt(node.variance)
        others = set(range(len(state.sides))) - {me}
        cand.replied[depth] = others <= node.replied  # every opponent's reply was looked at
        if depth > 1:
            who, cand.reply = node.first
            cand.own_follow_up = who == me

    def _expect(self, ruleset, children, geo, depth: int, me: int) -> Node:
        """The chance node over `children`: every side's expected margin; the variance of the
        searcher's from sampled dice (between the samples, over their count) and from below;
        the sides that decided on every child's line; `first` from the likeliest child."""
        sampled = [label == SAMPLED for _, _, label in children]
        nodes = [self._value(ruleset, child, geo, depth, me) for _, child, _ in children]
        values = [sum(p * n.values[i] for (p, _, _), n in zip(children, nodes, strict=True))
                  for i in range(len(nodes[0].values))]
        variance = sum(p * p * n.variance for (p, _, _), n in zip(children, nodes, strict=True))
        if any(sampled) and len(nodes) > 1:
            mine = [n.values[me] for n in nodes]
            variance += statistics.variance(mine) / len(mine)
        return Node(values, variance, frozenset.intersection(*(n.replied for n in nodes)),
                    nodes[0].first)

    def _value(self, ruleset, state, geo, depth: int, me: int = 0) -> Node:
        """Every side's margin after `depth` more decisions, each decision taken by its side
        for its own margin (the `Node`: with the variance of the searcher's margin and the
        sides that decided on the line)."""
        if self.stats is not None:
            self.stats["nodes"] = self.stats.get("nodes", 0) + 1
        if state.over:
            return Node(self.margins(ruleset, state, geo), 0.0,
                        frozenset(range(len(state.sides))), (None, None))
        if depth == 0:
            return Node(self.margins(ruleset, state, geo), 0.0, frozenset(), (None, None))
        who = ruleset.current_player(state)
        legal = self._tree.legal(ruleset, state, geo) if who is not None else []
        if not legal:
            return Node(self.margins(ruleset, state, geo), 0.0, frozenset(), (None, None))
        options = self._tree.remember(("options", id(state)), state, lambda: (
            [legal[0]] if len(legal) == 1 else
            [c.action for c in self.candidates(ruleset, state, geo, legal, REPLY_WIDTH,
                                               REPLY_WIDTH)]))
        best, best_action = None, None
        for action in options:
            node = self._expect(ruleset, self.children(ruleset, state, geo, action), geo,
                                depth - 1, me)
            if best is None or node.values[who] > best.values[who]:
                best, best_action = node, action
        return Node(best.values, best.variance, best.replied | {who}, (who, best_action))

    def children(self, ruleset, state, geo, action, seeds: list[int] | None = None
                 ) -> list[tuple[float, object, str]]:
        """(probability, state after, label) for each outcome of `action` in `state`, the
        automatic steps after it taken: exact grouped outcomes, else one child when it rolls
        no dice, else a world for each of the searcher's own seeds (`SAMPLES` of them unless
        `seeds` are given)."""
        self._check_time()
        key = ("children", id(state), action, None if seeds is None else tuple(seeds))
        tree = getattr(self, "_tree", None) or Tree()
        return tree.remember(key, state, lambda: self._children(ruleset, state, geo, action,
                                                                self._seeds if seeds is None
                                                                else seeds, tree))

    def _children(self, ruleset, state, geo, action, seeds, tree) -> list:
        exact = chance.outcomes(ruleset, state, action, geo)
        if exact is not None:
            out = []
            for o in exact:
                twin = state.copy()
                dice = chance.apply_outcome(ruleset, twin, action, o, geo, self._seeds[0])
                tree.settled(Playout(ruleset, twin, geo, dice))
                out.append((float(o.probability), twin, o.label))
            return out
        twin = state.copy()
        try:
            play = Playout(ruleset, twin, geo, Dice(0, strict=True))
            play.apply(action)
            tree.settled(play)
            return [(1.0, twin, chance.NO_DICE)]
        except ScriptExhausted:
            pass
        out = []
        for seed in seeds:
            twin = state.copy()
            play = Playout(ruleset, twin, geo, Dice(seed))
            play.apply(action)
            tree.settled(play)
            out.append((1.0 / len(seeds), twin, chance.SAMPLED_DICE))
        return out

    def margins(self, ruleset, state, geo) -> list[float]:
        """Every side's margin at a leaf (two sides: one evaluation, negated for the other)."""
        self._check_time()
        sides = len(state.sides)
        first = evaluate(ruleset, state, 0, geo)
        if sides == 2:
            return [first, -first]
        return [first] + [evaluate(ruleset, state, i, geo) for i in range(1, sides)]
