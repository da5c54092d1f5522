"""The `warband` close combat phase, as the seed gives it (warband.md, "Close combat phase").

Flow of one warband's phase: every model able to fight with a target in this phase (its own
warband's models and the enemies they touch) is put in strike order; each in turn declares its
targets and the split of its attacks (a choice only when it has one), then its strike is
resolved; at the end the warband's models fighting alone test their nerve, and those that fail
flee, taking one automatic hit from each enemy in contact (fleeing.py).

Dice, in the order they are rolled (the tests script them in this order):
- strike order: for each group of tied models in one combat, 1D6 each in id order (ties
  re-rolled among themselves);
- a strike, per target (in the order first named), per weapon (the weapon of choice first):
  to-hit dice (none against a knocked-down target), the parry die (and its re-roll), one
  to-wound die per remaining hit, the critical die for the first qualifying 6, one armour save
  die per wound that allows one; then, after all the strike's weapons, the injury dice (one per
  wound from the one that takes the model to 0) and the helmet die;
- all alone: 2D6 per model tested; fleeing: each enemy's automatic hit (wound, critical, save,
  injury), then 2D6 for the run.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from game.core.actions import Action
from game.core.dice import Dice
from game.core.events import AttacksMade, DiceRolled, Event, Note
from game.core.geometry import Geometry
from game.core.i18n import and_list, join, msg, nmsg
from game.core.state import GameState, Model
from game.core.text import count as count_of
from game.rulesets.warband.charts import (
    RULE_TO_HIT,
    to_hit_needed,
)
from game.rulesets.warband.engagement import (
    RULE_MULTIPLAYER,
    RULE_PROTECT_DOWNED,
    combats,
    contact_map,
    fighters,
    opponents,
    phase_targets,
    protected,
)
from game.rulesets.warband.equipment import (
    RULE_TWO_WEAPONS,
    RULE_UNARMED,
    UNARMED,
    Item,
    loadout,
    weapon,
)
from game.rulesets.warband.events import DiceKept, StrikeOrder
from game.rulesets.warband.movement import model_of
from game.rulesets.warband.odds import Fighter, strike_distribution, strike_tier
from game.rulesets.warband.status import (
    CHARGED,
    FLEEING,
    STOOD_UP,
    WAS_CHARGED,
    condition,
    flag,
)
from game.rulesets.warband.wounds import (  # noqa: F401 (RULE_KNOCKED_DOWN_TARGET read as combat.X)
    RULE_KNOCKED_DOWN_TARGET,
    Tally,
    injure_after_strike,
    out_of_action,
    wound_hits,
)

RULE_ORDER = msg("Strike order: 1) strikes first (charged this turn, a spear against a charger, "
                 "skills), 2) everyone else, 3) strikes last (double-handed weapon), 4) stood up "
                 "this turn; by decreasing Initiative within each step (warband seed)")
RULE_TIES = msg("Strike order ties: 1D6 each, highest first, ties re-rolled (warband seed)")
RULE_SPLIT = msg("With several enemies in contact a model chooses whom to attack and may split its "
                 "attacks, all decided before its hit rolls (warband seed)")
RULE_NO_FIGHT_BACK = msg("Knocked down or stunned models cannot fight back (warband seed)")
RULE_PARRY = msg("Parry (sword or buckler): a D6 that beats the attacker's highest successful hit "
                 "roll parries one hit (warband seed)")
RULE_PARRY_ONCE = msg("Only one hit may be parried per close combat phase (a failed parry does "
                      "not use it up); against several opponents only the first successful hit "
                      "(warband seed)")
RULE_PARRY_REROLL = msg("Sword and buckler: re-roll a failed parry once; two swords do not re-roll "
                        "(warband seed)")
RULE_PARRY_SIX = msg("A hit rolled on 6 cannot be parried (warband seed)")
RULE_PARRY_STRENGTH = msg("An attack with S at least twice the parrier's base S cannot be parried "
                          "(warband seed)")
RULE_STUNNED_TARGET = msg("Stunned target: out of action as soon as an enemy attacks it in close "
                          "combat (warband seed)")
RULE_SAME_MODEL = msg("A model with several attacks cannot knock down or stun and then finish the "
                      "same enemy in one phase; a second attacker can (warband seed)")


def attacked_while_stunned(attacker: Model) -> str:
    """The cause of a stunned model's removal (RULE_STUNNED_TARGET)."""
    return msg("attacked by {attacker} while stunned", attacker=attacker.name)


