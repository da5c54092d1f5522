"""Positions of one theme: the flank (ranks, the one ruleset with facings that count: a base
touching an enemy's flank rolls CV + 1, the flanked unit panics +1 and counts no ranks).

Where greedy takes a flank charge itself: its ranks charge value plays the charge on a copy and
reads the dice each base would roll, flank bonus and panic included, so a flank charge open
now is one it sees (tried: riders beside a pike block's end, with a frontal charge on a second
unit to choose instead; greedy took the better of the two every time). What it does not see
is the flank it offers: a march valued by the ground it closes, which ends with its flank in
reach of the enemy's cavalry.

Each position has two tests: that it is sound (every strong move's paired gain over greedy's
choice is clear over 200 seeded lines of play: `clear_gain`) and that the search plays the
strong move (marked xfail, strict, where the search does not yet: the reason says why)."""

from tests.ai.positions.common import clear_gain, mean_margin, search_plays_strong


def _ranks_march_across_the_riders(riders=True):
    """Last round, the Crown's turn (the League's follows, the battle's last): the Sword
    Band faces a Spear Wall 4.5" away; the Mailed Riders (M8) stand off its left front,
    facing across its path. Greedy marches 4.4" to the Spear Wall (0.17 of a point of
    ground): there its right flank lies 3.9" from the Riders, who charge into it (CV + 1 a
    base, and the band loses its ranks). Holding, 6.4" off, the Riders stand in its front
    arc: a charge of theirs would meet its front."""
    from tests.rulesets.ranks.battle import Battle

    armies = [("Crown", "crown_host", ["sword_band"]),
              ("League", "marcher_league", ["spear_wall"] + (["mailed_riders"] if riders
                                                             else []))]
    b = Battle(armies)
    b.stand("s0u0", 20.0, 22.0, 0.0)
    b.stand("s1u0", 24.5, 22.0, 180.0)
    if riders:
        b.stand("s1u1", 27.5, 29.0, 270.0)
    b.state.round = b.state.scenario.rounds
    b.state.active = 0
    b.begin_turn()
    return b.ruleset, b.state, b.geo


def _holds(action):
    return action.kind in ("hold", "end_turn")


def _the_march(ruleset, state, geo):
    return next(a for a in ruleset.legal_actions(state, geo)
                if a.kind == "march" and a.option.endswith("forward, no wheel"))


def test_ranks_the_march_costs_nothing_without_the_riders():
    """The control: with no Riders, the march ends no worse than holding (the Spear Wall's
    charge alone does not punish it): what the march costs is the flank it offers them."""
    ruleset, state, geo = _ranks_march_across_the_riders(riders=False)
    march = _the_march(ruleset, state, geo)
    hold = next(a for a in ruleset.legal_actions(state, geo) if a.kind == "hold")
    assert mean_margin(ruleset, state, geo, march, 0) >= mean_margin(ruleset, state, geo, hold, 0)


def test_ranks_marching_the_flank_into_the_riders_reach_is_worse_than_holding():
    """Holding gains 4.42 +- 0.28 points over greedy's march (200 lines)."""
    greedy_first, _ = clear_gain([_ranks_march_across_the_riders()], 0, _holds)
    assert greedy_first.kind == "march"


def test_ranks_the_riders_charge_the_flank_after_greedys_march():
    """What the march leads to: the Riders' charge is into the band's flank edge."""
    from game.ai.playout import Playout
    from game.core.dice import Dice
    from game.rulesets.ranks import charge

    ruleset, state, geo = _ranks_march_across_the_riders()
    play = Playout(ruleset, state.copy(), geo, Dice(0))
    play.take_automatic_steps()
    play.apply(_the_march(ruleset, play.state, geo))
    while play.current_player() == 0:
        play.apply(next(a for a in play.legal_actions() if a.kind in ("end_turn", "hold")))
    assert charge.target_arc(play.state, geo, "s1u1", "s0u0") in ("left", "right")
    assert any(a.kind == "charge" and a.unit == "s1u1" for a in play.legal_actions())


def test_ranks_search_holds_its_flank_out_of_the_riders_reach():
    search_plays_strong(*_ranks_march_across_the_riders(), 0, _holds)
