"""Hand-built positions where a strong player sees the right move, which greedy (one ply)
misses and the search finds: tests that the search passes and greedy fails, and that the
position is sound (the strong move's paired gain over greedy's choice is clear over 200
seeded lines of play, greedy playing on for both sides: `clear_gain`)."""

from game.ai.greedy import GreedyAgent
from game.ai.search import SearchAgent
from game.core.state import Objective, Scenario
from game.table import Table
from tests.ai.positions.common import clear_gain, keeps_the_objective
from tests.ai.positions.common import play_out as _play_out


def _stand(state, unit_id, x, y):
    model = state.models[state.units[unit_id].models[0]]
    model.x, model.y = x, y


def _warband_last_turn_on_an_objective():
    """Last round, last turn: the Axeman (warband B) stands on the only objective; a Zealot
    stands 5.5" away, within charge reach but not within 3" of the objective. Charging it
    takes the Axeman off the objective (3 points) for a duel worth far less."""
    from game.rulesets.warband import RULESET
    from game.rulesets.warband.profile import build_state

    scenario = Scenario(48, 48, objectives=(Objective("well", 24, 24),), rounds=5,
                        source="test")
    state = build_state("warband", scenario, 0,
                        [("A", "ash_pilgrims", ["pilgrim_zealot", "pilgrim_zealot"]),
                         ("B", "sellswords", ["sellsword_axeman"])])
    _stand(state, "s0u0", 29.5, 24)
    _stand(state, "s0u1", 40, 44)
    _stand(state, "s1u0", 24, 24)
    state.round, state.active, state.phase = 5, 1, "movement"
    return RULESET, state, Table(scenario)


def test_warband_dont_leave_the_objective_on_the_last_turn():
    ruleset, state, geo = _warband_last_turn_on_an_objective()
    greedy_first, _ = _play_out(ruleset, state, geo, GreedyAgent(0))
    assert greedy_first.kind == "charge"  # greedy leaves the objective for the duel
    search_first, end = _play_out(ruleset, state, geo,
                                  SearchAgent(0, budget=None))
    assert search_first.kind != "charge"
    assert end.over and end.result["breakdown"][1]["objectives"] == 1


def test_warband_charging_off_the_objective_is_worse_than_keeping_it():
    """Every move that keeps the objective gains 3.06 +- 0.13 points over greedy's charge."""
    position = _warband_last_turn_on_an_objective()
    greedy_first, _ = clear_gain([position], 1, keeps_the_objective(*position, 1))
    assert greedy_first.kind == "charge"


def _squads_last_charge_phase_on_an_objective():
    """Last round, the Line Marines' charge phase: they stand on the objective (1" from their
    centre); the Brute Mob is 7" away. A charge would win a fight worth about a point but
    take them to the Mob, off the objective worth 3 at the end."""
    import dataclasses

    from tests.rulesets.squads.battle import mob_vs_marines_battle

    b = mob_vs_marines_battle()
    models = b.state.alive_models("s1u0")
    x = sum(m.x for m in models) / len(models)
    y = sum(m.y for m in models) / len(models)
    scenario = dataclasses.replace(b.state.scenario, objectives=(Objective("hill", x + 1, y),),
                                   rounds=5)
    b.state.scenario = scenario
    b.state.round, b.state.active, b.state.phase = 5, 1, "charge"
    return b.ruleset, b.state, Table(scenario)


def test_squads_dont_charge_off_the_objective_in_the_last_round():
    ruleset, state, geo = _squads_last_charge_phase_on_an_objective()
    greedy_first, greedy_end = _play_out(ruleset, state, geo, GreedyAgent(0))
    assert greedy_first.kind == "charge"
    assert greedy_end.result["breakdown"][1]["objectives"] == 0  # it charged off
    _, end = _play_out(ruleset, state, geo, SearchAgent(0, budget=None))
    # the search may declare the charge (a free look at the roll) but never makes the move
    assert end.over and end.result["breakdown"][1]["objectives"] == 1


def test_squads_charging_off_the_objective_is_worse_than_holding():
    """Not declaring the charge gains 1.33 +- 0.12 points over greedy's (greedy playing on
    makes the charge move when the roll allows)."""
    greedy_first, _ = clear_gain([_squads_last_charge_phase_on_an_objective()], 1,
                                 lambda a: a.kind == "end_phase")
    assert greedy_first.kind == "charge"


def _on_objective_behind(b, unit_id, dx):
    """The battle's scenario, now with one objective `dx` inches along x from the unit's
    centre, and the round limit reached: it is the last round, side 1's turn."""
    import dataclasses

    models = b.state.alive_models(unit_id)
    x = sum(m.x for m in models) / len(models)
    y = sum(m.y for m in models) / len(models)
    scenario = dataclasses.replace(b.state.scenario, objectives=(Objective("hill", x + dx, y),),
                                   rounds=5)
    b.state.scenario = scenario
    b.geo = Table(scenario)
    b.state.round, b.state.active = 5, 1


def _legions_last_charges_on_an_objective():
    """The Ember Squad holds an objective 3" behind its centre; the Line Squad is 8" away. A
    charge gains a fraction of a point and gives up the 3 of the objective."""
    from tests.rulesets.legions.battle import facing_lines

    b = facing_lines(8.0)
    _on_objective_behind(b, "s1u0", 3.0)
    b.state.phase = "assault"
    b.state.pending["sub"] = "charge"
    return b.ruleset, b.state, b.geo


def test_legions_dont_charge_off_the_objective_in_the_last_round():
    ruleset, state, geo = _legions_last_charges_on_an_objective()
    greedy_first, _ = _play_out(ruleset, state, geo, GreedyAgent(0))
    assert greedy_first.kind == "declare_charge"
    search_first, end = _play_out(ruleset, state, geo, SearchAgent(0, budget=None))
    assert search_first.kind == "end_charges"
    assert end.over and end.result["breakdown"][1]["objectives"] == 1


def test_legions_charging_off_the_objective_is_worse_than_ending_charges():
    """Ending the charges gains 3.88 +- 0.16 points over greedy's declared charge."""
    greedy_first, _ = clear_gain([_legions_last_charges_on_an_objective()], 1,
                                 lambda a: a.kind == "end_charges")
    assert greedy_first.kind == "declare_charge"


def _ranks_last_turn_on_an_objective():
    """The Pike Block holds an objective 2" behind it; the Sword Band stands 4" in front. A
    charge takes the block off the objective for a combat worth less than its 3 points."""
    from tests.rulesets.ranks.battle import two_units

    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 26.0, 22.0, 0.0)
    _on_objective_behind(b, "s1u0", 2.0)
    b.begin_turn()
    return b.ruleset, b.state, b.geo


def test_ranks_dont_charge_off_the_objective_in_the_last_round():
    ruleset, state, geo = _ranks_last_turn_on_an_objective()
    greedy_first, _ = _play_out(ruleset, state, geo, GreedyAgent(0))
    assert greedy_first.kind == "charge"
    search_first, end = _play_out(ruleset, state, geo, SearchAgent(0, budget=None))
    assert search_first.kind != "charge"
    assert end.over and end.result["breakdown"][1]["objectives"] == 1


def test_ranks_charging_off_the_objective_is_worse_than_keeping_it():
    """Every move that keeps the objective (holding, turning, wheeling on the spot) gains
    2.44 +- 0.24 points over greedy's charge."""
    position = _ranks_last_turn_on_an_objective()
    greedy_first, _ = clear_gain([position], 1, keeps_the_objective(*position, 1))
    assert greedy_first.kind == "charge"
