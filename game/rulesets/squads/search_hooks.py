"""The searcher's hooks for squads: exact grouped outcomes, the leaf evaluation, no hidden order.

Chance steps (`chance_outcomes`):
  - a charge declaration: its 2D6 grouped by the enemy units the roll brings within reach
    (`charge.reachable_targets`, the rule the real roll uses), "no target" for the rest;
  - an Advance: its D6, each face apart (the move it allows differs);
  - an attack: unsaved wounds are Binomial(attacks, hit × wound × failed save) (odds.py), grouped
    by the models they slay (`odds.kills_after`, the allocation rule), so the groups' odds are
    exactly `odds.casualties_distribution`. The script for k unsaved wounds is k hits of 6 and
    misses of 1, k wounds of 6, k saves of 1 (a 1 always fails).
`evaluate` is the common margin with the exact 2D6 charge odds as the threat, read "move then
charge" for a unit whose Movement phase comes before its next charge (its M straight in, the
move ending outside engagement range).
The ruleset class names these functions as its `reach_odds` and `chance_outcomes` hooks.
"""

from __future__ import annotations

from fractions import Fraction

from game.core import chance
from game.core import probability as P
from game.rulesets.base import after_move, moves_before_charging
from game.rulesets.squads import charge, fight, movement
from game.rulesets.squads.engagement import ENGAGEMENT_RANGE
from game.rulesets.squads.odds import (
    charge_success,
    kills_after,
    p_fail_save,
    p_hit,
    p_wound,
    save_target,
)


def _charge_outcomes(s, geo, unit_id):
    def key(total):
        return tuple(charge.reachable_targets(s, geo, unit_id, total))

    def label(targets):
        if not targets:
            return "the roll reaches no enemy unit"
        return "the roll reaches " + ", ".join(s.units[t].name for t in targets)

    return chance.sum_outcomes(2, key, label)


def _attack_outcomes(s, geo, unit_id, target_id):
    unit, target = s.units[unit_id], s.units[target_id]
    a, t = unit.profile, target.profile
    attacks = len(fight.attacking_models(s, geo, unit_id, target_id)) * a["A"]
    alive = s.alive_models(target_id)
    if not attacks or not alive:
        return chance.certain("no attack lands")
    first = min(m.wounds for m in alive)
    p = p_hit(a["WS"]) * p_wound(a["S"], t["T"]) * p_fail_save(t["Sv"], a["AP"], t.get("InvSv"))
    saves_rolled = save_target(t["Sv"], a["AP"], t.get("InvSv")) <= 6

    def script(k):
        hits = chance.binomial_script(attacks, k, 6, 1)
        return hits + (6,) * k + ((1,) * k if saves_rolled else ())

    pairs = ((kills_after(k, a["D"], t["W"], len(alive), first), pk, script(k))
             for k, pk in P.binomial(attacks, p).items())
    return chance.group(pairs, lambda slain: f"{slain} of {target.name} slain")


def chance_outcomes(s, a, geo):
    """The grouped outcomes of `a` in `s`, or None when it rolls no dice of its own here."""
    if s.phase == "charge" and a.kind == "charge":
        return _charge_outcomes(s, geo, a.unit)
    if s.phase == "movement" and a.kind == "advance":
        return chance.group(((face, Fraction(1, 6), (face,)) for face in range(1, 7)),
                            lambda face: f"Advance roll {face}")
    if s.phase == "fight" and a.kind == "attack" and a.targets:
        return _attack_outcomes(s, geo, a.unit, a.targets[0])
    return None


#: The phases of its own turn from which a unit's Move still comes before its next charge
#: (in the Fight phase, the next charge is next turn's, after its Move).
MOVE_PHASES = ("command", "movement", "fight")
#: The nearest a Move straight in may end to an enemy and still leave a charge to roll: just
#: outside engagement range (the 3" roll is as likely as any gap beyond 2").
CLOSEST = ENGAGEMENT_RANGE + 1.0


def reach_odds(s, unit_id, gap):
    """The chance that this unit's next charge reaches an enemy `gap` inches away (the
    searcher's threat term, `game.ai.evaluate`): after its Move when one comes first."""
    if moves_before_charging(s, unit_id, MOVE_PHASES):
        gap = after_move(gap, movement.allowance(s, unit_id, "move"), CLOSEST)
    return charge_success(gap)



