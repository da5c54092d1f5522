"""The challenge sub-phase (rules/legions.md, "Challenge sub-phase"): each rule with scripted
dice, the exact odds against a brute-force enumeration of the dice, and the AI's choices."""

import itertools
from fractions import Fraction

from game.core.actions import Action
from game.rulesets.legions import RULESET, challenge, characters
from game.rulesets.legions.characters import in_duel, is_character
from game.rulesets.legions.checks import characteristic, unit_value
from game.rulesets.legions.events import ResolutionPoints
from tests.rulesets.legions.battle import fight, no_challenges, skirmish


def kinds(b):
    return [a.kind for a in b.legal()]


def find(b, kind, **fields):
    found = [a for a in b.legal() if a.kind == kind
             and all(getattr(a, k) == v for k, v in fields.items())]
    assert len(found) == 1, [a.to_text() for a in b.legal()]
    return found[0]


def paragons():
    """Hammer Paragon (Azure, active) in base contact with Glaive Paragon (Ashen)."""
    b = skirmish(["hammer_paragon"], ["glaive_paragon"], [("s0u0m0", "s1u0m0")])
    b.state.active = 0
    fight(b)
    return b


def champions(extra=True):
    """Guard Sergeant (Champion) against Breacher Sergeant (Champion), with a Guard and a Shield
    Breacher beside them."""
    pairs = [("s0u0m0", "s1u0m0")] + ([("s0u0m4", "s1u0m1")] if extra else [])
    b = skirmish(["veteran_guard"], ["veteran_breachers"], pairs)
    b.state.active = 0
    fight(b)
    return b


def accepted(b, challenger, champion):
    b.apply(find(b, "issue_challenge", targets=(challenger,)))
    b.apply(find(b, "accept_challenge", targets=(challenger, champion)))


def test_paragons_champions_and_officers_are_the_characters_who_may_challenge():
    b = skirmish(["officer_squad"], ["veteran_breachers"], [("s0u0m0", "s1u0m0")],
                 behind0=["s0u0m1"])
    s = b.state
    assert is_character(s.models["s0u0m0"])  # Squad Officer: the Command sub-type
    assert not is_character(s.models["s0u0m1"])
    assert is_character(s.models["s1u0m0"])  # Breacher Sergeant: a Champion
    p = skirmish(["glaive_paragon"], ["line_squad"], [("s0u0m0", "s1u0m1")])
    assert is_character(p.state.models["s0u0m0"])
    assert not is_character(p.state.models["s1u0m1"])


def test_no_challenge_sub_phase_without_characters_on_both_sides():
    b = skirmish(["glaive_paragon"], ["line_squad"], [("s0u0m0", "s1u0m1")])
    b.state.active = 0
    events = fight(b)
    assert "challenge" not in b.state.pending
    assert not any("challenge" in e.describe() for e in events)


def test_the_active_player_is_asked_first_then_the_other():
    b = paragons()
    assert RULESET.current_player(b.state) == 0 and kinds(b) == ["issue_challenge",
                                                                  "no_challenge"]
    b.apply(find(b, "no_challenge"))
    assert RULESET.current_player(b.state) == 1
    assert find(b, "issue_challenge").targets == ("s1u0m0",)
    b.apply(find(b, "no_challenge"))
    assert "challenge" not in b.state.pending and "fight" in b.state.pending


def test_a_refused_challenge_disgraces_the_model_the_challenger_picks():
    b = skirmish(["glaive_paragon"], ["officer_squad"], [("s0u0m0", "s1u0m0")])
    b.state.active = 0
    fight(b)
    b.apply(find(b, "issue_challenge"))
    events = b.apply(find(b, "refuse_challenge"))  # one character to name: named at once
    officer = b.state.models["s1u0m0"]
    assert [e.describe() for e in events][:2] == [
        "The challenge of Glaive Paragon is refused",
        "Squad Officer is Disgraced for refusing: WS 3 and Ld 5 this phase (halved)"]
    assert characteristic(b.state, officer, "WS") == 3
    assert characteristic(b.state, officer, "Ld") == 5
    assert unit_value(b.state, "s1u0", "Ld") == 5  # the Officer leads the unit's checks
    # The general fight reads the halved WS: the Paragon (WS6) now hits it on 2+.
    assert not in_duel(b.state, "s0u0m0")
    assert "fight" in b.state.pending


