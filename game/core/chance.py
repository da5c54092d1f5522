"""Chance steps as grouped outcomes with exact probabilities, for a searcher's chance nodes.

Why: a searcher that only samples the dice needs many look-aheads to tell two candidates apart
(a charge's 2D6 alone swings a rollout by points). With the outcomes of an action grouped by
what they change (the targets a charge roll reaches, the models a fight slays), each with its
exact probability, an expectimax weighs every consequence once instead of sampling it.

An `Outcome` carries a representative `script`: dice faces that, fed to the real `apply`,
produce exactly that outcome. So `apply_outcome` is the ruleset's own `apply` with scripted
dice (no second implementation of a rule); dice the script does not cover (a later step's)
come from the caller's seed.

Where the outcomes come from: a ruleset's `chance_outcomes(state, action, geo)` hook (in its
`search_hooks.py`), built on `core/probability.py` and the ruleset's own odds functions; or,
for a few dice, `enumerate_dice` here, which walks every face of every die the real `apply`
rolls (exact by construction). `None` means "no exact model: sample the dice".
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.core.dice import Dice, ScriptExhausted
from game.core.i18n import msg
from game.core.probability import ONE, sum_of_dice


@dataclass(frozen=True)
class Outcome:
    """One group of dice results: what it means, its exact probability, and dice faces that
    make the real rules produce it."""

    label: str
    probability: Fraction
    script: tuple[int, ...]


def total(outcomes: Sequence[Outcome]) -> Fraction:
    return sum((o.probability for o in outcomes), Fraction(0))


def group(pairs, label: Callable[[Hashable], str]) -> list[Outcome]:
    """Outcomes from (key, probability, script) triples: equal keys merge (their
    probabilities add, the first script stands for the group). Most likely first."""
    merged: dict[Hashable, list] = {}
    for key, p, script in pairs:
        if p == 0:
            continue
        if key in merged:
            merged[key][0] += p
        else:
            merged[key] = [p, tuple(script)]
    out = [Outcome(label(k), p, s) for k, (p, s) in merged.items()]
    out.sort(key=lambda o: -o.probability)
    return out


def two_dice_faces(total_: int, sides: int = 6) -> tuple[int, int]:
    """Two faces that sum to `total_` (a representative roll for a 2D6 total)."""
    first = min(sides, total_ - 1)
    return first, total_ - first


def sum_outcomes(count: int, key: Callable[[int], Hashable], label: Callable[[Hashable], str],
                 sides: int = 6) -> list[Outcome]:
    """A roll whose total decides (a 2D6 charge): totals grouped by `key(total)`."""
    if count != 2:
        raise ValueError("sum_outcomes scripts two dice")
    return group(((key(t), p, two_dice_faces(t, sides)) for t, p in
                  sum_of_dice(count, sides).items()), label)


def highest_outcomes(key: Callable[[int], Hashable], label: Callable[[Hashable], str],
                     sides: int = 6) -> list[Outcome]:
    """2 dice, the highest kept: P(highest = h) = (2h - 1) / 36, scripted as (h, 1)."""
    return group(((key(h), Fraction(2 * h - 1, sides * sides), (h, 1))
                  for h in range(1, sides + 1)), label)


def binomial_script(n: int, k: int, success: int, failure: int) -> tuple[int, ...]:
    """`n` dice of which the first `k` show `success` and the rest `failure`."""
    return (success,) * k + (failure,) * (n - k)


class _Probe(Dice):
    """Dice that play a script strictly and count the faces a step asks for."""

    def __init__(self, script):
        super().__init__(0, list(script), strict=True)


def enumerate_dice(apply: Callable[[Dice], None], key: Callable[[], Hashable],
                   label: Callable[[Hashable], str], limit: int = 36) -> list[Outcome] | None:
    """Every dice result of a step, walked die by die through the real `apply(dice)` (which
    must act on a fresh copy each call and leave it for `key()` to read); grouped by `key`.
    Exact by construction; None when the step needs more than `limit` leaves (a big fight)."""
    leaves: list[tuple[Hashable, Fraction, tuple[int, ...]]] = []
    todo: list[tuple[int, ...]] = [()]
    while todo:
        prefix = todo.pop()
        try:
            apply(_Probe(prefix))
        except ScriptExhausted:
            if len(leaves) + len(todo) + 6 > limit:
                return None
            todo.extend(prefix + (face,) for face in range(6, 0, -1))
            continue
        leaves.append((key(), Fraction(1, 6 ** len(prefix)), prefix))
    return group(leaves, label)


#: The outcome of a step that rolls no die, and of one whose dice are sampled, not counted.
NO_DICE = msg("no dice")
SAMPLED_DICE = msg("sampled dice")


def certain(label: str = NO_DICE) -> list[Outcome]:
    return [Outcome(label, ONE, ())]


def outcomes(ruleset, state, action, geo) -> list[Outcome] | None:
    """The action's grouped outcomes from the ruleset's hook, or None (sample the dice)."""
    hook = getattr(ruleset, "chance_outcomes", None)
    return None if hook is None else hook(state, action, geo)


def apply_outcome(ruleset, state, action, outcome: Outcome, geo, seed: int = 0) -> Dice:
    """Apply `action` to `state` so that its dice give `outcome` (the script first, then the
    seeded generator for anything later). Returns the dice, for the steps that follow."""
    dice = Dice(seed, list(outcome.script))
    ruleset.apply(state, action, geo, dice)
    dice._script.clear()  # a step that rolled fewer dice than the script leaves none behind
    return dice


def products(*groups: Sequence[Outcome]) -> list[Outcome]:
    """Independent chance steps rolled one after the other, as one list of outcomes."""
    out = []
    for combo in itertools.product(*groups):
        p = ONE
        for o in combo:
            p *= o.probability
        label = combo[0].label if combo else ""
        for o in combo[1:]:
            label = msg("{first} then {then}", first=label, then=o.label)
        out.append(Outcome(label, p,
                           tuple(f for o in combo for f in o.script)))
    return out
