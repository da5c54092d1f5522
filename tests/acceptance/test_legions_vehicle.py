"""A worked example of a legions charge against a vehicle met by an Overwatch reaction
(rules/legions.md, "Reactions" and "Vehicle target" [part 2]), with scripted dice, every step
checked the way the client shows it: a decision with a label or an event that describes itself.

The Hammer Paragon charges a Battle Tank from 8" that faces it. After the 4" setup move, the
tank's player spends the reaction point on an Overwatch volley: the battle cannon and the pintle
gun fire normally (3+ for BS 4). The Paragon's own snap shot strikes the tank's front armour
(AV 13) and cannot glance it. A cannon shell takes 2 of the Paragon's wounds; it still rolls
the charge home. In the fight the tank makes no attacks; the great hammer's hits test D6 + S8
against the tank's rear AV 10: one glancing hit (vehicle damage: Suppressed), two penetrating
hits with no save take its 4 hull points. The wreck is worth its 4 hull points in the combat
resolution, and the Massacre has the Paragon consolidate.
"""

from game.core.actions import Action
from game.rulesets.legions import RULESET, reactions, statuses
from game.rulesets.legions.combat import locked_with
from game.rulesets.legions.consolidation import base_option
from tests.rulesets.legions.battle import R40, Battle, option

TANK_HALF_DEPTH = 125 / 25.4 / 2


def described(events):
    return [e.describe() for e in events]


def labels(b):
    return [a.label for a in b.legal()]


