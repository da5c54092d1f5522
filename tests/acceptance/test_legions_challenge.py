"""A worked example of a legions challenge (rules/legions.md, "Challenge sub-phase"), with
scripted dice, every step asserted as the generic client shows it (decision labels, events
that describe themselves, the exact odds line).

Veteran Guard (its Guard Sergeant is a Champion, and one Guard beside it) is locked with
Veteran Breachers (its Breacher Sergeant, a Champion, and one Shield Breacher). Azure, the
active player, issues a challenge with the Guard Sergeant; Ashen accepts with the Breacher
Sergeant. Face-off: the Guard Sergeant is Aggressive with the power blade's thrust (focus
I4 +1 Light +1 Duellist's Edge -1 Aggressive = 5; 2 + 1 = 3 attacks), the Breacher Sergeant
Guarded with its sweep (focus 4; 2 - 1 = 1 attack; the Guard Sergeant hits on 5+, not 4+).
Focus: 3 + 5 = 8 against 4 + 4 = 8, a tie, rolled again: 6 against 9: the Breacher Sergeant has
the advantage and strikes first with 1 + 1 = 2 attacks: 3 and 2 miss (4+). The Guard Sergeant
strikes back: 5, 4, 6 on 5+ = 2 hits; S5 against T4 wounds on 3+: 1 and 3, one wound; the
save is 4+ (Sv 3 - AP-1): a 2, and the Breacher Sergeant falls: glory 1 (its base W; a
Champion is neither a Paragon nor Command).

The fight: only the Guard and the Shield Breacher strike (the duellists are not part of it);
nobody falls. Resolution: Azure 0 for casualties (the Sergeant slain in the challenge is not
counted again) + 1 for more models (2 against 1) + 1 from the challenge = 2, Ashen 0.
"""

from game.rulesets.legions import RULESET
from game.rulesets.legions.events import ResolutionPoints
from tests.rulesets.legions.battle import fight, skirmish


def described(events):
    return [e.describe() for e in events]


def labels(b):
    return [a.label for a in b.legal()]


def find(b, kind, **fields):
    found = [a for a in b.legal() if a.kind == kind
             and all(getattr(a, k) == v for k, v in fields.items())]
    assert len(found) == 1, labels(b)
    return found[0]


