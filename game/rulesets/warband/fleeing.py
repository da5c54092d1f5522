"""The end of a warband's close combat phase: the all-alone test, and fleeing a combat with
an automatic hit from every adversary (warband.md, "Close combat phase"; the seed).

Apart from combat.py because it is the one place a model leaves a combat: the hits it takes
as it turns are ordinary close combat blows (the strike code's wounds, saves and injuries),
met as the model is at that moment -- knocked down or stunned by an earlier one included.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import Event, Note, StatusChanged
from game.core.geometry import Geometry
from game.core.i18n import msg
from game.core.state import GameState, Model
from game.rulesets.warband.combat import RULE_STUNNED_TARGET, attacked_while_stunned
from game.rulesets.warband.engagement import contact_map, opponents
from game.rulesets.warband.equipment import loadout
from game.rulesets.warband.movement import FRIEND_RANGE, flee_move
from game.rulesets.warband.recovery import leadership_test
from game.rulesets.warband.status import (
    FLEEING,
    FLEEING_TEXT,
    KNOCKED_DOWN,
    STUNNED,
    can_fight,
    condition,
    flag,
    set_flag,
)
from game.rulesets.warband.wounds import Tally, injure_after_strike, out_of_action, wound_hits

RULE_ALL_ALONE = msg("All alone: a model fighting 2+ enemies with no standing friend within 6\" "
                     "tests Ld (2D6 <= Ld) at the end of its close combat phase; failed = it "
                     "flees (warband)")
RULE_FLEE = msg("Fleeing: a model that flees turns and runs 2D6\" away from its enemies; each "
                "enemy in contact first gets 1 automatic hit, resolved at once; a model never "
                "flees a combat by choice (warband seed)")


def all_alone_tests(s: GameState, geo: Geometry, dice: Dice) -> list[Event]:
    """The phase's warband: each of its models fighting 2+ standing enemies with no standing
    friend within 6" tests Ld; a failure flees."""
    fight = s.pending["combat"]
    side = fight["side"]
    events: list[Event] = []
    contacts = contact_map(s, geo)
    alone = []
    for m in sorted((m for m in s.models.values() if m.alive and m.side == side),
                    key=lambda m: m.id):
        if not can_fight(s, m) or len(opponents(s, m, contacts, side)) < 2:
            continue
        if any(f.alive and f.side == side and f.id != m.id and can_fight(s, f)
               and geo.distance(m, f) <= FRIEND_RANGE for f in s.models.values()):
            continue
        alone.append(m)
    for m in alone:
        if not m.alive or not can_fight(s, m):
            continue
        passed, rolled = leadership_test(dice, m.name, m.profile["Ld"], "all alone",
                                         msg("2D6 all alone"), RULE_ALL_ALONE,
                                         (msg("stands firm"), msg("flees")))
        events.append(rolled)
        if not passed:
            events.extend(flee(s, geo, dice, m, fight))
    return events


def flee(s: GameState, geo: Geometry, dice: Dice, model: Model, fight: dict | None,
         rule: str = RULE_FLEE) -> list[Event]:
    """The model turns to run: each enemy in contact able to fight gets one automatic hit, at
    once -- every one of them, even after an earlier hit knocked the model down or stunned it
    (a knocked-down model is then finished by an unsaved wound, a stunned one by being
    attacked, as in any close combat); if it is still standing it flees 2D6" away (and is
    fleeing until it rallies)."""
    events: list[Event] = []
    contacts = contact_map(s, geo)
    for enemy_id in sorted(contacts.get(model.id, ())):
        enemy = s.models[enemy_id]
        if not model.alive:
            break  # out of action: nobody is left to hit
        if not enemy.alive or not can_fight(s, enemy):
            continue
        events.extend(flee_hit(s, dice, fight, enemy, model))
    if not model.alive or not _standing(s, model):
        return events
    if not flag(s, model, FLEEING):
        set_flag(s, model, FLEEING)
        events.append(StatusChanged(rule=RULE_FLEE, unit=model.unit, unit_name=model.name,
                                    status=FLEEING_TEXT, gained=True))
    return events + flee_move(s, geo, dice, model, rule)


def flee_hit(s: GameState, dice: Dice, fight: dict | None, enemy: Model, model: Model
             ) -> list[Event]:
    """One enemy's automatic hit on a model turning to flee, met as the model is now."""
    item = loadout(enemy.profile["gear"]).weapons[0]
    strength = enemy.profile["S"] + item.strength_bonus
    met_as = condition(s, model)
    events: list[Event] = [Note(rule=RULE_FLEE, text=msg(
        "{enemy} strikes {model} as it turns to flee: 1 automatic hit ({weapon})",
        enemy=enemy.name, model=model.name, weapon=item.name))]
    if met_as == "stunned":
        return events + out_of_action(s, model, attacked_while_stunned(enemy),
                                      RULE_STUNNED_TARGET, enemy.side)
    tally = Tally(attacks=1, hits=1, weapons=[item.name])
    events.extend(wound_hits(dice, fight, enemy, model, item, strength, 1, tally,
                             met_as == "knocked down"))
    return events + injure_after_strike(s, dice, model, tally, met_as, enemy.side)


def _standing(s: GameState, model: Model) -> bool:
    return model.alive and not flag(s, model, KNOCKED_DOWN) and not flag(s, model, STUNNED)


