"""`legions` profiles: what a data file must give, weapons with several profiles, and the values
a unit uses (rules/legions.md, "Profiles" and "Checks").

Why per-model profiles: a legion unit is not uniform (a Sergeant with a better weapon, shield
bearers with the `Shield` trait and an invulnerable save), so each model carries its own frozen
profile, built from the unit's profile and the `overrides` of its data entry.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.core.errors import DataError
from game.core.i18n import join, msg
from game.core.state import Model
from game.data.loader import RulesetData, Schema

#: Model characteristics (rules/legions.md, "Profiles"), each (type, min, max, required).
CHARACTERISTICS: Schema = {
    "M": (int, 1, 20, True),
    "WS": (int, 1, 10, True),
    "BS": (int, 1, 10, True),
    "S": (int, 1, 10, True),
    "T": (int, 1, 10, False),
    "W": (int, 1, 10, False),
    "I": (int, 1, 10, True),
    "A": (int, 1, 10, True),
    "Ld": (int, 2, 12, True),
    "Cl": (int, 2, 12, True),
    "Sv": (int, 2, 7, False),
    "Inv": (int, 2, 6, False),
}
#: A Vehicle's profile has these instead of T, W and Sv (rules/legions.md, "Profiles"): the
#: armour value of each facing and its hull points; a Transport also has its capacity (models).
VEHICLE_CHARACTERISTICS: Schema = {
    "AV_front": (int, 5, 15, False),
    "AV_side": (int, 5, 15, False),
    "AV_rear": (int, 5, 15, False),
    "HP": (int, 1, 20, False),
    "capacity": (int, 1, 40, False),
}
VEHICLE_KEYS = ("AV_front", "AV_side", "AV_rear", "HP")
LIVING_KEYS = ("T", "W", "Sv")
SCHEMA: Schema = {
    **CHARACTERISTICS,
    **VEHICLE_CHARACTERISTICS,
    "type": (str, None, None, True),
    "sub_types": (list, None, None, False),
    "traits": (list, None, None, False),
    "weapons": (list, None, None, True),
    "overrides": (list, None, None, False),
}

MODEL_TYPES = ("Infantry", "Paragon", "Vehicle")
SUB_TYPES = ("Sergeant", "Champion", "Command", "Transport")
VEHICLE = "Vehicle"
TRANSPORT = "Transport"

#: The unit special rule that gives a charge bonus ([added] so that "no charge bonus" of the
#: disordered charge has something to withhold): +1 A in the fight of a turn it charged.
TRAIT_ONSLAUGHT = "Onslaught"
TRAIT_ASSAULT = "Assault"
TRAIT_SHIELD = "Shield"  # read by the Shield wall reaction (part 2)

DEFAULT_FORCES = ("azure_legion", "ashen_legion")


# --- weapons -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class WeaponProfile:
    """One way of using a weapon: strength (a number, "user", "+n" or "xn"), AP, D, traits."""

    name: str
    strength: str
    ap: int
    damage: int
    traits: tuple[str, ...]

    def strength_for(self, user_strength: int) -> int:
        """The weapon's S for a wielder of S `user_strength`."""
        spec = self.strength
        if spec == "user":
            return user_strength
        if spec.startswith("+"):
            return user_strength + int(spec[1:])
        if spec.startswith("x"):
            return user_strength * int(spec[1:])
        return int(spec)

    def text(self, user_strength: int | None = None) -> str:
        s = self.strength if user_strength is None else self.strength_for(user_strength)
        stats = stat_line(s, self.ap, self.damage)
        return join([stats, ", ", join(self.traits)], "") if self.traits else stats