def test_a_charge_on_a_vehicle_met_by_an_overwatch_volley():
    b = Battle(["hammer_paragon"], ["battle_tank", "ember_squad"])
    b.place("s1u0", 40.0, 24.0, 180.0)  # the tank faces the Paragon
    b.place("s1u1", 64.0, 44.0, 180.0)  # far away: the battle goes on after the wreck
    b.place("s0u0", 40.0 - TANK_HALF_DEPTH - 8.0 - R40, 24.0, 0.0)
    tank = b.state.models["s1u0m0"]
    paragon = b.state.models["s0u0m0"]

    # Steps 1-3: the declaration and the setup move (I 5 + M 7 = 12: 4").
    charge = next(a for a in b.legal() if a.kind == "declare_charge" and a.targets == ("s1u0",))
    assert described(b.apply(charge)) == [
        "Hammer Paragon declares a charge on Battle Tank: in sight, 8.0\" away (12\" at most)",
        "Hammer Paragon makes a setup move: I + M = 12 gives 4\""]
    assert labels(b) == ["Setup move: Hammer Paragon 4\" toward Battle Tank"]
    assert described(b.apply(b.legal()[0])) == [
        "Hammer Paragon makes its setup move (furthest model 4.0\")"]

    # Step 4 opens with the tank's reaction: its player decides.
    assert RULESET.current_player(b.state) == 1
    assert labels(b) == [
        "Reaction: Battle Tank fires an Overwatch volley at Hammer Paragon (all its weapons, "
        "fired normally, no cover for the charger; 1 point)",
        "Reaction: Battle Tank will evade up to 1\" away from Hammer Paragon after the volleys "
        "(1 point)",
        "Battle Tank declares no reaction"]
    assert described(b.apply(option(b, "react", reactions.OVERWATCH))) == [
        "Reaction: Battle Tank declares Overwatch volley (0 reaction points left this phase)"]

    # The charger's volley first: one snap shot hits (6), but D6 + S5 cannot reach AV 13.
    assert RULESET.current_player(b.state) == 0
    events = b.apply(option(b, "volley", "fire"), 6, 5)
    assert described(events) == [
        "Hammer Paragon rolls 1 snap shot with heavy sidearm: 6 (needs 6+): 1 hit",
        "Hammer Paragon rolls armour penetration (D6 + S5 vs front AV 13 of Battle Tank): 5 "
        "(needs more than 6: no roll can glance): 0 penetrating, 0 glancing"]

    # The Overwatch volley: every weapon, fired normally (3+); no cover for the charger.
    assert labels(b) == ["Overwatch volley: Battle Tank fires all its weapons at Hammer "
                         "Paragon (hit on 7 - BS; no cover)", "Battle Tank holds its fire"]
    events = b.apply(option(b, "volley", "overwatch"), 3, 2, 4, 1, 5, 2, 1)
    assert described(events) == [
        "Battle Tank rolls 2 shots with battle cannon: 3+2 (needs 3+): 1 hit",
        "Battle Tank rolls to wound: 4 (needs 2+): 1 wound (S7 vs T4)",
        "Battle Tank rolls 2 shots with pintle gun: 1+5 (needs 3+): 1 hit",
        "Battle Tank rolls to wound: 2 (needs 4+): 0 wounds (S4 vs T4)",
        "Hammer Paragon rolls a save: 1 (needs 4+): failed",
        "Hammer Paragon takes 2 damage (2 wounds left)",
        "Battle Tank attacks Hammer Paragon with battle cannon (overwatch): 2 attacks, 1 hit, "
        "1 wound, 0 saved, 1 unsaved"]
    assert paragon.wounds == 2

    # Step 5: the charge roll and the move into contact.
    roll = next(a for a in b.legal() if a.kind == "charge_roll")
    assert roll.label == "Roll the charge: 2D6, drop the lowest; 5\" needed (5/9 = 56%)"
    assert described(b.apply(roll, 5, 2)) == [
        "Hammer Paragon rolls the charge: 5 and 2, drops the 2: 5\" against 5\" needed (enough)"]
    events = b.apply(next(a for a in b.legal() if a.kind == "charge_move"))
    assert described(events)[-1] == "Hammer Paragon and Battle Tank are locked in combat"
    assert locked_with(b.state, "s0u0") == ("s1u0",)

    # The fight: only the Paragon strikes (the tank makes no melee attacks).
    events = b.apply(Action("end_charges"))
    assert described(events)[-1] == "Initiative step 5: Hammer Paragon: 1 model"
    assert labels(b) == [
        "Hammer Paragon: fight with great hammer (smash) (S8 AP-2 D2, Heavy)",
        "Hammer Paragon: fight with great hammer (sweep) (S5 AP-1 D1)"]
    # 4 attacks, WS6 vs WS1: 2+ (2, 4, 6 hit; 1 misses); no wound roll: D6 + S8 vs the rear
    # AV 10 (3 and 5 penetrate, 2 glances); vehicle damage 6: Suppressed; no save vs AP-2.
    events = b.apply(option(b, "declare_weapon", "great_hammer|smash"), 2, 4, 6, 1, 3, 2, 5, 6)
    text = described(events)
    assert text[2:] == [
        "Hammer Paragon rolls 4 attacks with great hammer (smash) to hit: 2+4+6+1 (needs 2+): "
        "3 hits (WS6 vs WS1)",
        "Hammer Paragon rolls armour penetration (D6 + S8 vs rear AV 10 of Battle Tank): 3+2+5 "
        "(needs 2 to glance, 3+ to penetrate): 2 penetrating, 1 glancing",
        "Battle Tank rolls vehicle damage for 1 glancing hit: 6: Suppressed",
        "Battle Tank becomes Suppressed",
        "Battle Tank has no save against AP-2",
        "Battle Tank takes 2 damage (2 wounds left)",
        "Battle Tank has no save against AP-2",
        "Battle Tank takes 2 damage (0 wounds left)",
        "Battle Tank falls: set aside, removed at the end of this initiative step",
        "Hammer Paragon attacks Battle Tank with great hammer (smash) (penetrating): 4 attacks, "
        "3 hits, 2 wounds, 0 saved, 2 unsaved",
        "End of initiative step 5: removed together: Battle Tank",
        "Battle Tank of Battle Tank is removed as a casualty",
        "Battle Tank is wrecked",
        "Combat resolution: Azure Legion 5 (4 for casualties, +1 for more models), Ashen Legion "
        "0 (0 for casualties): Azure Legion wins the combat",
        "Massacre: every model of Ashen Legion in this combat is gone; the other side is no "
        "longer locked in combat and must consolidate",
        "Hammer Paragon is no longer locked in combat"]
    assert statuses.SUPPRESSED in tank.statuses and not tank.alive
    assert [base_option(a.option) for a in b.legal()] == ["consolidate", "consolidate"]
    assert reactions.points_left(b.state, 1) == 0
