"""The random agent: any legal action, uniformly, from its own seeded generator."""

from __future__ import annotations

import random as _random


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = _random.Random(seed)

    def choose(self, controller):
        return self.rng.choice(controller.legal_actions())
