"""Building a `cards` battle: the shared set-up (rulesets/setup.py) with the cards data, each
unit's officer named on its first figure, and an empty deck waiting for its first shuffle."""

from __future__ import annotations

from game.core.i18n import msg
from game.core.state import GameState, Scenario
from game.rulesets import setup
from game.rulesets.cards import deck
from game.rulesets.cards.profile import DEFAULT_FORCES, OFFICER, cards_data


def build_game(ruleset_id: str, scenario: Scenario, seed: int,
               forces: list[str] | None = None) -> GameState:
    s = setup.build_game(ruleset_id, scenario, seed, cards_data(), list(DEFAULT_FORCES), forces)
    return _ready(s)


def build_state(ruleset_id: str, scenario: Scenario, seed: int,
                armies: list[tuple[str, str, list[str]]]) -> GameState:
    """Armies with models not placed (tests and tutorials place them)."""
    return _ready(setup.build_state(ruleset_id, scenario, seed, cards_data(), armies))


def _ready(s: GameState) -> GameState:
    for unit in s.units.values():
        officer = unit.profile.get("officer")
        if officer:
            first = s.models[unit.models[0]]
            first.name = msg("{officer} ({unit})", officer=officer, unit=unit.name)
            first.statuses = first.statuses | {OFFICER}
    s.phase = "draw"
    s.active = 0
    deck.reset(s)
    return s
