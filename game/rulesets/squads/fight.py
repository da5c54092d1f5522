"""The `squads` Fight phase [added]: fights first, alternation, pile in, attacks, allocation,
saves, damage, consolidate (rules/squads.md, "Fight phase")."""

from __future__ import annotations

from game.core.actions import Action, make_placement
from game.core.dice import Dice
from game.core.events import AttacksMade, Casualty, DamageDealt, DiceRolled, Event, Note
from game.core.geometry import CONTACT_TOLERANCE, Geometry
from game.core.i18n import msg
from game.core.memo import PerTable
from game.core.state import GameState, Model
from game.core.text import count
from game.rulesets.base import placement_reason
from game.rulesets.squads.engagement import ENGAGEMENT_RANGE, engaged_enemies
from game.rulesets.squads.odds import save_target, wound_target
from game.rulesets.squads.placing import stored

RULE_ORDER = msg("Fight order: fights first, then remaining combats from the active side, "
                 "sides alternate (squads)")
RULE_PILE_IN = msg("Pile in: up to 3\", each model ending closer to the closest enemy (squads)")
RULE_CONSOLIDATE = msg("Consolidate: up to 3\", same constraints as pile in (squads)")
RULE_HIT = msg("Hit roll: >= WS, unmodified 1 fails, unmodified 6 hits (squads)")
RULE_WOUND = msg("Wound roll: S vs T table (squads)")
RULE_SAVE = msg("Saving throw: Sv - AP or invulnerable, unmodified 1 fails (squads)")
RULE_DAMAGE = msg("Damage: D wounds per failed save, excess lost (squads)")
RULE_ALLOCATE = msg("Allocation: wounded models first (squads)")
PILE_IN = 3.0


def fight_eligible(s: GameState, geo: Geometry, side: int, step: str) -> list[str]:
    """Units of `side` that may be chosen to fight in this step and have not fought yet."""
    out = []
    for unit in s.units_of(side):
        if unit.flags.get("fought"):
            continue
        if step == "first" and not unit.flags.get("charged"):
            continue
        if engaged_enemies(s, geo, unit.id):
            out.append(unit.id)
    return out


# --- pile in and consolidate ---------------------------------------------------------------------

def _closest_enemy_distance(s: GameState, geo: Geometry, model: Model) -> float:
    return min((geo.distance(model, e) for e in s.models.values()
                if e.alive and e.side != model.side), default=float("inf"))


#: Pile-in and consolidate checks per table, under the placement and every living base (all
#: a check reads): the listing checks its offer, then `apply` checks the chosen one again.
_checked = PerTable(256)


def close_in_problem(s: GameState, geo: Geometry, unit_id: str, dest: dict, what: str) -> str | None:
    """Pile in / consolidate (`what`: "pile in" or "consolidate"): up to 3", each moving model
    ends closer to the closest enemy model, and the unit engages no unit it was not already
    engaged with (`_close_in_problem`), remembered for the same placement on the same board."""
    placed = tuple(sorted((mid, float(x), float(y)) for mid, (x, y) in dest.items()))
    bases = tuple([(m.id, m.x, m.y, m.facing) for m in s.models.values() if m.alive])
    return _checked.get(geo, (unit_id, what, placed, bases),
                        lambda: _close_in_problem(s, geo, unit_id, dest, what))


