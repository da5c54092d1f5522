"""warband moves dragged by hand: the placement-carrying move a drag stands for, how far it may
go, and a model dropped on an enemy it may charge becoming a charge in base contact."""

from game.core.actions import Action
from game.rulesets.warband import RULESET
from game.rulesets.warband.movement import RULE_NO_CONTACT
from tests.rulesets.warband.battle import Battle, model, stand, warband


def two_models(gap):
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")])
    stand(b, "s0u0", 10, 20)
    stand(b, "s1u0", 10 + gap, 20)
    return b


def test_drag_template_is_a_placement_carrying_move_the_rules_accept():
    b = two_models(5)
    template = RULESET.drag_template(b.state, "s0u0", b.geo)
    assert template.kind == "move" and template.destinations() == {"s0u0m0": (10.0, 20.0)}
    dragged = Action("move", "s0u0", placement=(("s0u0m0", 10.0, 23.0),))
    assert b.why(dragged) is None
    b.apply(dragged)
    assert (model(b, "s0u0").x, model(b, "s0u0").y) == (10.0, 23.0)
    assert RULESET.drag_template(b.state, "s0u0", b.geo) is None  # one move per model per turn


def test_drag_template_none_for_an_enemy_model():
    b = two_models(5)
    assert RULESET.drag_template(b.state, "s1u0", b.geo) is None


def test_drag_allowance_is_the_move_and_charge_reach_the_drag_limit():
    b = two_models(5)  # an enemy within 8": no running, M 4
    move = RULESET.drag_template(b.state, "s0u0", b.geo)
    assert RULESET.drag_allowance(b.state, move, b.geo) == 4.0
    assert RULESET.drag_reach(b.state, move, b.geo) == 8.0  # it may charge the zealot (2xM)
    charge = Action("charge", "s0u0", targets=("s1u0",))
    assert RULESET.drag_allowance(b.state, charge, b.geo) == 8.0


def test_dragged_move_dropped_on_an_enemy_snaps_to_a_charge_in_base_contact():
    b = two_models(5)
    dropped = Action("move", "s0u0", placement=(("s0u0m0", 13.6, 20.2),))
    assert RULE_NO_CONTACT in b.why(dropped)  # as a plain move: refused, with the rule
    snapped = RULESET.snap_placement(b.state, dropped, b.geo)
    assert snapped.kind == "charge" and snapped.targets == ("s1u0",)
    assert b.why(snapped) is None
    spot = snapped.destinations()["s0u0m0"]
    charger = model(b, "s0u0").copy()
    charger.x, charger.y = spot
    assert b.geo.in_contact(charger, model(b, "s1u0")) and spot[0] < 15.0  # the side dropped
    b.apply(snapped)
    assert (model(b, "s0u0").x, model(b, "s0u0").y) == spot
    assert b.geo.in_contact(model(b, "s0u0"), model(b, "s1u0"))


def test_dragged_charge_pulled_away_again_is_a_normal_move():
    b = two_models(5)
    away = Action("charge", "s0u0", targets=("s1u0",), placement=(("s0u0m0", 10.0, 22.0),))
    snapped = RULESET.snap_placement(b.state, away, b.geo)
    assert snapped.kind == "move" and not snapped.targets and b.why(snapped) is None


def test_dragged_move_far_from_enemies_is_unchanged():
    b = two_models(12)
    dragged = Action("move", "s0u0", placement=(("s0u0m0", 10.0, 24.0),))
    assert RULESET.snap_placement(b.state, dragged, b.geo) is dragged
