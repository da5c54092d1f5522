"""Base contact asked the short way, tested against the long way (every pair asked
`geo.in_contact`, `geo.distance`): charge_moves.in_contact_with reads the units' distance, the
least of the pairs' (the table's unit_distance); combat.engaged_models measures only the pairs
whose bounding circles come within the range. Both must answer as every pair does, at the
positions of greedy battles (bases with corners among them, units in combat) and across the
contact tolerance's and the support range's edges."""

from game import rulesets
from game.ai.greedy import GreedyAgent
from game.ai.playout import KeyedDice, Playout
from game.core.geometry import CONTACT_TOLERANCE
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.legions import charge_moves, combat
from game.sim import battle_forces
from game.turn import TurnController
from tests.rulesets.legions.battle import facing_lines, radius, skirmish, stand


def greedy_positions(seed: int, decisions: int):
    """The positions of a greedy battle from the shipped set-up, one per decision (the live
    state: read it before the next is asked for), with its table."""
    ruleset = rulesets.get("legions")
    scenario = load_scenario(default_map_for("legions"))
    controller = TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    play = Playout(ruleset, controller.state.copy(), controller.geo, KeyedDice(seed))
    agent = GreedyAgent(seed)
    for _ in range(decisions):
        if play.over:
            return
        yield play.state, play.geo
        play.apply(agent.choose(play))


def long_way(s, geo, unit_id, target_id) -> bool:
    targets = s.alive_models(target_id)
    return any(geo.in_contact(m, t) for m in s.alive_models(unit_id) for t in targets)


def test_in_contact_with_answers_as_every_pair_does_in_greedy_battles():
    asked = touching = shaped = 0
    for seed in (0, 1):
        for s, geo in greedy_positions(seed, 400):
            units = [u.id for u in s.units.values() if s.unit_alive(u.id)]
            for a in units:
                for b in units:
                    if s.units[a].side == s.units[b].side:
                        continue
                    quick = charge_moves.in_contact_with(s, geo, a, b)
                    assert quick == long_way(s, geo, a, b), (seed, a, b)
                    asked += 1
                    touching += quick
                    shaped += any(m.base.kind != "round"
                                  for m in s.alive_models(a) + s.alive_models(b))
    assert asked > 1000 and touching > 20 and shaped > 100


def test_in_contact_with_at_the_tolerance_edge():
    for gap, expected in ((CONTACT_TOLERANCE - 1e-4, True), (CONTACT_TOLERANCE + 1e-4, False),
                          (0.0, True), (-0.01, True)):
        b = facing_lines(gap)
        s, geo = b.state, b.geo
        assert long_way(s, geo, "s0u0", "s1u0") is expected
        assert charge_moves.in_contact_with(s, geo, "s0u0", "s1u0") is expected


def long_engaged(s, geo, units) -> set:
    """combat.engaged_models measuring every pair."""
    models = combat.combat_models(s, units)
    touching = {m.id for m in models
                if any(e.side != m.side and geo.in_contact(m, e) for e in models)}
    return touching | {m.id for m in models
                       if any(f.id in touching and f.side == m.side
                              and geo.distance(m, f) <= combat.SUPPORT_RANGE for f in models)}


def test_engaged_models_as_every_pair_measured_in_greedy_battles():
    asked = engaged = 0
    for seed in (0, 1):
        for s, geo in greedy_positions(seed, 400):
            everyone = tuple(sorted(u.id for u in s.units.values() if s.unit_alive(u.id)))
            for units in combat.combats(s) + [everyone]:
                quick = combat.engaged_models(s, geo, units)
                assert quick == long_engaged(s, geo, units), (seed, units)
                asked += 1
                engaged += len(quick)
    assert asked > 400 and engaged > 200


def test_engaged_models_at_the_contact_and_support_edges():
    for slack in (-1e-4, 1e-4):
        b = skirmish(["line_squad"], ["ember_squad"], [("s0u0m0", "s1u0m0")],
                     behind0=["s0u0m1"])
        s, geo = b.state, b.geo
        first, enemy, friend = (s.models[i] for i in ("s0u0m0", "s1u0m0", "s0u0m1"))
        # the enemy just within or just past the contact tolerance
        stand(b, "s1u0m0", first.x + radius(b, "s0u0m0") + radius(b, "s1u0m0")
              + CONTACT_TOLERANCE + slack, first.y)
        quick = combat.engaged_models(s, geo, ("s0u0", "s1u0"))
        assert quick == long_engaged(s, geo, ("s0u0", "s1u0"))
        assert (enemy.id in quick) is (slack < 0)
        # touching again, the friend just within or just past the support range behind it
        stand(b, "s1u0m0", first.x + radius(b, "s0u0m0") + radius(b, "s1u0m0"), first.y)
        stand(b, "s0u0m1", first.x - radius(b, "s0u0m0") - radius(b, "s0u0m1")
              - combat.SUPPORT_RANGE - slack, first.y)
        quick = combat.engaged_models(s, geo, ("s0u0", "s1u0"))
        assert quick == long_engaged(s, geo, ("s0u0", "s1u0"))
        assert (friend.id in quick) is (slack < 0)
