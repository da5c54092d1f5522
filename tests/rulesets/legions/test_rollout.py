"""The rollout policy (rollout.py): greedy's very choice, its declarations by branch and bound.

And the placement search's contact-first shortcut against the long way. Whole greedy
battles from the shipped set-up: played by the policy, they are the same battles
(every action, the final points), so what it plays is legal and is greedy's; at every charge
declaration met, the open-ground bound is above the exact odds and value, and the policy
worked out fewer exact odds than greedy's listing does (the saving is real)."""

import pytest

from game import rulesets
from game.ai.greedy import GreedyAgent
from game.ai.playout import KeyedDice, Playout
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.legions import charge, charge_moves, evaluation, rollout
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


def _long_search(s, geo, unit_id, target_id, allowance, what, need_contact):
    """charge_moves._search without its shortcut: every new candidate checked in full."""
    here = {m.id: (m.x, m.y) for m in s.alive_models(unit_id)}
    if need_contact and charge_moves.in_contact_with(s, geo, unit_id, target_id):
        return here
    seen = set()
    for dest in charge_moves.candidates(s, geo, unit_id, target_id, allowance, need_contact):
        key = tuple(sorted(dest.items()))
        if key in seen or all(tuple(v) == here[k] for k, v in dest.items()):
            continue
        seen.add(key)
        if charge_moves.move_problem(s, geo, unit_id, target_id, dest, allowance, what,
                                     need_contact) is None:
            return dest
    return None


def test_the_placement_search_checks_contact_first_and_finds_what_the_long_way_does():
    """The charge move's search skips move_problem for a candidate with no model in base
    contact (its last check, the cheapest): the same placements come out, found or not,
    for every roll of every charge in reach at the declarations of a greedy battle."""
    _, _, stages, geo = _battle(0, GreedyAgent(0))
    compared = found = 0
    for s, legal in stages[:8]:
        for a in legal:
            if a.kind != "declare_charge":
                continue
            gap = geo.unit_distance(s, a.unit, a.targets[0])
            for roll in range(max(1, int(gap)), 7):
                args = (s, geo, a.unit, a.targets[0], float(roll), charge_moves.CHARGE_MOVE, True)
                quick = charge_moves._search(*args)
                assert quick == _long_search(*args)
                compared += 1
                found += quick is not None
    assert compared > 20 and 0 < found < compared
