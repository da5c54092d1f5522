"""The legions resolution sub-phase (rules/legions.md, "Resolution sub-phase (the seed, four
steps)"): the totals with +1 for more models, the winner, the loser's panic check, every
aftermath option with who may choose it, the loser choosing first, and the Massacre rule.
Strict scripted dice throughout.
"""

import math

import pytest

from game.core.actions import Action
from game.core.events import Casualty, DiceRolled, StatusChanged
from game.rulesets.legions import statuses
from game.rulesets.legions.combat import is_locked, lock, locked_with
from game.rulesets.legions.consolidation import base_option
from game.rulesets.legions.events import AftermathChosen, ResolutionPoints
from game.rulesets.legions.resolution import (
    RULE_CONSOLIDATE,
    RULE_DISENGAGE,
    RULE_FALL_BACK_FORCED,
    RULE_PURSUE,
    totals,
)
from tests.rulesets.legions.battle import D32, fight, keep_only, skirmish, stand


def strike_of(b, text):
    found = [a for a in b.legal() if a.kind == "strike" and text in a.label]
    assert len(found) == 1, [a.label for a in b.legal()]
    return found[0]


def aftermath(b, opt, unit=None):
    found = [a for a in b.legal() if a.kind == "aftermath" and a.option == opt
             and (unit is None or a.unit == unit)]
    assert found, [a.label for a in b.legal()]
    return found[0]


def won_fight(*after):
    """Line Squad I (4 troopers, side 0, active) against Ember Squad I (2 troopers): one Ember
    trooper falls, no Line trooper does. `after`: the dice of the resolution and beyond."""
    b = skirmish(["line_squad", "line_squad"], ["ember_squad", "ember_squad"],
                 [("s0u0m1", "s1u0m1")], behind0=["s0u0m2", "s0u0m3", "s0u0m4"],
                 behind1=["s1u0m2"])
    # Two units out of the fight keep both sides on the table.
    b.place("s0u1", 8.0, 40.0, 0.0)
    b.place("s1u1", 62.0, 40.0, 180.0)
    fight(b)
    # Line: 4 attacks (4+ to hit): one hit; wound 4+; save 3+ fails. Ember: 2 attacks miss.
    events = b.apply(strike_of(b, "Line Squad I"), 4, 1, 1, 1, 4, 1, 1, 1, *after)
    return b, events


# --- steps 1-3 -------------------------------------------------------------------------------------

def test_resolution_with_plus_one_for_more_models_and_a_loser_who_routs():
    # Ember Squad (no Sergeant left: Ld 7) checks at 7 - 2 = 5: 4 + 4 = 8 fails: Routed; it
    # must fall back: D6 = 3, I 4 + 3 = 7".
    b, events = won_fight(4, 4, 3)
    points = [e for e in events if isinstance(e, ResolutionPoints)][0]
    assert points.totals == (("Azure Legion", 2, "1 for casualties, +1 for more models"),
                             ("Ashen Legion", 0, "0 for casualties"))
    assert points.describe() == (
        "Combat resolution: Azure Legion 2 (1 for casualties, +1 for more models), Ashen "
        "Legion 0 (0 for casualties): Azure Legion wins the combat")
    check = [e for e in events if isinstance(e, DiceRolled) and "Leadership" in e.label][0]
    assert check.needed == "5 or less" and check.outcome == "failed"
    assert "(Ld 7 - 2)" in check.label
    assert all(statuses.ROUTED in m.statuses for m in b.state.alive_models("s1u0"))
    chosen = [e for e in events if isinstance(e, AftermathChosen)]
    assert chosen[0].unit_name == "Ember Squad I" and chosen[0].option == "Fall back"
    assert not is_locked(b.state, "s1u0")


