"""Positions of one theme: don't charge into the second unit's counter-attack.

A strong player counts the fight back before choosing a charge: charging unit A may bring unit
B into the fight (it is a target too, or it charges in next turn), and then the charger loses
more than it wins. Greedy (one ply) values a charge by the blows it strikes first and never by
the blows that come back, so it walks into the second unit's reply.

Each position has two tests: that it is sound (every strong move's paired gain over greedy's
choice is clear over 200 seeded lines of play: `clear_gain`) and that the search plays the
strong move (marked xfail, strict, where the search does not yet: the reason says why). A
position that more lines of play show unsound (`no_clear_gain`) keeps only a test saying so."""

import pytest

from game.core.actions import Action
from tests.ai.positions.common import clear_gain, no_clear_gain, search_plays_strong


def _squads_double_charge():
    """Last round, the Brute Mob's charge rolled 9 (5 + 4): both the Line Marines (5" east)
    and the Blade Veterans (5" north-east) are within the roll. Greedy takes both (its value
    of a charge move is the best single fight, plus a hair per target): the Veterans, made a
    target, fight the Mob back in this turn's remaining combats and again in the Company's
    turn. The Marines alone are the charge a strong player makes."""
    from tests.rulesets.squads.battle import Battle

    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines", "blade_veterans"])])
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 16.5, 17.0, 180.0)
    b.place("s1u1", 16.5, 29.0, 180.0)
    b.state.round = b.state.scenario.rounds
    b.state.active, b.state.phase = 0, "charge"
    b.apply(Action("charge", "s0u0"), 5, 4)
    assert set(b.state.pending["charge"]["reachable"]) == {"s1u0", "s1u1"}
    return b.ruleset, b.state, b.geo


def _marines_only(action):
    return action.kind == "charge_move" and action.targets == ("s1u0",)


def test_squads_charging_both_units_is_worse_than_the_marines_alone():
    """The Marines alone gain 2.33 +- 0.27 points over greedy's double charge (200 lines)."""
    greedy_first, _ = clear_gain([_squads_double_charge()], 0, _marines_only)
    assert set(greedy_first.targets) == {"s1u0", "s1u1"}


@pytest.mark.xfail(strict=True, reason="search: a charge's follow-ups (end of phase, the Mob's "
                   "fight, pile-in, attack) fill its depth: no line meets the Company's reply")
def test_squads_search_charges_the_marines_alone():
    search_plays_strong(*_squads_double_charge(), 0, _marines_only)


def _squads_veterans_behind(veterans=(30.0, 22.0)):
    """Last round, the Brute Mob's charge phase: the Line Marines stand 5" east, a charge
    worth declaring alone; the Blade Veterans stand 18.7" off behind them, beyond their own
    6" move and 12" charge range. The charge takes the Mob 4-5" nearer: in the Company's
    turn, the battle's last, the Veterans move and charge it (AP-2: the Mob has no save left)
    while it still fights the Marines. Not charging, the Veterans cannot reach it."""
    from tests.rulesets.squads.battle import Battle

    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines", "blade_veterans"])])
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 16.5, 22.0, 180.0)
    b.place("s1u1", *veterans, 180.0)
    b.state.round = b.state.scenario.rounds
    b.state.active, b.state.phase = 0, "charge"
    return b.ruleset, b.state, b.geo


def test_squads_the_charge_is_worth_declaring_without_the_veterans():
    from tests.ai.positions.common import mean_margin

    ruleset, state, geo = _squads_veterans_behind((50.0, 40.0))
    charge = Action("charge", "s0u0")
    assert (mean_margin(ruleset, state, geo, charge, 0, 10)
            > mean_margin(ruleset, state, geo, Action("end_phase"), 0, 10))


