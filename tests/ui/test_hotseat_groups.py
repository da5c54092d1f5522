"""Hot-seat for real groups: people with names and AIs mixed freely per side, and the hand-over
screen that names the next person and hides the table until they confirm."""

import pygame

from game.ai.greedy import GreedyAgent
from game.ai.random import RandomAgent
from game.io.tmx import default_map_for
from game.ui.app import AI_VS_AI, GROUP, HOT_SEAT, VS_AI, BattleConfig
from game.ui.render import palette
from game.ui.screens.battle import BattleScreen
from game.ui.screens.overlays import HandOverScreen
from game.ui.seats import HUMAN, Seat, mode_of, preset, seats_for

GROUP_SEATS = (Seat(HUMAN, "Alice"), Seat(HUMAN, "Bob"), Seat("greedy"), Seat("random"))


def start_group(make_app, seed: int = 3) -> tuple:
    drive = make_app()
    config = BattleConfig("warband", default_map_for("warband"), GROUP, 0, seed, "greedy", 4,
                          GROUP_SEATS)
    battle = drive.app.start_battle(config)
    drive.frames(2)
    return drive, battle


def test_seats_follow_the_mode_presets_and_a_mix_is_a_group():
    assert preset(VS_AI, 3, 1, "random") == [Seat("random"), Seat(HUMAN), Seat("random")]
    assert preset(HOT_SEAT, 2) == [Seat(HUMAN), Seat(HUMAN)]
    assert preset(AI_VS_AI, 2, ai="greedy") == [Seat("greedy"), Seat("greedy")]
    assert mode_of(list(GROUP_SEATS)) == GROUP
    assert mode_of([Seat(HUMAN), Seat("greedy")]) == VS_AI
    # a configuration without seats (an old save, a test) is its mode's preset
    assert seats_for(BattleConfig(mode=HOT_SEAT), 3) == [Seat(HUMAN)] * 3
    assert seats_for(BattleConfig(players=GROUP_SEATS, sides=4), 4) == list(GROUP_SEATS)


def test_two_people_and_two_ais_play_a_four_side_warband_battle(make_app):
    drive, battle = start_group(make_app)
    controller = battle.controller
    assert battle.humans == {0, 1} and set(battle.agents) == {2, 3}
    assert isinstance(battle.agents[2], GreedyAgent)
    assert isinstance(battle.agents[3], RandomAgent)
    names = {0: "Alice", 1: "Bob"}
    handed_to = []
    for _ in range(80):
        top = drive.top
        if isinstance(top, HandOverScreen):
            # the hand-over names the person whose decision is next, and their side
            player = battle.controller.current_player()
            assert top.player == names[player]
            assert top.side_name == controller.state.sides[player].name
            handed_to.append(top.player)
            drive.press(top.ready)
        elif battle.is_human_turn():
            labels = battle.panel.labels()
            assert labels, "a person's turn offers decisions"
            ends = [label for label in labels if label.startswith("End")]
            drive.choose(ends[0] if ends else labels[0])
        else:
            drive.frames(2)
        deciders = {step.player for step in controller.history
                    if step.action.option != "auto"}
        if {0, 1, 2, 3} <= deciders and {"Alice", "Bob"} <= set(handed_to):
            break
    deciders = [step.player for step in controller.history if step.action.option != "auto"]
    for side in range(4):  # both people and both AIs took decisions of their own
        assert side in deciders, (side, deciders)
    assert {"Alice", "Bob"} <= set(handed_to)
    assert not controller.over


def test_the_hand_over_hides_the_table_until_the_player_confirms(make_app):
    drive, battle = start_group(make_app)
    view = battle.view_rect.copy()
    battle.app.push(HandOverScreen(battle.app, "Ash Pilgrims", 1, "Bob"))
    drive.frames(2)
    hand_over = drive.top
    assert hand_over.opaque  # the battle below is not drawn at all
    surface = drive.app.window
    # every pixel of the table's view outside the hand-over box is the plain background
    for x in range(view.left, view.right, 7):
        for y in range(view.top, view.bottom, 7):
            if not hand_over.rect.collidepoint(x, y):
                assert tuple(surface.get_at((x, y)))[:3] == palette.BACKGROUND[:3], (x, y)
    # a click where the decisions are does nothing: only the hand-over hears it
    version = battle.version
    drive.click(battle.panel.rect.center)
    assert drive.top is hand_over and battle.version == version
    drive.key(pygame.K_RETURN)
    assert isinstance(drive.top, BattleScreen)


def test_ai_against_ai_with_a_different_ai_per_side(make_app):
    drive = make_app()
    path = default_map_for("squads")
    seats = (Seat("random"), Seat("greedy"))
    battle = drive.app.start_battle(BattleConfig("squads", path, AI_VS_AI, 0, 2, "random", 2,
                                                 seats))
    assert not battle.humans
    assert isinstance(battle.agents[0], RandomAgent)
    assert isinstance(battle.agents[1], GreedyAgent)
    drive.frames(4)
    assert {s.player for s in battle.controller.history if s.action.option != "auto"} == {0, 1}


def test_a_group_battle_continued_from_its_autosave_keeps_who_plays_each_side(make_app):
    from game.ui.screens.saves import continue_last

    drive, battle = start_group(make_app)
    for _ in range(20):  # play up to the first decision a person took (it is autosaved)
        if isinstance(drive.top, HandOverScreen):
            drive.press(drive.top.ready)
        elif battle.is_human_turn():
            drive.choose(battle.panel.labels()[0])
            break
        else:
            drive.frames(2)
    assert battle.timeline is not None and getattr(battle, "autosaved", None)
    assert continue_last(drive.app) is None
    again = drive.app.find(BattleScreen)
    assert again is not battle
    assert again.humans == {0, 1} and set(again.agents) == {2, 3}
    assert isinstance(again.agents[3], RandomAgent)
