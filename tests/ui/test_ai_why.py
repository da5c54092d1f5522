""""Why did the AI do that?" in the client: Y (or the tool button) opens an overlay with the
AI's last decision (top candidates, expected margin, foreseen reply, odds); Y closes it. An
AI that does not search says so."""

import pygame

from game.ai.greedy import GreedyAgent
from game.ai.search import SearchAgent
from game.io.tmx import default_map_for
from game.ui.app import VS_AI, BattleConfig
from game.ui.screens.ai_why import AiWhyScreen, latest_agent, why_lines
from game.ui.screens.battle import BattleScreen


def test_why_lines_name_a_greedy_ai_that_does_not_search():
    lines = why_lines({1: GreedyAgent(0)})
    assert len(lines) == 1 and "does not search" in lines[0] and "greedy" in lines[0]
    assert why_lines({1: SearchAgent(0)}) == ["The AI has not had a choice to make yet."]


def test_latest_agent_is_the_one_that_decided_last():
    a, b = SearchAgent(0), SearchAgent(1)
    a.last_at, b.last_at = 2.0, 5.0
    assert latest_agent({0: a, 1: b}) is b


def test_y_and_the_button_open_the_why_overlay_for_the_last_search_decision(make_app):  # noqa: F811
    drive = make_app()
    config = BattleConfig(ruleset="warband", map_path=default_map_for("warband"), seed=3,
                          mode=VS_AI, human_side=1, ai="normal")
    screen = drive.app.start_battle(config)
    for agent in screen.agents.values():
        agent.budget = 0.05  # a quick test: the level's budget is not what is tested here
    for _ in range(400):  # the AI (side 0) plays its turn, then waits for the human
        if latest_agent(screen.agents) is not None and screen.is_human_turn():
            break
        drive.frames(1)
    assert latest_agent(screen.agents) is not None
    drive.key(pygame.K_y, "y")
    assert isinstance(drive.top, AiWhyScreen)
    lines = drive.top.lines
    assert lines[0].startswith("AI chose") and 3 <= len(lines) <= 5  # up to 3 candidates
    assert "expected margin" in lines[1]
    assert lines[-1].startswith(("It kept its first judgement", "It changed its first judgement"))
    drive.key(pygame.K_y, "y")
    assert isinstance(drive.top, BattleScreen)
    drive.press(screen.tools["why"])
    assert isinstance(drive.top, AiWhyScreen)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.top, BattleScreen)
