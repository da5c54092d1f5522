"""The reaction test [added, our values] (rules/cards.md, "Reaction test"): the Discipline
table, its modifiers, and what each result does in a melee and on the Morale card."""

import math
from fractions import Fraction

import pytest

from game.core.actions import Action
from game.core.events import Casualty, DiceRolled, StatusChanged, UnitMoved
from game.rulesets.cards import aftermath, melee, reaction
from game.rulesets.cards.contact import any_contact, contacting_figures
from game.rulesets.cards.events import ReactionTested
from tests.rulesets.cards.battle import (
    DRAW,
    FIGHT,
    ROUND,
    STEP,
    TOUCH,
    Battle,
    alive,
    column,
    stack_deck,
    stand,
    start_melee,
    two_units,
)

# The spec's table, row by row: (total, result) at every edge of every band.
TABLE_CASES = [
    ("Elite", -1, "rout"), ("Elite", 0, "rout"), ("Elite", 1, "flight"), ("Elite", 2, "recoil"),
    ("Elite", 3, "none"), ("Elite", 8, "none"),
    ("Regular", 0, "rout"), ("Regular", 1, "flight"), ("Regular", 2, "flight"),
    ("Regular", 3, "recoil"), ("Regular", 4, "none"),
    ("Irregular", 1, "rout"), ("Irregular", 2, "flight"), ("Irregular", 3, "recoil"),
    ("Irregular", 4, "recoil"), ("Irregular", 5, "none"),
    ("Militia", 1, "rout"), ("Militia", 2, "flight"), ("Militia", 3, "flight"),
    ("Militia", 4, "recoil"), ("Militia", 5, "recoil"), ("Militia", 6, "none"),
]


@pytest.mark.parametrize(("discipline", "total", "result"), TABLE_CASES)
def test_reaction_table_rows(discipline, total, result):
    """Reaction test table: Rout / Flight / Recoil / None by Discipline and total."""
    assert reaction.result_for(discipline, total) == result


@pytest.mark.parametrize("discipline", ["Elite", "Regular", "Irregular", "Militia"])
def test_result_odds_remembered_are_the_table_read_face_by_face(discipline):
    """The odds remembered per Discipline and modifier are the six faces read on the table,
    and each answer is the caller's own (changing it leaves the next answer as it was)."""
    for modifier in range(-3, 4):
        expected = dict.fromkeys(reaction.RESULTS, Fraction(0))
        for face in range(1, 7):
            expected[reaction.result_for(discipline, face + modifier)] += Fraction(1, 6)
        odds = reaction.result_odds(discipline, modifier)
        assert odds == expected
        odds[reaction.ROUT] = Fraction(7)
        assert reaction.result_odds(discipline, modifier) == expected


PROFILE_OF = {"Elite": "grenadiers", "Regular": "regulars", "Irregular": "rangers",
              "Militia": "militia"}

# (discipline, result, figures lost in the round, reaction die): lost 3 gives -2.
RESULT_CASES = [
    ("Elite", "rout", 3, 1), ("Elite", "flight", 1, 1), ("Elite", "recoil", 1, 2),
    ("Elite", "none", 1, 3),
    ("Regular", "rout", 3, 2), ("Regular", "flight", 1, 2), ("Regular", "recoil", 1, 3),
    ("Regular", "none", 1, 4),
    ("Irregular", "rout", 1, 1), ("Irregular", "flight", 1, 2), ("Irregular", "recoil", 1, 4),
    ("Irregular", "none", 1, 5),
    ("Militia", "rout", 1, 1), ("Militia", "flight", 1, 3), ("Militia", "recoil", 1, 5),
    ("Militia", "none", 1, 6),
]


