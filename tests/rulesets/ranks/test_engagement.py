"""Who is engaged on its front, and who attacks whose flank (ranks.md, "Geometry"; the seed's
note: "a unit taken in the flank or rear while also engaged on its front counts as having no
ranks this turn").

- A unit is engaged on its front when a front-rank base's front edge touches an enemy base:
  front to front, or its front against the enemy's flank or rear. Corner-to-corner contacts
  (overlaps) engage no front.
- A flank or rear attack is made with the front: units side by side (flank to flank) or back
  to back attack nobody, get no +1 die and give no panic.
"""

from game.core.actions import Action
from game.rulesets.ranks.contacts import contacts
from game.rulesets.ranks.dice_plan import dice_plan, situation
from game.rulesets.ranks.events import CombatDice, PanicTaken
from game.rulesets.ranks.panic import rank_count
from tests.rulesets.ranks.battle import DEPTH as D
from tests.rulesets.ranks.battle import FLUSH, Battle
from tests.rulesets.ranks.battle import WIDTH as W

NOTHING = 3


def riders_on_the_pike_flank(front_attacker=False):
    """League Pike Block (s1u0) facing west, front centre (30, 22), its right flank at
    y = 22 - 2W. Crown Mailed Riders (s0u0) flush on that flank, the middle base covering it,
    the outer two meeting its corners corner to corner. With `front_attacker`, a Crown Sword
    Band (s0u1) also front to front with the pike."""
    units = ["mailed_riders"] + (["sword_band"] if front_attacker else [])
    b = Battle([("Crown", "crown_host", units), ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 30.0 + D, 22.0 - 2 * W - FLUSH, 90.0)
    if front_attacker:
        b.facing_front("s0u1", "s1u0")
    return b


def test_a_unit_charged_only_in_its_flank_is_not_engaged_on_its_front_and_keeps_its_ranks():
    """Before this fix the riders' corner contact at the pike's front corner counted as
    engaging its front, so the pike lost its ranks without any enemy in front of it."""
    b = riders_on_the_pike_flank()
    c = contacts(b.state, b.geo)
    kinds = {kind for m in b.models("s1u0") for _, kind in c.of(m.id)}
    assert "corner-to-corner" in kinds  # the pike's front corner meets a rider corner
    where = situation(b.state, c, "s1u0")
    assert where.flanked and not where.front_engaged and not where.no_ranks
    assert rank_count(b.state, "s1u0", where.no_ranks) == 2


def test_a_unit_attacked_in_flank_and_front_has_no_ranks():
    b = riders_on_the_pike_flank(front_attacker=True)
    where = situation(b.state, contacts(b.state, b.geo), "s1u0")
    assert where.front_engaged and where.flanked and where.no_ranks


def test_a_flank_attack_alone_keeps_the_ranks_in_the_panic_sum():
    """A real combat with scripted dice: the riders (in contact since the start of the turn)
    fight the pike's flank; the pike rolls nothing (its touched bases are exposed) and its
    panic counts its two ranks against the riders' one: -1, with +1 for the flank attack."""
    b = riders_on_the_pike_flank()
    b.begin_turn()
    events = b.apply(Action("fight", "s0u0"), *([NOTHING] * 14))
    rolled = {e.unit for e in events if isinstance(e, CombatDice)}
    assert rolled == {"s0u0"}
    pike = next(e for e in events if isinstance(e, PanicTaken) and e.unit_name == "Pike Block")
    assert "-1 more ranks" in pike.terms and "+1 flank attack" in pike.terms


def sword_on_the_pike_flank_and_flanked():
    """Crown Sword Band (s0u0) facing south with its front on the League pike's right flank
    (two of its files each covering half of it); a League Axe Band (s1u1) facing east with
    its front on the sword band's right flank."""
    b = Battle([("Crown", "crown_host", ["sword_band"]),
                ("League", "marcher_league", ["pike_block", "axe_band"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 30.0 + W / 2, 22.0 - 2 * W - FLUSH, 90.0)
    b.stand("s1u1", 30.0 - 1.5 * W - FLUSH, 22.0 - 2.5 * W - FLUSH, 0.0)
    return b


def test_a_front_on_an_enemy_flank_engages_the_front_so_a_flanked_unit_loses_its_ranks():
    """Before this fix only front-to-front (or corner) contacts engaged a front, so the sword
    band, attacking with its front while flanked itself, kept its ranks."""
    b = sword_on_the_pike_flank_and_flanked()
    c = contacts(b.state, b.geo)
    assert {kind for _, _, kind in c.front_contacts(b.state, "s0u0")} == {"flank"}
    where = situation(b.state, c, "s0u0")
    assert where.front_engaged and where.flanked and where.no_ranks
    assert rank_count(b.state, "s0u0", where.no_ranks) == 0


def test_corner_to_corner_only_engages_no_front():
    """Two lines meeting only at their end corners (an overlap): both roll their overlap dice,
    neither is engaged on its front."""
    b = Battle([("Crown", "crown_host", ["sword_band"]),
                ("League", "marcher_league", ["spear_wall"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0", slide=4 * W)
    c = contacts(b.state, b.geo)
    assert c.in_contact(b.state, "s0u0")
    assert not c.front_engaged(b.state, "s0u0") and not c.front_engaged(b.state, "s1u0")


def side_by_side():
    """Crown Sword Band (s0u0) front to front with a League Pike Block (s1u0); a League Axe
    Band (s1u1) beside the sword band facing the same way, its left flank against the sword
    band's right flank (set back 0.3" so no front corner touches)."""
    b = Battle([("Crown", "crown_host", ["sword_band"]),
                ("League", "marcher_league", ["pike_block", "axe_band"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    b.stand("s1u1", 30.0 - FLUSH - 0.3, 22.0 + 4 * W + FLUSH, 0.0)
    return b


def test_units_side_by_side_do_not_attack_each_others_flank():
    b = side_by_side()
    c = contacts(b.state, b.geo)
    assert not c.in_contact(b.state, "s1u1")  # flank to flank: nobody attacks
    assert not situation(b.state, c, "s0u0").flanked
    assert not any(row.model.startswith("s1u1") for row in dice_plan(b.state, b.geo).values())
    b.begin_turn()
    events = b.apply(Action("fight", "s0u0"), *([NOTHING] * (12 + 16)))
    sword = next(e for e in events if isinstance(e, PanicTaken) and e.unit_name == "Sword Band")
    assert "flank" not in sword.terms
    assert {e.unit for e in events if isinstance(e, CombatDice)} == {"s0u0", "s1u0"}


def test_units_back_to_back_do_not_attack_each_others_rear():
    """The axe band's rear edge against the sword band's rear edge: no rear attack, no
    contact; both may still be given ordinary orders."""
    b = Battle([("Crown", "crown_host", ["sword_band"]),
                ("League", "marcher_league", ["axe_band"])])
    b.stand("s0u0", 30.0, 22.0, 0.0)                     # front at x = 30, rear at 30 - 2D
    b.stand("s1u0", 30.0 - 4 * D - FLUSH, 22.0 + 0.5, 180.0)
    c = contacts(b.state, b.geo)
    assert not c.in_contact(b.state, "s0u0") and not c.in_contact(b.state, "s1u0")
    assert dice_plan(b.state, b.geo) == {}
    b.begin_turn()
    assert not b.unit("s0u0").flags.get("contact_at_start")
    assert {a.kind for a in b.legal() if a.unit == "s0u0"} >= {"hold", "march"}