def test_a_draw_nobody_wins_no_panic_check_and_both_hold():
    b = skirmish(["line_squad", "line_squad"], ["ember_squad", "ember_squad"],
                 [("s0u0m1", "s1u0m1")])
    b.place("s0u1", 8.0, 40.0, 0.0)
    b.place("s1u1", 62.0, 40.0, 180.0)
    fight(b)
    events = b.apply(strike_of(b, "Line Squad I"), 1, 1)  # both miss: 0 - 0, one model each
    points = [e for e in events if isinstance(e, ResolutionPoints)][0]
    assert points.winner == "" and points.describe().endswith("a draw: nobody wins")
    chosen = [(e.unit_name, e.option) for e in events if isinstance(e, AftermathChosen)]
    assert chosen == [("Ember Squad I", "Hold"), ("Line Squad I", "Hold")]
    assert locked_with(b.state, "s0u0") == ("s1u0",)


def test_a_paragon_counts_as_its_base_wounds_in_the_resolution():
    b = skirmish(["glaive_paragon"], ["ember_squad"], [("s0u0m0", "s1u0m1")],
                 behind1=["s1u0m2", "s1u0m3"])
    f = {"combat": ["s0u0", "s1u0"], "sides": [0, 1], "scored": {"1": 4}}
    # One Paragon (W4) against three troopers: the Paragon's side has "more models"; and a
    # slain Paragon would be worth 4 points (the scored 4 above).
    assert totals(b.state, f) == {0: (1, "0 for casualties, +1 for more models"),
                                  1: (4, "4 for casualties")}


# --- step 4: the aftermath, who may choose what ---------------------------------------------------

def test_the_loser_chooses_first_and_may_hold_or_disengage():
    b, _ = won_fight(1, 2)  # 3 <= 5: the panic check passes
    assert b.ruleset.current_player(b.state) == 1  # the loser, not the active player
    assert {base_option(a.option) for a in b.legal()} == {"hold", "disengage"}


def test_disengage_loser_only_then_the_winner_may_consolidate_not_pursue():
    b, _ = won_fight(1, 2)
    b.apply(aftermath(b, "disengage"))
    assert not is_locked(b.state, "s1u0")
    assert min(b.geo.distance(m, e) for m in b.state.alive_models("s1u0")
               for e in b.state.alive_models("s0u0")) > 2.0
    offered = {base_option(a.option) for a in b.legal()}
    assert offered == {"hold", "consolidate"}
    reason = b.why(Action("aftermath", "s0u0", option="pursue", targets=("s1u0",)))
    assert reason.startswith("Pursue needs every enemy unit of the combat to have fallen back")
    assert b.why(Action("aftermath", "s0u0", option="disengage")) == (
        f"Only the loser's units may disengage ({RULE_DISENGAGE})")


def test_a_pinned_loser_may_not_disengage():
    b, _ = won_fight(1, 2)
    for m in b.state.alive_models("s1u0"):
        m.statuses = frozenset({statuses.PINNED})
    assert {base_option(a.option) for a in b.legal()} == {"hold"}
    assert b.why(Action("aftermath", "s1u0", option="disengage")) == (
        f"Ember Squad I is Pinned: it may not disengage ({RULE_DISENGAGE})")


def test_hold_by_the_loser_leaves_the_winner_only_hold_and_both_stay_locked():
    b, _ = won_fight(1, 2)
    events = b.apply(aftermath(b, "hold"))
    # The winner's only option, Hold, is taken by itself.
    chosen = [(e.unit_name, e.option) for e in events if isinstance(e, AftermathChosen)]
    assert chosen == [("Ember Squad I", "Hold"), ("Line Squad I", "Hold")]
    assert locked_with(b.state, "s0u0") == ("s1u0",)
    assert b.why(Action("aftermath", "s0u0", option="consolidate")) is not None


def test_fall_back_is_forced_for_a_routed_unit_and_refused_otherwise():
    b, _ = won_fight(1, 2)
    assert b.why(Action("aftermath", "s1u0", option="fall_back")) == (
        f"Ember Squad I has no Routed model ({RULE_FALL_BACK_FORCED})")
    for m in b.state.alive_models("s1u0"):
        m.statuses = frozenset({statuses.ROUTED})
    assert [a.option for a in b.legal()] == ["fall_back"]
    assert "must fall back" in b.why(Action("aftermath", "s1u0", option="hold"))