def _close_in_problem(s: GameState, geo: Geometry, unit_id: str, dest: dict,
                      what: str) -> str | None:
    """`close_in_problem` measured afresh. Each reason is written out for both moves, so a
    translation says each."""
    pile_in = what == "pile in"
    how = msg("pile in") if pile_in else msg("consolidate")
    problem = placement_reason(s, geo, unit_id, dest, PILE_IN, how=how, connected=True)
    if problem:
        return problem
    for m in s.alive_models(unit_id):
        if m.id in dest and tuple(dest[m.id]) != (m.x, m.y):
            moved = m.copy()
            moved.x, moved.y = dest[m.id]
            if _closest_enemy_distance(s, geo, moved) >= _closest_enemy_distance(s, geo, m) - 1e-9:
                if pile_in:
                    return msg("{model} must end its pile in closer to the closest enemy model",
                               model=m.name)
                return msg("{model} must end its consolidate closer to the closest enemy model",
                           model=m.name)
    before = set(engaged_enemies(s, geo, unit_id))
    after = set(engaged_enemies(s, geo, unit_id, dest))
    new = after - before
    if new:
        name, unit = s.units[sorted(new)[0]].name, s.units[unit_id].name
        if pile_in:
            return msg("{unit} may not engage a new unit ({other}) by a pile in", unit=unit,
                       other=name)
        return msg("{unit} may not engage a new unit ({other}) by a consolidate", unit=unit,
                   other=name)
    return None


def close_in_destinations(s: GameState, geo: Geometry, unit_id: str) -> dict | None:
    """The solver's pile-in: toward base contact with the engaged enemies, never a new unit."""
    engaged = engaged_enemies(s, geo, unit_id)
    if not engaged:
        return None
    goals = [m.id for e in engaged for m in s.alive_models(e)]
    side = s.units[unit_id].side
    avoid = [m.id for e in s.enemy_units(side) if e.id not in engaged for m in s.alive_models(e.id)]
    dest = geo.approach(s, unit_id, goals, PILE_IN, CONTACT_TOLERANCE, avoid=avoid,
                        avoid_range=ENGAGEMENT_RANGE)
    moved = {k: v for k, v in dest.items() if v != (s.models[k].x, s.models[k].y)}
    if not moved:
        return None
    return dest


def close_in_actions(s: GameState, geo: Geometry, unit_id: str, kind: str) -> list[Action]:
    out = []
    dest = close_in_destinations(s, geo, unit_id)
    what = "pile in" if kind == "pile_in" else "consolidate"
    if dest is not None:
        dest = stored(s, dest)  # check what the action will keep, not the unrounded spots
    if dest and close_in_problem(s, geo, unit_id, dest, what) is None:
        label = msg("Pile in toward the enemy") if kind == "pile_in" else \
            msg("Consolidate toward the enemy")
        out.append(Action(kind, unit_id, placement=make_placement(dest), label=label))
    out.append(Action(kind, unit_id, label=msg("Do not pile in") if kind == "pile_in"
                      else msg("Do not consolidate")))
    return out


# --- attacks -----------------------------------------------------------------------------------

def attacking_models(s: GameState, geo: Geometry, unit_id: str, target_id: str) -> list[Model]:
    """Models within 2" of a target model, or in base contact with a friend that is in base
    contact with a target model."""
    targets = s.alive_models(target_id)
    mine = s.alive_models(unit_id)
    direct = [m for m in mine if any(geo.distance(m, t) <= ENGAGEMENT_RANGE for t in targets)]
    touching = [m for m in direct if any(geo.in_contact(m, t) for t in targets)]
    out = list(direct)
    for m in mine:
        if m not in out and any(geo.in_contact(m, f) for f in touching):
            out.append(m)
    return out


def allocation_order(s: GameState, geo: Geometry, target_id: str, attacker_id: str) -> Model:
    """The defender allocates each wound to a model that is already wounded first; otherwise
    ([added] a defender's sensible default) to the model furthest from the attackers, keeping
    its fighters in the combat."""
    alive = s.alive_models(target_id)
    wounded = [m for m in alive if m.wounds < m.max_wounds]
    if wounded:
        return wounded[0]
    attackers = s.alive_models(attacker_id)
    return max(alive, key=lambda m: (min(geo.distance(m, a) for a in attackers), m.id))


