"""The Overwatch volley reaction (rules/legions.md, "Reactions", [part 2]) and what it needs:
the BS chart for shots fired normally [added], every ranged weapon (not only Assault ones),
snap shots still for a Suppressed unit, and cover terrain [added: a 4+ cover save against
volleys], which the Overwatch volley denies the charger. Strict scripted dice.
"""

import pytest

from game.core.actions import Action
from game.core.events import DiceRolled
from game.core.state import Terrain
from game.rulesets.legions import reactions, statuses
from game.rulesets.legions.cover import COVER_SAVE, in_cover
from game.rulesets.legions.evaluation import action_value
from game.rulesets.legions.odds import shot_target
from game.rulesets.legions.volley import RULE_OVERWATCH, volley
from game.rulesets.legions.wounds import pool_save, save_needed
from tests.rulesets.legions.battle import D32, Battle, declare, facing_lines, only, option


@pytest.mark.parametrize(("bs", "needed"), [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 2),
                                            (8, 2)])
def test_bs_chart_for_shots_fired_normally(bs, needed):
    assert shot_target(bs) == needed


def overwatch_declared(b):
    """Line Squad charges Ember Squad from 6": after the 3" setup move Ember Squad declares an
    Overwatch volley, and Line Squad holds its own volley."""
    declare(b, "s0u0", "s1u0")
    b.apply(only(b, "setup_move"))
    b.apply(option(b, "react", reactions.OVERWATCH))
    b.apply(option(b, "volley", "hold"))


def shot_rolls(events):
    return [(e.label, e.needed, e.outcome) for e in events if isinstance(e, DiceRolled)]


def test_overwatch_fires_every_ranged_weapon_normally_at_the_charger():
    b = facing_lines(6.0)
    overwatch_declared(b)
    assert b.ruleset.current_player(b.state) == 1
    assert [a.option for a in b.legal()] == ["overwatch", "hold"]
    assert "'overwatch' or 'hold'" in b.why(Action("volley", "s1u0", targets=("s0u0",),
                                                   option="fire"))
    # 9 troopers fire their rifles (2 shots each, not an Assault weapon) and all 10 models their
    # sidearms, hitting on 3+ (BS 4); every rifle shot misses, one sidearm shot hits and fails
    # to wound.
    events = b.apply(option(b, "volley", "overwatch"), *([1] * 18), 3, *([1] * 9), 3)
    assert shot_rolls(events) == [("18 shots with rifle", "3+", "0 hits"),
                                  ("10 shots with sidearm", "3+", "1 hit"),
                                  ("to wound", "4+", "0 wounds (S4 vs T4)")]
    assert all(e.rule == RULE_OVERWATCH for e in events if isinstance(e, DiceRolled))
    assert b.state.pending["charge"]["stage"] == "roll"


def test_a_suppressed_unit_fires_its_overwatch_as_snap_shots():
    b = facing_lines(6.0)
    for m in b.state.alive_models("s1u0"):
        m.statuses = frozenset({statuses.SUPPRESSED})
    overwatch_declared(b)
    events = b.apply(option(b, "volley", "overwatch"), *([1] * 18), *([1] * 10))
    assert shot_rolls(events) == [("18 snap shots with rifle", "6+", "0 hits"),
                                  ("10 snap shots with sidearm", "6+", "0 hits")]


def test_overwatch_needs_a_ranged_weapon_in_range_and_sight_of_the_charger():
    b = Battle(["veteran_guard"], ["ember_squad"])
    b.place("s0u0", 20.0, 24.0, 0.0, files=3)
    b.place("s1u0", 20.0 + D32 + 14.0, 24.0, 180.0)  # beyond the Guard's 12" sidearms
    c = {"unit": "s1u0", "target": "s0u0"}
    b.state.active = 1
    assert reactions.reaction_problem(b.state, b.geo, c, reactions.OVERWATCH) == (
        f"Veteran Guard has no ranged weapon in range and sight of Ember Squad "
        f"({RULE_OVERWATCH})")


def cover_over(x0, x1):
    return Terrain(frozenset({"cover"}), ((x0, 0.0), (x1, 0.0), (x1, 48.0), (x0, 48.0)))


def test_cover_is_a_4_plus_save_that_ap_does_not_touch():
    b = Battle(["line_squad"], ["ember_squad"], terrain=[cover_over(10.0, 30.0)])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 40.0, 24.0, 180.0)
    inside, outside = b.state.models["s0u0m1"], b.state.models["s1u0m1"]
    assert in_cover(b.state, inside) and not in_cover(b.state, outside)
    assert COVER_SAVE == 4
    assert save_needed(inside, -2) == 5 and save_needed(inside, -2, cover=True) == 4
    assert save_needed(inside, 0, cover=True) == 3  # the better save is kept
    shots = {"ap": -2, "cover": True}
    assert pool_save(b.state, inside, shots) == 4 and pool_save(b.state, outside, shots) == 5
    assert pool_save(b.state, inside, {"ap": -2, "cover": False}) == 5


def test_a_volley_allows_cover_and_an_overwatch_volley_denies_it():
    b = facing_lines(6.0)
    dice = b.dice
    dice.script(6, *([1] * 9), 6)  # the snap shots: one hits and wounds
    _, pools = volley(b.state, b.geo, dice, "s1u0", "s0u0")
    assert [p["cover"] for p in pools] == [True]
    dice.script(*([1] * 18), 3, *([1] * 9), 6)
    _, pools = volley(b.state, b.geo, dice, "s1u0", "s0u0", overwatch=True)
    assert [p["cover"] for p in pools] == [False]
    assert dice.scripted_left == 0


def test_the_ai_values_an_overwatch_volley_over_snap_shots():
    b = facing_lines(6.0)
    declare(b, "s0u0", "s1u0")
    b.apply(only(b, "setup_move"))
    react = {a.option: a for a in b.legal()}
    assert action_value(b.state, react[reactions.OVERWATCH], b.geo) > 0.3
    assert action_value(b.state, react[reactions.NONE], b.geo) == 0.0
