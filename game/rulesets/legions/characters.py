"""Characters (rules/legions.md, "Profiles" and "Challenge sub-phase"; the seed's Paragon type
and Champion sub-type): who may issue and accept challenges, and which models are fighting one.

The seed: a Paragon "may issue and accept challenges", a model of the Champion sub-type too,
and the challenge text names "Officer/Champion". The data's sub-types are Sergeant, Champion,
Command and Transport: the seed's Officer is the Command sub-type (the one sub-type that leads a
unit besides the Sergeant), so a Paragon, a Champion or a Command model is a character.

This module imports nothing of the fight, so that the fight, the wounds and the checks can ask
it who is in a duel without a circle of imports.
"""

from __future__ import annotations

from game.core.state import GameState, Model
from game.rulesets.legions.profile import has_sub_type, is_paragon

RULE_CHARACTERS = ("A Paragon, or a Champion or Officer (Command) model, may issue and accept "
                   "challenges (legions seed)")
#: The sub-types that make a model a character (the seed's "Officer/Champion").
CHARACTER_SUB_TYPES = ("Champion", "Command")


def is_character(model: Model) -> bool:
    return is_paragon(model) or any(has_sub_type(model, t) for t in CHARACTER_SUB_TYPES)


def glory_value(model: Model) -> int:
    """What slaying this model in a challenge scores: its base W, +1 for a Paragon or a
    Command model (rules/legions.md, Glory)."""
    return int(model.profile["W"]) + (1 if is_paragon(model) or has_sub_type(model, "Command")
                                      else 0)


def duel_book(s: GameState) -> dict:
    """This phase's challenges: the duels fought (their models, units and glory), the models
    fighting one, the Disgraced models. Kept in `s.pending`, which the End phase empties."""
    return s.pending.setdefault("duels", {"records": [], "duellists": [], "disgraced": []})


def in_duel(s: GameState, model_id: str) -> bool:
    """The model fights a challenge this phase: it is not part of the general fight."""
    return model_id in s.pending.get("duels", {}).get("duellists", ())


def eligible(s: GameState, units, side: int) -> list[Model]:
    """The side's characters among these units that may take part in a challenge now: standing,
    and not already in one this phase."""
    out = []
    for u in units:
        if s.units[u].side != side:
            continue
        out.extend(m for m in s.alive_models(u)
                   if m.wounds > 0 and is_character(m) and not in_duel(s, m.id))
    return sorted(out, key=lambda m: m.id)
