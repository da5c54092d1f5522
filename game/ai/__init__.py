"""Agents: anything with `choose(controller) -> Action`. `make(name, seed)` builds one by name.

The difficulty levels are aliases: `easy` is the noisy greedy, `normal` the search at 0.5 s
CPU per decision, `hard` the search at 1 s (a budget given explicitly overrides theirs).
"""

from __future__ import annotations

from game.core.errors import GameError
from game.core.i18n import msg

AGENTS = ("random", "greedy", "noisy", "search", "easy", "normal", "hard")
#: The search agent's default budget: CPU seconds per decision.
DEFAULT_BUDGET = 1.0
#: The menu's difficulty levels: (label, agent name), easiest first.
DIFFICULTIES = (("Easy", "easy"), ("Normal", "normal"), ("Hard", "hard"))
#: The searching levels' budgets (CPU seconds per decision).
LEVEL_BUDGETS = {"normal": 0.5, "hard": 1.0}


def make(name: str, seed: int = 0, budget: float | None = None):
    """The agent called `name`; `budget` (CPU seconds per decision) is for searching agents."""
    from game.ai.greedy import GreedyAgent
    from game.ai.noisy import NoisyAgent
    from game.ai.random import RandomAgent
    from game.ai.search import SearchAgent

    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed)
    if name in ("noisy", "easy"):
        return NoisyAgent(seed)
    if name in ("search", *LEVEL_BUDGETS):
        default = LEVEL_BUDGETS.get(name, DEFAULT_BUDGET)
        agent = SearchAgent(seed, default if budget is None else budget)
        return agent
    known = ", ".join(AGENTS)
    raise GameError(msg("unknown agent {agent} (choose from {known})", agent=repr(name),
                        known=known))
