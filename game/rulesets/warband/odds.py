"""Exact odds of `warband` close combat, as Fractions: one model's strike on another, a
one-phase duel (the `odds melee` command), and the oracle figures of the spec.

A *strike* is everything one model's attacks do to one enemy in one close combat phase: the
to-hit rolls (per weapon), the enemy's parry, the wound rolls with at most one critical hit,
the armour saves, then the injury. The distribution is computed by following every die through
the same charts the battle uses (charts.py), state by state, so the battle and the odds cannot
disagree; the tests cross-check them against the battle code with Monte Carlo.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from game.core import probability as P
from game.core.i18n import msg
from game.rulesets.warband.charts import (
    CRITICALS,
    HELMET_SAVE,
    KNOCKED_DOWN,
    OUT_OF_ACTION,
    STUNNED,
    injury_dice,
    injury_result,
    save_needed,
    to_hit_needed,
    to_wound_needed,
)
from game.rulesets.warband.equipment import Loadout, loadout, weapon

ZERO = Fraction(0)
ONE = Fraction(1)
SIXTH = Fraction(1, 6)

UNHARMED = msg("unharmed")
LOST_WOUND = msg("lost a wound")
#: The final result of a strike on the defender: exactly one happens (they sum to 1).
FINALS = (UNHARMED, LOST_WOUND, KNOCKED_DOWN, STUNNED, OUT_OF_ACTION)
#: Things that may happen along the way (each is "at least one", not exclusive).
EVENTS = (msg("hit"), msg("parried"), msg("wounded"), msg("saved"), msg("critical"))
#: P(the attacker gets to strike at all), in `melee_odds`.
STRIKES = msg("strikes")

#: Outcome of a strike: (final, hit, parried, wounded, saved, critical).
Outcome = tuple[str, bool, bool, bool, bool, bool]


#: Fighter per profile object (profiles are shared, read-only, by every copy of a state).
_FIGHTERS: dict[int, tuple] = {}


@dataclass(frozen=True)
class Fighter:
    """What the odds need of one model: characteristics and loadout (hashable, for caches)."""

    ws: int
    strength: int
    toughness: int
    wounds: int
    initiative: int
    attacks: int
    kit: Loadout
    strikes_first: bool = False

    @classmethod
    def of(cls, profile, gear: tuple[str, ...] | None = None) -> Fighter:
        if gear is None:
            known = _FIGHTERS.get(id(profile))
            if known is not None and known[0] is profile:
                return known[1]
        kit = loadout(tuple(profile["gear"]) if gear is None else gear)
        fighter = cls(profile["WS"], profile["S"], profile["T"], profile["W"], profile["I"],
                      profile["A"], kit, "strikes_first" in tuple(profile.get("skills", ())))
        if gear is None:
            if len(_FIGHTERS) > 1024:
                _FIGHTERS.clear()
            _FIGHTERS[id(profile)] = (profile, fighter)  # the profile kept: its id stays its own
        return fighter

    def plan(self, single: str | None = None) -> tuple[tuple[str, int], ...]:
        return self.kit.attack_plan(self.attacks, single)


# --- single dice steps -----------------------------------------------------------------------
def injury_distribution(dice: int = 1, bonus: int = 0, concussion: bool = False,
                        helmet: bool = False) -> dict[str, Fraction]:
    """The kept (highest) of `dice` injury rolls, +bonus, through the injury chart; a club's
    concussion turns 2-4 into stunned; a helmet saves a stunned result on 4+ (knocked down)."""
    out = {KNOCKED_DOWN: ZERO, STUNNED: ZERO, OUT_OF_ACTION: ZERO}
    for face, p in P.highest_of_dice(dice).items():
        result = injury_result(face + bonus, concussion)
        if result == STUNNED and helmet:
            saved = P.p_roll_at_least(HELMET_SAVE)
            out[KNOCKED_DOWN] += p * saved
            out[STUNNED] += p * (1 - saved)
        else:
            out[result] += p
    return out


def p_hit_not_parried(attacker_ws: int, defender_ws: int, reroll: bool = False) -> Fraction:
    """One attack against a model that parries (sword or buckler, parry not yet used, the
    attack's S below twice its base S): P(it hits and is not parried). A parry must beat the
    hit roll; a 6 cannot be parried."""
    needed = to_hit_needed(attacker_ws, defender_ws)
    total = ZERO
    for face in range(needed, 7):
        total += SIXTH * (1 - p_parry(face, reroll))
    return total


def ratio(a: int, b: int, exact: bool = True):
    """a/b as a Fraction, or as a float for the AI's quick estimates (same arithmetic)."""
    return Fraction(a, b) if exact else a / b


def p_parry(highest_hit: int, reroll: bool, exact: bool = True):
    """P(the parry roll beats the highest successful hit roll), re-rolled once if allowed."""
    if highest_hit >= 6:
        return ratio(0, 1, exact)
    once = ratio(6 - highest_hit, 6, exact)
    return 1 - (1 - once) ** 2 if reroll else once


@lru_cache(maxsize=256)
def hits_and_highest(dice: int, needed: int, exact: bool = True):
    """Distribution of (number of hits, highest hit roll; 0 if none) for `dice` to-hit dice."""
    dist: dict[tuple[int, int], Fraction] = {(0, 0): ratio(1, 1, exact)}
    miss_p, face_p = ratio(needed - 1, 6, exact), ratio(1, 6, exact)
    for _ in range(dice):
        step: dict[tuple[int, int], Fraction] = {}
        for (hits, top), p in dist.items():
            miss = (hits, top)
            step[miss] = step.get(miss, 0) + p * miss_p
            for face in range(needed, 7):
                key = (hits + 1, max(top, face))
                step[key] = step.get(key, 0) + p * face_p
        dist = step
    return tuple(sorted(dist.items()))


# --- a whole strike --------------------------------------------------------------------------
#: DP state: parry left, crit left, unsaved wounds, master strike, concussion, out (a
#: knocked-down target's unsaved wound), hit, parried, wounded, saved, critical.
_State = tuple[bool, bool, int, bool, bool, bool, bool, bool, bool, bool, bool]


def _add(dist: dict, key, p: Fraction) -> None:
    if p:
        dist[key] = dist.get(key, ZERO) + p


@lru_cache(maxsize=8192)
def strike_distribution(attacker: Fighter, plan: tuple[tuple[str, int], ...], defender: Fighter,
                        condition: str = "standing", wounds_left: int | None = None,
                        parry_available: bool = True, crit_available: bool = True,
                        exact: bool = True, several: bool = False
                        ) -> tuple[tuple[Outcome, Fraction], ...]:
    """Exact distribution of one model's strike (its attacks, per weapon as `plan` says) on one
    enemy in `condition` ('standing', 'knocked down' or 'stunned') with `wounds_left`.

    Follows the battle's rules: a stunned target is taken out of action by being attacked (no
    dice); a knocked-down one is hit automatically, cannot parry, and any unsaved wound takes
    it out of action; a standing one is rolled for on the WS chart, may parry once (a roll
    beating the highest hit, never a 6, never an attack of S >= twice its base S; sword and
    buckler re-roll) -- one hit parried per phase: after a failed parry a later weapon's hits
    may still be parried, unless the defender fights `several` opponents, when only the first
    successful hit may be -- and its injuries come after all the strike's wounds (the same
    model cannot knock down and then finish it).

    `exact=False` runs the same steps in floats: the greedy AI's estimates, many times faster.
    """
    one = ratio(1, 1, exact)
    if condition == "stunned":
        return (((OUT_OF_ACTION, False, False, False, False, False), one),)
    if wounds_left is None:
        wounds_left = defender.wounds
    knocked_down = condition == "knocked down"
    state: dict[_State, Fraction] = {
        (parry_available and defender.kit.parry and not knocked_down, crit_available, 0, False,
         False, False, False, False, False, False, False): one}
    for weapon_id, count in plan:
        if count <= 0:
            continue
        state = _weapon_batch(state, attacker, weapon_id, count, defender, knocked_down, exact,
                              several)
    out: dict[Outcome, Fraction] = {}
    for (_, _, unsaved, master, concussion, out_now, hit, parried, wounded, saved, critical), p \
            in state.items():
        flags = (hit, parried, wounded, saved, critical)
        if out_now:
            _add(out, (OUT_OF_ACTION, *flags), p)
        elif unsaved == 0:
            _add(out, (UNHARMED, *flags), p)
        elif unsaved < wounds_left:
            _add(out, (LOST_WOUND, *flags), p)
        else:
            injuries = injury_distribution(injury_dice(unsaved, wounds_left), 2 if master else 0,
                                           concussion, defender.kit.helmet)
            for result, q in injuries.items():
                q = q if exact else float(q)
                _add(out, (result, *flags), p * q)
    return tuple(sorted(out.items()))


def _weapon_batch(state, attacker: Fighter, weapon_id: str, count: int, defender: Fighter,
                  knocked_down: bool, exact: bool, several: bool = False):
    item = weapon(weapon_id)
    strength = attacker.strength + item.strength_bonus
    wound_on = to_wound_needed(strength, defender.toughness)
    save_on = save_needed(defender.kit, item, strength)
    can_parry = strength < 2 * defender.strength
    reroll = defender.kit.parry_reroll
    if knocked_down:
        hit_dist = (((count, 0), ratio(1, 1, exact)),)
    else:
        hit_dist = hits_and_highest(count, to_hit_needed(attacker.ws, defender.ws), exact)
    chances = _Chances(wound_on, save_on, item.concussion, knocked_down, exact)
    after: dict = {}
    for key, p in state.items():
        parry_left = key[0]
        for (hits, top), q in hit_dist:
            # against several opponents, the first successful hit closes the parry
            left = parry_left and not (hits and several)
            base = (left, *key[1:6], key[6] or hits > 0, *key[7:])
            if hits and parry_left and can_parry and top < 6:
                success = p_parry(top, reroll, exact)
                _batch_wounds(after, (False, *base[1:7], True, *base[8:]), hits - 1,
                              p * q * success, chances)
                _batch_wounds(after, base, hits, p * q * (1 - success), chances)
            else:
                _batch_wounds(after, base, hits, p * q, chances)
    return after


class _Chances:
    """One weapon's per-die chances against one defender, as Fractions or floats."""

    def __init__(self, wound_on, save_on, concussion: bool, knocked_down: bool, exact: bool):
        self.wound_on = wound_on
        self.concussion = concussion
        self.knocked_down = knocked_down
        self.save = ratio(7 - save_on, 6, exact) if save_on is not None else ratio(0, 1, exact)
        self.wound = ratio(7 - wound_on, 6, exact) if wound_on is not None else None
        self.sixth = ratio(1, 6, exact)
        self.zero = ratio(0, 1, exact)


def _batch_wounds(after: dict, key, hits: int, p, chances: _Chances) -> None:
    """Each remaining hit: wound roll (a first qualifying 6 is a critical), then its save."""
    if not p:
        return
    dist = {key: p}
    for _ in range(hits if chances.wound_on is not None else 0):
        step: dict = {}
        for k, q in dist.items():
            _one_wound(step, k, q, chances)
        dist = step
    for k, q in dist.items():
        _add(after, k, q)


def _one_wound(step: dict, key, p, chances: _Chances) -> None:
    parry_left, crit_left, unsaved, master, conc, out, hit, parried, wounded, saved, critical = key
    wound_on, concussion, knocked_down = (chances.wound_on, chances.concussion,
                                          chances.knocked_down)
    p_save = chances.save
    crit_possible = crit_left and wound_on < 6
    p_wound = chances.wound
    p_plain = p_wound - (chances.sixth if crit_possible else chances.zero)
    _add(step, key, p * (1 - p_wound))

    def wounds(count: int, bonus: bool, crit_now: bool, crit_left_after: bool, q: Fraction,
               was_saved: bool = False) -> None:
        if count == 0:
            new = (parry_left, crit_left_after, unsaved, master, conc, out, hit, parried, True,
                   saved or was_saved, critical or crit_now)
        elif knocked_down:
            new = (parry_left, crit_left_after, unsaved + count, master, conc, True, hit,
                   parried, True, saved, critical or crit_now)
        else:
            new = (parry_left, crit_left_after, unsaved + count, master or bonus,
                   conc or concussion, out, hit, parried, True, saved, critical or crit_now)
        _add(step, new, q)

    # a plain wound: one save
    wounds(0, False, False, crit_left, p * p_plain * p_save, was_saved=True)
    wounds(1, False, False, crit_left, p * p_plain * (1 - p_save))
    if crit_possible:
        for face in range(1, 7):
            _, count, save_allowed, bonus = CRITICALS[face]
            q = p * chances.sixth * chances.sixth
            if save_allowed:
                wounds(0, False, True, False, q * p_save, was_saved=True)
                wounds(count, False, True, False, q * (1 - p_save))
            else:
                wounds(count, bonus > 0, True, False, q)


# --- reading a distribution ------------------------------------------------------------------
def summarize(dist) -> dict[str, Fraction]:
    """Event probabilities (at least one hit / parry / wound / save / critical) then the final
    results (which sum to 1)."""
    events = dict.fromkeys(EVENTS, 0 * dist[0][1])
    finals = dict.fromkeys(FINALS, 0 * dist[0][1])
    for (final, *flags), p in dist:
        finals[final] += p
        for name, happened in zip(EVENTS, flags, strict=True):
            if happened:
                events[name] += p
    return {**events, **finals}


def finals_of(dist) -> dict[str, Fraction]:
    out = dict.fromkeys(FINALS, ZERO)
    for (final, *_), p in dist:
        out[final] += p
    return out


# --- a one-phase duel ------------------------------------------------------------------------
def strike_tier(fighter: Fighter, charging: bool, charged: bool, stood_up: bool = False) -> int:
    """Strike order steps (the seed): 1 strikes first (charged this turn, a spear against a
    charger, a skill), 2 everyone else, 3 strikes last (double-handed weapon, even when
    charging), 4 stood up in the recovery phase (last of all, whatever its weapons)."""
    if stood_up:
        return 4
    if fighter.kit.strikes_last:
        return 3
    if charging or fighter.strikes_first or (charged and fighter.kit.spear):
        return 1
    return 2


def p_strikes_first(attacker: Fighter, defender: Fighter, charging: bool) -> Fraction:
    """P(the attacker strikes before the defender): by step, then Initiative, then a D6 roll-off
    (re-rolled ties: even odds)."""
    mine = strike_tier(attacker, charging, False)
    theirs = strike_tier(defender, False, charging)
    if mine != theirs:
        return ONE if mine < theirs else ZERO
    if attacker.initiative != defender.initiative:
        return ONE if attacker.initiative > defender.initiative else ZERO
    return Fraction(1, 2)


@lru_cache(maxsize=2048)
def duel(attacker: Fighter, defender: Fighter, charging: bool, exact: bool = True):
    """One close combat phase between two standing models at full wounds: (P(the attacker gets
    to strike), its strike's distribution, the defender's strike's distribution on the
    attacker when the defender is not struck down first)."""
    first = p_strikes_first(attacker, defender, charging)
    first = first if exact else float(first)
    mine = strike_distribution(attacker, attacker.plan(), defender, exact=exact)
    theirs = strike_distribution(defender, defender.plan(), attacker, exact=exact)
    downed_first = sum((p for (final, *_), p in theirs
                        if final in (KNOCKED_DOWN, STUNNED, OUT_OF_ACTION)), 0 * first)
    strikes = first + (1 - first) * (1 - downed_first)
    return strikes, mine, theirs


def melee_odds(attacker: Fighter, defender: Fighter, charging: bool) -> dict[str, Fraction]:
    """What the attacker's attacks do to the defender over one close combat phase, both
    standing at full wounds, one against one.

    - `strikes`: P(the attacker gets to strike at all: it is not knocked down, stunned or taken
      out of action first by a defender who strikes before it).
    - `hit`, `parried`, `wounded`, `saved`, `critical`: P(at least one hit / a hit parried / at
      least one successful wound roll / at least one armour save made / a critical hit).
    - `unharmed`, `lost a wound`, `knocked down`, `stunned`, `out of action`: the defender's
      state after the phase as far as the attacker's attacks go (exactly one of them happens:
      they sum to 1; `unharmed` includes the attacker never striking)."""
    strikes, mine, _ = duel(attacker, defender, charging)
    table = summarize(mine)
    out = {STRIKES: strikes}
    for key, p in table.items():
        out[key] = p * strikes
    out[UNHARMED] += 1 - strikes
    return out


#: Expected worth of each final result to the attacker, in victory points (a model out of
#: action is 1 point and a unit wiped out 3: every model is a unit of one). A stunned model is
#: nearly always finished by the next attack; a knocked-down one often.
RESULT_VALUE = {UNHARMED: 0.0, LOST_WOUND: 0.6, KNOCKED_DOWN: 1.6, STUNNED: 2.8,
                OUT_OF_ACTION: 4.0}


def expected_value(dist) -> float:
    return sum(RESULT_VALUE[final] * float(p) for (final, *_), p in dist)
