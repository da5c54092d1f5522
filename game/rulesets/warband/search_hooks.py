"""The searcher's hooks for warband: the leaf evaluation's reach, and the next-turn soft stop.

A warband charge rolls no dice: a model reaches whatever lies within 2 x M (`movement.
charge_reach`), so the threat term counts a reachable enemy with certainty and a farther one
not at all. Its fights are resolved in automatic steps, sampled by the searcher's own dice
(no `chance_outcomes` here: no decision of this ruleset rolls dice of its own).
"""

from __future__ import annotations

from game.rulesets.warband.movement import charge_reach


def reach_odds(s, unit_id, gap):
    """The chance that this unit's charge reaches an enemy `gap` inches away (the searcher's
    threat term, `game.ai.evaluate`)."""
    models = s.alive_models(unit_id)
    return 1 if models and gap <= charge_reach(models[0]) else 0


#: With three or four warbands, the share of the budget past which the next-turn look-ahead
#: starts no new round of rollouts unless a challenger leads greedy's choice by its margin.
#: Chosen on the baseline's own rounds (4 sides, seeds 0-2, 279 look-aheads replayed against
#: the rule): decision median 0.68 s without it; 0.37 s at 0.25, 0.42 s at 0.3, 0.49 s at 0.4,
#: 0.55 s at 0.5 (last session's try at 0.5 measured 0.54-0.55 s); 2 of 24 overrides cut at
#: 0.25-0.3, none at 0.35. Measured (`benchmarks.ai --budget 1.0`, paired with
#: `benchmarks.ai_compare`): 3 sides seeds 0-7: 7 -> 10 of 24 won, margin +4.00 +- 4.64, median
#: 0.738 / 0.579 -> 0.351 / 0.358 s (seeds 0-3 / 4-7); 4 sides seeds 0-5: 9 -> 12 of 24, +1.79
#: +- 4.28, median 0.677 / 0.550 -> 0.362 / 0.359 s (seeds 0-2 / 3-5). Wins within the noise:
#: the same play, in half the time.
MANY_SIDES_SOFT = 0.25


def next_turn_soft(s) -> float | None:
    """The next-turn look-ahead's soft stop (`game.ai.search.SearchAgent.soft_share`): none
    with two warbands, `MANY_SIDES_SOFT` of the budget with more.

    Why: a rollout to the searcher's next turn plays two or three other warbands' turns, and
    the decision's time went to close calls that `game.ai.turns.KEEP_SE` kept running to the
    deadline while greedy's choice stood (3 sides, seeds 0-3 at 1.0 s: decision median 0.74 s;
    of 159 own-turn moves in seeds 0-1, 97 ran 3-12 rounds of rollouts, most of them to the
    full second, for 24 overrides). Past the soft stop only a challenger already ahead by the
    margin gets more rollouts: one behind would need many to overtake greedy's choice by the
    margin and its error. A stop after the first round (early rounds' rollouts are dear) is
    the look-ahead's verdict too (`SearchAgent.stopped_softly`): without that, the first try
    sent those decisions to the tree over decisions (3 sides, seeds 0-1: 25 of 171 decisions,
    0.80 s median, one override) and the decision median stayed at 0.53 s."""
    return MANY_SIDES_SOFT if len(s.sides) > 2 else None


# Tried with 3-4 warbands and not kept (measured by `benchmarks.ai --budget 1.0 --progress
# --jobs 1`, paired by `benchmarks.ai_compare`):
# - never trying the turn look-ahead's horizon to the battle's end (never affordable there;
#   tried at a battle's first decision and every `END_REMEASURE` after), a hook
#   `end_horizon_tried(state)`: 4 sides seeds 0-5 against main as merged: 8 -> 5 of 24 won,
#   margin -7.42 +- 4.92, decision median 0.310 -> 0.325 s: no time saved, 3 battles lost more;
# - with it, the next-turn rollouts stopped before the searcher's own rout test (its automatic
#   recovery step) and the leaf weighing that test by its exact odds (2D6 <= Ld: the margin as
#   it stands mixed with the margin once routed), and a routed warband's margin counted no
#   better than a 1-point loss (it cannot win, whatever its points): 3 sides seeds 0-15 against
#   the former alone, 20 -> 21 of 48 won, margin -1.65 +- 2.61 (seeds 0-7: 10 -> 12, -1.21 +-
#   4.13; 8-15: 10 -> 9, -2.08 +- 3.29), median 0.29-0.30 s both.
# - the horizon ladder ranks uses, here the end, else four or two turns (`turn_horizons =
#   (None, 4, 2)`, `horizon_remeasure = 6`, patched in): 3 sides seeds 0-7 (`--sides 3
#   --seeds 8`), 9 -> 9 of 24 won, paired margin -2.08 +- 4.02, decision median 0.284 ->
#   0.575 s (over the target): no gain, and the far horizons spent the time.