#: A parry roll's outcomes.
PARRIED = msg("parried")
FAILS = msg("fails")


# --- the phase's bookkeeping -------------------------------------------------------------------
def new_fight(side: int, order: list[str]) -> dict:
    """pending["combat"]: whose phase, the strike order and who is next, and the once-per-phase
    marks (a hit parried, first successful hit taken, critical hit made)."""
    return {"side": side, "order": order, "next": 0, "parried": [], "hit": [], "crit": []}


def striker(s: GameState) -> Model | None:
    fight = s.pending.get("combat")
    if not fight or fight["next"] >= len(fight["order"]):
        return None
    return s.models[fight["order"][fight["next"]]]


# --- strike order ------------------------------------------------------------------------------
def tier_of(s: GameState, model: Model) -> int:
    return strike_tier(Fighter.of(model.profile), flag(s, model, CHARGED),
                       flag(s, model, WAS_CHARGED), flag(s, model, STOOD_UP))


def strike_order(s: GameState, geo: Geometry, dice: Dice, side: int
                 ) -> tuple[list[str], list[Event]]:
    """Every model that fights in this phase, in strike order: by step, then decreasing
    Initiative (step 4 ignores Initiative), then a D6 roll-off between tied models of the same
    combat (ties between separate combats change nothing, so they are not rolled)."""
    contacts = contact_map(s, geo)
    fighting = fighters(s, contacts, side)
    events: list[Event] = []
    rank: dict[str, tuple] = {}
    for number, group in enumerate(combats(fighting, contacts)):
        tied: dict[tuple[int, int], list[Model]] = {}
        for m in group:
            tier = tier_of(s, m)
            initiative = 0 if tier == 4 else m.profile["I"]
            tied.setdefault((tier, initiative), []).append(m)
        for (tier, initiative), models in tied.items():
            models.sort(key=lambda m: m.id)
            order = _roll_off(dice, models, events) if len(models) > 1 else models
            for position, m in enumerate(order):
                rank[m.id] = (tier, -initiative, number, position)
    order = sorted(rank, key=lambda mid: rank[mid])
    return order, events


def _roll_off(dice: Dice, models: list[Model], events: list[Event]) -> list[Model]:
    """1D6 each, highest first; models still tied roll again among themselves."""
    rolls = {m.id: dice.d6(f"{m.name} strike order", RULE_TIES) for m in models}
    events.append(DiceKept(rule=RULE_TIES, who=and_list(m.name for m in models),
                           label=msg("1D6 each for the strike order (same Initiative)"),
                           values=tuple(rolls[m.id] for m in models),
                           outcome=join(msg("{model} {roll}", model=m.name, roll=rolls[m.id])
                                        for m in models)))
    out: list[Model] = []
    for value in sorted(set(rolls.values()), reverse=True):
        same = [m for m in models if rolls[m.id] == value]
        out.extend(same if len(same) == 1 else _roll_off(dice, same, events))
    return out


def order_event(s: GameState, side: int, order: list[str]) -> StrikeOrder:
    return StrikeOrder(rule=RULE_ORDER, side_name=s.sides[side].name,
                       names=tuple(s.models[m].name for m in order))


# --- declarations ------------------------------------------------------------------------------
def current_targets(s: GameState, geo: Geometry, model: Model) -> list[Model]:
    fight = s.pending["combat"]
    return sorted(phase_targets(s, model, contact_map(s, geo), fight["side"]),
                  key=lambda m: m.id)


def declarations(model: Model, targets: list[Model]) -> list[tuple[str | None, tuple[str, ...]]]:
    """Every distinct way to split the model's attacks among its targets: (weapon of choice,
    target unit per attack, the weapon of choice's single attack first)."""
    kit = loadout(model.profile["gear"])
    count = kit.attack_count(model.profile["A"])
    ids = [t.unit for t in targets]
    if not kit.different_weapons:
        return [(None, combo) for combo in combinations_with_replacement(ids, count)]
    singles = [w.id for w in kit.weapons] if count > 2 else [kit.choice_default]
    out = []
    for single in singles:
        for first in ids:
            for rest in combinations_with_replacement(ids, count - 1):
                out.append((single, (first, *rest)))
    return out


