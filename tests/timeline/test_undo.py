"""Undo: decisions are taken back up to the last moment that revealed information (a die
rolled, a card drawn) and no further, never past another side's decisions, never the AI's;
undo then redo gives the same state, the same dice and the same log."""

import pytest

from game import rulesets
from game.core.actions import Action
from game.core.dice import Roll
from game.core.errors import IllegalAction
from game.timeline import Timeline, revelation
from game.turn import TurnController
from tests.timeline.battles import hot_seat, scenario


def legal(timeline, kind, unit=None):
    return next(a for a in timeline.controller.legal_actions()
                if a.kind == kind and (unit is None or a.unit == unit))


def end_turn(timeline):
    """End phases until the other side is to act."""
    side = timeline.current_player()
    while timeline.current_player() == side:
        timeline.apply(legal(timeline, "end_phase"))


def test_undo_takes_back_moves_that_revealed_nothing_and_redo_puts_them_back():
    timeline = hot_seat("squads")
    start = repr(timeline.state)
    timeline.apply(legal(timeline, "move", "s0u0"))
    after_one = repr(timeline.state)
    second = legal(timeline, "move", "s0u1")
    timeline.apply(second)
    after_two, digest = repr(timeline.state), timeline.controller.log_digest()
    info = timeline.undo_info(0)
    assert info.count == 2 and info.next == second.label
    assert info.stop == "this is the start of the battle"
    assert timeline.undo(0) == 1 and repr(timeline.state) == after_one
    assert timeline.undo(0) == 1 and repr(timeline.state) == start
    assert timeline.undo(0) == 0
    timeline.redo()
    timeline.redo()
    assert repr(timeline.state) == after_two and timeline.controller.log_digest() == digest
    with pytest.raises(IllegalAction, match="Nothing to redo"):
        timeline.redo()


def test_undo_stops_at_the_advance_roll():
    timeline = hot_seat("squads")
    timeline.controller.dice.script(4)
    timeline.apply(legal(timeline, "advance", "s0u0"))
    assert "Advance roll has been made" in timeline.decisions[-1].reveals
    info = timeline.undo_info(0)
    assert info.count == 0 and "Advance roll has been made" in info.stop
    rolled = list(timeline.controller.dice.log)
    after_roll = repr(timeline.state)
    timeline.apply(timeline.controller.legal_actions()[0])  # the advancing unit moves
    info = timeline.undo_info(0)
    assert info.count == 1 and "Advance roll has been made" in info.stop
    assert timeline.take_back_turn(0) == 1
    assert repr(timeline.state) == after_roll
    assert timeline.controller.dice.log == rolled  # the roll stays made and shown


def test_undo_cannot_fish_for_other_dice():
    """The dice stream is restored with the state: after undo, whatever is decided next
    rolls the dice the stream held at that point, the same as without the undo."""
    straight = hot_seat("squads", seed=7)
    straight.apply(legal(straight, "move", "s0u0"))
    straight.apply(legal(straight, "advance", "s0u1"))
    expected_roll = straight.controller.dice.log[-1]
    for replay_the_move in (True, False):
        timeline = hot_seat("squads", seed=7)
        move = legal(timeline, "move", "s0u0")
        timeline.apply(move)
        timeline.undo(0)
        if replay_the_move:
            timeline.apply(move)  # the same decision again keeps the timeline
        timeline.apply(legal(timeline, "advance", "s0u1"))
        assert timeline.controller.dice.log[-1] == expected_roll


def test_a_new_decision_after_undo_drops_the_redo_tail():
    timeline = hot_seat("squads")
    timeline.apply(legal(timeline, "move", "s0u0"))
    timeline.undo(0)
    assert timeline.can_redo()
    timeline.apply(legal(timeline, "move", "s0u1"))
    assert not timeline.can_redo() and len(timeline.decisions) == 1


def test_in_hot_seat_undo_never_crosses_into_the_other_sides_decisions():
    timeline = hot_seat("squads")
    end_turn(timeline)
    assert timeline.current_player() == 1
    timeline.apply(legal(timeline, "move", "s1u0"))
    mine = timeline.undo_info(1)
    assert mine.count == 1 and mine.stop.startswith(timeline.state.sides[0].name)
    assert "another side's decisions" in mine.stop
    theirs = timeline.undo_info(0)
    assert theirs.count == 0 and theirs.stop.startswith(timeline.state.sides[1].name)


