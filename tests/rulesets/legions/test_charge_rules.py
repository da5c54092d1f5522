"""The legions charge sub-phase, step by step (rules/legions.md, "Assault phase, charge
sub-phase"): the four conditions, line of sight and 12", the setup move table at every band
edge, "charge already won", volleys, the drop-lowest roll, success, failure and the disordered
charge. Every test runs on strict scripted dice: it fails if a rule rolls one die more or less.
"""

import pytest

from game.core.actions import Action
from game.core.events import ChargeResolved, StatusChanged
from game.core.state import Terrain
from game.rulesets.legions import charge, statuses
from game.rulesets.legions.charge import (
    RULE_DISORDERED,
    RULE_FORBIDDEN,
    RULE_SIGHT,
    forbidden_reason,
    setup_move_distance,
)
from game.rulesets.legions.combat import is_locked, lock, locked_with
from game.rulesets.legions.events import (
    ChargeAlreadyWon,
    ChargeRolled,
    SetupMoveSet,
    StepSkipped,
)
from game.rulesets.legions.fight import attacks_of
from tests.rulesets.legions.battle import (
    D32,
    Battle,
    declare,
    decline_reaction,
    facing_lines,
    only,
    option,
)


def give(b, unit_id, status):
    for m in b.state.alive_models(unit_id):
        m.statuses = m.statuses | {status}


def hold_both_volleys(b):
    decline_reaction(b)
    b.apply(option(b, "volley", "hold"))
    b.apply(option(b, "volley", "hold"))


# --- the four conditions that forbid a charge ------------------------------------------------------

def test_forbidden_after_running():
    b = facing_lines(6.0)
    b.unit("s0u0").flags["ran"] = True
    reason = forbidden_reason(b.state, "s0u0")
    assert reason == f"Cannot charge: Line Squad Ran this turn ({RULE_FORBIDDEN})"
    assert b.why(Action("declare_charge", "s0u0", targets=("s1u0",))) == reason
    assert not [a for a in b.legal() if a.kind == "declare_charge"]


def test_forbidden_when_already_locked_in_combat():
    b = Battle(["line_squad"], ["ember_squad", "ember_squad"])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 20.0 + D32 + 6.0, 24.0, 180.0)
    b.place("s1u1", 20.0, 40.0, 0.0)
    lock(b.state, "s0u0", "s1u1")
    assert "already locked in combat" in forbidden_reason(b.state, "s0u0")


def test_forbidden_when_embarked_on_a_transport():
    b = facing_lines(6.0)
    b.unit("s0u0").flags["embarked"] = True
    assert "embarked on a transport" in forbidden_reason(b.state, "s0u0")


@pytest.mark.parametrize("status", [statuses.PINNED, statuses.ROUTED])
def test_forbidden_with_a_pinned_or_routed_model(status):
    b = facing_lines(6.0)
    model = b.state.alive_models("s0u0")[3]
    model.statuses = frozenset({status})  # one model is enough
    assert forbidden_reason(b.state, "s0u0") == (
        f"Cannot charge: Line Squad has a {status.capitalize()} model ({RULE_FORBIDDEN})")


def test_one_charge_per_unit_per_phase():
    b = facing_lines(6.0)
    declare(b, "s0u0", "s1u0")
    b.apply(only(b, "setup_move"))
    hold_both_volleys(b)
    b.apply(only(b, "charge_roll"), 1, 1, 3, 3)  # fails; the Cool check passes
    assert "already declared a charge" in forbidden_reason(b.state, "s0u0")


# --- step 2: line of sight and 12" -----------------------------------------------------------------

def test_step_2_the_target_must_be_within_12_inches():
    b = facing_lines(12.0)
    assert [a.targets for a in b.legal() if a.kind == "declare_charge"] == [("s1u0",)]
    b = facing_lines(12.1)
    assert not [a for a in b.legal() if a.kind == "declare_charge"]
    reason = b.why(Action("declare_charge", "s0u0", targets=("s1u0",)))
    assert reason.endswith(f"({RULE_SIGHT})")


def test_step_2_at_least_one_model_must_see_the_target():
    wall = Terrain(frozenset({"obscuring", "impassable"}),
                   ((25.0, 10.0), (26.0, 10.0), (26.0, 38.0), (25.0, 10.0 + 28.0)))
    b = Battle(["line_squad"], ["ember_squad"], terrain=[wall])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 20.0 + D32 + 8.0, 24.0, 180.0)
    assert b.distance("s0u0", "s1u0") <= 12.0
    reason = b.why(Action("declare_charge", "s0u0", targets=("s1u0",)))
    assert "sees it within 12\"" in reason


