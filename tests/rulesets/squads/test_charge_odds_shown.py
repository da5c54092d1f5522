"""Guarantee 3: the charge odds shown before the roll equal what the game then does (exact on
built positions, and Monte Carlo over the real resolution)."""

from fractions import Fraction

from game.core import probability as P
from game.core.actions import Action
from game.core.dice import Dice
from game.core.state import Terrain
from game.rulesets.squads import RULESET
from game.rulesets.squads.charge import charge_chance
from tests.rulesets.squads.battle import MOB_RADIUS, Battle, mob_vs_marines_battle

D = 2 * MOB_RADIUS


def offered_after(b, roll) -> bool:
    """Declare the charge on a copy with this roll scripted: is a charge on s1u0 offered?"""
    state = b.state.copy()
    dice = Dice(0, strict=True)
    dice.script(roll - roll // 2, roll // 2)
    RULESET.apply(state, Action("charge", "s0u0"), b.geo, dice)
    if "charge" not in state.pending:
        return False
    return any("s1u0" in a.targets for a in RULESET.legal_actions(state, b.geo)
               if a.kind == "charge_move")


def game_odds(b) -> Fraction:
    return sum((p for roll, p in P.sum_of_dice(2).items() if offered_after(b, roll)),
               Fraction(0))


def shown(b) -> Fraction:
    table = RULESET.action_odds(b.state, Action("charge", "s0u0"), b.geo)
    return table[b.state.units["s1u0"].name]["charge reaches"]


def test_charge_odds_shown_equal_the_game_on_open_ground():
    """The worked example, 7" apart: 2D6 >= 7 is 21/36, and every such roll is offered."""
    b = mob_vs_marines_battle()
    b.state.phase = "charge"
    assert game_odds(b) == Fraction(21, 36) == RULESET.charge_odds(7.0) == shown(b)


def test_charge_odds_shown_count_the_detour_round_a_wall():
    """With a wall in the way the path is longer than the straight 7": the declaration's
    odds are the game's own (solver and all), not P(2D6 >= 7)."""
    wall = Terrain(frozenset({"impassable"}), ((13.0, 15.0), (14.0, 15.0), (14.0, 29.0),
                                               (13.0, 29.0)))
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])], terrain=[wall])
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 7.0 + D, 22.0, 180.0)
    odds = shown(b)
    assert odds == game_odds(b) == charge_chance(b.state, b.geo, "s0u0", "s1u0")
    assert odds < RULESET.charge_odds(7.0)  # the straight distance alone would say 7/12


def test_charge_odds_monte_carlo_over_the_real_resolution():
    """300 charges with real dice on copies of the worked example: the share offered is within
    4 standard errors of the odds shown."""
    b = mob_vs_marines_battle()
    b.state.phase = "charge"
    p = float(shown(b))
    hits = 0
    runs = 300
    for seed in range(runs):
        state = b.state.copy()
        RULESET.apply(state, Action("charge", "s0u0"), b.geo, Dice(seed))
        if "charge" in state.pending and any(
                a.kind == "charge_move" for a in RULESET.legal_actions(state, b.geo)):
            hits += 1
    error = (p * (1 - p) / runs) ** 0.5
    assert abs(hits / runs - p) <= 4 * error