def test_squads_charging_into_the_veterans_reach_is_worse_than_holding():
    """Holding gains 4.22 +- 0.46 points over greedy's charge (200 lines)."""
    greedy_first, _ = clear_gain([_squads_veterans_behind()], 0,
                                 lambda a: a.kind == "end_phase")
    assert greedy_first.kind == "charge"


def test_squads_search_holds_out_of_the_veterans_reach():
    """The last round's 18 rounds of rollouts (squads' `LAST_ROUND_TURN_ROUNDS`) see holding's
    gain beyond the margin and its error; 6 did not."""
    search_plays_strong(*_squads_veterans_behind(), 0, lambda a: a.kind == "end_phase")


def _warband_champion_behind(champion=(21.0, 24.0)):
    """Last round, warband A's turn: its Zealot stands 4.5" from an Axeman, in charge reach;
    a Champion (double-handed weapon) stands 4.5" behind the Axeman, out of the Zealot's
    reach now. Alone the Axeman is a charge worth making; but the charge ends in the
    Champion's reach, and in warband B's turn (the battle's last) the Champion charges in:
    two against one. Standing still, the Zealot is charged by the Axeman alone."""
    from game.core.state import Scenario
    from game.rulesets.warband import RULESET
    from game.rulesets.warband.profile import build_state
    from game.table import Table

    scenario = Scenario(48, 48, objectives=(), rounds=5, source="test")
    state = build_state("warband", scenario, 0,
                        [("A", "ash_pilgrims", ["pilgrim_zealot", "pilgrim_zealot"]),
                         ("B", "sellswords", ["sellsword_axeman", "sellsword_champion"])])
    for unit_id, (x, y) in (("s0u0", (10.0, 24.0)), ("s0u1", (4.0, 44.0)),
                            ("s1u0", (15.5, 24.0)), ("s1u1", champion)):
        model = state.models[state.units[unit_id].models[0]]
        model.x, model.y = x, y
    state.round, state.active, state.phase = 5, 0, "movement"
    return RULESET, state, Table(scenario)


def _zealot_waits(action):
    return action.kind == "end_phase" or (action.unit == "s0u0" and action.option == "regroup")


def test_warband_the_charge_is_worth_making_without_the_champion():
    """The control: with the Champion far off, charging the Axeman beats waiting for it
    (40 lines: a lone duel's margin swings by a point or more from line to line)."""
    from tests.ai.positions.common import mean_margin

    ruleset, state, geo = _warband_champion_behind((40.0, 4.0))
    charge = Action("charge", "s0u0", targets=("s1u0",))
    assert (mean_margin(ruleset, state, geo, charge, 0, 40)
            > mean_margin(ruleset, state, geo, Action("end_phase"), 0, 40))


def test_warband_waiting_for_the_axeman_is_no_clear_gain_over_greedys_charge():
    """Not sound, so no search test: over seeds 0-19 waiting beat greedy's charge, but 200
    lines give waiting +0.32 +- 0.29 points (1.1 standard errors): the Champion's charge
    next turn costs the Zealot about what the charge now wins (with the Champion far off,
    the charge gains 0.86 +- 0.25 over waiting). The search keeps greedy's charge."""
    greedy_first, _ = no_clear_gain([_warband_champion_behind()], 0, _zealot_waits)
    assert greedy_first.kind == "charge"


def _legions_guard_behind(guard=True):
    """Last round, the Azure Legion's charge sub-phase: its Line Squad faces an Ember Squad
    down to 5 models, 4" away; the Veteran Guard (WS5, two attacks) stands 15" off, beyond
    the Ember Squad. Alone, the Ember Squad is a charge worth making. But the charge locks
    the Line Squad in the Ember Squad's combat 4" nearer the Guard, whose Move, setup move
    and kept die then reach it in the Ashen turn, the battle's last: it fights both."""
    from tests.rulesets.legions.battle import facing_lines, keep_only

    side1 = ("ember_squad", "veteran_guard") if guard else ("ember_squad",)
    b = facing_lines(4.0, side0=("line_squad",), side1=side1)
    if guard:
        b.place("s1u1", 36.0, 33.0, 180.0)
    keep_only(b, "s1u0", b.state.units["s1u0"].models[:5])
    b.state.round = b.state.scenario.rounds
    b.state.active = 0
    return b.ruleset, b.state, b.geo


