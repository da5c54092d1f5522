"""The searcher's hooks for cards: no hidden order read, the leaf evaluation, and the choices
left to greedy.

`determinize`: the undrawn deck (`pending["deck"]`, kept in draw order) is the only hidden
information; the searcher's copy has it re-dealt from the searcher's generator, so that no
look-ahead knows the next card. The cards in play and those drawn stay as they are.
`evaluate`: a cards charge rolls no dice, a figure reaches what lies within its M, so the
threat term counts an enemy within M with certainty, if the unit has a charge left: none
while Shaken, none in the last round once its card is drawn (`can_charge_again`). Melee is
sampled by the searcher's dice.
`GREEDY_DECIDES`: casualty choices are played by greedy's rule without a search.
`TURN_HORIZONS`: none, so the turn look-ahead's horizon is the next turn only.
`LAST_ROUND_TURN_ROUNDS`: more rollouts than the shared default in the last round, for the melee's
spread (the ruleset's `last_round_turn_rounds`, read by `game.ai.turns`).
"""

from __future__ import annotations

from game.rulesets.cards.activation import only_rallies, waiting_units
from game.rulesets.cards.deck import battle_rounds, card_to_come

#: Decisions left to greedy's values (`game.ai.search`, `greedy_decides`): which figure in
#: contact to remove as a casualty. Greedy keeps the officer (its talents, its +1 to reaction
#: tests); the tree over decisions, given a second for each of these (a unit losing 5
#: figures asks 5 times), told the figures apart by 2 sampled worlds' noise (values of -4.6
#: and +0.4 for figures alike) and the decisions pushed the median over half the budget.
GREEDY_DECIDES = ("remove",)


#: The turn look-ahead never plays to the battle's end (`game.ai.search`, `horizon`): a greedy
#: rollout from the first activation to the end costs more than the whole budget (seeds 0-2,
#: both seats: 0.7 rollouts in the ~1.0 s such a decision spent), so each battle's first
#: decision, which tried it while its cost was unmeasured (and again every 40 decisions),
#: compared nothing and left the choice to the tree with what was left: 6 of 82 decisions,
#: median 1.014 s, against 0.407 s for those the next-turn look-ahead decided. Measured
#: against the commit before (`python -m benchmarks.ai --ruleset cards --budget 1.0 --jobs 1`,
#: seeds 0-4, 5-9, 10-14, both seats): decision median 0.517, 0.561, 0.428 s -> 0.327, 0.419,
#: 0.341 s (p95 ~1.01-1.03 s both); won 17 -> 14 of 30, paired margin change -1.1 +- 1.7 a
#: battle: no gain, no clear loss. The search's play is not repeatable under a CPU budget:
#: the commit before, rerun on seeds 10-14, won 7 of 10 again but 3 battles moved by 8-25
#: points (margin +0.00 -> -0.30 +- 2.81) and its median went 0.428 -> 0.353 s.
TURN_HORIZONS = ()

#: Rounds of rollouts of the turn look-ahead in the last round (the ruleset's
#: `last_round_turn_rounds`): 18 without a budget, at most 24 under one (the shared 6 and 12). A cards melee spreads one rollout's
#: margin by 3.5-7 points, so 6 or 12 rollouts leave a standard error of 1.5-2.5 on a gain
#: of 3-4 points. In the last round, 5 Regulars charging the end of 6 Grenadiers (greedy's
#: choice, 3.9 points a line worse than moving away over 200 lines: the test
#: tests/ai/positions/test_cards_positions.py::test_cards_search_keeps_off_the_grenadiers_end),
#: the look-ahead at a 1.0 s budget stopped at its 12 rounds after 0.1-0.25 s and kept the
#: charge in 2 of 12 tries (seeds 0-5, both deals), in 0 of 12 with 24 (0.15-0.42 s);
#: without a budget, in 1 of 8 with 6 rounds (seeds 0-3), in 0 of 8 with 18. Not before the
#: last round: in test_charge_reach.py's round-5 position (a gain of +2.3 +- 0.2 over 200
#: lines, seen at the next turn as +1.5 +- 1.2) seed 0 found its strong move with 6 rounds
#: and not with 18, and under a 1.0 s budget 24 rounds found it in 4 of 8 tries (seeds 0-3,
#: both deals), 12 in 5 of 8: no help there.
LAST_ROUND_TURN_ROUNDS = (18, 24)