def losing_round(discipline, lost, reaction_die, contact_dice=()):
    """Side 1 (a unit of this Discipline, 5 figures, officer left out so no modifier but the
    round's losses) loses `lost` figures to side 0's Militia and takes its test."""
    b = two_units(first="militia", second=PROFILE_OF[discipline])
    stand(b, "s0u0", column(10.0, 10.0, 4) + [(10.0 - STEP, 10.0)])
    stand(b, "s1u0", column(10.0 + TOUCH, 10.0, 4) + [(10.0 + TOUCH + STEP, 10.0)])
    b.state.models["s1u0m0"].statuses = frozenset()   # no officer: no +1, no talents
    start_melee(b)
    b.apply(FIGHT)
    hits = [6] * lost + [1] * (4 - lost)
    b.apply(ROUND, *hits, 1, 1, 1, 1, *[1] * lost)    # side 1 misses; its defence all fails
    events = []
    for k in range(lost):
        dice = (reaction_die, *contact_dice) if k == lost - 1 else ()
        events += b.apply(Action("remove", "s1u0", targets=(f"s1u0m{k}",)), *dice)
    return b, events


@pytest.mark.parametrize(("discipline", "result", "lost", "die"), RESULT_CASES)
def test_each_result_of_each_discipline_in_a_melee(discipline, result, lost, die):
    """Reaction results in a melee: None (no effect), Recoil (figures in contact die on 5+,
    then a full move straight away), Flight (4+, a full move away, Shaken), Rout (removed)."""
    in_contact = 4 - lost
    contact_dice = {"recoil": [5] + [4] * (in_contact - 1),   # exactly the first one dies
                    "flight": [4] + [3] * (in_contact - 1)}.get(result, [])
    b, events = losing_round(discipline, lost, die, contact_dice)
    s = b.state
    test = next(e for e in events if isinstance(e, ReactionTested))
    assert (test.discipline, test.result.lower()) == (discipline, result)
    assert test.total == die - (2 if lost >= 3 else 0)
    if result == "none":
        assert not [e for e in events if e.rule in (reaction.RULE_RECOIL, reaction.RULE_FLIGHT)]
        assert len(alive(b, "s1u0")) == 5 - lost and not s.units["s1u0"].flags.get("shaken")
        return
    if result == "rout":
        routed = [e for e in events if isinstance(e, Casualty) and e.rule == reaction.RULE_ROUT]
        assert len(routed) == 5 - lost and not s.unit_alive("s1u0")
        return
    need = "5+" if result == "recoil" else "4+"
    deaths = next(e for e in events if isinstance(e, DiceRolled) and e.needed.startswith(need))
    assert len(deaths.values) == in_contact      # one die per figure in base contact
    assert len(alive(b, "s1u0")) == 5 - lost - 1
    moved = next(e for e in events if isinstance(e, UnitMoved) and e.unit == "s1u0")
    move = s.units["s1u0"].profile["M"]
    steps = {(round(x1 - x0, 2), round(y1 - y0, 2)) for _, x0, y0, x1, y1 in moved.moves}
    assert len(steps) == 1                       # every figure the same way: straight away
    (dx, dy), = steps
    assert math.isclose(math.hypot(dx, dy), move, abs_tol=0.02) and dx > 0  # a full move
    assert not any_contact(s, b.geo)
    assert s.units["s1u0"].flags.get("shaken", False) == (result == "flight")
    # it left the melee with figures still on the table: the combat ends WITHOUT the winners'
    # free move (the seed gives it only when the other side has lost all its figures); this
    # replaces an assertion that offered the free move here
    assert s.pending["melee"] is None and s.phase == "draw"
    assert any(e.rule == aftermath.RULE_END and "no free move" in e.describe() for e in events)


def test_recoil_kills_only_figures_still_in_base_contact():
    """Recoil: each figure in base contact (not the ones behind) rolls one die."""
    b, events = losing_round("Militia", 1, 5, [5, 5, 6])
    deaths = next(e for e in events if isinstance(e, DiceRolled) and e.rule == reaction.RULE_RECOIL)
    assert deaths.values == (5, 5, 6) and deaths.outcome == "3 die"
    assert alive(b, "s1u0") == ["s1u0m4"]   # the figure behind survives


# --- modifiers ----------------------------------------------------------------------------------

def mods(b, unit_id, lost=0, steady=True):
    return dict(reaction.modifiers(b.state, b.geo, unit_id, lost, steady))