def test_the_disgraced_model_is_the_challengers_pick_among_several():
    b = skirmish(["glaive_paragon"], ["officer_squad", "champion_squad"],
                 [("s0u0m0", "s1u0m0")])
    from game.rulesets.legions.combat import lock
    from tests.rulesets.legions.battle import keep_only, stand

    keep_only(b, "s1u1", ["s1u1m0"])
    paragon = b.state.models["s0u0m0"]
    stand(b, "s1u1m0", paragon.x, paragon.y + 1.7)
    lock(b.state, "s0u0", "s1u1")
    b.state.active = 0
    fight(b)
    b.apply(find(b, "issue_challenge"))
    assert kinds(b) == ["accept_challenge", "accept_challenge", "refuse_challenge"]
    b.apply(find(b, "refuse_challenge"))
    assert RULESET.current_player(b.state) == 0
    assert [a.targets for a in b.legal()] == [("s1u0m0",), ("s1u1m0",)]
    b.apply(find(b, "disgrace", targets=("s1u1m0",)))
    assert characteristic(b.state, b.state.models["s1u1m0"], "WS") == 3
    assert characteristic(b.state, b.state.models["s1u0m0"], "WS") == 5


def test_one_challenge_per_combat_per_phase():
    b = paragons()
    b.apply(find(b, "issue_challenge"))
    b.apply(find(b, "refuse_challenge"))
    # Refused: the combat has had its challenge; Ashen is not asked to issue one.
    assert "challenge" not in b.state.pending and "fight" in b.state.pending
    why = RULESET.explain_illegal(b.state, Action("issue_challenge", "s1u0",
                                                   targets=("s1u0m0",)), b.geo)
    assert why


def test_focus_roll_modifiers_heavy_light_wounds_lost_and_duellists_edge():
    b = paragons()
    hammer, glaive = b.state.models["s0u0m0"], b.state.models["s1u0m0"]
    assert challenge.focus_parts(hammer, "guarded|great_hammer|smash") == (4, "I 5, Heavy -1")
    assert challenge.focus_parts(glaive, "feint|paragon_glaive|precise") == (
        8, "I 5, Feint +1, Duellist's Edge +2")
    guard = champions().state.models["s0u0m0"]
    assert challenge.focus_parts(guard, "aggressive|power_blade|thrust")[0] == 4 + 1 - 1 + 1
    hammer.wounds = 2
    assert challenge.focus_parts(hammer, "feint|great_hammer|sweep") == (
        4, "I 5, Feint +1, 2 wounds lost -2")


def test_stances_aggressive_guarded_and_feint():
    b = paragons()
    s = b.state
    hammer, glaive = s.models["s0u0m0"], s.models["s1u0m0"]
    assert challenge.attacks_in_duel(s, hammer, "aggressive") == 5
    assert challenge.attacks_in_duel(s, hammer, "guarded") == 3
    assert challenge.attacks_in_duel(s, hammer, "feint") == 4
    assert challenge.hit_needed(s, hammer, glaive, "guarded") == 5
    assert challenge.hit_needed(s, hammer, glaive, "feint") == 4


def test_the_advantage_strikes_first_with_one_more_attack_and_a_kill_ends_the_strike():
    b = paragons()
    accepted(b, "s0u0m0", "s1u0m0")
    b.apply(find(b, "face_off", option="aggressive|great_hammer|smash"))
    events = b.apply(find(b, "face_off", option="aggressive|paragon_glaive|reaping"),
                     6, 1,  # focus: 6 + 3 = 9 against 1 + 3 = 4: the hammer
                     4, 4, 4, 4, 4, 4,  # 6 attacks (4 + 1 aggressive + 1 advantage): 6 hits
                     2, 2, 2,  # wounds (S8 v T4: 2+) from the first three hits...
                     1, 1, 1,  # ... not the rest
                     1, 1)  # two failed saves (4+): 2 × D2 = 4 wounds: slain
    text = [e.describe() for e in events]
    assert "Hammer Paragon rolls 6 attacks with the advantage's +1 A with great hammer " \
           "(smash) at Glaive Paragon to hit: 4+4+4+4+4+4 (needs 4+): 6 hits" in text
    assert not b.state.models["s1u0m0"].alive
    assert not any("at Hammer Paragon to hit" in t for t in text)  # slain: no strike back
    assert ("Glory: Azure Legion scores 5 resolution points (Hammer Paragon slew Glaive "
            "Paragon: its base W 4 +1 (Paragon or Command))") in text


