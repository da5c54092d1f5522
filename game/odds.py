"""Exact odds per ruleset for the `odds` command and the client's odds panel.

Each ruleset that has a charge roll offers `charge_odds(distance) -> Fraction`; one with
model-by-model melee offers `melee_odds(...)` (see below)."""

from __future__ import annotations

from fractions import Fraction

from game import rulesets
from game.core.errors import GameError
from game.core.i18n import msg


def charge_odds(ruleset_id: str, distance: float) -> Fraction:
    if distance < 0:
        raise GameError(msg("odds: --distance must not be negative"))
    ruleset = rulesets.get(ruleset_id)
    odds = getattr(ruleset, "charge_odds", None)
    if odds is None:
        raise GameError(msg("odds: ruleset {ruleset} has no charge roll", ruleset=repr(ruleset_id)))
    return odds(distance)


def charge_odds_reason(ruleset_id: str, distance: float) -> str | None:
    """Why a charge's odds are 0 by rule rather than by the dice (squads: "a 2 never
    succeeds"), where the ruleset says; None otherwise."""
    why = getattr(rulesets.get(ruleset_id), "charge_odds_reason", None)
    return why(distance) if why is not None else None


def melee_odds(ruleset_id: str, attacker: str, defender: str, attacker_gear: list[str],
               defender_gear: list[str], charging: bool) -> dict[str, Fraction]:
    """What one model's attacks do to another, as exact probabilities per outcome (rulesets
    with model-by-model melee offer `melee_odds` with this signature)."""
    ruleset = rulesets.get(ruleset_id)
    odds = getattr(ruleset, "melee_odds", None)
    if odds is None:
        raise GameError(msg("odds: ruleset {ruleset} has no model-to-model melee odds",
                            ruleset=repr(ruleset_id)))
    return odds(attacker, defender, attacker_gear, defender_gear, charging)
