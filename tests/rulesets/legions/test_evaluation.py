"""The greedy agent's view (evaluation.py): it charges when the odds are good, fires its
volleys, keeps its leaders when it allocates wounds, and a Paragon picks out leaders."""

from game.ai.greedy import GreedyAgent
from game.core.actions import Action
from game.rulesets.legions.evaluation import action_value
from tests.rulesets.legions.battle import declare, decline_reaction, facing_lines, only, option


class _Controller:
    """Just what the greedy agent reads."""

    def __init__(self, b):
        self.ruleset, self.state, self.geo, self._b = b.ruleset, b.state, b.geo, b

    def legal_actions(self):
        return self._b.legal()


def test_a_close_charge_is_worth_more_than_a_long_one_which_is_worth_nothing():
    near, far = facing_lines(4.0), facing_lines(11.5)
    charge = Action("declare_charge", "s0u0", targets=("s1u0",))
    assert action_value(near.state, charge, near.geo) > 0.3
    assert action_value(far.state, charge, far.geo) < 0.05
    assert GreedyAgent(0).choose(_Controller(near)).kind == "declare_charge"


def test_the_greedy_agent_fires_its_volley_and_keeps_its_sergeant():
    b = facing_lines(6.0)
    declare(b, "s0u0", "s1u0")
    b.apply(only(b, "setup_move"))
    decline_reaction(b)
    assert GreedyAgent(0).choose(_Controller(b)) == option(b, "volley", "fire")
    b.apply(option(b, "volley", "fire"), 6, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4)
    pick = GreedyAgent(0).choose(_Controller(b))
    assert pick.kind == "allocate" and "Sergeant" not in b.state.models[pick.targets[0]].name


def test_a_move_is_valued_from_the_position_asked_about_not_a_later_one():
    """The shared board of a position (move_value.board) is remembered by where every model
    stands; the state it was first asked about is then changed by the next action applied to
    it. A later state with the first position must still be valued from that position (a
    stale board once found no models in a unit that had been aboard a Transport)."""
    from game.rulesets.legions.move_value import board

    b = facing_lines(8.0)
    same = b.state.copy()
    board(b.state, b.geo)  # remembered under this position
    for m in b.state.alive_models("s0u0"):  # the asked-about state changes afterwards
        m.alive = False
    shared = board(same, b.geo)
    assert [m.id for m in shared.s.alive_models("s0u0")] == [m.id for m in
                                                              same.alive_models("s0u0")]
    move = Action("move", "s0u0", option="move:toward:s1u0")
    assert action_value(same, move, b.geo) == action_value(same.copy(), move, b.geo)


def test_a_board_is_shared_by_equal_positions_and_never_by_different_ones():
    """move_value.board compares the position (every model's place, pose and life, every
    unit's models, the table) with those of the boards it keeps: an equal position (a copy)
    gets the same board, and any difference a board of its own."""
    from game.rulesets.legions.move_value import board

    b = facing_lines(8.0)
    first = board(b.state, b.geo)
    assert board(b.state.copy(), b.geo) is first

    def changed(change):
        s = b.state.copy()
        change(s, s.alive_models("s0u0")[0])
        return s

    differ = [changed(lambda s, m: setattr(m, "x", m.x + 1e-9)),
              changed(lambda s, m: setattr(m, "y", m.y - 1e-9)),
              changed(lambda s, m: setattr(m, "facing", m.facing + 1.0)),
              changed(lambda s, m: setattr(m, "alive", False)),
              changed(lambda s, m: setattr(s.units["s0u0"], "models",
                                           s.units["s0u0"].models[1:]))]
    for s in differ:
        other = board(s, b.geo)
        assert other is not first and other is board(s.copy(), b.geo)
    assert board(b.state, facing_lines(8.0).geo) is not first
