"""The seed's melee steps, one by one, with scripted strict dice (rules/cards.md, "Melee steps").

Dice order in a round (melee.py): attack groups by attacking unit id (s0u0 before s1u0), then
by target and dice per figure; then defence dice by target unit id; then reaction tests.
Militia (s0u0, side 0) against Militia (s1u0, side 1) unless a test says otherwise: Aggression
5+, Defence 5+, no officer; Militia reaction: Rout <=1, Flight 2-3, Recoil 4-5, None 6+.
"""

import math

import pytest

from game.core.actions import Action
from game.core.events import Casualty, DiceRolled, Note, UnitMoved
from game.rulesets.cards import aftermath, melee
from game.rulesets.cards.contact import any_contact, contact_pairs
from game.rulesets.cards.events import MeleeRoundFought, ReactionTested
from tests.rulesets.cards.battle import (
    DRAW,
    FIGHT,
    ROUND,
    STEP,
    TOUCH,
    Battle,
    alive,
    column,
    stand,
    start_melee,
    two_units,
)


def facing_files(count_a=3, count_b=3, touching=None, x=10.0, y=10.0):
    """Side 0 in a file at x, side 1 in a file at x + TOUCH: figure i of each touches figure i
    of the other for i < touching; the rest of side 1 stand a file further back."""
    b = two_units()
    touching = min(count_a, count_b) if touching is None else touching
    stand(b, "s0u0", column(x, y, count_a))
    points = column(x + TOUCH, y, touching)
    points += column(x + TOUCH + STEP, y, count_b - touching)
    stand(b, "s1u0", points)
    return b


def rolls(events, rule=None):
    return [e for e in events if isinstance(e, DiceRolled) and (rule is None or e.rule == rule)]


# --- step 1 ----------------------------------------------------------------------------------

def test_step1_the_player_who_carried_out_the_card_chooses_whether_to_fight():
    """Step 1 (choosing melee): the acting player chooses; fighting or declining are offered."""
    b = facing_files()
    events = start_melee(b, acting=1)
    assert b.state.phase == "melee" and b.state.pending["melee"]["stage"] == "choose"
    assert b.ruleset.current_player(b.state) == 1
    kinds = {a.kind for a in b.legal()}
    assert kinds == {"fight", "decline"}
    assert any(isinstance(e, Note) and e.rule == melee.RULE_CHOOSE for e in events)


def test_step1_declining_steps_the_contacting_figures_back_one_inch_apart():
    """Step 1: if no melee is fought, the contacting figures step back 1" apart; no dice."""
    b = facing_files()
    start_melee(b, acting=0)
    events = b.apply(Action("decline"))
    assert not rolls(events)
    s = b.state
    for a in s.alive_models("s0u0"):
        for e in s.alive_models("s1u0"):
            assert b.geo.distance(a, e) >= 1.0 - 1e-9
    assert s.phase == "draw" and not any_contact(s, b.geo)
    # the acting player's figures stepped back; the other side stood still
    assert {e.unit for e in events if isinstance(e, UnitMoved)} == {"s0u0"}


# --- step 2 ----------------------------------------------------------------------------------

def test_step2_one_die_per_figure_in_base_contact_hits_on_aggression_or_more():
    """Step 2 (attacks): a die for each figure in base contact with an enemy figure (not for
    the others), a hit on >= Aggression (5+ for Militia)."""
    b = facing_files(count_a=4, count_b=4, touching=3)
    stand(b, "s0u0", column(10.0, 10.0, 3) + [(10.0 - STEP, 10.0)])
    start_melee(b)
    b.apply(FIGHT)
    # s0u0: 3 figures in contact -> 3 dice; s1u0: 3 -> 3 dice. No hits, so no defence dice.
    events = b.apply(ROUND, 4, 4, 4, 1, 2, 3)
    attacks = rolls(events, melee.RULE_ATTACKS)
    assert [len(r.values) for r in attacks] == [3, 3]
    assert [r.outcome for r in attacks] == ["0 hits", "0 hits"]
    b2 = facing_files(count_a=3, count_b=3)
    start_melee(b2)
    b2.apply(FIGHT)
    # 5 and 6 hit (5+), 4 does not: 2 hits -> 2 defence dice for s1u0 (both block: 5, 6)
    events = b2.apply(ROUND, 4, 5, 6, 1, 1, 1, 5, 6)
    attacks = rolls(events, melee.RULE_ATTACKS)
    assert attacks[0].outcome == "2 hits"
    assert [len(r.values) for r in rolls(events, melee.RULE_DEFENCE)] == [2]


