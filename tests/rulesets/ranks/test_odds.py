"""Exact odds of ranks dice (ranks.md "Combat" step 2): P(hits = k, fumbles = f) for n dice,
checked by hand for one and two dice and against Monte Carlo for twelve."""

import random
from fractions import Fraction

from game.rulesets.ranks import RULESET, odds
from game.rulesets.ranks.talents import hits_of
from tests.rulesets.ranks.test_charge import angled

F = Fraction


def test_one_die_fumble_nothing_one_hit_two_hits():
    assert odds.hit_distribution(1) == {(0, 1): F(1, 6), (0, 0): F(2, 6), (1, 0): F(2, 6),
                                        (2, 0): F(1, 6)}
    assert RULESET.hit_distribution(1) == odds.hit_distribution(1)


def test_two_dice_by_hand():
    two = odds.hit_distribution(2)
    assert two[(2, 0)] == F(2, 6) ** 2 + 2 * F(1, 6) * F(2, 6)
    assert two[(0, 2)] == F(1, 36)
    assert two[(4, 0)] == F(1, 36)
    assert two[(2, 1)] == 2 * F(1, 6) * F(1, 6)
    assert sum(two.values()) == 1


def test_marginals_and_means():
    for n in (0, 1, 5, 16):
        dist = odds.hit_distribution(n)
        assert sum(dist.values()) == 1
        fumbles = odds.fumbles_distribution(n)
        assert fumbles == {f: p for f, p in fumbles.items()}
        mean_hits = sum(k * p for k, p in odds.hits_distribution(n).items())
        assert mean_hits == n * F(2, 3)
        mean_fumbles = sum(f * p for f, p in fumbles.items())
        assert mean_fumbles == n * F(1, 6)


def test_twelve_dice_against_monte_carlo_within_half_a_percent():
    """100 000 seeded throws of 12 dice; every (k, f) cell within 0.005 of the exact value
    (the largest cell's standard error is about 0.0012)."""
    exact = odds.hit_distribution(12)
    rng = random.Random(7)
    counts: dict = {}
    trials = 100_000
    for _ in range(trials):
        faces = [rng.randint(1, 6) for _ in range(12)]
        key = (sum(hits_of(v) for v in faces), faces.count(1))
        counts[key] = counts.get(key, 0) + 1
    for key in set(exact) | set(counts):
        assert abs(float(exact.get(key, 0)) - counts.get(key, 0) / trials) < 0.005, key


def test_bases_removed_front_first():
    assert odds.bases_removed(5, [2, 2, 2]) == 2
    dist = odds.removed_distribution(2, (2, 2))
    assert dist[1] == odds.hit_distribution(2)[(2, 0)] + odds.hit_distribution(2)[(2, 1)] \
        + odds.hit_distribution(2)[(3, 0)]
    assert sum(dist.values()) == 1


def test_the_pre_charge_preview_gives_each_sides_dice_and_law():
    b = angled()
    action = [a for a in b.legal() if a.kind == "charge"][0]
    preview = RULESET.combat_preview(b.state, action, b.geo)
    assert preview["attacker"]["dice"] == 12  # four swords front to front, CV3
    assert preview["defender"]["dice"] == 16  # four pikes CV2 and their support
    assert preview["attacker"]["distribution"] == odds.hit_distribution(12)
    assert preview["defender"]["units"] == ["Pike Block"]


def test_action_odds_before_a_charge_sum_to_one_per_side():
    """The client shows these before a charge: hits bucketed, plus P(at least one fumble)."""
    from fractions import Fraction

    from game import ai
    from game import rulesets as registry
    from game.io.tmx import default_map_for, load_scenario
    from game.turn import TurnController

    ruleset = registry.get("ranks")
    controller = TurnController(ruleset, load_scenario(default_map_for("ranks")), 3)
    agents = {0: ai.make("greedy", 1), 1: ai.make("greedy", 2)}
    charge = None
    for _ in range(400):
        charge = next((a for a in controller.legal_actions() if a.kind == "charge"), None)
        if charge is not None or controller.over:
            break
        controller.apply(agents[controller.current_player()].choose(controller))
    assert charge is not None
    odds = ruleset.action_odds(controller.state, charge, controller.geo)
    assert len(odds) == 2
    for table in odds.values():
        fumble = table.pop("a fumble or more")
        assert sum(table.values(), Fraction(0)) == 1 and 0 < fumble < 1
