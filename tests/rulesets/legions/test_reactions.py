"""Reactions at charge step 4 (rules/legions.md, "Reactions", [part 2]): the reaction point of
the reactive side, the stage offered to the charged unit's player, the statuses that forbid a
reaction, Shield wall (+1 T for the phase, read by the volley and the fight) and the AI's
choice. Strict scripted dice throughout.
"""

import pytest

from game.core.actions import Action, make_placement
from game.core.dice import Dice
from game.core.events import ChargeResolved, DiceRolled
from game.rulesets.legions import evade, reactions, statuses
from game.rulesets.legions.combat import is_locked
from game.rulesets.legions.evaluation import action_value
from game.rulesets.legions.events import ReactionDeclared
from game.rulesets.legions.fight import RULE_WOUND
from game.rulesets.legions.volley import volley
from tests.rulesets.legions.battle import (
    D32,
    Battle,
    declare,
    fight,
    keep_only,
    only,
    option,
    skirmish,
)


def charge_the_guard(gap=6.0, chargers=("ember_squad", "ember_squad")):
    """Side 1 (active) charges side 0's Veteran Guard (4 of its 6 models carry a Shield) with
    its first unit from `gap` inches; the second charger stands by, 10" further up the table."""
    b = Battle(["veteran_guard"], list(chargers))
    b.state.active = 1
    b.place("s1u0", 20.0, 24.0, 0.0, files=5)
    b.place("s0u0", 20.0 + D32 + gap, 24.0, 180.0, files=3)
    if len(chargers) > 1:
        b.place("s1u1", 20.0, 34.0, 0.0, files=5)
    return b


def reach_step_4(b, unit="s1u0", target="s0u0"):
    declare(b, unit, target)
    setup = [a for a in b.legal() if a.kind == "setup_move"]
    if setup:
        b.apply(setup[0])


def test_the_charged_unit_is_offered_its_reactions_at_the_start_of_step_4():
    b = charge_the_guard()
    reach_step_4(b)
    assert b.state.pending["charge"]["stage"] == "reaction"
    assert b.ruleset.current_player(b.state) == 0  # the charged unit's player decides
    assert [a.option for a in b.legal()] == [reactions.OVERWATCH, reactions.SHIELD_WALL,
                                             reactions.EVADE, reactions.NONE]
    assert all(a.kind == "react" and a.unit == "s0u0" for a in b.legal())
    # The charger's volley waits for the reaction.
    assert "is at its react step" in b.why(Action("volley", "s1u0", targets=("s0u0",),
                                                  option="fire"))


def test_the_reactive_side_has_one_reaction_point_each_phase():
    b = charge_the_guard()
    reach_step_4(b)
    events = b.apply(option(b, "react", reactions.SHIELD_WALL))
    declared = [e for e in events if isinstance(e, ReactionDeclared)][0]
    assert declared.rule == reactions.RULE_SHIELD_WALL and declared.points_left == 0
    assert declared.describe() == ("Reaction: Veteran Guard declares Shield wall (0 reaction "
                                   "points left this phase)")
    assert b.state.pending["charge"]["stage"] == "volley_charger"
    assert reactions.points_left(b.state, 1) == 0  # the active side has none at all
    assert "no reaction point left" in reactions.cannot_react(b.state, "s0u0")


def test_a_second_charge_in_the_phase_finds_no_reaction_point_left():
    b = charge_the_guard()
    b.state.pending["reactions"] = {"spent": {"0": 1}, "shield_wall": []}  # spent on a charge
    reach_step_4(b)
    assert b.state.pending["charge"]["stage"] == "volley_charger"
    assert not [a for a in b.legal() if a.kind == "react"]
    assert "volley step" in b.why(Action("react", "s0u0", targets=("s1u0",),
                                         option=reactions.SHIELD_WALL))


def test_no_reaction_keeps_the_point_for_a_later_charge():
    b = charge_the_guard()
    reach_step_4(b)
    events = b.apply(option(b, "react", reactions.NONE))
    assert [e.describe() for e in events if isinstance(e, ReactionDeclared)] == [
        "Veteran Guard declares no reaction"]
    assert reactions.points_left(b.state, 0) == 1


@pytest.mark.parametrize("status", [statuses.STUNNED, statuses.ROUTED])
def test_a_stunned_or_routed_unit_may_not_react(status):
    b = charge_the_guard()
    model = b.state.alive_models("s0u0")[5]
    model.statuses = frozenset({status})  # one model is enough
    reach_step_4(b)
    assert b.state.pending["charge"]["stage"] == "volley_charger"
    assert reactions.cannot_react(b.state, "s0u0") == (
        f"Veteran Guard has a {status.capitalize()} model: it may not react "
        f"({reactions.RULE_STATUS})")
    c = b.state.pending["charge"]
    assert reactions.reaction_problem(b.state, b.geo, c, reactions.SHIELD_WALL) == (
        reactions.cannot_react(b.state, "s0u0"))


def test_shield_wall_needs_most_of_the_unit_to_carry_a_shield():
    b = charge_the_guard()
    # Two Shield Guards fall: 2 of the 4 left carry a Shield, which is not most.
    keep_only(b, "s0u0", ["s0u0m0", "s0u0m1", "s0u0m4", "s0u0m5"])
    assert not reactions.shield_majority(b.state, "s0u0")
    c = {"unit": "s1u0", "target": "s0u0"}
    assert reactions.reaction_problem(b.state, b.geo, c, reactions.SHIELD_WALL) == (
        f"Most of Veteran Guard does not carry a Shield ({reactions.RULE_SHIELD_WALL})")
    assert reactions.SHIELD_WALL not in {a.option for a in reactions.reaction_actions(
        b.state, b.geo, c)}
    keep_only(b, "s0u0", ["s0u0m0", "s0u0m1", "s0u0m2", "s0u0m4", "s0u0m5"])
    assert reactions.shield_majority(b.state, "s0u0")  # 3 of 5