def test_step2_fierce_gives_two_dice_and_is_rolled_separately_once_a_melee():
    """Step 2: talents can give a figure 2 dice (Fierce: figures within 1" of the officer);
    roll separately where modifiers differ. Fierce is used once a melee."""
    b = two_units(first="grenadiers", second="militia")
    # Captain (s0u0m0) at the top of the file: the figure next to him is within 1", the third
    # is not (0.216" gaps: 1.2" centres -> 2nd figure 0.216", 3rd 1.416").
    stand(b, "s0u0", column(10.0, 10.0, 3))
    stand(b, "s1u0", column(10.0 + TOUCH, 10.0, 3) + [(10.0 + TOUCH + STEP, 10.0)])
    start_melee(b)
    b.apply(FIGHT)
    # groups of s0u0 on s1u0: (1 die each: the 3rd figure) then (2 dice each: Captain + 2nd)
    events = b.apply(ROUND, 1, 1, 1, 1, 1, 1, 1, 1)
    attacks = rolls(events, melee.RULE_ATTACKS)
    assert [(r.who, len(r.values)) for r in attacks] == [
        ("Grenadiers", 1), ("Grenadiers", 4), ("Militia", 3)]
    assert "Fierce" in attacks[1].label
    # round 2 (no losses: equal, no test; both sides closed in again): Fierce is spent
    plan = melee.round_plan(b.state, b.geo, b.state.pending["melee"]["units"])
    assert all(g.dice_each == 1 for g in plan.groups)
    events = b.apply(ROUND, *[1] * sum(g.dice for g in plan.groups))
    assert all("Fierce" not in r.label for r in rolls(events, melee.RULE_ATTACKS))


def regular_touching_two_units():
    b = Battle([("Column", "garrison_column", ["regulars"]),
                ("War Party", "frontier_war_party", ["warriors", "settlers"])])
    # one Regular touched by a Warrior (Defence 4+) and a Settler (Defence 5+)
    stand(b, "s0u0", [(10.0, 10.0)])
    stand(b, "s1u0", [(10.0 + TOUCH, 10.0)])
    stand(b, "s1u1", [(10.0, 10.0 + TOUCH)])
    return b


def test_attacks_go_to_the_unit_with_the_weaker_defence_when_a_figure_touches_two():
    """[added] A figure touching figures of two enemy units strikes the weaker Defence."""
    b = regular_touching_two_units()
    start_melee(b)
    b.apply(FIGHT)
    plan = melee.round_plan(b.state, b.geo, b.state.pending["melee"]["units"])
    mine = [g for g in plan.groups if g.unit == "s0u0"]
    assert [(g.target, g.figures) for g in mine] == [("s1u1", ("s0u0m0",))]


# --- step 3 ----------------------------------------------------------------------------------

def test_step3_a_defence_die_per_hit_blocks_on_defence_or_more():
    """Step 3 (defence): each hit, one die; >= Defence (5+) blocks."""
    b = facing_files(count_a=3, count_b=4, touching=3)
    start_melee(b)
    b.apply(FIGHT)
    # s0u0 3 hits; s1u0 none; s1u0 defence 5, 6, 4: two blocked, one through
    events = b.apply(ROUND, 5, 6, 6, 1, 1, 1, 5, 6, 4)
    defence = rolls(events, melee.RULE_DEFENCE)
    assert defence[0].outcome == "2 blocked"
    assert b.state.pending["melee"]["stage"] == "casualties"
    assert b.state.pending["melee"]["choose"] == {"s1u0": 1}