# --- step 3: the setup move ------------------------------------------------------------------------

@pytest.mark.parametrize(("i_plus_m", "inches"), [
    (1, 1), (6, 1), (7, 2), (9, 2), (10, 3), (11, 3), (12, 4), (13, 4), (14, 5), (19, 5),
    (20, 6), (30, 6)])
def test_setup_move_table_at_every_band_edge(i_plus_m, inches):
    assert setup_move_distance(i_plus_m) == inches


def test_setup_move_is_its_own_step_toward_the_target():
    b = facing_lines(6.0)
    events = declare(b, "s0u0", "s1u0")
    assert [e for e in events if isinstance(e, SetupMoveSet)][0].describe() == (
        "Line Squad makes a setup move: I + M = 11 gives 3\"")
    step = only(b, "setup_move")
    assert step.label == "Setup move: Line Squad 3\" toward Ember Squad"
    assert b.ruleset.move_allowance(b.state, step) == 3.0
    b.apply(step)
    assert abs(b.distance("s0u0", "s1u0") - 3.0) < 0.01
    assert b.state.pending["charge"]["stage"] == "reaction"  # step 4 opens with the reaction


def test_a_dragged_setup_move_longer_than_the_band_is_refused():
    b = facing_lines(6.0)
    declare(b, "s0u0", "s1u0")
    dest = {m.id: (m.x + 3.5, m.y) for m in b.state.alive_models("s0u0")}
    from game.core.actions import make_placement

    reason = b.why(Action("setup_move", "s0u0", targets=("s1u0",),
                          placement=make_placement(dest)))
    assert "more than the 3\" allowed" in reason


def test_charge_already_won_skips_the_volleys_and_the_roll():
    b = facing_lines(2.5)
    declare(b, "s0u0", "s1u0")
    events = b.apply(only(b, "setup_move"))  # strict dice: not one die is rolled
    won = [e for e in events if isinstance(e, ChargeAlreadyWon)]
    assert won and won[0].describe().startswith("Line Squad reaches base contact with Ember Squad")
    assert any(isinstance(e, ChargeResolved) and e.success for e in events)
    assert locked_with(b.state, "s0u0") == ("s1u0",)
    assert "charge" not in b.state.pending
    assert not any(isinstance(e, ChargeRolled) for e in events)


# --- step 4: volleys -------------------------------------------------------------------------------

def test_volleys_charger_first_assault_weapons_only_snap_shots_never_a_status():
    b = facing_lines(6.0)
    declare(b, "s0u0", "s1u0")
    b.apply(only(b, "setup_move"))
    decline_reaction(b)
    assert b.ruleset.current_player(b.state) == 0  # the charger fires first
    # 10 models each fire their sidearm once (the rifle is not an Assault weapon): 10 dice;
    # snap shots hit only on a 6: one hit; it wounds on a 4+ (S4 v T4).
    events = b.apply(option(b, "volley", "fire"), 6, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4)
    shots = [e for e in events if getattr(e, "label", "").startswith("10 snap shot")]
    assert shots and shots[0].needed == "6+" and shots[0].outcome == "1 hit"
    # The defender picks the model: the Sergeant or a trooper.
    picks = [a for a in b.legal() if a.kind == "allocate"]
    assert len(picks) == 2 and b.ruleset.current_player(b.state) == 1
    trooper = [a for a in picks if "Sergeant" not in a.label][0]
    events = b.apply(trooper, 1)  # failed save: the trooper is removed at once
    assert sum(1 for m in b.state.alive_models("s1u0")) == 9
    assert not any(isinstance(e, StatusChanged) for e in events)
    assert not statuses.unit_statuses(b.state, "s1u0")
    # Then the target fires back (its player decides).
    assert b.state.pending["charge"]["stage"] == "volley_target"
    assert b.ruleset.current_player(b.state) == 1
    b.apply(option(b, "volley", "hold"))
    assert b.state.pending["charge"]["stage"] == "roll"


# --- step 5: the charge roll -----------------------------------------------------------------------

