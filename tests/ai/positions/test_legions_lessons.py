"""legions positions of a third lesson: finish the wounded unit first.

A strong player counts the unit it can wipe out: a unit wiped is worth 3 points beyond its
models (`victory_breakdown`), so a charge that may finish the last two models of a unit is
worth more than a surer one into a fresh unit, whose models fight back and outlast the battle.
Greedy (one ply) values a charge by its odds times one round's expected kills, uncapped by the
models left and blind to the wipe: the surer charge into the fresh unit scores higher.

Each position has two tests: that it is sound (every strong move's paired gain over greedy's
choice is clear over 200 seeded lines of play: `clear_gain`) and that the search plays it."""

from tests.ai.positions.common import clear_gain, search_plays_strong


def _legions_two_left_and_stunned():
    """Last round, the Azure Legion's charge sub-phase: its Veteran Guard (6 models, WS5, two
    attacks, I + M = 11: a setup move of 3") can charge a fresh Ember Squad (10 models) 4.5"
    off, a kept die of 2+ after the setup move (35/36), or the last two models of a second
    Ember Squad 7.0" off, Stunned (no reaction: it cannot evade), a kept die of 5+ (5/9).
    Greedy charges the fresh squad (1.69 against 1.22: the odds times one round's kills,
    reckoned alike on both and uncapped by the two models left). But the two models are a
    wipe in reach, 2 points and 3 for the unit, where the fresh squad fights back and
    outlasts the battle: charging the two gains 1.75 +- 0.38 points over greedy's charge
    (200 lines). Seeds 0-39: it wipes the unit in 20 lines and loses 6 Guard in all, where
    greedy's charge wipes none and loses 113."""
    from game.rulesets.legions import statuses
    from tests.rulesets.legions.battle import D32, Battle, keep_only

    b = Battle(("veteran_guard",), ("ember_squad", "ember_squad"))
    b.place("s0u0", 20.0, 24.0, 0.0, files=3)
    b.place("s1u0", 20.0 + D32 + 2.0, 14.0, 180.0)
    keep_only(b, "s1u1", b.state.units["s1u1"].models[-2:])
    b.place("s1u1", 20.0 + D32 + 7.0, 24.0, 180.0)
    statuses.gain(b.state, "s1u1", statuses.STUNNED, "set-up")
    b.state.round = b.state.scenario.rounds
    b.state.active = 0
    return b.ruleset, b.state, b.geo


def _charges_the_two(action):
    return action.kind == "declare_charge" and action.targets == ("s1u1",)


def test_legions_the_fresh_squads_charge_is_worse_than_finishing_the_two():
    greedy_first, _ = clear_gain([_legions_two_left_and_stunned()], 0, _charges_the_two)
    assert greedy_first.kind == "declare_charge" and greedy_first.targets == ("s1u0",)


def test_legions_search_charges_the_last_two():
    """No budget: the turn look-ahead's 6 rollouts read the charge of the two +2.33 +- 1.63
    over greedy's (it overrides above 0.5 + 1 standard error). At the default budget of 1 s
    (seeds 0-7, first decision) it charged the two 4 times of 8: its 12 rollouts read +1.6 to
    +3.7 (+- 1.0 to 2.5) and the true gain, +1.75, sits at that threshold."""
    search_plays_strong(*_legions_two_left_and_stunned(), 0, _charges_the_two)