def test_both_live_the_one_that_inflicted_more_wounds_scores_that_many():
    b = champions()
    s = b.state
    # Give the two Sergeants more wounds so that both live.
    for mid in ("s0u0m0", "s1u0m0"):
        m = s.models[mid]
        m.profile = type(m.profile)({**m.profile, "W": 3})
        m.wounds = m.max_wounds = 3
    accepted(b, "s0u0m0", "s1u0m0")
    b.apply(find(b, "face_off", option="feint|power_blade|sweep"))
    events = b.apply(find(b, "face_off", option="feint|power_blade|sweep"),
                     5, 1,  # focus 4 + 1 + 5 = 10 against 4 + 1 + 1 = 6: the Guard Sergeant
                     4, 4, 1,  # 3 attacks: 2 hits (4+)
                     4, 4,  # 2 wounds (S4 v T4)
                     1, 1,  # saves (3 - AP-2 = 5+, Inv 5+): both fail: 2 wounds
                     4, 1,  # the Breacher Sergeant: 2 attacks, 1 hit
                     4,  # 1 wound
                     1)  # failed save: 1 wound
    text = [e.describe() for e in events]
    assert ("Glory: Azure Legion scores 2 resolution points (both live; Guard Sergeant "
            "inflicted more wounds (2 to 1))") in text
    assert characters.challenge_points(s, ("s0u0", "s1u0")) == {0: 2}


def test_as_many_wounds_inflicted_scores_no_glory():
    b = champions()
    accepted(b, "s0u0m0", "s1u0m0")
    b.apply(find(b, "face_off", option="feint|power_blade|sweep"))
    events = b.apply(find(b, "face_off", option="feint|power_blade|sweep"),
                     5, 1, 1, 1, 1,  # the Guard Sergeant's 3 attacks miss
                     1, 1)  # and the Breacher Sergeant's 2
    assert "Glory: no one scores (both live, as many wounds inflicted (0 each))" in [
        e.describe() for e in events]
    assert characters.challenge_points(b.state, ("s0u0", "s1u0")) == {}


def test_the_duellists_are_not_part_of_the_general_fight_and_a_challenge_kill_counts_once():
    b = champions()
    accepted(b, "s0u0m0", "s1u0m0")
    b.apply(find(b, "face_off", option="feint|power_blade|thrust"))
    events = b.apply(find(b, "face_off", option="feint|power_blade|sweep"),
                     6, 1,  # the Guard Sergeant has the advantage
                     4, 4, 4,  # 3 attacks hit (thrust: 4+)
                     3, 1, 1,  # one wound (S5 v T4: 3+)
                     1)  # failed save: the Breacher Sergeant falls
    assert in_duel(b.state, "s0u0m0")
    groups = [e for e in events if type(e).__name__ == "InitiativeStepStarted"]
    assert groups[0].describe() == ("Initiative step 4: Veteran Guard: 1 model; Veteran "
                                    "Breachers: 1 model")
    events = b.apply(b.legal()[0], 1, 1, 1, 1,  # nobody hits
                     3, 4, 3)  # Ashen's panic check fails; its fall back
    points = next(e for e in events if isinstance(e, ResolutionPoints))
    # 1 glory (W1, a Champion) and 1 for more models: the kill is not also a casualty point.
    assert points.totals[0][1:] == (2, "0 for casualties, +1 for more models, +1 from a "
                                       "challenge")