def test_step3_inspiring_rerolls_one_failed_defence_die_once_a_melee():
    """Inspiring: re-roll one failed defence die, once a melee."""
    b = two_units(first="militia", second="scouts")  # Scouts: Guide (Inspiring), Defence 4+
    stand(b, "s0u0", column(10.0, 10.0, 2))
    stand(b, "s1u0", column(10.0 + TOUCH, 10.0, 2))
    start_melee(b)
    b.apply(FIGHT)
    # Militia hit twice (5, 6); Scouts miss (1, 1); Scouts defence 3 (fails), 5; re-roll 4
    events = b.apply(ROUND, 5, 6, 1, 1, 3, 5, 4)
    again = rolls(events, melee.RULE_INSPIRING)
    assert len(again) == 1 and again[0].outcome == "blocked"
    assert not [e for e in events if isinstance(e, Casualty)]
    # round 2: the talent is spent: a failed defence die stays failed
    events = b.apply(ROUND, 5, 1, 1, 1, 3)
    assert not rolls(events, melee.RULE_INSPIRING)
    assert b.state.pending["melee"]["choose"] == {"s1u0": 1}


# --- step 4 ----------------------------------------------------------------------------------

def test_step4_the_owner_chooses_casualties_among_figures_in_base_contact():
    """Step 4 (casualties): the owner removes one figure per unblocked hit, chosen among its
    figures in base contact."""
    b = facing_files(count_a=2, count_b=3, touching=2)
    start_melee(b)
    b.apply(FIGHT)
    b.apply(ROUND, 6, 1, 1, 1, 1)   # one hit on s1u0, not blocked
    assert b.ruleset.current_player(b.state) == 1
    offered = [a.targets[0] for a in b.legal()]
    assert offered == ["s1u0m0", "s1u0m1"]           # the third figure is not in contact
    behind = Action("remove", "s1u0", targets=("s1u0m2",))
    assert "in base contact" in b.why(behind)
    b.apply(Action("remove", "s1u0", targets=("s1u0m1",)), 6)   # then its reaction test: None
    assert alive(b, "s1u0") == ["s1u0m0", "s1u0m2"]


def test_step4_hits_beyond_the_figures_in_contact_are_ignored():
    """Step 4: hits beyond the number of figures in base contact are ignored."""
    b = two_units()
    # two Militia touch one enemy figure (a triangle); that figure has two friends behind
    stand(b, "s0u0", [(10.0, 10.0), (10.0, 10.0 + TOUCH)])
    across = TOUCH * math.sqrt(3) / 2
    stand(b, "s1u0", [(10.0 + across, 10.0 + TOUCH / 2), (10.0 + across + STEP, 10.0),
                      (10.0 + across + STEP, 10.0 + STEP)])
    start_melee(b)
    b.apply(FIGHT)
    # s0u0: 2 dice, 2 hits; s1u0: 1 die, miss; s1u0 defence 1, 2: 2 unblocked -> 1 removed
    # (forced: only one figure in contact); then s1u0 tests: 6 = None
    events = b.apply(ROUND, 5, 6, 1, 1, 2, 6)
    ignored = [e for e in events if isinstance(e, Note) and e.rule == melee.RULE_CASUALTIES]
    assert ignored and "1 unblocked hit on Militia II is ignored" in ignored[0].text
    assert alive(b, "s1u0") == ["s1u0m1", "s1u0m2"]


