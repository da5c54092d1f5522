"""Volley attacks (rules/legions.md, charge step 4, and Gun down in the aftermath): `Assault`
weapons only, fired as snap shots that hit only on a 6; wounds and saves as usual (cover counts:
cover.py); a volley never inflicts a status. Shooting exists in this ruleset only as volleys.

The Overwatch volley reaction (part 2) is the charged unit's volley fired normally: every
ranged weapon of each model, hitting on the BS chart (odds.shot_target), and the charger gets no
cover save. A Suppressed or Routed model still fires only snap shots ("Statuses").

At a vehicle, each hit is an armour penetration test against the facing the firing model
stands in (vehicles.py), so the shots are grouped by that facing too.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import DiceRolled, Event, Note
from game.core.geometry import Geometry, blocks_sight
from game.core.i18n import join, msg, nmsg
from game.core.memo import PerTable
from game.core.state import GameState, Model
from game.core.text import count
from game.rulesets.legions import statuses, vehicles
from game.rulesets.legions.move_intents import poses
from game.rulesets.legions.odds import SNAP_SHOT, shot_target, wound_target
from game.rulesets.legions.profile import (
    Weapon,
    assault_weapons,
    is_vehicle,
    majority_value,
    ranged_weapons,
)
from game.rulesets.legions.profile import weapon as weapon_by_id
from game.rulesets.legions.reactions import toughness_bonus
from game.rulesets.legions.wounds import new_pool

RULE_VOLLEY = msg("Volley attacks: both units, the charger first, may shoot each other with "
                  "Assault weapons only, as snap shots (hit only on 6); never a status (legions)")
RULE_GUN_DOWN = msg("Gun down: a volley with Assault weapons at the fleeing unit (legions seed)")
RULE_SHOOTER = msg("[added] A model fires one Assault weapon (its strongest) if a model of the "
                   "target is in its line of sight and within the weapon's range")
RULE_OVERWATCH = msg("Overwatch volley (reaction, 1 point): the charged unit fires normally, not "
                     "snap shots, with all its weapons at the charger, which gets no cover roll "
                     "(legions seed)")
RULE_BS = msg("[added] A shot fired normally hits on 7 - BS (never better than 2+); with all its "
              "weapons: each model fires every ranged weapon with a target model in range and "
              "sight")
RULE_SNAP_ONLY = msg("Suppressed or Routed: snap shots only (legions)")
SNAP_STATUSES = (statuses.SUPPRESSED, statuses.ROUTED)


def _best(weapons: list[Weapon]) -> Weapon | None:
    if not weapons:
        return None
    return max(weapons, key=lambda w: (w.profiles[0].strength_for(4), -w.profiles[0].ap,
                                       w.profiles[0].damage, w.shots, w.id))


def _in_reach(s: GameState, geo: Geometry, m: Model, w: Weapon, targets: list[Model]) -> bool:
    return any(geo.distance(m, t) <= w.range and geo.line_of_sight(s, m, t) for t in targets)


#: Who may fire at whom, per table, remembered under all it depends on (`_firing_key`).
FIRING_LIMIT = 4096
_FIRING = PerTable(FIRING_LIMIT)


def _firing_key(s: GameState, unit_id: str, target_id: str, overwatch: bool) -> tuple:
    """All that who may fire reads: the unit's standing models (a model's id names its
    weapons: profiles are set once, at set-up), the target's models, and every living model
    that blocks sight (`blocks_sight`: the Vehicles; terrain never moves). One charge asks
    again and again from one position: the valuing of its reactions and volleys, the
    volleys, Gun down's offer, its value and its check (some half of the asks in greedy
    battles were repeats, each measuring range and sight model by model)."""
    standing = [m for m in s.alive_models(unit_id) if m.wounds > 0]
    blockers = [m for m in s.models.values() if m.alive and blocks_sight(m)]
    return (unit_id, target_id, overwatch, poses(standing), poses(s.alive_models(target_id)),
            poses(blockers))


def _remembered(s: GameState, geo: Geometry, unit_id: str, target_id: str, overwatch: bool,
                work) -> list[tuple[Model, Weapon]]:
    """`work()`'s (model, weapon) pairs, remembered by their ids (`_firing_key`) and handed
    back as this state's models."""
    found = _FIRING.get(geo, _firing_key(s, unit_id, target_id, overwatch),
                        lambda: tuple((m.id, w.id) for m, w in work()))
    return [(s.models[mid], weapon_by_id(wid)) for mid, wid in found]


def shooters(s: GameState, geo: Geometry, unit_id: str, target_id: str
             ) -> list[tuple[Model, Weapon]]:
    """The models that can fire in a volley at the target, each with its weapon."""
    return _remembered(s, geo, unit_id, target_id, False,
                       lambda: _shooters(s, geo, unit_id, target_id))


def _shooters(s: GameState, geo: Geometry, unit_id: str, target_id: str
              ) -> list[tuple[Model, Weapon]]:
    """`shooters` worked out."""
    targets = s.alive_models(target_id)
    out = []
    for m in s.alive_models(unit_id):
        if m.wounds <= 0:
            continue
        w = _best(assault_weapons(m))
        if w is not None and _in_reach(s, geo, m, w, targets):
            out.append((m, w))
    return out


def snap_only(m: Model) -> bool:
    return any(st in m.statuses for st in SNAP_STATUSES)


def overwatch_shooters(s: GameState, geo: Geometry, unit_id: str, target_id: str
                       ) -> list[tuple[Model, Weapon]]:
    """Every (model, ranged weapon) of the unit with a target model in range and sight."""
    return _remembered(s, geo, unit_id, target_id, True,
                       lambda: _overwatch_shooters(s, geo, unit_id, target_id))


