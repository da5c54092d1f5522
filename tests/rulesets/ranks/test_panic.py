"""Panic with all six modifiers of the seed (plus Steady), its effect, rout, flight and rally
(ranks.md, "Combat" step 5 and "Effect of panic" [added])."""

import math

from game.core.actions import Action
from game.rulesets.ranks import formation, panic
from game.rulesets.ranks.events import PanicTaken
from game.rulesets.ranks.setup import PANICKED
from tests.rulesets.ranks.battle import DEPTH as D
from tests.rulesets.ranks.battle import FLUSH, Battle, two_units
from tests.rulesets.ranks.battle import WIDTH as W
from tests.rulesets.ranks.test_combat import NOTHING, engaged

terms_of = panic.panic_terms


def mark(b, *mids):
    for mid in mids:
        m = b.state.models[mid]
        m.statuses = m.statuses | {PANICKED}


def face_off(mine, theirs):
    b = two_units(mine, theirs)
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    return b


def test_panic_starts_from_the_bases_lost():
    b = face_off(["sword_band"], ["levy_spears"])  # the levy has no officer
    t = terms_of(b.state, "s1u0", 3, ["s0u0"], False, False, False, {}, 0)
    assert t.losses == 3 and t.officer == 0 and t.general == 0


def test_minus_one_for_an_unpanicked_officer():
    b = face_off(["sword_band"], ["pike_block"])
    t = terms_of(b.state, "s1u0", 2, ["s0u0"], False, False, False, {}, 0)
    assert t.officer == -1
    mark(b, "s1u0m1")  # the pike's officer
    t = terms_of(b.state, "s1u0", 2, ["s0u0"], False, False, False, {}, 0)
    assert t.officer == 0


def test_minus_one_for_the_unpanicked_general():
    b = face_off(["mailed_riders"], ["pike_block"])
    t = terms_of(b.state, "s0u0", 0, ["s1u0"], False, False, False, {}, 0)
    assert t.general == -1 and t.officer == 0
    mark(b, "s0u0m1")
    assert terms_of(b.state, "s0u0", 0, ["s1u0"], False, False, False, {}, 0).general == 0


def test_minus_one_per_rank_more_than_the_opponent():
    b = face_off(["mailed_riders"], ["levy_spears"])  # 1 rank against 3
    assert terms_of(b.state, "s1u0", 0, ["s0u0"], False, False, False, {}, 0).ranks == -2
    assert terms_of(b.state, "s0u0", 0, ["s1u0"], False, False, False, {}, 0).ranks == 0
    # a rank of panicked bases does not count
    mark(b, "s1u0m8", "s1u0m9", "s1u0m10", "s1u0m11")
    assert terms_of(b.state, "s1u0", 0, ["s0u0"], False, False, False, {}, 0).ranks == -1
    # no ranks (flanked while engaged in front): none to count
    assert terms_of(b.state, "s1u0", 0, ["s0u0"], True, False, True, {}, 0).ranks == 0


def test_plus_one_when_the_opponent_has_twice_the_active_bases():
    b = face_off(["sword_band"], ["levy_spears"])  # 8 against 12
    assert terms_of(b.state, "s0u0", 0, ["s1u0"], False, False, False, {}, 0).outnumbered == 0
    mark(b, "s0u0m4", "s0u0m5")  # 6 active against 12: twice as many
    assert terms_of(b.state, "s0u0", 0, ["s1u0"], False, False, False, {}, 0).outnumbered == 1
    mark(b, "s1u0m11")  # 11 against 6: no longer twice
    assert terms_of(b.state, "s0u0", 0, ["s1u0"], False, False, False, {}, 0).outnumbered == 0


def test_plus_one_for_a_flank_attack_and_plus_two_for_a_rear_attack():
    b = face_off(["sword_band"], ["levy_spears"])
    assert terms_of(b.state, "s1u0", 0, ["s0u0"], True, False, False, {}, 0).flank == 1
    rear = terms_of(b.state, "s1u0", 0, ["s0u0"], False, True, False, {}, 0)
    assert (rear.flank, rear.rear) == (0, 2)
    assert terms_of(b.state, "s1u0", 0, ["s0u0"], True, True, False, {}, 0).total == 3 - 1


def test_steady_takes_one_off_per_activation():
    b = face_off(["sword_band"], ["levy_spears"])
    t = terms_of(b.state, "s1u0", 4, ["s0u0"], False, False, False, {}, 2)
    assert t.steady == -2 and t.total == 4 - 1 - 2  # the levy has 3 ranks to the swords' 2


