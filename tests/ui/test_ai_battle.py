"""AI vs AI in the client, started from the menu's button, played to the results screen."""

import pytest

from game.ui.app import AI_VS_AI
from game.ui.screens.battle import BattleScreen
from game.ui.screens.menu import MenuScreen
from game.ui.screens.results import ResultsScreen


def test_ai_vs_ai_reaches_the_results(make_app):
    drive = make_app(menu_defaults={"mode": AI_VS_AI, "seed": 11})
    drive.frames(2)
    assert isinstance(drive.top, MenuScreen)
    drive.press(drive.top.widgets["start"])
    assert isinstance(drive.top, BattleScreen)
    battle = drive.top
    assert battle.humans == set()
    for _ in range(3000):
        if isinstance(drive.top, ResultsScreen):
            break
        drive.frames(1)
    results = drive.top
    assert isinstance(results, ResultsScreen)
    state = battle.controller.state
    assert state.over
    breakdown = state.result["breakdown"]
    assert len(results.rows) == len(breakdown) == 2
    assert [k for k, _ in results.columns] == ["models_removed", "units_wiped", "objectives",
                                                "points"]
    assert results.winner == state.result["winner"]
    # the log saw every event, the last one the end of the battle
    assert battle.log.entries[-1].text.startswith("Battle over")
    # the battle was kept as a replay that plays back to the same log
    assert results.replay_note.startswith("Replay saved: ")
    from game.sim import replay

    saved = results.replay_note.removeprefix("Replay saved: ")
    assert replay(saved)["log_sha256"] == battle.controller.log_digest()
    drive.press(results.again)
    assert isinstance(drive.top, MenuScreen)
    assert drive.top.mode == AI_VS_AI


def test_space_skips_the_ai_to_the_players_decision(make_app):
    from game.ui.app import BattleConfig

    drive = make_app(ai_delay=0.6)
    from game.io.tmx import default_map_for

    battle = drive.app.start_battle(BattleConfig(map_path=default_map_for("squads"),
                                                 human_side=1, seed=3))
    drive.frames(2)
    assert battle.controller.current_player() == 0 and not battle.is_human_turn()
    import pygame

    drive.key(pygame.K_SPACE)
    assert battle.is_human_turn() or battle.controller.over
    assert battle.controller.history


def test_three_warbands_hot_seat_from_the_menu(make_app):
    """A ruleset with more than two sides: the menu offers the count, hot-seat seats them all."""
    from game.ui.app import HOT_SEAT

    drive = make_app(menu_defaults={"ruleset": "warband", "mode": HOT_SEAT, "seed": 3,
                                    "sides": 3})
    drive.frames(2)
    menu = drive.top
    assert menu.widgets["sides"].selected_option[0] == "3 sides"
    assert len(menu.side_names) == 3
    drive.press(menu.widgets["start"])
    battle = drive.top
    assert isinstance(battle, BattleScreen)
    assert len(battle.controller.state.sides) == 3 and battle.humans == {0, 1, 2}


def test_four_warbands_ai_vs_ai_reach_the_results(make_app):
    drive = make_app(menu_defaults={"ruleset": "warband", "mode": AI_VS_AI, "seed": 5,
                                    "sides": 4})
    drive.frames(2)
    drive.press(drive.top.widgets["start"])
    assert len(drive.top.controller.state.sides) == 4
    for _ in range(6000):
        if isinstance(drive.top, ResultsScreen):
            break
        drive.frames(1)
    assert isinstance(drive.top, ResultsScreen) and len(drive.top.rows) == 4


def test_the_exact_odds_of_a_choice_show_before_it_is_committed(make_app):
    """A ruleset that gives `action_odds` (warband) has them shown when a choice is hovered."""
    from game.core.actions import Action
    from game.ui.app import HOT_SEAT

    drive = make_app(menu_defaults={"ruleset": "warband", "mode": HOT_SEAT, "seed": 2})
    drive.frames(2)
    drive.press(drive.top.widgets["start"])
    battle = drive.top
    state = battle.controller.state
    mine = next(u for u in state.units.values() if u.side == 0)
    theirs = next(u for u in state.units.values() if u.side == 1)
    expected = battle.ruleset.action_odds(state, Action("charge", mine.id, targets=(theirs.id,)),
                                          battle.controller.geo)
    battle.hovered_action = Action("charge", mine.id, targets=(theirs.id,))
    hint, _ = battle._hint()
    table = next(iter(expected.values()))
    assert hint.startswith("Exact odds vs ")
    assert f"out of action {float(table['out of action']):.0%}" in hint


def test_a_rulesets_info_box_is_drawn(make_app):
    """cards gives `info_panel` (its deck): the battle screen lists it over the table."""
    from game.ui.app import HOT_SEAT

    drive = make_app(menu_defaults={"ruleset": "cards", "mode": HOT_SEAT, "seed": 4})
    drive.frames(2)
    drive.press(drive.top.widgets["start"])
    battle = drive.top
    sections = battle.info_sections()
    assert sections and sections[0][0].startswith("Deck, round")
    drive.frames(2)


def test_ranks_marks_each_bases_contact_and_turns_ghosts(make_app):
    """ranks gives `base_marks` (contact type + dice) and `placement_facings` (a move that turns
    the block): the battle screen draws both from the ruleset, with no ranks code of its own."""
    from game import ai
    from game import rulesets as registry
    from game.io.tmx import default_map_for, load_scenario
    from game.turn import TurnController
    from game.ui.app import HOT_SEAT, BattleConfig

    ruleset, path = registry.get("ranks"), default_map_for("ranks")
    controller = TurnController(ruleset, load_scenario(path), 3)
    agents = {0: ai.make("greedy", 1), 1: ai.make("greedy", 2)}
    while not ruleset.base_contacts(controller.state, controller.geo):
        controller.apply(agents[controller.current_player()].choose(controller))
    drive = make_app()
    drive.frames(1)
    battle = drive.app.start_battle(BattleConfig("ranks", path, HOT_SEAT, 0, 3), controller)
    marks = battle.overlays().base_marks
    assert marks and all(mark[0] in "FCRSX" for mark in marks.values())
    turning = next((a for a in controller.legal_actions() if a.placement
                    and ruleset.placement_facings(controller.state, a)), None)
    if turning is not None:
        assert battle.preview(turning)["facings"] == ruleset.placement_facings(
            controller.state, turning)
    drive.frames(2)


@pytest.mark.parametrize("ruleset_id", ["squads", "warband", "cards", "ranks", "legions"])
def test_every_ruleset_plays_to_its_results_in_the_client(make_app, ruleset_id):
    """The client is generic: each ruleset, AI vs AI from the menu, reaches its results."""
    from game import rulesets as registry

    if ruleset_id not in registry.ids():
        pytest.skip(f"{ruleset_id} is not registered yet")
    drive = make_app(menu_defaults={"ruleset": ruleset_id, "mode": AI_VS_AI, "seed": 2})
    drive.frames(2)
    drive.press(drive.top.widgets["start"])
    for _ in range(20000):
        if isinstance(drive.top, ResultsScreen):
            break
        drive.frames(1)
    assert isinstance(drive.top, ResultsScreen)
    assert drive.top.rows and drive.top.replay_note.startswith("Replay saved")
