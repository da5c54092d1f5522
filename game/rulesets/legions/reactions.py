"""Reactions (rules/legions.md, "Reactions", [part 2]): what the charged unit's player may
declare at step 4 of a charge, paid with reaction points.

- The reactive side (the player whose turn it is not) has 1 reaction point each phase
  ([added] in the spec); each reaction costs 1 point ([added]: the seed prices only Shield wall,
  at 1; the others cost the same so that one point is one reaction).
- The reaction is declared once, at the start of step 4 (before the charger's volley), by the
  charged unit: the seed declares Shield wall "at the start of step 4", the Overwatch volley "at
  the volley attack" and Evade "after the volley attack"; one declaration at the start of the
  step covers all three, and each takes effect at its own moment.
- A unit with a Stunned or Routed model may not react (rules/legions.md, "Statuses").
- **A challenge issued as a reaction** (the seed's fourth: "a character issues a challenge"):
  declared by a charged unit with a character (characters.py) against a charger with one; if
  the charge locks them, that character issues its challenge first in the challenge sub-phase,
  before the active player may issue any in that combat (challenge.py); the point is spent
  even if the charge fails ([added]).

Evade's move is evade.py; the Overwatch volley is the charged unit's volley fired normally
(volley.py, imported late: the volley reads the Shield wall from here). Shield wall lives here whole: +1 T for the rest of the phase, read
by the volley and the fight (`toughness_bonus`), when most of the unit's living models have the
`Shield` trait.

The phase's reaction book is `s.pending["reactions"]`: points spent per side and the units
under a Shield wall. `s.pending` is emptied at the End phase, which ends the Shield wall too.
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.geometry import Geometry
from game.core.i18n import join, msg
from game.core.state import GameState
from game.rulesets.legions import evade, statuses
from game.rulesets.legions.characters import eligible
from game.rulesets.legions.events import ReactionDeclared
from game.rulesets.legions.profile import TRAIT_SHIELD, has_trait

POINTS_PER_PHASE = 1
REACTION_COST = 1
NONE = "none"
SHIELD_WALL = "shield_wall"
EVADE = "evade"
OVERWATCH = "overwatch"
CHALLENGE = "challenge"
NAMES = {OVERWATCH: msg("Overwatch volley"), SHIELD_WALL: msg("Shield wall"), EVADE: msg("Evade"),
         CHALLENGE: msg("a challenge"), NONE: msg("no reaction")}
#: The order the reactions are offered in.
OFFERED = (OVERWATCH, SHIELD_WALL, EVADE, CHALLENGE)

RULE_POINTS = msg("[added] The reactive side has 1 reaction point each phase; a reaction costs 1 "
                  "(legions)")
RULE_DECLARE = msg("Reactions are declared by the charged unit at the start of step 4, the volley "
                   "attacks (legions seed)")
RULE_CHALLENGE = msg("Reaction: a character of the charged unit issues a challenge (1 point); it "
                     "is issued first in the challenge sub-phase if the charge locks the units "
                     "(legions seed)")
RULE_STATUS = msg("Stunned or Routed: no reactions (legions)")
RULE_SHIELD_WALL = msg("Shield wall (advanced reaction, 1 point, declared at the start of step 4): "
                       "+1 T for the phase if most of the unit has the Shield trait (legions seed)")


def book(s: GameState) -> dict:
    found = s.pending.setdefault("reactions", {"spent": {}, "shield_wall": []})
    found.setdefault("challenges", [])
    return found


def points_left(s: GameState, side: int) -> int:
    """The side's reaction points left this phase: none for the side whose turn it is."""
    if side == s.active:
        return 0
    spent = s.pending.get("reactions", {}).get("spent", {})
    return POINTS_PER_PHASE - int(spent.get(str(side), 0))


def cannot_react(s: GameState, unit_id: str) -> str | None:
    """Why this unit may declare no reaction now, or None."""
    unit = s.units[unit_id]
    for status in (statuses.STUNNED, statuses.ROUTED):
        if statuses.has_status(s, unit_id, status):
            return (msg("{unit} has a {status} model: it may not react ({rule})", unit=unit.name,
                        status=statuses.title(status), rule=RULE_STATUS))
    if points_left(s, unit.side) < REACTION_COST:
        return (msg("{side} has no reaction point left this phase ({rule})",
                    side=s.sides[unit.side].name, rule=RULE_POINTS))
    return None


def shield_majority(s: GameState, unit_id: str) -> bool:
    models = s.alive_models(unit_id)
    return 2 * sum(1 for m in models if has_trait(m, TRAIT_SHIELD)) > len(models)


