"""The `warband` wounds and injuries of a close combat strike (warband.md, "Close combat
phase"): the wound rolls and critical hits, the armour saves, then after all of one model's
attacks on a target the wounds taken off and the injury dice (highest kept) with the helmet,
and what an injury or an unsaved wound on a knocked-down model does.

Why apart from combat.py: the strike order, the declarations and the to-hit and parry dice
are the phase's; what a wound does to a model is also what a fleeing model's automatic hits
do (fleeing.py), so both read it here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.dice import Dice
from game.core.events import DamageDealt, DiceRolled, Event, Note, StatusChanged
from game.core.i18n import join, msg, nmsg
from game.core.state import GameState, Model
from game.core.text import count as count_of
from game.rulesets.warband import charts
from game.rulesets.warband.charts import (
    CRITICALS,
    HELMET_SAVE,
    RULE_CONCUSSION,
    RULE_CRITICAL,
    RULE_HELMET,
    RULE_INJURY,
    RULE_SAVE,
    RULE_TO_WOUND,
    injury_dice,
    injury_result,
    save_needed,
    to_wound_needed,
)
from game.rulesets.warband.equipment import Item, loadout
from game.rulesets.warband.events import DiceKept, OutOfAction
from game.rulesets.warband.status import FLEEING, KNOCKED_DOWN, STUNNED, set_flag
from game.rulesets.warband.victory import credit_out_of_action

RULE_KNOCKED_DOWN_TARGET = msg("Knocked-down target: every attack hits automatically, it cannot "
                               "parry, and an unsaved wound takes it out of action (warband seed)")


@dataclass
class Tally:
    """What one model's attacks did to one target, for the summary event and the injury."""

    attacks: int = 0
    hits: int = 0
    wounds: int = 0
    saves: int = 0
    unsaved: int = 0
    master: bool = False
    concussion: bool = False
    out: bool = False
    weapons: list[str] = field(default_factory=list)


def wound_hits(dice: Dice, fight: dict | None, model: Model, target: Model, item: Item,
               strength: int, hits: int, tally: Tally, knocked_down: bool) -> list[Event]:
    """Wound rolls for `hits` hits (a first qualifying 6 is a critical hit, one per model per
    phase), then armour saves; unsaved wounds go on the tally."""
    if hits <= 0:
        return []
    needed = to_wound_needed(strength, target.profile["T"])
    if needed is None:
        return [Note(rule=RULE_TO_WOUND, text=msg(
            "{model} cannot wound {target} (S{strength} vs T{toughness})", model=model.name,
            target=target.name, strength=strength, toughness=target.profile["T"]))]
    roll = dice.roll(hits, f"{model.name} to wound {target.name}", RULE_TO_WOUND)
    wounding = [v for v in roll.values if v >= needed]
    tally.wounds += len(wounding)
    events: list[Event] = [DiceRolled(
        rule=RULE_TO_WOUND, who=model.name,
        label=msg("to wound {target} (S{strength} vs T{toughness})", target=target.name,
                  strength=strength, toughness=target.profile["T"]),
        values=roll.values, needed=f"{needed}+", outcome=count_of(len(wounding), "wound"))]
    crits_made = fight["crit"] if fight is not None else []
    entries: list[tuple[int, bool, bool]] = []  # (wounds, save allowed, +2 injury)
    crit_taken = False
    for value in wounding:
        if value == 6 and needed < 6 and not crit_taken and model.id not in crits_made:
            crit_taken = True
            crits_made.append(model.id)
            face = dice.d6(f"{model.name} critical hit", RULE_CRITICAL)
            what, count, save_allowed, bonus = CRITICALS[face]
            said = [msg("{what}: {wounds}", what=what, wounds=count_of(count, "wound"))]
            if not save_allowed:
                said.append(msg(", no save"))
            if bonus:
                said.append(msg(", +{bonus} to injury", bonus=bonus))
            events.append(DiceRolled(rule=RULE_CRITICAL, who=model.name,
                                     label=msg("critical hit"), values=(face,),
                                     outcome=join(said, "")))
            entries.append((count, save_allowed, bonus > 0))
        else:
            entries.append((1, True, False))
    save_on = save_needed(loadout(target.profile["gear"]), item, strength)
    saveable = [i for i, entry in enumerate(entries) if entry[1]] if save_on else []
    saved: set[int] = set()
    if saveable:
        save_roll = dice.roll(len(saveable), f"{target.name} armour saves", RULE_SAVE)
        saved = {i for i, v in zip(saveable, save_roll.values, strict=True) if v >= save_on}
        tally.saves += len(saved)
        events.append(DiceRolled(rule=RULE_SAVE, who=target.name, label=msg("armour save"),
                                 values=save_roll.values, needed=f"{save_on}+",
                                 outcome=nmsg("{n} saved", "{n} saved", len(saved))))
    elif entries and save_on is None:
        events.append(Note(rule=RULE_SAVE, text=msg(
            "{model} has no save against S{strength} {weapon}", model=target.name,
            strength=strength, weapon=item.name)))
    for i, (count, _, bonus) in enumerate(entries):
        if i in saved:
            continue
        tally.unsaved += count
        tally.master = tally.master or bonus
        tally.concussion = tally.concussion or item.concussion
        if knocked_down:
            tally.out = True
    return events


