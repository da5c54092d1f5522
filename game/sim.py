"""Headless battles between agents (the `simulate` command and the benchmarks)."""

from __future__ import annotations

import hashlib

from game import ai, rulesets
from game.core.errors import GameError
from game.turn import TurnController


def simulate(ruleset_id: str, scenario, games: int, seed: int, agents: list[str],
             log=None) -> dict:
    ruleset = rulesets.get(ruleset_id)
    if not 2 <= len(agents) <= getattr(ruleset, "max_sides", 2):
        raise GameError(f"{ruleset_id} is played by 2 to {getattr(ruleset, 'max_sides', 2)} sides")
    wins = [0] * len(agents)
    draws = 0
    rounds = 0
    digest = hashlib.sha256()
    for game_index in range(games):
        game_seed = seed + game_index
        controller = TurnController(ruleset, scenario, game_seed)
        players = {i: ai.make(name, game_seed * 31 + i) for i, name in enumerate(agents)}
        if log:
            log(f"--- game {game_index + 1} (seed {game_seed}) ---")
            for e in controller.events:
                log(e.describe())
            start = len(controller.events)
        while not controller.over:
            controller.apply(players[controller.current_player()].choose(controller))
            if log:
                for e in controller.events[start:]:
                    log(e.describe())
                start = len(controller.events)
        winner = controller.state.result.get("winner")
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
        rounds += controller.state.round
        digest.update(controller.log_digest().encode())
    return {"ruleset": ruleset_id, "games": games, "wins": wins, "draws": draws,
            "mean_rounds": rounds / games, "log_sha256": digest.hexdigest(),
            "agents": agents, "seed": seed}
