"""Transports (rules/legions.md, charge sub-phase: "embarked on a transport", "disembarked this
turn" [part 2]; transports.py): embark and disembark in the Movement phase ([added] reach,
capacity, one unit per Transport, 2" of the hull), what being embarked forbids, the disordered
charge after disembarking, a wreck's passengers, the victory count, and the AI's choice."""

from game.core.actions import Action, make_placement
from game.core.dice import Dice
from game.core.events import StatusChanged
from game.core.state import frozen_profile
from game.rulesets.legions import statuses, transports
from game.rulesets.legions.charge import disordered_reasons, forbidden_reason
from game.rulesets.legions.evaluation import action_value
from game.rulesets.legions.transports import (
    BOARDED,
    EMBARKED,
    RULE_DISEMBARK,
    RULE_EMBARK,
    embark_problem,
)
from game.rulesets.legions.wounds import remove
from tests.rulesets.legions.battle import Battle

CARRIER_HALF_DEPTH = 115 / 25.4 / 2


def carrier_battle(riders=("veteran_guard",), enemy_x=64.0):
    """Side 0: an Armoured Carrier at (20, 24) facing +x, and the riders' block 3" behind
    its rear (a 6-model block: every model within 7"); side 1: an Ember Squad at `enemy_x`."""
    b = Battle(["armoured_carrier", *riders], ["ember_squad"], phase="movement")
    b.place("s0u0", 20.0, 24.0, 0.0)
    for k, _ in enumerate(riders):
        b.place(f"s0u{k + 1}", 20.0 - CARRIER_HALF_DEPTH - 3.0, 20.0 + 8.0 * k, 90.0)
    b.place("s1u0", enemy_x, 24.0, 180.0)
    return b


def embark(b, unit="s0u1", carrier="s0u0"):
    return Action("embark", unit, targets=(carrier,))


def next_turn_for(b, unit):
    """The unit's turn flags are cleared, as at the start of its side's next turn."""
    for flag in ("moved", BOARDED, "disembarked"):
        b.unit(unit).flags.pop(flag, None)


def test_embark_the_models_leave_the_table_and_the_unit_is_aboard():
    b = carrier_battle()
    offered = [a for a in b.legal() if a.kind == "embark"]
    assert offered == [embark(b)]
    events = b.apply(offered[0])
    assert [e.describe() for e in events] == [
        "Veteran Guard embarks on Armoured Carrier: its models leave the table"]
    assert not b.state.alive_models("s0u1")
    assert b.unit("s0u1").flags[EMBARKED] == "s0u0"
    assert b.state.sides[0].casualties == []  # aboard, not dead
    rows = transports.victory_rows(b.state, [])
    assert rows[1]["models_removed"] == 0 and rows[1]["units_wiped"] == 0


def test_embark_needs_every_model_within_its_m_of_the_hull():
    b = carrier_battle()
    far = min(b.state.alive_models("s0u1"), key=lambda m: m.x)
    far.x -= 2.0  # about 7.9" from the hull's rear edge
    assert embark_problem(b.state, b.geo, "s0u1", "s0u0") == (
        f"{far.name} is more than its M\" from Armoured Carrier's hull ({RULE_EMBARK})")
    assert b.why(embark(b)) == embark_problem(b.state, b.geo, "s0u1", "s0u0")
    assert not [a for a in b.legal() if a.kind == "embark"]


def test_one_unit_per_transport_within_its_capacity():
    b = carrier_battle(riders=("veteran_guard", "line_squad"))
    b.apply(embark(b))
    assert b.why(embark(b, "s0u2")) == (
        f"Armoured Carrier already carries a unit ({RULE_EMBARK})")
    b2 = carrier_battle()
    ship = b2.state.models["s0u0m0"]
    ship.profile = frozen_profile({**ship.profile, "capacity": 5})
    assert embark_problem(b2.state, b2.geo, "s0u1", "s0u0") == (
        f"Armoured Carrier has room for 5 models, not 6 ({RULE_EMBARK})")
    b2.state.models["s0u1m5"].alive = False  # 5 left: they fit
    assert embark_problem(b2.state, b2.geo, "s0u1", "s0u0") is None


