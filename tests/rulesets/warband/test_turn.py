"""The warband turn [added]: rout test, recovery, movement and charges, turn order for 2-4
warbands, the end of the battle (warband.md, "Turn [added]")."""

import pytest

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.state import Objective, Scenario, Terrain
from game.rulesets.warband import RULESET
from game.rulesets.warband.movement import (
    RULE_NO_CHARGE_STOOD_UP,
    RULE_NO_CONTACT,
    allowance,
    charge_problem,
)
from game.rulesets.warband.profile import default_forces
from game.rulesets.warband.status import FLEEING, KNOCKED_DOWN, STOOD_UP, STUNNED
from game.rulesets.warband.victory import control_value
from tests.rulesets.warband.battle import (
    Battle,
    describe,
    flags,
    model,
    stand,
    start_combat,
    touching,
    warband,
)

SELLSWORDS = ["sellsword_captain", "sellsword_champion", "sellsword_duellist",
              "sellsword_axeman", "sellsword_axeman", "sellsword_spearman", "sellsword_spearman"]


def two_warbands(phase="recovery"):
    b = Battle([warband("A", *SELLSWORDS),
                warband("B", "pilgrim_zealot", "pilgrim_zealot", "pilgrim_monk",
                        "pilgrim_preacher", "pilgrim_brute", force="ash_pilgrims")], phase=phase)
    for n in range(7):
        stand(b, f"s0u{n}", 4 + 2 * n, 4)
    for n in range(5):
        stand(b, f"s1u{n}", 4 + 2 * n, 40)
    return b


def take_out(b, *units):
    for u in units:
        m = model(b, u)
        m.alive = False
        b.state.sides[m.side].casualties.append(m.id)


# --- recovery ----------------------------------------------------------------------------------
def test_recovery_stunned_becomes_knocked_down_and_knocked_down_stands_up():
    b = two_warbands()
    flags(b, "s0u0")[STUNNED] = True
    flags(b, "s0u1")[KNOCKED_DOWN] = True
    b.apply(b.legal()[0])                               # no dice: nothing to test
    assert flags(b, "s0u0").get(KNOCKED_DOWN) and not flags(b, "s0u0").get(STUNNED)
    assert not flags(b, "s0u1").get(KNOCKED_DOWN) and flags(b, "s0u1").get(STOOD_UP)
    assert b.state.phase == "movement"


