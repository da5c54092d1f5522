"""The seed's combat with scripted dice (ranks.md, "Combat"): simultaneous rolls, fumbles spent
on talents (the attacker first, doubled for a charger this turn only), armour removed front
rank first and the defender first, then panic.

Dice order (strict scripts): the acting side's fighting units (the one given the order first),
then the other side's, each unit's bases in their order (front rank left to right, then the
2nd rank), each base's dice together. A Fury die is rolled when the talent is used.
"""

from game.core.actions import Action
from game.core.events import Casualty
from game.rulesets.ranks import combat, formation
from game.rulesets.ranks.events import CombatDice, FumblesGiven, HitsTaken, PanicTaken, TalentUsed
from tests.rulesets.ranks.battle import two_units

NOTHING = 3


def engaged():
    """Sword Band (s0u0: CV3 AV2, officer, Fury) front to front with a Pike Block (s1u0: CV2
    AV2, support, officer, Parry and Steady); side 0's turn, both in contact from its start."""
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    b.begin_turn()
    return b


def charging():
    """The same two, the Sword Band 3" in front of the pike, about to charge."""
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 27.0, 22.0, 0.0)
    b.begin_turn()
    return b


def charge_action(b):
    return [a for a in b.legal() if a.kind == "charge"][0]


def test_dice_results_one_fumble_four_five_one_hit_six_two_hits():
    b = engaged()
    swords = [6, 6, 6, 4, 5, 3, 2, 3, 2, 1, 3, 3]   # 8 hits, 1 fumble
    pikes = [NOTHING] * 16
    events = b.apply(Action("fight", "s0u0"), *swords, *pikes)
    rolled = {e.unit: e for e in events if isinstance(e, CombatDice)}
    assert (rolled["s0u0"].hits, rolled["s0u0"].fumbles) == (8, 1)
    assert (rolled["s1u0"].hits, rolled["s1u0"].fumbles) == (0, 0)
    parry = [a for a in b.legal() if a.option == "Parry"][0]
    events += b.apply(parry)  # the pike's side spends the swords' fumble
    # both sides rolled before anything was removed
    first_hit = next(i for i, e in enumerate(events) if isinstance(e, HitsTaken))
    assert all(i < first_hit for i, e in enumerate(events) if isinstance(e, CombatDice))


def test_armour_is_removed_front_rank_first_and_the_defender_first():
    b = engaged()
    swords = [6, 6, 6, 4, 5, 3, 2, 3, 2, 3, 3, 3]   # 8 hits on the pike
    pikes = [6, 6] + [NOTHING] * 14                   # 4 hits on the swords
    front = [m.id for m in formation.front_rank(b.state, "s1u0")]
    events = b.apply(Action("fight", "s0u0"), *swords, *pikes)
    taken = [e.unit_name for e in events if isinstance(e, HitsTaken)]
    assert taken == ["Pike Block", "Sword Band"]  # the defender removes armour first
    lost = [e.model for e in events if isinstance(e, Casualty)]
    # 8 hits on AV2 bases: the four front-rank bases, the officer last of them
    assert lost[:4] == ["s1u0m0", "s1u0m2", "s1u0m3", "s1u0m1"]
    assert set(lost[:4]) == set(front)
    # then the swords: 4 hits, two front-rank bases (no officer)
    assert lost[4:] == ["s0u0m0", "s0u0m2"]
    # the pike's 2nd rank closed up into the front rank
    assert sorted(r for r, _ in formation.slot_map(b.state, "s1u0").values()) == [0] * 4


def test_a_damaged_base_loses_its_last_armour_before_a_fresh_one():
    b = engaged()
    b.state.models["s1u0m3"].wounds = 1
    swords = [4, NOTHING, NOTHING] + [NOTHING] * 9   # 1 hit
    events = b.apply(Action("fight", "s0u0"), *swords, *([NOTHING] * 16))
    assert [e.model for e in events if isinstance(e, Casualty)] == ["s1u0m3"]


def test_fumbles_let_the_opponent_use_talents_the_attacker_first():
    """Fight (no charge): each side's fumbles count once. The swords (attacker) spend the
    pike's fumble first (Fury: an extra die), then the pike spends the swords' (Parry)."""
    b = engaged()
    swords = [1, 4, NOTHING] + [NOTHING] * 9         # 1 hit, 1 fumble
    pikes = [1, NOTHING] + [NOTHING] * 14            # 1 fumble
    events = b.apply(Action("fight", "s0u0"), *swords, *pikes)
    given = {e.side_name: e.count for e in events if isinstance(e, FumblesGiven)}
    assert given == {"Crown": 1, "League": 1}
    assert b.state.phase == "combat"
    assert b.ruleset.current_player(b.state) == 0  # the attacker spends first
    offered = b.legal()
    assert [a.option for a in offered if a.kind == "talent"] == ["Fury"]
    fury = [a for a in offered if a.option == "Fury"][0]
    events = b.apply(fury, 6)                          # the extra die: two hits
    assert any(isinstance(e, TalentUsed) and e.talent == "Fury" for e in events)
    assert b.ruleset.current_player(b.state) == 1      # now the defender spends
    assert sorted(a.option for a in b.legal() if a.kind == "talent") == ["Parry", "Steady"]
    parry = [a for a in b.legal() if a.option == "Parry"][0]
    events = b.apply(parry)
    taken = {e.unit_name: (e.hits, e.parried) for e in events if isinstance(e, HitsTaken)}
    assert taken["Pike Block"] == (1 + 2 - 1, 1)
    assert b.state.phase == "orders"