def test_a_figure_removed_in_step4_still_struck_in_step2():
    """Both sides strike at the same time: each step for every figure before the next, so a
    figure removed in step 4 still struck in step 2."""
    b = facing_files(count_a=2, count_b=2, touching=1)
    stand(b, "s0u0", [(10.0, 10.0), (10.0 - STEP, 10.0)])
    stand(b, "s1u0", [(10.0 + TOUCH, 10.0), (10.0 + TOUCH + STEP, 10.0)])
    start_melee(b)
    b.apply(FIGHT)
    # both front figures hit (6, 6), both defences fail (1, 1): both die, both struck
    events = b.apply(ROUND, 6, 6, 1, 1)
    removed = [e.model for e in events if isinstance(e, Casualty)]
    assert removed == ["s0u0m0", "s1u0m0"]
    summary = next(e for e in events if isinstance(e, MeleeRoundFought))
    assert summary.losses == (1, 1)


# --- step 5 ----------------------------------------------------------------------------------

def test_step5_equal_losses_no_reaction_test():
    """Step 5: equal losses: no test (the strict dice prove no reaction die is rolled)."""
    b = facing_files(count_a=2, count_b=2, touching=1)
    stand(b, "s0u0", [(10.0, 10.0), (10.0 - STEP, 10.0)])
    stand(b, "s1u0", [(10.0 + TOUCH, 10.0), (10.0 + TOUCH + STEP, 10.0)])
    start_melee(b)
    b.apply(FIGHT)
    events = b.apply(ROUND, 6, 6, 1, 1)
    assert not [e for e in events if isinstance(e, ReactionTested)]
    assert "equal losses: no reaction test" in next(
        e for e in events if isinstance(e, MeleeRoundFought)).describe()


def test_step5_the_side_that_lost_more_tests_for_its_units_in_the_melee():
    """Step 5: the side that lost more figures tests, for each of its units in the melee."""
    b = Battle([("Column", "garrison_column", ["militia"]),
                ("War Party", "frontier_war_party", ["settlers", "settlers"])])
    stand(b, "s0u0", column(10.0, 10.0, 2))
    stand(b, "s1u0", [(10.0 + TOUCH, 10.0), (10.0 + TOUCH + STEP, 10.0)])
    stand(b, "s1u1", [(10.0 + TOUCH, 10.0 + STEP), (10.0 + TOUCH + STEP, 10.0 + STEP)])
    for unit in ("s1u0", "s1u1"):   # no officers: plain Militia-class tests
        b.state.models[f"{unit}m0"].statuses = frozenset()
    start_melee(b)
    b.apply(FIGHT)
    # s0u0: 2 dice (one per target unit group: s1u0 then s1u1): hit s1u0 only
    # s1u0: 1 die miss; s1u1: 1 die miss; defence s1u0: 1 -> 1 lost (forced: 1 in contact)
    # side 1 lost more: s1u0 tests (6: None), s1u1 tests (6: None)
    events = b.apply(ROUND, 6, 1, 1, 1, 1, 6, 6)
    tested = [e.unit for e in events if isinstance(e, ReactionTested)]
    assert tested == ["s1u0", "s1u1"]


# --- step 6 ----------------------------------------------------------------------------------

