"""Headless battles between agents (the `simulate` command and the benchmarks)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from game import ai, rulesets
from game.core.errors import GameError, IllegalAction, SaveError
from game.io.saves import read_replay, write_replay
from game.turn import TurnController


def battle_forces(ruleset, sides: int, scenario) -> list[str] | None:
    """The forces for a battle of `sides` sides: the ruleset's defaults for that many (rulesets
    with more than two sides offer `default_forces`), else the map's/ruleset's own choice."""
    chooser = getattr(ruleset, "default_forces", None)
    return chooser(sides, scenario) if chooser is not None else None


def simulate(ruleset_id: str, scenario, games: int, seed: int, agents: list[str],
             log=None, replays: Path | None = None) -> dict:
    ruleset = rulesets.get(ruleset_id)
    if not 2 <= len(agents) <= getattr(ruleset, "max_sides", 2):
        raise GameError(f"{ruleset_id} is played by 2 to {getattr(ruleset, 'max_sides', 2)} sides")
    wins = [0] * len(agents)
    draws = 0
    rounds = 0
    digest = hashlib.sha256()
    for game_index in range(games):
        game_seed = seed + game_index
        controller = TurnController(ruleset, scenario, game_seed,
                                    battle_forces(ruleset, len(agents), scenario))
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
        if replays is not None:
            record = controller.replay_record()
            record["log_sha256"] = controller.log_digest()
            write_replay(Path(replays) / f"{ruleset_id}_seed{game_seed}.json", record)
    return {"ruleset": ruleset_id, "games": games, "wins": wins, "draws": draws,
            "mean_rounds": rounds / games, "log_sha256": digest.hexdigest(),
            "agents": agents, "seed": seed}


def replay(path, log=None) -> dict:
    """Play a replay's decisions again; the battle must come out the same (same event log)."""
    from game.io.tmx import default_map_for, load_scenario

    record = read_replay(path)
    ruleset = rulesets.get(record["ruleset"])
    map_path = Path(record["map"]) if record["map"] else default_map_for(record["ruleset"])
    controller = TurnController(ruleset, load_scenario(map_path), record["seed"],
                                record.get("forces"))
    for index, action in enumerate(record["actions"]):
        try:
            controller.apply(action)
        except IllegalAction as exc:
            raise SaveError(path, f"action {index + 1} ({action.kind}) is illegal here: "
                                  f"{exc.reason}") from None
    if log:
        for line in controller.event_log():
            log(line)
    digest = controller.log_digest()
    expected = record.get("log_sha256")
    if expected and expected != digest:
        raise SaveError(path, "the replay does not reproduce its battle (event logs differ)")
    result = controller.state.result
    return {"actions": len(record["actions"]), "over": controller.over,
            "reason": result.get("reason", "not finished"),
            "points": list(controller.score()), "winner": result.get("winner"),
            "log_sha256": digest}