def reaction_problem(s: GameState, geo: Geometry, c: dict, reaction: str) -> str | None:
    """Why the charged unit may not declare this reaction in this charge, or None."""
    if reaction == NONE:
        return None
    if reaction not in NAMES:
        return (msg("{reaction} is not a reaction (Overwatch volley, Shield wall, Evade, a "
                    "challenge, or no reaction)",
                    reaction=repr(reaction)))
    reason = cannot_react(s, c["target"])
    if reason:
        return reason
    unit = s.units[c["target"]]
    if reaction == SHIELD_WALL:
        if unit.id in book(s)["shield_wall"]:
            return msg("{unit} already holds a Shield wall this phase ({rule})", unit=unit.name,
                       rule=RULE_SHIELD_WALL)
        if not shield_majority(s, unit.id):
            return msg("Most of {unit} does not carry a Shield ({rule})", unit=unit.name,
                       rule=RULE_SHIELD_WALL)
    if reaction == OVERWATCH:
        from game.rulesets.legions.volley import RULE_OVERWATCH, can_overwatch

        if not can_overwatch(s, geo, unit.id, c["unit"]):
            return (msg("{unit} has no ranged weapon in range and sight of {charger} ({rule})",
                        unit=unit.name, charger=s.units[c['unit']].name, rule=RULE_OVERWATCH))
    if reaction == CHALLENGE:
        if not eligible(s, (unit.id,), unit.side):
            return (msg("{unit} has no character (Paragon, Champion or Officer) to issue a "
                        "challenge ({rule})",
                        unit=unit.name, rule=RULE_CHALLENGE))
        charger = s.units[c["unit"]]
        if not eligible(s, (charger.id,), charger.side):
            return msg("{unit} has no character to face a challenge ({rule})", unit=charger.name,
                       rule=RULE_CHALLENGE)
    if reaction == EVADE:
        reason = evade.cannot_move(s, unit.id)
        if reason:
            return msg("{reason}: it cannot evade ({rule})", reason=reason, rule=evade.RULE_EVADE)
        if evade.offer(s, geo, unit.id, c["unit"]) is None:
            return (msg("No model of {unit} can move away from {charger} ({rule}; {other_rule})",
                        unit=unit.name, charger=s.units[c['unit']].name, rule=evade.RULE_EVADE,
                        other_rule=evade.RULE_AWAY))
    return None


def _label(s: GameState, c: dict, reaction: str) -> str:
    unit, charger = s.units[c["target"]], s.units[c["unit"]]
    if reaction == SHIELD_WALL:
        return (msg("Reaction: {unit} forms a Shield wall against {charger} (1 point: +1 T for "
                    "the phase)",
                    unit=unit.name, charger=charger.name))
    if reaction == OVERWATCH:
        return (msg("Reaction: {unit} fires an Overwatch volley at {charger} (all its weapons, "
                    "fired normally, no cover for the charger; 1 point)",
                    unit=unit.name, charger=charger.name))
    if reaction == CHALLENGE:
        names = join(m.name for m in eligible(s, (unit.id,), unit.side))
        return (msg("Reaction: {names} will issue a challenge to {unit} first if the charge "
                    "locks them (1 point)",
                    names=names, unit=charger.name))
    if reaction == EVADE:
        return (msg("Reaction: {unit} will evade up to {inches:g}\" away from {charger} after the "
                    "volleys (1 point)",
                    unit=unit.name, inches=evade.allowance(s, unit.id), charger=charger.name))
    return msg("{unit} declares no reaction", unit=unit.name)


def reaction_actions(s: GameState, geo: Geometry, c: dict) -> list[Action]:
    """The reactions the charged unit may declare at the start of step 4 of this charge, with
    'no reaction'; none at all when it may not react (then the step goes on by itself)."""
    if cannot_react(s, c["target"]):
        return []
    offered = [r for r in OFFERED if reaction_problem(s, geo, c, r) is None]
    if not offered:
        return []
    return [Action("react", c["target"], targets=(c["unit"],), option=r, label=_label(s, c, r))
            for r in (*offered, NONE)]


def declare(s: GameState, c: dict, reaction: str) -> list[ReactionDeclared]:
    """Pay for the reaction and make its lasting effect; `c["reaction"]` keeps it for the
    moments of step 4 that read it."""
    unit = s.units[c["target"]]
    c["reaction"] = reaction
    if reaction == NONE:
        return [ReactionDeclared(rule=RULE_DECLARE, unit_name=unit.name, reaction=NAMES[NONE],
                                 points_left=points_left(s, unit.side))]
    spent = book(s)["spent"]
    spent[str(unit.side)] = int(spent.get(str(unit.side), 0)) + REACTION_COST
    rule = RULE_DECLARE
    if reaction == SHIELD_WALL:
        book(s)["shield_wall"].append(unit.id)
        rule = RULE_SHIELD_WALL
    elif reaction == EVADE:
        rule = evade.RULE_EVADE
    elif reaction == CHALLENGE:
        book(s)["challenges"].append([unit.id, c["unit"]])
        rule = RULE_CHALLENGE
    elif reaction == OVERWATCH:
        from game.rulesets.legions.volley import RULE_OVERWATCH

        rule = RULE_OVERWATCH
    return [ReactionDeclared(rule=rule, unit_name=unit.name, reaction=NAMES[reaction],
                             points_left=points_left(s, unit.side))]


def toughness_bonus(s: GameState, unit_id: str) -> int:
    """+1 T while the unit holds a Shield wall (this phase)."""
    return 1 if unit_id in s.pending.get("reactions", {}).get("shield_wall", ()) else 0
