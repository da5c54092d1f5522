"""Exact odds per ruleset for the `odds` command and the client's odds panel.

Each ruleset that has a charge roll offers `charge_odds(distance) -> Fraction`."""

from __future__ import annotations

from fractions import Fraction

from game import rulesets
from game.core.errors import GameError


def charge_odds(ruleset_id: str, distance: float) -> Fraction:
    if distance < 0:
        raise GameError("odds: --distance must not be negative")
    ruleset = rulesets.get(ruleset_id)
    odds = getattr(ruleset, "charge_odds", None)
    if odds is None:
        raise GameError(f"odds: ruleset {ruleset_id!r} has no charge roll")
    return odds(distance)
