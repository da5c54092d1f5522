"""Difficulty levels: Easy is the noisy greedy, Normal the search at 0.5 s, Hard the search at
1 s; the CLI keeps greedy/search/random and adds the aliases; the noisy agent is seeded and
plays only offered actions, and it does slip from greedy's choice."""

from game import ai
from game.ai.greedy import GreedyAgent
from game.ai.noisy import NoisyAgent
from game.ai.search import SearchAgent
from tests.ai.test_search import _battle


def test_difficulty_levels_are_agents_with_their_budgets():
    assert isinstance(ai.make("easy", 1), NoisyAgent)
    normal, hard = ai.make("normal", 1), ai.make("hard", 1)
    assert isinstance(normal, SearchAgent) and normal.budget == 0.5
    assert isinstance(hard, SearchAgent) and hard.budget == 1.0
    assert ai.make("hard", 1, 0.25).budget == 0.25
    assert {"random", "greedy", "search", "easy", "normal", "hard"} <= set(ai.AGENTS)
    assert [name for _, name in ai.DIFFICULTIES] == ["easy", "normal", "hard"]


def test_the_menu_lists_the_difficulty_levels():
    from game.ui.screens.menu import AGENTS

    assert list(AGENTS)[:3] == ["easy", "normal", "hard"]
    assert AGENTS["normal"].startswith("Normal") and "0.5 s" in AGENTS["normal"]


def test_noisy_agent_plays_offered_actions_is_seeded_and_slips_from_greedy():
    controller = _battle("warband", 2)
    legal = controller.legal_actions()
    picks = [NoisyAgent(seed).choose(controller) for seed in range(30)]
    assert all(p in legal for p in picks)
    assert NoisyAgent(5).choose(controller) == NoisyAgent(5).choose(controller)
    greedy = GreedyAgent(0).choose(controller)
    assert any(p != greedy for p in picks)