def test_step6_survivors_move_up_to_2_inches_not_within_1_inch_of_an_enemy():
    """Step 6: one side has lost all its figures: the combat ends, the survivors may move up
    to 2" (free), not within 1" of an enemy."""
    b = Battle([("Column", "garrison_column", ["militia"]),
                ("War Party", "frontier_war_party", ["settlers", "militia"])])
    stand(b, "s0u0", column(10.0, 10.0, 2))
    stand(b, "s1u0", [(10.0 + TOUCH, 10.0)])                    # the lone figure in the melee
    stand(b, "s1u1", column(12.6, 12.2, 2))        # another enemy unit, 1.8" away, not touching
    start_melee(b)
    b.apply(FIGHT)
    b.apply(ROUND, 6, 1, 1)          # the lone Settler dies: side 1 has no one in this melee
    s = b.state
    assert s.pending["melee"]["stage"] == "free_move"
    assert b.ruleset.current_player(s) == 0
    offered = b.legal()
    assert all(a.kind == "free_move" and a.unit == "s0u0" for a in offered)
    for a in offered:
        assert b.why(a) is None
        for mid, x, y in a.placement:
            m = s.models[mid]
            assert math.hypot(x - m.x, y - m.y) <= 2.0 + 1e-6
            probe = m.copy()
            probe.x, probe.y = x, y
            assert min(b.geo.distance(probe, e) for e in s.alive_models("s1u1")) > 1.0
    # 2.5" is too far; ending 0.5" from the other enemy unit is refused
    too_far = Action("free_move", "s0u0", placement=(("s0u0m0", 12.5, 10.0),
                                                     ("s0u0m1", 12.5, 11.2)))
    assert "more than the 2\" allowed" in b.why(too_far)
    enemy = s.models["s1u1m0"]
    near = (enemy.x - TOUCH - 0.5, enemy.y)
    too_close = Action("free_move", "s0u0", placement=(("s0u0m1", *near),))
    assert b.geo.path_length(s, s.models["s0u0m1"], near) <= 2.0
    assert "within 1\" of an enemy" in b.why(too_close)
    b.apply(Action("free_move", "s0u0", placement=(("s0u0m0", 10.0, 8.5),
                                                   ("s0u0m1", 10.0, 9.7))))
    assert s.phase == "draw" and s.pending["melee"] is None


def test_step6_no_free_move_when_the_loser_recoiled_out_of_the_melee():
    """Step 6: the seed gives the winners' 2" move only when the other side has lost all its
    figures. The War Party loses 1 of 2 figures in contact, tests (4: Recoil), its figure in
    contact survives the 5+ (4) and the unit recoils away: no enemy is left in the melee, so
    the combat ends there, with no free move offered."""
    b = facing_files(count_a=2, count_b=3, touching=2)
    start_melee(b)
    b.apply(FIGHT)
    # s0u0 hits both (6 6), s1u0 misses (1 1); s1u0's defence: 1 fails, 6 blocks -> 1 lost
    b.apply(ROUND, 6, 6, 1, 1, 1, 6)
    events = b.apply(Action("remove", "s1u0", targets=("s1u0m0",)), 4, 4)
    s = b.state
    assert [e.result for e in events if isinstance(e, ReactionTested)] == ["Recoil"]
    assert s.unit_alive("s1u0") and not any_contact(s, b.geo)
    assert s.pending["melee"] is None and s.phase == "draw"
    assert not [a for a in b.legal() if a.kind == "free_move"]
    assert any(e.rule == aftermath.RULE_END and aftermath.RULE_NO_FREE_MOVE in e.describe()
               for e in events)


def test_step6_no_free_move_when_one_unit_is_destroyed_and_another_fled():
    """Step 6 with two units on the losing side: one is wiped out, the other flees. The side
    has not lost all its figures, so the melee ends without the free move."""
    b = Battle([("Column", "garrison_column", ["militia"]),
                ("War Party", "frontier_war_party", ["militia", "militia"])])
    stand(b, "s0u0", column(10.0, 10.0, 2))
    stand(b, "s1u0", [(10.0 + TOUCH, 10.0)])
    stand(b, "s1u1", [(10.0 + TOUCH, 10.0 + STEP), (10.0 + TOUCH + STEP, 10.0 + STEP)])
    start_melee(b)
    b.apply(FIGHT)
    # s0u0: one die on each unit (6 hits s1u0, 1 misses s1u1); s1u0, s1u1 miss; s1u0's
    # defence 1: its lone figure dies. Side 1 lost more: s1u1 tests (3: Flight), its figure
    # in contact survives the 4+ (3), and it flees.
    events = b.apply(ROUND, 6, 1, 1, 1, 1, 3, 3)
    s = b.state
    assert not s.unit_alive("s1u0") and s.unit_alive("s1u1")
    assert s.units["s1u1"].flags.get("shaken")
    assert s.pending["melee"] is None and s.phase == "draw"
    assert any(e.rule == aftermath.RULE_END and "no free move" in e.describe() for e in events)


