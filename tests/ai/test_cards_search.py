"""The search's cards setting: casualty choices left to greedy's rule (`greedy_decides`)."""

from game.ai.playout import Playout
from game.ai.search import SearchAgent
from game.core.dice import Dice
from tests.rulesets.cards.battle import FIGHT, ROUND, start_melee
from tests.rulesets.cards.test_melee_steps import facing_files


def _casualty_to_choose():
    """One unblocked hit on side 1, whose two figures in contact may be removed."""
    b = facing_files(count_a=2, count_b=3, touching=2)
    start_melee(b)
    b.apply(FIGHT)
    b.apply(ROUND, 6, 1, 1, 1, 1)
    return Playout(b.ruleset, b.state.copy(), b.geo, Dice(0))


def test_cards_casualty_choices_are_greedys_without_searching():
    play = _casualty_to_choose()
    assert [a.kind for a in play.legal_actions()] == ["remove", "remove"]
    agent = SearchAgent(0, budget=1.0)
    agent.stats = {}
    choice = agent.choose(play)
    assert not agent.stats.get("nodes") and not agent.stats.get("rollouts")  # not searched
    values = [play.ruleset.action_value(play.state, a, play.geo) for a in play.legal_actions()]
    assert play.ruleset.action_value(play.state, choice, play.geo) == max(values)
    assert agent.last[0].action == choice and agent.last_used < 0.2


def test_other_rulesets_search_every_choice():
    from game import rulesets

    assert all(not getattr(rulesets.get(r), "greedy_decides", ()) for r in rulesets.ids()
               if r != "cards")
