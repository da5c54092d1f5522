"""A third lesson of warband's positions: join the friend's fight (two against one).

A strong player sends a free model into the combat a friend is already in: the enemy there
has its attacks for two models and strikes at one of them only, while both strike at it (and a
warband that loses a model tests for its rout). Greedy (one ply) values a charge by the duel
of the two profiles alone (`evaluation.charge_value`), as if no friend stood in that fight, so
it opens a fresh, even duel on a softer target instead and leaves its friend alone in the hard
one.

The position has two tests: that it is sound (every strong move's paired gain over greedy's
choice is clear over 200 seeded lines of play: `clear_gain`) and that the search plays the
strong move (`search_plays_strong`)."""

from game.core.state import Scenario
from tests.ai.positions.common import clear_gain, search_plays_strong

#: Centre-to-centre distance of two 25 mm bases in base contact (a hair inside the tolerance).
TOUCH = 25 / 25.4 + 0.005


def _warband_friend_alone_with_the_champion():
    """Last round, warband A's movement phase: Zealot I is locked in combat with the Sellsword
    Champion (double-handed weapon, heavy armour: strikes last); Zealot II is free, 6.1" from
    the Champion and 7.1" from an Axeman standing 9.5" off the Champion (out of its 6"). Both
    charges reach (8"). Greedy values the Axeman's duel at 0.78 of a point and the Champion's
    at 0.17, and charges the Axeman. Charging the Champion makes it two against one: over 200
    lines the Champion is taken out 58.5% of the time (31.5% after greedy's charge), warband
    B routs in 16.5% (8.5%), and warband A loses 0.14 models on average (0.43). (No all-alone
    test comes into it: the Axeman, free, comes within 6" of the Champion in B's turn.)"""
    from game.rulesets.warband import RULESET
    from game.rulesets.warband.profile import build_state
    from game.table import Table

    scenario = Scenario(48, 48, objectives=(), rounds=5, source="test")
    state = build_state("warband", scenario, 0,
                        [("A", "ash_pilgrims", ["pilgrim_zealot", "pilgrim_zealot"]),
                         ("B", "sellswords", ["sellsword_champion", "sellsword_axeman"])])
    for unit_id, (x, y) in (("s1u0", (24.0, 24.0)), ("s0u0", (24.0 - TOUCH, 24.0)),
                            ("s0u1", (25.0, 31.0)), ("s1u1", (33.0, 30.0))):
        model = state.models[state.units[unit_id].models[0]]
        model.x, model.y = x, y
    state.round, state.active, state.phase = 5, 0, "movement"
    return RULESET, state, Table(scenario)


def _joins_the_fight(action):
    return action.kind == "charge" and action.unit == "s0u1" and action.targets == ("s1u0",)


def test_warband_leaving_the_friend_alone_with_the_champion_is_worse_than_joining_it():
    """Joining the Champion's fight gains 1.48 +- 0.27 points over greedy's charge of the
    Axeman (200 lines)."""
    greedy_first, _ = clear_gain([_warband_friend_alone_with_the_champion()], 0,
                                 _joins_the_fight)
    assert greedy_first.kind == "charge" and greedy_first.targets == ("s1u1",)


def test_warband_search_joins_its_friends_fight():
    search_plays_strong(*_warband_friend_alone_with_the_champion(), 0, _joins_the_fight)
