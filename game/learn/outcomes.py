"""Odds from both sides before committing: for a charge or an attack, the whole distribution of
what it does (not only its mean) and what the defender can expect to do back, as Fractions.

Why here and from the rulesets' own odds: the chart the player reads must be the rules' own
arithmetic (`<ruleset>/odds.py`, each ruleset's `action_odds`); this module only picks, for the
action and the state, which of those to ask and with which numbers, and labels the answer.
What a distribution assumes (all models fight, one round) is said in `note`. Pure.

`outcomes(ruleset_id, state, geo, action) -> Outcome | None` (None: not a charge or attack).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from game import rulesets
from game.core import probability as P
from game.core.actions import Action
from game.core.i18n import join, msg, nmsg

Table = dict[str, Fraction]

#: The outcome names the tables share (Msgs: each equals its English word as a key).
REACHES, FAILS, YES, NO = msg("reaches"), msg("fails"), msg("yes"), msg("no")


@dataclass(frozen=True)
class Outcome:
    """`attacker` and `defender`: titled distributions (each sums to 1), outcome -> chance;
    `chances`: titled chances of single events along the way (they need not sum to 1)."""

    action: str
    attacker: dict[str, Table] = field(default_factory=dict)
    defender: dict[str, Table] = field(default_factory=dict)
    note: str = ""
    chances: dict[str, Table] = field(default_factory=dict)

    def to_json(self) -> dict:
        def text(tables):
            return {title: {k: f"{p.numerator}/{p.denominator}" for k, p in t.items()}
                    for title, t in tables.items()}
        return {"action": self.action, "attacker": text(self.attacker),
                "defender": text(self.defender), "note": self.note}


def _slain(dist) -> Table:
    return {msg("{n} slain", n=k): p for k, p in dist}


def _wounds(dist) -> Table:
    return {nmsg("{n} unsaved wound", "{n} unsaved wounds", k): p for k, p in dist}


def _complete(table: Table, rest: str) -> Table:
    """A table of some outcomes, with the remaining chance named `rest`."""
    left = 1 - sum(table.values(), Fraction(0))
    return {**table, rest: left} if left else dict(table)


# --- squads --------------------------------------------------------------------------------------
def _squads_fight(s, attacker_id: str, target_id: str, attackers: int) -> Table:
    from game.rulesets.squads.odds import casualties_distribution

    a, t = s.units[attacker_id].profile, s.units[target_id].profile
    alive = s.alive_models(target_id)
    return _slain(casualties_distribution(attackers * a["A"], a["WS"], a["S"], a["AP"], a["D"],
                                          t["T"], t["Sv"], t.get("InvSv"), t["W"], len(alive),
                                          min(m.wounds for m in alive)))


def _squads(ruleset, s, geo, a: Action) -> Outcome | None:
    from game.rulesets.squads import charge, fight

    name = s.units[a.unit].name if a.unit in s.units else ""
    if a.kind == "charge":
        reach = ruleset.action_odds(s, a, geo)
        if not reach:
            return None
        attacker, defender = {}, {}
        for enemy in charge.enemies_within(s, geo, a.unit, charge.CHARGE_RANGE):
            ename = s.units[enemy].name
            p = reach[ename]["charge reaches"]
            attacker[msg("the charge on {target}", target=ename)] = _complete(
                {REACHES: p}, FAILS)
            attacker[msg("{unit:poss} fight against {target}, if it reaches", unit=name,
                         target=ename)] = _squads_fight(
                s, a.unit, enemy, len(s.alive_models(a.unit)))
            defender[msg("{unit} strikes back", unit=ename)] = _squads_fight(
                s, enemy, a.unit, len(s.alive_models(enemy)))
        return Outcome(a.label or a.to_text(), attacker, defender,
                       msg("a fight assumes every model of the unit attacks"))
    if a.kind == "attack" and a.targets:
        target = a.targets[0]
        ename = s.units[target].name
        mine = len(fight.attacking_models(s, geo, a.unit, target))
        theirs = len(fight.attacking_models(s, geo, target, a.unit))
        return Outcome(a.label or a.to_text(),
                       {msg("{unit} attacks {target}", unit=name, target=ename):
                        _squads_fight(s, a.unit, target, mine)},
                       {msg("{unit} strikes back (if it fights at this strength)", unit=ename):
                        _squads_fight(s, target, a.unit, theirs)},
                       msg("{mine} of {unit} and {theirs} of {target} are in range",
                           mine=nmsg("{n} model", "{n} models", mine), unit=name,
                           theirs=theirs, target=ename))
    return None


# --- warband -------------------------------------------------------------------------------------
def _warband(ruleset, s, geo, a: Action) -> Outcome | None:
    from game.rulesets.warband.movement import model_of
    from game.rulesets.warband.odds import FINALS, Fighter

    if a.kind not in ("charge", "strike") or not a.targets:
        return None
    tables = ruleset.action_odds(s, a, geo)
    if not tables:
        return None
    me = model_of(s, a.unit)
    attacker, defender, chances = {}, {}, {}

    def split(title, table, into):
        into[title] = {k: table[k] for k in FINALS if k in table}
        chances[title] = {k: p for k, p in table.items() if k not in FINALS}

    for name, table in tables.items():
        split(msg("{model}, struck by {striker}", model=name, striker=me.name), table, attacker)
    charging = a.kind == "charge" or bool(s.units[a.unit].flags.get("charged"))
    for target_unit in a.targets:
        target = model_of(s, target_unit)
        split(msg("{model}, struck back by {striker}", model=me.name, striker=target.name),
              _warband_back(Fighter.of(me.profile), Fighter.of(target.profile), charging),
              defender)
    return Outcome(a.label or a.to_text(), attacker, defender,
                   msg("one close combat phase, model against model: what becomes of the "
                       "model struck"), chances)


def _warband_back(me, target, charging: bool) -> Table:
    """The target's strike on `me` in the same phase: it strikes unless `me` struck first and
    downed it (the order from the strike order, `me` charging or not)."""
    from game.rulesets.warband.odds import (
        KNOCKED_DOWN,
        OUT_OF_ACTION,
        STUNNED,
        UNHARMED,
        duel,
        p_strikes_first,
        summarize,
    )

    _, mine, theirs = duel(me, target, charging)
    first = p_strikes_first(me, target, charging)
    downed = sum((p for (final, *_), p in mine if final in (KNOCKED_DOWN, STUNNED,
                                                             OUT_OF_ACTION)), Fraction(0))
    strikes = (1 - first) + first * (1 - downed)
    out = {msg("strikes"): strikes}
    for key, p in summarize(theirs).items():
        out[key] = p * strikes
    out[UNHARMED] += 1 - strikes
    return out


# --- legions -------------------------------------------------------------------------------------
def _legions_fight(s, attacker_id: str, target_id: str) -> Table:
    """Unsaved wounds of one round of the unit's attacks, each model with its first weapon."""
    from game.rulesets.legions.evaluation import _target_stats
    from game.rulesets.legions.fight import attacks_of, standing, weapon_options
    from game.rulesets.legions.odds import hit_target, p_at_least, p_unsaved, wound_target
    from game.rulesets.legions.profile import weapon
    from game.rulesets.legions.wounds import save_needed

    ws, toughness, sample = _target_stats(s, target_id)
    dist = {0: Fraction(1)}
    if sample is None:
        return _wounds(dist.items())
    for m in standing(s, attacker_id):
        wid, pname = weapon_options(m)[0]
        profile = weapon(wid).profile(pname)
        p = (p_at_least(hit_target(int(m.profile["WS"]), ws))
             * p_at_least(wound_target(profile.strength_for(int(m.profile["S"])), toughness))
             * p_unsaved(save_needed(sample, profile.ap)))
        dist = P.convolve(dist, P.binomial(attacks_of(s, m), p))
    return _wounds(sorted(dist.items()))


