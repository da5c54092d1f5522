"""The warband close combat phase, rule by rule, with strict scripted dice (warband.md, "Close
combat phase"; the dice order is the one combat.py's docstring lists)."""

from fractions import Fraction as F

import pytest

from game.core.actions import Action
from game.core.events import AttacksMade
from game.core.state import frozen_profile
from game.rulesets.warband import charts, fleeing
from game.rulesets.warband.combat import (
    RULE_PARRY_ONCE,
    RULE_PARRY_SIX,
    RULE_PARRY_STRENGTH,
    RULE_PROTECT_DOWNED,
    new_fight,
)
from game.rulesets.warband.engagement import RULE_MULTIPLAYER
from game.rulesets.warband.equipment import loadout
from game.rulesets.warband.status import KNOCKED_DOWN, STUNNED
from tests.rulesets.warband.battle import (
    Battle,
    current_striker,
    describe,
    flags,
    model,
    only_striker,
    stand,
    start_combat,
    touching,
    warband,
)


def duel(attacker, defender, attacker_force="sellswords", defender_force="ash_pilgrims"):
    """s0u0 (active) in base contact with s1u0."""
    b = Battle([warband("A", attacker, force=attacker_force),
                warband("B", defender, force=defender_force)])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0")
    return b


def set_profile(b, unit_id, **changes):
    unit = b.state.units[unit_id]
    unit.profile = frozen_profile({**unit.profile, **changes})
    model(b, unit_id).profile = unit.profile


def summary(events):
    return [e for e in events if isinstance(e, AttacksMade)]


# --- who fights, and in what order ---------------------------------------------------------------
def test_all_engaged_models_fight_not_only_the_active_warbands():
    """All engaged models fight: the Iron Thane strikes back in the Sellswords' phase."""
    b = duel("sellsword_axeman", "iron_thane", defender_force="iron_brotherhood")
    events = start_combat(b)                      # Axeman I3 before Thane I2: no tie dice
    assert current_striker(b).unit == "s0u0"
    events = b.apply(b.legal()[0], 1)             # the Axeman misses (WS3 vs WS5: 4+)
    assert current_striker(b).unit == "s1u0"      # the enemy strikes in our phase
    assert RULESET_current_player(b) == 1
    events = b.apply(b.legal()[0], 2)             # WS5 vs WS3: 3+, a 2 misses
    assert any("Iron Thane rolls to hit Axeman" in t for t in describe(events))
    assert b.state.phase == "recovery" and b.state.active == 1   # the turn passed on


def RULESET_current_player(b):  # noqa: N802
    return b.ruleset.current_player(b.state)


def test_strike_order_steps_initiative_and_tie_roll_offs():
    """Strike order: 1) charged this turn / spear against a charger, 2) the rest, 3) strikes
    last (double-handed), 4) stood up this turn; by decreasing I; ties 1D6, re-rolled."""
    b = Battle([warband("A", "sellsword_captain", "sellsword_champion", "sellsword_axeman",
                        "sellsword_duellist"),
                ("B", "marsh_raiders", ["raider_spear", "pilgrim_brute", "raider_hound"])])
    stand(b, "s1u0", 20, 20)                       # Marsh Spear, I4, spear
    touching(b, "s0u2", "s1u0", 0)                 # Axeman I3, charged this turn
    touching(b, "s0u0", "s1u0", 90)                # Captain I4
    touching(b, "s0u1", "s1u0", 180)               # Champion I3, double-handed
    touching(b, "s0u3", "s1u0", 270)               # Duellist I4, stood up this turn
    touching(b, "s1u2", "s0u0", 90)                # Bog Hound I4
    touching(b, "s1u1", "s0u1", 180)               # Penitent Brute I2, double-handed
    flags(b, "s0u2")["charged"] = True
    flags(b, "s1u0")["was_charged"] = True
    flags(b, "s0u3")["stood_up"] = True
    # Captain and Hound tie (step 2, I4): 3 v 3, re-rolled 2 v 5: the Hound first.
    events = start_combat(b, 3, 3, 2, 5)
    order = [b.state.models[m].name for m in b.state.pending["combat"]["order"]]
    assert order == ["Marsh Spear", "Axeman", "Bog Hound", "Sellsword Captain",
                     "Sellsword Champion", "Penitent Brute", "Duellist"]
    assert any("strike order: Marsh Spear, Axeman, Bog Hound" in t for t in describe(events))


