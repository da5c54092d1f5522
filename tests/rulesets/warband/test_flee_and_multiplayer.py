"""Fleeing a combat and the protection of downed models with three warbands, as the seed writes
them (warband.md, "Close combat phase"), with strict scripted dice."""

import pytest

from game.core.actions import Action
from game.rulesets.warband import fleeing
from game.rulesets.warband.combat import RULE_STUNNED_TARGET, new_fight
from game.rulesets.warband.engagement import RULE_MULTIPLAYER, RULE_PROTECT_DOWNED
from game.rulesets.warband.events import OutOfAction
from game.rulesets.warband.status import FLEEING, KNOCKED_DOWN, STUNNED
from tests.rulesets.warband.battle import (
    Battle,
    describe,
    flags,
    model,
    only_striker,
    stand,
    start_combat,
    touching,
    warband,
)


def monk_between_two_axemen():
    """The Monk (warband 0, no armour) fights two Axemen with no friend near: all alone."""
    b = Battle([warband("A", "pilgrim_monk", force="ash_pilgrims"),
                warband("B", "sellsword_axeman", "sellsword_axeman")])
    stand(b, "s0u0", 20, 20)
    touching(b, "s1u0", "s0u0", 0)
    touching(b, "s1u1", "s0u0", 90)
    b.state.pending["combat"] = new_fight(0, [])
    return b


@pytest.mark.parametrize(("injury", "second_hit", "cause"), [
    (1, (4,), "an unsaved wound while knocked down"),     # knocked down, then wounded: out
    (3, (), "while stunned"),                             # stunned, then attacked: out
])
def test_fleeing_every_adversary_hits_even_after_the_model_is_down(injury, second_hit, cause):
    """The seed: "its adversaries each inflict 1 automatic hit, resolved at once". The Monk
    fails its all-alone test (12 > Ld 7); the first Axeman's hit wounds (4) and the injury
    knocks it down (1) or stuns it (3); the second Axeman still strikes: a knocked-down model
    is taken out by an unsaved wound, a stunned one by being attacked. No run: it is out."""
    b = monk_between_two_axemen()
    b.dice.script(6, 6, 4, injury, *second_hit)
    events = fleeing.all_alone_tests(b.state, b.geo, b.dice)
    assert b.dice.scripted_left == 0
    assert sum("1 automatic hit" in t for t in describe(events)) == 2
    out = [e for e in events if isinstance(e, OutOfAction)]
    assert len(out) == 1 and cause in out[0].cause
    assert not model(b, "s0u0").alive


def test_fleeing_a_model_knocked_down_by_the_hits_does_not_run():
    """Both hits land on a model that stays on the table (the second one's wound roll fails):
    it is knocked down, so it does not turn and run."""
    b = monk_between_two_axemen()
    start = (model(b, "s0u0").x, model(b, "s0u0").y)
    b.dice.script(6, 6, 4, 1, 1)          # Ld fails; hit 1 wounds, injury 1; hit 2: wound 1
    fleeing.all_alone_tests(b.state, b.geo, b.dice)
    assert b.dice.scripted_left == 0
    monk = model(b, "s0u0")
    assert monk.alive and flags(b, "s0u0").get(KNOCKED_DOWN)
    assert not flags(b, "s0u0").get(FLEEING) and (monk.x, monk.y) == start


def test_a_stunned_flee_target_is_out_of_action_by_the_stunned_rule():
    b = monk_between_two_axemen()
    b.dice.script(6, 6, 4, 3)
    events = fleeing.all_alone_tests(b.state, b.geo, b.dice)
    assert [e.rule for e in events if isinstance(e, OutOfAction)] == [RULE_STUNNED_TARGET]


def three_warbands():
    """The Axeman (warband 0) touches a Zealot (warband 1) and an Axe Brother (warband 2)."""
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims"),
                warband("C", "iron_axe_brother", force="iron_brotherhood")])
    stand(b, "s0u0", 20, 20)
    touching(b, "s1u0", "s0u0", 0)
    touching(b, "s2u0", "s0u0", 180)
    return b


def test_multiplayer_a_standing_enemy_of_a_third_warband_protects_a_downed_one():
    """Warband 1's phase: the Axeman fights the Zealot there (the Axe Brother does not fight
    it in this phase), but the Axe Brother stands in contact, so the Axeman is "engaged with a
    standing enemy" and cannot attack the knocked-down Zealot: it does not strike at all."""
    b = three_warbands()
    flags(b, "s1u0")[KNOCKED_DOWN] = True
    b.state.active = 1
    events = start_combat(b)
    assert b.state.pending.get("combat") is None or not b.state.pending["combat"]["order"]
    assert any(e.rule == RULE_PROTECT_DOWNED and "Axeman does not strike" in e.describe()
               for e in events)                   # the log says why the Axeman stands idle
    only_striker(b, "s0u0", side=1)
    assert b.legal() == []
    why = b.why(Action("strike", "s0u0", targets=("s1u0",)))
    assert RULE_PROTECT_DOWNED in why


def test_multiplayer_with_every_enemy_down_the_downed_one_may_be_attacked():
    """The counterpart: the Axe Brother is stunned too, so nothing standing protects the
    Zealot and the Axeman may attack it in warband 1's phase (not the Axe Brother: they fight
    in warband 0's and warband 2's phases)."""
    b = three_warbands()
    flags(b, "s1u0")[KNOCKED_DOWN] = True
    flags(b, "s2u0")[STUNNED] = True
    only_striker(b, "s0u0", side=1)
    assert [a.targets for a in b.legal()] == [("s1u0",)]
    why = b.why(Action("strike", "s0u0", targets=("s2u0",)))
    assert RULE_MULTIPLAYER in why