def stat_line(strength, ap: int, damage: int) -> str:
    """ "S4 AP-1 D1": a weapon's strength, armour penetration and damage, as the log writes
    them (one message, so that each language writes its own abbreviations)."""
    return msg("S{strength} AP{ap} D{damage}", strength=strength, ap=ap, damage=damage)


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    kind: str  # "melee" | "ranged"
    profiles: tuple[WeaponProfile, ...]
    range: float = 0.0
    shots: int = 0

    @property
    def traits(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(t for p in self.profiles for t in p.traits))

    def has_trait(self, trait: str) -> bool:
        return trait in self.traits

    def profile(self, name: str) -> WeaponProfile:
        for p in self.profiles:
            if p.name == name:
                return p
        raise KeyError(name)

    def label(self, profile: WeaponProfile) -> str:
        """"power blade (sweep)" for a weapon of several profiles, else its name."""
        if len(self.profiles) > 1:
            return join([self.name, " (", profile.name, ")"], "")
        return self.name


def _weapon_profile(path: Path, where: str, body: Any, name: str) -> WeaponProfile:
    if not isinstance(body, dict):
        raise DataError(path, f"{where} must be a table")
    strength = body.get("S")
    if isinstance(strength, bool) or not isinstance(strength, int | str):
        raise DataError(path, f"{where}.S must be a number, \"user\", \"+n\" or \"xn\"")
    strength = str(strength)
    if not (strength == "user" or strength.isdigit()
            or (strength[:1] in "+x" and strength[1:].isdigit())):
        raise DataError(path, f"{where}.S = {strength!r}: use a number, \"user\", \"+n\" or \"xn\"")
    ap, damage = body.get("AP"), body.get("D")
    if not isinstance(ap, int) or isinstance(ap, bool) or not -6 <= ap <= 0:
        raise DataError(path, f"{where}.AP must be a whole number from -6 to 0")
    if not isinstance(damage, int) or isinstance(damage, bool) or not 1 <= damage <= 6:
        raise DataError(path, f"{where}.D must be a whole number from 1 to 6")
    traits = body.get("traits", [])
    if not isinstance(traits, list) or not all(isinstance(t, str) for t in traits):
        raise DataError(path, f"{where}.traits must be a list of names")
    return WeaponProfile(name, strength, ap, damage, tuple(traits))


def _weapon(path: Path, wid: str, body: Any) -> Weapon:
    where = f"weapons.{wid}"
    if not isinstance(body, dict):
        raise DataError(path, f"[{where}] must be a table")
    name = body.get("name")
    kind = body.get("kind")
    if not isinstance(name, str):
        raise DataError(path, f"{where} is missing 'name'")
    if kind not in ("melee", "ranged"):
        raise DataError(path, f"{where}.kind must be \"melee\" or \"ranged\"")
    if "profiles" in body:
        raw = body["profiles"]
        if not isinstance(raw, list) or not raw:
            raise DataError(path, f"{where}.profiles must be a non-empty list of tables")
        profiles = []
        for i, p in enumerate(raw):
            if not isinstance(p, dict) or not isinstance(p.get("name"), str):
                raise DataError(path, f"{where}.profiles[{i}] needs a name")
            profiles.append(_weapon_profile(path, f"{where}.profiles[{i}]", p, p["name"]))
        if len({p.name for p in profiles}) != len(profiles):
            raise DataError(path, f"{where}: two profiles share a name")
    else:
        profiles = [_weapon_profile(path, where, body, name)]
    reach, shots = 0.0, 0
    if kind == "ranged":
        reach, shots = body.get("range"), body.get("shots")
        if not isinstance(reach, int | float) or isinstance(reach, bool) or reach <= 0:
            raise DataError(path, f"{where}.range must be a positive number of inches")
        if not isinstance(shots, int) or isinstance(shots, bool) or shots < 1:
            raise DataError(path, f"{where}.shots must be a whole number of at least 1")
    return Weapon(wid, name, kind, tuple(profiles), float(reach), int(shots))


@cache
def _weapons_at(path: Path) -> dict[str, Weapon]:
    raw = tomllib.loads(path.read_text(encoding="utf-8")).get("weapons", {})
    if not isinstance(raw, dict) or not raw:
        raise DataError(path, "no [weapons.<id>] table")
    return {wid: _weapon(path, wid, body) for wid, body in raw.items()}


# --- the data file -----------------------------------------------------------------------------