def test_a_charger_gives_double_fumbles_this_turn_only():
    b = charging()
    swords = [1, 1, NOTHING] + [NOTHING] * 9         # 2 fumbles: the pike may use 4 talents
    pikes = [NOTHING] * 16
    events = b.apply(charge_action(b), *swords, *pikes)
    given = [e for e in events if isinstance(e, FumblesGiven)]
    assert [(g.side_name, g.count, g.doubled_by) for g in given] == [
        ("League", 4, ("Sword Band",))]
    # the pike has 2 talents on 8 bases but nothing to Parry and no 6s: Steady is usable
    assert b.ruleset.current_player(b.state) == 1
    for _ in range(4):
        steady = [a for a in b.legal() if a.option == "Steady"][0]
        b.apply(steady)
    assert b.state.phase == "orders"
    # next turn (the pike's), the swords are no chargers: their fumbles count once
    b.apply(Action("end_turn"))
    assert b.state.active == 1 and not b.unit("s0u0").flags.get("charged")
    pikes = [NOTHING] * 16
    swords = [1, NOTHING, NOTHING] + [NOTHING] * 9
    events = b.apply(Action("fight", "s1u0"), *pikes, *swords)
    given = {e.side_name: e.count for e in events if isinstance(e, FumblesGiven)}
    assert given == {"League": 1}


def test_no_fumbles_no_decision():
    b = engaged()
    b.apply(Action("fight", "s0u0"), *([NOTHING] * 28))
    assert b.state.phase == "orders" and "combat" not in b.state.pending


def test_the_attacker_uses_every_fumble_while_a_talent_can_fire():
    """The seed: "the attacker uses all the fumbles of its opponent". There is no "spend no
    more": refused with the rule, and not offered. (This test used to let a side stop spending
    and forfeit the rest, the reading the issue corrects.)"""
    b = engaged()
    b.apply(Action("fight", "s0u0"), *([NOTHING] * 12), 1, *([NOTHING] * 15))
    assert b.ruleset.current_player(b.state) == 0
    assert "must spend every enemy fumble" in b.why(Action("talents_done"))
    assert {a.kind for a in b.legal()} == {"talent"}
    events = b.apply(b.legal()[0], NOTHING)  # Fury: an extra die
    assert b.state.phase == "orders"
    assert any(isinstance(e, PanicTaken) for e in events)


def test_a_base_may_activate_again_with_another_fumble():
    """No once-per-base cap in the seed: each fumble is one talent of one base, and the same
    base may fire again (Steady twice with the same base)."""
    b = charging()
    swords = [1, 1, 1] + [NOTHING] * 9               # 3 fumbles x2 = 6 for the pike
    pikes = [NOTHING] * 16
    b.apply(charge_action(b), *swords, *pikes)
    steady = [a for a in b.legal() if a.option == "Steady"][0]
    b.apply(steady)
    again = Action("talent", "s1u0", targets=steady.targets, option="Steady")
    assert b.why(again) is None
    b.apply(again)
    assert b.state.pending["combat"]["fumbles_left"]["1"] == 4


def test_a_fumble_is_lost_only_when_no_talent_can_fire():
    """Riders (Deadly, Rally) given a fumble with no 6 rolled and no panic marker: no talent
    can fire, so the fumble is lost (said in the log) and the combat goes on."""
    b = two_units(["mailed_riders"], ["sword_band"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    b.begin_turn()
    riders = [NOTHING] * (4 + 3 + 4)                  # 3 front bases (the general CV3)
    swords = [1] + [NOTHING] * 11                    # 4 front bases, CV3
    events = b.apply(Action("fight", "s0u0"), *riders, *swords)
    assert b.state.phase == "orders"
    assert any("1 enemy fumble is lost" in e.describe() for e in events)


def test_deadly_makes_a_six_count_three_hits():
    b = two_units(["sword_band"], ["axe_band"])      # axes: Fury and Deadly, CV3 AV1
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 27.0, 22.0, 0.0)
    b.begin_turn()
    swords = [1] + [NOTHING] * 11                    # 1 fumble x2 (charged) = 2
    axes = [6, NOTHING, NOTHING] + [NOTHING] * 9     # the first axe base rolled a 6
    b.apply(charge_action(b), *swords, *axes)
    deadly = [a for a in b.legal() if a.option == "Deadly"]
    assert [a.targets for a in deadly] == [("s1u0m0",)]
    b.apply(deadly[0])
    # the second fumble: Deadly again has no 6 left to use, Fury still fires (a die of 3)
    assert [a.option for a in b.legal()] == ["Fury"]
    b.apply(b.legal()[0], NOTHING)
    assert b.state.phase == "orders"
    swords_lost = [m for m in b.state.models.values() if m.unit == "s0u0"]
    assert sum(m.max_wounds - m.wounds for m in swords_lost) == 3  # 2 hits + 1 for Deadly
    assert sum(1 for m in swords_lost if not m.alive) == 1


def test_participants_are_the_whole_melee():
    """A second sword block in contact from the start of the turn fights with the first
    (that is its Fight order); units of the acting side that already had theirs stand by."""
    from tests.rulesets.ranks.battle import FLUSH, Battle
    from tests.rulesets.ranks.battle import WIDTH as W

    b = Battle([("Crown", "crown_host", ["sword_band", "mailed_riders"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    b.stand("s0u1", 30.0 + 20 / 25.4, 22.0 - 2 * W - FLUSH, 90.0)
    b.begin_turn()
    attackers, defenders = combat.fighting_units(b.state, b.geo, "s0u0")
    assert attackers == ["s0u0", "s0u1"] and defenders == ["s1u0"]
    b.unit("s0u1").flags["order"] = "Hold"
    attackers, _ = combat.fighting_units(b.state, b.geo, "s0u0")
    assert attackers == ["s0u0"]
