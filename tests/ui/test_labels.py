"""Table labels never overlap: the placer on plain rectangles, then rendered greedy battles of
every ruleset (warband with four sides too) at their start, in the thick of it and at the end,
checked on the rectangles the placer returns and on those the scene actually blitted."""

import itertools
import time

import pygame
import pytest

from game import ai, rulesets
from game.io.tmx import default_map_for, load_scenario
from game.sim import battle_forces
from game.turn import TurnController
from game.ui.render.board import Board
from game.ui.render.camera import Camera
from game.ui.render.labels import COMPACT, HOVER, Wanted, overlaps, place, short_name
from game.ui.render.scene import Overlays, Scene


def no_overlap(rects) -> list:
    return [(a, b) for (ka, a), (kb, b) in itertools.combinations(rects, 2) if overlaps(a, b)]


# --- the placer -------------------------------------------------------------------------------
def test_labels_crowded_round_one_point_never_overlap():
    wanted = [Wanted(f"u{i}", (60, 14), (200 + i % 3, 200), priority=i % 4,
                     short_size=(24, 14)) for i in range(30)]
    placed, hidden = place(wanted, (0, 0, 400, 400))
    assert not no_overlap([(p.key, p.rect) for p in placed])
    assert {p.key for p in placed} | set(hidden) == {w.key for w in wanted}
    assert any(p.leader for p in placed) and any(p.short for p in placed)


def test_labels_a_lone_label_sits_above_its_anchor():
    (p,), hidden = place([Wanted("a", (40, 10), (100, 100))])
    assert not hidden and not p.leader and not p.short
    assert p.rect[1] + p.rect[3] <= 100 and p.rect[0] < 100 < p.rect[0] + p.rect[2]


def test_labels_lowest_priority_goes_to_hover_when_there_is_no_room():
    bounds = (0, 0, 100, 40)  # room for two labels only
    wanted = [Wanted("low", (90, 15), (50, 20), priority=0),
              Wanted("high", (90, 15), (50, 20), priority=5),
              Wanted("mid", (90, 15), (50, 20), priority=2)]
    placed, hidden = place(wanted, bounds)
    assert {p.key for p in placed} == {"high", "mid"} and hidden == ["low"]


def test_labels_selected_unit_label_always_shown():
    bounds = (0, 0, 100, 20)  # room for one label
    wanted = [Wanted("other", (90, 15), (50, 18), priority=9),
              Wanted("selected", (90, 15), (50, 18), priority=0, keep=True)]
    placed, hidden = place(wanted, bounds)
    assert [p.key for p in placed] == ["selected"] and hidden == ["other"]


def test_labels_density_compact_uses_short_forms_and_hover_only_kept():
    wanted = [Wanted("a", (80, 12), (100, 100), short_size=(30, 12)),
              Wanted("b", (80, 12), (300, 100), short_size=(30, 12), keep=True)]
    placed, _ = place(wanted, density=COMPACT)
    short = {p.key: p.short for p in placed}
    assert short == {"a": True, "b": False}  # the selected unit keeps its full name
    placed, hidden = place(wanted, density=HOVER)
    assert [p.key for p in placed] == ["b"] and hidden == ["a"]


def test_labels_avoid_reserved_text():
    placed, _ = place([Wanted("a", (40, 10), (100, 100))], reserved=[(60, 80, 80, 20)])
    assert not overlaps(placed[0].rect, (60, 80, 80, 20))


def test_labels_short_names_keep_the_unit_number():
    assert short_name("Line Marines II") == "LM II"
    assert short_name("Brute Mob 2") == "BM 2"
    assert short_name("Ogre") == "Ogre"


# --- rendered battles -------------------------------------------------------------------------
BATTLES = [("squads", 2), ("warband", 2), ("warband", 4), ("cards", 2), ("legions", 2),
           ("ranks", 2)]


RINGS = ((12.0, "charge range"), (2.0, "engagement"), (1.0, ""))


def crowding(s) -> int:
    """Pairs of enemy models within 3" of each other: the thick of a melee."""
    alive = [m for m in s.models.values() if m.alive]
    return sum(1 for a, b in itertools.combinations(alive, 2)
               if a.side != b.side and (a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= 9.0)


def check_frame(scene, camera, state, overlays) -> int:
    surface = pygame.Surface((1000, 760))
    scene.draw(surface, camera, state, overlays)
    blitted = scene.drawn_labels
    assert blitted, "the scene drew no label at all"
    assert not no_overlap([(k, tuple(r)) for k, r in blitted]), [k for k, _ in blitted]
    return len(blitted)


@pytest.mark.parametrize("ruleset_id,sides", BATTLES)
def test_labels_never_overlap_in_a_greedy_battle(ruleset_id, sides):
    pygame.init()
    ruleset = rulesets.get(ruleset_id)
    path = default_map_for(ruleset_id)
    scenario = load_scenario(path)
    controller = TurnController(ruleset, scenario, 5, battle_forces(ruleset, sides, scenario))
    players = {i: ai.make("greedy", 100 + i) for i in range(len(controller.state.sides))}
    scene = Scene(Board(scenario, path), ruleset)
    camera = Camera(pygame.Rect(0, 0, 1000, 760), scenario.width, scenario.height, margin=10)
    start = time.process_time()
    best, thick = -1, None
    shots = [controller.state.copy()]
    decisions = 0
    while not controller.over and decisions < 400 and time.process_time() - start < 25:
        controller.apply(players[controller.current_player()].choose(controller))
        decisions += 1
        level = crowding(controller.state)
        if level > best:
            best, thick = level, controller.state.copy()
    shots += [thick, controller.state.copy()]
    for state in [s for s in shots if s is not None]:
        units = [u for u in state.units if state.unit_alive(u)]
        selected = units[0] if units else None
        hovered = next((m.id for m in state.models.values() if m.alive), None)
        ghosts = {m.id: (m.x + 1.0, m.y) for m in state.alive_models(selected)} if selected \
            else {}
        dragging = Overlays(selected_unit=selected, acting_unit=selected, ghosts=ghosts,
                            ghost_notes={mid: '1.0" of 6"' for mid in ghosts}, hide_moving=True,
                            rings=RINGS)
        for overlays in (Overlays(), Overlays(selected_unit=selected, hovered_model=hovered,
                                              rings=RINGS),
                         Overlays(label_density="compact"), dragging):
            check_frame(scene, camera, state, overlays)
        # a close look: zoomed in on the thick of it
        zoomed = Camera(pygame.Rect(0, 0, 1000, 760), scenario.width, scenario.height, margin=10)
        zoomed.zoom_at(3, (500, 380))
        check_frame(scene, zoomed, state, Overlays())
