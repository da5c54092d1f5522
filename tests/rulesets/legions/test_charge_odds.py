"""Guarantee 3 for legions: the charge odds shown (declaration labels, the roll's label, the
`odds` command, the AI) are what the game then does. They come from one function
(charge.chance / charge_odds) that takes the same steps as the charge: the setup move the
game offers (none when disordered), "already won", then the roll, counting only the rolls for
which the charge move finds a legal placement.

Checked two ways on built positions: exactly, by playing the real charge once for every kept
die 1-6 (scripted) and adding up the chances of those that succeed; and by a seeded Monte
Carlo over the real resolution (random dice), within a stated tolerance.
"""

import math
from fractions import Fraction

import pytest

from game.core.actions import Action
from game.core.dice import Dice
from game.core.events import ChargeResolved
from game.core.state import Terrain
from game.rulesets.legions import RULESET, charge, charge_odds, statuses
from game.rulesets.legions.charge_moves import solve_move
from game.rulesets.legions.combat import locked_with
from game.rulesets.legions.odds import charge_distribution, charge_success
from tests.rulesets.legions.battle import D32, Battle, facing_lines, keep_only, stand

#: Volley choices in these tests: both sides hold their fire, so no volley casualty (not part
#: of the charge odds, see charge_odds) comes between the declaration and the roll.
HOLD = "hold"
#: Nor does the target react (an Evade changes the gap: the roll's odds are shown after it).
NO_REACTION = "none"


def _passive(a):
    return (a.kind == "volley" and a.option == HOLD) or (a.kind == "react"
                                                         and a.option == NO_REACTION)


def resolve_charge(state, geo, unit, target, dice):
    """Play the declared charge to its end with the game's own offers (no reaction, holding both
    volleys); True when it succeeded."""
    state = state.copy()
    events = RULESET.apply(state, Action("declare_charge", unit, targets=(target,)), geo, dice)
    while "charge" in state.pending and not state.over:
        offered = RULESET.legal_actions(state, geo)
        pick = next((a for a in offered if _passive(a)), offered[0])
        events += RULESET.apply(state, pick, geo, dice)
    results = [e for e in events if isinstance(e, ChargeResolved)]
    return bool(results) and results[-1].success, events


def outcome_with_kept_die(b, unit, target, kept):
    """The real charge with the roll's kept die scripted (the other die a 1); the Cool check
    after a failure rolls whatever the seeded dice give."""
    return resolve_charge(b.state, b.geo, unit, target, Dice(kept, script=[kept, 1]))


def exact_from_the_game(b, unit="s0u0", target="s1u0"):
    """P(success) as the game resolves it: the chance of each kept die whose charge succeeds
    (a charge won by the setup move rolls no die: then every line succeeds)."""
    odds = charge_distribution()
    return sum((odds[k] for k in range(1, 7) if outcome_with_kept_die(b, unit, target, k)[0]),
               Fraction(0))


def shown(b, unit="s0u0", target="s1u0"):
    label = next(a.label for a in b.legal() if a.kind == "declare_charge" and a.unit == unit
                 and a.targets == (target,))
    return charge.chance(b.state, b.geo, unit, target), label


# --- open ground: the setup move and disorder ----------------------------------------------------

@pytest.mark.parametrize("gap", [2.5, 4.0, 5.5, 7.0, 8.5, 9.4])
def test_whole_charge_odds_equal_the_game_on_open_ground(gap):
    b = facing_lines(gap)
    chance, label = shown(b)
    assert chance.p == exact_from_the_game(b)
    assert chance.percent() in label
    # On open ground the setup move goes straight in: the ruleset's (and `odds`'s) figure.
    assert chance.p == RULESET.charge_odds(gap)


def test_a_disordered_charge_at_5_inches_shows_56_percent_not_97():
    """Disordered (a Stunned model): no setup move, so the roll must cover all 5": 20/36."""
    b = facing_lines(5.0)
    b.state.models["s0u0m1"].statuses = frozenset({statuses.STUNNED})
    chance, label = shown(b)
    assert chance.p == Fraction(20, 36) == charge_success(5.0)
    assert "disordered: no setup move, 5.0\" to go: 5\" needed (5/9 = 56%)" in label
    assert chance.p == exact_from_the_game(b)
    assert chance.p == RULESET.charge_odds(5.0, disordered=True)


def test_the_ai_values_a_charge_by_the_same_odds():
    from game.rulesets.legions.evaluation import charge_value

    near, far = facing_lines(4.0), facing_lines(8.5)
    assert charge.chance(near.state, near.geo, "s0u0", "s1u0").p == 1
    assert charge_value(near.state, near.geo, "s0u0", "s1u0") > charge_value(
        far.state, far.geo, "s0u0", "s1u0")


# --- a roll that covers the gap but finds no legal placement --------------------------------------

WALL = Terrain(frozenset({"impassable"}), ((22.0, 10.0), (22.6, 10.0), (22.6, 38.0),
                                           (22.0, 38.0)), "Long wall")


def walled_off():
    """One Line trooper and one Ember trooper 4" apart, edge to edge, a long impassable wall
    between them: the way round is far longer than any roll."""
    b = Battle(["line_squad"], ["ember_squad"], terrain=(WALL,))
    b.state.pending["sub"] = "charge"
    keep_only(b, "s0u0", ["s0u0m1"])
    keep_only(b, "s1u0", ["s1u0m1"])
    stand(b, "s0u0m1", 20.0, 24.0)
    stand(b, "s1u0m1", 20.0 + D32 + 4.0, 24.0)
    return b


