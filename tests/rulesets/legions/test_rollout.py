"""The rollout policy (rollout.py): greedy's very choice, its declarations by branch and bound.

Whole greedy battles from the shipped set-up: played by the policy, they are the same battles
(every action, the final points), so what it plays is legal and is greedy's; at every charge
declaration met, the open-ground bound is above the exact odds and value, and the policy
worked out fewer exact odds than greedy's listing does (the saving is real)."""

import pytest

from game import rulesets
from game.ai.greedy import GreedyAgent
from game.ai.playout import KeyedDice, Playout
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.legions import charge, evaluation, rollout
from game.sim import battle_forces
from game.turn import TurnController


def _battle(seed: int, agent) -> tuple[list[str], list, list]:
    """The battle's actions (text), final points and the (state copy, listing) of each charge
    declaration stage met."""
    ruleset = rulesets.get("legions")
    scenario = load_scenario(default_map_for("legions"))
    controller = TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    play = Playout(ruleset, controller.state.copy(), controller.geo, KeyedDice(seed))
    actions, stages = [], []
    while not play.over:
        legal = play.legal_actions()
        if any(a.kind == "declare_charge" for a in legal):
            stages.append((play.state.copy(), legal))
        choice = agent.choose(play)
        actions.append(choice.to_text())
        play.apply(choice)
    return actions, play.state.result["points"], stages, play.geo


@pytest.mark.parametrize("seed", [0, 3])
def test_the_policy_plays_greedys_battle_action_for_action(seed):
    greedy, points, _, _ = _battle(seed, GreedyAgent(seed))
    model, model_points, _, _ = _battle(seed, rollout.RolloutPolicy(seed))
    assert len(greedy) > 100 and model == greedy and model_points == points


def test_the_bound_is_above_the_exact_odds_and_value_and_prunes(monkeypatch):
    _, _, stages, geo = _battle(0, GreedyAgent(0))
    assert len(stages) >= 5
    looser = 0
    for s, legal in stages:
        for a in legal:
            if a.kind != "declare_charge":
                continue
            unit, target = a.unit, a.targets[0]
            exact_p = charge.chance(s, geo, unit, target).p
            assert charge.chance_bound(s, geo, unit, target) >= exact_p
            stakes = evaluation.charge_stakes(s, unit, target)
            bound = evaluation.charge_value_bound(s, geo, unit, target, stakes)
            assert evaluation.charge_value(s, geo, unit, target) <= bound
            looser += charge.chance_bound(s, geo, unit, target) > exact_p
    # The exact odds the policy asks for: fewer than the declarations it is offered.
    asked = []
    real = charge.chance
    monkeypatch.setattr(charge, "chance", lambda s, g, u, t: asked.append(u) or real(s, g, u, t))
    offered = 0
    for s, legal in stages:
        play = Playout(rulesets.get("legions"), s.copy(), geo, KeyedDice(0))
        play._legal = legal
        assert rollout.RolloutPolicy(0).choose(play) in legal
        offered += sum(a.kind == "declare_charge" for a in legal)
    assert 0 < len(asked) < offered, (len(asked), offered, looser)


def test_the_quiet_listing_offers_the_same_declarations_without_odds():
    _, _, stages, geo = _battle(3, GreedyAgent(3))
    ruleset = rulesets.get("legions")
    quiet = rollout.quiet(ruleset)
    assert quiet is rollout.quiet(ruleset) and ruleset.odds_labels and not quiet.odds_labels
    for s, legal in stages:
        listed = quiet.legal_actions(s, geo)
        assert listed == legal
        assert all("%" not in a.label for a in listed if a.kind == "declare_charge")
        assert any("%" in a.label for a in legal if a.kind == "declare_charge")

