"""The reaction test [added, our values] (rules/cards.md, "Reaction test").

Roll 1D6 + modifiers and read the unit's Discipline row: Rout, Flight, Recoil or None. In a
melee, Recoil and Flight first cost the figures in base contact (5+ / 4+ on one die each); then
the unit makes a full move straight away from the enemy; Flight also leaves it Shaken. Rout
removes the unit. A unit that recoils or flees leaves the melee.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from game.core import probability as P
from game.core.dice import Dice
from game.core.events import DiceRolled, Event, StatusChanged
from game.core.geometry import Geometry
from game.core.i18n import msg, nmsg
from game.core.state import GameState, Model
from game.rulesets.base import move_unit
from game.rulesets.cards.contact import contacting_figures
from game.rulesets.cards.events import ReactionTested
from game.rulesets.cards.figures import remove_figure
from game.rulesets.cards.profile import STEADY, has_talent, officer_of
from game.rulesets.cards.retreat import move_away

RULE_REACTION = msg("Reaction test: 1D6 + modifiers on the Discipline table (cards)")
RULE_RECOIL = msg("Recoil: figures in contact die on 5+, then a full move away (cards)")
RULE_FLIGHT = msg("Flight: figures in contact die on 4+, a full move away, Shaken (cards)")
RULE_ROUT = msg("Rout: the unit is removed (cards)")
RULE_SHAKEN = msg("Shaken: cannot charge; its next activation only rallies (cards)")

NONE, RECOIL, FLIGHT, ROUT = "none", "recoil", "flight", "rout"
RESULTS = (ROUT, FLIGHT, RECOIL, NONE)
#: The results as the log names them.
RESULT_NAMES = {NONE: msg("None"), RECOIL: msg("Recoil"), FLIGHT: msg("Flight"),
                ROUT: msg("Rout")}
#: The status a fleeing unit gains (the flag is `shaken`).
STATUS_SHAKEN = msg("Shaken")

#: Highest total giving Rout, Flight and Recoil for each Discipline (above: None).
#: | discipline | Rout | Flight | Recoil | None |
#: | Elite      | <=0  | 1      | 2      | 3+   |
#: | Regular    | <=0  | 1-2    | 3      | 4+   |
#: | Irregular  | <=1  | 2      | 3-4    | 5+   |
#: | Militia    | <=1  | 2-3    | 4-5    | 6+   |
TABLE = {
    "Elite": (0, 1, 2),
    "Regular": (0, 2, 3),
    "Irregular": (1, 2, 4),
    "Militia": (1, 3, 5),
}
#: In a melee, each figure in base contact dies on this roll or more.
CONTACT_DEATH = {RECOIL: 5, FLIGHT: 4}

OFFICER_RANGE = 6.0
BIG_UNIT = 6
HEAVY_LOSSES = 3
#: The modifiers' names, as the log gives them.
MOD_OFFICER = msg("officer within 6\"")
MOD_BIG = msg("unit of {n}+ figures", n=BIG_UNIT)
MOD_STEADY = msg("Steady")
MOD_ALONE = msg("reduced to one figure")
MOD_HEAVY = msg("lost {n}+ figures this round", n=HEAVY_LOSSES)


def result_for(discipline: str, total: int) -> str:
    """The Discipline table."""
    rout, flight, recoil = TABLE[discipline]
    if total <= rout:
        return ROUT
    if total <= flight:
        return FLIGHT
    if total <= recoil:
        return RECOIL
    return NONE


def officer_near(s: GameState, geo: Geometry, unit_id: str) -> Model | None:
    """A living officer of the unit's side within 6" of the unit (its own counts)."""
    own = officer_of(s, unit_id)
    if own is not None:
        return own
    side = s.units[unit_id].side
    mine = s.alive_models(unit_id)
    for other in s.units_of(side):
        officer = officer_of(s, other.id)
        if officer is not None and any(geo.distance(officer, m) <= OFFICER_RANGE for m in mine):
            return officer
    return None