def test_ties_between_separate_combats_are_not_rolled():
    """Two I3 models in two separate fights: their order changes nothing, so no roll-off."""
    b = Battle([warband("A", "sellsword_axeman", "sellsword_spearman"),
                warband("B", "iron_novice", "iron_hammerer", force="iron_brotherhood")])
    stand(b, "s1u0", 10, 10)
    touching(b, "s0u0", "s1u0")
    stand(b, "s1u1", 30, 30)
    touching(b, "s0u1", "s1u1")
    start_combat(b)                                # strict dice: none rolled
    assert len(b.state.pending["combat"]["order"]) == 4


def test_a_spear_strikes_first_in_the_turn_it_is_charged():
    """The Marsh Spear (I4, spear) is charged by the Axeman (I3): both strike in step 1, so
    the spear goes first, and the Captain (I4) who did not charge strikes after both. In a
    turn when it is not charged, the spear is a hand weapon: step 2, a roll-off with the
    Captain."""
    b = Battle([warband("A", "sellsword_axeman", "sellsword_captain"),
                warband("B", "raider_spear", force="marsh_raiders")])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u1", "s1u0", 90)
    stand(b, "s0u0", 20 - 4.0, 20)
    charge = Action("charge", "s0u0", targets=("s1u0",))
    assert charge in b.legal()
    b.apply(charge)
    assert b.geo.in_contact(model(b, "s0u0"), model(b, "s1u0"))
    start_combat(b)
    order = [b.state.models[m].name for m in b.state.pending["combat"]["order"]]
    assert order == ["Marsh Spear", "Axeman", "Sellsword Captain"]
    flags(b, "s0u0").pop("charged")
    flags(b, "s1u0").pop("was_charged")
    b.state.pending.pop("combat")
    start_combat(b, 2, 5)                          # Captain 2, Marsh Spear 5
    order = [b.state.models[m].name for m in b.state.pending["combat"]["order"]]
    assert order == ["Marsh Spear", "Sellsword Captain", "Axeman"]


def test_double_handed_weapon_strikes_last_even_when_charging():
    b = duel("sellsword_champion", "pilgrim_zealot")
    flags(b, "s0u0")["charged"] = True
    start_combat(b)
    order = [b.state.models[m].name for m in b.state.pending["combat"]["order"]]
    assert order == ["Zealot", "Sellsword Champion"]


# --- declaring attacks -------------------------------------------------------------------------
def test_one_target_one_weapon_is_declared_automatically():
    b = duel("sellsword_axeman", "pilgrim_zealot")
    start_combat(b, 6, 1)
    legal = b.legal()
    assert len(legal) == 1 and legal[0].option == "auto" and legal[0].targets == ("s1u0",)


def test_split_attacks_among_several_enemies_before_rolling():
    """The Raider Chief (A2, sword and dagger: 3 attacks) touching two enemies: every split,
    with the single attack of the weapon of its choice, is offered before any die is rolled."""
    b = Battle([warband("A", "raider_chief", force="marsh_raiders"),
                warband("B", "pilgrim_zealot", "pilgrim_zealot", force="ash_pilgrims")])
    stand(b, "s0u0", 20, 20)
    touching(b, "s1u0", "s0u0", 0)
    touching(b, "s1u1", "s0u0", 180)
    start_combat(b, 6, 1)                          # the Zealots tie on I3
    legal = b.legal()
    assert all(a.kind == "strike" and len(a.targets) == 3 for a in legal)
    # 2 weapons of choice x 2 targets for the single attack x 3 splits of the other two
    assert len(legal) == 12
    assert any(a.option == "sword" and a.targets == ("s1u0", "s1u1", "s1u1") for a in legal)
    label = next(a.label for a in legal
                 if a.option == "dagger" and a.targets == ("s1u1", "s1u0", "s1u0"))
    assert label == ("Raider Chief strikes: 1 attack on Zealot II (dagger), 2 attacks on "
                     "Zealot I (sword)")
    assert b.why(Action("strike", "s0u0", targets=("s1u0",))) is not None   # 3 attacks


