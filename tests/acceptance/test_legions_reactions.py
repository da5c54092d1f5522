"""A worked example of a legions charge met by a reaction (rules/legions.md, "Reactions",
[part 2]), with scripted dice, checked the way the generic client shows it: each step is a
decision with a label or an event that describes itself.

Line Squad (a Sergeant and four troopers) charges three Ember troopers from 6". After the 3"
setup move, Ember Squad's player spends the phase's reaction point on an Overwatch volley: its
models fire every ranged weapon, rifles too, hitting on 3+ (BS 4) instead of snap shots. One
trooper of Line Squad falls; the rest still make the charge.
"""

from game.core.events import ChargeResolved
from game.rulesets.legions import RULESET, reactions
from game.rulesets.legions.combat import locked_with
from tests.rulesets.legions.battle import D32, Battle, keep_only, option


def described(events):
    return [e.describe() for e in events]


def labels(b):
    return [a.label for a in b.legal()]


def test_a_charge_met_by_an_overwatch_volley():
    b = Battle(["line_squad"], ["ember_squad"])
    keep_only(b, "s0u0", ["s0u0m0", "s0u0m1", "s0u0m2", "s0u0m3", "s0u0m4"])
    keep_only(b, "s1u0", ["s1u0m1", "s1u0m2", "s1u0m3"])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 20.0 + D32 + 6.0, 24.0, 180.0)
    b.apply(next(a for a in b.legal() if a.kind == "declare_charge"))
    b.apply(b.legal()[0])  # the 3" setup move

    # Step 4 opens with the charged unit's reaction: its player decides.
    assert RULESET.current_player(b.state) == 1
    assert labels(b) == [
        "Reaction: Ember Squad fires an Overwatch volley at Line Squad (all its weapons, fired "
        "normally, no cover for the charger; 1 point)",
        "Reaction: Ember Squad will evade up to 4\" away from Line Squad after the volleys "
        "(1 point)",
        "Ember Squad declares no reaction"]
    events = b.apply(option(b, "react", reactions.OVERWATCH))
    assert described(events) == [
        "Reaction: Ember Squad declares Overwatch volley (0 reaction points left this phase)"]

    # The charger's volley still comes first, as snap shots: five sidearms, no 6.
    events = b.apply(option(b, "volley", "fire"), 1, 1, 1, 1, 1)
    assert described(events)[0] == ("Line Squad rolls 5 snap shots with sidearm: 1+1+1+1+1 "
                                    "(needs 6+): 0 hits")

    # The Overwatch volley: 3 rifles (2 shots each) and 3 sidearms, hitting on 3+.
    assert labels(b) == ["Overwatch volley: Ember Squad fires all its weapons at Line Squad "
                         "(hit on 7 - BS; no cover)", "Ember Squad holds its fire"]
    events = b.apply(option(b, "volley", "overwatch"), 3, 5, 1, 2, 1, 1, 4, 2, 1, 2, 1)
    assert described(events) == [
        "Ember Squad rolls 6 shots with rifle: 3+5+1+2+1+1 (needs 3+): 2 hits",
        "Ember Squad rolls to wound: 4+2 (needs 4+): 1 wound (S4 vs T4)",
        "Ember Squad rolls 3 shots with sidearm: 1+2+1 (needs 3+): 0 hits"]

    # Line Squad's player puts the wound on a trooper, whose 3+ save fails.
    assert RULESET.current_player(b.state) == 0
    trooper = next(a for a in b.legal() if a.kind == "allocate" and "Sergeant" not in a.label)
    events = b.apply(trooper, 2)
    assert described(events)[-1] == ("Ember Squad attacks Line Squad with rifle (overwatch): 6 "
                                     "attacks, 2 hits, 1 wound, 0 saved, 1 unsaved")
    assert len(b.state.alive_models("s0u0")) == 4

    # Step 5: the roll covers the 3" left; the charge goes in.
    roll = next(a for a in b.legal() if a.kind == "charge_roll")
    assert roll.label == "Roll the charge: 2D6, drop the lowest; 3\" needed (8/9 = 89%)"
    b.apply(roll, 3, 1)
    events = b.apply(next(a for a in b.legal() if a.kind == "charge_move"))
    assert any(isinstance(e, ChargeResolved) and e.success for e in events)
    assert locked_with(b.state, "s0u0") == ("s1u0",)
    assert reactions.points_left(b.state, 1) == 0
