"""Checks and statuses (rules/legions.md, "Checks" and "Statuses" [added]): 2D6 at or under
the value, the doubles, the unit's value; the four statuses' effects and their removal in the
End phase."""

from fractions import Fraction

import pytest

from game.core.actions import Action
from game.core.dice import Dice
from game.core.events import StatusChanged
from game.rulesets.legions import statuses
from game.rulesets.legions.checks import check_passes, p_pass, take_check, unit_value
from game.rulesets.legions.statuses import combat_initiative, end_phase_checks
from tests.rulesets.legions.battle import Battle, facing_lines, keep_only


@pytest.mark.parametrize(("dice", "target", "passes"), [
    ((3, 4), 7, True), ((4, 4), 7, False), ((1, 1), 1, True), ((6, 6), 12, False),
    ((1, 1), 0, True), ((6, 5), 11, True), ((2, 1), 2, False)])
def test_check_2d6_at_or_under_double_1_passes_double_6_fails(dice, target, passes):
    assert check_passes(dice, target) is passes


def test_check_odds_are_exact_with_the_doubles():
    assert p_pass(7) == Fraction(21, 36)
    assert p_pass(0) == Fraction(1, 36)   # only a double 1
    assert p_pass(12) == Fraction(35, 36)  # all but a double 6


def test_a_unit_checks_with_its_sergeant_or_else_its_lowest_value():
    b = Battle(["line_squad"], ["ember_squad"])
    assert unit_value(b.state, "s0u0", "Ld") == 8  # the Line Sergeant's
    keep_only(b, "s0u0", [f"s0u0m{i}" for i in range(1, 10)])
    assert unit_value(b.state, "s0u0", "Ld") == 7
    b2 = Battle(["glaive_paragon"], ["ember_squad"])
    assert unit_value(b2.state, "s0u0", "Cl") == 10  # a Command model's


def test_a_check_with_a_penalty_reads_plainly():
    b = Battle(["line_squad"], ["ember_squad"])
    passed, event = take_check(b.state, Dice(0, [3, 3], strict=True), "s0u0", "Ld", penalty=2,
                               why="for losing the combat")
    assert passed
    assert event.describe() == ("Line Squad rolls a Leadership check for losing the combat "
                                "(Ld 8 - 2): 3+3 (needs 6 or less): passed")


def test_any_status_sets_combat_initiative_to_1():
    b = Battle(["glaive_paragon"], ["ember_squad"])
    paragon = b.state.alive_models("s0u0")[0]
    assert combat_initiative(paragon) == 5
    for status in statuses.STATUSES:
        paragon.statuses = frozenset({status})
        assert combat_initiative(paragon) == 1


def test_end_phase_a_passed_cool_check_removes_the_status_a_failed_one_keeps_it():
    b = Battle(["line_squad", "line_squad"], ["ember_squad"])
    for uid in ("s0u0", "s0u1"):
        for m in b.state.alive_models(uid):
            m.statuses = frozenset({statuses.STUNNED})
    dice = Dice(0, [4, 4, 5, 6], strict=True)  # unit I: 8 <= 8 passes; unit II: 11 fails
    events = end_phase_checks(b.state, dice, 0)
    assert not statuses.unit_statuses(b.state, "s0u0")
    assert statuses.unit_statuses(b.state, "s0u1") == {statuses.STUNNED}
    assert [e.describe() for e in events if isinstance(e, StatusChanged)] == [
        "Line Squad I is no longer Stunned"]


def test_end_phase_routed_is_removed_by_a_leadership_check():
    b = Battle(["line_squad"], ["ember_squad"])
    for m in b.state.alive_models("s0u0"):
        m.statuses = frozenset({statuses.ROUTED, statuses.PINNED})
    dice = Dice(0, [6, 6, 2, 2], strict=True)  # Pinned: Cool fails (double 6); Routed: Ld passes
    events = end_phase_checks(b.state, dice, 0)
    labels = [e.label for e in events if hasattr(e, "label")]
    assert "Cool" in labels[0] and "Leadership" in labels[1]
    assert statuses.unit_statuses(b.state, "s0u0") == {statuses.PINNED}


def test_the_end_phase_runs_at_the_end_of_the_turn_for_the_active_side():
    b = facing_lines(30.0)
    for m in b.state.alive_models("s0u0"):
        m.statuses = frozenset({statuses.SUPPRESSED})
    for m in b.state.alive_models("s1u0"):
        m.statuses = frozenset({statuses.SUPPRESSED})  # not checked in side 0's End phase
    b.apply(Action("end_charges"), 2, 2)
    assert not statuses.unit_statuses(b.state, "s0u0")
    assert statuses.unit_statuses(b.state, "s1u0") == {statuses.SUPPRESSED}
    assert b.state.active == 1 and b.state.phase == "movement"