def test_rolls_that_find_no_placement_are_not_counted_and_the_label_says_why():
    b = walled_off()
    chance, label = shown(b)
    assert chance.blocked == tuple(range(chance.need, 7)) and chance.p == 0
    assert "finds no legal placement (the way to base contact is longer or blocked)" in label
    assert chance.p == exact_from_the_game(b)
    # The naive figure (the gap alone) would have promised a fair chance.
    assert charge_success(chance.gap) > 0


def test_a_roll_that_covers_the_gap_but_finds_no_placement_fails_naming_the_reason():
    b = walled_off()
    success, events = outcome_with_kept_die(b, "s0u0", "s1u0", 6)
    failed = [e for e in events if isinstance(e, ChargeResolved)][-1]
    assert not success
    assert "no legal placement reaches base contact within 6\"" in failed.reason
    assert "Charge failure" in failed.rule


def test_a_unit_already_in_base_contact_wins_its_charge():
    """Touching the target but not locked (the fight left them so): an orderly charge is won
    at once; a disordered one rolls, and any roll succeeds with no model moving (this used to
    find "no legal placement")."""
    b = facing_lines(0.0)
    keep_only(b, "s0u0", ["s0u0m1"])  # no model behind that could still step closer
    assert charge.chance(b.state, b.geo, "s0u0", "s1u0").p == 1
    assert exact_from_the_game(b) == 1
    b.state.models["s0u0m1"].statuses = frozenset({statuses.SUPPRESSED})
    assert charge.chance(b.state, b.geo, "s0u0", "s1u0").p == 1
    success, _ = outcome_with_kept_die(b, "s0u0", "s1u0", 1)
    assert success
    dest = solve_move(b.state, b.geo, "s0u0", "s1u0", 1.0, "charge move", True)
    assert dest == {m.id: (m.x, m.y) for m in b.state.alive_models("s0u0")}


# --- Monte Carlo over the real resolution ---------------------------------------------------------

#: Trials per position, and the tolerance: 4 standard errors of a proportion at p = 1/2
#: (0.5 / sqrt(trials)), so a correct figure fails about once in 16 000 runs (the seed is fixed).
TRIALS = 160
TOLERANCE = 4 * 0.5 / math.sqrt(TRIALS)


@pytest.mark.parametrize(("gap", "stunned"), [(7.0, False), (5.0, True)])
def test_charge_odds_match_a_monte_carlo_of_the_real_charge(gap, stunned):
    b = facing_lines(gap)
    if stunned:
        b.state.models["s0u0m1"].statuses = frozenset({statuses.STUNNED})
    p = charge.chance(b.state, b.geo, "s0u0", "s1u0").p
    dice = Dice(2024)
    wins = sum(resolve_charge(b.state, b.geo, "s0u0", "s1u0", dice)[0] for _ in range(TRIALS))
    assert abs(wins / TRIALS - float(p)) <= TOLERANCE


def test_the_roll_label_after_the_setup_move_is_the_same_figure():
    b = facing_lines(7.0)
    chance = charge.chance(b.state, b.geo, "s0u0", "s1u0")
    b.apply(Action("declare_charge", "s0u0", targets=("s1u0",)))
    b.apply(next(a for a in b.legal() if a.kind == "setup_move"))
    for _ in range(3):  # no reaction, then both volleys held
        b.apply(next(a for a in b.legal() if _passive(a)))
    roll = next(a for a in b.legal() if a.kind == "charge_roll")
    assert chance.percent() in roll.label
    assert RULESET.action_odds(b.state, roll, b.geo) == {
        "Ember Squad": {"the charge reaches": chance.p, "it fails": 1 - chance.p}}
    assert not locked_with(b.state, "s0u0")


def test_the_nearest_model_goes_ahead_when_the_whole_unit_cannot_close_in_together():
    """A position from greedy battle seed 2 (positions in greedy_seed2_charge.json): with a
    roll of 1, every model heading for contact at once leaves the unit out of coherency, and
    the search used to give up there (the charge failed for want of a placement); the nearest
    model going in alone is a legal charge move, and the odds count that roll."""
    import json
    from pathlib import Path

    from game.core.geometry import CONTACT_TOLERANCE
    from game.io.tmx import default_map_for, load_scenario
    from game.table import Table

    saved = json.loads((Path(__file__).parent / "greedy_seed2_charge.json").read_text())
    scenario = load_scenario(default_map_for("legions"))
    state = RULESET.new_game(scenario, saved["seed"])
    for m in state.models.values():
        m.alive = m.id in saved["models"]
        if m.alive:
            m.x, m.y = saved["models"][m.id]
    geo = Table(scenario)
    unit, target, roll = saved["unit"], saved["target"], float(saved["roll"])
    whole = geo.approach(state, unit, [target], roll, CONTACT_TOLERANCE,
                         avoid=[e.id for e in state.enemy_units(state.units[unit].side)
                                if e.id != target], avoid_range=0.1)
    assert "out of coherency" in charge.move_problem(state, geo, unit, target, whole, roll,
                                                     "charge move", True)
    dest = solve_move(state, geo, unit, target, roll, "charge move", True)
    assert dest is not None
    assert charge.move_problem(state, geo, unit, target, dest, roll, "charge move", True) is None
    chance = charge_odds.roll_chance(state, geo, unit, target)
    assert chance.need <= saved["roll"] and saved["roll"] not in chance.blocked
