"""squads positions of one theme: stay in the fight you are winning.

A unit locked in melee with a beaten enemy unit finishes it: in the fight phase's remaining
combats both units strike, the active side's first (squads' order, `fight.RULE_ORDER`), and its
blows wipe the few models left (a model a point, the unit wiped three more). A strong player
does not Fall Back from there. Greedy (one ply) values a Fall Back as a move: the ground it puts
between the units and the coming charges' exchange, never the fight it gives up, so it walks
out of the combat and leaves the beaten unit alive.

Each position has two tests: that it is sound (every strong move's paired gain over greedy's
choice is clear over 200 seeded lines of play: `clear_gain`) and that the search plays the
strong move (marked xfail, strict, where the search does not yet: the reason says why)."""

import pytest

from tests.ai.positions.common import clear_gain, search_plays_strong


def _squads_in_a_won_fight(unit="line_marines", mob_left=3, rounds_left=1):
    """The Company's Movement phase in round `rounds - rounds_left + 1` (the Company plays
    second: with 1 round left, its turn is the battle's last): its `unit` (5 Line Marines or
    10 Blade Veterans) stands 1" from a Brute Mob cut down to `mob_left` models, engaged.
    Staying, it fights the Mob this turn; falling back, it gives the Mob its life (and, earlier
    in the battle, its next charge)."""
    from game.rulesets.squads.engagement import engaged_enemies
    from tests.rulesets.squads.battle import MOB_RADIUS, Battle

    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", [unit])], phase="movement")
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 2 * MOB_RADIUS + 1.0, 22.0, 180.0)
    for model in b.state.alive_models("s0u0")[mob_left:]:
        model.alive = False
    b.state.round = b.state.scenario.rounds - rounds_left + 1
    b.state.active = 1
    assert engaged_enemies(b.state, b.geo, "s1u0") == ["s0u0"]
    return b.ruleset, b.state, b.geo


def _stays(action):
    return action.kind == "end_phase"


def test_squads_falling_back_from_the_beaten_mob_is_worse_than_staying():
    """Staying gains 3.15 +- 0.18 points over greedy's Fall Back (200 lines)."""
    greedy_first, _ = clear_gain([_squads_in_a_won_fight()], 1, _stays)
    assert greedy_first.option == "fall_back"


def test_squads_search_stays_in_the_won_fight():
    search_plays_strong(*_squads_in_a_won_fight(), 1, _stays)


def test_squads_falling_back_a_round_early_is_worse_than_staying():
    """A round before the end (the Mob left alive fights on in the last round, its own turn
    first): staying still gains 1.32 +- 0.25 points over greedy's Fall Back (200 lines)."""
    greedy_first, _ = clear_gain([_squads_in_a_won_fight(rounds_left=2)], 1, _stays)
    assert greedy_first.option == "fall_back"


@pytest.mark.xfail(strict=True, reason="search (no budget): its 6 rollouts to the battle's end "
                   "read staying +1.28 +- 1.33 over the Fall Back, under the 0.5 point + 1 "
                   "standard error an override needs; at the 1.0 s budget 12 rollouts read "
                   "+1.75 +- 0.85 (seed 0) and it stays on seeds 0, 2 and 3 of 0-3")
def test_squads_search_stays_in_the_won_fight_a_round_early():
    search_plays_strong(*_squads_in_a_won_fight(rounds_left=2), 1, _stays)


def _veterans(rounds_left):
    return _squads_in_a_won_fight("blade_veterans", 5, rounds_left)


@pytest.mark.parametrize("rounds_left", [1, 2])
def test_squads_the_veterans_falling_back_from_the_beaten_mob_is_worse_than_staying(
        rounds_left):
    """10 Blade Veterans and 5 Mob models: in the last round staying gains 8.00 points on
    every line (the Veterans' blows wipe the Mob before it strikes); a round earlier, 1.00
    +- 0.05 (left alive, the Mob charges them in the last round and strikes first there, its
    own turn, before they wipe it: seeds 0-2 of greedy's play)."""
    greedy_first, _ = clear_gain([_veterans(rounds_left)], 1, _stays)
    assert greedy_first.option == "fall_back"


@pytest.mark.parametrize("rounds_left", [1, 2])
def test_squads_search_keeps_the_veterans_in_the_won_fight(rounds_left):
    search_plays_strong(*_veterans(rounds_left), 1, _stays)
