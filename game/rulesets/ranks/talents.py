"""Talents [added, our set] (ranks.md, "Talents"): what an enemy fumble lets a base do.

Activated only by enemy fumbles, after the dice and before hits are removed; one activation =
one talent of one base. The seed caps nothing ("each fumble lets your opponent activate one
talent of one of its bases"; "the attacker uses all the fumbles"), so a base may activate again
with another fumble: a talent is usable as long as it can still do something (Parry while hits
are left to cancel, Deadly once for each 6 the base rolled, Rally while a marker is left, Fury
on a base that fights, Steady always). The spec's "once per combat for each base" is not kept:
it would only throw fumbles away (a side with more fumbles than talented bases), never let a
talent be used that otherwise could not be. A panicked base uses no talent.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.i18n import msg, nmsg
from game.core.state import GameState
from game.rulesets.ranks.panic import is_panicked, remove_markers

RULE_TALENTS = msg("Talents: one enemy fumble = one talent of one base, while it can do "
                   "something (ranks seed; the talents are [added])")
HELP = {
    "Parry": msg("cancel 1 hit on this unit"),
    "Fury": msg("this base rolls 1 extra die now (its hits count)"),
    "Steady": msg("-1 panic for this unit this combat"),
    "Deadly": msg("one of this base's 6s counts as 3 hits"),
    "Rally": msg("remove 1 panic marker from this unit"),
}


def talents_of(s: GameState, model_id: str) -> tuple[str, ...]:
    return tuple(s.models[model_id].profile.get("talents", ()))


def usable(s: GameState, combat: dict, model_id: str, talent: str) -> str | None:
    """Why this base cannot activate this talent now, or None."""
    model = s.models.get(model_id)
    if model is None or not model.alive:
        return msg("That base is not on the table")
    unit = combat["units"].get(model.unit)
    if unit is None or unit["side"] != combat["spender"]:
        return msg("{base} is not one of the spending side's bases in this combat",
                   base=model.name)
    if talent not in talents_of(s, model_id):
        return msg("{base} has no {talent} talent", base=model.name, talent=talent)
    if is_panicked(model):
        return msg("{base} is panicked: a panicked base uses no talent", base=model.name)
    rolled = combat["bases"].get(model_id)
    if talent == "Parry" and unit["hits"] <= unit["parry"]:
        return msg("No hit is coming to {unit} for Parry to cancel",
                   unit=s.units[model.unit].name)
    if talent == "Deadly" and (rolled is None or 6 not in rolled["values"]):
        return msg("{base} rolled no 6 for Deadly to make a 3-hit", base=model.name)
    if talent == "Deadly" and rolled["values"].count(6) <= rolled.get("deadly", 0):
        return msg("Every 6 {base} rolled already counts as 3 hits", base=model.name)
    if talent == "Fury" and rolled is None:
        return msg("{base} is not fighting, so Fury's extra die has no target", base=model.name)
    if talent == "Rally" and not any(is_panicked(m) for m in s.alive_models(model.unit)):
        return msg("{unit} has no panic marker for Rally to remove",
                   unit=s.units[model.unit].name)
    return None


def activate(s: GameState, combat: dict, model_id: str, talent: str, dice: Dice,
             roll_rule: str) -> tuple[str, tuple[int, ...]]:
    """Apply a talent's effect to the combat; returns (what it did, dice rolled)."""
    model = s.models[model_id]
    unit = combat["units"][model.unit]
    rolled = combat["bases"].get(model_id)
    values: tuple[int, ...] = ()
    if talent == "Parry":
        unit["parry"] += 1
        text = msg("cancels 1 hit")
    elif talent == "Steady":
        unit["steady"] += 1
        text = msg("-1 panic this combat")
    elif talent == "Rally":
        freed = remove_markers(s, model.unit, 1)
        text = (msg("removes the panic marker of {base}", base=freed[0].name) if freed
                else msg("removes nothing"))
    elif talent == "Deadly":
        combat["units"][rolled["target"]]["hits"] += 1
        rolled["deadly"] = rolled.get("deadly", 0) + 1
        text = msg("a 6 counts as 3 hits (+1 hit)")
    else:  # Fury
        values = dice.roll(1, msg("{base} Fury", base=model.name), roll_rule).values
        extra = hits_of(values[0])
        combat["units"][rolled["target"]]["hits"] += extra
        text = msg("an extra die: {face} ({hits})", face=values[0],
                   hits=nmsg("{n} hit", "{n} hits", extra))
    combat["used"].append(model_id)
    return text, values


def hits_of(face: int) -> int:
    """4-5 one hit, 6 two hits, else none (ranks seed)."""
    return 2 if face == 6 else 1 if face >= 4 else 0
