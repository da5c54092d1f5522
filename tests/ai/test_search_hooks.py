"""Every ruleset names its searcher's hooks: a `reach_odds` that the evaluation uses for the
threats (a fixed move reaches or not; a rolled charge has its exact odds), `chance_outcomes`
where a decision rolls dice the search weighs exactly, and cards' `determinize`."""

import pytest

from game import rulesets
from game.ai.evaluate import THREAT_WEIGHT, evaluate, margin, threats
from game.rulesets.squads.search_hooks import reach_odds as squads_reach
from game.rulesets.warband.movement import charge_reach
from tests.ai.positions.test_more_positions import _warband
from tests.rulesets.squads.battle import mob_vs_marines_battle


def test_every_ruleset_has_a_reach_hook_and_cards_hides_its_deck():
    for ruleset_id in rulesets.ids():
        assert callable(getattr(rulesets.get(ruleset_id), "reach_odds", None)), ruleset_id
    assert callable(rulesets.get("cards").determinize)
    assert callable(rulesets.get("squads").chance_outcomes)
    assert callable(rulesets.get("legions").chance_outcomes)


def test_squads_evaluate_is_the_margin_with_the_2d6_charge_odds():
    b = mob_vs_marines_battle()
    assert evaluate(b.ruleset, b.state, 0, b.geo) == pytest.approx(
        margin(b.ruleset, b.state, 0, b.geo, squads_reach))


def test_warband_threat_counts_an_enemy_within_twice_the_move_as_certain():
    from game.rulesets.warband.search_hooks import reach_odds as _reach

    ruleset, state, geo = _warband(29.5)  # the Zealot 5.5" from the Axeman: within 2 x M
    zealot = state.models[state.units["s0u0"].models[0]]
    reach = charge_reach(zealot)
    assert _reach(state, "s0u0", reach) == 1 and _reach(state, "s0u0", reach + 0.01) == 0
    out = threats(ruleset, state, geo, _reach)
    assert out[0] == pytest.approx(1 * THREAT_WEIGHT * 0.5)  # side 1 is to act: half weight


def test_squads_threat_is_move_then_charge_when_the_units_move_comes_first():
    """14" edge to edge: beyond a 2D6 charge alone (0), but an M6 unit whose Move comes
    first (the side not to act; or the side to act before its Movement) charges from 8":
    P(2D6 >= 8) = 15/36. Once moved, or in its own Charge phase, the charge alone counts."""
    from fractions import Fraction

    b = mob_vs_marines_battle()
    s = b.state
    s.active, s.phase = 0, "charge"
    assert squads_reach(s, "s1u0", 14.0) == Fraction(15, 36)  # the Marines move first
    assert squads_reach(s, "s0u0", 14.0) == 0  # the Mob charges now, without a move
    assert squads_reach(s, "s0u0", 7.0) == Fraction(21, 36)
    s.phase = "movement"
    assert squads_reach(s, "s0u0", 14.0) == Fraction(15, 36)
    s.units["s0u0"].flags["moved"] = True
    assert squads_reach(s, "s0u0", 14.0) == 0


def test_squads_move_then_charge_stops_outside_engagement_range():
    """A 6" Move from 5" away may not end within 2" (engagement range): the charge is rolled
    from just outside it (35/36), never from 0" (no charge within 2")."""
    from fractions import Fraction

    b = mob_vs_marines_battle()
    b.state.active = 0
    assert squads_reach(b.state, "s1u0", 5.0) == Fraction(35, 36)


def test_legions_threat_is_move_then_charge_when_the_units_move_comes_first():
    """The Veteran Guard (M7, setup move 3" for its I + M) 12" off, its Move to come: 2" left
    after the setup move, the kept die reaches it on anything but a double 1 (35/36); 16.5"
    off it stays 6.5" short after the setup move, beyond the kept die (0). The Line Squad,
    to act in its charge sub-phase, charges without a move: 12" is out of its reach."""
    from fractions import Fraction

    from game.rulesets.legions.search_hooks import reach_odds as legions_reach
    from tests.rulesets.legions.battle import facing_lines

    s = facing_lines(12.0, side1=("veteran_guard",)).state
    assert (s.active, s.phase) == (0, "assault")
    assert legions_reach(s, "s1u0", 12.0) == Fraction(35, 36)
    assert legions_reach(s, "s1u0", 16.5) == 0
    assert legions_reach(s, "s0u0", 12.0) == 0


