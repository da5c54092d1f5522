"""The face-off of a challenge (rules/legions.md, "Challenge sub-phase"; challenge.py plays it):
the choices a duellist has (a stance and a melee weapon profile), what each changes (focus,
attacks, the enemy's hit roll), the exact odds of the challenge for a pair of choices
(duel_odds.py), and what a challenge is worth to a side (the greedy AI and the labels).

Stances [added, our three]: Aggressive (+1 A, -1 focus), Guarded (-1 A, at least 1; the enemy
-1 to hit, [added] never worse than 6+), Feint (+1 focus).
"""

from __future__ import annotations

import re

from game.core.i18n import join, msg
from game.core.state import GameState, Model
from game.core.text import count
from game.rulesets.legions import reactions
from game.rulesets.legions.characters import glory_value
from game.rulesets.legions.checks import characteristic
from game.rulesets.legions.duel_odds import Duellist, DuelOdds, duel_odds
from game.rulesets.legions.odds import hit_target, p_at_least, p_unsaved, wound_target
from game.rulesets.legions.profile import melee_weapons, weapon
from game.rulesets.legions.wounds import save_needed

STANCES = ("aggressive", "guarded", "feint")
STANCE_TEXT = {"aggressive": msg("+1 A, -1 focus"), "guarded": msg("-1 A, the enemy -1 to hit"),
               "feint": msg("+1 focus")}
STANCE_NAMES = {"aggressive": msg("Aggressive"), "guarded": msg("Guarded"), "feint": msg("Feint")}
EDGE = re.compile(r"Duellist's Edge \((\d+)\)")
#: What a Disgraced model costs its side, in victory points (the greedy AI's view): its halved
#: WS in the fight, and, when it leads the unit's checks, the panic check its halved Ld may
#: fail (a Routed unit, weighed as about this much, times the drop in the chance to pass).
DISGRACE_VALUE = 0.3
ROUT_COST = 0.75
#: A resolution point of glory is worth about this many victory points (the AI's view).
GLORY_VALUE = 0.5


def choices_of(model: Model) -> list[str]:
    """Every face-off choice of a duellist: "stance|weapon id|profile name"."""
    return [f"{st}|{w.id}|{p.name}" for st in STANCES for w in melee_weapons(model)
            for p in w.profiles]


def split(choice: str) -> tuple[str, str, str]:
    stance, wid, pname = choice.split("|")
    return stance, wid, pname


def choice_text(model: Model, choice: str) -> str:
    stance, wid, pname = split(choice)
    w = weapon(wid)
    p = w.profile(pname)
    return msg("{stance} stance ({effect}) with {weapon} ({profile})",
               stance=STANCE_NAMES[stance], effect=STANCE_TEXT[stance], weapon=w.label(p),
               profile=p.text(int(model.profile["S"])))


def focus_parts(model: Model, choice: str) -> tuple[int, str]:
    """The focus roll's bonus for this choice, with how it is made."""
    stance, wid, pname = split(choice)
    traits = weapon(wid).profile(pname).traits
    total = int(model.profile["I"])
    how = [msg("I {value}", value=total)]
    for label, delta, present in ((msg("Heavy"), -1, "Heavy" in traits),
                                  (msg("Light"), +1, "Light" in traits),
                                  (STANCE_NAMES["aggressive"], -1, stance == "aggressive"),
                                  (STANCE_NAMES["feint"], +1, stance == "feint")):
        if present:
            total += delta
            how.append(join([label, f" {delta:+d}"], ""))
    lost = model.max_wounds - model.wounds
    if lost:
        total -= lost
        how.append(msg("{wounds} lost -{lost}", wounds=count(lost, "wound"), lost=lost))
    for t in traits:
        found = EDGE.fullmatch(t)
        if found:
            total += int(found.group(1))
            how.append(msg("Duellist's Edge +{bonus}", bonus=found.group(1)))
    return total, join(how)


def attacks_in_duel(s: GameState, model: Model, stance: str) -> int:
    """A (+1 with Onslaught, as in the fight), +1 Aggressive, -1 Guarded (at least 1); the
    advantage's +1 is added by whoever has it."""
    from game.rulesets.legions.fight import attacks_of

    base = attacks_of(s, model) + {"aggressive": 1, "guarded": -1}.get(stance, 0)
    return max(1, base)


def hit_needed(s: GameState, attacker: Model, defender: Model, defender_stance: str) -> int:
    need = hit_target(characteristic(s, attacker, "WS"), characteristic(s, defender, "WS"))
    if defender_stance == "guarded":
        need = min(6, need + 1)
    return need


def toughness(s: GameState, model: Model) -> int:
    return int(model.profile["T"]) + reactions.toughness_bonus(s, model.unit)