def test_step6_back_into_contact_the_rounds_winner_first_then_step2_again():
    """Step 6: both sides still have figures: each moves its figures back into base contact,
    the winner of the round first; then the melee repeats from step 2."""
    b = two_units()
    stand(b, "s0u0", [(10.0, 10.0), (10.0 - STEP, 10.0), (10.0 - STEP, 10.0 + STEP)])
    stand(b, "s1u0", [(10.0 + TOUCH, 10.0), (10.0 + TOUCH + STEP, 10.0),
                      (10.0 + TOUCH + STEP, 10.0 + STEP)])
    start_melee(b)
    b.apply(FIGHT)
    # s0u0's front figure dies (s1u0 hits: 6; s0u0 defence 1), s1u0 loses none: side 1 wins;
    # side 0 tests: 6 = None
    events = b.apply(ROUND, 1, 6, 1, 6)
    moves = [e for e in events if isinstance(e, UnitMoved)]
    assert moves and moves[0].unit == "s1u0" and moves[0].rule == aftermath.RULE_CLOSE_IN
    assert contact_pairs(b.state, b.geo)
    assert b.state.pending["melee"]["stage"] == "round"
    assert b.state.pending["melee"]["round"] == 2
    assert b.legal() == [ROUND]


@pytest.mark.parametrize("acting", [0, 1])
def test_step6_with_equal_losses_the_acting_player_moves_back_first(acting):
    """[added] Equal losses leave no winner: the player who played the card moves first."""
    b = facing_files(count_a=2, count_b=2, touching=1)
    stand(b, "s0u0", [(10.0, 10.0), (10.0 - STEP, 10.0)])
    stand(b, "s1u0", [(10.0 + TOUCH, 10.0), (10.0 + TOUCH + STEP, 10.0)])
    start_melee(b, acting=acting)
    b.apply(FIGHT)
    events = b.apply(ROUND, 6, 6, 1, 1)       # both front figures die: 1 - 1
    first = next(e for e in events if isinstance(e, UnitMoved))
    assert b.state.units[first.unit].side == acting
    assert b.state.pending["melee"]["stage"] == "round"


def test_no_new_card_is_drawn_while_opposing_figures_touch():
    """The seed: before a new card is drawn, no opposing figures may remain in base contact."""
    b = facing_files(count_a=2, count_b=2, touching=2)
    start_melee(b)
    assert "must be resolved" in b.why(DRAW)
    b.apply(FIGHT)
    b.apply(ROUND, 1, 1, 1, 1)                 # no hits: equal losses, still touching
    assert b.state.phase == "melee" and DRAW not in b.legal()
    assert "melee goes on" in b.why(DRAW)
    b.apply(ROUND, 6, 6, 6, 6, 1, 1, 1, 1)     # four hits, four failed defences: all die
    assert b.state.over                        # no figures left at all: the battle ends


def test_a_second_melee_is_fought_before_the_next_card():
    """Two separate melees after one card: both are fought before a card is drawn."""
    b = Battle([("Column", "garrison_column", ["militia", "militia"]),
                ("War Party", "frontier_war_party", ["settlers", "settlers"])])
    stand(b, "s0u0", [(10.0, 10.0)])
    stand(b, "s1u0", [(10.0 + TOUCH, 10.0)])
    stand(b, "s0u1", [(10.0, 30.0)])
    stand(b, "s1u1", [(10.0 + TOUCH, 30.0)])
    start_melee(b)
    assert b.state.pending["melee"]["units"] == ["s0u0", "s1u0"]
    b.apply(Action("decline"))
    assert b.state.phase == "melee"
    assert b.state.pending["melee"]["units"] == ["s0u1", "s1u1"]
