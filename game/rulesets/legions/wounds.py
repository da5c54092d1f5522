"""Wounds once they are rolled (rules/legions.md, Fight sub-phase steps 7, 8 and 10, and the
same for volleys): the defender picks the model that takes each wound (an already wounded model
first), one saving throw per wound (Sv - AP, or Inv, or a cover save against shots), D wounds per
unsaved wound.

The wounds waiting to be taken are a "pool" kept in `s.pending["wounds"]`: when the defender
has a real choice (models that differ), each wound is the defender's decision; otherwise the
rules take them one by one without asking. In the fight a model brought to 0 wounds is set
aside, not removed: it still strikes in this initiative step, and step 10 removes it.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import AttacksMade, Casualty, DamageDealt, DiceRolled, Event, Note
from game.core.geometry import Geometry
from game.core.i18n import msg, nmsg
from game.core.state import GameState, Model
from game.core.text import count
from game.rulesets.legions.characters import in_duel
from game.rulesets.legions.cover import COVER_SAVE, in_cover
from game.rulesets.legions.profile import is_paragon, model_class

RULE_ALLOCATE = msg("Allocation: the defender picks the model that takes each wound; an already "
                    "wounded model must be chosen first (legions seed)")
RULE_SAVE = msg("Saving throw: one per wound, Sv - AP or Inv; a pass discards it (legions seed)")
RULE_DAMAGE = msg("Damage: each unsaved wound takes D wounds; at 0 the model is a casualty "
                  "(legions seed)")
RULE_SET_ASIDE = msg("Casualties are removed at step 10 of the initiative step: models at the same "
                     "initiative strike simultaneously (legions seed)")


RULE_PARAGON_ALLOCATES = msg("A Paragon allocates the hits it inflicts itself, in shooting as in "
                             "melee (legions seed, the Paragon type)")


def new_pool(s: GameState, attacker: str, target: str, wounds: int, ap: int, damage: int,
             weapon: str, rule: str, attacks: int, hits: int, simultaneous: bool,
             strikers: list[Model], cover: bool = False) -> dict:
    """Wounds waiting to be taken. Whoever picks the models: the defender, or the attacker's
    player when every striking model is a Paragon (RULE_PARAGON_ALLOCATES). `cover`: the shots
    allow a cover save (cover.py)."""
    by_paragon = bool(strikers) and all(is_paragon(m) for m in strikers)
    picker = s.units[attacker].side if by_paragon else s.units[target].side
    return {"attacker": attacker, "target": target, "left": wounds, "ap": ap, "damage": damage,
            "weapon": weapon, "rule": rule, "attacks": attacks, "hits": hits, "wounds": wounds,
            "saves": 0, "unsaved": 0, "simultaneous": simultaneous, "picker": picker,
            "by_paragon": by_paragon, "cover": cover}


def takers(s: GameState, pool: dict) -> list[Model]:
    """Models that may take the next wound: an already wounded one if there is one, else any
    model still standing (a model set aside at 0 wounds takes no more; a model fighting a
    challenge takes no wound of the general fight: challenge.py). A Paragon's own
    allocation may pick any standing model."""
    standing = [m for m in s.alive_models(pool["target"]) if m.wounds > 0
                and not (pool["simultaneous"] and in_duel(s, m.id))]
    if pool.get("by_paragon"):
        return standing
    wounded = [m for m in standing if m.wounds < m.max_wounds]
    return wounded or standing


def choices(s: GameState, geo: Geometry, pool: dict) -> list[Model]:
    """One model per kind the picker could choose (alike models are interchangeable): the one
    furthest from the attackers when the defender picks, the nearest when a Paragon does
    ([added] sensible defaults; any model of the kind is accepted)."""
    attackers = s.alive_models(pool["attacker"])
    sign = -1.0 if pool.get("by_paragon") else 1.0
    by_class: dict[tuple, tuple] = {}
    for m in takers(s, pool):
        far = sign * min((geo.distance(m, a) for a in attackers), default=0.0)
        key = model_class(m)
        if key not in by_class or (far, m.id) > by_class[key][:2]:
            by_class[key] = (far, m.id, m)
    return sorted((v[2] for v in by_class.values()), key=lambda m: m.id)


def save_needed(model: Model, ap: int, cover: bool = False) -> int:
    """Sv - AP, or the invulnerable save if that is better (AP does not touch it), or with
    `cover` the cover save if that is better still (cover.py); 7+ = none."""
    armour = int(model.profile["Sv"]) - ap
    inv = model.profile.get("Inv")
    best = min(armour, int(inv)) if inv is not None else armour
    return min(best, COVER_SAVE) if cover else best


def pool_save(s: GameState, model: Model, pool: dict) -> int:
    """The save this model makes against a wound of this pool: its cover counts only against
    shots that allow cover (volleys and Gun down; not the fight, not an Overwatch volley)."""
    return save_needed(model, pool["ap"], bool(pool.get("cover")) and in_cover(s, model))


def take_wound(s: GameState, dice: Dice, pool: dict, model_id: str) -> list[Event]:
    """One wound to this model: its saving throw, then D damage if it fails."""
    model = s.models[model_id]
    pool["left"] -= 1
    need = pool_save(s, model, pool)
    events: list[Event] = []
    if need > 6:
        ok = False
        events.append(Note(rule=RULE_SAVE, text=msg("{model} has no save against AP{ap}",
                                                    model=model.name, ap=pool["ap"])))
    else:
        roll = dice.roll(1, msg("save for {model}", model=model.name), RULE_SAVE).values[0]
        ok = roll >= need
        events.append(DiceRolled(rule=RULE_SAVE, who=model.name, label=msg("a save"),
                                 values=(roll,), needed=f"{need}+",
                                 outcome=msg("saved") if ok else msg("failed")))
    if ok:
        pool["saves"] += 1
        return events
    pool["unsaved"] += 1
    return events + damage(s, model, pool["damage"], pool["simultaneous"])


def damage(s: GameState, model: Model, amount: int, simultaneous: bool) -> list[Event]:
    before = model.wounds
    model.wounds = max(0, before - amount)
    unit_name = s.units[model.unit].name
    events: list[Event] = [DamageDealt(rule=RULE_DAMAGE, model=model.id, model_name=model.name,
                                       damage=amount, wounds_left=model.wounds,
                                       lost=max(0, amount - before))]
    if model.wounds == 0:
        if simultaneous:
            events.append(Note(rule=RULE_SET_ASIDE,
                               text=msg("{model} falls: set aside, removed at the end of this "
                                        "initiative step",
                                        model=model.name)))
        else:
            events.append(remove(s, model, unit_name))
    return events


def remove(s: GameState, model: Model, unit_name: str, rule: str = RULE_DAMAGE) -> Casualty:
    model.alive = False
    model.wounds = 0
    s.sides[model.side].casualties.append(model.id)
    return Casualty(rule=rule, model=model.id, model_name=model.name, unit_name=unit_name)


def pool_done(s: GameState, pool: dict) -> bool:
    return pool["left"] <= 0 or not takers(s, pool)


def summary(s: GameState, pool: dict) -> list[Event]:
    """The strike's totals, and a note for wounds left with no model to take them."""
    events: list[Event] = []
    if pool["left"] > 0:
        events.append(Note(rule=RULE_ALLOCATE,
                           text=nmsg("{wounds} is lost: no model of {unit} is left to take them",
                                     "{wounds} are lost: no model of {unit} is left to take them",
                                     pool["left"], wounds=count(pool["left"], "wound"),
                                     unit=s.units[pool["target"]].name)))
    events.append(AttacksMade(rule=pool["rule"], unit_name=s.units[pool["attacker"]].name,
                              target_name=s.units[pool["target"]].name, weapon=pool["weapon"],
                              attacks=pool["attacks"], hits=pool["hits"], wounds=pool["wounds"],
                              saves=pool["saves"], unsaved=pool["unsaved"]))
    return events