def test_a_model_that_stood_up_moves_half_cannot_charge_and_strikes_last():
    b = Battle([warband("A", "sellsword_captain", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")], phase="recovery")
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0", 0)
    stand(b, "s0u1", 20 - 5, 20)
    flags(b, "s0u0")[KNOCKED_DOWN] = True
    flags(b, "s0u1")[KNOCKED_DOWN] = True
    b.apply(b.legal()[0])
    axeman = model(b, "s0u1")
    assert allowance(b.state, b.geo, axeman) == 2.0
    assert RULE_NO_CHARGE_STOOD_UP in charge_problem(b.state, b.geo, axeman, model(b, "s1u0"))
    assert not [a for a in b.legal() if a.kind == "charge"]
    start_combat(b)                                     # Zealot I3, then the Captain (I4!)
    order = [b.state.models[m].name for m in b.state.pending["combat"]["order"]]
    assert order == ["Zealot", "Sellsword Captain"]


def test_rally_on_2d6_under_ld_or_keep_fleeing_and_run():
    b = two_warbands()
    flags(b, "s0u0")[FLEEING] = True
    flags(b, "s0u1")[FLEEING] = True
    start = (model(b, "s0u1").x, model(b, "s0u1").y)
    # Captain rallies on 4+4 <= 8; the Champion fails with 6+6 and runs 2D6 = 3" from the
    # nearest enemy
    events = b.apply(b.legal()[0], 4, 4, 6, 6, 1, 2)
    assert not flags(b, "s0u0").get(FLEEING)
    assert flags(b, "s0u1").get(FLEEING)
    champion = model(b, "s0u1")
    assert (champion.x, champion.y) != start and champion.y < start[1]
    assert any("rolls 2D6 to rally" in t for t in describe(events))


def test_no_rally_when_the_closest_model_is_an_enemy():
    """The fleeing Captain touches an enemy: no rally roll; it flees again, taking the enemy's
    automatic hit first (wound roll 1 fails), then runs 2D6."""
    b = two_warbands()
    touching(b, "s1u0", "s0u0", 90)
    flags(b, "s0u0")[FLEEING] = True
    events = b.apply(b.legal()[0], 1, 3, 3)
    text = describe(events)
    assert any("cannot rally: the closest model is an enemy" in t for t in text)
    assert any("1 automatic hit" in t for t in text)
    assert b.geo.distance(model(b, "s0u0"), model(b, "s1u0")) > 1.0


# --- rout test ---------------------------------------------------------------------------------
def test_no_rout_test_below_a_quarter_out_of_action():
    b = two_warbands()
    take_out(b, "s0u6")                                 # 1 of 7
    b.apply(b.legal()[0])                               # strict: no dice


def test_rout_test_passed_on_the_leaders_ld():
    b = two_warbands()
    take_out(b, "s0u5", "s0u6")                         # 2 of 7 >= 25%
    events = b.apply(b.legal()[0], 4, 4)                # 8 <= the Captain's Ld 8
    assert any("rout test on Sellsword Captain's Ld" in t and "holds" in t
               for t in describe(events))
    assert not b.state.sides[0].routed


def test_rout_test_failed_the_warband_leaves_the_battle():
    b = Battle([warband("A", *SELLSWORDS),
                warband("B", "pilgrim_zealot", force="ash_pilgrims"),
                warband("C", "iron_novice", force="iron_brotherhood")], phase="recovery")
    for n in range(7):
        stand(b, f"s0u{n}", 4 + 2 * n, 4)
    stand(b, "s1u0", 20, 40)
    stand(b, "s2u0", 40, 20)
    take_out(b, "s0u0", "s0u6")                         # the leader is out of action too
    events = b.apply(b.legal()[0], 4, 4)                # 8 > 7, the best Ld left
    assert any("rout test on Sellsword Champion's Ld" in t for t in describe(events))
    assert b.state.sides[0].routed
    assert not any(m.alive for m in b.state.models.values() if m.side == 0)
    assert b.state.active == 1 and not b.state.over     # the next warband's turn


# --- movement and charges ----------------------------------------------------------------------
def test_a_charge_reaches_base_contact_within_twice_m():
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")])
    stand(b, "s0u0", 10, 20)
    stand(b, "s1u0", 10 + 7.5 + 25 / 25.4, 20)          # 7.5" edge to edge, reach 8"
    charge = Action("charge", "s0u0", targets=("s1u0",))
    assert charge in b.legal()
    start = model(b, "s0u0").copy()
    b.apply(charge)
    axeman, zealot = model(b, "s0u0"), model(b, "s1u0")
    assert b.geo.in_contact(axeman, zealot)
    assert b.geo.path_length(b.state, start, (axeman.x, axeman.y)) <= 8.0 + 1e-6
    assert flags(b, "s0u0").get("charged") and flags(b, "s1u0").get("was_charged")


def test_a_charge_needs_the_target_within_reach_and_in_sight():
    wall = Terrain(frozenset({"obscuring", "impassable"}),
                   ((14.0, 15.0), (15.0, 15.0), (15.0, 25.0), (14.0, 25.0)), "wall")
    b = Battle([warband("A", "sellsword_axeman", "sellsword_spearman"),
                warband("B", "pilgrim_zealot", "pilgrim_monk", force="ash_pilgrims")],
               terrain=[wall])
    stand(b, "s0u0", 10, 20)
    stand(b, "s1u0", 18.5, 20)                          # behind the wall: unseen
    stand(b, "s0u1", 10, 35)
    stand(b, "s1u1", 10 + 9 + 25 / 25.4, 35)            # 9" away: beyond 2xM = 8"
    assert "cannot see" in b.why(Action("charge", "s0u0", targets=("s1u0",)))
    assert "beyond" in b.why(Action("charge", "s0u1", targets=("s1u1",)))
    assert not [a for a in b.legal() if a.kind == "charge"]


def test_a_failed_charge_becomes_a_normal_move_toward_the_target():
    """The target is in reach and in sight, but an impassable (not obscuring) barrier makes
    the way round longer than 8": the charger moves toward it instead, up to M."""
    barrier = Terrain(frozenset({"impassable"}),
                      ((13.0, 10.0), (14.0, 10.0), (14.0, 30.0), (13.0, 30.0)), "barrier")
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")], terrain=[barrier])
    stand(b, "s0u0", 11, 20)
    stand(b, "s1u0", 16, 20)
    start = model(b, "s0u0").copy()
    events = b.apply(Action("charge", "s0u0", targets=("s1u0",)))
    assert any("charge fails" in t for t in describe(events))
    axeman = model(b, "s0u0")
    assert not b.geo.in_contact(axeman, model(b, "s1u0"))
    assert not flags(b, "s0u0").get("charged")
    moved = b.geo.path_length(b.state, start, (axeman.x, axeman.y)) or 0.0
    assert moved <= 4.0 + 1e-6


def test_a_normal_move_stays_within_m_and_more_than_an_inch_from_enemies():
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")])
    stand(b, "s0u0", 10, 20)
    stand(b, "s1u0", 15, 20)
    assert allowance(b.state, b.geo, model(b, "s0u0")) == 4.0   # an enemy within 8": no run
    too_close = Action("move", "s0u0", placement=(("s0u0m0", 13.5, 20.0),))
    assert RULE_NO_CONTACT in b.why(too_close)
    too_far = Action("move", "s0u0", placement=(("s0u0m0", 10.0, 25.0),))
    assert "more than the 4\" allowed" in b.why(too_far)
    offered = next(a for a in b.legal() if a.kind == "move" and a.targets == ("s1u0",))
    start = model(b, "s0u0").copy()
    b.apply(offered)
    axeman = model(b, "s0u0")
    assert b.geo.distance(axeman, model(b, "s1u0")) > 1.0
    assert b.geo.path_length(b.state, start, (axeman.x, axeman.y)) <= 4.0 + 1e-6
    assert b.why(offered) is not None                   # one move per model per turn


def test_running_doubles_the_move_with_no_enemy_within_eight_inches():
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")])
    stand(b, "s0u0", 5, 20)
    stand(b, "s1u0", 40, 20)
    assert allowance(b.state, b.geo, model(b, "s0u0")) == 8.0
    offered = next(a for a in b.legal() if a.kind == "move" and a.targets == ("s1u0",))
    assert "run toward" in offered.label
    b.apply(offered)
    assert model(b, "s0u0").x == pytest.approx(13.0, abs=0.01)


# --- turns and the end of the battle -----------------------------------------------------------
def three_warbands():
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims"),
                warband("C", "iron_novice", force="iron_brotherhood")], phase="recovery")
    stand(b, "s0u0", 5, 5)
    stand(b, "s1u0", 40, 40)
    stand(b, "s2u0", 40, 5)
    return b


def play_turn(b):
    b.apply(b.legal()[0])                               # recovery
    b.apply(Action("end_phase"))                        # movement
    # nobody fights: the turn passes at once


def test_warbands_take_their_turns_in_order_then_a_new_round():
    b = three_warbands()
    seen = []
    for _ in range(4):
        seen.append((b.state.round, b.state.active))
        play_turn(b)
    assert seen == [(1, 0), (1, 1), (1, 2), (2, 0)]


def test_a_routed_warband_is_skipped():
    b = three_warbands()
    b.state.sides[1].routed = True
    model(b, "s1u0").alive = False
    play_turn(b)
    assert b.state.active == 2


def test_the_battle_ends_at_the_round_limit():
    b = three_warbands()
    for _ in range(3 * b.state.scenario.rounds):
        play_turn(b)
    assert b.state.over and "round limit" in b.state.result["reason"]


def test_giving_up_routs_a_warband_and_ends_a_two_warband_battle():
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")])
    stand(b, "s0u0", 5, 5)
    stand(b, "s1u0", 40, 40)
    b.apply(Action("concede", option="1"))
    assert b.state.over and b.state.sides[1].routed and b.state.result["winner"] == 0
    with pytest.raises(IllegalAction):
        b.apply(Action("end_phase"))


def test_down_or_fleeing_models_hold_no_objective():
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")])
    stand(b, "s0u0", 5, 5)
    assert control_value(b.state, model(b, "s0u0")) == 1
    flags(b, "s0u0")[KNOCKED_DOWN] = True
    assert control_value(b.state, model(b, "s0u0")) == 0


def test_new_game_builds_two_to_four_warbands_in_their_zones():
    zones = {i: ((x, y), (x + 14, y), (x + 14, y + 14), (x, y + 14))
             for i, (x, y) in enumerate([(0, 0), (34, 34), (34, 0), (0, 34)])}
    scenario = Scenario(48, 48, deployment=zones, objectives=(Objective("well", 24, 24),))
    for sides in (2, 3, 4):
        s = RULESET.new_game(scenario, 1, RULESET.default_forces(sides))
        assert len(s.sides) == sides
        for m in s.models.values():
            (x0, y0), _, (x1, y1), _ = zones[m.side]
            assert x0 <= m.x <= x1 and y0 <= m.y <= y1
    assert len(RULESET.new_game(scenario, 1).sides) == 2
    assert default_forces(4) == ["sellswords", "ash_pilgrims", "marsh_raiders",
                                 "iron_brotherhood"]
    with pytest.raises(ValueError):
        default_forces(5)


# --- victory points --------------------------------------------------------------------------
def test_a_model_out_of_action_scores_for_the_warband_that_took_it_out():
    """Three warbands: the Axeman (warband 0) takes out the stunned Zealot (warband 1): 1 + 3
    points for warband 0, none for the Iron Brotherhood that took no part."""
    from game.rulesets.warband.victory import breakdown

    b = three_warbands()
    touching(b, "s0u0", "s1u0")
    flags(b, "s1u0")[STUNNED] = True
    b.state.active = 0
    start_combat(b)
    b.apply(b.legal()[0])                               # attacked while stunned: out
    rows = breakdown(b.state, [])
    assert [r["points"] for r in rows] == [4, 0, 0]


def test_a_routed_warbands_models_score_for_every_warband_still_fighting():
    from game.rulesets.warband.victory import breakdown

    b = three_warbands()
    b.apply(Action("concede", option="1"))
    assert [r["points"] for r in breakdown(b.state, [])] == [4, 0, 4]


def test_with_two_warbands_the_points_are_the_common_rules():
    from game import ai
    from game.rulesets.base import objective_holders, victory_breakdown
    from game.rulesets.warband.victory import control_value
    from game.turn import TurnController

    zones = {0: ((0, 0), (14, 0), (14, 14), (0, 14)), 1: ((34, 34), (48, 34), (48, 48), (34, 48))}
    scenario = Scenario(48, 48, deployment=zones, objectives=(Objective("well", 24, 24),),
                        rounds=8)
    for seed in range(3):
        c = TurnController(RULESET, scenario, seed)
        agents = {0: ai.make("greedy", seed), 1: ai.make("greedy", seed + 1)}
        while not c.over:
            c.apply(agents[c.current_player()].choose(c))
        holders = objective_holders(c.state, c.geo, control_value)
        common = [float(r["points"]) for r in victory_breakdown(c.state, holders)]
        assert c.state.result["points"] == common


def test_the_offers_bar_a_model_exactly_when_the_movement_rules_give_a_reason():
    from game.rulesets.warband.movement import act_bar, cannot_act

    b = two_warbands(phase="movement")
    flags(b, "s0u1")[KNOCKED_DOWN] = True
    flags(b, "s0u2")[FLEEING] = True
    take_out(b, "s0u3")
    touching(b, "s0u4", "s1u0")
    for m in b.state.models.values():
        reason = cannot_act(b.state, b.geo, m)
        assert (act_bar(b.state, b.geo, m) is None) == (reason is None)
    assert cannot_act(b.state, b.geo, model(b, "s0u0")) is None
    assert "knocked down" in cannot_act(b.state, b.geo, model(b, "s0u1"))
    assert "fleeing" in cannot_act(b.state, b.geo, model(b, "s0u2"))
    assert "out of action" in cannot_act(b.state, b.geo, model(b, "s0u3"))
    assert "not in the warband" in cannot_act(b.state, b.geo, model(b, "s1u1"))


def test_the_offers_read_running_charge_reach_and_the_nearest_enemy_off_one_measure_each():
    from game.rulesets.warband.movement import (
        can_run,
        charge_targets,
        enemy_gaps,
        nearest_enemy,
    )

    b = two_warbands(phase="movement")
    stand(b, "s1u0", 6, 9.5)      # under 6" from the captain at (4, 4): within charge reach
    stand(b, "s1u1", 30, 30)
    captain = model(b, "s0u0")
    gaps = enemy_gaps(b.state, b.geo, captain)
    assert sorted(enemy.unit for _, enemy in gaps) == [f"s1u{n}" for n in range(5)]
    assert charge_targets(b.state, b.geo, captain, gaps) == \
        charge_targets(b.state, b.geo, captain) == [model(b, "s1u0")]
    assert nearest_enemy(b.state, b.geo, captain, gaps) is model(b, "s1u0")
    assert not can_run(b.state, b.geo, captain, gaps)   # an enemy within 8"
    stand(b, "s1u0", 40, 40)
    far = model(b, "s0u6")                               # at (16, 4): s1u1 is the nearest
    assert can_run(b.state, b.geo, far)
    assert nearest_enemy(b.state, b.geo, far) is model(b, "s1u1")