@dataclass(frozen=True)
class LegionsData:
    """The validated data: the shared loader's profiles and forces, plus weapons and the
    per-model profiles each unit profile stands for."""

    base: RulesetData
    weapons: dict[str, Weapon]
    model_profiles: dict[str, tuple[tuple[str, dict[str, Any]], ...]]  # profile id -> per model

    @property
    def profiles(self):
        return self.base.profiles

    @property
    def forces(self):
        return self.base.forces


def _check_names(path: Path, where: str, values: Any, allowed: tuple[str, ...] | None,
                 what: str) -> tuple[str, ...]:
    if not isinstance(values, list | tuple) or not all(isinstance(v, str) for v in values):
        raise DataError(path, f"{where} must be a list of {what} names")
    if allowed is not None:
        for v in values:
            if v not in allowed:
                raise DataError(path, f"{where}: unknown {what} {v!r} ({', '.join(allowed)})")
    return tuple(values)


def _model_entries(path: Path, pid: str, profile, weapons: dict[str, Weapon]
                   ) -> tuple[tuple[str, dict[str, Any]], ...]:
    """(model name, characteristics) for each model of a unit profile, overrides applied."""
    where = f"profiles.{pid}"
    stats = dict(profile.stats)
    overrides = stats.pop("overrides", [])
    base = _normalised(path, where, stats, weapons)
    entries: list[tuple[str, dict[str, Any]]] = []
    for i, override in enumerate(overrides):
        at = f"{where}.overrides[{i}]"
        if not isinstance(override, dict):
            raise DataError(path, f"{at} must be a table")
        count = override.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise DataError(path, f"{at}.count must be a whole number of at least 1")
        changes = {k: v for k, v in override.items() if k not in ("count", "name")}
        unknown = set(changes) - set(SCHEMA) - {"name"}
        unknown |= {"overrides"} & set(changes)
        if unknown:
            raise DataError(path, f"{at} has unknown keys: {', '.join(sorted(unknown))}")
        for key, value in changes.items():
            kind, low, high, _ = SCHEMA[key]
            if not isinstance(value, kind) or isinstance(value, bool):
                raise DataError(path, f"{at}.{key} must be {kind.__name__}")
            if kind is int and ((low is not None and value < low)
                                or (high is not None and value > high)):
                raise DataError(path, f"{at}.{key} = {value} is outside {low}..{high}")
        merged = _normalised(path, at, {**stats, **changes}, weapons)
        name = override.get("name", profile.name)
        if not isinstance(name, str):
            raise DataError(path, f"{at}.name must be text")
        entries.extend([(name, merged)] * count)
    if base["type"] == VEHICLE and profile.models != 1:
        raise DataError(path, f"{where}: a Vehicle unit is one model ([added]), not "
                              f"{profile.models}")
    if len(entries) > profile.models:
        raise DataError(path, f"{where}: overrides name {len(entries)} models, the unit has "
                              f"{profile.models}")
    entries.extend([(profile.name, base)] * (profile.models - len(entries)))
    return tuple(entries)


def _normalised(path: Path, where: str, stats: dict[str, Any],
                weapons: dict[str, Weapon]) -> dict[str, Any]:
    out = dict(stats)
    if out["type"] not in MODEL_TYPES:
        raise DataError(path, f"{where}.type must be one of {', '.join(MODEL_TYPES)}")
    out = _vehicle_or_living(path, where, out)
    out["sub_types"] = _check_names(path, f"{where}.sub_types", out.get("sub_types", []),
                                    SUB_TYPES, "sub-type")
    out["traits"] = _check_names(path, f"{where}.traits", out.get("traits", []), None, "trait")
    out["weapons"] = _check_names(path, f"{where}.weapons", out["weapons"], tuple(weapons),
                                  "weapon")
    if (TRANSPORT in out["sub_types"]) != ("capacity" in out):
        raise DataError(path, f"{where}: a Transport (and only a Transport) gives its capacity")
    if out["type"] != VEHICLE and not any(weapons[w].kind == "melee" for w in out["weapons"]):
        raise DataError(path, f"{where}: every model needs a melee weapon to fight with")
    return out


