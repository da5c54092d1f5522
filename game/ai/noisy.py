"""The noisy agent (the menu's Easy): greedy's exact one-ply values, blurred.

Why: an easy opponent should still play sensible moves (charge what it can reach, hold what it
stands on) but misjudge close calls and now and then pick a lesser move, so a new player can
win. Each legal action's greedy value gets Gaussian noise of `NOISE` points, and with
probability `SLIP` the agent plays one of its top `SLIP_AMONG` actions at random instead.
Seeded: the same seed and position give the same choice.
"""

from __future__ import annotations

import random as _random

#: Standard deviation of the noise added to each value (victory points).
NOISE = 0.6
#: Chance of a slip: one of the best few actions at random.
SLIP = 0.2
SLIP_AMONG = 3


class NoisyAgent:
    name = "noisy"

    def __init__(self, seed: int = 0, noise: float = NOISE, slip: float = SLIP):
        self.rng = _random.Random(seed)
        self.noise = noise
        self.slip = slip

    def choose(self, controller):
        legal = controller.legal_actions()
        value = getattr(controller.ruleset, "action_value", None)
        if value is None or len(legal) == 1:
            return self.rng.choice(legal)
        scored = sorted(((float(value(controller.state, a, controller.geo))
                          + self.rng.gauss(0.0, self.noise), i) for i, a in enumerate(legal)),
                        reverse=True)
        if self.rng.random() < self.slip:
            return legal[self.rng.choice(scored[:SLIP_AMONG])[1]]
        return legal[scored[0][1]]
