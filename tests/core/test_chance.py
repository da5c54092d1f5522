"""The search contract's chance steps: grouped outcomes with exact probabilities that sum to 1,
agree with the rulesets' own odds functions, make the real rules produce the outcome they
name, and match a Monte Carlo of the real `apply` within a stated tolerance."""

from fractions import Fraction

from game.core import chance
from game.core.dice import Dice
from game.rulesets.squads.odds import casualties_distribution, charge_success
from tests.rulesets.legions.battle import declare, facing_lines, only
from tests.rulesets.squads.battle import mob_vs_marines_battle

#: Monte Carlo runs and the tolerance on each group's frequency (about 3.3 standard errors of
#: a frequency near 1/2 over 400 runs).
RUNS = 400
TOLERANCE = 0.085


def _monte_carlo(apply_with, key, runs=RUNS):
    counts = {}
    for seed in range(runs):
        k = key(apply_with(Dice(seed)))
        counts[k] = counts.get(k, 0) + 1
    return {k: c / runs for k, c in counts.items()}


def test_enumerate_dice_walks_every_face_exactly():
    rolled = {}

    def apply(dice):
        rolled["v"] = dice.roll(2).total

    found = chance.enumerate_dice(apply, lambda: rolled["v"] >= 7, str)
    assert chance.total(found) == 1
    assert {o.label: o.probability for o in found} == {"True": Fraction(21, 36),
                                                       "False": Fraction(15, 36)}
    assert chance.enumerate_dice(lambda d: d.roll(3), lambda: 0, str, limit=36) is None


def test_squads_charge_roll_grouped_by_the_targets_it_reaches_matches_the_2d6_odds():
    b = mob_vs_marines_battle()  # 7" apart, the Mob to charge
    b.state.active = 0
    outs = b.ruleset.chance_outcomes(b.state, _charge(b), b.geo)
    assert chance.total(outs) == 1
    reach = sum(o.probability for o in outs if "Line Marines" in o.label)
    assert reach == charge_success(7.0) == Fraction(21, 36)


def _charge(b):
    return next(a for a in b.ruleset.legal_actions(b.state, b.geo)
                if a.kind == "charge" and a.unit == "s0u0")


def test_squads_charge_outcome_scripts_make_the_real_roll_reach_what_they_name():
    b = mob_vs_marines_battle()
    b.state.active = 0
    for out in b.ruleset.chance_outcomes(b.state, _charge(b), b.geo):
        s = b.state.copy()
        chance.apply_outcome(b.ruleset, s, _charge(b), out, b.geo)
        reached = "charge" in s.pending
        assert reached == ("Line Marines" in out.label)


def _attack_position():
    """The Mob in base contact with the Marines, its attack step next."""
    b = mob_vs_marines_battle()
    b.state.active = 0
    charge_ = _charge(b)
    b.apply(charge_, 6, 6)
    move = next(a for a in b.legal() if a.kind == "charge_move")
    b.apply(move)
    for _ in range(12):
        legal = b.legal()
        attack = [a for a in legal if a.kind == "attack" and a.targets]
        if attack and attack[0].unit == "s0u0":
            return b, attack[0]
        b.apply(next(a for a in legal if a.kind in ("end_phase", "fight", "pile_in",
                                                    "attack", "consolidate")))
    raise AssertionError("no attack step reached")


def test_squads_fight_outcomes_grouped_by_casualties_are_the_casualties_distribution():
    b, attack = _attack_position()
    s = b.state
    outs = b.ruleset.chance_outcomes(s, attack, b.geo)
    assert chance.total(outs) == 1
    from game.rulesets.squads import fight

    unit, target = s.units["s0u0"], s.units["s1u0"]
    a, t = unit.profile, target.profile
    alive = s.alive_models("s1u0")
    exact = dict(casualties_distribution(
        len(fight.attacking_models(s, b.geo, "s0u0", "s1u0")) * a["A"], a["WS"], a["S"],
        a["AP"], a["D"], t["T"], t["Sv"], t.get("InvSv"), t["W"], len(alive),
        min(m.wounds for m in alive)))
    assert {int(o.label.split()[0]): o.probability for o in outs} == {
        k: p for k, p in exact.items() if p}


def _slain(s):
    return len(s.alive_models("s1u0"))


def test_squads_fight_outcome_scripts_slay_what_they_name_and_a_monte_carlo_agrees():
    b, attack = _attack_position()
    before = len(b.state.alive_models("s1u0"))
    outs = b.ruleset.chance_outcomes(b.state, attack, b.geo)
    for out in outs:
        s = b.state.copy()
        chance.apply_outcome(b.ruleset, s, attack, out, b.geo)
        assert before - _slain(s) == int(out.label.split()[0])

    def apply_with(dice):
        s = b.state.copy()
        b.ruleset.apply(s, attack, b.geo, dice)
        return s

    empirical = _monte_carlo(apply_with, lambda s: before - _slain(s))
    for out in outs:
        k = int(out.label.split()[0])
        assert abs(float(out.probability) - empirical.get(k, 0.0)) < TOLERANCE


def test_legions_charge_roll_outcomes_are_the_kept_die_odds_and_a_monte_carlo_agrees():
    b = facing_lines(8.0)
    declare(b, "s0u0", "s1u0")
    for _ in range(6):  # the setup move, no reaction, the volley held, then the roll
        legal = b.legal()
        if any(a.kind == "charge_roll" for a in legal):
            break
        b.apply(next((a for a in legal if a.option in ("none", "hold")), legal[0]))
    roll = only(b, "charge_roll")
    from game.rulesets.legions.odds import charge_success

    gap = b.geo.unit_distance(b.state, "s0u0", "s1u0")
    outs = b.ruleset.chance_outcomes(b.state, roll, b.geo)
    assert chance.total(outs) == 1
    reach = sum(o.probability for o in outs if "reaches" in o.label)
    assert reach == charge_success(gap)

    def apply_with(dice):
        s = b.state.copy()
        b.ruleset.apply(s, roll, b.geo, dice)
        return s

    def reached(s):
        c = s.pending.get("charge")
        return bool(c) and c.get("stage") == "move"

    for out in outs:
        s = b.state.copy()
        chance.apply_outcome(b.ruleset, s, roll, out, b.geo)
        assert reached(s) == ("reaches" in out.label)
    empirical = _monte_carlo(apply_with, reached)
    assert abs(float(reach) - empirical.get(True, 0.0)) < TOLERANCE


def test_group_merges_equal_keys_and_keeps_the_first_script():
    outs = chance.group([("a", Fraction(1, 4), (1,)), ("b", Fraction(1, 2), (2,)),
                         ("a", Fraction(1, 4), (3,))], str)
    assert [(o.label, o.probability, o.script) for o in outs] == [
        ("a", Fraction(1, 2), (1,)), ("b", Fraction(1, 2), (2,))]