def strike_actions(s: GameState, geo: Geometry) -> list[Action]:
    """The declarations open to the model whose turn it is to strike (applied at once when it
    has only one)."""
    model = striker(s)
    if model is None:
        return []
    targets = current_targets(s, geo, model)
    names = {t.unit: t.name for t in targets}
    options = declarations(model, targets)
    kit = loadout(model.profile["gear"])
    out = []
    for single, chosen in options:
        plan = kit.attack_plan(model.profile["A"], single)
        label = msg("{model} strikes: {split}", model=model.name,
                    split=describe_split(plan, chosen, names))
        option = "auto" if len(options) == 1 else single
        out.append(Action("strike", model.unit, targets=chosen, option=option, label=label))
    return out


def describe_split(plan, chosen: tuple[str, ...], names: dict[str, str]) -> str:
    parts = []
    for weapon_id, target in attack_list(plan, chosen):
        parts.append((names.get(target, target), weapon(weapon_id).name))
    counted: dict[tuple[str, str], int] = {}
    for part in parts:
        counted[part] = counted.get(part, 0) + 1
    return join(nmsg("{n} attack on {target} ({weapon})", "{n} attacks on {target} ({weapon})",
                     n, target=who, weapon=what) for (who, what), n in counted.items())


def attack_list(plan, chosen: tuple[str, ...]) -> list[tuple[str, str]]:
    """(weapon id, target unit) per attack: the plan's weapons in order, matched to targets."""
    weapons = [w for w, n in plan for _ in range(n)]
    return list(zip(weapons, chosen, strict=True))


def declaration_problem(s: GameState, geo: Geometry, a: Action) -> str | None:
    model = striker(s)
    if model is None:
        return msg("No model is waiting to strike")
    if a.kind != "strike" or a.unit != model.unit:
        return msg("{model} strikes now ({rule})", model=model.name, rule=RULE_ORDER)
    allowed = {t.unit for t in current_targets(s, geo, model)}
    contacts = contact_map(s, geo)
    for t in a.targets:
        if t not in allowed:
            return _target_problem(s, model, t, contacts)
    if not allowed:
        return msg("{model} has nobody to attack", model=model.name)
    kit = loadout(model.profile["gear"])
    count = kit.attack_count(model.profile["A"])
    if len(a.targets) != count:
        return msg("{model} has {count} attacks: name a target for each ({rule})",
                   model=model.name, count=count, rule=RULE_SPLIT)
    if a.option not in (None, "auto") and a.option not in {w.id for w in kit.weapons}:
        return msg("{option} is not one of {model:poss} weapons ({rule})", option=a.option,
                   model=model.name, rule=RULE_TWO_WEAPONS)
    return None


def batches_on(plan, chosen: tuple[str, ...]) -> dict[str, list[tuple[str, int]]]:
    """Per target (in the order first named): its (weapon id, attacks) batches, in the order
    the strike rolls them."""
    by_target: dict[str, list[tuple[str, int]]] = {}
    for weapon_id, target in attack_list(plan, chosen):
        batches = by_target.setdefault(target, [])
        if batches and batches[-1][0] == weapon_id:
            batches[-1] = (weapon_id, batches[-1][1] + 1)
        else:
            batches.append((weapon_id, 1))
    return by_target


def strike_odds(s: GameState, geo: Geometry, model: Model, target: Model,
                batches: tuple[tuple[str, int], ...], exact: bool = True):
    """The exact distribution (odds.strike_distribution) of `model`'s batches on `target` as
    the two stand now in this phase: the target's condition and wounds, whether it may still
    parry and whether it fights several opponents (`parry_open`), whether `model` has made
    its critical hit. What the client shows and the AI weighs is what `resolve_strike` does."""
    fight = s.pending.get("combat") or new_fight(s.active, [])
    available, several = parry_open(s, geo, fight, target)
    return strike_distribution(Fighter.of(model.profile), tuple(batches),
                               Fighter.of(target.profile), condition(s, target), target.wounds,
                               available, model.id not in fight["crit"], exact, several)


