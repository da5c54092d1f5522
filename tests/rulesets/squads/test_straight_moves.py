"""The offered moves' paths and ends left unchecked (speed only) against the long way: each
offered move is a `move_toward` placement, every moved model at the end of a straight way the
table found clear and within the allowance, on a spot it found free, so checking the paths and
ends (`placement_reason(straight=False)`) offers the very same moves, and each offer passes
the full check `apply` makes."""

import functools

import pytest

from game.rulesets import base
from game.rulesets.squads import movement
from tests.shipped import greedy_states


@functools.cache
def shipped_movement_positions(seed=1, steps=120):
    """States of a shipped greedy battle at each Movement-phase decision, with its table."""
    return greedy_states("squads", seed, steps, lambda s: s.phase == "movement")


def moves_listed(ruleset, geo, states):
    out = []
    for s in states:
        movement._offers.clear()
        out.append([a for a in ruleset.legal_actions(s, geo) if a.kind == "move"])
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_moves_offered_without_checking_paths_and_ends_are_those_offered_with(seed,
                                                                               monkeypatch):
    ruleset, geo, states = shipped_movement_positions(seed)
    short = moves_listed(ruleset, geo, states)
    real = base.placement_reason

    def measured(*args, **kwargs):
        kwargs["straight"] = False
        return real(*args, **kwargs)

    monkeypatch.setattr(movement, "placement_reason", measured)
    long = moves_listed(ruleset, geo, states)
    assert short == long
    assert sum(len(moves) for moves in short) > 100
    for s, moves in zip(states, short, strict=True):
        for a in moves:  # offered means legal: the check `apply` makes, in full
            assert movement.move_reason(s, geo, a.unit, a.destinations(), a.option) is None