def test_two_weapons_add_one_attack_rolled_separately_per_weapon():
    """Two one-handed weapons: +1 attack; two different weapons roll to hit and to wound
    separately (the Zealot's club and dagger)."""
    b = duel("pilgrim_zealot", "sellsword_spearman", "ash_pilgrims", "sellswords")
    flags(b, "s0u0")["charged"] = True
    start_combat(b)
    # dagger (the single attack) first, then the club: two separate to-hit rolls
    events = b.apply(b.legal()[0], 1, 2)
    rolls = [t for t in describe(events) if "to hit" in t]
    assert len(rolls) == 2 and "dagger" in rolls[0] and "club" in rolls[1]
    assert summary(events)[0].attacks == 2


# --- parry -------------------------------------------------------------------------------------
def test_parry_must_beat_the_highest_hit_and_sword_and_buckler_reroll():
    """Parry 4 against a hit of 4 fails (it must beat it); sword and buckler re-roll: 6."""
    b = duel("sellsword_axeman", "pilgrim_monk")
    start_combat(b, 6, 1)
    events = b.apply(b.legal()[0], 4, 4, 6)
    text = describe(events)
    assert any("parry: 4 (needs more than 4): fails" in t for t in text)
    assert any("parry re-roll (sword and buckler): 6 (needs more than 4): parried" in t
               for t in text)
    assert summary(events)[0].hits == 0


def test_two_swords_do_not_reroll_a_parry():
    b = duel("sellsword_axeman", "sellsword_duellist", defender_force="sellswords")
    b.state.sides[1].force = "sellswords"
    start_combat(b)                                 # Duellist I4 first
    b.apply(b.legal()[0], 1, 1)                     # the Duellist's two attacks miss
    events = b.apply(b.legal()[0], 4, 3, 1)          # hit 4, parry 3 fails, wound 1
    text = describe(events)
    assert any("parry: 3" in t and "fails" in t for t in text)
    assert not any("re-roll" in t for t in text)


def test_a_hit_rolled_on_six_cannot_be_parried():
    b = duel("sellsword_axeman", "pilgrim_monk")
    start_combat(b, 6, 1)
    events = b.apply(b.legal()[0], 6, 1)            # hit on 6: no parry die; wound 1 fails
    assert any(e.rule == RULE_PARRY_SIX for e in events)


def test_strength_twice_the_parriers_cannot_be_parried():
    """The Brute's double-handed S6 against the Monk's base S3."""
    b = duel("pilgrim_brute", "pilgrim_monk", "ash_pilgrims", "ash_pilgrims")
    start_combat(b)
    b.apply(b.legal()[0], 1)                         # Monk (I3) first: misses
    events = b.apply(b.legal()[0], 4, 1)             # hit 4: no parry die; wound 1 fails
    assert any(e.rule == RULE_PARRY_STRENGTH for e in events)


def test_only_one_hit_is_parried_per_phase():
    """The seed: "only one hit can be parried per close combat phase". The Raider Chief's
    dagger hit is parried; its two sword hits after that cannot be (no parry die)."""
    b = duel("raider_chief", "pilgrim_monk", "marsh_raiders")
    start_combat(b)
    action = next(a for a in b.legal() if a.option == "dagger")
    # dagger: hit 3, parry 4 beats it; sword: hits 3 4, no parry die, wounds 1 1
    events = b.apply(action, 3, 4, 3, 4, 1, 1)
    assert b.dice.scripted_left == 0
    assert any(e.rule == RULE_PARRY_ONCE and "already parried" in e.describe() for e in events)
    assert summary(events)[0].hits == 2


def test_a_failed_parry_leaves_the_parry_for_a_later_hit_of_a_single_opponent():
    """One *parried hit* per phase, not one attempt: the parry against the Raider Chief's dagger
    fails (2, re-roll 1, against a hit of 3), so the Monk may still parry its sword hits (5
    beats the highest, 4): one of them is ignored. (This test replaces one that refused the
    second parry, reading the rule as one attempt per phase.)"""
    b = duel("raider_chief", "pilgrim_monk", "marsh_raiders")
    start_combat(b)
    action = next(a for a in b.legal() if a.option == "dagger")
    # dagger: hit 3, parry 2 and re-roll 1 fail, wound 1; sword: hits 3 4, parry 5, wound 1
    events = b.apply(action, 3, 2, 1, 1, 3, 4, 5, 1)
    assert b.dice.scripted_left == 0
    parries = [t for t in describe(events) if "parry" in t and "needs more than" in t]
    assert parries[-1].endswith("parried") and "needs more than 4" in parries[-1]
    assert not any(e.rule == RULE_PARRY_ONCE for e in events)
    assert summary(events)[0].hits == 2                  # 1 dagger hit + 2 sword hits - 1