def _no_charge(action):
    return action.kind == "end_charges"


def test_legions_the_charge_is_worth_making_without_the_guard():
    from tests.ai.positions.common import mean_margin

    ruleset, state, geo = _legions_guard_behind(guard=False)
    charge = Action("declare_charge", "s0u0", targets=("s1u0",))
    assert (mean_margin(ruleset, state, geo, charge, 0)
            > mean_margin(ruleset, state, geo, Action("end_charges"), 0))


def test_legions_charging_into_the_guards_reach_is_worse_than_holding():
    """Holding gains 2.73 +- 0.31 points over greedy's charge (200 lines)."""
    greedy_first, _ = clear_gain([_legions_guard_behind()], 0, _no_charge)
    assert greedy_first.kind == "declare_charge"


@pytest.mark.xfail(strict=True, reason="search: the threat now reads the Guard's Move, but the "
                   "turn look-ahead's 4 rollouts cannot call it (hold +1.0 +- 2.1 over the "
                   "charge) and the tree at depth 3 stops before the Guard's turn")
def test_legions_search_holds_out_of_the_guards_reach():
    search_plays_strong(*_legions_guard_behind(), 0, _no_charge)


def _cards_grenadiers_behind(order):
    """Round 5 of 6, the Regulars' card (6 figures): 3" east stand 6 Militia, a charge worth
    making alone (Aggression and Defence 5+); 4" beyond them, 6 Grenadiers (Elite, 3+ to
    hit). After the melee the Regulars stand where the Grenadiers' move reaches them, and
    the Grenadiers' card is still to come (this round or the next): they charge the
    Regulars, weakened by the melee. `order`: the undrawn cards of the round, hidden from
    the players, so the check weighs both orders alike. Played out, the charge is still the
    better play on average (the test below)."""
    from tests.rulesets.cards.battle import DRAW, TOUCH, Battle, column, stack_deck, stand

    b = Battle([("Column", "garrison_column", ["regulars"]),
                ("War Party", "frontier_war_party", ["militia", "grenadiers"])])
    stand(b, "s0u0", column(10.0, 10.0, 6))
    x = 10.0 + TOUCH + 3.0
    stand(b, "s1u0", column(x, 10.0, 6))
    stand(b, "s1u1", column(x + TOUCH + 4.0, 10.0, 6))
    b.state.round = 5
    stack_deck(b, "unit:0:regulars", *order)
    b.apply(DRAW)
    return b.ruleset, b.state, b.geo


#: The round's undrawn cards, in both orders: the Grenadiers' card before or after the end.
ORDERS = (("unit:1:grenadiers", "end"), ("end", "unit:1:grenadiers"))


def _regulars_hold_back(action):
    return action.kind == "stay" or (action.kind == "move" and action.option != "charge"
                                     and action.placement[0][1] < 10.0)


def test_cards_holding_the_regulars_back_is_no_clear_gain_over_greedys_charge():
    """Not sound, so no search test: over seeds 0-19 of both deals, staying or stepping back
    beat greedy's charge of the Militia, but over 200 lines of each deal, stepping back gains
    +0.54 +- 0.40 points when the Grenadiers' card comes first and loses 2.15 +- 0.33 when
    the End comes first (staying: -0.77 +- 0.48 and -1.72 +- 0.38): the deal is hidden, so
    greedy's charge is the better play, and the search keeps it."""
    positions = [_cards_grenadiers_behind(order) for order in ORDERS]
    greedy_first, _ = no_clear_gain(positions, 0, _regulars_hold_back)
    assert greedy_first.option == "charge"
