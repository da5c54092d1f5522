"""The ranks engine's shortcuts in a refused charge and at `apply` (issue 13, engine speed):
each gives exactly what the long way gives, position after position of real battles."""

from game.rulesets.ranks import charge, recall
from tests.rulesets.ranks.test_speed import shipped_battle_positions


def test_the_footprints_separation_never_exceeds_the_tables_distance():
    """`shapes.separation` of two blocks' footprints is a lower bound of the distance the
    table measures between their bases (to the slack allowed for rounding), pair after pair
    of a real battle."""
    from game.rulesets.ranks import formation
    from game.rulesets.ranks.shapes import separation

    _, geo, states = shipped_battle_positions(steps=60, seed=5)
    pairs = 0
    for s in states:
        for unit in s.units.values():
            for enemy in s.enemy_units(unit.side):
                if not s.unit_alive(unit.id):
                    continue
                mine, theirs = (formation.footprint(formation.frame_of(s, u),
                                                    formation.extent(s, u))
                                for u in (unit.id, enemy.id))
                assert separation(mine, theirs) <= (geo.unit_distance(s, unit.id, enemy.id)
                                                    + charge.FOOTPRINT_SLACK / 10)
                pairs += 1
    assert pairs > 500


def long_check(s, geo, a):
    """`movement.check` (`charge.check` for a charge) the long way: the table asked of every
    end the pure checks accept."""
    from game.rulesets.ranks import movement

    if a.kind == "charge":
        solution, reason = charge.chosen(s, geo, a)
        if solution is None:
            return reason
        plan = solution.plan
        return movement.placed_problem(s, geo, a.unit, plan.destinations(s, a.unit),
                                       plan.frame.facing)
    plan = movement.plan_of(s, a, geo)
    if plan.problem:
        return movement.check(s, geo, a)  # the plan's own refusal: no table in it
    return (movement.placement_matches(s, a, plan)
            or movement.placed_problem(s, geo, a.unit, plan.destinations(s, a.unit),
                                       plan.frame.facing))


def test_an_order_checked_at_apply_asks_the_table_only_on_close_calls_as_the_long_way():
    """`apply`'s check of a March, a Turn or a Charge puts only close calls to the table, as
    the offers do: over the offered moves and random Marches (many refused by the pure
    checks) of two shipped battles, the answer is the one that always asks the table (and
    plans the move afresh: the check reads the unit's surroundings once, for its plan and
    its close-call test)."""
    import random

    from game.core.actions import Action
    from game.rulesets.ranks import movement
    from game.rulesets.ranks.options import option_text

    rng = random.Random(7)
    asked = charges = 0
    for seed in (3, 5):
        ruleset, geo, states = shipped_battle_positions(steps=50, seed=seed)
        for s in states:
            if s.phase != "orders":
                continue
            actions = [a for a in ruleset.legal_actions(s, geo)
                       if a.kind in ("march", "turn", "charge")]
            for unit in s.units_of(s.active):
                if s.unit_alive(unit.id):
                    actions += [Action("march", unit.id, option=option_text(
                        wheel=rng.uniform(-60, 60), forward=rng.uniform(0, 8)))
                        for _ in range(3)]
            for a in actions:
                recall.forget()
                short = (charge.check if a.kind == "charge" else movement.check)(s, geo, a)
                recall.forget()
                long = long_check(s, geo, a)
                assert short == long, (a, short, long)
                asked += a.kind != "charge" and not movement.plan_of(s, a, geo).problem
                charges += a.kind == "charge"
    assert asked > 200 and charges > 5, (asked, charges)


def test_the_table_is_asked_of_a_move_ending_by_another_block_and_not_of_one_in_the_open(
        monkeypatch):
    """A March ending flush beside a friendly block is a close call: the table is asked (and
    its refusal, here forced, is the answer); the same March in the open is not put to it."""
    from game.core.actions import Action
    from game.rulesets.ranks import formation, movement
    from game.rulesets.ranks.options import option_text
    from tests.rulesets.ranks.battle import Battle

    asked = []

    def refusing(s, geo, unit_id, dest, facing):
        asked.append(unit_id)
        return "the table says no"

    monkeypatch.setattr(movement, "placed_problem", refusing)
    march = Action("march", "s0u0", option=option_text(wheel=0.0, forward=3.0))
    for beside, expected in ((True, "the table says no"), (False, None)):
        b = Battle([("Crown", "crown_host", ["sword_band", "sword_band"]),
                    ("League", "marcher_league", ["pike_block"])])
        b.stand("s0u0", 20.0, 22.0, 0.0)
        frontage = formation.extent(b.state, "s0u0").frontage
        b.stand("s0u1", 23.0, 22.0 + (frontage + 0.05 if beside else 15.0), 0.0)
        b.stand("s1u0", 50.0, 22.0, 180.0)
        recall.forget()
        asked.clear()
        assert movement.plan_of(b.state, march, b.geo).problem is None
        assert movement.check(b.state, b.geo, march) == expected
        assert asked == (["s0u0"] if beside else [])