def test_a_challenge_is_fought_by_exact_enumeration_odds():
    """challenge.odds against a brute-force enumeration of every die of the challenge."""
    b = paragons()
    s = b.state
    hammer, glaive = s.models["s0u0m0"], s.models["s1u0m0"]
    hammer.wounds = 3  # one wound lost: -1 focus
    found = challenge.odds(s, hammer, glaive, "aggressive|great_hammer|smash",
                           "guarded|paragon_glaive|precise")

    def attack(hit, wound, save):
        ok = sum(1 for h, w, sv in itertools.product(range(1, 7), repeat=3)
                 if h >= hit and w >= wound and sv < save)
        return Fraction(ok, 216)

    # hammer: A 4 + 1 Aggressive, S8 AP-2 D2; hits on 5+ (WS6 v WS6, Guarded), wounds on 2+,
    # the Glaive Paragon saves on 4+ (Inv 4, Sv 2 + 2); focus 5 - 1 Heavy - 1 Aggr - 1 wound.
    # glaive: A 4 - 1 Guarded, S4 AP-3 D1; 4+ to hit, 4+ to wound, Hammer saves 4+ (Inv);
    # focus 5 + 2 Duellist's Edge.
    h = {"p": attack(5, 2, 4), "a": 5, "d": 2, "w": 3, "glory": 5, "focus": 2}
    g = {"p": attack(4, 4, 4), "a": 3, "d": 1, "w": 4, "glory": 5, "focus": 7}
    wins = sum(1 for x in range(1, 7) for y in range(1, 7) if x + h["focus"] > y + g["focus"])
    losses = sum(1 for x in range(1, 7) for y in range(1, 7) if x + h["focus"] < y + g["focus"])
    p_adv = Fraction(wins, wins + losses)
    dist: dict = {}

    def strikes(n, p):
        for hits in itertools.product((0, 1), repeat=n):
            k = sum(hits)
            yield k, p ** k * (1 - p) ** (n - k)

    for weight, order in ((p_adv, ("h", "g")), (1 - p_adv, ("g", "h"))):
        first, second = (h, g) if order[0] == "h" else (g, h)
        for k1, p1 in strikes(first["a"] + 1, first["p"]):
            dealt = min(k1 * first["d"], second["w"])
            if dealt == second["w"]:
                key = (order[0], second["glory"])
                dist[key] = dist.get(key, 0) + weight * p1
                continue
            for k2, p2 in strikes(second["a"], second["p"]):
                back = min(k2 * second["d"], first["w"])
                if back == first["w"]:
                    key = (order[1], first["glory"])
                elif dealt != back:
                    key = (order[0] if dealt > back else order[1], max(dealt, back))
                else:
                    key = (None, 0)
                dist[key] = dist.get(key, 0) + weight * p1 * p2
    expected = {({"h": 0, "g": 1}.get(who), pts): p for (who, pts), p in dist.items()}
    assert found.advantage == p_adv
    assert dict(found.glory) == {k: v for k, v in expected.items() if v}
    assert sum(dict(found.glory).values()) == 1


def test_every_offered_challenge_decision_is_accepted_and_others_name_the_rule():
    b = paragons()

    def all_offered_legal():
        assert b.legal()
        for a in b.legal():
            assert RULESET.explain_illegal(b.state, a, b.geo) is None, a.to_text()

    all_offered_legal()
    assert "One challenge per combat" in RULESET.explain_illegal(
        b.state, Action("issue_challenge", "s1u0", targets=("s1u0m0",)), b.geo)
    b.apply(find(b, "issue_challenge"))
    all_offered_legal()
    b.apply(find(b, "accept_challenge"))
    all_offered_legal()
    bad = Action("face_off", "s0u0", targets=("s0u0m0",), option="berserk|x|y")
    assert "Face-off" in RULESET.explain_illegal(b.state, bad, b.geo)
    b.apply(find(b, "face_off", option="feint|great_hammer|sweep"))
    all_offered_legal()
    assert RULESET.current_player(b.state) == 1


def test_greedy_issues_a_challenge_the_enemy_would_only_refuse_and_refuses_a_hopeless_one():
    b = skirmish(["glaive_paragon"], ["officer_squad"], [("s0u0m0", "s1u0m0")])
    b.state.active = 0
    fight(b)
    issue = find(b, "issue_challenge")
    # The Officer leads the squad's checks: Disgraced, its Ld 9 -> 5 costs the panic check.
    from game.rulesets.legions.checks import p_pass

    cost = challenge.refusal_cost(b.state, [b.state.models["s1u0m0"]])
    assert cost == 0.3 + 0.75 * float(p_pass(9) - p_pass(5))
    assert RULESET.action_value(b.state, issue, b.geo) == cost
    b.apply(issue)
    accept, refuse = b.legal()
    assert RULESET.action_value(b.state, accept, b.geo) < RULESET.action_value(
        b.state, refuse, b.geo)


def test_the_fight_goes_on_without_a_challenge():
    b = paragons()
    no_challenges(b)
    assert "fight" in b.state.pending


