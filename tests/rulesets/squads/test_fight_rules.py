"""The squads Fight phase [added]: order, alternation, attacks, saves, allocation, damage,
pile in, consolidate, battle-shock (squads.md, "Fight phase")."""

from game.core.actions import Action
from game.core.events import Casualty, DamageDealt, Note
from game.rulesets.squads import RULESET, below_half_strength
from game.rulesets.squads.fight import attacking_models, fight_eligible, resolve_attacks
from tests.rulesets.squads.battle import MOB_RADIUS, Battle

D = 2 * MOB_RADIUS


def engaged_pair():
    """Line Marines (s0u0, active) in base contact with a Brute Mob (s1u0)."""
    b = Battle([("Company", "line_company", ["line_marines"]),
                ("Horde", "brute_horde", ["brute_mob"])], phase="fight")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + D + 0.01, 22.0, 180.0)
    return b


def test_hit_wound_save_sequence_with_scripted_dice():
    b = engaged_pair()
    # 5 Marines in contact x A3 = 15 attacks; WS3+.
    assert len(attacking_models(b.state, b.geo, "s0u0", "s1u0")) == 5
    hits = [3, 6, 1, 2, 4] + [1] * 10          # 3 hits (3, 6, 4); 1 always fails, 2 misses
    wounds = [4, 3, 6]                          # S4 vs T5: 5+ -> one wound (6)
    saves = [5]                                 # Sv5+ with AP0: 5 saves
    b.dice.script(*hits, *wounds, *saves)
    events = resolve_attacks(b.state, b.geo, b.dice, "s0u0", "s1u0")
    summary = events[-1]
    assert (summary.attacks, summary.hits, summary.wounds, summary.saves, summary.unsaved) == (
        15, 3, 1, 1, 0)
    assert b.dice.scripted_left == 0


def test_an_unmodified_one_always_fails_a_save():
    b = engaged_pair()
    b.state.units["s1u0"].profile = dict(b.state.units["s1u0"].profile, Sv=2)
    b.dice.script(*([3] + [1] * 14), 6, 1)   # one hit, one wound (S4 v T5 needs 5+), save 1
    events = resolve_attacks(b.state, b.geo, b.dice, "s0u0", "s1u0")
    assert any(isinstance(e, Casualty) for e in events)


def test_wounds_go_to_an_already_wounded_model_first():
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])], phase="fight")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + D + 0.01, 22.0, 180.0)
    wounded = b.state.alive_models("s1u0")[2]
    wounded.wounds = 1
    # Two unsaved wounds of D1: the wounded Marine takes the first and dies, the second goes
    # to another model (no one else is wounded yet).
    n = len(attacking_models(b.state, b.geo, "s0u0", "s1u0")) * 3
    b.dice.script(*([6, 6] + [1] * (n - 2)), 6, 6, 1, 1)
    events = resolve_attacks(b.state, b.geo, b.dice, "s0u0", "s1u0")
    damaged = [e.model for e in events if isinstance(e, DamageDealt)]
    assert damaged[0] == wounded.id and not wounded.alive
    assert damaged[1] != wounded.id


def test_excess_damage_is_lost():
    b = Battle([("Horde", "brute_horde", ["brute_stompers"]),
                ("Company", "line_company", ["line_marines"])], phase="fight")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 40 / 25.4 / 2 + MOB_RADIUS + 0.01, 22.0, 180.0)
    target = b.state.alive_models("s1u0")
    for m in target:
        m.wounds = 1
    n = len(attacking_models(b.state, b.geo, "s0u0", "s1u0")) * 4
    # One hit (6), wound (S6 v T4: 3+ -> 6), save 1 fails: D2 on a 1-wound model: 1 lost.
    b.dice.script(6, *([1] * (n - 1)), 6, 1)
    events = resolve_attacks(b.state, b.geo, b.dice, "s0u0", "s1u0")
    dealt = [e for e in events if isinstance(e, DamageDealt)]
    assert len(dealt) == 1 and dealt[0].lost == 1 and dealt[0].wounds_left == 0
    assert sum(1 for m in target if not m.alive) == 1  # the damage does not spill over


def test_fights_first_then_remaining_combats_and_alternation():
    b = Battle([("Horde", "brute_horde", ["brute_mob", "brute_mob"]),
                ("Company", "line_company", ["line_marines", "line_marines"])], phase="charge")
    b.place("s0u0", 10.0, 12.0, 0.0)
    b.place("s1u0", 10.0 + D + 0.01, 12.0, 180.0)
    b.place("s0u1", 10.0, 32.0, 0.0)
    b.place("s1u1", 10.0 + D + 0.01, 32.0, 180.0)
    b.unit("s0u1").flags["charged"] = True   # s0u1 charged this turn: it fights first
    b.apply(Action("end_phase"))
    assert b.state.phase == "fight"
    f = b.state.pending["fight"]
    assert f["step"] == "first" and RULESET.current_player(b.state) == 0
    assert [a.unit for a in b.legal()] == ["s0u1"]
    # The non-active side has nothing that charged: it passes in 'fights first'.
    assert fight_eligible(b.state, b.geo, 1, "first") == []


