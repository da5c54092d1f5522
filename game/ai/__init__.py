"""Agents: anything with `choose(controller) -> Action`. `make(name, seed)` builds one by name."""

from __future__ import annotations

from game.core.errors import GameError

AGENTS = ("random", "greedy")


def make(name: str, seed: int = 0):
    from game.ai.greedy import GreedyAgent
    from game.ai.random import RandomAgent

    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed)
    raise GameError(f"unknown agent {name!r} (choose from {', '.join(AGENTS)})")
