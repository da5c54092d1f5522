"""The equipment table (warband.md, "Equipment [added]") and what a model's kit makes of it.

Why one place: the strike order, the to-hit / to-wound / save rolls, parries, injuries and the
exact odds all ask the same questions of a model's gear (which weapons, how many attacks with
each, what save, may it parry); answering them here keeps each item's effect written once.

A loadout is built once per distinct gear list (cached): gear never changes in a battle.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.core.i18n import N_, join, msg

RULE_TWO_WEAPONS = msg("Two one-handed weapons: +1 attack with the additional weapon, added after "
                       "every other modifier; two different weapons: one attack with the weapon of "
                       "choice, the others with the second, each rolled separately (warband seed)")
RULE_UNARMED = msg("Unarmed: S -1, enemy save +1 (warband)")
RULE_HANDS = msg("A model has two hands: one-handed weapons, a shield and a buckler take one "
                 "each, a double-handed weapon both (warband)")


@dataclass(frozen=True)
class Item:
    """One line of the equipment table."""

    id: str
    name: str
    kind: str                     # weapon, shield, armour, helmet
    hands: int = 0
    strength_bonus: int = 0       # added to the wielder's S
    enemy_save: int = 0           # added to the enemy's save roll needed (+1 = a worse save)
    parry: bool = False
    concussion: bool = False      # injury roll of 2-4 is Stunned
    strikes_first_when_charged: bool = False
    strikes_last: bool = False
    armour_save: int | None = None  # light 6+, heavy 5+
    save_bonus: int = 0            # shield: +1 to the armour save


ITEMS: dict[str, Item] = {item.id: item for item in (
    Item("dagger", N_("dagger"), "weapon", hands=1, enemy_save=-1),
    Item("axe", N_("axe"), "weapon", hands=1, enemy_save=1),
    Item("club", N_("club"), "weapon", hands=1, concussion=True),
    Item("sword", N_("sword"), "weapon", hands=1, parry=True),
    Item("spear", N_("spear"), "weapon", hands=1, strikes_first_when_charged=True),
    Item("hand_weapon", N_("hand weapon"), "weapon", hands=1),
    Item("double_handed", N_("double-handed weapon"), "weapon", hands=2, strength_bonus=2,
         strikes_last=True),
    Item("buckler", N_("buckler"), "shield", hands=1, parry=True),
    Item("shield", N_("shield"), "shield", hands=1, save_bonus=1),
    Item("light_armour", N_("light armour"), "armour", armour_save=6),
    Item("heavy_armour", N_("heavy armour"), "armour", armour_save=5),
    Item("helmet", N_("helmet"), "helmet"),
)}

#: Fighting with no weapon at all: S -1 and the enemy's save improves by 1.
UNARMED = Item("unarmed", N_("bare hands"), "weapon", strength_bonus=-1, enemy_save=-1)

#: Other spellings players type (the `odds` command, data files).
ALIASES = {
    "mace": "club", "hammer": "club", "double_handed_weapon": "double_handed",
    "two_handed": "double_handed", "two_handed_weapon": "double_handed",
    "great_weapon": "double_handed", "light_armor": "light_armour",
    "heavy_armor": "heavy_armour", "helm": "helmet", "knife": "dagger",
}
NO_GEAR = {"none", "unarmed", "nothing"}

SKILLS = {"strikes_first": msg("Strikes first: always in the first step of the strike order")}

NO_SAVE = 7


def canonical(name: str) -> str | None:
    """The item id a player's spelling names ('Double-handed weapon' -> 'double_handed'),
    '' for 'none', or None when it is not in the equipment table."""
    key = "_".join(name.strip().lower().replace("-", " ").split())
    if key in NO_GEAR:
        return ""
    key = ALIASES.get(key, key)
    return key if key in ITEMS else None


def parse_gear(names) -> tuple[str, ...]:
    """Item ids for a list of names; ValueError naming the first unknown one."""
    out = []
    for name in names:
        item = canonical(str(name))
        if item is None:
            known = ", ".join(sorted(ITEMS))
            raise ValueError(msg("{name} is not in the equipment table (known: {known})",
                                 name=repr(name), known=known))
        if item:
            out.append(item)
    return tuple(out)


@dataclass(frozen=True)
class Loadout:
    """What a gear list means in a fight."""

    gear: tuple[str, ...]
    weapons: tuple[Item, ...]     # in the order listed (main hand first); UNARMED if none
    parry: bool
    parry_reroll: bool
    helmet: bool
    armour_save: int              # the roll needed before the attacker's modifiers; 7 = none
    strikes_last: bool
    spear: bool

    @property
    def two_weapons(self) -> bool:
        return len(self.weapons) == 2

    @property
    def different_weapons(self) -> bool:
        return self.two_weapons and self.weapons[0].id != self.weapons[1].id

    @property
    def choice_default(self) -> str:
        """The weapon that makes the single attack unless the player picks the other: the
        additional (second listed) weapon."""
        return self.weapons[-1].id

    def attack_plan(self, attacks: int, single: str | None = None) -> tuple[tuple[str, int], ...]:
        """(weapon id, number of attacks) per weapon, the single-attack weapon first.

        Two one-handed weapons add one attack after every other modifier (the seed); with two
        different weapons one attack goes with the weapon of the player's choice (`single`) and
        all the others with the second weapon."""
        if not self.two_weapons:
            return ((self.weapons[0].id, attacks),)
        total = attacks + 1
        if not self.different_weapons:
            return ((self.weapons[0].id, total),)
        single = single if single in (w.id for w in self.weapons) else self.choice_default
        other = next(w.id for w in self.weapons if w.id != single)
        return ((single, 1), (other, total - 1))

    def attack_count(self, attacks: int) -> int:
        return attacks + 1 if self.two_weapons else attacks


def hands_problem(gear: tuple[str, ...]) -> str | None:
    """Why a gear list cannot be carried, or None (two hands; the double-handed weapon takes
    both, so no second weapon, shield or buckler goes with it)."""
    items = [ITEMS[g] for g in gear]
    hands = sum(item.hands for item in items)
    if hands > 2:
        held = join(item.name for item in items if item.hands)
        return msg("cannot hold {items} at once (two hands: {rule})", items=held, rule=RULE_HANDS)
    for kind, worn in (("armour", msg("wears more than one armour")),
                       ("helmet", msg("wears more than one helmet"))):
        if sum(1 for item in items if item.kind == kind) > 1:
            return worn
    return None


@lru_cache(maxsize=256)
def loadout(gear: tuple[str, ...]) -> Loadout:
    """The loadout of a canonical gear tuple (see parse_gear)."""
    items = [ITEMS[g] for g in gear]
    weapons = tuple(item for item in items if item.kind == "weapon") or (UNARMED,)
    armour = min((item.armour_save for item in items if item.armour_save), default=NO_SAVE)
    armour -= sum(item.save_bonus for item in items)
    return Loadout(
        gear=gear,
        weapons=weapons,
        parry=any(item.parry for item in items),
        parry_reroll="sword" in gear and "buckler" in gear,
        helmet="helmet" in gear,
        armour_save=armour,
        strikes_last=any(w.strikes_last for w in weapons),
        spear=any(w.strikes_first_when_charged for w in weapons),
    )


def weapon(item_id: str) -> Item:
    return UNARMED if item_id == UNARMED.id else ITEMS[item_id]


def describe_gear(gear: tuple[str, ...]) -> str:
    if not gear:
        return msg("no equipment (unarmed)")
    return join(ITEMS[g].name for g in gear)
