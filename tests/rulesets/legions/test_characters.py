"""Characters joining units (the seed's Paragon type: it may join or leave an Infantry unit and
lends its characteristics to its unit for any check; it counts its base W in resolution)."""

from game.core.actions import Action
from game.rulesets.legions import RULESET, characters, resolution
from game.rulesets.legions.checks import unit_value
from game.rulesets.legions.combat import lock
from game.rulesets.legions.wounds import new_pool, takers
from tests.rulesets.legions.battle import Battle, keep_only, stand


def squad_and_paragon(gap=1.0):
    """Line Squad (five troopers, no Sergeant) and the Glaive Paragon `gap` inches (centre to
    centre beyond the bases touching) from its first trooper, Azure's Movement phase."""
    b = Battle(["line_squad", "glaive_paragon"], ["ember_squad"], phase="movement")
    keep_only(b, "s0u0", ["s0u0m1", "s0u0m2", "s0u0m3", "s0u0m4", "s0u0m5"])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 50.0, 24.0, 180.0)
    first = b.state.models["s0u0m1"]
    para = b.state.models["s0u1m0"]
    stand(b, "s0u1m0", first.x, first.y - first.base.radius - para.base.radius - gap)
    b.state.active = 0
    return b


def join_action(b):
    found = [a for a in b.legal() if a.kind == "join_unit"]
    assert len(found) == 1, [a.to_text() for a in b.legal()]
    return found[0]


def test_a_paragon_may_join_an_infantry_unit_in_coherency_and_becomes_one_of_its_models():
    b = squad_and_paragon()
    a = join_action(b)
    assert a.unit == "s0u1" and a.targets == ("s0u0",)
    assert a.label == ("Glaive Paragon joins Line Squad (one unit from now on; it lends its "
                       "Ld 10 to the unit's checks)")
    events = b.apply(a)
    assert events[0].describe() == ("Glaive Paragon joins Line Squad: one unit now, and it "
                                    "lends its characteristics to the unit's checks")
    s = b.state
    assert "s0u1m0" in s.units["s0u0"].models and s.models["s0u1m0"].unit == "s0u0"
    assert not s.unit_alive("s0u1")  # the Paragon's own unit waits, empty
    assert [u.id for u in s.units_of(0)] == ["s0u0"]
    # Victory points: the Paragon's unit is not wiped while it lives.
    rows = characters.victory_rows(s, [])
    assert rows[1]["units_wiped"] == 0


def test_a_paragon_out_of_coherency_with_the_unit_may_not_join():
    b = squad_and_paragon(gap=2.5)
    assert not [a for a in b.legal() if a.kind == "join_unit"]
    why = b.why(Action("join_unit", "s0u1", targets=("s0u0",)))
    assert why.startswith("Glaive Paragon is not within 2\" of Line Squad: it must stand in "
                          "coherency with the unit it joins")


def test_only_a_paragon_joins_only_infantry_one_character_a_unit_once_a_phase():
    b = squad_and_paragon()
    assert "Only a Paragon may join" in b.why(Action("join_unit", "s0u0", targets=("s0u1",)))
    b.apply(join_action(b))
    assert "already joined or left" in b.why(Action("leave_unit", "s0u0", targets=("s0u1",)))
    b.state.units["s0u0"].flags.pop(characters.CHANGED)
    leave = [a for a in b.legal() if a.kind == "leave_unit"]
    assert [a.label for a in leave] == ["Glaive Paragon leaves Line Squad (a unit of its own "
                                        "again)"]


def test_a_unit_locked_in_combat_is_not_joined():
    b = squad_and_paragon()
    lock(b.state, "s0u0", "s1u0")
    assert "locked in combat" in b.why(Action("join_unit", "s0u1", targets=("s0u0",)))


def test_a_paragon_leaves_a_unit_and_is_a_unit_of_its_own_again_with_what_it_has_done():
    b = squad_and_paragon()
    b.apply(join_action(b))
    s = b.state
    s.units["s0u0"].flags["moved"] = True
    s.units["s0u0"].flags.pop(characters.CHANGED)
    b.apply(next(a for a in b.legal() if a.kind == "leave_unit"))
    assert s.units["s0u1"].models == ("s0u1m0",) and s.models["s0u1m0"].unit == "s0u1"
    assert "s0u1m0" not in s.units["s0u0"].models
    assert s.units["s0u1"].flags.get("moved")


def test_the_joined_paragon_lends_its_leadership_and_cool_to_the_units_checks():
    b = squad_and_paragon()
    assert unit_value(b.state, "s0u0", "Ld") == 7 and unit_value(b.state, "s0u0", "Cl") == 7
    b.apply(join_action(b))
    assert unit_value(b.state, "s0u0", "Ld") == 10 and unit_value(b.state, "s0u0", "Cl") == 10


def test_wounds_inside_the_mixed_unit_the_defender_picks_and_a_wounded_paragon_first():
    b = squad_and_paragon()
    b.apply(join_action(b))
    s = b.state
    pool = new_pool(s, "s1u0", "s0u0", 3, 0, 1, "rifle", "test", 3, 3, simultaneous=True,
                    strikers=[s.models["s1u0m1"]])
    assert pool["picker"] == 0  # the defender picks
    assert {m.id for m in takers(s, pool)} == {"s0u0m1", "s0u0m2", "s0u0m3", "s0u0m4",
                                                "s0u0m5", "s0u1m0"}
    s.models["s0u1m0"].wounds = 3
    assert [m.id for m in takers(s, pool)] == ["s0u1m0"]


def test_the_joined_paragon_counts_its_base_wounds_for_more_models_in_resolution():
    b = squad_and_paragon()
    b.apply(join_action(b))
    s = b.state
    keep_only(b, "s0u0", ["s0u0m1", "s0u1m0"])
    keep_only(b, "s1u0", ["s1u0m1", "s1u0m2", "s1u0m3", "s1u0m4"])
    f = {"combat": ["s0u0", "s1u0"], "sides": [0, 1], "scored": {}}
    # 1 trooper + the Paragon's base W 4 = 5 against 4 troopers: Azure has more.
    assert resolution.totals(s, f) == {0: (1, "0 for casualties, +1 for more models"),
                                       1: (0, "0 for casualties")}


def test_greedy_joins_a_paragon_that_lends_the_unit_a_better_leadership():
    b = squad_and_paragon()
    a = join_action(b)
    assert RULESET.action_value(b.state, a, b.geo) == 0.05 * (3 + 3)