def test_after_every_enemy_fell_back_the_winner_may_gun_down_pursue_consolidate_or_hold():
    b, _ = won_fight(4, 4, 3)
    assert b.ruleset.current_player(b.state) == 0
    assert {base_option(a.option) for a in b.legal()} == {"hold", "gun_down", "pursue", "consolidate"}


def test_gun_down_is_a_volley_at_the_fleeing_unit():
    b, _ = won_fight(4, 4, 3)
    # 4 sidearms in range: 4 snap shots, a 6 hits; wound 4+; the save (3+) fails.
    events = b.apply(aftermath(b, "gun_down"), 6, 1, 1, 1, 5, 2)
    assert any(isinstance(e, Casualty) for e in events)
    assert not b.state.unit_alive("s1u0")


def test_pursue_that_catches_the_enemy_is_a_won_charge():
    b, _ = won_fight(4, 4, 3)
    events = b.apply(aftermath(b, "pursue"), 6)  # I 4 + 6 = 10": it catches them
    assert any(getattr(e, "rule", "") == RULE_PURSUE and "catches" in e.describe()
               for e in events)
    assert locked_with(b.state, "s0u0") == ("s1u0",)


def test_a_pinned_winner_may_not_pursue():
    b, _ = won_fight(4, 4, 3)
    for m in b.state.alive_models("s0u0"):
        m.statuses = frozenset({statuses.PINNED})
    assert "pursue" not in {base_option(a.option) for a in b.legal()}
    assert "may not pursue" in b.why(Action("aftermath", "s0u0", option="pursue",
                                            targets=("s1u0",)))


def test_consolidate_frees_the_winner():
    b, _ = won_fight(4, 4, 3)
    stay = [a for a in b.legal() if a.option == "consolidate" and not a.placement][0]
    # Then the turn ends; in its own Movement phase the Routed Ember Squad falls back again
    # (D6 = 1).
    b.apply(stay, 1)
    assert not is_locked(b.state, "s0u0")
    assert b.state.phase == "movement" and b.state.active == 1


def test_consolidate_needs_every_enemy_gone():
    from game.rulesets.legions.resolution import who_may_choose

    b, _ = won_fight(1, 2)
    # Had the loser held, the winner could not consolidate:
    f = {"aftermath": {"survivors": [], "loser": 1, "winner": 0, "choices": {"s1u0": "hold"}},
         "combat": ["s0u0", "s1u0"]}
    assert who_may_choose(b.state, f, "s0u0", "consolidate") == (
        "Consolidate needs every enemy unit of the combat to have fallen back or disengaged "
        f"({RULE_CONSOLIDATE})")


def test_fall_back_reaching_the_edge_passed_leadership_suppressed_instead_of_routed():
    b, events = _routed_near_the_edge(2, 2, 1)  # D6 = 2: 6" reaches the edge; Ld 2+1 passes
    assert [s for m in b.state.alive_models("s1u0") for s in m.statuses] == [statuses.SUPPRESSED]
    assert any(isinstance(e, StatusChanged) and e.status == "Suppressed" for e in events)


def test_fall_back_reaching_the_edge_failed_leadership_destroyed():
    b, events = _routed_near_the_edge(6, 6, 6)  # the Leadership check: a double 6 fails
    assert not b.state.unit_alive("s1u0")