def test_modifier_officer_within_6_inches():
    """+1 officer within 6": the unit's own, or a friendly officer of another unit."""
    b = Battle([("Column", "garrison_column", ["militia", "grenadiers"]),
                ("War Party", "frontier_war_party", ["militia"])])
    stand(b, "s0u0", column(10.0, 10.0, 4))
    stand(b, "s0u1", column(10.0 + 5.5 + 1.0, 10.0, 4))   # Captain 5.5" (edge) from the Militia
    stand(b, "s1u0", column(40.0, 40.0, 4))
    assert b.geo.unit_distance(b.state, "s0u0", "s0u1") <= 6.0
    assert mods(b, "s0u0") == {"officer within 6\"": 1}
    assert mods(b, "s0u1") == {"officer within 6\"": 1}      # its own Captain
    stand(b, "s0u1", column(10.0 + 6.5 + 1.0, 10.0, 4))
    assert mods(b, "s0u0") == {}


def test_modifier_unit_of_six_or_more_figures_and_reduced_to_one():
    """+1 unit of 6+ figures; -1 unit reduced to one figure."""
    b = two_units()
    stand(b, "s0u0", column(10.0, 10.0, 6))
    stand(b, "s1u0", [(40.0, 40.0)])
    assert mods(b, "s0u0") == {"unit of 6+ figures": 1}
    assert mods(b, "s1u0") == {"reduced to one figure": -1}


def test_modifier_lost_three_or_more_this_round():
    """-2 lost 3+ figures in this melee round."""
    b = two_units()
    stand(b, "s0u0", column(10.0, 10.0, 4))
    stand(b, "s1u0", column(40.0, 10.0, 4))
    assert mods(b, "s0u0", lost=3) == {"lost 3+ figures this round": -2}
    assert mods(b, "s0u0", lost=2) == {}


def test_steady_adds_one_once_a_melee():
    """Steady: +1 to the unit's reaction tests, once a melee."""
    b = two_units(first="militia", second="regulars")   # Regulars: Lieutenant, Steady
    stand(b, "s0u0", column(10.0, 10.0, 4) + [(10.0 - STEP, 10.0)])
    stand(b, "s1u0", column(10.0 + TOUCH, 10.0, 4) + [(10.0 + TOUCH + STEP, 10.0)])
    start_melee(b)
    b.apply(FIGHT)
    b.apply(ROUND, 6, 1, 1, 1, 1, 1, 1, 1, 1)            # Regulars lose one (a choice)
    events = b.apply(Action("remove", "s1u0", targets=("s1u0m1",)), 6)
    first = next(e for e in events if isinstance(e, ReactionTested))
    assert dict(first.modifiers) == {"officer within 6\"": 1, "Steady": 1}
    # round 2: the Regulars lose again; Steady is spent for this melee
    plan = melee.round_plan(b.state, b.geo, b.state.pending["melee"]["units"])
    ours = sum(g.dice for g in plan.groups if g.unit == "s0u0")
    theirs = sum(g.dice for g in plan.groups if g.unit == "s1u0")
    b.apply(ROUND, 6, *[1] * (ours - 1), *[1] * theirs, 1)
    spare_officer = next(a for a in b.legal() if a.targets[0] != "s1u0m0")
    events = b.apply(spare_officer, 6)
    second = next(e for e in events if isinstance(e, ReactionTested))
    assert dict(second.modifiers) == {"officer within 6\"": 1}


# --- the Morale card ----------------------------------------------------------------------------

