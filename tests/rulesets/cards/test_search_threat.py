"""The searcher's threat term in cards counts only a charge the unit can still make: none
while Shaken (its next activation only rallies), none in the last round once its card is
drawn (no shuffle comes after the last round)."""

from game.ai.evaluate import raw_threats
from game.rulesets.cards import battle_rounds
from game.rulesets.cards.search_hooks import can_charge_again
from tests.rulesets.cards.battle import DRAW, TOUCH, column, stack_deck, stand, two_units


def _facing(round_, deck):
    """Militia against Warriors 2" apart (within both moves); side 0's card drawn, `deck`
    left in the round `round_`."""
    b = two_units("militia", "warriors")
    stand(b, "s0u0", column(10.0, 10.0, 4))
    stand(b, "s1u0", column(10.0 + TOUCH + 2.0, 10.0, 4))
    b.state.round = round_
    stack_deck(b, "unit:0:militia", *deck)
    b.apply(DRAW)
    return b


def test_in_the_last_round_a_unit_whose_card_is_drawn_threatens_nothing():
    b = _facing(battle_rounds(two_units().state.scenario), ["end"])
    assert can_charge_again(b.state, "s0u0")  # waiting on the card in play
    assert not can_charge_again(b.state, "s1u0")
    threats = raw_threats(b.ruleset, b.state, b.geo, b.ruleset.reach_odds)
    assert threats[0] > 0 and threats[1] == 0


def test_with_its_card_left_or_a_round_to_come_it_still_threatens():
    last = battle_rounds(two_units().state.scenario)
    for b in (_facing(last, ["unit:1:warriors", "end"]), _facing(last - 1, ["end"])):
        assert can_charge_again(b.state, "s1u0")
        assert raw_threats(b.ruleset, b.state, b.geo, b.ruleset.reach_odds)[1] > 0


def test_a_shaken_unit_threatens_nothing():
    b = _facing(1, ["unit:1:warriors", "end"])
    b.state.units["s1u0"].flags["shaken"] = True
    assert not can_charge_again(b.state, "s1u0")
    assert raw_threats(b.ruleset, b.state, b.geo, b.ruleset.reach_odds)[1] == 0
