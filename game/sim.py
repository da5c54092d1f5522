"""Headless battles between agents (the `simulate` command and the benchmarks), and replays.

Why a failed game does not end the run: a rules bug met in one game of many (an offered action
refused, or any exception in the rules) must name what happened — ruleset, seed, decision,
action — while the other games' results are kept; the caller decides how to exit.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from game import ai, rulesets
from game.core.errors import (
    DataError,
    GameError,
    IllegalAction,
    InputFileError,
    MapError,
    SaveError,
)
from game.io import zones
from game.io.saves import write_replay
from game.turn import TurnController


def battle_forces(ruleset, sides: int, scenario) -> list[str] | None:
    """The forces for a battle of `sides` sides: the ruleset's defaults for that many (rulesets
    with more than two sides offer `default_forces`), else the map's/ruleset's own choice."""
    chooser = getattr(ruleset, "default_forces", None)
    return chooser(sides, scenario) if chooser is not None else None


def start_battle(ruleset, scenario, seed: int, forces: list[str] | None,
                 replay: Path | None = None) -> TurnController:
    """A battle's opening. A force id the data file does not have is the fault of whoever
    named it: the replay (`forces`) or the map (`force_<side>`), and the error says so."""
    try:
        controller = TurnController(ruleset, scenario, seed, forces)
    except DataError as exc:
        if not exc.problem.startswith("no force"):
            raise
        if replay is not None and forces is not None:
            raise SaveError(replay, f"'forces': {exc.problem}") from None
        raise MapError(scenario.source or "map", f"a force_<side> property: "
                                                 f"{exc.problem}") from None
    check_opening(controller)
    return controller


def check_opening(controller: TurnController) -> None:
    """The units the map places (and those deployed beside them) stand legally: on the table,
    off impassable terrain, no base overlapping another. A MapError names the map."""
    state = controller.state
    spots = {m.id: (m.x, m.y) for m in state.models.values() if m.alive}
    problem = controller.geo.placement_problem(state, spots)
    if problem is not None:
        raise MapError(controller.scenario.source or "map", f"at set-up, {problem} (check the "
                       "units layer)")


class GameFailure(Exception):
    """A game stopped by a rules bug: what to tell, and the game's number and seed."""

    def __init__(self, ruleset_id: str, seed: int, decision: int, action, error: BaseException):
        what = ("refused an offered action" if isinstance(error, IllegalAction)
                else f"failed ({type(error).__name__})")
        action_text = action.to_text() if action is not None else "(setting up)"
        problem = " ".join(str(error).split()) or type(error).__name__
        super().__init__(f"rules bug: {ruleset_id} seed {seed}, decision {decision} "
                         f"({action_text}): the rules {what}: {problem}")
        self.record = {"seed": seed, "decision": decision, "action": action_text,
                       "error": f"{type(error).__name__}: {problem}"}


def _play_one(ruleset, ruleset_id, scenario, game_seed, agents, log) -> TurnController:
    decision, action = 0, None
    try:
        controller = start_battle(ruleset, scenario, game_seed,
                                  battle_forces(ruleset, len(agents), scenario))
        players = {i: ai.make(name, game_seed * 31 + i) for i, name in enumerate(agents)}
        if log:
            for e in controller.events:
                log(e.describe())
        start = len(controller.events)
        while not controller.over:
            decision += 1
            action = None
            action = players[controller.current_player()].choose(controller)
            controller.apply(action)
            if log:
                for e in controller.events[start:]:
                    log(e.describe())
            start = len(controller.events)
    except (InputFileError, KeyboardInterrupt, MemoryError):
        raise
    except Exception as exc:  # a rules bug: name it, keep the other games
        raise GameFailure(ruleset_id, game_seed, decision, action, exc) from exc
    return controller


def simulate(ruleset_id: str, scenario, games: int, seed: int, agents: list[str],
             log=None, replays: Path | None = None, on_failure=None) -> dict:
    """Play `games` battles (seeds seed, seed+1, …). A game stopped by a rules bug is listed in
    `failed` (and told to `on_failure`, one line) and left out of the other figures."""
    ruleset = rulesets.get(ruleset_id)
    most = getattr(ruleset, "max_sides", 2)
    if not 2 <= len(agents) <= most:
        raise GameError(f"{ruleset_id} is played by 2 to {most} sides")
    for name in agents:
        ai.make(name)  # an unknown agent is a bad argument, not a failed game
    zones.check_sides_for(ruleset, scenario)
    if len(agents) > len(scenario.deployment):
        raise MapError(scenario.source or "map", f"the map has deployment zones for "
                       f"{len(scenario.deployment)} sides, not {len(agents)}")
    wins = [0] * len(agents)
    draws = rounds = played = 0
    failed = []
    digest = hashlib.sha256()
    for game_index in range(games):
        game_seed = seed + game_index
        if log:
            log(f"--- game {game_index + 1} (seed {game_seed}) ---")
        try:
            controller = _play_one(ruleset, ruleset_id, scenario, game_seed, agents, log)
        except GameFailure as failure:
            failed.append(failure.record)
            if on_failure:
                on_failure(str(failure))
            continue
        played += 1
        winner = controller.state.result.get("winner")
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
        rounds += controller.state.round
        digest.update(controller.log_digest().encode())
        if replays is not None:
            write_replay(Path(replays) / f"{ruleset_id}_seed{game_seed}.json",
                         controller.replay_record())
    return {"ruleset": ruleset_id, "games": games, "played": played, "wins": wins,
            "draws": draws, "mean_rounds": rounds / played if played else 0.0,
            "log_sha256": digest.hexdigest(), "agents": agents, "seed": seed, "failed": failed}


def replay(path, log=None, map_path: Path | None = None) -> dict:
    """Play a replay's (or a save's) decisions again; the battle must come out the same (same
    event log). The map comes from the maps folders by the replay's id, or is `map_path`
    (given by the player); either way it must have the replay's hash (`battle_saves.rebuild`)."""
    from game.io.battle_saves import load_battle

    loaded = load_battle(path, map_path=map_path)
    controller = loaded.timeline.controller
    if log:
        for line in controller.event_log():
            log(line)
    result = controller.state.result
    return {"actions": len(loaded.record["actions"]), "over": controller.over,
            "reason": result.get("reason", "not finished"),
            "points": list(controller.score()), "winner": result.get("winner"),
            "log_sha256": controller.log_digest()}