def test_no_embarking_on_a_transport_locked_in_combat():
    from game.rulesets.legions.combat import lock
    b = carrier_battle(enemy_x=26.0)
    lock(b.state, "s0u0", "s1u0")
    assert embark_problem(b.state, b.geo, "s0u1", "s0u0") == (
        f"Armoured Carrier is locked in combat ({RULE_EMBARK})")


def test_a_pinned_or_moved_unit_cannot_embark():
    b = carrier_battle()
    b.unit("s0u1").flags["moved"] = True
    assert "already moved" in embark_problem(b.state, b.geo, "s0u1", "s0u0")
    b.unit("s0u1").flags.pop("moved")
    statuses.gain(b.state, "s0u1", statuses.PINNED, "test")
    assert "Pinned" in embark_problem(b.state, b.geo, "s0u1", "s0u0")


def test_an_embarked_unit_cannot_charge():
    b = carrier_battle(enemy_x=34.0)
    b.apply(embark(b))
    b.apply(Action("end_phase"))
    assert "embarked on a transport" in forbidden_reason(b.state, "s0u1")
    assert not [a for a in b.legal() if a.kind == "declare_charge" and a.unit == "s0u1"]


def test_no_disembarking_in_the_turn_it_embarked():
    b = carrier_battle()
    b.apply(embark(b))
    assert not [a for a in b.legal() if a.kind == "disembark"]
    assert b.why(Action("disembark", "s0u1")) == (
        f"Veteran Guard embarked this turn ({RULE_DISEMBARK})")


def test_disembark_within_2_inches_of_the_hull_and_the_charge_is_disordered():
    b = carrier_battle(enemy_x=40.0)
    b.apply(embark(b))
    next_turn_for(b, "s0u1")
    offers = [a for a in b.legal() if a.kind == "disembark"]
    assert offers and all("within 2\"" in a.label for a in offers)
    b.apply(offers[0])
    ship = b.state.models["s0u0m0"]
    models = b.state.alive_models("s0u1")
    assert len(models) == 6
    assert all(b.geo.distance(m, ship) <= 2.0 for m in models)
    assert b.unit("s0u1").flags["disembarked"] and EMBARKED not in b.unit("s0u1").flags
    assert disordered_reasons(b.state, "s0u1") == ["it disembarked this turn"]


def test_a_disembark_placement_beyond_2_inches_is_refused():
    b = carrier_battle()
    b.apply(embark(b))
    next_turn_for(b, "s0u1")
    offer = next(a for a in b.legal() if a.kind == "disembark")
    dest = {mid: (x + 3.0, y) for mid, (x, y) in offer.destinations().items()}
    reason = b.why(Action("disembark", "s0u1", placement=make_placement(dest)))
    assert "would not be within 2\" of Armoured Carrier" in reason


def test_a_wrecked_transports_passengers_get_out_within_3_inches_pinned():
    b = carrier_battle()
    b.apply(embark(b))
    wreck = b.state.models["s0u0m0"]
    remove(b.state, wreck, "Armoured Carrier")
    events = transports.wrecks(b.state, b.geo, Dice(0, strict=True))
    text = [e.describe() for e in events]
    assert text[0] == "Armoured Carrier is wrecked"
    assert "Veteran Guard gets out of the wreck (6 models placed, 0 lost)" in text
    models = b.state.alive_models("s0u1")
    assert len(models) == 6 and all(b.geo.distance(m, wreck) <= 3.0 for m in models)
    assert any(isinstance(e, StatusChanged) and e.status == "Pinned" for e in events)
    assert transports.wrecks(b.state, b.geo, Dice(0, strict=True)) is None  # said once


def test_the_ai_embarks_while_the_enemy_is_far_and_gets_out_near_it():
    b = carrier_battle(enemy_x=64.0)
    best = max(b.legal(), key=lambda a: action_value(b.state, a, b.geo))
    assert best.kind == "embark"
    b.apply(best)
    next_turn_for(b, "s0u1")
    stay = [a for a in b.legal() if a.kind == "disembark"]
    assert stay and all(action_value(b.state, a, b.geo) < 0 for a in stay)
    b.place("s1u0", 34.0, 24.0, 180.0)  # now an enemy stands within 12" of the carrier
    b.unit("s0u0").flags["moved"] = True  # and the carrier has made its move
    near = [a for a in b.legal() if a.kind == "disembark"]
    best = max(b.legal(), key=lambda a: action_value(b.state, a, b.geo))
    assert best in near and action_value(b.state, best, b.geo) > 0