def _legions(ruleset, s, geo, a: Action) -> Outcome | None:
    if a.kind not in ("declare_charge", "charge_roll") or not a.targets:
        return None
    odds = ruleset.action_odds(s, a, geo)
    if not odds:
        return None
    target = a.targets[0]
    name, ename = s.units[a.unit].name, s.units[target].name
    chance = odds[ename]
    attacker = {msg("the charge on {target}", target=ename): {
                    REACHES: chance["the charge reaches"], FAILS: chance["it fails"]},
                msg("{unit:poss} first fight round, if it reaches", unit=name):
                    _legions_fight(s, a.unit, target)}
    defender = {msg("{unit} strikes back", unit=ename): _legions_fight(s, target, a.unit)}
    return Outcome(a.label or a.to_text(), attacker, defender,
                   msg("a fight round: every standing model, with its first weapon, against "
                       "the target's typical model"))


# --- ranks ---------------------------------------------------------------------------------------
def _ranks(ruleset, s, geo, a: Action) -> Outcome | None:
    if a.kind not in ("charge", "fight"):
        return None
    tables = ruleset.action_odds(s, a, geo)
    if not tables:
        return None
    name = s.units[a.unit].name
    no_hits = nmsg("{n} hit", "{n} hits", 0)
    attacker = {k: _complete({h: p for h, p in t.items() if h != "a fumble or more"}, no_hits)
                for k, t in tables.items() if name in k}
    defender = {k: _complete({h: p for h, p in t.items() if h != "a fumble or more"}, no_hits)
                for k, t in tables.items() if name not in k}
    fumbles = {msg("{title}: a fumble or more", title=k): _complete(
        {YES: t["a fumble or more"]}, NO) for k, t in tables.items()}
    for key, table in fumbles.items():
        (attacker if name in key else defender)[key] = table
    return Outcome(a.label or a.to_text(), attacker, defender,
                   msg("the combat's dice before talents: hits rolled, and the chance of a "
                       "fumble"))