#: The turn look-ahead's horizons (`SearchAgent.horizon`, farthest first): four, three or two
#: turns when the budget affords them (mostly rounds 4-5 of 5, where four turns reach the
#: battle's end; in rounds 1-2 each was tried and found too dear), else the next turn; never
#: the end as such. A horizon found too dear is tried again every `HORIZON_REMEASURE`
#: decisions. Measured (`python -m benchmarks.ai --ruleset squads --seeds 10 --budget 1.0
#: --progress --jobs 1`, `--first-seed` 0, 10, 20, 30 and 40, both seats; the ladder patched
#: in against the next turn alone, paired by `benchmarks.ai_compare`): 74 of 100 won against
#: 62 (26 battles turned to wins, 14 to losses), paired margin +1.92 +- 1.66; by block of
#: ten seeds +3.90 +- 3.53, -0.50 +- 3.76, -0.95 +- 4.02, +6.10 +- 3.12, +1.05 +- 4.17.
#: Moderate evidence (the margin 1.2 standard errors, the wins' sign test ~0.08), kept for
#: the wins, which the decision median (0.013-0.025 s) and p95 (<= 1.013 s) do not pay for.
#: Before it the horizon was the next turn only, never the end: measured with `python -m
#: benchmarks.ai --seeds 5 --budget 1.0 --ruleset squads` (10 battles a run): rollouts to the end won 5, 6, 5, 5 and
#: 5 of 10 (five runs), the next-turn horizon 9 and 9 (two runs before keyed dice) and 6 of
#: 10 (+9.6 +- 5.6, against +3.9 +- 4.1 for the end on the same commit). Weak evidence, but
#: all on one side; a squads battle played out costs 0.2-0.3 s, so few whole rollouts fit.
TURN_HORIZONS = (4, 3, 2)
HORIZON_REMEASURE = 6

#: Rounds of rollouts of the turn look-ahead in the battle's last round (`game.ai.turns`):
#: 18 without a budget, at most 24 under one (the shared 6 and 12). The last round's
#: rollouts are cheap, and one melee's dice spread a rollout by more than the gain
#: compared: the Brute Mob charging into the Blade Veterans' reach
#: (tests/ai/positions/test_counter_attack.py) loses 4.22 +- 0.46 points a line to holding
#: over 200 lines, but 6 rollouts read holding's gain as +2.33 +- 2.69, short of the margin
#: plus one error, and the search charged; 18 read +4.28 +- 1.43 and it holds. Benchmark
#: (python -m benchmarks.ai --ruleset squads --seeds 10 --budget 1.0 --jobs 1, both seats):
#: 14 of 20 won before and after, margin +5.60 +- 2.78 -> +5.80 +- 2.52, paired +0.20 +-
#: 1.98 (benchmarks.ai_compare): no change either way.
LAST_ROUND_TURN_ROUNDS = (18, 24)

# Tried and dropped (python -m benchmarks.ai --ruleset squads --seeds 10 --budget 1.0, paired
# with the common settings on the same seeds: 12 of 20 won, margin +5.35 +- 2.63):
#  - threat_weights (0.35, 0.45), the fit of `benchmarks.evaluate_fit --seeds 30` (the other
#    side's reach predicted the final margin more than the common 0.25 says): 4 of 13 won
#    (run stopped), paired margin -6.2 +- 4.0, 0 of 6 as the Line Company (seat 1): a better
#    fit of greedy battles is not better play. (0.5, 0.1): 13 of 20, paired +0.6 +- 1.2
#    (12 battles the same).
#  - when the next-turn rollouts are too dear (0.13-0.9 s CPU from round 3 on, so the tree,
#    which sees no reply within a Movement phase, keeps greedy's choice), rollouts to the
#    end of the searcher's own turn instead: 14 of 20, paired margin -2.0 +- 2.5.
#  - a cheaper model of greedy as the rollout policy (a `rollout_policy` hook, bec9578, and the
#    policy, eb25453; both reverted): moves valued at an estimated end and only the best 3
#    solved, charge target sets ranked by greedy's value and solved best first. It chose as
#    greedy in 251 of 255 decisions, but there was little to save: a `Playout` lists every
#    position after each apply (its automatic steps), so a policy saves only greedy's scoring
#    (15% of a rollout) unless that listing goes; and with a Playout patched not to list,
#    rollouts cost 34.9 ms against greedy's 39.1 (the placement of the charge played, the
#    fight's listing and the checks in `apply` are paid either way, and greedy's move offers
#    are remembered per unit through a phase). With it (patched Playout): 8 of 20 won, paired
#    margin -2.95 +- 2.56. (Paired against this machine's run of the common settings: 11 of 20,
#    +4.50 +- 2.67.)
#  - what cheaper rollouts could buy at most: the turn look-ahead at every decision of the
#    searcher's own turn (`SearchAgent.turns_affordable` patched to True; `look_ahead` still
#    fits its candidates to the budget): seeds 0-14, 22 of 30 won against 18, paired margin
#    +0.57 +- 2.52 (seeds 0-9: 15 of 20, +6.55 +- 3.35). Its first rollout is no dearer than
#    the decision's others (median ratio 1.0, 21 decisions), so the cost it judges by is fair.
#    Rollout speed is not what holds squads back at this budget; the method is.
#
# Where the gains lie in squads (`python -m benchmarks.ai_potential --ruleset squads --seeds 1
# --playouts 16 --decisions 10`: every second decision with a choice of seed 0, both seats, 20
# decisions, each candidate played out 16 times to the end): the search's picks gained +0.2
# points over greedy's choices, summed; the best candidate, chosen on half the playouts and
# judged on the other half, +27.5, nearly all of it in two decisions: in round 3 a charge the
# tree kept (the next-turn rollouts too dear there) where not charging (end_phase) was worth
# +16.75 held out, and in round 2 an Advance where ending the phase was worth +12.62. The
# counter-attack a charge walks into is what the tree (three decisions deep) cannot see.
