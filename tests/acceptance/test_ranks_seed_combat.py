"""The seed's melee, step by step, as one scripted battle (ranks.md, seed 000).

The seed has no numbered example; this walks its text in order with exact dice:
Crown's Spear Wall has been fighting a League Pike Block front to front since the last turn.
Crown's Mailed Riders stand off the pike's right flank and are given a Charge order.

1. "an order allowing a move that ends on an enemy generates a combat phase": the charge move
   and then the combat, in the same action.
2. "if the unit is not in contact it must make its whole move so that the greatest number of
   its front bases are in contact": the riders end flush on the pike's flank, all three in
   contact (one on the flank edge, two corner to corner past its ends).
3. Dice: the riders' flank base CV+1, the overlapping bases CV+1, the spear wall's front CV and
   its supporting 2nd rank CV; the pike, flanked while engaged in front, has no ranks: no
   support; its base whose flank is touched fights only with what touches its front.
4. Simultaneous roll: 1 fumble, 2-3 nothing, 4-5 one hit, 6 two hits.
5. Fumbles: the pike's fumble gives Crown one talent (Crown, the attacker, spends first); the
   riders charged, so their fumble gives the League two.
6. "The defender removes armour equal to the hits, front first, then the following ranks; the
   attacker does the same."
7. Panic from losses and the six modifiers (with Steady); the pike routs and flees.
"""

from game.core.events import Casualty
from game.rulesets.ranks import formation, panic
from game.rulesets.ranks.events import (
    CombatDice,
    CombatStarted,
    FumblesGiven,
    HitsTaken,
    PanicTaken,
    TalentUsed,
)
from game.rulesets.ranks.setup import PANICKED
from tests.rulesets.ranks.battle import DEPTH as D
from tests.rulesets.ranks.battle import WIDTH as W
from tests.rulesets.ranks.battle import Battle


def set_up():
    b = Battle([("Crown", "crown_host", ["spear_wall", "mailed_riders"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)       # pike faces west; its right flank is at -y
    b.facing_front("s0u0", "s1u0")            # spear wall front to front
    b.stand("s0u1", 30.0 + D + 0.6, 22.0 - 2 * W - 4.0, 90.0)  # riders 4" off the flank
    b.begin_turn()
    return b


def test_the_seeds_melee_in_order():
    b = set_up()
    assert b.unit("s0u0").flags.get("contact_at_start")
    charge = [a for a in b.legal() if a.kind == "charge" and a.unit == "s0u1"]
    assert [a.targets for a in charge] == [("s1u0",)]
    assert "right" in charge[0].label and "3 front bases in contact" in charge[0].label

    riders = [6, 6, 3, 3, 3] + [4, 3, 3, 3] + [1, 3, 3, 3, 3]  # corner 5, flank 4, corner 5
    spears = [5, 5] + [3] * 14                                   # 4 front x2, 4 support x2
    pikes = [1, 6] + [3] * 6                                     # 4 front x2, no support
    b.dice.script(*riders, *spears, *pikes)
    events = b.ruleset.apply(b.state, charge[0], b.geo, b.dice)

    # 1-2: the whole move, flush on the flank, every front base in contact
    assert type(events[0]).__name__ == "UnitMoved"
    ways = {e.unit: e for e in events if isinstance(e, CombatDice)}
    rider_ways = sorted(kind for _, kind, _ in ways["s0u1"].bases)
    assert rider_ways == ["corner-to-corner", "corner-to-corner", "flank"]
    started = [e for e in events if isinstance(e, CombatStarted)][0]
    assert started.attackers == ("Mailed Riders", "Spear Wall")  # the spear wall's Fight
    assert b.unit("s0u0").flags["order"] == "Fight"
    # 3: dice per base
    assert [len(values) for _, _, values in ways["s0u1"].bases] == [5, 4, 5]
    assert sorted(kind for _, kind, _ in ways["s0u0"].bases) == (
        ["front-to-front"] * 4 + ["support"] * 4)
    assert [kind for _, kind, _ in ways["s1u0"].bases] == ["front-to-front"] * 4  # no ranks
    # 4: results
    assert (ways["s0u1"].hits, ways["s0u1"].fumbles) == (4 + 1, 1)
    assert (ways["s0u0"].hits, ways["s0u0"].fumbles) == (2, 0)
    assert (ways["s1u0"].hits, ways["s1u0"].fumbles) == (2, 1)
    # 5: fumbles, the charger's doubled; the attacker spends first
    given = {e.side_name: e.count for e in events if isinstance(e, FumblesGiven)}
    assert given == {"Crown": 1, "League": 2}
    assert b.ruleset.current_player(b.state) == 0
    deadly = [a for a in b.legal() if a.option == "Deadly"]
    assert [a.targets for a in deadly] == [("s0u1m0",)]  # the rider who rolled the 6s
    events = b.apply(deadly[0])
    assert b.ruleset.current_player(b.state) == 1
    parry = [a for a in b.legal() if a.option == "Parry"][0]
    b.apply(parry)
    steady = [a for a in b.legal() if a.option == "Steady"][0]
    events = b.apply(steady)
    assert [e.talent for e in events if isinstance(e, TalentUsed)] == ["Steady"]

    # 6: the defender first, front rank first: 5 + 2 + 1 (Deadly) - 1 (Parry) = 7 hits
    taken = [(e.unit_name, e.hits, e.parried) for e in events if isinstance(e, HitsTaken)]
    assert taken[0] == ("Pike Block", 7, 1)
    assert [t[0] for t in taken[1:]] == ["Mailed Riders", "Spear Wall"]
    lost = [e.model for e in events if isinstance(e, Casualty)]
    assert lost == ["s1u0m0", "s1u0m2", "s1u0m3", "s0u0m0"]
    assert b.state.models["s1u0m1"].wounds == 1  # the officer, last of the front rank

    # 7: panic
    panics = {e.unit_name: e for e in events if isinstance(e, PanicTaken)}
    pike = panics["Pike Block"]
    # 3 lost, -1 officer, no ranks (so no -1 against it), +1 outnumbered (10 active to 5),
    # +1 flank attack, -1 Steady
    assert pike.terms == "3 lost, -1 officer, +1 outnumbered 2:1, +1 flank attack, -1 Steady = 3"
    assert panics["Mailed Riders"].total == -2   # -1 general, -1 rank more than none
    assert panics["Spear Wall"].total == 1 - 1 - 2
    assert len(pike.marked) == 3
    assert PANICKED not in b.state.models["s1u0m1"].statuses  # officers last
    # three of five panicked: at least half: the pike routs and flees away
    assert b.unit("s1u0").flags[panic.ROUTED] is True
    frame = formation.frame_of(b.state, "s1u0")
    assert frame.x > 30.0 + 2 * D
    assert b.state.phase == "orders"
