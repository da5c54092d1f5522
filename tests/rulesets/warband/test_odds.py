"""Exact warband odds (odds.py): the `odds melee` table, hand-worked values, and a Monte Carlo
cross-check of the exact strike distribution against the battle's own strike code."""

import json
import random
from fractions import Fraction as F
from itertools import product

import pytest

from game.cli import main
from game.core.dice import Dice
from game.rulesets.warband import RULESET, combat
from game.rulesets.warband.odds import (
    EVENTS,
    FINALS,
    Fighter,
    p_strikes_first,
    strike_distribution,
    summarize,
)
from game.rulesets.warband.profile import warband_data
from game.rulesets.warband.status import KNOCKED_DOWN, STUNNED
from tests.rulesets.warband.battle import Battle, model, only_striker, stand, touching, warband

PROFILES = sorted(warband_data().profiles)


def fighter(pid, gear=None):
    return Fighter.of({**warband_data().profiles[pid].stats,
                       "gear": tuple(warband_data().profiles[pid].stats["gear"])}, gear)


@pytest.mark.parametrize("charging", [False, True])
def test_final_results_sum_to_one_for_every_pair_of_profiles(charging):
    """The five final results are exclusive and exhaustive; events are probabilities."""
    for attacker, defender in product(PROFILES, PROFILES):
        table = RULESET.melee_odds(attacker, defender, (), (), charging)
        assert sum(table[k] for k in FINALS) == 1, (attacker, defender)
        assert all(0 <= table[k] <= 1 for k in (*EVENTS, "strikes"))
        assert table["hit"] >= table["parried"] and table["hit"] >= table["wounded"]


def test_a_charging_axeman_takes_a_zealot_out_one_time_in_nine():
    """Worked by hand: hit 1/2; a 4-5 to wound (2/6) takes it out on the injury's 1/3; a 6
    (1/6) is a critical: two injury dice, 5/9 out of action (8/9 for a master strike):
    1/2 x (2/6 x 1/3 + 1/6 x (5/9 + 5/9 + 8/9) / 3) = 1/9."""
    table = RULESET.melee_odds("sellsword_axeman", "pilgrim_zealot", (), (), True)
    assert table["strikes"] == 1
    assert table["out of action"] == F(1, 9)
    assert table["hit"] == F(1, 2) and table["wounded"] == F(1, 4)
    assert table["critical"] == F(1, 12) and table["saved"] == 0 and table["parried"] == 0


def test_gear_given_on_the_command_replaces_the_profiles():
    plain = RULESET.melee_odds("sellsword_axeman", "pilgrim_zealot", (), (), True)
    parrying = RULESET.melee_odds("sellsword_axeman", "pilgrim_zealot", (),
                                  ("sword", "buckler"), True)
    assert parrying["parried"] > 0 and parrying["out of action"] < plain["out of action"]


def test_who_strikes_first_in_a_duel():
    """Charging strikes first; a spear strikes first when charged; a double-handed weapon
    strikes last even when charging; same step and I: even odds."""
    axeman, novice, champion = (fighter(p) for p in ("sellsword_axeman", "iron_novice",
                                                     "sellsword_champion"))
    assert p_strikes_first(axeman, novice, charging=True) == 1        # both step 1: I3 > I2
    assert p_strikes_first(novice, axeman, charging=False) == 0       # I2 < I3
    assert p_strikes_first(champion, axeman, charging=True) == 0      # strikes last
    assert p_strikes_first(axeman, fighter("pilgrim_zealot"), charging=False) == F(1, 2)
    spear = fighter("raider_spear")                                  # I4, spear
    quick = fighter("raider_chief")                                  # I5, strikes first
    assert p_strikes_first(quick, spear, charging=False) == 1
    assert p_strikes_first(axeman, spear, charging=True) == 0        # step 1 both, I4 first


