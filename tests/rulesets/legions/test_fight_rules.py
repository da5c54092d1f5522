"""The legions fight sub-phase (rules/legions.md, "Fight sub-phase (the seed, ten steps)"):
initiative steps, contact moves, one weapon per model, strike groups (split by profile and by
WS), the active player's order, the WS and S - T charts, allocation, saves, damage, casualties
removed at step 10 so that one initiative step strikes simultaneously. Strict scripted dice.
"""

import math

import pytest

from game.core.actions import Action
from game.core.events import Casualty, DamageDealt, DiceRolled, UnitMoved
from game.rulesets.legions import statuses
from game.rulesets.legions.events import (
    CasualtiesRemoved,
    InitiativeStepStarted,
    StrikeGroupsFormed,
)
from game.rulesets.legions.fight import RULE_CONTACT, RULE_HIT, RULE_WOUND
from game.rulesets.legions.odds import hit_target, wound_target
from game.rulesets.legions.wounds import new_pool, save_needed, takers
from tests.rulesets.legions.battle import R32, R40, fight, no_challenges, skirmish, stand


def strike_of(b, text):
    found = [a for a in b.legal() if a.kind == "strike" and text in a.label]
    assert len(found) == 1, [a.label for a in b.legal()]
    return found[0]


def declare(b, option, alone=False):
    """The declaration of this weapon profile for every model now declaring (or, `alone`, for
    the first of them only)."""
    found = [a for a in b.legal() if a.kind == "declare_weapon" and a.option == option]
    assert found, [a.label for a in b.legal()]
    return min(found, key=lambda a: len(a.targets)) if alone else max(
        found, key=lambda a: len(a.targets))


# --- the charts ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("attacker", "defender", "needed"), [
    (8, 4, 2), (6, 3, 2), (5, 4, 3), (7, 4, 3), (4, 4, 4), (4, 5, 5), (4, 7, 5), (4, 8, 6),
    (3, 6, 6), (2, 4, 6), (1, 1, 4)])
def test_ws_hit_chart(attacker, defender, needed):
    assert hit_target(attacker, defender) == needed


@pytest.mark.parametrize(("strength", "toughness", "needed"), [
    (6, 4, 2), (9, 4, 2), (5, 4, 3), (4, 4, 4), (3, 4, 5), (2, 4, 6), (1, 4, 6), (4, 8, None),
    (1, 10, None)])
def test_s_minus_t_wound_chart(strength, toughness, needed):
    assert wound_target(strength, toughness) == needed


# --- initiative steps ----------------------------------------------------------------------------

def test_highest_initiative_strikes_first_and_its_kill_never_strikes_back():
    """The Paragon (I5) strikes at step 5; the trooper it slays (I4) never reaches step 4."""
    b = skirmish(["glaive_paragon"], ["ember_squad"], [("s0u0m0", "s1u0m1")])
    events = fight(b)
    steps = [e for e in events if isinstance(e, InitiativeStepStarted)]
    assert [s.initiative for s in steps] == [5]
    assert steps[0].fighters == ("Glaive Paragon: 1 model",)
    # The Paragon declares its weapon: the glaive has two profiles.
    assert {a.option for a in b.legal()} == {"paragon_glaive|reaping", "paragon_glaive|precise"}
    # 4 attacks, WS6 v WS4: 3+; S5 v T4: 3+; Sv3 - AP-2: 5+; D2.
    events = b.apply(declare(b, "paragon_glaive|reaping"), 3, 1, 1, 1, 3, 4)
    assert [e.initiative for e in events if isinstance(e, InitiativeStepStarted)] == []
    assert any(isinstance(e, Casualty) for e in events)
    assert not b.state.unit_alive("s1u0")


def test_any_status_strikes_at_initiative_1():
    b = skirmish(["glaive_paragon"], ["ember_squad"], [("s0u0m0", "s1u0m1")])
    b.state.models["s0u0m0"].statuses = frozenset({statuses.PINNED})
    events = fight(b, 1)  # the trooper's one attack (WS4 v WS6: 5+) misses
    steps = [e for e in events if isinstance(e, InitiativeStepStarted)]
    assert [s.initiative for s in steps] == [4, 1]  # the trooper first, the Paragon at 1
    assert steps[0].fighters == ("Ember Squad: 1 model",)
    assert steps[1].fighters == ("Glaive Paragon: 1 model",)