def injure_after_strike(s: GameState, dice: Dice, target: Model, tally: Tally, met_as: str,
            by: int) -> list[Event]:
    """After all of one model's attacks on a target: a knocked-down target with an unsaved
    wound is out of action; otherwise wounds come off and, at 0, the injury roll."""
    if tally.out:
        return out_of_action(s, target, msg("an unsaved wound while knocked down"),
                             RULE_KNOCKED_DOWN_TARGET, by)
    if not tally.unsaved or met_as != "standing":
        return []
    return injure(s, dice, target, tally.unsaved, tally.master, tally.concussion, by)


def injure(s: GameState, dice: Dice, target: Model, unsaved: int, master: bool,
           concussion: bool, by: int | None = None) -> list[Event]:
    """Unsaved wounds come off; at 0, the injury dice (highest kept) and the helmet. `by` is
    the warband credited if the model goes out of action."""
    before = target.wounds
    target.wounds = max(0, before - unsaved)
    events: list[Event] = [DamageDealt(rule=RULE_INJURY, model=target.id, model_name=target.name,
                                       damage=unsaved, wounds_left=target.wounds)]
    count = injury_dice(unsaved, before)
    if count == 0:
        return events
    roll = dice.roll(count, f"{target.name} injury", RULE_INJURY)
    bonus = 2 if master else 0
    kept = max(roll.values) + bonus
    result = injury_result(kept, concussion)
    rule = RULE_CONCUSSION if concussion and result == charts.STUNNED and kept == 2 else \
        RULE_INJURY
    best = max(roll.values)
    if count > 1 and bonus:
        outcome = msg("keeps {roll}, +{bonus} for the master strike = {total}: {result}",
                      roll=best, bonus=bonus, total=kept, result=result)
    elif count > 1:
        outcome = msg("keeps {roll}: {result}", roll=best, result=result)
    elif bonus:
        outcome = msg("+{bonus} for the master strike = {total}: {result}", bonus=bonus,
                      total=kept, result=result)
    else:
        outcome = result
    events.append(DiceKept(rule=rule, who=target.name,
                           label=msg("injury (highest kept)") if count > 1 else msg("injury"),
                           values=roll.values, outcome=outcome))
    if result == charts.STUNNED and loadout(target.profile["gear"]).helmet:
        face = dice.d6(f"{target.name} helmet", RULE_HELMET)
        events.append(DiceRolled(rule=RULE_HELMET, who=target.name, label=msg("helmet"),
                                 values=(face,), needed=f"{HELMET_SAVE}+",
                                 outcome=msg("knocked down instead") if face >= HELMET_SAVE
                                 else charts.STUNNED))
        if face >= HELMET_SAVE:
            result = charts.KNOCKED_DOWN
    return events + apply_injury(s, target, result, rule, by)


def apply_injury(s: GameState, target: Model, result: str, rule: str,
                 by: int | None = None) -> list[Event]:
    if result == charts.OUT_OF_ACTION:
        return out_of_action(s, target, msg("injury roll"), rule, by)
    status = KNOCKED_DOWN if result == charts.KNOCKED_DOWN else STUNNED
    set_flag(s, target, KNOCKED_DOWN if status == STUNNED else STUNNED, False)
    set_flag(s, target, FLEEING, False)
    set_flag(s, target, status)
    return [StatusChanged(rule=rule, unit=target.unit, unit_name=target.name, status=result,
                          gained=True)]


def out_of_action(s: GameState, target: Model, cause: str, rule: str,
                  by: int | None = None) -> list[Event]:
    """Off the table, into its warband's casualties, credited to warband `by`."""
    credit_out_of_action(s, target, by)
    target.alive = False
    target.wounds = 0
    flags = s.units[target.unit].flags
    for name in (KNOCKED_DOWN, STUNNED, FLEEING):
        flags.pop(name, None)
    s.sides[target.side].casualties.append(target.id)
    return [OutOfAction(rule=rule, model=target.id, model_name=target.name,
                        unit_name=s.sides[target.side].name, cause=cause)]