def _target_problem(s: GameState, model: Model, unit_id: str, contacts) -> str:
    """Why `model` may not attack this unit now, naming the rule."""
    name = s.units[unit_id].name if unit_id in s.units else unit_id
    touched = [s.models[e] for e in contacts.get(model.id, ()) if s.models[e].unit == unit_id]
    if touched and protected(s, model, touched[0], contacts):
        return msg("{model} cannot attack {target}: {rule}", model=model.name, target=name,
                   rule=RULE_PROTECT_DOWNED)
    if touched:
        return msg("{model} cannot attack {target}: they fight in the close combat phases of "
                   "their own warbands, not this one ({rule})", model=model.name, target=name,
                   rule=RULE_MULTIPLAYER)
    return msg("{model} cannot attack {target}: it is not an enemy in base contact that "
               "fights it in this phase", model=model.name, target=name)


# --- resolving a strike --------------------------------------------------------------------------
def resolve_strike(s: GameState, geo: Geometry, dice: Dice, a: Action) -> list[Event]:
    """The striker's attacks, target by target. Each target is met as it was when the strike
    began: the same model cannot knock down or stun an enemy and then finish it."""
    fight = s.pending["combat"]
    model = striker(s)
    kit = loadout(model.profile["gear"])
    single = a.option if a.option not in (None, "auto") else None
    plan = kit.attack_plan(model.profile["A"], single)
    by_target = batches_on(plan, a.targets)
    met_as = {t: condition(s, model_of(s, t)) for t in by_target}  # RULE_SAME_MODEL
    events: list[Event] = []
    if kit.two_weapons:
        events.append(Note(rule=RULE_TWO_WEAPONS,
                           text=msg("{model} fights with two weapons: {attacks} + 1 attacks",
                                    model=model.name, attacks=model.profile["A"])))
    if kit.weapons[0] is UNARMED:
        events.append(Note(rule=RULE_UNARMED, text=msg("{model} fights with bare hands",
                                                       model=model.name)))
    for target_unit, batches in by_target.items():
        target = model_of(s, target_unit)
        if not target.alive:
            events.append(Note(rule=RULE_SPLIT, text=msg("{model} is already out of action",
                                                         model=target.name)))
            continue
        if met_as[target_unit] == "stunned":
            events.extend(out_of_action(s, target, attacked_while_stunned(model),
                                        RULE_STUNNED_TARGET, model.side))
            continue
        tally = Tally()
        for weapon_id, count in batches:
            events.extend(_weapon_attacks(s, geo, dice, fight, model, target, weapon(weapon_id),
                                          count, met_as[target_unit], tally))
        events.append(AttacksMade(rule=RULE_TO_HIT, unit_name=model.name, target_name=target.name,
                                  weapon=and_list(tally.weapons), attacks=tally.attacks,
                                  hits=tally.hits, wounds=tally.wounds, saves=tally.saves,
                                  unsaved=tally.unsaved))
        events.extend(injure_after_strike(s, dice, target, tally, met_as[target_unit], model.side))
        if tally.attacks > 1 and target.alive and condition(s, target) != "standing" \
                and met_as[target_unit] == "standing":
            events.append(Note(rule=RULE_SAME_MODEL,
                               text=msg("{model:poss} other attacks do not finish {target} "
                                        "off; another model may", model=model.name,
                                        target=target.name)))
    return events


def _weapon_attacks(s, geo, dice, fight, model, target, item: Item, count: int, met_as: str,
                    tally: Tally) -> list[Event]:
    """One weapon's attacks on one target: to hit, parry, then wounds and saves."""
    events: list[Event] = []
    tally.attacks += count
    tally.weapons.append(item.name)
    strength = model.profile["S"] + item.strength_bonus
    if met_as == "knocked down":
        hits = count
        events.append(Note(rule=RULE_KNOCKED_DOWN_TARGET,
                           text=nmsg("{n} automatic hit on {target}, who is knocked down",
                                     "{n} automatic hits on {target}, who is knocked down",
                                     count, target=target.name)))
    else:
        needed = to_hit_needed(model.profile["WS"], target.profile["WS"])
        roll = dice.roll(count, f"{model.name} to hit {target.name}", RULE_TO_HIT)
        faces = [v for v in roll.values if v >= needed]
        hits = len(faces)
        events.append(DiceRolled(
            rule=RULE_TO_HIT, who=model.name,
            label=msg("to hit {target} ({weapon}, WS{ws} vs WS{target_ws})", target=target.name,
                      weapon=item.name, ws=model.profile["WS"], target_ws=target.profile["WS"]),
            values=roll.values, needed=f"{needed}+", outcome=count_of(hits, "hit")))
        if hits:
            parried, parry_events = _parry(s, geo, dice, fight, model, target, strength, faces)
            events.extend(parry_events)
            hits -= parried
    tally.hits += hits
    events.extend(wound_hits(dice, fight, model, target, item, strength, hits, tally,
                             met_as == "knocked down"))
    return events