def test_morale_card_tests_every_unit_below_half_strength_without_contact_deaths():
    """Morale card: every unit below half strength takes a reaction test (not in a melee: no
    contact deaths; Recoil moves it a full move away from the nearest enemy)."""
    b = Battle([("Column", "garrison_column", ["militia", "militia"]),
                ("War Party", "frontier_war_party", ["militia"])])
    stand(b, "s0u0", column(10.0, 10.0, 4))
    stand(b, "s0u1", column(20.0, 10.0, 4))
    stand(b, "s1u0", column(30.0, 10.0, 4))
    b.state.models["s0u0m3"].alive = False          # 3 of 4: not below half
    for k in (1, 2, 3):
        b.state.models[f"s0u1m{k}"].alive = False   # 1 of 4: below half
    stack_deck(b, "morale")
    events = b.apply(DRAW, 4)                       # Militia 4 - 1 (one figure) = 3: Flight
    tested = [e for e in events if isinstance(e, ReactionTested)]
    assert [e.unit for e in tested] == ["s0u1"] and tested[0].result == "Flight"
    assert not [e for e in events if isinstance(e, Casualty)]
    moved = next(e for e in events if isinstance(e, UnitMoved))
    (_, x0, y0, x1, y1), = moved.moves
    assert math.isclose(math.hypot(x1 - x0, y1 - y0), 6.0, abs_tol=0.01) and x1 < x0  # away
    assert b.state.units["s0u1"].flags["shaken"]


def test_a_shaken_unit_only_rallies_on_its_next_activation():
    """Shaken: cannot charge; its next activation it only rallies."""
    b = two_units()
    stand(b, "s0u0", column(10.0, 10.0, 4))
    stand(b, "s1u0", column(14.0, 10.0, 4))
    b.state.units["s0u0"].flags["shaken"] = True
    stack_deck(b, "unit:0:militia")
    b.apply(DRAW)
    assert [a.kind for a in b.legal()] == ["rally"]
    charge = Action("move", "s0u0", placement=(("s0u0m0", 13.0 - TOUCH + 1.0, 10.0),))
    assert "Shaken" in b.why(charge)
    events = b.apply(Action("rally", "s0u0"))
    assert isinstance(events[0], StatusChanged) and not events[0].gained
    assert "shaken" not in b.state.units["s0u0"].flags


def test_flight_in_a_melee_leaves_the_unit_shaken_and_out_of_contact():
    b, _ = losing_round("Irregular", 1, 2, [3, 3, 3])
    assert b.state.units["s1u0"].flags["shaken"]
    assert not contacting_figures(b.state, b.geo, "s1u0")


def test_a_unit_that_recoils_leaves_the_melee_while_the_others_fight_on():
    """A unit that recoils or flees leaves the melee: it does not move back into contact; the
    melee goes on between the units still in it."""
    b = Battle([("Column", "garrison_column", ["militia"]),
                ("War Party", "frontier_war_party", ["militia", "settlers"])])
    stand(b, "s0u0", column(10.0, 10.0, 4))
    stand(b, "s1u0", column(10.0 + TOUCH, 10.0, 2) + [(10.0 + TOUCH + STEP, 10.0)])
    stand(b, "s1u1", column(10.0 + TOUCH, 12.4, 2) + [(10.0 + TOUCH + STEP, 13.6)])
    b.state.models["s1u1m0"].statuses = frozenset()   # no officer
    start_melee(b)
    b.apply(FIGHT)
    # Column: 1 hit on s1u0, none on s1u1; War Party misses; s1u0's defence fails.
    b.apply(ROUND, 6, 1, 1, 1, 1, 1, 1, 1, 1)
    # s1u0 loses a figure: side 1 tests, unit by unit: s1u0 4 = Recoil (its figure in contact
    # survives its 5+ roll), s1u1 6 = None.
    events = b.apply(Action("remove", "s1u0", targets=("s1u0m0",)), 4, 1, 6)
    assert [(e.unit, e.result) for e in events if isinstance(e, ReactionTested)] == [
        ("s1u0", "Recoil"), ("s1u1", "None")]
    melee_state = b.state.pending["melee"]
    assert melee_state["stage"] == "round" and melee_state["left"] == ["s1u0"]
    closing = [e.unit for e in events if isinstance(e, UnitMoved) and e.rule == aftermath.RULE_CLOSE_IN]
    assert "s1u0" not in closing
    assert melee.present_units(b.state, b.geo, melee_state) == ["s0u0", "s1u1"]
    assert not contacting_figures(b.state, b.geo, "s1u0")