def test_against_several_opponents_only_the_first_successful_hit_may_be_parried():
    b = Battle([warband("A", "sellsword_axeman", "sellsword_axeman"),
                warband("B", "pilgrim_monk", force="ash_pilgrims")])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0", 0)
    touching(b, "s0u1", "s1u0", 180)
    start_combat(b, 6, 5, 1)                           # all I3: Axeman 1, Axeman 2, Monk
    b.apply(b.legal()[0], 6, 1)                        # first hit a 6: unparried; wound 1
    events = b.apply(b.legal()[0], 4, 1)               # second hit 4: too late to parry
    assert any(e.rule == RULE_PARRY_ONCE and "first successful hit" in e.describe()
               for e in events)


def test_against_several_opponents_a_failed_parry_on_the_first_hit_ends_the_parry():
    """Several opponents: only the first successful hit may be parried, so once the parry
    against the first Axeman's hit failed, the second Axeman's hit gets no parry die."""
    b = Battle([warband("A", "sellsword_axeman", "sellsword_axeman"),
                warband("B", "pilgrim_monk", force="ash_pilgrims")])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0", 0)
    touching(b, "s0u1", "s1u0", 180)
    start_combat(b, 6, 5, 1)                           # all I3: Axeman 1, Axeman 2, Monk
    b.apply(b.legal()[0], 4, 1, 1, 1)                  # hit 4, parry 1, re-roll 1, wound 1
    events = b.apply(b.legal()[0], 4, 1)               # hit 4: no parry die; wound 1
    assert b.dice.scripted_left == 0
    assert any(e.rule == RULE_PARRY_ONCE and "first successful hit" in e.describe()
               for e in events)


# --- wounds, criticals, saves, injuries ----------------------------------------------------------
def test_critical_hit_on_a_six_to_wound():
    """A 6 to wound (needing 4+) is a critical: 3 = an exposed spot, 2 wounds, no save; two
    injury dice (the wound to 0 and the next), highest kept: 2 -> knocked down."""
    b = duel("sellsword_axeman", "pilgrim_zealot")
    start_combat(b, 6, 1)
    events = b.apply(b.legal()[0], 4, 6, 3, 1, 2)
    text = describe(events)
    assert any("critical hit: 3: an exposed spot: 2 wounds, no save" in t for t in text)
    assert any("injury (highest kept): 1, 2: keeps 2: knocked down" in t for t in text)
    assert flags(b, "s1u0").get(KNOCKED_DOWN)


def test_critical_master_strike_adds_two_to_the_injury_rolls():
    """Critical 5-6, a master strike: 2 wounds, no save, +2 to the injury rolls: the kept 2
    becomes 4, stunned."""
    b = duel("sellsword_axeman", "pilgrim_zealot")
    start_combat(b, 6, 1)
    events = b.apply(b.legal()[0], 4, 6, 5, 1, 2)
    assert any("keeps 2, +2 for the master strike = 4: stunned" in t for t in describe(events))
    assert flags(b, "s1u0").get(STUNNED)


def test_critical_vital_part_allows_one_save_for_both_wounds():
    """Critical 1-2, a vital part: 2 wounds, but the armour save is taken (one save)."""
    b = duel("sellsword_axeman", "iron_hammerer", defender_force="iron_brotherhood")
    start_combat(b)                                    # Axeman I3 before the Hammerer I2
    events = b.apply(b.legal()[0], 4, 6, 2, 5)         # save: heavy + shield 4+, axe: 5+
    made = summary(events)[0]
    assert (made.wounds, made.saves, made.unsaved) == (1, 1, 0)
    assert model(b, "s1u0").alive and not flags(b, "s1u0").get(KNOCKED_DOWN)