def test_threat_counts_an_enemy_beyond_its_charge_but_within_move_then_charge():
    """The evaluation's threat term reads the hook: the Marines 14" from the Mob (the Mob to
    act in its Charge phase) threaten it with P(2D6 >= 8) x the models reached, at the half
    weight of the side not to act; the Mob, charging now, threatens nothing at 14"."""
    b = mob_vs_marines_battle()
    b.place("s1u0", b.state.alive_models("s1u0")[0].x + 7.0, 22.0, 180.0)
    gap = b.distance("s0u0", "s1u0")
    assert abs(gap - 14.0) < 1e-6
    b.state.active, b.state.phase = 0, "charge"
    reached = min(len(b.state.alive_models("s0u0")), len(b.state.alive_models("s1u0")))
    out = threats(b.ruleset, b.state, b.geo, squads_reach)
    assert out[0] == 0
    assert out[1] == pytest.approx(15 / 36 * reached * THREAT_WEIGHT * 0.5)


def test_legions_a_unit_locked_in_combat_makes_no_move_before_its_next_charge():
    """The Guard 12" off reaches after its Move (35/36); locked in combat it makes no Move,
    and its setup move and kept die alone do not cover 12" (0)."""
    from fractions import Fraction

    from game.rulesets.legions.combat import lock
    from game.rulesets.legions.search_hooks import reach_odds as legions_reach
    from tests.rulesets.legions.battle import facing_lines

    s = facing_lines(12.0, side1=("veteran_guard",)).state
    assert legions_reach(s, "s1u0", 12.0) == Fraction(35, 36)
    lock(s, "s1u0", "s0u0")
    assert legions_reach(s, "s1u0", 12.0) == 0


def test_warband_soft_stop_of_the_next_turn_only_with_more_than_two_warbands():
    from game.ai.search import TURN_SOFT, SearchAgent
    from game.rulesets.warband.search_hooks import MANY_SIDES_SOFT
    from tests.rulesets.warband.battle import Battle, warband

    ruleset = rulesets.get("warband")
    two = Battle([warband("A", "sellsword_axeman"), warband("B", "sellsword_axeman")]).state
    three = Battle([warband("A", "sellsword_axeman"), warband("B", "sellsword_axeman"),
                    warband("C", "sellsword_axeman")]).state
    assert SearchAgent.soft_share(ruleset, two, 1) is None
    assert SearchAgent.soft_share(ruleset, three, 1) == MANY_SIDES_SOFT < 1
    assert SearchAgent.soft_share(ruleset, two, None) == TURN_SOFT
    assert SearchAgent.soft_share(ruleset, three, None) == TURN_SOFT
    assert SearchAgent.soft_share(rulesets.get("squads"), two, 1) is None  # today's default


def test_a_warband_soft_stop_after_one_round_is_the_look_aheads_verdict(monkeypatch):
    """With three warbands, a next-turn look-ahead that stopped at the soft stop after one
    rollout each (no challenger led) keeps greedy's choice as its verdict: the tree over
    decisions does not spend the rest of the budget. With two (no soft stop there), a
    look-ahead that compared one rollout each still leaves the decision to the tree."""
    import game.ai.search as search
    from game.ai.turns import timing_key
    from game.io.tmx import default_map_for, load_scenario
    from game.sim import battle_forces
    from game.turn import TurnController

    ruleset = rulesets.get("warband")
    scenario = load_scenario(default_map_for("warband"))

    def one_round_each(ruleset, world, geo, me, cands, *args, **kwargs):
        for cand in cands:
            cand.turn_values = [0.0]
        return max(cands, key=lambda c: c.greedy)

    trees = []
    monkeypatch.setattr(search, "look_ahead", one_round_each)
    monkeypatch.setattr(search.SearchAgent, "search_tree",
                        lambda self, *args: trees.append(args) or max(args[4],
                                                                      key=lambda c: c.greedy))
    for sides, tree_calls in ((3, 0), (2, 1)):
        trees.clear()
        controller = TurnController(ruleset, scenario, 0, battle_forces(ruleset, sides, scenario))
        while len(controller.legal_actions()) == 1:
            controller.apply(controller.legal_actions()[0])
        agent = search.SearchAgent(0, budget=1.0)
        agent._timing[timing_key(None)] = 10.0  # rollouts to the end too dear: the next turn
        agent.choose(controller)
        assert agent.last_horizon == 1
        assert len(trees) == tree_calls, sides
        assert agent.last_by == ("turns" if tree_calls == 0 else "tree")
