"""The legions assault from the first declaration to the aftermath, with scripted dice, and the
spec's odds (rules/legions.md, "Odds": 2D6 drop lowest = k with (2k - 1)/36; P(>= k) for k = 1..6
is 36, 35, 32, 27, 20, 11 out of 36).

The assault is checked the way the generic client shows it: every step of the seed is its own
decision (an Action with a label) or its own event (with a plain-language describe()).
"""

from fractions import Fraction

from game.core.actions import Action
from game.core.events import ChargeResolved, UnitMoved
from game.rulesets.legions import RULESET
from game.rulesets.legions.events import (
    AftermathChosen,
    CasualtiesRemoved,
    ChargeRolled,
    ChargeTargetDeclared,
    CombatDeclared,
    InitiativeStepStarted,
    ResolutionPoints,
    SetupMoveSet,
    StrikeGroupsFormed,
)
from tests.rulesets.legions.battle import D32, Battle, keep_only


def test_the_spec_odds_table():
    from game.rulesets.legions.odds import charge_distribution, charge_success

    assert [charge_success(k) * 36 for k in range(1, 7)] == [36, 35, 32, 27, 20, 11]
    assert charge_success(7) == 0

    assert all(p == Fraction(2 * k - 1, 36) for k, p in charge_distribution().items())


def described(events):
    return [e.describe() for e in events]


def test_a_whole_assault_step_by_step():
    b = Battle(["line_squad"], ["ember_squad"])
    keep_only(b, "s0u0", ["s0u0m0", "s0u0m1", "s0u0m2", "s0u0m3", "s0u0m4"])
    keep_only(b, "s1u0", ["s1u0m1", "s1u0m2", "s1u0m3"])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 20.0 + D32 + 6.0, 24.0, 180.0)

    # Step 1: the declaration is a decision, its label gives the odds after the setup move.
    declare = [a for a in b.legal() if a.kind == "declare_charge"][0]
    assert declare.label == ("Charge Ember Squad with Line Squad (6.0\" away; after the 3\" "
                             "setup move, 3.0\" to go: 3\" needed (8/9 = 89%))")
    events = b.apply(declare)
    # Step 2 (line of sight, 12") and step 3's distance are events.
    assert isinstance(events[0], ChargeTargetDeclared)
    assert described(events) == [
        "Line Squad declares a charge on Ember Squad: in sight, 6.0\" away (12\" at most)",
        "Line Squad makes a setup move: I + M = 11 gives 3\""]
    assert isinstance(events[1], SetupMoveSet)

    # Step 3: the setup move is a decision (the client may let the player drag it).
    setup = [a for a in b.legal()]
    assert [a.kind for a in setup] == ["setup_move"]
    events = b.apply(setup[0])
    assert isinstance(events[0], UnitMoved) and events[0].how == "makes its setup move"

    # Step 4 opens with the charged unit's reaction (1 point this phase): it could fire an
    # Overwatch volley or Evade; it declares none.
    assert RULESET.current_player(b.state) == 1
    assert [a.label for a in b.legal()] == [
        "Reaction: Ember Squad fires an Overwatch volley at Line Squad (all its weapons, fired "
        "normally, no cover for the charger; 1 point)",
        "Reaction: Ember Squad will evade up to 4\" away from Line Squad after the volleys "
        "(1 point)",
        "Ember Squad declares no reaction"]
    events = b.apply(b.legal()[2])
    assert described(events) == ["Ember Squad declares no reaction"]

    # Then the volleys, the charger first: 5 sidearms, one 6 hits, it wounds (4), the
    # trooper saves (3).
    assert [a.label for a in b.legal()] == [
        "Volley: Line Squad fires its Assault weapons at Ember Squad (snap shots: hit on 6)",
        "Line Squad holds its fire"]
    events = b.apply(b.legal()[0], 6, 1, 1, 1, 1, 4, 3)
    assert described(events)[-1] == ("Line Squad attacks Ember Squad with sidearm (volley): 5 "
                                     "attacks, 1 hit, 1 wound, 1 saved, 0 unsaved")
    # ... then the target's, its player deciding.
    assert RULESET.current_player(b.state) == 1
    b.apply(b.legal()[0], 1, 1, 1)

    # Step 5: the roll is a decision showing the exact odds before the dice.
    roll = b.legal()[0]
    assert roll.label == "Roll the charge: 2D6, drop the lowest; 3\" needed (8/9 = 89%)"
    events = b.apply(roll, 2, 4)
    assert isinstance(events[0], ChargeRolled)
    move = b.legal()[0]
    assert move.kind == "charge_move" and move.label.startswith("Charge move: Line Squad into")
    events = b.apply(move)
    assert described(events)[1:] == ["Line Squad charges into Ember Squad",
                                     "Line Squad and Ember Squad are locked in combat"]
    assert isinstance(events[1], ChargeResolved)

    # The fight: the combat, the initiative step, a weapon to declare for the Sergeant.
    events = b.apply(Action("end_charges"))
    assert any(isinstance(e, CombatDeclared) for e in events)
    step = [e for e in events if isinstance(e, InitiativeStepStarted)][0]
    assert step.initiative == 4
    assert {a.option for a in b.legal()} == {"combat_blade|combat blade", "power_blade|sweep",
                                             "power_blade|thrust"}
    events = b.apply([a for a in b.legal() if a.option == "power_blade|sweep"][0])
    groups = [e for e in events if isinstance(e, StrikeGroupsFormed)][0]
    assert groups.groups[0].startswith("Line Squad: combat blade")
    assert "power blade (sweep), 2 attacks at WS5 (S4 AP-2 D1)" in groups.groups[1]
    fight = b.state.pending["fight"]
    attacks = {g["weapon"] + g["unit"]: g["attacks"] for g in fight["groups"]}

    # The active player orders the groups: the power blade first; one hit (5, WS5 v WS4: 3+),
    # one wound (4), the save (Sv3 - AP-2 = 5+) fails (2): the trooper is set aside.
    blade = [a for a in b.legal() if "power blade" in a.label][0]
    b.apply(blade, 5, *[1] * (attacks["power_blades0u0"] - 1), 4, 2)
    # Then the Line troopers (all miss), and the Ember troopers' last group (all miss).
    rest = [a for a in b.legal() if "Line Squad: combat blade" in a.label][0]
    # The resolution follows: Azure 1 + 1 (more models) = 2, Ashen 0; Ember Squad's panic
    # check at Ld 7 - 2 = 5: 2 + 2 passes.
    events = b.apply(rest, *[1] * attacks["combat_blades0u0"], *[1] * attacks["combat_blades1u0"],
                     2, 2)
    removed = [e for e in events if isinstance(e, CasualtiesRemoved)][0]
    assert len(removed.names) == 1
    points = [e for e in events if isinstance(e, ResolutionPoints)][0]
    assert points.describe() == (
        "Combat resolution: Azure Legion 2 (1 for casualties, +1 for more models), Ashen "
        "Legion 0 (0 for casualties): Azure Legion wins the combat")

    # The aftermath: the loser chooses first, between Hold and Disengage.
    assert RULESET.current_player(b.state) == 1
    assert [a.option for a in b.legal()] == ["hold", "disengage"]
    events = b.apply(b.legal()[0])
    chosen = [(e.unit_name, e.option) for e in events if isinstance(e, AftermathChosen)]
    assert chosen == [("Ember Squad", "Hold"), ("Line Squad", "Hold")]
    # The turn has ended: the Ashen Legion moves.
    assert b.state.active == 1 and b.state.phase == "movement"