def test_charge_roll_keeps_the_higher_die_and_success_locks_both_units():
    b = facing_lines(6.0)
    declare(b, "s0u0", "s1u0")
    b.apply(only(b, "setup_move"))
    hold_both_volleys(b)
    roll = only(b, "charge_roll")
    assert roll.label == "Roll the charge: 2D6, drop the lowest; 3\" needed (8/9 = 89%)"
    events = b.apply(roll, 1, 3)  # drops the 1: 3" is enough for 3"
    rolled = [e for e in events if isinstance(e, ChargeRolled)][0]
    assert rolled.kept == 3 and rolled.describe() == (
        "Line Squad rolls the charge: 1 and 3, drops the 1: 3\" against 3\" needed (enough)")
    move = only(b, "charge_move")
    assert b.ruleset.move_allowance(b.state, move) == 3.0
    events = b.apply(move)
    assert any(isinstance(e, ChargeResolved) and e.success for e in events)
    assert b.distance("s0u0", "s1u0") <= 0.02
    assert is_locked(b.state, "s0u0") and is_locked(b.state, "s1u0")
    assert b.unit("s0u0").flags["charged"]


def test_failed_charge_does_not_move_and_stuns_on_a_failed_cool_check():
    b = facing_lines(6.0)
    declare(b, "s0u0", "s1u0")
    b.apply(only(b, "setup_move"))
    hold_both_volleys(b)
    before = b.positions("s0u0")
    # 2 and 1: 2" < 3"; the Cool check (the Sergeant's Cl 8): 5 + 6 = 11 fails.
    events = b.apply(only(b, "charge_roll"), 2, 1, 5, 6)
    failed = [e for e in events if isinstance(e, ChargeResolved)][0]
    assert not failed.success and "no model moves" in failed.reason
    assert b.positions("s0u0") == before
    assert all(statuses.STUNNED in m.statuses for m in b.state.alive_models("s0u0"))
    assert any(isinstance(e, StatusChanged) and e.status == "Stunned" for e in events)
    assert not is_locked(b.state, "s0u0")


def test_failed_charge_with_a_passed_cool_check_has_no_other_effect():
    b = facing_lines(6.0)
    declare(b, "s0u0", "s1u0")
    b.apply(only(b, "setup_move"))
    hold_both_volleys(b)
    b.apply(only(b, "charge_roll"), 2, 2, 4, 4)  # 2" fails; Cool 8 passes
    assert not statuses.unit_statuses(b.state, "s0u0")


# --- the disordered charge -------------------------------------------------------------------------

@pytest.mark.parametrize("cause", [statuses.STUNNED, statuses.SUPPRESSED, "disembarked"])
def test_disordered_charge_no_setup_move_no_volley_for_the_charger_no_charge_bonus(cause):
    b = facing_lines(2.0, side0=("veteran_guard",))
    if cause == "disembarked":
        b.unit("s0u0").flags["disembarked"] = True
    else:
        give(b, "s0u0", cause)
    before = b.positions("s0u0")
    events = declare(b, "s0u0", "s1u0")
    events += decline_reaction(b)  # the target may react at the start of step 4
    skipped = [e for e in events if isinstance(e, StepSkipped)]
    assert [e.step for e in skipped] == ["Step 3, setup move", "Step 4, the charger's volley"]
    assert all(e.rule == RULE_DISORDERED for e in skipped)
    assert b.positions("s0u0") == before  # no setup move, even though 2" would have reached
    # The target may still make its volley.
    assert b.ruleset.current_player(b.state) == 1
    assert {a.option for a in b.legal()} == {"fire", "hold"}
    b.apply(option(b, "volley", "hold"))
    b.apply(only(b, "charge_roll"), 4, 1)
    b.apply(only(b, "charge_move"))
    assert is_locked(b.state, "s0u0")
    # No charge bonus from a special rule: Onslaught's +1 A is withheld.
    veteran = b.state.alive_models("s0u0")[-1]
    assert attacks_of(b.state, veteran) == 2


def test_an_orderly_charge_gets_the_onslaught_bonus():
    b = facing_lines(2.0, side0=("veteran_guard",))
    declare(b, "s0u0", "s1u0")
    b.apply(only(b, "setup_move"))  # already won
    veteran = b.state.alive_models("s0u0")[-1]
    assert attacks_of(b.state, veteran) == 3


def test_charge_steps_out_of_order_are_refused_with_the_step_named():
    b = facing_lines(6.0)
    declare(b, "s0u0", "s1u0")
    reason = b.why(Action("charge_roll", "s0u0", targets=("s1u0",)))
    assert reason == "Line Squad's charge is at its setup move step: that comes first"
    assert charge.current(b.state)["stage"] == "setup"