# Tried and dropped (measured with `python -m benchmarks.ai --ruleset cards --budget 1.0
# --jobs 1`, both seats, against this file's settings above on the same seeds):
# - greedy's choice instead of the tree on the searcher's own turn before the last round when
#   the turn look-ahead is too dear (a `tree_on_own_turn` setting): the tree's 6 overrides
#   had played out -1.14 points each (`benchmarks.ai_overrides --seeds 4 --playouts 8`,
#   pooled SE ~1.0); seeds 0-9: 9 of 20 won against 10, margin -1.25 against -0.85 (SE ~3-4
#   each half), median 0.006-0.249 s against 0.327-0.419 s: it played greedy's moves, no
#   better.
# - a threat term that counts a charge only when it would win the melee round
#   (`evaluation.matchup` > 0, not Shaken, not in a melee now): it broke the three "don't
#   charge off the objective" positions (tests/ai/positions/test_more_positions.py); in the
#   first, the tree (near the end there) valued the charge, then declining the melee, as
#   much as staying: 4.0 and 4.0 at depth 3, against 2.0 and 3.0 with the common term. Greedy's
#   own peril term (`evaluation.threat`, summed per side) in its place broke the first too
#   (the others not run); no threat term at all (weights 0, 0) broke all three. Those
#   positions then stood in round 5 of 6, where the charge is in fact the better play; they
#   now stand in the true last round (2dcf4e5), and these terms were not tried there.
# - the turn look-ahead to the battle's end in the last round only (a `search_to_the_end`
#   function of the position, read by `SearchAgent.horizon`): the overrides made in cards
#   had not paid (`python -m benchmarks.ai_overrides --ruleset cards --seeds 2 --budget 1.0
#   --playouts 30 --overrides 12`: 7 overrides, -0.94 +- 0.64 points each played out; a
#   last-round tree override valued +3.00 played out -2.63 +- 1.34). Seeds 0-9, both seats,
#   against the commit with `can_charge_again`: won 12 -> 10 of 20, paired margin change
#   -1.05 +- 1.29 (`benchmarks.ai_compare`), median 0.395 -> 0.427 s: no gain.
# - 4 sampled worlds in the tree instead of 2 (a `search_samples` setting read in
#   `SearchAgent.choose`): two worlds that agree give the tree a standard error of 0 on a
#   melee that spreads a line by 3.5-7 points. Seeds 0-9, both seats, against the commit with
#   `can_charge_again`: won 12 -> 7 of 20, paired margin change -1.95 +- 2.19, median
#   0.395 -> 0.416 s, tree overrides 22 -> 16, turn overrides 7 -> 12: worse, if anything.


def determinize(s, rng) -> None:
    deck = s.pending.get("deck")
    if isinstance(deck, list) and len(deck) > 1:
        rng.shuffle(deck)


#: `can_charge_again` in the threat term: a fix of what the leaf counts (a charge no card is
#: left to bring, or that a Shaken unit cannot make), with no measurable effect on play:
#: `python -m benchmarks.ai --ruleset cards --seeds 10 --budget 1.0 --jobs 1`, both seats,
#: won 11 -> 12 of 20, paired margin change -0.30 +- 1.69 (`benchmarks.ai_compare`), decision
#: median 0.563 -> 0.395 s, p95 1.021 -> 1.019 s (the median moves that much between reruns);
#: seeds 10-14 (`--first-seed 10 --seeds 5`, the term patched back in-process for the
#: before): won 4 -> 5 of 10, paired +1.60 +- 3.32, median 0.341 -> 0.319 s. Over the 30
#: battles: 15 -> 17 won, paired +0.33 +- 1.58 a battle.
def reach_odds(s, unit_id, gap):
    """The chance that this unit's charge reaches an enemy `gap` inches away (the searcher's
    threat term, `game.ai.evaluate`): 1 within its M, if it can still charge at all
    (`can_charge_again`)."""
    if not can_charge_again(s, unit_id):
        return 0
    return 1 if gap <= float(s.units[unit_id].profile["M"]) else 0


def can_charge_again(s, unit_id) -> bool:
    """Whether the unit has a charge left before the battle ends, from what both players see:
    not Shaken (its next activation only rallies), and, in the last round, its card still in
    the deck or the unit still waiting on the card in play (a card drawn is gone until the
    next round's shuffle, and the last round has no next). Which cards are left is public;
    only their order is hidden (`determinize`)."""
    if only_rallies(s.units[unit_id]):
        return False
    return (s.round < battle_rounds(s.scenario) or card_to_come(s, unit_id)
            or unit_id in waiting_units(s))
