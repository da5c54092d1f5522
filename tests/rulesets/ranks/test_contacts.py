"""Geometry fixtures: each contact type between blocks and the dice each base gets from it
(the seed's four ways to earn dice, ranks.md "Combat" step 1)."""

from game.rulesets.ranks import RULESET
from game.rulesets.ranks.contacts import contacts
from game.rulesets.ranks.dice_plan import dice_plan, situation
from game.rulesets.ranks.panic import rank_count
from tests.rulesets.ranks.battle import DEPTH as D
from tests.rulesets.ranks.battle import FLUSH, Battle, two_units
from tests.rulesets.ranks.battle import WIDTH as W


def dice_of(b):
    return {mid: (row.kind, row.dice) for mid, row in dice_plan(b.state, b.geo).items()}


def test_front_to_front_each_front_base_rolls_its_cv():
    """Sword Band (CV3, 4x2, no support) front to front with a Spear Wall (CV2, support)."""
    b = two_units(["sword_band"], ["spear_wall"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    dice = dice_of(b)
    for k in range(4):
        assert dice[f"s0u0m{k}"] == ("front-to-front", 3)
        assert dice[f"s1u0m{k}"] == ("front-to-front", 2)
    # no support for the swords: their 2nd rank rolls nothing
    assert not any(f"s0u0m{k}" in dice for k in range(4, 8))


def test_a_supporting_second_rank_rolls_its_cv():
    """Spear Wall's 2nd rank has `support`: each base behind a fighting front base rolls CV."""
    b = two_units(["sword_band"], ["spear_wall"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    dice = dice_of(b)
    for k in range(4, 8):
        assert dice[f"s1u0m{k}"] == ("support", 2)
    assert sum(n for mid, (_, n) in dice.items() if mid.startswith("s1u0")) == 16


def test_every_supporting_second_rank_base_rolls_when_the_front_is_engaged():
    """The seed: "each base in the 2nd rank with support rolls its CV" -- every one, not only
    those behind a fighting front base. Offset by two files, three spear files fight (two
    front to front, one corner to corner) and all four 2nd-rank bases support. (This test used
    to expect support only behind a fighting front base, the reading the issue corrects.)"""
    b = two_units(["sword_band"], ["spear_wall"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0", slide=2 * W)
    dice = dice_of(b)
    fighting = [k for k in range(4) if f"s1u0m{k}" in dice]
    assert len(fighting) == 3  # two front to front, one corner to corner
    assert [dice[f"s1u0m{k}"] for k in range(4, 8)] == [("support", 2)] * 4


def test_no_support_when_the_front_is_not_engaged():
    """Support is for a unit whose front is engaged: spears only corner to corner (an
    overlap, which engages no front) roll their overlap dice and no support."""
    b = two_units(["sword_band"], ["spear_wall"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0", slide=4 * W)
    dice = dice_of(b)
    assert sorted(kind for mid, (kind, _) in dice.items() if mid.startswith("s1u0")) == [
        "corner-to-corner"]
    assert not contacts(b.state, b.geo).front_engaged(b.state, "s1u0")


def test_overlap_corner_to_corner_touching_no_front_rolls_cv_plus_one():
    """Four files against three (the riders' bases are as wide), lined up file for file: the
    fourth base touches only the riders' end corner: an overlap, CV + 1."""
    b = two_units(["sword_band"], ["mailed_riders"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0", slide=W / 2)
    dice = dice_of(b)
    kinds = sorted(kind for mid, (kind, _) in dice.items() if mid.startswith("s0u0"))
    assert kinds == ["corner-to-corner"] + ["front-to-front"] * 3
    corner = [mid for mid, (kind, _) in dice.items() if kind == "corner-to-corner"]
    assert dice[corner[0]] == ("corner-to-corner", 4)


def test_a_base_touching_a_corner_and_a_front_at_once_is_front_to_front():
    """The riders' end base touches the overlapping base's corner and a sword base's front:
    it touches an enemy front, so it fights front to front (CV, no +1)."""
    b = two_units(["sword_band"], ["mailed_riders"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0", slide=W / 2)
    c = contacts(b.state, b.geo)
    both = [m for m in b.models("s1u0")
            if {kind for _, kind in c.of(m.id)} >= {"corner-to-corner", "front-to-front"}]
    assert both, "one rider base touches a corner and a front"
    dice = dice_of(b)
    for m in both:
        assert dice[m.id] == ("front-to-front", m.profile["CV"])
    assert dice["s1u0m1"] == ("front-to-front", 3)  # the general's base: its own CV3
    assert RULESET.base_contacts(b.state, b.geo)[both[0].id] == "front-to-front"


def flank_and_front():
    """Pike Block (s1u0, facing west) engaged in front by a Sword Band (s0u0) and in its right
    flank by Mailed Riders (s0u1) whose middle base covers the flank edge exactly."""
    b = Battle([("Crown", "crown_host", ["sword_band", "mailed_riders"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    b.stand("s0u1", 30.0 + D, 22.0 - 2 * W - FLUSH, 90.0)
    return b


def test_flank_contact_rolls_cv_plus_one_and_the_flanked_base_rolls_nothing():
    b = flank_and_front()
    dice = dice_of(b)
    assert dice["s0u1m1"] == ("flank", 3 + 1)  # the riders' general, CV3
    # the pike base whose flank is touched and is not fighting to its front earns nothing
    assert "s1u0m7" not in dice
    assert RULESET.base_contacts(b.state, b.geo)["s1u0m7"] == "exposed"
    # the front-right pike base is flanked too, but it also fights front to front: CV
    assert dice["s1u0m3"] == ("front-to-front", 2)


def test_a_unit_attacked_in_front_and_flank_at_once_has_no_ranks():
    """Flanked while engaged on its front: no ranks this turn (rank count 0, no support)."""
    b = flank_and_front()
    c = contacts(b.state, b.geo)
    where = situation(b.state, c, "s1u0")
    assert where.front_engaged and where.flanked and where.no_ranks
    assert rank_count(b.state, "s1u0", where.no_ranks) == 0
    dice = dice_of(b)
    assert not any(row[0] == "support" for row in dice.values())
    # without the flank attack it has its two ranks and its support
    b.stand("s0u1", 10.0, 5.0, 90.0)
    c = contacts(b.state, b.geo)
    assert not situation(b.state, c, "s1u0").no_ranks
    assert rank_count(b.state, "s1u0") == 2
    assert sum(1 for kind, _ in dice_of(b).values() if kind == "support") == 4


def test_rear_contact_rolls_cv_plus_one():
    """Riders flush against the pike's rear edge."""
    b = Battle([("Crown", "crown_host", ["mailed_riders"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 30.0 + 2 * D + FLUSH, 22.0, 180.0)  # behind it, facing the same way
    dice = dice_of(b)
    assert dice["s0u0m1"] == ("rear", 3 + 1)
    c = contacts(b.state, b.geo)
    assert situation(b.state, c, "s1u0").rear_attacked
    # the pike's rear rank touches the riders only with its rear: it earns nothing
    assert not any(mid in dice for mid in ("s1u0m4", "s1u0m5", "s1u0m6", "s1u0m7"))


def test_a_panicked_base_rolls_nothing_and_gives_no_support():
    b = two_units(["sword_band"], ["spear_wall"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    for mid in ("s1u0m0", "s1u0m5"):
        m = b.state.models[mid]
        m.statuses = m.statuses | {"panicked"}
    dice = dice_of(b)
    assert "s1u0m0" not in dice and "s1u0m5" not in dice
    assert dice["s1u0m4"] == ("support", 2)  # behind a panicked front base: still supports


def test_units_apart_have_no_contacts():
    b = two_units(["sword_band"], ["spear_wall"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0", gap=0.05)
    assert dice_of(b) == {}
    assert RULESET.base_contacts(b.state, b.geo) == {}
