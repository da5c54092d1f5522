"""The charts every close-combat roll reads: WS chart, wound chart, critical hits, armour saves,
injuries (warband.md). Pure functions of numbers, so the battle and the exact odds share them.
"""

from __future__ import annotations

from game.core.i18n import msg
from game.rulesets.warband.equipment import NO_SAVE, Item, Loadout

RULE_TO_HIT = msg("To hit: attacker WS > defender WS 3+; defender WS more than double the "
                  "attacker's 5+; otherwise 4+ (warband seed)")
RULE_TO_WOUND = msg("To wound: S-T >= +2 2+, +1 3+, 0 4+, -1 5+, -2 or -3 6+, -4 or less "
                    "impossible (warband)")
RULE_CRITICAL = msg("Critical hit: a 6 to wound (not when 6+ was needed), at most one per model per "
                    "phase: 1-2 two wounds, saves allowed; 3-4 two wounds, no save; 5-6 two "
                    "wounds, no save, +2 to the injury rolls (warband)")
RULE_SAVE = msg("Armour save: light 6+, heavy 5+, shield +1; S4 -1, S5 -2, S6 -3, S7 -4, S8 -5, "
                "S9+ -6, plus weapon modifiers (warband)")
RULE_INJURY = msg("Injury: at 0 wounds roll a D6 for that wound and every further one, keep the "
                  "highest: 1-2 knocked down, 3-4 stunned, 5-6 out of action (warband)")
RULE_CONCUSSION = msg("Club/mace concussion: an injury roll of 2-4 is Stunned (warband)")
RULE_HELMET = msg("Helmet: a Stunned result is saved on 4+ and becomes Knocked down (warband)")

KNOCKED_DOWN = msg("knocked down")
STUNNED = msg("stunned")
OUT_OF_ACTION = msg("out of action")

#: Critical hit chart: D6 -> (name, wounds, save allowed, injury bonus).
CRITICALS = {
    1: (msg("a vital part"), 2, True, 0), 2: (msg("a vital part"), 2, True, 0),
    3: (msg("an exposed spot"), 2, False, 0), 4: (msg("an exposed spot"), 2, False, 0),
    5: (msg("a master strike"), 2, False, 2), 6: (msg("a master strike"), 2, False, 2),
}
HELMET_SAVE = 4


def to_hit_needed(attacker_ws: int, defender_ws: int) -> int:
    """The WS chart: better WS hits on 3+, a defender with more than double the attacker's WS
    is hit on 5+, anything else on 4+."""
    if attacker_ws > defender_ws:
        return 3
    if defender_ws > 2 * attacker_ws:
        return 5
    return 4


def to_wound_needed(strength: int, toughness: int) -> int | None:
    """The wound chart by S - T; None when the wound is impossible (-4 or worse)."""
    difference = strength - toughness
    if difference >= 2:
        return 2
    if difference == 1:
        return 3
    if difference == 0:
        return 4
    if difference == -1:
        return 5
    if difference >= -3:
        return 6
    return None


def strength_save_modifier(strength: int) -> int:
    """S4 -1 ... S9+ -6 (as roll needed: +1 ... +6)."""
    return min(max(strength - 3, 0), 6)


def save_needed(defender: Loadout, weapon: Item, strength: int) -> int | None:
    """The roll the defender needs to save a wound from this weapon at this strength, or None
    when no save is possible. The dagger and bare hands improve the save by one (so a model
    with no armour saves on 6), the axe worsens it by one more."""
    needed = defender.armour_save + strength_save_modifier(strength) + weapon.enemy_save
    if needed >= NO_SAVE:
        return None
    return max(needed, 2)


def injury_result(roll: int, concussion: bool = False) -> str:
    """One kept injury roll (after modifiers): 1-2 knocked down, 3-4 stunned, 5+ out of action;
    a club's concussion makes 2-4 stunned."""
    if roll >= 5:
        return OUT_OF_ACTION
    if roll >= 3 or (concussion and roll == 2):
        return STUNNED
    return KNOCKED_DOWN


def injury_dice(unsaved: int, wounds_before: int) -> int:
    """How many injury dice `unsaved` wounds cause on a model with `wounds_before` left: the
    wound that takes it to 0 and every further one (every wound, if it is already at 0)."""
    if wounds_before <= 0:
        return unsaved
    return max(0, unsaved - wounds_before + 1)