def _routed_near_the_edge(fall_back_die, *leadership):
    """As in `won_fight`, but the Ember troopers stand 2" from their table edge (the right)."""
    b = skirmish(["line_squad", "line_squad"], ["ember_squad", "ember_squad"],
                 [("s0u0m1", "s1u0m1")], behind0=["s0u0m2", "s0u0m3", "s0u0m4"],
                 behind1=["s1u0m2"], x=66.5)
    b.place("s0u1", 8.0, 40.0, 0.0)
    b.place("s1u1", 50.0, 8.0, 180.0)
    fight(b)
    events = b.apply(strike_of(b, "Line Squad I"), 4, 1, 1, 1, 4, 1, 1, 1, 4, 4,
                     fall_back_die, *leadership)
    return b, events


# --- massacre --------------------------------------------------------------------------------------

def test_massacre_the_other_side_is_no_longer_locked_and_must_consolidate():
    b = skirmish(["glaive_paragon"], ["ember_squad", "ember_squad"], [("s0u0m0", "s1u0m1")])
    b.place("s1u1", 62.0, 40.0, 180.0)
    fight(b)
    decl = [a for a in b.legal() if a.option == "paragon_glaive|reaping"][0]
    events = b.apply(decl, 3, 1, 1, 1, 3, 4)  # one hit, one wound, the save fails: D2
    assert any("Massacre" in e.describe() for e in events)
    assert not is_locked(b.state, "s0u0")
    assert b.legal() and {base_option(a.option) for a in b.legal()} == {"consolidate"}
    assert b.why(Action("aftermath", "s0u0", option="hold")).startswith(
        "Glaive Paragon must consolidate")


def test_a_routed_survivor_of_a_massacre_falls_back_instead_of_consolidating():
    """Fall back is forced if any model is Routed: a Routed winner of a Massacre falls back."""
    b = skirmish(["glaive_paragon"], ["ember_squad", "ember_squad"], [("s0u0m0", "s1u0m1")])
    b.place("s1u1", 62.0, 40.0, 180.0)
    b.state.models["s0u0m0"].statuses = frozenset({statuses.ROUTED})
    fight(b, 1)  # the Ember trooper strikes first (the Routed Paragon is at initiative 1): a miss
    x0 = b.state.models["s0u0m0"].x
    decl = [a for a in b.legal() if a.option == "paragon_glaive|reaping"][0]
    # One hit, one wound, the save fails: Massacre. Fall back D6 = 2 (I 5 + 2 = 7"); the end
    # phase Leadership check to shake off Routed fails on a double 6.
    events = b.apply(decl, 3, 1, 1, 1, 3, 4, 2, 6, 6)
    assert any("Massacre" in e.describe() for e in events)
    chosen = [e for e in events if isinstance(e, AftermathChosen)]
    assert [(e.unit_name, e.option) for e in chosen] == [("Glaive Paragon", "Fall back")]
    assert b.state.models["s0u0m0"].x == pytest.approx(x0 - 7.0)


def test_a_routed_massacre_survivor_is_refused_consolidate_naming_the_rule():
    from game.rulesets.legions.resolution import RULE_ROUTED_FIRST, who_may_choose

    b = skirmish(["glaive_paragon"], ["ember_squad"], [("s0u0m0", "s1u0m1")])
    b.state.models["s0u0m0"].statuses = frozenset({statuses.ROUTED})
    f = {"aftermath": {"survivors": ["s0u0"], "loser": 1, "winner": 0, "choices": {}},
         "combat": ["s0u0", "s1u0"]}
    assert RULE_ROUTED_FIRST in who_may_choose(b.state, f, "s0u0", "consolidate")
    assert who_may_choose(b.state, f, "s0u0", "fall_back") is None


def _two_unit_combat():
    """Line Squad I (4 troopers) against Ember Squad I (2) and Ember Squad II (1 trooper, in
    contact with the Line Sergeant's neighbour): all fight at initiative 4."""
    b = skirmish(["line_squad", "line_squad"], ["ember_squad", "ember_squad"],
                 [("s0u0m1", "s1u0m1")], behind0=["s0u0m2", "s0u0m3", "s0u0m4"],
                 behind1=["s1u0m2"])
    b.place("s0u1", 8.0, 40.0, 0.0)
    keep_only(b, "s1u1", ["s1u1m1"])
    first = b.state.models["s0u0m1"]
    angle = math.radians(-60.0)
    stand(b, "s1u1m1", first.x + D32 * math.cos(angle), first.y + D32 * math.sin(angle))
    lock(b.state, "s0u0", "s1u1")
    assert b.geo.placement_problem(b.state, {m.id: (m.x, m.y) for m in b.state.models.values()
                                             if m.alive}) is None
    return b


