"""Load and validate a ruleset's TOML data: unit profiles and the forces built from them.

Why validate here: a typo in a data file must be one clear line naming the file and the key,
never a KeyError deep inside a rule in the middle of a battle.

File layout (one file per ruleset, `game/data/<ruleset>.toml`):

    [profiles.<id>]        name, models (count), base ("32", "oval 60x35", "rect 40x20"),
                           then the ruleset's characteristics (its `schema` says which)
    [forces.<id>]          name, side_name, units = ["<profile id>", ...]

A profile may also give `points` (what the unit costs, for building forces of equal value; no
rule reads it): a force's total is the sum over its units (`RulesetData.force_points`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.core.errors import DataError
from game.core.state import BaseShape

DATA_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class UnitProfile:
    id: str
    name: str
    models: int
    base: BaseShape
    stats: dict[str, Any]
    points: int | None = None


@dataclass(frozen=True)
class Force:
    id: str
    name: str
    units: tuple[str, ...]


@dataclass(frozen=True)
class RulesetData:
    path: Path
    profiles: dict[str, UnitProfile]
    forces: dict[str, Force]

    def force(self, force_id: str) -> Force:
        if force_id not in self.forces:
            known = ", ".join(sorted(self.forces))
            raise DataError(self.path, f"no force {force_id!r} (known: {known})")
        return self.forces[force_id]

    def force_points(self, force_id: str) -> int | None:
        """The force's total points (the sum of its units'), None if a unit has no points."""
        costs = [self.profiles[u].points for u in self.force(force_id).units]
        return None if None in costs else sum(costs)


#: A schema maps a characteristic to (type, minimum, maximum, required).
Schema = dict[str, tuple[type, float | None, float | None, bool]]


_loaded: dict[tuple[str, str], RulesetData] = {}


def ruleset_data(ruleset_id: str, schema: Schema, path: Path | None = None) -> RulesetData:
    """The ruleset's data, loaded and validated once per process (then shared: read-only)."""
    key = (ruleset_id, str(path or ""))
    if key not in _loaded:
        _loaded[key] = load_ruleset_data(ruleset_id, schema, path)
    return _loaded[key]


def load_ruleset_data(ruleset_id: str, schema: Schema, path: Path | None = None) -> RulesetData:
    path = Path(path) if path else DATA_DIR / f"{ruleset_id}.toml"
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(path, "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(path, f"cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, f"not valid TOML: {exc}") from None
    profiles = {pid: _priced_profile(path, pid, body, schema)
                for pid, body in _table(path, raw, "profiles").items()}
    forces = {fid: _force(path, fid, body, profiles)
              for fid, body in _table(path, raw, "forces").items()}
    if not forces:
        raise DataError(path, "no [forces.<id>] table")
    return RulesetData(path, profiles, forces)


def _table(path: Path, raw: dict, key: str) -> dict:
    value = raw.get(key, {})
    if not isinstance(value, dict):
        raise DataError(path, f"[{key}] must be a table")
    return value


def _profile(path: Path, pid: str, body: Any, schema: Schema) -> UnitProfile:
    where = f"profiles.{pid}"
    if not isinstance(body, dict):
        raise DataError(path, f"[{where}] must be a table")
    name = _get(path, where, body, "name", str)
    models = _get(path, where, body, "models", int)
    if not 1 <= models <= 40:
        raise DataError(path, f"{where}.models must be 1-40, not {models}")
    try:
        base = BaseShape.parse(_get(path, where, body, "base", str))
    except ValueError as exc:
        raise DataError(path, f"{where}.base: {exc}") from None
    stats = {}
    for key, (kind, low, high, required) in schema.items():
        if key not in body:
            if required:
                raise DataError(path, f"{where} is missing {key!r}")
            continue
        value = _get(path, where, body, key, kind)
        if isinstance(value, int | float) and not isinstance(value, bool) and (
                (low is not None and value < low) or (high is not None and value > high)):
            raise DataError(path, f"{where}.{key} = {value} is outside {low}..{high}")
        stats[key] = value
    unknown = set(body) - set(schema) - {"name", "models", "base"}
    if unknown:
        raise DataError(path, f"{where} has unknown keys: {', '.join(sorted(unknown))}")
    return UnitProfile(pid, name, models, base, stats)


def _priced_profile(path: Path, pid: str, body: Any, schema: Schema) -> UnitProfile:
    """A profile and its optional `points` (a whole number of at least 1), which is kept out
    of the characteristics: it prices the unit, no rule reads it."""
    if not isinstance(body, dict) or "points" not in body:
        return _profile(path, pid, body, schema)
    points = _get(path, f"profiles.{pid}", body, "points", int)
    if points < 1:
        raise DataError(path, f"profiles.{pid}.points must be at least 1, not {points}")
    rest = {key: value for key, value in body.items() if key != "points"}
    return replace(_profile(path, pid, rest, schema), points=points)


def _force(path: Path, fid: str, body: Any, profiles: dict[str, UnitProfile]) -> Force:
    where = f"forces.{fid}"
    if not isinstance(body, dict):
        raise DataError(path, f"[{where}] must be a table")
    name = _get(path, where, body, "name", str)
    units = _get(path, where, body, "units", list)
    if not units:
        raise DataError(path, f"{where}.units is empty")
    for u in units:
        if u not in profiles:
            raise DataError(path, f"{where}.units names unknown profile {u!r}")
    return Force(fid, name, tuple(units))


def _get(path: Path, where: str, body: dict, key: str, kind: type):
    if key not in body:
        raise DataError(path, f"{where} is missing {key!r}")
    value = body[key]
    ok = isinstance(value, kind) and not (kind in (int, float) and isinstance(value, bool))
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value, ok = float(value), True
    if not ok:
        raise DataError(path, f"{where}.{key} must be {kind.__name__}, not {value!r}")
    return value