def _overwatch_shooters(s: GameState, geo: Geometry, unit_id: str, target_id: str
                        ) -> list[tuple[Model, Weapon]]:
    """`overwatch_shooters` worked out."""
    targets = s.alive_models(target_id)
    return [(m, w) for m in s.alive_models(unit_id) if m.wounds > 0
            for w in ranged_weapons(m) if _in_reach(s, geo, m, w, targets)]


def can_overwatch(s: GameState, geo: Geometry, unit_id: str, target_id: str) -> bool:
    """Some model of the unit has a ranged weapon with a target model in range and sight."""
    targets = s.alive_models(target_id)
    return any(_in_reach(s, geo, m, w, targets) for m in s.alive_models(unit_id)
               if m.wounds > 0 for w in ranged_weapons(m))


def firing(s: GameState, geo: Geometry, unit_id: str, target_id: str, overwatch: bool = False
           ) -> list[tuple[Model, Weapon, bool]]:
    """Each shooting model and weapon, and whether it fires snap shots."""
    if not overwatch:
        return [(m, w, True) for m, w in shooters(s, geo, unit_id, target_id)]
    return [(m, w, snap_only(m)) for m, w in overwatch_shooters(s, geo, unit_id, target_id)]


def hit_needed(model: Model, snap: bool) -> int:
    return SNAP_SHOT if snap else shot_target(int(model.profile["BS"]))


def volley(s: GameState, geo: Geometry, dice: Dice, unit_id: str, target_id: str,
           rule: str = RULE_VOLLEY, overwatch: bool = False) -> tuple[list[Event], list[dict]]:
    """Roll the shots and the wounds, weapon by weapon (and by the roll that hits); returns the
    events and the wound pools the target's player then takes (allocation and saves)."""
    unit, target = s.units[unit_id], s.units[target_id]
    if overwatch:
        rule = RULE_OVERWATCH
    shots_of = firing(s, geo, unit_id, target_id, overwatch)
    if not shots_of:
        if overwatch:
            text = msg("{unit} has no ranged weapon in range and in sight of {target}",
                       unit=unit.name, target=target.name)
        else:
            text = msg("{unit} has no Assault weapon in range and in sight of {target}",
                       unit=unit.name, target=target.name)
        return [Note(rule=rule, text=text)], []
    vehicle = next((m for m in s.alive_models(target_id) if m.wounds > 0 and is_vehicle(m)),
                   None)
    groups: dict[tuple[str, bool, int, str], list[Model]] = {}
    for m, w, snap in shots_of:
        facing = vehicles.facing_hit(geo, m, vehicle) if vehicle else ""
        groups.setdefault((w.id, snap, hit_needed(m, snap), facing), []).append(m)
    toughness = (majority_value([m for m in s.alive_models(target_id) if m.wounds > 0], "T")
                 + toughness_bonus(s, target_id))
    events: list[Event] = []
    pools: list[dict] = []
    for (wid, snap, need_hit, facing), models in sorted(groups.items()):
        w = weapon_by_id(wid)
        prof = w.profiles[0]
        shots = w.shots * len(models)
        fired = (nmsg("{n} snap shot", "{n} snap shots", shots) if snap
                 else nmsg("{n} shot", "{n} shots", shots))
        roll = dice.roll(shots, msg("{unit} volley, {weapon}", unit=unit.name, weapon=w.name), rule)
        hits = sum(1 for v in roll.values if v >= need_hit)
        events.append(DiceRolled(rule=rule, who=unit.name,
                                 label=msg("{shots} with {weapon}", shots=fired, weapon=w.name),
                                 values=roll.values,
                                 needed=f"{need_hit}+", outcome=count(hits, "hit")))
        if not hits:
            continue
        strength = max(prof.strength_for(int(m.profile["S"])) for m in models)
        if vehicle:
            more, pool = vehicles.penetrate(
                s, dice, unit_id, target_id, hits, strength, prof,
                _pool_label(w.name, overwatch), facing, volley=True,
                simultaneous=False, strikers=models, attacks=shots, cover=not overwatch)
            events.extend(more)
            pools.extend([pool] if pool else [])
            continue
        need = wound_target(strength, toughness)
        if need is None:
            events.append(Note(rule=rule, text=msg("S{strength} against T{toughness}: no wound "
                                                   "is possible",
                                                   strength=strength, toughness=toughness)))
            continue
        wroll = dice.roll(hits, msg("{unit} volley wounds", unit=unit.name), rule)
        wounds = sum(1 for v in wroll.values if v >= need)
        events.append(DiceRolled(rule=rule, who=unit.name, label=msg("to wound"),
                                 values=wroll.values, needed=f"{need}+",
                                 outcome=msg("{wounds} (S{strength} vs T{toughness})",
                                             wounds=count(wounds, "wound"), strength=strength,
                                             toughness=toughness)))
        if wounds:
            label = _pool_label(w.name, overwatch)
            pools.append(new_pool(s, unit_id, target_id, wounds, prof.ap, prof.damage,
                                  label, rule, shots, hits, simultaneous=False,
                                  strikers=models, cover=not overwatch))
    return events, pools


def _pool_label(weapon_name: str, overwatch: bool) -> str:
    """ "sidearm (volley)": the weapon a volley's wounds come from, as the log names it."""
    return join([weapon_name, " (", msg("overwatch") if overwatch else msg("volley"), ")"], "")