def test_no_critical_when_a_six_was_needed():
    b = duel("sellsword_axeman", "pilgrim_zealot")
    set_profile(b, "s1u0", T=5)                        # S3 vs T5: 6+ to wound
    start_combat(b, 6, 1)
    events = b.apply(b.legal()[0], 4, 6, 5)            # wound on 6, no crit die; injury 5
    assert not any("critical" in t for t in describe(events))
    assert not model(b, "s1u0").alive


def test_at_most_one_critical_per_model_per_phase():
    """The Duellist's two 6s to wound: the first is a critical (1: a vital part, save
    allowed), the second a plain wound."""
    b = duel("sellsword_duellist", "pilgrim_zealot")
    start_combat(b)
    events = b.apply(b.legal()[0], 4, 4, 6, 6, 1, 3, 1, 1)   # 3 wounds: 3 injury dice
    text = describe(events)
    assert sum("critical hit" in t for t in text) == 1
    assert summary(events)[0].unsaved == 3


@pytest.mark.parametrize(("attacker", "defender", "force", "needed"), [
    ("sellsword_champion", "iron_thane", "iron_brotherhood", "6+"),   # 5+, shield 4+, S5 -2
    ("raider_blade", "pilgrim_zealot", "ash_pilgrims", "6+"),         # no armour, dagger +1
    ("raider_hound", "pilgrim_zealot", "ash_pilgrims", "6+"),         # unarmed: enemy save +1
    ("pilgrim_zealot", "sellsword_axeman", "sellswords", "4+"),       # 6+, shield, dagger +1
])
def test_armour_saves_with_strength_and_weapon_modifiers(attacker, defender, force, needed):
    """The first weapon's saves: base armour, shield +1, the attacker's S, the weapon."""
    b = Battle([warband("A", attacker, force="marsh_raiders"),
                warband("B", defender, force=force)])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0")
    only_striker(b, "s0u0")
    plan = loadout(model(b, "s0u0").profile["gear"]).attack_plan(model(b, "s0u0").profile["A"])
    dice = []
    for _, count in plan:                    # hits of 6 (never parried), wounds 4, saves 1
        dice += [6] * count + [4] * count + [1] * count
    attacks = sum(count for _, count in plan)
    events = b.apply(b.legal()[0], *dice, *[1] * attacks)   # then the injury dice
    saves = [e for e in events if getattr(e, "label", "") == "armour save"]
    assert saves[0].needed == needed


def test_the_axe_makes_light_armour_useless():
    """S3 axe against light armour: 6+ worsened by 1: no save at all."""
    b = duel("sellsword_axeman", "sellsword_captain", defender_force="sellswords")
    flags(b, "s0u0")["charged"] = True
    start_combat(b)
    # hit 6 (no parry), wound 4, no save, injury 3 (stunned), helmet 1
    events = b.apply(b.legal()[0], 6, 4, 3, 1)
    assert any("has no save" in t for t in describe(events))


def test_a_helmet_saves_a_stun_on_four_plus():
    b = duel("sellsword_axeman", "sellsword_spearman", defender_force="sellswords")
    flags(b, "s0u0")["charged"] = True
    start_combat(b)
    # hit, wound (shield 6+ worsened by the axe: no save), injury 3, helmet 4
    events = b.apply(b.legal()[0], 4, 4, 3, 4)
    assert flags(b, "s1u0").get(KNOCKED_DOWN) and not flags(b, "s1u0").get(STUNNED)
    assert any("helmet: 4 (needs 4+): knocked down instead" in t for t in describe(events))


def test_club_concussion_turns_an_injury_of_two_into_stunned():
    b = duel("pilgrim_preacher", "sellsword_duellist", "ash_pilgrims", "sellswords")
    flags(b, "s0u0")["charged"] = True
    start_combat(b)
    events = b.apply(b.legal()[0], 6, 4, 2)            # hit 6 (no parry), wound 4, injury 2
    assert flags(b, "s1u0").get(STUNNED)
    assert any(e.rule == charts.RULE_CONCUSSION for e in events)


def test_a_two_wound_model_loses_a_wound_before_any_injury():
    b = duel("sellsword_axeman", "pilgrim_brute", defender_force="ash_pilgrims")
    start_combat(b)                                    # Axeman I3 first
    events = b.apply(b.legal()[0], 4, 5)               # hit, S3 vs T4 wound 5+: 1 wound
    brute = model(b, "s1u0")
    assert brute.alive and brute.wounds == 1 and not flags(b, "s1u0").get(KNOCKED_DOWN)
    assert any("takes 1 damage (1 wound left)" in t for t in describe(events))


