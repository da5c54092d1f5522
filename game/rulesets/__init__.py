"""The registry of rulesets: id -> Ruleset. `get(id)` is how the rest of the game finds one."""

from __future__ import annotations

from game.core.errors import GameError


def _registry() -> dict:
    from game.rulesets.squads import RULESET as squads

    return {squads.id: squads}


def ids() -> list[str]:
    return sorted(_registry())


def get(ruleset_id: str):
    registry = _registry()
    if ruleset_id not in registry:
        raise GameError(f"unknown ruleset {ruleset_id!r} (known: {', '.join(sorted(registry))})")
    return registry[ruleset_id]
