"""End of battle and victory points (common.md "Turns and victory"; squads OC for objectives)."""

from game.core.actions import Action
from game.core.state import Objective, Scenario
from game.rulesets.base import objective_holders, victory_breakdown
from game.rulesets.squads import RULESET, control_value
from tests.rulesets.squads.battle import Battle


def with_objective(b, x, y):
    b.state.scenario = Scenario(60.0, 44.0, objectives=(Objective("Hill", x, y),), source="test")


def test_points_per_model_removed_and_unit_wiped():
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines", "warden"])])
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 40.0, 12.0, 180.0)
    b.place("s1u1", 40.0, 32.0, 180.0)
    for m in b.state.alive_models("s1u0")[:2]:
        m.alive = False
    b.state.models["s1u1m0"].alive = False  # the Warden: a unit wiped out
    rows = victory_breakdown(b.state, [])
    assert rows[0]["models_removed"] == 3 and rows[0]["units_wiped"] == 1
    assert rows[0]["points"] == 3 * 1 + 1 * 3


def test_objective_control_weighs_models_by_oc_and_battle_shock_counts_zero():
    b = Battle([("Horde", "brute_horde", ["brute_chief"]),
                ("Company", "line_company", ["line_marines"])])
    with_objective(b, 30.0, 22.0)
    b.place("s0u0", 28.0, 22.0, 0.0)             # one model, OC 1
    b.place("s1u0", 32.5, 22.0, 180.0, files=1)  # Marines in a file: only some within 3"
    near = [m for m in b.state.alive_models("s1u0")
            if b.geo.point_distance(m, (30.0, 22.0)) <= 3.0]
    assert len(near) >= 1
    assert objective_holders(b.state, b.geo, control_value) == [1]  # OC 2 per Marine beats 1
    b.unit("s1u0").flags["battle_shocked"] = True
    assert objective_holders(b.state, b.geo, control_value) == [0]


def test_a_conceding_side_loses_even_when_ahead():
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])], phase="movement")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 40.0, 22.0, 180.0)
    for m in b.state.alive_models("s1u0")[:3]:
        m.alive = False                            # side 0 leads 3-0 ...
    b.apply(Action("concede", option="0"))         # ... and concedes
    assert b.state.over and b.state.result["winner"] == 1


def test_battle_ends_when_one_side_has_no_models():
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["warden"])], phase="fight")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 32 / 25.4 / 2 + 40 / 25.4 / 2 + 0.01, 22.0, 180.0)
    b.state.models["s1u0m0"].wounds = 1
    b.state.pending["fight"] = {"step": "remaining", "chooser": 0, "unit": "s0u0",
                                "stage": "attack"}
    n = sum(1 for m in b.state.alive_models("s0u0")
            if b.geo.distance(m, b.state.models["s1u0m0"]) <= 2.0) * 3
    # one hit (6), wounds on 6 (S4 v T4 needs 4+), the save (3+, AP-1 -> 4+; inv 4+) fails on 1
    events = b.apply(Action("attack", "s0u0", targets=("s1u0",)), 6, *([1] * (n - 1)), 6, 1)
    assert b.state.over and b.state.result["winner"] == 0
    assert "only one side" in b.state.result["reason"]
    assert events[-1].describe().startswith("Battle over")


def test_battle_ends_at_the_round_limit():
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])], phase="fight")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 40.0, 22.0, 180.0)
    b.state.round, b.state.active = 5, 1
    RULESET._enter(b.state, b.geo, b.dice, "fight")    # nothing engaged: the turn ends
    assert b.state.over and "round limit" in b.state.result["reason"]
