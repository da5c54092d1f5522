"""The searcher's hooks for ranks: the leaf evaluation and the turn look-ahead's horizons.

A ranks charge rolls no dice: it is allowed when the whole move reaches (`movement.allowance`),
so the threat term counts an enemy within the unit's allowance with certainty. Combats are
sampled by the searcher's own dice.
"""

from __future__ import annotations

from game.rulesets.ranks.movement import allowance


def reach_odds(s, unit_id, gap):
    """The chance that this unit's charge reaches an enemy `gap` inches away (the searcher's
    threat term, `game.ai.evaluate`)."""
    return 1 if gap <= allowance(s, unit_id) else 0


#: The threat term's weights (the side to act's, the others'), `game.ai.evaluate`:
#: over 60 greedy battles (`benchmarks/evaluate_fit.py`, fitted on even seeds) a
#: threatened model predicted +0.10 of final margin for the side to act and -0.03 for the
#: other, a fifth of the common weights (0.5, 0.25): ranks weighs them so.
THREAT_WEIGHTS = (0.1, 0.05)

#: The turn look-ahead's horizons, farthest first (`game.ai.search.SearchAgent.horizon`): the
#: battle's end, else four, three or two turns, whichever the budget affords; and a horizon
#: found too dear is measured again every `HORIZON_REMEASURE` decisions (its rollouts get
#: cheaper as the battle goes). Why: before the armies meet, no unit can reach another within
#: the next turn, so every candidate reads the same at that horizon and greedy's choice stood
#: (below: +0.0 for all ten of a position's orders), while rollouts to the end cost ~0.1-0.3 s,
#: more than the budget affords for four candidates three times. Probed (greedy play of seeds
#: 0 and 1 to eight of the approach's decisions, rounds 1-2, each candidate's gain over
#: greedy's choice from 6 paired rollouts per horizon against 12 others to the end): the
#: candidate the rule would play gained, summed by the end's reading, +0.0 at one turn, +35.6
#: at two, +27.0 at three, +80.3 at four, +82.7 at the end, of a best +98.7; a four-turn
#: rollout cost ~90 ms against ~130 ms to the end. Measured (`python -m benchmarks.ai
#: --ruleset ranks --seeds 10 --budget 1.0 --progress --jobs 1`, the ladder patched in):
#: seeds 0-9, 19 of 20 won, margin +23.70 +- 2.64, against 13 of the 19 battles the run
#: without it finished (paired by `benchmarks.ai_compare`: +18.32 +- 4.46 points, 18 won
#: against 13); seeds 10-19 (`--first-seed 10`), 17 of 20 won (one drawn), margin +18.45 +-
#: 3.13. Decisions: median 0.07 s and 0.19 s, p95 1.00 s.
TURN_HORIZONS = (None, 4, 3, 2)
HORIZON_REMEASURE = 6

#: Tried and dropped: the turn look-ahead to the opponents' next turn only (as legions):
#: `python -m benchmarks.ai --ruleset ranks --seeds
#: 10 --budget 1.0 --jobs 1`, 12 of 20 won, margin +7.40 +- 3.58, against 14 of 20, +8.80 +-
#: 2.77 with the default (to the battle's end when affordable); paired -1.4 +- 3.6 points.
#: Also dropped: a rollout policy giving greedy's very choices with its values kept by
#: position (a position met again in a candidate's rollouts costs a key): 57% of the
#: valuations were repeats, but a next-turn rollout cost 29.0 ms against 30.7 ms with greedy
#: (the listing and the moves' solving, not the valuing, are most of a rollout).
#: Also not kept (no clear gain): a leaf `evaluate` adding the fights the side giving orders
#: owes (its units in contact since the start of its turn), as greedy values them
#: (`evaluation.combat_value`, weight 1), since a next-turn leaf stops just before they
#: strike. Same seeds, both seats, 1.0 s: seeds 0-29, 44 of 60 won, margin +9.35, against
#: 42 of 60, +7.22 without; paired +2.1 +- 2.0 points (seeds 0-9 +0.6 +- 2.3, 10-19 +3.3 +-
#: 3.2, 20-29 +2.6 +- 4.7): one standard error, the same sign in each block of seeds.
#: Rebuilt and measured again on new seeds (ranks' own `evaluate` hook: `margin` with
#: `reach_odds`, plus the owed fights' `combat_value` for the side giving orders, a melee that
#: two owing units share counted once): seeds 30-49 both seats, `python -m benchmarks.ai
#: --ruleset ranks --first-seed 30 --seeds 20 --budget 1.0 --progress --jobs 1` (in two runs
#: of 10 seeds), 30 of 40 won, margin +11.40 +- 2.14, against 29 of 40, +8.78 +- 2.04 without;
#: paired (`benchmarks.ai_compare`) +2.62 +- 2.83 (seeds 30-39 +5.00 +- 3.93, 40-49 +0.25 +-
#: 4.10). All 100 battles of seeds 0-49 paired: 74 against 71 won, +2.33 +- 1.65 points, 1.4
#: standard errors: not clear, so not kept. The gain, if real, is ~2 points of margin; a
#: next look would be the leaves it changes (`benchmarks/ai_overrides.py`), not more seeds.
#:
#: Where the search's gains lie in ranks (`python -m benchmarks.ai_potential --ruleset ranks
#: --seeds 1 --playouts 16 --decisions 10`: every second decision with a choice of seed 0,
#: both seats, 20 decisions, each candidate played out 16 times to the end): the search's picks
#: gained +24.2 points over greedy's choices, summed; the best candidate, chosen on half the
#: playouts and judged on the other half, +72.9. Most of the difference is in rounds 1-2,
#: before the armies meet: there the next-turn look-ahead reads every candidate the same
#: (a probe, not kept: greedy play of seed 0 to seat 0's second order of round 1, then 16
#: paired rollouts of each of its ten candidates by `game.ai.turns.rollout`: +0.0 +- 0.0 for
#: all ten at one turn, while to the battle's end one order gained +19.6 +- 2.4), and
#: a rollout to the end costs ~0.2-0.3 s there, so 1.0 s affords about four. Rollouts of three
#: turns (~0.08 s) agreed with the end's in one position of two probed. Compute is what the
#: search lacks here, not candidates: the same seeds 0-9 at 2.0 s won 15 of the 19 battles
#: both runs finished against 13 at 1.0 s (paired +5.21 +- 3.89; 16 of 20 in all).
#: Also not kept: the horizon to the end when the budget affords two candidates three
#: rollouts each instead of four (`search.END_CANDIDATES = 2`, patched for the run): the same
#: seeds at 1.0 s, 13 -> 15 of 19 won, paired +2.00 +- 3.26.
