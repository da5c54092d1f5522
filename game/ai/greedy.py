"""The greedy agent: one ply, each legal action scored by the ruleset's exact expected outcome.

The ruleset provides `action_value(state, action, geo) -> float` (expected points gained for the
acting side, from exact distributions); ties are broken by a seeded generator so that the agent
is deterministic for a seed but not predictable across seeds.
"""

from __future__ import annotations

import random as _random


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = _random.Random(seed)

    def choose(self, controller):
        legal = controller.legal_actions()
        value = getattr(controller.ruleset, "action_value", None)
        if value is None:
            return self.rng.choice(legal)
        scored = [(value(controller.state, a, controller.geo), self.rng.random(), i)
                  for i, a in enumerate(legal)]
        return legal[max(scored)[2]]
