"""Checks every ruleset's property tests share (one place, not one copy per ruleset)."""

from game.core.dice import Dice


def assert_apply_on_a_copy_leaves_the_original(controller, agent, steps: int, seed: int) -> None:
    """Play `steps` decisions; before each, apply it to a copy with other dice and check the
    original state did not change at all (search relies on this)."""
    for _ in range(steps):
        if controller.over:
            break
        original = controller.state
        snapshot = repr(original)
        action = agent.choose(controller)
        controller.ruleset.apply(original.copy(), action, controller.geo, Dice(seed))
        assert repr(original) == snapshot, action.to_text()
        controller.apply(action)


def assert_placement_within(geo, before, action, limit: float) -> None:
    """Every model the action moved got there by a legal path no longer than `limit`, measured
    on the state as it was before the action."""
    for mid, x, y in action.placement:
        start = before.models[mid]
        if (start.x, start.y) != (x, y):
            path = geo.path_length(before, start, (x, y))
            assert path is not None and path <= limit + 1e-6, action.to_text()
