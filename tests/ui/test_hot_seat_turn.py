"""A whole squads hot-seat turn played through the window with synthetic mouse and keys:
select a unit, drag it forward, confirm, end the phase, charge (scripted dice), pick the target,
fight (pile in, attack with scripted dice, consolidate), hand over, and the enemy fights back."""

import dataclasses

import pygame

from game import rulesets
from game.core.state import UnitPlacement
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.squads.fight import attacking_models
from game.turn import TurnController
from game.ui.app import HOT_SEAT, BattleConfig
from game.ui.screens.battle import BattleScreen
from game.ui.screens.overlays import HandOverScreen

MOB, MARINES = "s0u0", "s1u0"


def face_off():
    """The shipped map with the Mob and the Marines placed on the open centre line."""
    path = default_map_for("squads")
    scenario = dataclasses.replace(load_scenario(path), placements=(
        UnitPlacement(0, "brute_mob", 20.0, 22.0, 0.0),
        UnitPlacement(1, "line_marines", 34.0, 22.0, 180.0)))
    return path, TurnController(rulesets.get("squads"), scenario, 5)


def test_a_hot_seat_turn_with_mouse_and_keys(make_app):
    path, controller = face_off()
    drive = make_app()
    battle = drive.app.start_battle(BattleConfig(map_path=path, mode=HOT_SEAT, seed=5),
                                    controller)
    drive.frames(2)
    state = controller.state
    start = {m.id: (m.x, m.y) for m in state.alive_models(MOB)}

    # select the Mob by clicking one of its bases: it is selected and its choices are shown
    first = state.models[f"{MOB}m0"]
    drive.click(battle.camera.to_screen(first.x, first.y))
    assert battle.selected == MOB

    # drag the whole unit 3" toward the enemy; the rules check it live; Enter confirms
    drive.drag(battle.camera.to_screen(first.x, first.y),
               battle.camera.to_screen(first.x + 3.0, first.y))
    assert battle.draft is not None and battle.draft.checked
    assert battle.draft.reason is None, battle.draft.reason
    drive.key(pygame.K_RETURN)
    assert state.units[MOB].flags.get("moved")
    for m in state.alive_models(MOB):
        assert abs(m.x - (start[m.id][0] + 3.0)) < 0.05 and abs(m.y - start[m.id][1]) < 0.05

    # E ends the Movement phase
    drive.key(pygame.K_e)
    assert state.phase == "charge"

    # charge: the dice are scripted (6 + 5 = 11); the roll shows in the tray
    controller.dice.script(6, 5)
    drive.hover_choice("Charge with Brute Mob I (roll 2D6)")
    assert MARINES in battle.overlays().targets  # in range, with its odds
    drive.choose("Charge with Brute Mob I (roll 2D6)")
    assert state.pending["charge"]["roll"] == 11
    assert battle.tray.rows[-1].values == [6, 5]
    # the reachable target lights up; hovering the choice shows the solver's placement
    assert MARINES in battle.overlays().targets
    drive.hover_choice("Charge Line Marines I")
    assert battle.overlays().ghosts
    drive.choose("Charge Line Marines I")
    assert state.units[MOB].flags.get("charged")
    assert controller.geo.unit_distance(state, MOB, MARINES) <= 2.0
    drive.choose("End the Charge phase")

    # fight: the Mob charged, so it fights first
    assert state.phase == "fight"
    drive.choose("Fight with Brute Mob I")
    drive.choose("Do not pile in")
    attacks = len(attacking_models(state, controller.geo, MOB, MARINES)) * 3
    # every attack hits and wounds; two saves fail, the rest are made: one Marine dies (W2)
    controller.dice.script(*([6] * attacks + [6] * attacks + [1, 1] + [6] * (attacks - 2)))
    drive.choose("Attack Line Marines I")
    assert len(state.sides[1].casualties) == 1
    assert "Brute Mob I attacks Line Marines I" in " ".join(e.text for e in battle.log.entries)
    drive.choose("Do not consolidate")

    # remaining combats: the Marines' player takes over
    assert isinstance(drive.top, HandOverScreen)
    drive.press(drive.top.ready)
    assert isinstance(drive.top, BattleScreen)
    assert controller.current_player() == 1
    drive.choose("Fight with Line Marines I")
    drive.choose("Do not pile in")
    drive.choose("Attack Brute Mob I")
    drive.choose("Do not consolidate")

    # the turn is over: the Marines' side moves next, positions and losses stand
    assert state.active == 1 and state.round == 1
    assert state.phase == "movement"
    assert all((m.x, m.y) != start[m.id] for m in state.alive_models(MOB))
    assert len(state.sides[1].casualties) == 1