# --- cards ---------------------------------------------------------------------------------------
def _cards(ruleset, s, geo, a: Action) -> Outcome | None:
    from game.core.dice import Dice

    if a.kind == "move" and a.option == "charge":
        after = s.copy()
        ruleset.apply(after, a, geo, Dice(0, strict=True))  # a move rolls no die
        if after.phase != "melee":
            return None
        state = after
    elif a.kind == "fight" and s.phase == "melee":
        state = s
    else:
        return None
    odds = ruleset.melee_round_odds(state, geo)
    side = s.active
    names = {sd: join((state.units[u].name for u in odds["units"]
                       if state.units[u].side == sd), " + ") for sd in odds["sides"]}

    def losses(sd):
        return {msg("{n} lost", n=k): p for k, p in sorted(odds["marginal"][sd].items())}

    other = next(sd for sd in odds["sides"] if sd != side)
    attacker = {msg("{units} figures lost to your attacks", units=names[other]): losses(other)}
    defender = {msg("your figures lost ({units})", units=names[side]): losses(side)}
    if "tests" in odds:
        attacker[msg("the enemy takes a reaction test")] = _complete(
            {YES: odds["tests"][other]}, NO)
        defender[msg("you take a reaction test")] = _complete({YES: odds["tests"][side]}, NO)
    return Outcome(a.label or a.to_text(), attacker, defender,
                   msg("one melee round, steps 2 to 4 (both sides strike at the same time)"))


BY_RULESET = {"squads": _squads, "warband": _warband, "legions": _legions, "ranks": _ranks,
              "cards": _cards}


def outcomes(ruleset_id: str, state, geo, action: Action) -> Outcome | None:
    """Both sides' odds for this charge or attack, as the rules' own odds give them."""
    handler = BY_RULESET.get(ruleset_id)
    return handler(rulesets.get(ruleset_id), state, geo, action) if handler else None
