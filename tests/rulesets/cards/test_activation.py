"""Activation [added] (rules/cards.md, "The deck and the turn"): an activated unit may move up
to M" and may end its move in base contact with an enemy (a charge): the only way into base
contact. After the card's actions, the melee steps follow."""

from game.core.actions import Action, make_placement
from game.core.events import UnitMoved
from game.rulesets.cards import activation
from game.rulesets.cards.contact import any_contact, melee_groups
from tests.rulesets.cards.battle import DRAW, TOUCH, column, stack_deck, stand, two_units


def militia_pair(gap=4.0):
    """Militia (M6) s0u0 in a file at x=10, enemy Militia s1u0 `gap` inches (edge) east."""
    b = two_units()
    stand(b, "s0u0", column(10.0, 10.0, 4))
    stand(b, "s1u0", column(10.0 + TOUCH + gap, 10.0, 4))
    stack_deck(b, "unit:0:militia", "end")
    b.apply(DRAW)
    return b


def shifted(b, unit_id, dx, dy=0.0):
    return make_placement({m.id: (m.x + dx, m.y + dy) for m in b.state.alive_models(unit_id)})


def test_a_unit_moves_up_to_m_inches():
    """Activation: move up to M" (Militia: 6"), no further."""
    b = militia_pair(gap=20.0)
    assert b.why(Action("move", "s0u0", placement=shifted(b, "s0u0", 0.0, 6.0))) is None
    too_far = Action("move", "s0u0", placement=shifted(b, "s0u0", 0.0, 6.5))
    assert "more than the 6\" allowed" in b.why(too_far)


def test_a_charge_is_a_move_ending_in_base_contact_and_the_melee_follows():
    """A charge: the move ends in base contact with an enemy; the melee steps follow."""
    b = militia_pair(gap=4.0)
    charges = [a for a in b.legal() if a.option == "charge"]
    assert charges and "charge Militia" in charges[0].label
    events = b.apply(charges[0])
    moved = next(e for e in events if isinstance(e, UnitMoved))
    assert moved.how.startswith("charges") and moved.rule == activation.RULE_CHARGE
    assert melee_groups(b.state, b.geo) == [["s0u0", "s1u0"]]
    assert b.state.phase == "melee" and b.state.pending["melee"]["stage"] == "choose"


def test_only_a_charge_brings_figures_into_base_contact():
    """Contact only by charging: the other offered moves never end in base contact; a unit
    out of reach (more than M") is offered no charge."""
    b = militia_pair(gap=4.0)
    for a in b.legal():
        if a.kind == "move" and a.option != "charge":
            assert not activation.ends_in_contact(b.state, b.geo, "s0u0", a.destinations())
    far = militia_pair(gap=6.5)
    assert not [a for a in far.legal() if a.option == "charge"]


def test_moves_go_round_enemy_bases_not_through_them():
    """A figure may not pass through an enemy base: the path round it counts."""
    b = two_units()
    stand(b, "s0u0", [(10.0, 10.0)])
    stand(b, "s1u0", [(10.0 + TOUCH + 0.1, 10.0)])
    behind = (10.0 + 2 * TOUCH + 0.3, 10.0)   # just beyond the enemy: 2.2" straight through
    stack_deck(b, "unit:0:militia")
    b.apply(DRAW)
    length = b.geo.path_length(b.state, b.state.models["s0u0m0"], behind)
    assert length > 2.3
    assert b.why(Action("move", "s0u0", placement=make_placement({"s0u0m0": behind}))) is None


def test_staying_is_an_activation_and_the_next_card_follows_when_no_one_touches():
    b = militia_pair(gap=10.0)
    b.apply(Action("stay", "s0u0"))
    assert b.state.phase == "draw" and not any_contact(b.state, b.geo)


def test_offered_moves_keep_the_unit_in_one_body():
    """[added] What the rules offer keeps the figures linked by 2" gaps (coherency alone would
    let a unit split into far-apart pairs)."""
    from game.rulesets.cards.figures import linked

    b = militia_pair(gap=4.0)
    for a in b.legal():
        if a.placement:
            assert linked(b.state, b.geo, "s0u0", a.destinations())