def parry_open(s: GameState, geo: Geometry, fight: dict, target: Model) -> tuple[bool, bool]:
    """(may the target still parry a hit in this phase, does it fight several opponents).

    The seed: only one hit can be *parried* per phase (a failed parry uses nothing up: a later
    hit from the same single opponent may still be parried), and a model fighting several
    opponents may only parry the first successful hit (once that hit has landed, whatever came
    of it, no later hit can be parried). A fleeing model has turned its back and does not
    parry; the parry itself needs a sword or buckler."""
    problem, several = parry_problem(s, geo, fight, target)
    return problem is None, several


def parry_problem(s: GameState, geo: Geometry, fight: dict, target: Model
                  ) -> tuple[str | None, bool]:
    """Why the target may not parry now, with the rule (None if it may), and whether it fights
    several opponents: the reasons `parry_open` decides by, for the player to read."""
    several = len(opponents(s, target, contact_map(s, geo), fight["side"])) >= 2
    if not loadout(target.profile["gear"]).parry:
        return msg("it carries no sword or buckler ({rule})", rule=RULE_PARRY), several
    if flag(s, target, FLEEING):
        return msg("a fleeing model does not parry ({rule})", rule=RULE_PARRY), several
    if target.id in fight["parried"]:
        return msg("it has already parried a hit this phase ({rule})",
                   rule=RULE_PARRY_ONCE), several
    if several and target.id in fight["hit"]:
        return msg("it fights several enemies and the first successful hit has landed "
                   "({rule})", rule=RULE_PARRY_ONCE), several
    return None, several


def _parry(s, geo, dice, fight, model, target, strength: int, faces: list[int]
           ) -> tuple[int, list[Event]]:
    """The target's parry against this batch of hits: 1 if a hit is parried, else 0."""
    kit = loadout(target.profile["gear"])
    available, several = parry_open(s, geo, fight, target)
    if target.id not in fight["hit"]:
        fight["hit"].append(target.id)
    if not kit.parry or flag(s, target, FLEEING):
        return 0, []
    if not available:
        if target.id in fight["parried"]:
            return 0, [Note(rule=RULE_PARRY_ONCE, text=msg(
                "{model} has already parried a hit this phase", model=target.name))]
        return 0, [Note(rule=RULE_PARRY_ONCE, text=msg(
            "{model} fights several opponents and may only parry the first successful hit",
            model=target.name))]
    top = max(faces)
    if top >= 6:
        return 0, [Note(rule=RULE_PARRY_SIX, text=msg("{model} cannot parry: a hit was rolled "
                                                      "on 6", model=target.name))]
    if strength >= 2 * target.profile["S"]:
        return 0, [Note(rule=RULE_PARRY_STRENGTH, text=msg(
            "{model} cannot parry a blow of S{strength}", model=target.name,
            strength=strength))]
    first = dice.d6(f"{target.name} parry", RULE_PARRY)
    events: list[Event] = [DiceRolled(rule=RULE_PARRY, who=target.name, label=msg("parry"),
                                      values=(first,),
                                      needed=msg("more than {roll}", roll=top),
                                      outcome=PARRIED if first > top else FAILS)]
    success = first > top
    if not success and kit.parry_reroll:
        again = dice.d6(f"{target.name} parry re-roll", RULE_PARRY_REROLL)
        success = again > top
        events.append(DiceRolled(rule=RULE_PARRY_REROLL, who=target.name,
                                 label=msg("parry re-roll (sword and buckler)"),
                                 values=(again,), needed=msg("more than {roll}", roll=top),
                                 outcome=PARRIED if success else FAILS))
    if success:
        fight["parried"].append(target.id)
    return (1 if success else 0), events