def test_simultaneous_strikes_within_an_initiative_step():
    """Both troopers are I4: the first to strike slays the other, which still strikes back;
    both are removed together at step 10."""
    b = skirmish(["line_squad", "line_squad"], ["ember_squad", "ember_squad"],
                 [("s0u0m1", "s1u0m1")])
    stand(b, "s0u1m1", 5.0, 5.0)
    stand(b, "s1u1m1", 65.0, 40.0)
    from tests.rulesets.legions.battle import keep_only
    keep_only(b, "s0u1", ["s0u1m1"])
    keep_only(b, "s1u1", ["s1u1m1"])
    fight(b)
    # The active player orders the groups: it picks its own first.
    assert b.ruleset.current_player(b.state) == 0
    mine = strike_of(b, "Line Squad I")
    # mine: hit 4 (4+), wound 4 (4+), save 1: falls, set aside; then theirs: the same.
    events = b.apply(mine, 4, 4, 1, 4, 4, 1)
    damage = [e for e in events if isinstance(e, DamageDealt)]
    assert [d.model for d in damage] == ["s1u0m1", "s0u0m1"]
    removed = [e for e in events if isinstance(e, CasualtiesRemoved)][0]
    assert removed.names == ("Line Squad I #1", "Ember Squad I #1")
    casualties = [e for e in events if isinstance(e, Casualty)]
    assert events.index(removed) < events.index(casualties[0])
    assert not b.state.unit_alive("s0u0") and not b.state.unit_alive("s1u0")


def test_contact_moves_up_to_initiative_inches():
    b = skirmish(["line_squad"], ["ember_squad"], [("s0u0m1", "s1u0m1")])
    from tests.rulesets.legions.battle import keep_only
    keep_only(b, "s0u0", ["s0u0m1", "s0u0m2"])
    stand(b, "s0u0m2", 30.0 - 3.5 - 1.26, 24.0)  # 3.5" behind its friend: not engaged
    events = fight(b)
    moved = [e for e in events if isinstance(e, UnitMoved) and e.rule == RULE_CONTACT]
    assert moved and moved[0].longest <= 4.0 + 1e-6
    steps = [e for e in events if isinstance(e, InitiativeStepStarted)]
    assert steps[0].fighters[0] == "Line Squad: 2 models"


# --- weapons and strike groups -------------------------------------------------------------------

def test_strike_groups_split_by_ws():
    """The Sergeant (WS5) and a trooper (WS4) both take the combat blade: two groups."""
    b = skirmish(["line_squad"], ["ember_squad"], [("s0u0m0", "s1u0m1"), ("s0u0m1", "s1u0m2")])
    fight(b)
    events = b.apply(declare(b, "combat_blade|combat blade"))
    groups = [e for e in events if isinstance(e, StrikeGroupsFormed)][0].groups
    assert groups == ("Line Squad: combat blade, 2 attacks at WS5 (S4 AP0 D1)",
                      "Line Squad: combat blade, 1 attack at WS4 (S4 AP0 D1)",
                      "Ember Squad: combat blade, 2 attacks at WS4 (S4 AP0 D1)")


def test_strike_groups_split_by_profile_of_one_weapon():
    """Three Breachers carry the power maul; one swings it as `crush`, two as `parry`: the
    same weapon name makes two groups."""
    b = skirmish(["line_squad"], ["veteran_breachers"],
                 [("s0u0m1", "s1u0m3"), ("s0u0m2", "s1u0m4"), ("s0u0m3", "s1u0m5")])
    b.state.active = 1  # the Breachers' player is active: it declares first
    fight(b)
    assert b.ruleset.current_player(b.state) == 1
    b.apply(declare(b, "power_maul|crush", alone=True))
    events = b.apply(declare(b, "power_maul|parry"))
    groups = [e for e in events if isinstance(e, StrikeGroupsFormed)][0].groups
    assert groups[:2] == ("Veteran Breachers: power maul (crush), 2 attacks at WS5 (S6 AP-1 D1)",
                          "Veteran Breachers: power maul (parry), 4 attacks at WS5 (S4 AP0 D1)")


def test_one_weapon_per_model_a_weapon_it_does_not_carry_is_refused():
    b = skirmish(["glaive_paragon"], ["ember_squad"], [("s0u0m0", "s1u0m1")])
    fight(b)
    reason = b.why(Action("declare_weapon", "s0u0", targets=("s0u0m0",),
                          option="power_maul|crush"))
    assert "does not carry that weapon profile" in reason