def test_a_destroyed_enemy_unit_does_not_block_gun_down_pursue_or_consolidate():
    """Ember Squad II is wiped out in the fight; Ember Squad I routs and falls back: every enemy
    left in the combat fell back, so the winner may Gun down, Pursue or Consolidate."""
    b = _two_unit_combat()
    fight(b)
    b.apply(Action("strike", "s0u0", option="0"))
    # Line strikes Ember Squad II: 1 hit, 1 wound, the 3+ save fails (1).
    b.apply(Action("strike_target", "s0u0", targets=("s1u1",)), 4, 1, 1, 1, 4, 1)
    ember = [a for a in b.legal() if a.kind == "strike" and a.unit == "s1u0"][0]
    # Both Ember groups miss; 2 - 0: the panic check (Ld 7 - 2) fails on 4 + 4; Routed, it
    # falls back (D6 = 3).
    b.apply(ember, 1, 1, 1, 4, 4, 3)
    assert not b.state.unit_alive("s1u1")
    assert {base_option(a.option) for a in b.legal()} == {"hold", "gun_down", "pursue", "consolidate"}
    assert b.why(Action("aftermath", "s0u0", option="pursue", targets=("s1u0",))) is None


# --- consolidation offered as intents (consolidation.py) ----------------------------------------

def test_an_offered_consolidation_is_solved_on_apply_up_to_i_ending_over_2_inches_away():
    b, _ = won_fight(1, 2)
    b.apply(aftermath(b, "disengage"))
    toward = [a for a in b.legal() if a.option == "consolidate:toward:s1u0"]
    assert toward and not toward[0].placement
    preview = b.ruleset.solved_action(b.state, toward[0], b.geo)
    assert preview.placement and preview.option == "consolidate" and b.why(preview) is None
    before = {m.id: (m.x, m.y) for m in b.state.alive_models("s0u0")}
    events = b.apply(toward[0])
    chosen = [e for e in events if isinstance(e, AftermathChosen)]
    assert chosen and chosen[0].option == "Consolidate"
    after = {m.id: (m.x, m.y) for m in b.state.alive_models("s0u0")}
    assert after == {**before, **preview.destinations()} and after != before
    assert all(math.dist(before[k], after[k]) <= 4.0 + 1e-6 for k in after)  # I 4
    assert min(b.geo.distance(m, e) for m in b.state.alive_models("s0u0")
               for e in b.state.alive_models("s1u0")) > 2.0


def test_a_consolidation_intent_names_an_enemy_unit_or_an_objective():
    b, _ = won_fight(1, 2)
    b.apply(aftermath(b, "disengage"))
    assert "heads toward an enemy unit or to an objective" in b.why(
        Action("aftermath", "s0u0", option="consolidate:toward:s0u1"))
    assert "Unknown aftermath option" in b.why(
        Action("aftermath", "s0u0", option="hold:toward:s1u0"))


def test_a_hand_drag_in_the_aftermath_stands_for_a_consolidation_when_one_is_offered():
    b, _ = won_fight(1, 2)
    assert b.ruleset.drag_template(b.state, "s1u0", b.geo) is None  # the loser: no consolidate
    b.apply(aftermath(b, "disengage"))
    template = b.ruleset.drag_template(b.state, "s0u0", b.geo)
    assert template.kind == "aftermath" and template.option == "consolidate"
    assert set(template.destinations()) == {m.id for m in b.state.alive_models("s0u0")}
    assert b.why(template) is None  # consolidating where it stands
