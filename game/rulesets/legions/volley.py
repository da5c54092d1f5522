"""Volley attacks (rules/legions.md, charge step 4, and Gun down in the aftermath): `Assault`
weapons only, fired as snap shots that hit only on a 6; wounds and saves as usual; a volley
never inflicts a status. Shooting exists in this ruleset only as volleys.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import DiceRolled, Event, Note
from game.core.geometry import Geometry
from game.core.state import GameState, Model
from game.rulesets.legions.odds import SNAP_SHOT, wound_target
from game.rulesets.legions.profile import Weapon, assault_weapons, majority_value
from game.rulesets.legions.profile import weapon as weapon_by_id
from game.rulesets.legions.reactions import toughness_bonus
from game.rulesets.legions.wounds import new_pool

RULE_VOLLEY = ("Volley attacks: both units, the charger first, may shoot each other with "
               "Assault weapons only, as snap shots (hit only on 6); never a status (legions)")
RULE_GUN_DOWN = "Gun down: a volley with Assault weapons at the fleeing unit (legions seed)"
RULE_SHOOTER = ("[added] A model fires one Assault weapon (its strongest) if a model of the "
                "target is in its line of sight and within the weapon's range")


def _best(weapons: list[Weapon]) -> Weapon | None:
    if not weapons:
        return None
    return max(weapons, key=lambda w: (w.profiles[0].strength_for(4), -w.profiles[0].ap,
                                       w.profiles[0].damage, w.shots, w.id))


def shooters(s: GameState, geo: Geometry, unit_id: str, target_id: str
             ) -> list[tuple[Model, Weapon]]:
    """The models that can fire in a volley at the target, each with its weapon."""
    targets = s.alive_models(target_id)
    out = []
    for m in s.alive_models(unit_id):
        if m.wounds <= 0:
            continue
        w = _best(assault_weapons(m))
        if w is None:
            continue
        for t in targets:
            if geo.distance(m, t) <= w.range and geo.line_of_sight(s, m, t):
                out.append((m, w))
                break
    return out


def volley(s: GameState, geo: Geometry, dice: Dice, unit_id: str, target_id: str,
           rule: str = RULE_VOLLEY) -> tuple[list[Event], list[dict]]:
    """Roll the snap shots and the wounds, weapon by weapon; returns the events and the wound
    pools the target's player then takes (allocation and saves)."""
    unit, target = s.units[unit_id], s.units[target_id]
    firing = shooters(s, geo, unit_id, target_id)
    if not firing:
        return [Note(rule=rule, text=f"{unit.name} has no Assault weapon in range and in sight "
                                     f"of {target.name}")], []
    by_weapon: dict[str, list[Model]] = {}
    for m, w in firing:
        by_weapon.setdefault(w.id, []).append(m)
    toughness = (majority_value([m for m in s.alive_models(target_id) if m.wounds > 0], "T")
                 + toughness_bonus(s, target_id))
    events: list[Event] = []
    pools: list[dict] = []
    for wid, models in sorted(by_weapon.items()):
        w = weapon_by_id(wid)
        prof = w.profiles[0]
        shots = w.shots * len(models)
        roll = dice.roll(shots, f"{unit.name} volley, {w.name}", rule)
        hits = sum(1 for v in roll.values if v >= SNAP_SHOT)
        events.append(DiceRolled(rule=rule, who=unit.name,
                                 label=f"{shots} snap shot(s) with {w.name}", values=roll.values,
                                 needed=f"{SNAP_SHOT}+", outcome=f"{hits} hit(s)"))
        if not hits:
            continue
        strength = max(prof.strength_for(int(m.profile["S"])) for m in models)
        need = wound_target(strength, toughness)
        if need is None:
            events.append(Note(rule=rule, text=f"S{strength} against T{toughness}: no wound is "
                                               f"possible"))
            continue
        wroll = dice.roll(hits, f"{unit.name} volley wounds", rule)
        wounds = sum(1 for v in wroll.values if v >= need)
        events.append(DiceRolled(rule=rule, who=unit.name, label="to wound", values=wroll.values,
                                 needed=f"{need}+",
                                 outcome=f"{wounds} wound(s) (S{strength} vs T{toughness})"))
        if wounds:
            pools.append(new_pool(s, unit_id, target_id, wounds, prof.ap, prof.damage,
                                  f"{w.name} (volley)", rule, shots, hits, simultaneous=False,
                                  strikers=models))
    return events, pools
