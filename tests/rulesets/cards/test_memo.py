"""Answers remembered per position (memo.py): a copy of the position finds them, any change
to a figure or a flag asks afresh, and `apply` still checks in full what it is given."""

from game.core.actions import Action, make_placement
from game.rulesets.base import placed_view
from game.rulesets.cards import activation
from tests.rulesets.cards.battle import D, stand, two_units


def _card(b, unit_id="s0u0"):
    s = b.state
    s.phase = "activate"
    s.active = s.units[unit_id].side
    s.pending["activation"] = {"card": f"unit:{s.active}:militia", "units": [unit_id]}


def _counting(monkeypatch):
    calls = []
    real = activation.unit_actions

    def counted(s, geo, unit_id):
        calls.append(unit_id)
        return real(s, geo, unit_id)

    monkeypatch.setattr(activation, "unit_actions", counted)
    return calls


def _set_up():
    b = two_units()
    stand(b, "s0u0", [(10.0, 10.0 + 1.2 * i) for i in range(4)])
    stand(b, "s1u0", [(14.0, 10.0 + 1.2 * i) for i in range(4)])
    _card(b)
    return b


def test_offers_of_a_position_are_listed_once_and_its_copies_find_them(monkeypatch):
    b = _set_up()
    calls = _counting(monkeypatch)
    first = activation.activation_actions(b.state, b.geo)
    again = activation.activation_actions(b.state.copy(), b.geo)
    assert calls == ["s0u0"]
    assert again == first and [a.label for a in again] == [a.label for a in first]
    again.clear()  # a caller's list is its own: the remembered offers are not touched
    assert activation.activation_actions(b.state, b.geo) == first


def test_offers_are_listed_afresh_when_an_enemy_figure_moves(monkeypatch):
    b = _set_up()
    calls = _counting(monkeypatch)
    near = activation.activation_actions(b.state, b.geo)
    assert any(a.option == "charge" for a in near)
    stand(b, "s1u0", [(40.0, 40.0 + 1.2 * i) for i in range(4)])   # out of charge reach
    far = activation.activation_actions(b.state, b.geo)
    assert calls == ["s0u0", "s0u0"]
    assert not any(a.option == "charge" for a in far)


def test_shaken_unit_only_rallies_even_after_its_offers_were_listed():
    b = _set_up()
    assert len(activation.activation_actions(b.state, b.geo)) > 1
    b.state.units["s0u0"].flags["shaken"] = True
    assert [a.kind for a in activation.activation_actions(b.state, b.geo)] == ["rally"]


def test_apply_still_checks_in_full_a_placement_that_was_not_offered():
    """Listing the offers first changes nothing for a placement dragged by hand: a figure
    moved farther than its M is refused by the movement rule."""
    b = _set_up()
    activation.activation_actions(b.state, b.geo)
    far = Action("move", "s0u0", placement=make_placement({"s0u0m0": (10.0, 30.0)}))
    assert "more than" in b.why(far)


def test_charge_ends_touching_a_far_enemy_figure_are_found_by_the_boxed_search():
    """ends_in_contact only measures enemies near the ends: an end touching an enemy figure
    far from the rest of the unit still counts as a charge; ends short of it do not."""
    b = two_units()
    stand(b, "s0u0", [(10.0, 10.0), (10.0, 11.2)])
    stand(b, "s1u0", [(30.0, 30.0)])
    s = b.state
    assert activation.ends_in_contact(s, b.geo, "s0u0", {"s0u0m0": (30.0 - D, 30.0)}) == ["s1u0"]
    assert activation.ends_in_contact(s, b.geo, "s0u0", {"s0u0m0": (30.0 - D - 0.1, 30.0)}) == []
    assert activation.ends_in_contact(s, b.geo, "s0u0", {}) == []


def test_a_placed_view_leaves_the_position_as_it_was():
    b = two_units()
    stand(b, "s0u0", [(10.0, 10.0), (10.0, 11.2)])
    view = placed_view(b.state, {"s0u0m0": (12.0, 10.0)})
    assert (view.models["s0u0m0"].x, b.state.models["s0u0m0"].x) == (12.0, 10.0)



def test_withheld_charges_reuse_the_charges_the_listing_solved(monkeypatch):
    """The listing and `withheld` ask the same charge of the same position: solved once."""
    b = _set_up()
    calls = []
    real = activation._charge_destinations

    def counted(s, geo, unit_id, target):
        calls.append((unit_id, target))
        return real(s, geo, unit_id, target)

    monkeypatch.setattr(activation, "_charge_destinations", counted)
    assert any(a.option == "charge" for a in activation.activation_actions(b.state, b.geo))
    assert activation.withheld(b.state, b.geo) == []
    assert calls == [("s0u0", "s1u0")]


def test_the_position_key_tells_apart_everything_the_offers_and_values_read():
    """A figure's pose, a Shaken flag, a talent used in the melee, the units waiting on the
    card, another battle's forces: each makes another key (the same key would hand back an
    answer about another position)."""
    from game.rulesets.cards.memo import position_key

    b = _set_up()
    s = b.state
    seen = {position_key(s)}
    assert position_key(s.copy()) in seen

    def changed(change):
        trial = s.copy()
        change(trial)
        key = position_key(trial)
        assert key not in seen
        seen.add(key)

    changed(lambda t: setattr(t.models["s1u0m0"], "x", 14.5))
    changed(lambda t: t.units["s1u0"].flags.__setitem__("shaken", True))
    changed(lambda t: t.pending.__setitem__("melee", {"used": {"s0u0": ["fierce"]}}))
    changed(lambda t: t.pending.__setitem__("activation", {"card": "x", "units": []}))
    changed(lambda t: setattr(t.sides[1], "force", "another_force"))
    changed(lambda t: setattr(t.models["s0u0m0"], "alive", False))