def modifiers(s: GameState, geo: Geometry, unit_id: str, lost_this_round: int = 0,
              steady: bool = True) -> list[tuple[str, int]]:
    """+1 officer within 6"; +1 unit of 6+ figures; +1 Steady; -1 reduced to one figure;
    -2 lost 3+ figures in this melee round."""
    out: list[tuple[str, int]] = []
    if officer_near(s, geo, unit_id) is not None:
        out.append((MOD_OFFICER, 1))
    figures = len(s.alive_models(unit_id))
    if figures >= BIG_UNIT:
        out.append((MOD_BIG, 1))
    if steady and has_talent(s, unit_id, STEADY):
        out.append((MOD_STEADY, 1))
    if figures == 1:
        out.append((MOD_ALONE, -1))
    if lost_this_round >= HEAVY_LOSSES:
        out.append((MOD_HEAVY, -2))
    return out


def result_odds(discipline: str, modifier: int) -> dict[str, Fraction]:
    """Exact chance of each result for a total modifier."""
    return dict(_result_odds(discipline, modifier))


@functools.lru_cache(maxsize=64)
def _result_odds(discipline: str, modifier: int) -> tuple[tuple[str, Fraction], ...]:
    """`result_odds` as pairs, worked out once per Discipline and modifier (a handful of
    each): greedy prices a reaction test for every unit pairing of every move it values."""
    out = dict.fromkeys(RESULTS, Fraction(0))
    for face, p in P.die().items():
        out[result_for(discipline, face + modifier)] += p
    return tuple(out.items())


def take_test(s: GameState, geo: Geometry, dice: Dice, unit_id: str, lost_this_round: int = 0,
         steady: bool = True) -> tuple[str, list[Event], bool]:
    """Roll the test. Returns (result, events, whether Steady was used)."""
    unit = s.units[unit_id]
    mods = modifiers(s, geo, unit_id, lost_this_round, steady)
    roll = dice.d6(f"{unit.name} reaction", RULE_REACTION)
    total = roll + sum(v for _, v in mods)
    discipline = unit.profile["Discipline"]
    result = result_for(discipline, total)
    event = ReactionTested(rule=RULE_REACTION, unit=unit_id, unit_name=unit.name, roll=roll,
                           modifiers=tuple(mods), total=total, discipline=discipline,
                           result=RESULT_NAMES[result])
    return result, [event], any(why == MOD_STEADY for why, _ in mods)


def apply_result(s: GameState, geo: Geometry, dice: Dice, unit_id: str, result: str,
                 enemy_units: list[str], in_melee: bool) -> list[Event]:
    """What the result does. `enemy_units` are the enemies it moves away from."""
    unit = s.units[unit_id]
    events: list[Event] = []
    if result == NONE:
        return events
    if result == ROUT:
        for model in s.alive_models(unit_id):
            events.append(remove_figure(s, model.id, RULE_ROUT))
        unit.flags.pop("shaken", None)
        return events
    rule = RULE_RECOIL if result == RECOIL else RULE_FLIGHT
    if in_melee:
        events.extend(contact_deaths(s, geo, dice, unit_id, enemy_units, result))
    if s.unit_alive(unit_id):
        enemies = [m for e in enemy_units for m in s.alive_models(e)]
        dest = move_away(s, geo, unit_id, enemies, float(unit.profile["M"]))
        verb = msg("recoils") if result == RECOIL else msg("flees")
        events.append(move_unit(s, unit_id, dest, verb, rule))
        if result == FLIGHT and not unit.flags.get("shaken"):
            unit.flags["shaken"] = True
            events.append(StatusChanged(rule=RULE_SHAKEN, unit=unit_id, unit_name=unit.name,
                                        status=STATUS_SHAKEN, gained=True))
    return events


def contact_deaths(s: GameState, geo: Geometry, dice: Dice, unit_id: str,
                   enemy_units: list[str], result: str) -> list[Event]:
    """Each figure in base contact rolls one die: it dies on 5+ (Recoil) or 4+ (Flight)."""
    figures = contacting_figures(s, geo, unit_id, enemy_units)
    if not figures:
        return []
    need = CONTACT_DEATH[result]
    rule = RULE_RECOIL if result == RECOIL else RULE_FLIGHT
    unit = s.units[unit_id]
    roll = dice.roll(len(figures), f"{unit.name} {result} in contact", rule)
    dead = [m for m, v in zip(figures, roll.values, strict=True) if v >= need]
    events: list[Event] = [DiceRolled(rule=rule, who=unit.name, label=msg("figures in contact"),
                                      values=roll.values, needed=msg("{need}+ dies", need=need),
                                      outcome=nmsg("{dead} die", "{dead} die", len(dead),
                                                   dead=len(dead)))]
    for model in dead:
        events.append(remove_figure(s, model.id, rule))
    return events
