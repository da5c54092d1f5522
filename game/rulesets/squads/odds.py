"""Exact odds for `squads`: the charge roll and a unit's attacks against another unit.

Every number here is a Fraction. The `odds` command, the client's odds panel and the greedy AI
read these; the tests check them against the spec's table and against Monte Carlo.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from game.core import probability as P
from game.core.i18n import msg
from game.rulesets.squads.engagement import CHARGE_RANGE, ENGAGEMENT_RANGE

CHARGE_DICE = 2


def charge_success(distance: float) -> Fraction:
    """P(2D6 >= distance): the chance that the charge roll reaches an enemy `distance` away.

    0 for distance <= 2 ("a 2 never succeeds": an eligible unit is never within 2" of an enemy,
    so no charge of 2" or less is ever made) and beyond 12" (not a target)."""
    if distance <= ENGAGEMENT_RANGE or distance > CHARGE_RANGE:  # see charge_odds_reason
        return Fraction(0)
    return _at_least(int(-(-distance // 1)))  # a charge must roll at least the whole distance


@lru_cache(maxsize=16)
def _at_least(need: int) -> Fraction:
    """P(2D6 >= need), worked out once per whole number (the AI asks it for every gap)."""
    return P.at_least(P.sum_of_dice(CHARGE_DICE), need)


def charge_odds_reason(distance: float) -> str | None:
    """Why the chance at this distance is 0 by rule rather than by the dice, or None."""
    if distance <= ENGAGEMENT_RANGE:
        return msg("a charge of 2\" or less never happens (\"a 2 never succeeds\"): no "
                   "eligible unit is within 2\" of an enemy, since an engaged unit cannot charge")
    if distance > CHARGE_RANGE:
        return msg("an enemy more than 12\" away cannot be a charge target")
    return None


def wound_target(strength: int, toughness: int) -> int:
    """The wound table (squads.md): the 2+ and 6+ rows are checked first."""
    if strength >= 2 * toughness:
        return 2
    if 2 * strength <= toughness:
        return 6
    if strength > toughness:
        return 3
    if strength == toughness:
        return 4
    return 5


def save_target(save: int, ap: int, invulnerable: int | None) -> int:
    """Sv - AP (AP-1 turns 3+ into 4+), or the invulnerable save if better (AP ignores it).
    A result of 7 or more means no save is possible."""
    armour = save - ap
    if invulnerable is not None:
        return min(armour, invulnerable)
    return armour


def p_hit(ws: int) -> Fraction:
    """Hit on >= WS; an unmodified 1 always fails and an unmodified 6 always hits."""
    return P.p_roll_at_least(ws, auto_fail_one=True, auto_pass_six=True)


def p_wound(strength: int, toughness: int) -> Fraction:
    return P.p_roll_at_least(wound_target(strength, toughness))


def p_fail_save(save: int, ap: int, invulnerable: int | None) -> Fraction:
    """An unmodified 1 always fails; a save of 7+ always fails."""
    return 1 - P.p_roll_at_least(save_target(save, ap, invulnerable), auto_fail_one=True)


def kills_after(failed_saves: int, damage: int, wounds_per_model: int, models: int,
                first_wounds_left: int | None = None) -> int:
    """Models slain by `failed_saves` unsaved wounds of `damage` each, allocated to the wounded
    model first; excess damage on a model is lost."""
    left = first_wounds_left if first_wounds_left is not None else wounds_per_model
    slain = 0
    for _ in range(failed_saves):
        if slain >= models:
            break
        left -= damage
        if left <= 0:
            slain += 1
            left = wounds_per_model
    return slain


@lru_cache(maxsize=4096)
def casualties_distribution(attacks: int, ws: int, strength: int, ap: int, damage: int,
                            toughness: int, save: int, invulnerable: int | None,
                            wounds_per_model: int, models: int,
                            first_wounds_left: int | None = None) -> tuple[tuple[int, Fraction], ...]:
    """Exact distribution of models slain by `attacks` attacks. Each attack independently hits,
    wounds and beats the save, so unsaved wounds are Binomial(attacks, product); the slain count
    follows from the allocation rule."""
    p_unsaved = p_hit(ws) * p_wound(strength, toughness) * p_fail_save(save, ap, invulnerable)
    out: dict[int, Fraction] = {}
    for k, pk in P.binomial(attacks, p_unsaved).items():
        slain = kills_after(k, damage, wounds_per_model, models, first_wounds_left)
        out[slain] = out.get(slain, Fraction(0)) + pk
    return tuple(sorted(out.items()))