def test_a_challenge_between_two_champions_worked_example():
    b = skirmish(["veteran_guard"], ["veteran_breachers"],
                 [("s0u0m0", "s1u0m0"), ("s0u0m4", "s1u0m1")])
    b.state.active = 0
    events = fight(b)
    assert "Azure Legion: Assault (challenge sub-phase)" in " ".join(
        f"{e.side_name}: {e.phase}" for e in events if hasattr(e, "phase"))

    # The challenge sub-phase: Azure (the active player) is asked first.
    assert RULESET.current_player(b.state) == 0
    kinds = [a.kind for a in b.legal()]
    assert kinds == ["issue_challenge", "no_challenge"]
    issue = find(b, "issue_challenge", targets=("s0u0m0",))
    assert issue.label.startswith("Challenge: Guard Sergeant challenges the enemy (1 "
                                  "character may accept; against Breacher Sergeant: ")
    odds = RULESET.action_odds(b.state, issue, b.geo)
    line = odds["Guard Sergeant against Breacher Sergeant"]
    assert sum(p for k, p in line.items() if k.startswith("glory")) == 1
    events = b.apply(issue)
    assert described(events) == ["Challenge: Guard Sergeant challenges the enemy in Veteran "
                                 "Guard against Veteran Breachers"]

    # Ashen answers: accept with its one character, or refuse.
    assert RULESET.current_player(b.state) == 1
    assert [a.kind for a in b.legal()] == ["accept_challenge", "refuse_challenge"]
    events = b.apply(find(b, "accept_challenge"))
    assert described(events) == ["Breacher Sergeant accepts the challenge of Guard Sergeant"]

    # Face-off: the challenger first.
    assert RULESET.current_player(b.state) == 0
    choice = find(b, "face_off", option="aggressive|power_blade|thrust")
    assert choice.label.startswith("Face-off: Guard Sergeant: Aggressive stance (+1 A, -1 "
                                   "focus) with power blade (thrust) (S5 AP-1 D1, Light, "
                                   "Duellist's Edge (1))")
    events = b.apply(choice)
    assert described(events) == ["Face-off: Guard Sergeant takes a Aggressive stance (+1 A, -1 "
                                 "focus) with power blade (thrust)"]
    assert RULESET.current_player(b.state) == 1
    events = b.apply(find(b, "face_off", option="guarded|power_blade|sweep"),
                     3, 4,  # focus: 5 + 3 = 8 against 4 + 4 = 8, a tie
                     1, 5,  # rolled again: 6 against 9
                     3, 2,  # the Breacher Sergeant's 2 attacks (4+): no hit
                     5, 4, 6,  # the Guard Sergeant's 3 (5+ against Guarded): 2 hits
                     1, 3,  # to wound (3+): 1 wound
                     2)  # the save (4+) fails
    text = described(events)
    assert text[0] == ("Face-off: Breacher Sergeant takes a Guarded stance (-1 A, the enemy -1 "
                       "to hit) with power blade (sweep)")
    assert text[1] == ("Focus: Guard Sergeant 3 (I 4, Light +1, Aggressive -1, Duellist's Edge "
                       "+1) = 8, Breacher Sergeant 4 (I 4) = 8: a tie: both roll again")
    assert text[2] == ("Focus: Guard Sergeant 1 (I 4, Light +1, Aggressive -1, Duellist's Edge "
                       "+1) = 6, Breacher Sergeant 5 (I 4) = 9: Breacher Sergeant has the "
                       "advantage: strikes first, +1 A")
    assert "Breacher Sergeant rolls 2 attacks with the advantage's +1 A with power blade " \
           "(sweep) at Guard Sergeant to hit: 3+2 (needs 4+): 0 hits" in text
    assert "Guard Sergeant rolls 3 attacks with power blade (thrust) at Breacher Sergeant " \
           "to hit: 5+4+6 (needs 5+): 2 hits" in text
    assert text[5:9] == ["Guard Sergeant rolls to wound: 1+3 (needs 3+): 1 wound (S5 vs T4)",
                         "Breacher Sergeant rolls a save: 2 (needs 4+): failed",
                         "Breacher Sergeant takes 1 damage (0 wounds left)",
                         "Breacher Sergeant of Veteran Breachers is removed as a casualty"]
    assert ("Glory: Azure Legion scores 1 resolution point (Guard Sergeant slew Breacher "
            "Sergeant: its base W 1)") in text
    assert not b.state.models["s1u0m0"].alive
    # The fight sub-phase: the Guard Sergeant is not part of it; two strike groups.
    assert [a.kind for a in b.legal()] == ["strike", "strike"]
    assert "Initiative step 4: Veteran Guard: 1 model; Veteran Breachers: 1 model" in text
    assert all("Guard Sergeant" not in a.label for a in b.legal())
    events = b.apply(b.legal()[0],
                     4, 4, 1, 1,  # the Guard: 2 hits, no wound
                     1, 1,  # the Shield Breacher: no hit
                     3, 4,  # Ashen's panic check: 7 against Ld 8 - 2: failed, Routed
                     3)  # its forced fall back: I 4 + 3"
    points = next(e for e in events if isinstance(e, ResolutionPoints))
    assert points.describe() == ("Combat resolution: Azure Legion 2 (0 for casualties, +1 for "
                                 "more models, +1 from a challenge), Ashen Legion 0 (0 for "
                                 "casualties): Azure Legion wins the combat")
    assert RULESET.current_player(b.state) == 0  # the winner's aftermath option