def test_the_active_player_orders_every_group_even_the_enemys():
    b = skirmish(["line_squad"], ["ember_squad"], [("s0u0m1", "s1u0m1"), ("s0u0m2", "s1u0m2")])
    fight(b)
    offered = [a.label for a in b.legal()]
    assert len(offered) == 2 and b.ruleset.current_player(b.state) == 0
    # The enemy's group may be chosen first by the active player.
    theirs = strike_of(b, "Ember Squad")
    events = b.apply(theirs, 1, 1, 2, 2)  # 2 attacks miss; the last group goes by itself
    rolled = [e.who for e in events if getattr(e, "label", "").endswith("to hit")]
    assert rolled == ["Ember Squad", "Line Squad"]


# --- allocation, saves, damage ---------------------------------------------------------------------

def test_an_already_wounded_model_takes_the_next_wound():
    b = skirmish(["line_squad"], ["ember_squad"], [("s0u0m1", "s1u0m1"), ("s0u0m2", "s1u0m2")])
    hurt = b.state.models["s1u0m2"]
    hurt.max_wounds, hurt.wounds = 2, 1
    pool = new_pool(b.state, "s0u0", "s1u0", 1, 0, 1, "test", "", 1, 1, simultaneous=False,
                    strikers=[b.state.models["s0u0m1"]])
    assert [m.id for m in takers(b.state, pool)] == ["s1u0m2"]
    b.state.pending["wounds"] = [pool]
    reason = b.why(Action("allocate", "s1u0", targets=("s1u0m1",)))
    assert "already wounded model must be chosen first" in reason


def test_the_defender_chooses_among_different_models():
    """A Sergeant and a trooper differ: the defender picks which takes the wound."""
    b = skirmish(["line_squad"], ["ember_squad"], [("s0u0m1", "s1u0m1")], behind1=["s1u0m0"])
    for mid in ("s1u0m0", "s1u0m1"):  # both Ember models strike at 1: the Line trooper first
        b.state.models[mid].statuses = frozenset({statuses.STUNNED})
    fight(b, 5, 4)  # WS4 v WS5 (the tie of WS4 and WS5 shows the higher): 5+; S4 v T4: 4+
    picks = [a for a in b.legal() if a.kind == "allocate"]
    assert {a.targets[0] for a in picks} == {"s1u0m0", "s1u0m1"}
    assert b.ruleset.current_player(b.state) == 1


def test_a_paragon_allocates_the_hits_it_inflicts_itself():
    """The seed's Paragon type: its own player picks the model, any standing one."""
    b = skirmish(["glaive_paragon"], ["ember_squad"], [("s0u0m0", "s1u0m1")],
                 behind1=["s1u0m0"])
    b.state.models["s1u0m0"].statuses = frozenset({statuses.STUNNED})  # strikes at 1, later
    fight(b)
    b.apply(declare(b, "paragon_glaive|precise"), 3, 1, 1, 1, 4)  # 1 hit, 1 wound (S4 v T4)
    picks = [a for a in b.legal() if a.kind == "allocate"]
    assert {a.targets[0] for a in picks} == {"s1u0m0", "s1u0m1"}
    assert b.ruleset.current_player(b.state) == 0
    sergeant = [a for a in picks if a.targets[0] == "s1u0m0"][0]
    # The Ember Sergeant fails its save (1) and falls; the trooper's attack at step 4 misses
    # (1); the panic check passes (1 + 2).
    events = b.apply(sergeant, 1, 1, 1, 2)
    assert [e.model for e in events if isinstance(e, Casualty)] == ["s1u0m0"]


@pytest.mark.parametrize(("sv", "inv", "ap", "needed"), [
    (3, None, 0, 3), (3, None, -1, 4), (3, None, -2, 5), (3, None, -4, 7), (2, 4, -3, 4),
    (3, 5, -1, 4), (3, 5, -3, 5)])
def test_save_is_sv_minus_ap_or_the_invulnerable(sv, inv, ap, needed):
    from game.core.state import frozen_profile
    b = skirmish(["line_squad"], ["ember_squad"], [("s0u0m1", "s1u0m1")])
    m = b.state.models["s1u0m1"]
    m.profile = frozen_profile(dict(m.profile, Sv=sv, Inv=inv) if inv else
                               dict(m.profile, Sv=sv))
    assert save_needed(m, ap) == needed