def _paragon_charge():
    """Hammer Paragon (Azure, active) declares a charge on Glaive Paragon 6" away and makes its
    4" setup move (I 5 + M 7 = 12): step 4, the reactions, comes next."""
    from tests.rulesets.legions.battle import R40, Battle, declare, only

    b = Battle(["hammer_paragon"], ["glaive_paragon"])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 20.0 + 2 * R40 + 6.0, 24.0, 180.0)
    b.state.active = 0
    declare(b, "s0u0", "s1u0")
    b.apply(only(b, "setup_move"))
    return b


def test_a_challenge_declared_as_a_reaction_costs_a_point_and_is_issued_first():
    from tests.rulesets.legions.battle import only, option

    b = _paragon_charge()
    assert RULESET.current_player(b.state) == 1
    react = option(b, "react", "challenge")
    assert react.label == ("Reaction: Glaive Paragon will issue a challenge to Hammer Paragon "
                           "first if the charge locks them (1 point)")
    events = b.apply(react)
    assert events[0].describe() == ("Reaction: Glaive Paragon declares a challenge (0 reaction "
                                    "points left this phase)")
    b.apply(option(b, "volley", "hold"))
    b.apply(option(b, "volley", "hold"))
    b.apply(only(b, "charge_roll"), 5, 3)
    b.apply(only(b, "charge_move"))
    events = fight(b)
    issued = [e.describe() for e in events if type(e).__name__ == "ChallengeIssued"]
    # Azure, the active player, is not asked first: the declared challenge is issued at once.
    assert issued == ["Challenge: Glaive Paragon challenges the enemy in Hammer Paragon against "
                      "Glaive Paragon (the challenge declared as a reaction)"]
    assert RULESET.current_player(b.state) == 0
    assert kinds(b) == ["accept_challenge", "refuse_challenge"]


def test_a_challenge_reaction_needs_a_character_on_both_sides():
    from tests.rulesets.legions.battle import R32, Battle, declare, only

    b = Battle(["line_squad"], ["glaive_paragon"])
    b.place("s0u0", 20.0, 24.0, 0.0)
    b.place("s1u0", 20.0 + R32 + R32 + 8.0, 24.0, 180.0)
    b.state.active = 0
    declare(b, "s0u0", "s1u0")
    b.apply(only(b, "setup_move"))
    why = RULESET.explain_illegal(b.state, Action("react", "s1u0", targets=("s0u0",),
                                                  option="challenge"), b.geo)
    assert why == ("Line Squad has no character to face a challenge (Reaction: a character of "
                   "the charged unit issues a challenge (1 point); it is issued first in the "
                   "challenge sub-phase if the charge locks the units (legions seed))")


def test_the_greedy_values_a_challenge_reaction_by_the_challenge_it_would_bring():
    b = _paragon_charge()
    from tests.rulesets.legions.battle import option

    react = option(b, "react", "challenge")
    assert RULESET.action_value(b.state, react, b.geo) != 0.0


def test_a_challenge_reaction_binds_only_the_combat_of_the_charge_that_declared_it():
    b = skirmish(["hammer_paragon"], ["glaive_paragon"], [("s0u0m0", "s1u0m0")])
    b.state.active = 0
    # Declared against another charger (say, one whose charge failed): Azure is asked first.
    b.state.pending["reactions"] = {"spent": {"1": 1}, "shield_wall": [],
                                    "challenges": [["s1u0", "s0u9"]]}
    fight(b)
    assert RULESET.current_player(b.state) == 0 and "no_challenge" in kinds(b)
    b2 = skirmish(["hammer_paragon"], ["glaive_paragon"], [("s0u0m0", "s1u0m0")])
    b2.state.active = 0
    b2.state.pending["reactions"] = {"spent": {"1": 1}, "shield_wall": [],
                                     "challenges": [["s1u0", "s0u0"]]}
    fight(b2)
    assert RULESET.current_player(b2.state) == 0 and kinds(b2) == ["accept_challenge",
                                                                    "refuse_challenge"]


def test_greedy_accepts_an_even_challenge_rather_than_be_disgraced():
    b = paragons()
    b.apply(find(b, "issue_challenge"))
    accept = find(b, "accept_challenge")
    refuse = find(b, "refuse_challenge")
    assert RULESET.action_value(b.state, accept, b.geo) > RULESET.action_value(
        b.state, refuse, b.geo)
