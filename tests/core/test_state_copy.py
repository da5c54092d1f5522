"""The fast `GameState.copy()`: equal to the original, and independent of it all the way down
(models, units, sides, their flags, and the nested dicts and lists the rulesets keep in
`pending`: the cards deck, fights, combats). Search mutates copies thousands of times."""

import pytest

from game import ai, rulesets
from game.core.state import plain_copy
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController


def _mutate_everything(value):
    """Change every mutable container reachable from `value` (in place)."""
    if isinstance(value, dict):
        for v in list(value.values()):
            _mutate_everything(v)
        value["__mutated__"] = ["x"]
    elif isinstance(value, list):
        for v in value:
            _mutate_everything(v)
        value.append("__mutated__")
    elif isinstance(value, set):
        value.add("__mutated__")


def _positions(ruleset_id, decisions=40, every=4):
    """States met in a random battle of this ruleset, every few decisions."""
    ruleset = rulesets.get(ruleset_id)
    scenario = load_scenario(default_map_for(ruleset_id))
    controller = TurnController(ruleset, scenario, 3, battle_forces(ruleset, 2, scenario))
    agents = {i: ai.make("random", 7 + i) for i in range(2)}
    for n in range(decisions):
        if controller.over:
            break
        if n % every == 0:
            yield controller.state
        controller.apply(agents[controller.current_player()].choose(controller))
    yield controller.state


@pytest.mark.parametrize("ruleset_id", ["squads", "warband", "cards", "legions", "ranks"])
def test_copy_is_equal_and_independent_of_the_original(ruleset_id):
    for state in _positions(ruleset_id):
        before = repr(state)  # every field, nested (profiles are read-only mapping proxies)
        twin = state.copy()
        assert twin == state
        for m in twin.models.values():
            m.x += 1.0
            m.alive = not m.alive
        for u in twin.units.values():
            _mutate_everything(u.flags)
            u.flags["new"] = 1
        for side in twin.sides:
            _mutate_everything(side.flags)
            side.casualties.append("__mutated__")
        _mutate_everything(twin.pending)
        _mutate_everything(twin.result)
        twin.round += 1
        assert repr(state) == before


def test_copy_does_not_share_the_cards_deck_nor_the_drawn_cards():
    state = next(s for s in _positions("cards", 30, 1) if s.pending.get("deck"))
    twin = state.copy()
    twin.pending["deck"].pop(0)
    twin.pending["drawn"].append("morale")
    assert twin.pending["deck"] != state.pending["deck"]
    assert twin.pending["drawn"] != state.pending["drawn"]


def test_plain_copy_shares_immutable_leaves_and_copies_containers_inside_tuples():
    shared = ("a", 1, frozenset({2}))
    assert plain_copy(shared) is shared
    nested = ({"k": [1]},)
    twin = plain_copy(nested)
    twin[0]["k"].append(2)
    assert nested == ({"k": [1]},)


@pytest.mark.parametrize("ruleset_id", ["legions", "squads"])
def test_a_position_copy_is_the_copy_without_pending_steps_or_result(ruleset_id):
    """`GameState.position_copy` copies what `copy` copies of the position (sides, units,
    models, round, phase) and leaves the pending steps and the result empty."""
    for state in _positions(ruleset_id):
        whole, position = state.copy(), state.position_copy()
        assert position.pending == {} and position.result == {}
        position.pending, position.result = whole.pending, whole.result
        assert position == whole
        for m in position.models.values():
            assert m is not state.models[m.id]