# --- downed targets ------------------------------------------------------------------------------
def test_knocked_down_target_is_hit_automatically_and_an_unsaved_wound_takes_it_out():
    b = duel("sellsword_duellist", "sellsword_captain", defender_force="sellswords")
    flags(b, "s1u0")[KNOCKED_DOWN] = True
    start_combat(b)                                    # the Captain cannot fight back
    order = [b.state.models[m].name for m in b.state.pending["combat"]["order"]]
    assert order == ["Duellist"]
    events = b.apply(b.legal()[0], 4, 5, 6, 1)          # no hit dice; wounds 4 5; saves 6 1
    assert any("2 automatic hits" in t for t in describe(events))
    assert not model(b, "s1u0").alive
    assert any("out of action: an unsaved wound while knocked down" in t
               for t in describe(events))


def test_stunned_target_is_out_of_action_when_attacked():
    b = duel("sellsword_axeman", "pilgrim_zealot")
    flags(b, "s1u0")[STUNNED] = True
    start_combat(b)
    events = b.apply(b.legal()[0])                     # no dice at all
    assert not model(b, "s1u0").alive
    assert any("attacked by Axeman while stunned" in t for t in describe(events))


def test_the_same_model_cannot_stun_then_finish_but_a_second_attacker_can():
    """The Zealot's dagger and club both wound the enemy Zealot: the two wounds only give two
    injury dice (stunned by concussion), not an automatic kill; the Cinder Monk, striking
    next, takes the stunned Zealot out of action."""
    b = Battle([warband("A", "pilgrim_zealot", "pilgrim_monk", force="ash_pilgrims"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0", 0)
    touching(b, "s0u1", "s1u0", 180)
    start_combat(b, 6, 4, 1)                           # I3 all: Zealot, Monk, enemy Zealot
    # dagger: hit 4, wound 4, save (6+ thanks to the dagger) 1; club: hit 5, wound 5, no
    # save; injury: two dice 1, 2 -> 2 with concussion: stunned
    events = b.apply(b.legal()[0], 4, 4, 1, 5, 5, 1, 2)
    assert model(b, "s1u0").alive and flags(b, "s1u0").get(STUNNED)
    events = b.apply(b.legal()[0])                     # the Monk: no dice
    assert not model(b, "s1u0").alive
    assert any("while stunned" in t for t in describe(events))


def test_a_model_engaged_with_a_standing_enemy_cannot_attack_downed_ones():
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", "pilgrim_zealot", force="ash_pilgrims")])
    stand(b, "s0u0", 20, 20)
    touching(b, "s1u0", "s0u0", 0)
    touching(b, "s1u1", "s0u0", 180)
    flags(b, "s1u1")[KNOCKED_DOWN] = True
    flags(b, "s0u0")["charged"] = True
    start_combat(b)
    legal = b.legal()
    assert [a.targets for a in legal] == [("s1u0",)]
    why = b.why(Action("strike", "s0u0", targets=("s1u1",)))
    assert RULE_PROTECT_DOWNED in why


def test_knocked_down_and_stunned_models_do_not_fight_back():
    b = duel("sellsword_axeman", "pilgrim_zealot")
    flags(b, "s1u0")[KNOCKED_DOWN] = True
    start_combat(b)
    assert [b.state.models[m].name for m in b.state.pending["combat"]["order"]] == ["Axeman"]


# --- leaving combat, all alone, fleeing ----------------------------------------------------------
def test_an_engaged_model_cannot_leave_the_combat_until_its_enemies_are_down():
    b = duel("sellsword_axeman", "pilgrim_zealot")
    assert not [a for a in b.legal() if a.unit == "s0u0"]
    away = Action("move", "s0u0", placement=(("s0u0m0", 24.0, 20.0),))
    assert "cannot leave the combat" in b.why(away)
    flags(b, "s1u0")[KNOCKED_DOWN] = True
    assert b.why(away) is None


def test_all_alone_test_and_fleeing_with_an_automatic_hit_from_each_enemy():
    """The Monk fights two Axemen with no friend within 6": Ld test 12 > 7, it flees: each
    Axeman's automatic hit (wounds 1 and 2 fail), then a 2D6 = 6" run away."""
    b = Battle([warband("A", "pilgrim_monk", force="ash_pilgrims"),
                warband("B", "sellsword_axeman", "sellsword_axeman")])
    stand(b, "s0u0", 20, 20)
    touching(b, "s1u0", "s0u0", 0)
    touching(b, "s1u1", "s0u0", 90)
    b.state.pending["combat"] = new_fight(0, [])
    start = (model(b, "s0u0").x, model(b, "s0u0").y)
    b.dice.script(6, 6, 1, 2, 3, 3)
    events = fleeing.all_alone_tests(b.state, b.geo, b.dice)
    assert b.dice.scripted_left == 0
    monk = model(b, "s0u0")
    assert flags(b, "s0u0").get("fleeing")
    assert sum("1 automatic hit" in t for t in describe(events)) == 2
    moved = ((monk.x - start[0]) ** 2 + (monk.y - start[1]) ** 2) ** 0.5
    assert 1.0 < moved <= 6.0 + 1e-6
    assert all(b.geo.distance(monk, model(b, u)) > 1.0 for u in ("s1u0", "s1u1"))


def test_all_alone_passed_and_a_friend_within_six_inches_means_no_test():
    b = Battle([warband("A", "pilgrim_monk", "pilgrim_zealot", force="ash_pilgrims"),
                warband("B", "sellsword_axeman", "sellsword_axeman")])
    stand(b, "s0u0", 20, 20)
    touching(b, "s1u0", "s0u0", 0)
    touching(b, "s1u1", "s0u0", 90)
    stand(b, "s0u1", 40, 40)
    b.state.pending["combat"] = new_fight(0, [])
    b.dice.script(3, 4)                                # 7 <= Ld 7: stands firm
    fleeing.all_alone_tests(b.state, b.geo, b.dice)
    assert b.dice.scripted_left == 0 and not flags(b, "s0u0").get("fleeing")
    stand(b, "s0u1", 20, 20 - 5.0)                     # a friend within 6": no test
    fleeing.all_alone_tests(b.state, b.geo, b.dice)     # strict dice: none rolled


# --- multiplayer ---------------------------------------------------------------------------------
def test_a_model_facing_two_warbands_fights_in_each_ones_phase():
    """The Zealot (warband 1) touches an Axeman (warband 0) and an Axe Brother (warband 2): in
    warband 0's phase it fights only the Axeman; the Axe Brother does not fight at all."""
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims"),
                warband("C", "iron_axe_brother", force="iron_brotherhood")])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0", 0)
    touching(b, "s2u0", "s1u0", 180)
    events = start_combat(b, 6, 1)                     # Axeman and Zealot tie on I3
    order = [b.state.models[m].name for m in b.state.pending["combat"]["order"]]
    assert order == ["Axeman", "Zealot"]
    assert any(e.rule == RULE_MULTIPLAYER for e in events)
    b.apply(b.legal()[0], 1)                           # the Axeman misses
    zealot_options = b.legal()
    assert zealot_options and all(a.targets == ("s0u0", "s0u0") for a in zealot_options)
    # warband 2's phase: the Zealot and the Axe Brother fight, the Axeman does not
    b.state.pending.pop("combat")
    b.state.active = 2
    start_combat(b)
    order = [b.state.models[m].name for m in b.state.pending["combat"]["order"]]
    assert order == ["Zealot", "Axe Brother"]


def test_a_model_never_flees_a_combat_by_choice():
    """No action lets an engaged model leave or flee; only a failed test makes it flee."""
    b = duel("sellsword_axeman", "pilgrim_zealot")
    kinds = {a.kind for a in b.legal() if a.unit == "s0u0"}
    assert not kinds
    assert b.legal() == [Action("end_phase", option="auto")]


def test_the_client_preview_of_a_strike_is_the_exact_table():
    b = duel("sellsword_axeman", "pilgrim_zealot")
    start_combat(b, 6, 1)
    preview = b.ruleset.action_odds(b.state, b.legal()[0], b.geo)
    table = preview["Zealot"]
    assert sum(table[k] for k in ("unharmed", "lost a wound", "knocked down", "stunned",
                                  "out of action")) == 1
    assert table["hit"] == F(1, 2)
