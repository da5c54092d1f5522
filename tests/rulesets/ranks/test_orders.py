"""The turn of `ranks` [added]: one order per unit (Hold, March, Turn, Charge; Fight for units
in contact at the start of the turn; Flee for routed ones), sides in turn, round limit, and
the contract (refused actions leave the state alone)."""

import pytest

from game.core.actions import Action
from game.core.dice import Dice
from game.core.errors import IllegalAction
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.ranks import RULESET
from game.turn import TurnController
from tests.rulesets.ranks.battle import two_units
from tests.rulesets.ranks.test_combat import NOTHING, engaged


def test_a_new_battle_starts_with_side_0_giving_orders():
    scenario = load_scenario(default_map_for("ranks"))
    s = RULESET.new_game(scenario, 3)
    assert (s.round, s.active, s.phase) == (1, 0, "orders")
    assert RULESET.current_player(s) == 0
    assert {u.side for u in s.units.values()} == {0, 1}


def test_end_turn_passes_to_the_other_side_and_rounds_run_to_the_limit():
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s0u0", 10.0, 22.0, 0.0)
    b.stand("s1u0", 50.0, 22.0, 180.0)
    b.apply(Action("end_turn"))
    assert (b.state.round, b.state.active) == (1, 1)
    b.apply(Action("end_turn"))
    assert (b.state.round, b.state.active) == (2, 0)
    for _ in range(2 * (b.state.scenario.rounds - 1)):
        b.apply(Action("end_turn"))
    assert b.state.over and "round limit" in b.state.result["reason"]


def test_each_unit_gets_one_order_a_turn_and_orders_reset_next_turn():
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s0u0", 10.0, 22.0, 0.0)
    b.stand("s1u0", 50.0, 22.0, 180.0)
    b.apply(Action("hold", "s0u0"))
    assert not [a for a in b.legal() if a.unit == "s0u0"]
    b.apply(Action("end_turn"))
    b.apply(Action("end_turn"))
    assert [a for a in b.legal() if a.unit == "s0u0"]


def test_only_your_own_units_take_orders():
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s0u0", 10.0, 22.0, 0.0)
    b.stand("s1u0", 50.0, 22.0, 180.0)
    assert b.why(Action("hold", "s1u0")) == "Choose one of your own units"


def test_the_fight_order_is_compulsory_for_units_in_contact_at_the_start():
    b = engaged()
    assert "must fight first" in b.why(Action("end_turn"))
    # nor can it Hold out of the compulsory fight (explain_illegal used to accept that)
    assert "its order is Fight" in b.why(Action("hold", "s0u0"))
    b.apply(Action("fight", "s0u0"), *([NOTHING] * 28))
    assert b.why(Action("end_turn")) is None


def test_a_unit_whose_enemy_has_gone_may_only_hold():
    b = engaged()
    b.stand("s1u0", 50.0, 5.0, 180.0)  # the enemy is no longer there
    assert [a.kind for a in b.ruleset.unit_orders(b.state, b.geo, "s0u0")] == ["hold"]
    assert b.why(Action("end_turn")) is None


def test_an_illegal_action_is_refused_and_the_state_is_unchanged():
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s0u0", 10.0, 22.0, 0.0)
    b.stand("s1u0", 50.0, 22.0, 180.0)
    before = repr(b.state)
    with pytest.raises(IllegalAction) as refused:
        b.ruleset.apply(b.state, Action("charge", "s0u0", targets=("s1u0",)), b.geo, Dice(0))
    assert "more than Sword Band's move" in refused.value.reason
    assert repr(b.state) == before


def test_concession_ends_the_battle():
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s0u0", 10.0, 22.0, 0.0)
    b.stand("s1u0", 50.0, 22.0, 180.0)
    b.apply(Action("concede", option="0"))
    assert b.state.over and b.state.result["reason"] == "Crown conceded"


def test_a_battle_ends_when_one_side_has_no_bases():
    b = engaged()
    for m in b.models("s1u0")[1:]:
        m.alive = False
    last = b.models("s1u0")[0]
    last.wounds = 1
    # the first sword die is a 4: one hit on the last pike base, which has 1 AV left (the
    # script holds more dice than are rolled: only the first matters)
    dice = [4] + [NOTHING] * 20
    b.dice.script(*dice)
    b.ruleset.apply(b.state, Action("fight", "s0u0"), b.geo, b.dice)
    if b.state.phase == "combat":
        b.ruleset.apply(b.state, Action("talents_done"), b.geo, b.dice)
    assert b.state.over and "only one side" in b.state.result["reason"]


def test_client_hooks_facings_allowance_and_dice():
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s0u0", 20.0, 22.0, 0.0)
    b.stand("s1u0", 26.0, 30.0, 180.0)
    march = [a for a in b.legal() if a.kind == "march" and "nearest" in a.label][0]
    facings = RULESET.placement_facings(b.state, march)
    assert set(facings) == {m.id for m in b.models("s0u0")} and facings["s0u0m0"] > 0
    assert RULESET.move_allowance(b.state, march) == 5.0
    assert RULESET.base_dice(b.state, b.geo) == {}


def test_the_controller_plays_a_whole_battle_on_the_shipped_map():
    scenario = load_scenario(default_map_for("ranks"))
    from game import ai

    controller = TurnController(RULESET, scenario, 11)
    agents = {0: ai.make("greedy", 1), 1: ai.make("random", 2)}
    controller.play(agents)
    assert controller.over and controller.state.result["points"]


def test_the_hover_card_text_is_plain_words():
    """Item 8 of the ranks brief: no raw Python ("talents ['Parry', 'Steady']", "support
    True") in what the ruleset gives the client for a base."""
    b = two_units(["sword_band"], ["pike_block"])
    officer = next(m for m in b.models("s1u0") if "officer" in m.statuses)
    lines = RULESET.model_lines(b.state, officer.id)
    assert lines[0] == "CV 2 (dice) · AV 2 of 2 (armour) · move 4\""
    assert "talents: Parry, Steady" in lines
    assert any(line.startswith("supports the front rank") for line in lines)
    assert any(line.startswith("the unit's officer") for line in lines)
    assert not any("[" in line or "True" in line for line in lines)
    assert "slots" in RULESET.hidden_flags


def test_orders_offered_in_a_battle_with_the_forces_swapped_are_legal():
    """Offered means legal across battles in one session: the order cache must not hand a
    unit the moves of the unit that had its id in the previous battle (another M)."""
    from game import ai

    scenario = load_scenario(default_map_for("ranks"))
    first = TurnController(RULESET, scenario, 0, ["crown_host", "marcher_league"])
    agent = ai.make("greedy", 0)
    for _ in range(4):
        first.apply(agent.choose(first))
    swapped = TurnController(RULESET, scenario, 0, ["marcher_league", "crown_host"])
    for action in swapped.legal_actions():
        assert swapped.explain_illegal(action) is None, action.to_text()