def resolve_attacks(s: GameState, geo: Geometry, dice: Dice, unit_id: str,
                    target_id: str) -> list[Event]:
    unit, target = s.units[unit_id], s.units[target_id]
    prof, tprof = unit.profile, target.profile
    attackers = attacking_models(s, geo, unit_id, target_id)
    attacks = len(attackers) * prof["A"]
    events: list[Event] = []
    if not attacks:
        return [Note(rule=RULE_ORDER, text=msg("{unit} has no model in range of {target}",
                                               unit=unit.name, target=target.name))]
    hit_roll = dice.roll(attacks, f"{attacks} hit rolls", RULE_HIT)
    hits = sum(1 for v in hit_roll.values if v != 1 and (v == 6 or v >= prof["WS"]))
    events.append(DiceRolled(rule=RULE_HIT, who=unit.name, label=msg("to hit"),
                             values=hit_roll.values,
                             needed=f"{prof['WS']}+", outcome=count(hits, "hit")))
    wounds = 0
    need_wound = wound_target(prof["S"], tprof["T"])
    if hits:
        wound_roll = dice.roll(hits, f"{hits} wound rolls", RULE_WOUND)
        wounds = sum(1 for v in wound_roll.values if v >= need_wound)
        events.append(DiceRolled(rule=RULE_WOUND, who=unit.name, label=msg("to wound"),
                                 values=wound_roll.values, needed=f"{need_wound}+",
                                 outcome=msg("{wounds} (S{strength} vs T{toughness})",
                                             wounds=count(wounds, "wound"), strength=prof["S"],
                                             toughness=tprof["T"])))
    saved = unsaved = 0
    need_save = save_target(tprof["Sv"], prof["AP"], tprof.get("InvSv"))
    if wounds and need_save > 6:
        events.append(Note(rule=RULE_SAVE, text=msg(
            "{unit} has no save possible: Sv {save}+ with AP{ap} needs {needed}+ and it has no "
            "invulnerable save, so no save is rolled", unit=target.name, save=tprof["Sv"],
            ap=prof["AP"], needed=need_save)))
    for _ in range(wounds):
        if not s.unit_alive(target_id):
            break
        model = allocation_order(s, geo, target_id, unit_id)
        ok = need_save <= 6 and _save(dice, model, need_save, events)
        if ok:
            saved += 1
            continue
        unsaved += 1
        events.extend(apply_damage(s, model, prof["D"], target.name))
    events.append(AttacksMade(rule=RULE_HIT, unit_name=unit.name, target_name=target.name,
                              weapon=prof["weapon"], attacks=attacks, hits=hits, wounds=wounds,
                              saves=saved, unsaved=unsaved))
    return events


def _save(dice: Dice, model: Model, need: int, events: list[Event]) -> bool:
    """One saving throw (only rolled when a save is possible): >= need, a 1 always fails."""
    roll = dice.roll(1, f"save for {model.name}", RULE_SAVE).values[0]
    ok = roll != 1 and roll >= need
    events.append(DiceRolled(rule=RULE_SAVE, who=model.name, label=msg("save"), values=(roll,),
                             needed=f"{need}+", outcome=msg("saved") if ok else msg("failed")))
    return ok


def apply_damage(s: GameState, model: Model, damage: int, unit_name: str) -> list[Event]:
    """Each failed save removes D wounds; excess damage is lost; at 0 the model is removed."""
    before = model.wounds
    model.wounds = max(0, before - damage)
    events: list[Event] = [DamageDealt(rule=RULE_DAMAGE, model=model.id, model_name=model.name,
                                       damage=damage, wounds_left=model.wounds,
                                       lost=max(0, damage - before))]
    if model.wounds == 0:
        model.alive = False
        s.sides[model.side].casualties.append(model.id)
        events.append(Casualty(rule=RULE_DAMAGE, model=model.id, model_name=model.name,
                               unit_name=unit_name))
    return events


def attack_actions(s: GameState, geo: Geometry, unit_id: str) -> list[Action]:
    """One choice per engaged enemy unit; if none is left (all slain), the attacks lapse."""
    out = []
    for enemy in engaged_enemies(s, geo, unit_id):
        out.append(Action("attack", unit_id, targets=(enemy,),
                          label=msg("Attack {target}", target=s.units[enemy].name)))
    return out or [Action("attack", unit_id, label=msg("No enemy left in reach: no attacks"))]