def _vehicle_or_living(path: Path, where: str, out: dict[str, Any]) -> dict[str, Any]:
    """A Vehicle gives AV by facing and HP instead of T, W and Sv; any other model the
    reverse. A vehicle's hull points are kept as its W (what damage takes away), with no armour
    save (Sv 7: its armour is the AV; an Inv, if given, still counts) and no T (0: never read,
    armour penetration replaces the wound roll: vehicles.py)."""
    is_vehicle = out["type"] == VEHICLE
    wanted, refused = (VEHICLE_KEYS, LIVING_KEYS) if is_vehicle else (LIVING_KEYS, VEHICLE_KEYS)
    missing = [k for k in wanted if k not in out]
    extra = [k for k in (*refused, "capacity") if k in out and not (is_vehicle
                                                                     and k == "capacity")]
    kind = "a Vehicle" if is_vehicle else f"a {out['type']} model"
    if missing:
        raise DataError(path, f"{where} is missing {', '.join(map(repr, missing))} ({kind})")
    if extra:
        raise DataError(path, f"{where}: {kind} has no {', '.join(extra)} (rules/legions.md, "
                              f"Profiles)")
    if is_vehicle:
        out.update(W=out["HP"], Sv=7, T=0)
    return out


_loaded: dict[str, LegionsData] = {}


def load_legions_data(path: Path | None = None) -> LegionsData:
    """Load and validate (no cache): the shared loader for profiles and forces, then the
    weapons, the per-model profiles and the forces' model types."""
    from game.data.loader import load_ruleset_data

    base = load_ruleset_data("legions", SCHEMA, path)
    weapons = _weapons_at(base.path)
    models = {pid: _model_entries(base.path, pid, p, weapons) for pid, p in base.profiles.items()}
    return LegionsData(base, weapons, models)


def legions_data(path: Path | None = None) -> LegionsData:
    """The legions data file, loaded and validated once per process (then shared: read-only)."""
    key = str(path or "")
    if key not in _loaded:
        _loaded[key] = load_legions_data(path)
    return _loaded[key]


# --- reading a model ---------------------------------------------------------------------------

def weapons_of(model: Model) -> list[Weapon]:
    table = legions_data().weapons
    return [table[w] for w in model.profile["weapons"]]


def melee_weapons(model: Model) -> list[Weapon]:
    return [w for w in weapons_of(model) if w.kind == "melee"]


def ranged_weapons(model: Model) -> list[Weapon]:
    return [w for w in weapons_of(model) if w.kind == "ranged"]


def assault_weapons(model: Model) -> list[Weapon]:
    """Ranged weapons with the `Assault` trait: the only ones a volley may fire."""
    return [w for w in weapons_of(model) if w.kind == "ranged" and w.has_trait(TRAIT_ASSAULT)]


def weapon(weapon_id: str) -> Weapon:
    return legions_data().weapons[weapon_id]


def has_sub_type(model: Model, sub_type: str) -> bool:
    return sub_type in model.profile.get("sub_types", ())


def has_trait(model: Model, trait: str) -> bool:
    return trait in model.profile.get("traits", ())


def is_paragon(model: Model) -> bool:
    return model.profile.get("type") == "Paragon"


def is_vehicle(model: Model) -> bool:
    return model.profile.get("type") == VEHICLE


def majority_value(models: list[Model], key: str) -> int:
    """The value most of the models have (ties: the highest) [added]: what a mixed unit shows
    to an attacker (its WS on the hit chart, its T on the wound chart)."""
    counts = Counter(int(m.profile[key]) for m in models)
    return max(counts, key=lambda v: (counts[v], v))


def model_class(model: Model) -> tuple:
    """Models that are alike for a choice (same name, weapons, saves, traits, wounds left)."""
    p = model.profile
    return (model.name.rstrip("0123456789 "), p["weapons"], p["Sv"], p.get("Inv"),
            p.get("traits", ()), model.wounds)