def test_a_flank_attack_in_a_real_combat_adds_panic_and_takes_the_ranks():
    """Pike Block engaged in front by swords and in its flank by riders; the riders' side
    fights: the pike has no ranks (so no -1 for them and no support) and +1 for the flank."""
    b = Battle([("Crown", "crown_host", ["sword_band", "mailed_riders"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    b.stand("s0u1", 30.0 + D, 22.0 - 2 * W - FLUSH, 90.0)
    b.begin_turn()
    # swords 4 x 3 dice, riders 5 + 4 + 5 (corner, flank, corner), pike 4 x 2 (no support)
    events = b.apply(Action("fight", "s0u0"), *([NOTHING] * 26), *([NOTHING] * 8))
    pike = [e for e in events if isinstance(e, PanicTaken) and e.unit_name == "Pike Block"][0]
    assert "+1 flank attack" in pike.terms and "more ranks" not in pike.terms
    # the pike: 0 lost, -1 officer, +1 flank (11 active against 8: not twice as many) = 0
    assert pike.total == 0
    swords = [e for e in events if isinstance(e, PanicTaken) and e.unit_name == "Sword Band"][0]
    assert "-2 more ranks" in swords.terms  # 2 ranks against none


def test_panic_markers_go_on_rear_ranks_first_officers_last():
    b = face_off(["sword_band"], ["pike_block"])
    marked = panic.mark_panicked(b.state, "s1u0", 5)
    ranks = formation.slot_map(b.state, "s1u0")
    assert [ranks[m.id][0] for m in marked] == [1, 1, 1, 1, 0]
    assert "s1u0m1" not in {m.id for m in marked}  # the officer is last
    assert panic.mark_panicked(b.state, "s1u0", 10)[-1].id == "s1u0m1"


def test_panic_of_zero_or_less_does_nothing():
    b = engaged()
    events = b.apply(Action("fight", "s0u0"), *([NOTHING] * 28))
    for e in events:
        if isinstance(e, PanicTaken):
            assert e.total <= 0 and e.marked == ()
    assert not any(PANICKED in m.statuses for m in b.state.models.values())


def test_a_unit_routs_with_its_front_rank_panicked_and_flees_a_full_move():
    b = engaged()
    swords = [6, 6, 6, 4, 5, 3, 2, 3, 2, 3, 3, 3]   # 8 hits: the pike's whole front rank
    events = b.apply(Action("fight", "s0u0"), *swords, *([NOTHING] * 16))
    pike = [e for e in events if isinstance(e, PanicTaken) and e.unit_name == "Pike Block"][0]
    assert pike.total == 4 + 1  # 4 lost, officer gone, swords 8 active to 4: +1
    assert b.unit("s1u0").flags.get(panic.ROUTED) is True
    after = formation.frame_of(b.state, "s1u0")
    assert after.facing == 0.0  # it turned its back on the swords (who face +x)
    # one full move (M4) from where it stood after closing up into one rank
    centre = formation.centre(after, formation.extent(b.state, "s1u0"))
    assert math.dist(centre, (30.0 + D / 2 + 4.0, 22.0)) < 2e-3
    assert [a.kind for a in b.ruleset.unit_orders(b.state, b.geo, "s1u0")] == ["hold", "flee"]


def test_half_the_bases_panicked_is_a_rout():
    b = face_off(["sword_band"], ["levy_spears"])
    mark(b, *[f"s1u0m{k}" for k in range(6, 12)])
    assert panic.meets_rout(b.state, "s1u0")
    b2 = face_off(["sword_band"], ["levy_spears"])
    mark(b2, *[f"s1u0m{k}" for k in range(7, 12)])
    assert not panic.meets_rout(b2.state, "s1u0")


def test_rally_at_the_start_of_the_turn_when_not_in_contact():
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s0u0", 10.0, 22.0, 0.0)
    b.stand("s1u0", 40.0, 22.0, 180.0)
    mark(b, "s0u0m4", "s0u0m5", "s0u0m6", "s0u0m7")
    b.unit("s0u0").flags[panic.ROUTED] = True
    b.begin_turn()
    # 1 marker, +1 for the unpanicked officer
    assert sum(PANICKED in m.statuses for m in b.models("s0u0")) == 2
    assert not b.unit("s0u0").flags.get(panic.ROUTED)  # 2 of 8: rallied


def test_no_rally_in_contact():
    b = engaged()
    mark(b, "s0u0m4")
    b.begin_turn()
    assert PANICKED in b.state.models["s0u0m4"].statuses


def test_a_routed_unit_can_only_hold_or_flee():
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s0u0", 20.0, 22.0, 0.0)
    b.stand("s1u0", 28.0, 22.0, 180.0)
    mark(b, "s0u0m0", "s0u0m1", "s0u0m2", "s0u0m3")  # all the front rank
    assert [a.kind for a in b.ruleset.unit_orders(b.state, b.geo, "s0u0")] == ["hold", "flee"]
    reason = b.why(Action("march", "s0u0", option="wheel=0;forward=1"))
    assert "only Hold or flee" in reason
    flee = [a for a in b.legal() if a.kind == "flee"][0]
    b.apply(flee)
    frame = formation.frame_of(b.state, "s0u0")
    assert frame.facing == 180.0 and frame.x < 20.0 - 5.0 + 1e-3 + 2 * D


def test_the_enemy_of_a_routed_unit_may_pursue_with_a_charge():
    """The pike routs and flees; next turn the swords are not in contact at its start, so
    their Charge is a charge: into the pike's rear, their fumbles doubled."""
    b = engaged()
    swords = [6, 6, 6, 4, 5, 3, 2, 3, 2, 3, 3, 3]
    b.apply(Action("fight", "s0u0"), *swords, *([NOTHING] * 16))
    assert b.unit("s1u0").flags.get(panic.ROUTED)
    b.apply(Action("end_turn"))
    b.apply(Action("end_turn"))  # the pike's turn: it rallies a marker and holds
    assert b.state.active == 0 and not b.unit("s0u0").flags.get("contact_at_start")
    pursuit = [a for a in b.legal() if a.kind == "charge" and a.unit == "s0u0"]
    assert pursuit and "rear" in pursuit[0].label
    from game.rulesets.ranks.events import FumblesGiven

    swords = [1] + [NOTHING] * 15       # 4 bases x (3 + 1 for the rear) dice
    pikes = [NOTHING] * 2               # the one unpanicked pike base touching them, if any
    b.dice.script(*swords, *pikes)
    events = b.ruleset.apply(b.state, pursuit[0], b.geo, b.dice)
    given = [e for e in events if isinstance(e, FumblesGiven)]
    assert given and given[0].count == 2 and given[0].doubled_by == ("Sword Band",)
