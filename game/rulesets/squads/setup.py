"""Building a `squads` battle: the shared set-up (rulesets/setup.py) with the squads data."""

from __future__ import annotations

from game.core.state import GameState, Scenario
from game.rulesets import setup
from game.rulesets.squads.profile import DEFAULT_FORCES, squads_data


def build_game(ruleset_id: str, scenario: Scenario, seed: int,
               forces: list[str] | None = None) -> GameState:
    s = setup.build_game(ruleset_id, scenario, seed, squads_data(), list(DEFAULT_FORCES), forces)
    s.phase = "movement"
    return s


def build_state(ruleset_id: str, scenario: Scenario, seed: int,
                armies: list[tuple[str, str, list[str]]]) -> GameState:
    s = setup.build_state(ruleset_id, scenario, seed, squads_data(), armies)
    s.phase = "movement"
    return s
