"""Agents: anything with `choose(controller) -> Action`. `make(name, seed)` builds one by name."""

from __future__ import annotations

from game.core.errors import GameError

AGENTS = ("random", "greedy", "search")
#: The search agent's default budget: CPU seconds per decision.
DEFAULT_BUDGET = 1.0


def make(name: str, seed: int = 0, budget: float | None = None):
    """The agent called `name`; `budget` (CPU seconds per decision) is for `search` only."""
    from game.ai.greedy import GreedyAgent
    from game.ai.random import RandomAgent
    from game.ai.search import SearchAgent

    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed)
    if name == "search":
        return SearchAgent(seed, DEFAULT_BUDGET if budget is None else budget)
    raise GameError(f"unknown agent {name!r} (choose from {', '.join(AGENTS)})")
