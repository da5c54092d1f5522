"""The ranks engine's shortcuts in planning and checking moves (issue 13, engine speed)
against the long way: each gives what the computation without it gives."""

from game.rulesets.ranks import movement
from tests.rulesets.ranks.test_speed import forget_everything, listing, shipped_battle_positions


def test_a_planned_advance_is_planned_once_and_is_the_plan_made_afresh():
    """`movement.planned` plans each advance once, and gives the very plan asked again."""
    asked = []

    def plan_for(distance):
        asked.append(distance)
        return movement.Plan(None, distance)

    plan = movement.planned(plan_for)
    first = [plan(d) for d in (4.0, 2.0, 4.0, 3.99, 2.0)]
    assert asked == [4.0, 2.0, 3.99]
    assert first == [movement.Plan(None, d) for d in (4.0, 2.0, 4.0, 3.99, 2.0)]


def test_moves_offered_with_plans_kept_are_the_moves_planned_afresh(monkeypatch):
    """Every march, turn and flight a shipped battle's listings offer, their advances' plans
    kept while each is solved, is the one offered when every advance is planned afresh."""
    ruleset, geo, states = shipped_battle_positions(steps=60)
    forget_everything()
    kept = [listing(ruleset, s, geo) for s in states]
    monkeypatch.setattr(movement, "planned", lambda plan_for: plan_for)
    forget_everything()
    afresh = [listing(ruleset, s, geo) for s in states]
    assert sum(1 for actions in kept for a in actions if a[0] in ("march", "turn")) > 100
    assert kept == afresh