def duellists(s: GameState, a: Model, b: Model, choice_a: str, choice_b: str
              ) -> tuple[Duellist, Duellist]:
    """The two duellists for these face-off choices, as the odds need them."""
    out = []
    for me, other, mine, theirs in ((a, b, choice_a, choice_b), (b, a, choice_b, choice_a)):
        stance, wid, pname = split(mine)
        p = weapon(wid).profile(pname)
        strength = p.strength_for(int(me.profile["S"]))
        chance = (p_at_least(hit_needed(s, me, other, split(theirs)[0]))
                  * p_at_least(wound_target(strength, toughness(s, other)))
                  * p_unsaved(save_needed(other, p.ap)))
        out.append(Duellist(focus_parts(me, mine)[0], attacks_in_duel(s, me, stance), chance,
                            p.damage, me.wounds, glory_value(me)))
    return out[0], out[1]


def odds(s: GameState, a: Model, b: Model, choice_a: str, choice_b: str) -> DuelOdds:
    return duel_odds(*duellists(s, a, b, choice_a, choice_b))


def net_value(s: GameState, a: Model, b: Model, choice_a: str, choice_b: str) -> float:
    """What the challenge is worth to `a`'s side (the AI's view): the glory it expects to score
    minus the enemy's, and the victory points of a slain duellist."""
    o = odds(s, a, b, choice_a, choice_b)
    glory = float(o.expected_glory(0) - o.expected_glory(1)) * GLORY_VALUE
    return glory + float(o.slays[0]) * _model_points(s, b) - float(o.slays[1]) * _model_points(s, a)


def _model_points(s: GameState, model: Model) -> float:
    """A model's victory point, and the 3 of its unit when it is the last of it."""
    from game.rulesets.base import POINTS_PER_MODEL, POINTS_PER_UNIT_WIPED

    last = len(s.alive_models(model.unit)) == 1
    return POINTS_PER_MODEL + (POINTS_PER_UNIT_WIPED if last else 0)


def best_choice(s: GameState, a: Model, b: Model, known_b: str | None = None) -> str:
    """`a`'s face-off choice: the best answer to `b`'s known choice, else the one whose worst
    case is best (b answers after seeing it)."""
    if known_b is not None:
        return max(choices_of(a), key=lambda c: (net_value(s, a, b, c, known_b), c))
    return max(choices_of(a), key=lambda c: (min(net_value(s, a, b, c, d)
                                                  for d in choices_of(b)), c))


def likely_odds(s: GameState, a: Model, b: Model) -> DuelOdds:
    """The odds of a challenge not yet faced off: each duellist's likely choice (best_choice:
    the challenger's safest, the other's best answer to it)."""
    ca = best_choice(s, a, b)
    cb = best_choice(s, b, a, known_b=ca)
    return odds(s, a, b, ca, cb)


def odds_text(a: Model, b: Model, o: DuelOdds) -> str:
    """The odds in a label, as percentages (the exact Fractions: `action_odds`)."""
    return msg("{model} slays {foe} {slays:.0%}, is slain {slain:.0%}; glory to {model} "
               "{glory:.0%}, to {foe} {foe_glory:.0%}, none {none:.0%}", model=a.name,
               foe=b.name, slays=float(o.slays[0]), slain=float(o.slays[1]),
               glory=float(o.scores(0)), foe_glory=float(o.scores(1)),
               none=float(o.scores(None)))


def odds_table(a: Model, b: Model, o: DuelOdds) -> dict[str, dict]:
    """The client's odds line for a challenge between `a` and `b`."""
    out = {msg("{model} slays {foe}", model=a.name, foe=b.name): o.slays[0],
           msg("{model} slays {foe}", model=b.name, foe=a.name): o.slays[1]}
    for (who, pts), p in o.glory:
        name = {0: a.name, 1: b.name}.get(who)
        out[msg("glory: {model} scores {points}", model=name, points=pts) if name
            else msg("glory: nobody scores")] = p
    return {msg("{model} against {foe}", model=a.name, foe=b.name): out}


def likely_pair(s: GameState, a: Model, b: Model) -> tuple[str, str]:
    """Each duellist's likely choice (best_choice: the challenger's safest, the other's best
    answer to it)."""
    ca = best_choice(s, a, b)
    return ca, best_choice(s, b, a, known_b=ca)


def disgrace_cost(s: GameState, model: Model) -> float:
    """What Disgracing this model costs its side (the AI's view; DISGRACE_VALUE, ROUT_COST)."""
    from game.rulesets.legions.characters import duel_book
    from game.rulesets.legions.checks import p_pass, unit_value

    before = unit_value(s, model.unit, "Ld")
    trial = s.copy()
    book = duel_book(trial)
    book["disgraced"] = [*book["disgraced"], model.id]
    after = unit_value(trial, model.unit, "Ld")
    return DISGRACE_VALUE + ROUT_COST * float(p_pass(before) - p_pass(after))