def test_the_ai_decisions_are_never_undone_but_my_turn_can_be_taken_back_before_it_acts():
    timeline = hot_seat("squads", ai_sides={1})
    end_turn(timeline)
    handed_over = len(timeline.decisions)
    assert timeline.undo_info(1).stop == "the AI's decisions are never undone"
    assert timeline.take_back_turn(0) == handed_over and timeline.position == 0
    for _ in range(handed_over):
        timeline.redo()
    timeline.apply(legal(timeline, "move", "s1u0"))  # the AI acts
    assert timeline.undo_info(1).count == 0
    assert timeline.undo_info(0).count == 0


def test_a_drawn_card_is_never_taken_back():
    timeline = hot_seat("cards")
    while timeline.decisions == [] or not timeline.decisions[-1].reveals:
        timeline.apply(legal(timeline, "stay"))
    last = timeline.decisions[-1]
    assert last.reveals.startswith("Card drawn")
    info = timeline.undo_info(last.player)
    assert info.count == 0 and info.stop == last.reveals


def test_no_undo_once_the_battle_is_over():
    timeline = hot_seat("squads")
    timeline.apply(Action("concede", option="0"))
    assert timeline.undo_info(0).stop == "the battle is over"
    assert timeline.undo(0) == 0


def test_revelation_names_the_roll_the_shuffle_or_the_draw():
    charge = Roll("Brute Mob charge", "Charge: 2D6", (3, 4))
    assert revelation([charge], []) == "the Brute Mob charge roll has been made (Charge: 2D6)"
    assert revelation([Roll("deck", "", (), 0)], []) == "the deck has been shuffled"
    assert revelation([], []) is None


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_going_to_any_point_equals_replaying_from_the_start(ruleset_id):
    """Snapshots and the dice stream: the state, the log and the dice after going back or
    forward are those of a battle replayed from its first decision."""
    from game import ai

    timeline = Timeline(rulesets.get(ruleset_id), scenario(ruleset_id), 3)
    agent = ai.make("random", 3)
    while not timeline.over and timeline.position < 12:
        timeline.apply(agent.choose(timeline.controller))
    actions = [d.action for d in timeline.decisions]
    points = (7, 2, len(actions), 0, len(actions) - 3, 9)
    fresh = TurnController(timeline.ruleset, scenario(ruleset_id), 3)  # one pass, no snapshots
    expected = {}
    for position in range(len(actions) + 1):
        if position in points:
            expected[position] = (repr(fresh.state), fresh.log_digest(), list(fresh.dice.log))
        if position < len(actions):
            fresh.apply(actions[position])
    for point in points:
        timeline.go_to(point)
        c = timeline.controller
        assert (repr(c.state), c.log_digest(), c.dice.log) == expected[point], point


def test_decisions_applied_through_the_controller_are_recorded_as_the_client_makes_them():
    """The client and the AI call the controller's apply and concede: the timeline of that
    controller records every decision and tells its listeners (the client autosaves)."""
    controller = TurnController(rulesets.get("squads"), scenario("squads"), 1)
    timeline = Timeline.of(controller)
    heard = []
    timeline.listeners.append(lambda t: heard.append(t.position))
    controller.apply(legal(timeline, "move", "s0u0"))
    controller.concede(0)
    assert [d.action.kind for d in timeline.decisions] == ["move", "concede"]
    assert heard == [1, 2]
    timeline.go_to(0)
    assert heard == [1, 2]  # rebuilding is not deciding


def test_decisions_made_before_the_timeline_was_kept_are_never_undone():
    """A position a test or a lesson set up through the controller: its decisions are in the
    record, undo stops before them, and the timeline rebuilds only from there on."""
    controller = TurnController(rulesets.get("squads"), scenario("squads"), 1)
    controller.apply(next(a for a in controller.legal_actions() if a.kind == "move"))
    timeline = Timeline.of(controller)
    assert timeline.position == 1 and len(timeline.record()["actions"]) == 1
    timeline.apply(legal(timeline, "move", "s0u1"))
    assert timeline.undo(0, 5) == 1
    assert "before this battle's timeline" in timeline.undo_info(0).stop
    with pytest.raises(ValueError, match="starts after decision 1"):
        timeline.go_to(0)
