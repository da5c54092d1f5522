"""The turn look-ahead's rollout policy for legions: greedy's very choice, for less.

Why: the look-ahead plays greedy on both sides to the end of the opponent's next turn, and
a legions rollout cost 170-270 ms, too dear for the look-ahead at 1 s (it needs <= ~0.117 s),
so the expectimax tree decided instead, its leaves short of the opponent's reply. A third of a
greedy battle's CPU is the charge declarations' listing: every declaration's label carries its
exact odds, a placement search (setup move, then the charge move for each roll) per charge in
reach, listed again after every charge resolves.

How, without changing the choice: the policy lists from a copy of the ruleset whose
declarations carry no odds in their labels (no one reads a rollout's labels; the actions are
the same, labels do not compare), and scores the declarations by branch and bound: each has an
upper bound on greedy's value with no placement search (`charge_value_bound`: the odds on open
ground); the exact value is worked out best bound first, until the best exact value beats every
bound left. The tie-break draws are greedy's, one per listed action in order, so the policy
returns exactly greedy's choice for the same generator (tests/rulesets/legions/test_rollout.py
plays whole battles both ways and compares the logs).
"""

from __future__ import annotations

import copy
import functools

from game.ai.greedy import GreedyAgent
from game.rulesets.legions import charge
from game.rulesets.legions.evaluation import charge_stakes, charge_value_bound, charge_worth


@functools.cache
def quiet(ruleset):
    """The ruleset as the policy lists with it: a copy whose declarations carry no odds
    labels (one copy per ruleset)."""
    if not getattr(ruleset, "odds_labels", False):
        return ruleset
    twin = copy.copy(ruleset)
    twin.odds_labels = False
    return twin


class RolloutPolicy(GreedyAgent):
    """Greedy's choice (same values, same tie-break draws), declarations by branch and bound."""

    name = "greedy-model"

    def choose(self, play):
        play.ruleset = quiet(play.ruleset)
        legal = play.legal_actions()
        if not any(a.kind == "declare_charge" for a in legal):
            return super().choose(play)
        s, geo = play.state, play.geo
        draws = [self.rng.random() for _ in legal]
        stakes = [charge_stakes(s, a.unit, a.targets[0]) if a.kind == "declare_charge" else None
                  for a in legal]
        bounds = sorted(((charge_value_bound(s, geo, a.unit, a.targets[0], stakes[i])
                          if stakes[i] else play.ruleset.action_value(s, a, geo)), i)
                        for i, a in enumerate(legal))
        best = None
        for bound, i in reversed(bounds):
            if best is not None and bound < best[0]:
                break
            exact = bound if stakes[i] is None else self._exact(s, geo, legal[i], stakes[i])
            best = max(best or (exact, draws[i], i), (exact, draws[i], i))
        return legal[best[2]]

    @staticmethod
    def _exact(s, geo, a, stakes) -> float:
        """`charge_value` (the same arithmetic), its stakes already worked out."""
        if charge.sight_distance(s, geo, a.unit, a.targets[0]) is None:
            return -1.0
        return charge_worth(float(charge.chance(s, geo, a.unit, a.targets[0]).p), *stakes)
