"""What an action is worth to the side taking it, in expected victory points (the greedy AI).

Dice steps are valued from the exact odds: the whole charge from charge_odds (the setup move,
the roll and the placement it needs, as the game resolves it), hit, wound and save chances
from odds.py; moves by the objectives they take and the ground they close. This is
the greedy agent's whole judgement, kept cheap: it runs for every legal action.
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.geometry import Geometry
from game.core.state import GameState, Model
from game.rulesets.legions import charge, consolidation, evade, reactions, transports, vehicles
from game.rulesets.legions.charge_odds import roll_chance
from game.rulesets.legions.checks import p_pass, unit_value
from game.rulesets.legions.fight import attacks_of, standing, weapon_options
from game.rulesets.legions.move_value import move_value
from game.rulesets.legions.odds import (
    charge_success,
    hit_target,
    p_at_least,
    p_unsaved,
    wound_target,
)
from game.rulesets.legions.profile import (
    has_sub_type,
    is_paragon,
    is_vehicle,
    majority_value,
    weapon,
)
from game.rulesets.legions.volley import firing, hit_needed
from game.rulesets.legions.wounds import pool_save, save_needed

#: Being Stunned costs about this much (disordered charges, initiative 1).
STUN_COST = 0.6
#: Keeping the phase's reaction point for a later charge is worth about this much.
REACTION_POINT_VALUE = 0.05


def _target_stats(s: GameState, target_id: str, extra_t: int = 0
                  ) -> tuple[int, int, Model | None]:
    """The target's typical WS, T (with a Shield wall it holds, and `extra_t` more) and model."""
    foes = standing(s, target_id)
    if not foes:
        return 0, 0, None
    toughness = majority_value(foes, "T") + reactions.toughness_bonus(s, target_id) + extra_t
    return majority_value(foes, "WS"), toughness, foes[0]


def expected_kills(s: GameState, attacker: str, target_id: str,
                   models: list[Model] | None = None, choice: tuple[str, str] | None = None,
                   extra_t: int = 0) -> float:
    """Expected enemy models slain by these models' melee attacks (each with its best profile,
    or `choice`), one round, against the target's typical model."""
    ws, t, sample = _target_stats(s, target_id, extra_t)
    if sample is None:
        return 0.0
    total = 0.0
    # A model's best odds read only its S, WS and weapons, the choice, the target's WS and T
    # and what its sample model shows an attack (`_sample_key`): worked out once per such
    # question in a battle (some 300 asks a greedy battle, under 60 different questions),
    # added up model by model as before (the same sum).
    target = (choice, ws, t, _sample_key(sample))
    for m in models if models is not None else standing(s, attacker):
        key = (m.profile["S"], m.profile["WS"], m.profile["weapons"], target)
        best = _BESTS.get(key)
        if best is None:
            if len(_BESTS) >= BESTS_KEPT:
                _BESTS.clear()
            best = _BESTS[key] = _best_odds(m, choice, ws, t, sample)
        total += best * attacks_of(s, m)
    return total


#: Best odds per question (see expected_kills): pure arithmetic of the profiles, kept across
#: battles, never more than BESTS_KEPT of them.
_BESTS: dict[tuple, float] = {}
BESTS_KEPT = 4096


def _sample_key(sample: Model) -> tuple:
    """All `_best_odds` reads of the target's sample model: whether it is a vehicle, its rear
    armour, its saves and its wounds."""
    profile = sample.profile
    return (is_vehicle(sample), profile.get(f"AV_{vehicles.REAR}"), profile["Sv"],
            profile.get("Inv"), sample.max_wounds)


def _best_odds(m: Model, choice: tuple[str, str] | None, ws: int, t: int, sample: Model
               ) -> float:
    """One attack's expected share of a kill with the model's best weapon profile (or
    `choice`) against the target's typical model."""
    options = [choice] if choice else weapon_options(m)
    best = 0.0
    for wid, pname in options:
        p = weapon(wid).profile(pname)
        strength = p.strength_for(int(m.profile["S"]))
        to_hit = p_at_least(hit_target(int(m.profile["WS"]), ws))
        if is_vehicle(sample):
            best = max(best, float(to_hit) * vehicles.expected_hull_share(
                strength, vehicles.armour(sample, vehicles.REAR), p.damage,
                p_unsaved(save_needed(sample, p.ap)), sample))
            continue
        chance = (to_hit * p_at_least(wound_target(strength, t))
                  * p_unsaved(save_needed(sample, p.ap)))
        best = max(best, float(chance) * min(1.0, p.damage / sample.max_wounds))
    return best


def volley_kills(s: GameState, geo: Geometry, unit_id: str, target_id: str,
                 extra_t: int = 0, overwatch: bool = False) -> float:
    """Expected models slain by a volley (snap shots) or an Overwatch volley (fired normally)."""
    _, t, sample = _target_stats(s, target_id, extra_t)
    if sample is None:
        return 0.0
    total = 0.0
    for m, w, snap in firing(s, geo, unit_id, target_id, overwatch):
        p = w.profiles[0]
        strength = p.strength_for(int(m.profile["S"]))
        if is_vehicle(sample):
            av = vehicles.armour(sample, vehicles.facing_hit(geo, m, sample))
            total += float(p_at_least(hit_needed(m, snap))) * w.shots * (
                vehicles.expected_hull_share(strength, av, p.damage,
                                             p_unsaved(save_needed(sample, p.ap)), sample))
            continue
        chance = (p_at_least(hit_needed(m, snap)) * p_at_least(wound_target(strength, t))
                  * p_unsaved(save_needed(sample, p.ap)))
        total += float(chance) * w.shots
    return total