def test_shield_wall_gives_plus_one_toughness_to_the_volley():
    b = charge_the_guard(chargers=("ember_squad",))
    b.state.pending["reactions"] = {"spent": {"0": 1}, "shield_wall": ["s0u0"]}
    dice = Dice(0, strict=True)
    # 10 sidearm snap shots, two 6s hit; S4 against T4 + 1: 5+ to wound.
    dice.script(6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 4, 4)
    events, pools = volley(b.state, b.geo, dice, "s1u0", "s0u0")
    wound = [e for e in events if isinstance(e, DiceRolled) and e.label == "to wound"][0]
    assert wound.needed == "5+" and "vs T5" in wound.outcome and pools == []


def test_shield_wall_gives_plus_one_toughness_in_the_fight_for_the_whole_phase():
    b = skirmish(["line_squad"], ["veteran_guard"], [("s0u0m1", "s1u0m1")])
    b.state.pending["reactions"] = {"spent": {"1": 1}, "shield_wall": ["s1u0"]}
    fight(b)  # each model has one melee weapon: the groups form by themselves
    strike = [a for a in b.legal() if a.kind == "strike" and "combat blade" in a.label][0]
    # 1 attack, WS4 v WS5: 5+ hits; S4 against T4 + 1: 5+ to wound (4 fails); then the last
    # group strikes by itself: the Guard's 2 chainblade attacks miss (1, 1).
    events = b.apply(strike, 5, 4, 1, 1)
    needs = [(e.label, e.needed) for e in events if isinstance(e, DiceRolled)
             and e.rule == RULE_WOUND]
    assert needs == [("to wound", "5+")]


def test_the_shield_wall_ends_with_the_phase():
    b = charge_the_guard()
    reach_step_4(b)
    b.apply(option(b, "react", reactions.SHIELD_WALL))
    assert reactions.toughness_bonus(b.state, "s0u0") == 1
    b.state.pending.clear()  # what the End phase does
    assert reactions.toughness_bonus(b.state, "s0u0") == 0


def test_the_ai_forms_a_shield_wall_when_it_saves_wounds():
    b = charge_the_guard()
    reach_step_4(b)
    values = {a.option: action_value(b.state, a, b.geo) for a in b.legal()}
    assert values[reactions.NONE] == 0.0
    assert values[reactions.SHIELD_WALL] > 0.0


# --- Evade ------------------------------------------------------------------------------------------

def evade_declared(gap=6.0):
    """The Guard declares Evade against the first Ember Squad, then both hold their volleys."""
    b = charge_the_guard(gap)
    reach_step_4(b)
    b.apply(option(b, "react", reactions.EVADE))
    b.apply(option(b, "volley", "hold"))
    b.apply(option(b, "volley", "hold"))
    return b


def test_evade_after_the_volleys_moves_up_to_i_away_and_the_roll_needs_the_new_gap():
    b = evade_declared()
    before = b.distance("s1u0", "s0u0")
    assert abs(before - 3.0) < 0.01  # after the 3" setup move
    c = b.state.pending["charge"]
    assert c["stage"] == "evade" and b.ruleset.current_player(b.state) == 0
    move = [a for a in b.legal()]
    assert [a.kind for a in move] == ["evade"]
    assert move[0].label == "Evade: Veteran Guard moves up to 4\" away from Ember Squad I"
    assert b.ruleset.move_allowance(b.state, move[0]) == 4.0
    events = b.apply(move[0])
    assert events[0].rule == evade.RULE_EVADE and events[0].how == "evades"
    after = b.distance("s1u0", "s0u0")
    assert abs(after - 7.0) < 0.05  # straight back by its I of 4"
    roll = only(b, "charge_roll")
    assert "more than a roll can give" in roll.label and "(0/1 = 0%)" in roll.label
    # A 6 is kept and falls short; the Ember Sergeant's Cool 8 is passed (4 + 4).
    events = b.apply(roll, 6, 1, 4, 4)
    failed = [e for e in events if isinstance(e, ChargeResolved)][0]
    assert not failed.success and not is_locked(b.state, "s1u0")


def test_an_evade_that_ends_nearer_the_charger_is_refused():
    b = evade_declared()
    toward = {m.id: (m.x - 1.0, m.y) for m in b.state.alive_models("s0u0")}
    reason = b.why(Action("evade", "s0u0", targets=("s1u0",), placement=make_placement(toward)))
    assert reason.endswith(f"({evade.RULE_AWAY})") and "nearer Ember Squad I" in reason


def test_an_evade_longer_than_the_units_initiative_is_refused():
    b = evade_declared()
    far = {m.id: (m.x + 5.0, m.y) for m in b.state.alive_models("s0u0")}
    reason = b.why(Action("evade", "s0u0", targets=("s1u0",), placement=make_placement(far)))
    assert reason is not None and evade.RULE_EVADE in reason


def test_a_pinned_unit_cannot_evade():
    b = charge_the_guard()
    b.state.alive_models("s0u0")[5].statuses = frozenset({statuses.PINNED})
    reach_step_4(b)
    c = b.state.pending["charge"]
    assert "Pinned" in reactions.reaction_problem(b.state, b.geo, c, reactions.EVADE)
    assert reactions.EVADE not in {a.option for a in b.legal()}


def test_the_ai_values_an_evade_that_puts_the_charger_out_of_reach():
    b = charge_the_guard(chargers=("veteran_breachers",))
    reach_step_4(b)
    react = {a.option: a for a in b.legal()}
    assert action_value(b.state, react[reactions.EVADE], b.geo) > 0.0