def test_remaining_combats_start_with_the_active_side_and_alternate():
    """[added, fair defaults] The side whose turn it is chooses first in remaining combats
    (this test used to encode "the non-active side first", which let the first charger
    strike first in both players' turns)."""
    b = Battle([("Horde", "brute_horde", ["brute_mob", "brute_mob"]),
                ("Company", "line_company", ["line_marines", "line_marines"])], phase="charge")
    b.place("s0u0", 10.0, 12.0, 0.0)
    b.place("s1u0", 10.0 + D + 0.01, 12.0, 180.0)
    b.place("s0u1", 10.0, 32.0, 0.0)
    b.place("s1u1", 10.0 + D + 0.01, 32.0, 180.0)
    b.apply(Action("end_phase"))
    assert b.state.pending["fight"]["step"] == "remaining"
    assert RULESET.current_player(b.state) == 0      # side 0's turn: it chooses first
    b.state.units["s0u0"].flags["fought"] = True   # side 0 has fought with one unit...
    RULESET._fought(b.state, b.geo, "s0u0")
    assert RULESET.current_player(b.state) == 1      # ...so side 1 chooses next
    b.state.units["s1u0"].flags["fought"] = True
    RULESET._fought(b.state, b.geo, "s1u0")
    assert RULESET.current_player(b.state) == 0      # and back to side 0


def test_pile_in_and_consolidate_never_engage_a_new_unit_and_stay_within_3():
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines", "line_marines"])], phase="fight")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 1.5 + D, 22.0, 180.0)
    b.place("s1u1", 10.0 + 1.5 + D, 32.0, 180.0)
    b.state.pending["fight"] = {"step": "remaining", "chooser": 0, "unit": "s0u0",
                                "stage": "pile_in"}
    before = {m.id: m.copy() for m in b.state.alive_models("s0u0")}
    pile = [a for a in b.legal() if a.placement]
    assert pile
    b.apply(pile[0])
    for m in b.state.alive_models("s0u0"):
        assert b.geo.path_length(b.state, before[m.id], (m.x, m.y)) <= 3.0 + 1e-6
    assert b.distance("s0u0", "s1u1") > 2.0


def test_battle_shock_below_half_strength():
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])], phase="command")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 40.0, 22.0, 180.0)
    for m in b.state.alive_models("s0u0")[:6]:
        m.alive = False
    assert below_half_strength(b.state, "s0u0")
    b.apply(Action("end_phase", option="auto"), 3, 3)   # 6 < Ld 7: fails
    assert b.unit("s0u0").flags["battle_shocked"]
    assert b.state.phase == "movement"


def test_battle_shock_passes_on_ld_or_more():
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])], phase="command")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 40.0, 22.0, 180.0)
    for m in b.state.alive_models("s0u0")[:6]:
        m.alive = False
    b.apply(Action("end_phase", option="auto"), 3, 4)   # 7 >= Ld 7: passes
    assert not b.unit("s0u0").flags.get("battle_shocked")


def test_no_save_is_rolled_when_sv_minus_ap_is_above_6_and_there_is_no_invulnerable():
    """Saving throw: Sv - AP of 7+ with no InvSv means no save is possible: no die is rolled
    (strict dice: a save roll would find no scripted value), and the log says why."""
    b = engaged_pair()
    b.state.units["s1u0"].profile = dict(b.state.units["s1u0"].profile, Sv=6)
    b.state.units["s0u0"].profile = dict(b.state.units["s0u0"].profile, AP=-1)
    b.dice.script(*([3] + [1] * 14), 6)  # one hit, one wound (S4 v T5: 5+), then no save
    events = resolve_attacks(b.state, b.geo, b.dice, "s0u0", "s1u0")
    assert b.dice.scripted_left == 0
    notes = [e.text for e in events if isinstance(e, Note)]
    assert any("no save possible" in n and "7+" in n for n in notes)
    assert not [e for e in events if getattr(e, "label", "") == "save"]
    assert events[-1].unsaved == 1 and events[-1].saves == 0


def test_an_invulnerable_save_is_still_rolled_when_the_armour_save_is_gone():
    b = engaged_pair()
    b.state.units["s1u0"].profile = dict(b.state.units["s1u0"].profile, Sv=6, InvSv=5)
    b.state.units["s0u0"].profile = dict(b.state.units["s0u0"].profile, AP=-2)
    b.dice.script(*([3] + [1] * 14), 6, 5)  # one hit, one wound, InvSv 5+ saves on a 5
    events = resolve_attacks(b.state, b.geo, b.dice, "s0u0", "s1u0")
    assert b.dice.scripted_left == 0 and events[-1].saves == 1


def test_pile_in_offer_is_checked_as_stored_off_grid_models_that_stay_are_left_out():
    """Pile in: each model that moves ends closer to the closest enemy. A model standing off
    the 1/1000" grid that does not move must not be in the stored placement (rounding it would
    make it "move" without getting closer, and the offer would be refused)."""
    b = engaged_pair()
    b.place("s0u0", 10.0001234, 22.0004321, 0.0, files=3)  # two ranks, off the grid
    front = max(m.x for m in b.state.alive_models("s0u0"))
    b.place("s1u0", front + D + 0.01, 22.0004321, 180.0)   # the front rank in contact
    b.state.pending["fight"] = {"step": "first", "chooser": 0, "unit": "s0u0",
                                "stage": "pile_in"}
    offers = [a for a in b.legal() if a.kind == "pile_in" and a.placement]
    assert offers
    for a in offers:
        assert b.why(a) is None
        for mid, x, y in a.placement:
            assert (b.state.models[mid].x, b.state.models[mid].y) != (x, y)


def test_remaining_combats_start_with_the_active_side_in_the_second_players_turn_too():
    """The same in side 1's turn: the side whose turn it is chooses first, whatever its seat."""
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])], phase="charge")
    b.place("s0u0", 10.0, 12.0, 0.0)
    b.place("s1u0", 10.0 + D + 0.01, 12.0, 180.0)
    b.state.active = 1
    b.apply(Action("end_phase"))
    assert b.state.pending["fight"]["step"] == "remaining"
    assert RULESET.current_player(b.state) == 1
    assert [a.unit for a in b.legal()] == ["s1u0"]