def test_each_unsaved_wound_takes_d_wounds():
    b = skirmish(["hammer_paragon"], ["glaive_paragon"], [("s0u0m0", "s1u0m0")])
    b.state.active = 0
    fight(b)
    no_challenges(b)
    # Hammer Paragon: declares `smash` (S8 AP-2 D2); glaive Paragon declares too.
    b.apply(declare(b, "great_hammer|smash"))
    # 4 attacks WS6 v WS6: 4+; S8 v T4: 2+; Inv 4+ (better than Sv2 - AP-2 = 4+ too).
    b.apply(declare(b, "paragon_glaive|precise"))
    events = b.apply(strike_of(b, "great hammer"), 4, 1, 1, 1, 2, 1,
                     # the glaive's strike (the last group goes by itself): all 4 miss
                     1, 1, 1, 1)
    dealt = [e for e in events if isinstance(e, DamageDealt)]
    assert dealt and dealt[0].damage == 2 and dealt[0].wounds_left == 2


def _paragon_and_a_pinned_trooper(dx, dy):
    """The glaive Paragon (I5) in contact with one Ember trooper; a second, Pinned trooper
    stands (dx, dy) from the Paragon's centre, engaged with no one."""
    from tests.rulesets.legions.battle import keep_only
    b = skirmish(["glaive_paragon"], ["ember_squad"], [("s0u0m0", "s1u0m1")])
    keep_only(b, "s1u0", ["s1u0m1", "s1u0m2"])
    paragon = b.state.models["s0u0m0"]
    stand(b, "s1u0m2", paragon.x + dx, paragon.y + dy)
    b.state.models["s1u0m2"].statuses = frozenset({statuses.PINNED})
    fight(b)
    return b, [a for a in b.legal() if a.option == "paragon_glaive|reaping"][0]


def test_a_statused_model_moves_only_its_combat_initiative_1_inch_into_contact():
    """The seed: a model is brought into contact by moving its initiative in inches; with a
    status its Combat Initiative is 1, so the Pinned trooper 3.8" away moves 1" and does not
    reach the fight (this test used to expect its full I4")."""
    b, decl = _paragon_and_a_pinned_trooper(1.6, 5.0)
    # Step 5: 4 misses. Step 4: the free trooper misses. Step 1: the Pinned trooper moves 1"
    # and fights no one. Paragon 4 models' worth against 2: 1 - 0; the panic check passes.
    events = b.apply(decl, 1, 1, 1, 1, 1, 1, 1)
    step1 = [i for i, e in enumerate(events)
             if isinstance(e, InitiativeStepStarted) and e.initiative == 1][0]
    moves = [e for e in events if isinstance(e, UnitMoved) and e.rule == RULE_CONTACT
             and e.unit == "s1u0"]
    assert len(moves) == 1 and moves[0].longest == pytest.approx(1.0, abs=0.01)
    assert events.index(moves[0]) < step1
    assert events[step1].fighters == ()
    (mid, x0, y0, x1, y1), = moves[0].moves
    assert mid == "s1u0m2" and math.dist((x0, y0), (x1, y1)) == pytest.approx(1.0, abs=0.01)


def test_a_pinned_model_still_makes_its_contact_move_at_initiative_1():
    """Pinned: no move, run or charge, but it may still be brought into contact (0.8" away:
    within its 1")."""
    b, decl = _paragon_and_a_pinned_trooper(-(R40 + R32 + 0.8), 0.0)
    # Step 5: 4 misses. Step 4: the free trooper misses. Step 1: the Pinned trooper moves in
    # and misses. Paragon 4 models' worth against 2: 1 - 0; the panic check (Ld 7 - 1) passes.
    events = b.apply(decl, 1, 1, 1, 1, 1, 1, 1, 1)
    step1 = [i for i, e in enumerate(events)
             if isinstance(e, InitiativeStepStarted) and e.initiative == 1][0]
    moves = [i for i, e in enumerate(events) if isinstance(e, UnitMoved) and e.rule == RULE_CONTACT
             and e.unit == "s1u0"]
    assert moves and moves[0] < step1
    assert events[step1].fighters == ("Ember Squad: 1 model",)


def _groups_against_a_mixed_unit():
    """Line Sergeant (WS5, power blade thrust, 2 attacks) and a Line trooper (WS4, combat blade)
    against two Ember troopers (WS4) and their Sergeant (WS5): most of the Ember models show
    WS4 when the step begins; once both troopers are set aside, the Sergeant alone shows WS5."""
    b = skirmish(["line_squad"], ["ember_squad"], [("s0u0m0", "s1u0m1"), ("s0u0m1", "s1u0m2")],
                 behind1=["s1u0m0"])
    fight(b)
    b.apply(declare(b, "power_blade|thrust"))
    b.apply(declare(b, "combat_blade|combat blade"))
    return b