def fight_value(s: GameState, unit_id: str, target_id: str) -> float:
    """A round of fighting: what we deal minus (a little less than) what we take."""
    return expected_kills(s, unit_id, target_id) - 0.8 * expected_kills(s, target_id, unit_id)


def charge_value(s: GameState, geo: Geometry, unit_id: str, target_id: str) -> float:
    distance = charge.sight_distance(s, geo, unit_id, target_id)
    if distance is None:
        return -1.0
    p = float(charge.chance(s, geo, unit_id, target_id).p)
    fail_stun = (1 - p) * (1 - float(p_pass(unit_value(s, unit_id, "Cl")))) * STUN_COST
    return p * (fight_value(s, unit_id, target_id) + 0.3) - fail_stun


def _enemy_in_combat(s: GameState, unit_id: str) -> str | None:
    from game.rulesets.legions.combat import locked_with

    partners = locked_with(s, unit_id)
    return partners[0] if partners else None


def allocation_value(s: GameState, a: Action) -> float:
    """The defender keeps its leaders and its best saves: a wound on a plain model with a good
    save is worth the most to it. A Paragon picking its own victims wants the opposite."""
    pool = s.pending["wounds"][0]
    m = s.models[a.targets[0]]
    saved = 1 - float(p_unsaved(pool_save(s, m, pool)))
    leader = has_sub_type(m, "Sergeant") or has_sub_type(m, "Command") or is_paragon(m)
    value = saved - (0.5 if leader else 0.0) - 0.1 * (m.max_wounds - m.wounds)
    return -value if pool.get("by_paragon") else value


def aftermath_value(s: GameState, geo: Geometry, a: Action) -> float:
    f = s.pending["fight"]
    option = consolidation.base_option(a.option)
    if option == "hold":
        return 0.0
    if option == "fall_back":
        return 0.0
    if option == "disengage":
        enemies = [u for u in f["combat"] if s.units[u].side != s.units[a.unit].side]
        danger = sum(fight_value(s, e, a.unit) for e in enemies if s.unit_alive(e))
        return danger - 0.2
    if option == "gun_down":
        return volley_kills(s, geo, a.unit, a.targets[0]) + 0.05
    if option == "pursue":
        gap = geo.unit_distance(s, a.unit, a.targets[0])
        need = gap - min(int(m.profile["I"]) for m in s.alive_models(a.unit))
        p = sum(1 for d in range(1, 7) if d >= need) / 6
        return p * (fight_value(s, a.unit, a.targets[0]) + 0.2)
    if option == "consolidate":
        if a.placement:
            return move_value(s, geo, a) + 0.01
        if consolidation.goal_of(a) is None:
            return 0.0
        return move_value(s, geo, a, estimate=consolidation.estimate) + 0.01
    return 0.0


def reaction_value(s: GameState, geo: Geometry, a: Action) -> float:
    """A reaction is worth what it saves the charged unit in this charge, less the point it
    spends (which no later charge of the phase can then use)."""
    if a.option == reactions.NONE:
        return 0.0
    charger = s.pending["charge"]["unit"]
    p = float(roll_chance(s, geo, charger, a.unit).p)
    if a.option == reactions.SHIELD_WALL:
        saved = (volley_kills(s, geo, charger, a.unit) - volley_kills(s, geo, charger, a.unit, 1)
                 + p * (expected_kills(s, charger, a.unit)
                        - expected_kills(s, charger, a.unit, extra_t=1)))
        return saved - REACTION_POINT_VALUE
    if a.option == reactions.OVERWATCH:
        gained = (volley_kills(s, geo, a.unit, charger, overwatch=True)
                  - volley_kills(s, geo, a.unit, charger))
        return gained - REACTION_POINT_VALUE
    if a.option == reactions.EVADE:
        placement = evade.offer(s, geo, a.unit, charger)
        if placement is None:
            return 0.0
        gap = geo.unit_distance(s, charger, a.unit) + evade.gained(
            s, geo, a.unit, charger, {mid: (x, y) for mid, x, y in placement})
        spared = p - float(charge_success(gap))
        stun = (1 - float(p_pass(unit_value(s, charger, "Cl")))) * STUN_COST
        return spared * (fight_value(s, charger, a.unit) + stun) - REACTION_POINT_VALUE
    return 0.0


def action_value(s: GameState, a: Action, geo: Geometry) -> float:
    kind = a.kind
    if kind == "react":
        return reaction_value(s, geo, a)
    if kind == "move":
        return move_value(s, geo, a)
    if kind in ("embark", "disembark"):
        return transports.action_value(s, geo, a)
    if kind == "declare_charge":
        return charge_value(s, geo, a.unit, a.targets[0])
    if kind == "volley":
        return volley_kills(s, geo, a.unit, a.targets[0]) + 0.01 if a.option == "fire" else 0.0
    if kind == "declare_weapon":
        models = [s.models[i] for i in a.targets]
        target = _enemy_in_combat(s, models[0].unit)
        if target is None:
            return 0.0
        wid, pname = a.option.split("|")
        return expected_kills(s, models[0].unit, target, models, (wid, pname))
    if kind in ("strike", "strike_target"):
        return 0.0
    if kind == "allocate":
        return allocation_value(s, a)
    if kind == "aftermath":
        return aftermath_value(s, geo, a)
    if kind == "end_phase":
        return 0.0
    if kind == "end_charges":
        return 0.0
    return 0.0



