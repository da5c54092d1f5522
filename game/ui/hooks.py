"""Optional ruleset hooks the client uses when a ruleset offers them, with generic fallbacks.

The client stays generic: these only add information (who holds an objective, how far a model
may still move). None of them is needed to play.
"""

from __future__ import annotations


def objective_holders(controller) -> list[int | None]:
    """Who holds each objective now: the ruleset's `objective_holders(state, geo)` if it has
    one (it may weigh models, e.g. by OC), else the common rule (more models within 3")."""
    ruleset, state, geo = controller.ruleset, controller.state, controller.geo
    hook = getattr(ruleset, "objective_holders", None)
    try:
        if hook is not None:
            return list(hook(state, geo))
        from game.rulesets.base import objective_holders as common_holders

        return list(common_holders(state, geo))
    except Exception:  # information only: never stop the battle over it
        return []


def move_allowance(ruleset, state, action) -> float | None:
    """How far the models of this placement may move, if the ruleset says
    (`move_allowance(state, action)`); None otherwise."""
    hook = getattr(ruleset, "move_allowance", None)
    if hook is None:
        return None
    try:
        value = hook(state, action)
    except Exception:
        return None
    return None if value is None else float(value)
