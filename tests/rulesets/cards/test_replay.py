"""A battle is its seed and its decisions: the deck's shuffles and every die come from the one
seeded Dice, and draws are automatic steps left out of the record, so replaying the recorded
decisions gives the same battle, event for event."""

from game import ai, rulesets
from game.core.actions import Action
from game.io.tmx import default_map_for, load_scenario
from game.turn import TurnController


def test_replaying_the_decisions_gives_the_same_battle():
    ruleset = rulesets.get("cards")
    scenario = load_scenario(default_map_for("cards"))
    first = TurnController(ruleset, scenario, seed=4)
    agents = {0: ai.make("greedy", 1), 1: ai.make("greedy", 2)}
    while not first.over:
        first.apply(agents[first.current_player()].choose(first))
    record = first.replay_record()
    assert all(a.get("option") != "auto" for a in record["actions"])
    again = TurnController(ruleset, scenario, seed=record["seed"])
    for data in record["actions"]:
        again.apply(Action.from_json(data))
    assert again.over and again.log_digest() == first.log_digest()
