"""Units as rigid formations of rectangular bases (ranks.md, "Profiles" and "Geometry"), set-up,
and closing ranks after losses [added]."""

import math

import pytest

from game.io.tmx import default_map_for, load_scenario
from game.rulesets.ranks import RULESET, formation
from game.rulesets.ranks.formation import Frame
from game.rulesets.ranks.setup import GENERAL, OFFICER
from game.rulesets.ranks.shapes import penetration
from game.rulesets.ranks.sweep import model_rect
from tests.rulesets.ranks.battle import DEPTH as D
from tests.rulesets.ranks.battle import WIDTH as W
from tests.rulesets.ranks.battle import two_units


def spear_wall():
    b = two_units(["spear_wall"], ["pike_block"])
    b.stand("s0u0", 20.0, 20.0, 0.0)
    b.stand("s1u0", 40.0, 20.0, 180.0)
    return b


def test_a_unit_is_files_by_ranks_of_touching_bases_with_one_facing():
    b = spear_wall()
    models = b.models("s0u0")
    assert {m.facing for m in models} == {0.0}
    slots = formation.slot_map(b.state, "s0u0")
    assert sorted(slots.values()) == [(r, f) for r in range(2) for f in range(4)]
    # front rank centred on the front-centre point, 2nd rank right behind
    for m in models:
        rank, file = slots[m.id]
        assert m.x == pytest.approx(20.0 - D / 2 - rank * D, abs=1e-3)
        assert m.y == pytest.approx(20.0 + (file - 1.5) * W, abs=1e-3)
    # neighbours touch and never overlap
    for i, a in enumerate(models):
        for other in models[i + 1:]:
            assert penetration(model_rect(a), model_rect(other)) <= 2e-3
    frame = formation.frame_of(b.state, "s0u0")
    assert (frame.x, frame.y, frame.facing) == pytest.approx((20.0, 20.0, 0.0), abs=1e-3)


def test_officer_and_general_take_the_front_middle_and_the_general_has_its_own_values():
    b = two_units(["mailed_riders"], ["axe_band"])
    riders = b.models("s0u0")
    general = [m for m in riders if GENERAL in m.statuses]
    assert [m.id for m in general] == ["s0u0m1"]
    assert (general[0].profile["CV"], general[0].profile["AV"], general[0].wounds) == (3, 3, 3)
    assert riders[0].profile["CV"] == 4
    officers = [m for m in b.models("s1u0") if OFFICER in m.statuses]
    assert len(officers) == 1 and formation.slot_map(b.state, "s1u0")[officers[0].id][0] == 0


def test_wheel_turns_about_the_inner_front_corner_and_costs_the_outer_corners_path():
    b = spear_wall()
    frame = formation.frame_of(b.state, "s0u0")
    ext = formation.extent(b.state, "s0u0")
    assert ext.frontage == pytest.approx(4 * W)
    pivot = formation.wheel_pivot(frame, ext, 90.0)
    assert pivot == pytest.approx((20.0, 20.0 + 2 * W), abs=1e-3)  # right front corner
    wheeled = formation.wheeled(frame, ext, 90.0)
    assert wheeled.facing == pytest.approx(90.0)
    # the pivot corner stays where it was
    corners = formation.footprint(wheeled, ext)
    assert min(math.dist(c, pivot) for c in corners) == pytest.approx(0.0, abs=1e-9)
    assert formation.wheel_cost(ext, 90.0) == pytest.approx(4 * W * math.pi / 2)


def test_turn_about_the_centre_keeps_files_and_ranks():
    b = spear_wall()
    frame = formation.frame_of(b.state, "s0u0")
    ext = formation.extent(b.state, "s0u0")
    about = formation.turned(frame, ext, 180.0)
    assert about.facing == pytest.approx(180.0)
    before = [v for corner in sorted(formation.footprint(frame, ext)) for v in corner]
    after = [v for corner in sorted(formation.footprint(about, ext)) for v in corner]
    assert before == pytest.approx(after)


def test_closing_ranks_the_base_behind_steps_into_a_front_gap():
    b = spear_wall()
    s = b.state
    s.models["s0u0m1"].alive = False
    behind = s.models["s0u0m5"]
    gap_position = (s.models["s0u0m1"].x, s.models["s0u0m1"].y)
    moved = formation.close_ranks(s, "s0u0")
    assert list(moved) == ["s0u0m5"]
    assert (behind.x, behind.y) == pytest.approx(gap_position, abs=1e-3)
    assert formation.slot_map(s, "s0u0")["s0u0m5"] == (0, 1)


def test_closing_ranks_refills_an_empty_file_from_the_fullest():
    b = spear_wall()
    s = b.state
    for mid in ("s0u0m0", "s0u0m4"):
        s.models[mid].alive = False
    formation.close_ranks(s, "s0u0")
    slots = formation.slot_map(s, "s0u0")
    assert sorted(f for r, f in slots.values() if r == 0) == [0, 1, 2, 3]
    assert sum(1 for r, _ in slots.values() if r == 1) == 2
    models = s.alive_models("s0u0")
    for i, a in enumerate(models):
        for other in models[i + 1:]:
            assert penetration(model_rect(a), model_rect(other)) <= 2e-3


def test_closing_ranks_never_widens_the_block():
    b = spear_wall()
    s = b.state
    before = formation.extent(s, "s0u0")
    for mid in ("s0u0m0", "s0u0m4", "s0u0m1", "s0u0m5", "s0u0m2"):
        s.models[mid].alive = False
    formation.close_ranks(s, "s0u0")
    after = formation.extent(s, "s0u0")
    assert after.left >= before.left - 1e-9 and after.right <= before.right + 1e-9
    assert after.depth <= before.depth + 1e-9


def test_frame_round_trip_for_any_facing():
    b = spear_wall()
    for facing in (0.0, 33.0, 90.0, 200.0, 359.0):
        formation.apply_frame(b.state, "s0u0", Frame(25.0, 21.0, facing))
        frame = formation.frame_of(b.state, "s0u0")
        assert (frame.x, frame.y) == pytest.approx((25.0, 21.0), abs=2e-3)
        assert frame.facing == pytest.approx(facing)


def test_the_shipped_battle_deploys_whole_blocks_in_their_zones_facing_the_centre():
    scenario = load_scenario(default_map_for("ranks"))
    s = RULESET.new_game(scenario, 0)
    rects = {m.id: model_rect(m) for m in s.models.values()}
    ids = list(rects)
    for i, a in enumerate(ids):
        for other in ids[i + 1:]:
            assert penetration(rects[a], rects[other]) <= 2e-3
    for unit in s.units.values():
        facings = {m.facing for m in s.alive_models(unit.id)}
        assert len(facings) == 1
        zone = scenario.deployment.get(unit.side)
        if zone:
            ys = [y for _, y in zone]
            for m in s.alive_models(unit.id):
                assert min(ys) <= m.y <= max(ys)
        cy = sum(m.y for m in s.alive_models(unit.id)) / len(s.alive_models(unit.id))
        facing = facings.pop()
        toward = 1 if cy < scenario.height / 2 else -1
        assert math.sin(math.radians(facing)) == pytest.approx(toward)
