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
from game.core.i18n import msg
from game.i18n import translate
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
            raise SaveError(replay, msg("'forces': {problem}", problem=exc.problem)) from None
        raise MapError(scenario.source or "map",
                       msg("a force_<side> property: {problem}", problem=exc.problem)) from None
    check_opening(controller)
    return controller


def check_opening(controller: TurnController) -> None:
    """The units the map places (and those deployed beside them) stand legally: on the table,
    off impassable terrain, no base overlapping another. A MapError names the map."""
    state = controller.state
    spots = {m.id: (m.x, m.y) for m in state.models.values() if m.alive}
    problem = controller.geo.placement_problem(state, spots)
    if problem is not None:
        raise MapError(controller.scenario.source or "map",
                       msg("at set-up, {problem} (check the units layer)", problem=problem))


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


def play_one(ruleset, ruleset_id, scenario, game_seed, agents, log, budget=None,
             explain=False) -> TurnController:
    """One battle of `agents` (names, one per side) to its end, each agent's line logged to
    `log` when given; a rule refusing or failing becomes a `GameFailure` naming the decision.
    Public: the translation tools and the log tests play battles the way `simulate` does."""
    decision, action = 0, None
    try:
        controller = start_battle(ruleset, scenario, game_seed,
                                  battle_forces(ruleset, len(agents), scenario))
        players = {i: _make_agent(name, game_seed * 31 + i, budget)
                   for i, name in enumerate(agents)}
        if log:
            for e in controller.events:
                log(translate(e.describe()))
        start = len(controller.events)
        while not controller.over:
            decision += 1
            action = None
            player = players[controller.current_player()]
            before = getattr(player, "last_at", None)
            action = player.choose(controller)
            if log and explain and getattr(player, "last_at", None) != before:
                _log_explanation(player, log)
            controller.apply(action)
            if log:
                for e in controller.events[start:]:
                    log(translate(e.describe()))
            start = len(controller.events)
    except (InputFileError, KeyboardInterrupt, MemoryError):
        raise
    except Exception as exc:  # a rules bug: name it, keep the other games
        raise GameFailure(ruleset_id, game_seed, decision, action, exc) from exc
    return controller


def _make_agent(name: str, seed: int, budget: float | None):
    """The agent, given a budget only when one was asked for (the default is the agent's)."""
    return ai.make(name, seed) if budget is None else ai.make(name, seed, budget=budget)


def _log_explanation(player, log) -> None:
    """`--explain`: what a searching agent weighed before its decision."""
    from game.ai.explain import explanation, explanation_text

    if getattr(player, "last", None):
        log(translate(explanation_text(explanation(player))))


def seatings(agents: list[str], swap_seats: bool) -> list[list[str]]:
    """The seat orders each seed is played in: as given, then (swapping) the two reversed."""
    if not swap_seats:
        return [list(agents)]
    if len(agents) != 2:
        raise GameError(msg("--swap-seats needs exactly two sides"))
    return [list(agents), list(reversed(agents))]


def margins_by_agent(points, seated: list[str]) -> dict[str, float]:
    """Each agent's margin in one battle: its points minus the best other seat's."""
    out = {}
    for i, name in enumerate(seated):
        others = [p for j, p in enumerate(points) if j != i]
        out[name] = float(points[i]) - max(others)
    return out


def agent_figures(results: list[tuple[list[str], dict]], agents: list[str]) -> dict:
    """Wins per agent (not per seat), and the first agent's mean margin with its standard
    error, over battles given as (seat order, result)."""
    wins = {name: 0 for name in agents}
    margins = []
    for seated, result in results:
        winner = result.get("winner")
        if winner is not None:
            wins[seated[winner]] += 1
        margins.append(margins_by_agent(result["points"], seated)[agents[0]])
    n = len(margins)
    mean = sum(margins) / n if n else 0.0
    var = sum((m - mean) ** 2 for m in margins) / (n - 1) if n > 1 else 0.0
    return {"wins_by_agent": wins, "margin_agent": agents[0], "mean_margin": mean,
            "margin_se": (var / n) ** 0.5 if n else 0.0}


def simulate(ruleset_id: str, scenario, games: int, seed: int, agents: list[str],
             log=None, replays: Path | None = None, on_failure=None, budget=None,
             swap_seats: bool = False, explain: bool = False) -> dict:
    """Play `games` battles (seeds seed, seed+1, …). A game stopped by a rules bug is listed in
    `failed` (and told to `on_failure`, one line) and left out of the other figures.
    `swap_seats` plays each seed twice, the two agents changing seats (and so armies), and
    adds wins per agent with the mean margin; `budget` is the search agent's CPU seconds."""
    ruleset = rulesets.get(ruleset_id)
    most = getattr(ruleset, "max_sides", 2)
    if not 2 <= len(agents) <= most:
        raise GameError(msg("{ruleset} is played by 2 to {most} sides", ruleset=ruleset_id,
                            most=most))
    for name in agents:
        ai.make(name)  # an unknown agent is a bad argument, not a failed game
    zones.check_sides_for(ruleset, scenario)
    if len(agents) > len(scenario.deployment):
        raise MapError(scenario.source or "map",
                       msg("the map has deployment zones for {zones} sides, not {sides}",
                           zones=len(scenario.deployment), sides=len(agents)))
    orders = seatings(agents, swap_seats)
    wins = [0] * len(agents)
    draws = rounds = played = 0
    failed = []
    by_agent = []
    digest = hashlib.sha256()
    for game_index, seated in ((g, o) for g in range(games) for o in orders):
        game_seed = seed + game_index
        if log:
            if swap_seats:
                log(translate(msg("--- game {game} (seed {seed}, seats {seats}) ---",
                                  game=game_index + 1, seed=game_seed,
                                  seats=" v ".join(seated))))
            else:
                log(translate(msg("--- game {game} (seed {seed}) ---", game=game_index + 1,
                                  seed=game_seed)))
        try:
            controller = play_one(ruleset, ruleset_id, scenario, game_seed, seated, log,
                                  budget, explain)
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
        by_agent.append((seated, controller.state.result))
        digest.update(controller.log_digest().encode())
        if replays is not None:
            swapped = "_swapped" if seated != list(agents) else ""
            write_replay(Path(replays) / f"{ruleset_id}_seed{game_seed}{swapped}.json",
                         controller.replay_record())
    report = {"ruleset": ruleset_id, "games": games, "played": played, "wins": wins,
              "draws": draws, "mean_rounds": rounds / played if played else 0.0,
              "log_sha256": digest.hexdigest(), "agents": agents, "seed": seed,
              "failed": failed}
    if swap_seats:
        report.update(agent_figures(by_agent, agents))
    return report


def replay(path, log=None, map_path: Path | None = None) -> dict:
    """Play a replay's (or a save's) decisions again; the battle must come out the same (same
    event log). The map comes from the maps folders by the replay's id, or is `map_path`
    (given by the player); either way it must have the replay's hash (`battle_saves.rebuild`)."""
    from game.io.battle_saves import load_battle

    loaded = load_battle(path, map_path=map_path)
    controller = loaded.timeline.controller
    if log:
        for line in controller.event_log():
            log(translate(line))
    result = controller.state.result
    return {"actions": len(loaded.record["actions"]), "over": controller.over,
            "reason": result.get("reason", msg("not finished")),
            "points": list(controller.score()), "winner": result.get("winner"),
            "log_sha256": controller.log_digest()}