def _hit_and_wound_needs(events):
    return [(e.label, e.needed) for e in events if isinstance(e, DiceRolled)
            and e.rule in (RULE_HIT, RULE_WOUND)]


def _blade_kills_both_troopers(b):
    """The thrust group: 2 hits (3+ against WS4), 2 wounds (S5 v T4: 3+), the defender puts
    them on the two troopers and both 4+ saves fail."""
    events = b.apply(strike_of(b, "power blade"), 3, 3, 3, 3)
    events += b.apply(Action("allocate", "s1u0", targets=("s1u0m2",)), 1)
    events += b.apply(Action("allocate", "s1u0", targets=("s1u0m1",)), 1)
    return events


def test_the_defenders_ws_and_t_of_a_step_do_not_depend_on_the_order_of_the_groups():
    """All hit and wound rolls of an initiative step come before the groups' wounds are taken:
    the trooper's group needs 4+ (WS4 v WS4) whether it strikes before or after the Sergeant's
    group has set both Ember troopers aside."""
    first = _groups_against_a_mixed_unit()
    blade_first = _blade_kills_both_troopers(first)
    blade_first += first.apply(strike_of(first, "combat blade, 1 attack"), 1)
    second = _groups_against_a_mixed_unit()
    trooper_first = second.apply(strike_of(second, "combat blade, 1 attack"), 1)
    trooper_first += _blade_kills_both_troopers(second)
    assert sorted(_hit_and_wound_needs(blade_first)) == sorted(_hit_and_wound_needs(trooper_first))
    assert ("1 attack with combat blade to hit", "4+") in _hit_and_wound_needs(blade_first)
    assert ("2 attacks with power blade (thrust) to hit", "3+") in _hit_and_wound_needs(
        trooper_first)


def test_the_defenders_t_for_a_step_is_taken_when_the_step_begins():
    from game.rulesets.legions.fight import defence_at_step_start

    b = skirmish(["line_squad"], ["ember_squad"], [("s0u0m1", "s1u0m1")],
                 behind1=["s1u0m2", "s1u0m3"])
    for mid in ("s1u0m2", "s1u0m3"):
        m = b.state.models[mid]
        m.profile = {**m.profile, "T": 5}
    assert defence_at_step_start(b.state, ("s0u0", "s1u0")) == {"s0u0": (4, 4), "s1u0": (4, 5)}


def test_strike_groups_split_by_s_only_when_the_weapons_s_is_the_wielders_and_differs():
    """[added] RULE_GROUP_STRENGTH: two WS4 troopers with the combat blade (S "user"), one of
    them S5: two groups; the same troopers at S4 both: one group."""
    b = skirmish(["line_squad"], ["ember_squad"], [("s0u0m1", "s1u0m1"), ("s0u0m2", "s1u0m2")])
    strong = b.state.models["s0u0m2"]
    strong.profile = {**strong.profile, "S": 5}
    events = fight(b)
    groups = [e for e in events if isinstance(e, StrikeGroupsFormed)][0].groups
    assert groups[:2] == ("Line Squad: combat blade, 1 attack at WS4 (S4 AP0 D1)",
                          "Line Squad: combat blade, 1 attack at WS4 (S5 AP0 D1)")
    b = skirmish(["line_squad"], ["ember_squad"], [("s0u0m1", "s1u0m1"), ("s0u0m2", "s1u0m2")])
    groups = [e for e in fight(b) if isinstance(e, StrikeGroupsFormed)][0].groups
    assert groups[0] == "Line Squad: combat blade, 2 attacks at WS4 (S4 AP0 D1)"


def test_a_weapon_of_fixed_strength_never_splits_its_group_by_the_wielders_s():
    from game.rulesets.legions.fight import strength_split
    from game.rulesets.legions.profile import WeaponProfile

    fixed = WeaponProfile("maul", "6", 0, 1, ())
    assert strength_split(fixed, 4) is None and strength_split(fixed, 5) is None
    own = WeaponProfile("thrust", "+1", 0, 1, ())
    assert (strength_split(own, 4), strength_split(own, 5)) == (5, 6)
