"""The seed's worked example (squads.md), with scripted dice.

"Brute Mob" and "Line Marines" 7" apart. The Mob may charge. Roll 5 + 4 = 9: the Marines (7" <=
9") become the target; the Mob ends within 2" of them, every moving model closer than before,
within 1" where it can. Had the roll been 3: the charge fails and the Mob does not move at all.
A roll of 2 never succeeds.
"""

from game.core.actions import Action
from game.core.events import ChargeResolved, DiceRolled
from game.rulesets.squads.charge import eligibility_problem


def test_the_mob_may_charge(mob_vs_marines):
    b = mob_vs_marines
    assert eligibility_problem(b.state, b.geo, "s0u0") is None
    assert Action("charge", "s0u0") in b.legal()


def test_roll_nine_then_choose_the_marines_and_end_engaged(mob_vs_marines):
    b = mob_vs_marines
    start = b.positions("s0u0")
    events = b.apply(Action("charge", "s0u0"), 5, 4)
    rolled = [e for e in events if isinstance(e, DiceRolled)][0]
    assert rolled.describe() == "Brute Mob rolls 2D6 for the charge: 5+4 = 9"
    # Only now is the target chosen: the Marines are offered, 7" <= 9".
    assert b.state.pending["charge"]["reachable"] == ["s1u0"]
    choice = [a for a in b.legal() if a.kind == "charge_move"]
    assert [a.targets for a in choice] == [("s1u0",)]
    events = b.apply(choice[0])
    assert any(isinstance(e, ChargeResolved) and e.success for e in events)
    # The Mob ends within 2" of the Marines.
    assert b.distance("s0u0", "s1u0") <= 2.0
    marines = b.state.alive_models("s1u0")
    moved = 0
    for m in b.state.alive_models("s0u0"):
        if (m.x, m.y) == start[m.id]:
            continue
        moved += 1
        before = m.copy()
        before.x, before.y = start[m.id]
        # every moving model ends closer than before, and never further than the roll
        assert min(b.geo.distance(m, t) for t in marines) < min(
            b.geo.distance(before, t) for t in marines)
        assert b.geo.path_length(b.state, before, (m.x, m.y)) <= 9.0 + 1e-6
    assert moved >= 5
    # The front rank can reach 1" of the Marines, so it does.
    within_one = [m for m in b.state.alive_models("s0u0")
                  if min(b.geo.distance(m, t) for t in marines) <= 1.0]
    assert len(within_one) >= 5
    assert b.unit("s0u0").flags["charged"]


def test_roll_three_fails_and_no_model_moves(mob_vs_marines):
    b = mob_vs_marines
    start = b.positions("s0u0")
    events = b.apply(Action("charge", "s0u0"), 1, 2)
    failed = [e for e in events if isinstance(e, ChargeResolved)]
    assert failed and not failed[0].success
    assert "charge" not in b.state.pending
    assert b.positions("s0u0") == start
    assert not b.unit("s0u0").flags.get("charged")


def test_a_roll_of_two_never_succeeds(mob_vs_marines):
    """Even with the enemy as close as an eligible unit can be (just over 2")."""
    b = mob_vs_marines
    b.place("s1u0", 10.0 + 2.05 + 2 * 32 / 25.4 / 2, 22.0, 180.0)
    assert eligibility_problem(b.state, b.geo, "s0u0") is None
    events = b.apply(Action("charge", "s0u0"), 1, 1)
    assert any(isinstance(e, ChargeResolved) and not e.success for e in events)
    assert "charge" not in b.state.pending