def test_the_odds_command_prints_the_table(capsys):
    code = main(["odds", "melee", "--ruleset", "warband", "--attacker", "sellsword_axeman",
                 "--defender", "pilgrim_zealot", "--charging", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcomes"]["out of action"]["fraction"] == "1/9"
    code = main(["odds", "melee", "--ruleset", "warband", "--attacker", "sellsword_axeman",
                 "--defender", "pilgrim_zealot", "--defender-gear", "laser"])
    assert code == 2 and "not in the equipment table" in capsys.readouterr().err
    code = main(["odds", "melee", "--ruleset", "warband", "--attacker", "sellsword_axeman",
                 "--defender", "pilgrim_zealot", "--attacker-gear",
                 "double-handed weapon,shield"])
    assert code == 2 and "two hands" in capsys.readouterr().err


# --- Monte Carlo: the exact distribution against the battle's code --------------------------------
TRIALS = 4000
#: 3.5 standard deviations of a frequency near 1/2 over TRIALS trials (about 0.028).
TOLERANCE = 3.5 * (0.25 / TRIALS) ** 0.5


def battle_frequencies(attacker, defender, option=None, condition="standing"):
    b = Battle([warband("A", attacker, force="marsh_raiders"),
                warband("B", defender, force="ash_pilgrims")])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0")
    if condition != "standing":
        b.state.units["s1u0"].flags[KNOCKED_DOWN if condition == "knocked down" else STUNNED] = 1
    only_striker(b, "s0u0")
    action = next(a for a in b.legal() if option is None or a.option == option)
    rng = random.Random(5)
    counts = dict.fromkeys((*FINALS, "parried", "hit"), 0)
    for _ in range(TRIALS):
        s = b.state.copy()
        events = combat.resolve_strike(s, b.geo, Dice(rng.randrange(1 << 30)), action)
        target = s.models[model(b, "s1u0").id]
        flags = s.units["s1u0"].flags
        if not target.alive:
            counts["out of action"] += 1
        elif flags.get(STUNNED) and condition != "stunned":
            counts["stunned"] += 1
        elif flags.get(KNOCKED_DOWN) and condition == "standing":
            counts["knocked down"] += 1
        elif target.wounds < target.max_wounds:
            counts["lost a wound"] += 1
        else:
            counts["unharmed"] += 1
        text = " ".join(e.describe() for e in events)
        counts["parried"] += ": parried" in text
        counts["hit"] += any(getattr(e, "label", "").startswith("to hit") and
                             not e.outcome.startswith("0 hits") for e in events) \
            or "automatic hit" in text
    return {k: v / TRIALS for k, v in counts.items()}, b


@pytest.mark.parametrize(("attacker", "defender", "option"), [
    ("raider_chief", "pilgrim_monk", "sword"),        # 3 attacks, two weapons, parry re-roll
    ("pilgrim_brute", "pilgrim_preacher", None),      # S6: no parry, helmet, shield, concussion
    ("sellsword_duellist", "pilgrim_brute", None),    # two wounds: lost a wound
    ("raider_hound", "pilgrim_zealot", None),         # unarmed
])
def test_exact_strike_distribution_matches_the_battle(attacker, defender, option):
    empirical, b = battle_frequencies(attacker, defender, option)
    me, them = Fighter.of(model(b, "s0u0").profile), Fighter.of(model(b, "s1u0").profile)
    exact = summarize(strike_distribution(me, me.plan(option), them))
    for key, frequency in empirical.items():
        assert abs(float(exact[key]) - frequency) <= TOLERANCE, (key, exact[key], frequency)


def test_exact_distribution_against_a_knocked_down_target_matches_the_battle():
    empirical, b = battle_frequencies("sellsword_duellist", "sellsword_captain",
                                      condition="knocked down")
    me, them = Fighter.of(model(b, "s0u0").profile), Fighter.of(model(b, "s1u0").profile)
    exact = summarize(strike_distribution(me, me.plan(), them, "knocked down", 0))
    assert exact["hit"] == 1
    for key in ("out of action", "unharmed"):
        assert abs(float(exact[key]) - empirical[key]) <= TOLERANCE


def test_model_odds_reads_the_battle_state():
    b = Battle([warband("A", "sellsword_axeman"),
                warband("B", "pilgrim_zealot", force="ash_pilgrims")])
    stand(b, "s1u0", 20, 20)
    touching(b, "s0u0", "s1u0")
    b.state.units["s1u0"].flags[STUNNED] = True
    odds = RULESET.model_odds(b.state, b.geo, model(b, "s0u0").id, model(b, "s1u0").id)
    assert odds["out of action"] == 1
