"""Property test over random battles of every ruleset: random decisions mixed with undo,
redo and jumps. Undo takes back only the undoing side's own decisions that revealed nothing
(no roll ever leaves the dice log), stops for the reason it gives, and redo then gives the
same state, log digest and dice; wherever the timeline goes, it is the battle replayed in one
pass from its first decision."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game import rulesets
from game.timeline import Timeline
from game.turn import TurnController
from tests.timeline.battles import scenario

OPERATIONS = st.lists(st.tuples(st.sampled_from(["play", "undo", "redo", "go"]),
                                st.integers(0, 999)), min_size=4, max_size=14)


def look(timeline):
    c = timeline.controller
    return repr(c.state), c.log_digest(), list(c.dice.log)


def check_undo(timeline, wanted):
    side = timeline.decisions[timeline.position - 1].player if timeline.position else None
    info = timeline.undo_info(side)
    before, position = look(timeline), timeline.position
    taken = timeline.undo(side, wanted)
    assert taken == min(wanted, info.count)
    assert timeline.position == position - taken
    undone = timeline.decisions[timeline.position: position]
    assert all(d.player == side and d.reveals is None for d in undone)
    assert timeline.controller.dice.log == before[2]  # no roll is ever taken back
    if taken < wanted and timeline.position > 0 and not timeline.over:
        stop = timeline.decisions[timeline.position - 1]
        assert stop.player != side or info.stop == stop.reveals
    for _ in range(taken):
        timeline.redo()
    assert look(timeline) == before


@settings(max_examples=24)
@given(ruleset_id=st.sampled_from(rulesets.ids()), seed=st.integers(0, 10_000),
       operations=OPERATIONS)
def test_undo_redo_and_jumps_keep_the_battle_and_its_dice(ruleset_id, seed, operations):
    ruleset = rulesets.get(ruleset_id)
    timeline = Timeline(ruleset, scenario(ruleset_id), seed)
    chooser = random.Random(seed)
    for operation, n in operations:
        if operation == "play":
            for _ in range(1 + n % 3):
                if not timeline.over:
                    timeline.apply(chooser.choice(timeline.controller.legal_actions()))
        elif operation == "undo":
            check_undo(timeline, 1 + n % 3)
        elif operation == "redo" and timeline.can_redo():
            timeline.redo()
        elif operation == "go":
            timeline.go_to(n % (len(timeline.decisions) + 1))
    fresh = TurnController(ruleset, scenario(ruleset_id), seed)
    for decision in timeline.applied():
        fresh.apply(decision.action)
    assert look(timeline) == (repr(fresh.state), fresh.log_digest(), list(fresh.dice.log))
