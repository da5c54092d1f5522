"""Load and validate a ruleset's TOML data: unit profiles and the forces built from them.

Why validate here: a typo in a data file must be one clear line naming the file and the key,
never a KeyError deep inside a rule in the middle of a battle.

File layout (one file per ruleset, `game/data/<ruleset>.toml`):

    [profiles.<id>]        name, models (count), base ("32", "oval 60x35", "rect 40x20"),
                           then the ruleset's characteristics (its `schema` says which)
    [forces.<id>]          name, side_name, units = ["<profile id>", ...]

The shipped files are here; `$SKIRMISH_RULESET_DATA` names a folder whose `<ruleset>.toml` files
are read instead (modding and tests). Every file is checked within `game.io.limits` (size before
reading, nesting, finite numbers, base sizes) so a hostile file is one line, fast.

A profile may also give `points` (what the unit costs, for building forces of equal value; no
rule reads it): a force's total is the sum over its units (`RulesetData.force_points`).
"""

from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.core.errors import DataError, error_text
from game.core.i18n import msg
from game.core.state import BaseShape
from game.io import limits

DATA_DIR = Path(__file__).resolve().parent
#: A folder of `<ruleset>.toml` files read instead of the shipped ones.
DATA_OVERRIDE_ENV = "SKIRMISH_RULESET_DATA"


def data_path(ruleset_id: str) -> Path:
    """The data file a ruleset reads: in `$SKIRMISH_RULESET_DATA` when that folder has one,
    else the shipped file."""
    folder = os.environ.get(DATA_OVERRIDE_ENV)
    if folder and (Path(folder) / f"{ruleset_id}.toml").exists():
        return Path(folder) / f"{ruleset_id}.toml"
    return DATA_DIR / f"{ruleset_id}.toml"


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
            raise DataError(self.path, msg("no force {force_id} (known: {known})",
                                           force_id=repr(force_id), known=known))
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
    key = (ruleset_id, str(path or data_path(ruleset_id)))
    if key not in _loaded:
        _loaded[key] = load_ruleset_data(ruleset_id, schema, path)
    return _loaded[key]


def load_ruleset_data(ruleset_id: str, schema: Schema, path: Path | None = None) -> RulesetData:
    path = Path(path) if path else data_path(ruleset_id)
    raw = read_toml(path)
    profiles = {pid: _priced_profile(path, pid, body, schema)
                for pid, body in _table(path, raw, "profiles").items()}
    forces = {fid: _force(path, fid, body, profiles)
              for fid, body in _table(path, raw, "forces").items()}
    if not forces:
        raise DataError(path, msg("no [forces.<id>] table"))
    return RulesetData(path, profiles, forces)


def read_toml(path: Path) -> dict:
    """A TOML file within the limits: its size is checked before reading, then its nesting
    (tomllib recurses) and its numbers (a 5000-digit integer is refused, not a traceback)."""
    data = limits.read_capped(path, limits.MAX_DATA_BYTES, DataError)
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise DataError(path, msg("not UTF-8 text")) from None
    except tomllib.TOMLDecodeError as exc:
        problem = " ".join(str(exc).split())
        raise DataError(path, msg("not valid TOML: {problem}", problem=problem)) from None
    except RecursionError:
        raise DataError(path, msg("nested too deeply (the limit is {limit})",
                                  limit=limits.MAX_NESTING)) from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        problem = ("an integer has too many digits" if "digits" in str(exc)
                   else " ".join(str(exc).split())[:120])
        raise DataError(path, msg("not valid TOML: {problem}", problem=problem)) from None
    if limits.nesting_depth(raw) > limits.MAX_NESTING:
        raise DataError(path, msg("nested too deeply (the limit is {limit})",
                                  limit=limits.MAX_NESTING))
    return raw


def _base(path: Path, where: str, text: str) -> BaseShape:
    """A base size: finite, positive and at most MAX_BASE_MM a side (nan, inf and 100000 are
    the data file's fault, and said so here, not later as a map with no room)."""
    try:
        base = BaseShape.parse(text)
    except ValueError as exc:
        raise DataError(path, msg("{where}.base: {problem}", where=where,
                                  problem=error_text(exc))) from None
    sizes = (base.width_mm, base.depth_mm)
    if not all(math.isfinite(v) and 0 < v <= limits.MAX_BASE_MM for v in sizes):
        raise DataError(path, msg("{where}.base = {text}: sizes must be from 0 to {max_base_mm} mm",
                                  where=where, text=repr(text), max_base_mm=limits.MAX_BASE_MM))
    return base


def _check_list(path: Path, where: str, items: list) -> None:
    """A list characteristic lists names (text) or is an array of tables, never a mix and
    never lists inside lists (the rules look names up: a nested list is unhashable)."""
    if all(isinstance(item, str) for item in items):
        return
    if all(isinstance(item, dict) for item in items):
        return
    raise DataError(path, msg("{where} must list names (text) or tables, not {names}",
                              where=where,
                              names=', '.join(sorted({type(i).__name__ for i in items}))))


def _table(path: Path, raw: dict, key: str) -> dict:
    value = raw.get(key, {})
    if not isinstance(value, dict):
        raise DataError(path, msg("[{key}] must be a table", key=key))
    return value


def _profile(path: Path, pid: str, body: Any, schema: Schema) -> UnitProfile:
    where = f"profiles.{pid}"
    if not isinstance(body, dict):
        raise DataError(path, msg("[{where}] must be a table", where=where))
    name = _get(path, where, body, "name", str)
    models = _get(path, where, body, "models", int)
    if not 1 <= models <= 40:
        raise DataError(path, msg("{where}.models must be 1-40, not {models}", where=where,
                                  models=models))
    base = _base(path, where, _get(path, where, body, "base", str))
    stats = {}
    for key, (kind, low, high, required) in schema.items():
        if key not in body:
            if required:
                raise DataError(path, msg("{where} is missing {key}", where=where, key=repr(key)))
            continue
        value = _get(path, where, body, key, kind)
        if isinstance(value, float) and not math.isfinite(value):
            raise DataError(path, msg("{where}.{key} = {value} is not a finite number",
                                      where=where, key=key, value=value))
        if isinstance(value, list):
            _check_list(path, f"{where}.{key}", value)
        if isinstance(value, int | float) and not isinstance(value, bool) and (
                (low is not None and value < low) or (high is not None and value > high)):
            raise DataError(path, msg("{where}.{key} = {value} is outside {low}..{high}",
                                      where=where, key=key, value=value, low=low, high=high))
        stats[key] = value
    unknown = set(body) - set(schema) - {"name", "models", "base"}
    if unknown:
        raise DataError(path, msg("{where} has unknown keys: {names}",
                                  where=where, names=', '.join(sorted(unknown))))
    return UnitProfile(pid, name, models, base, stats)


def _priced_profile(path: Path, pid: str, body: Any, schema: Schema) -> UnitProfile:
    """A profile and its optional `points` (a whole number of at least 1), which is kept out
    of the characteristics: it prices the unit, no rule reads it."""
    if not isinstance(body, dict) or "points" not in body:
        return _profile(path, pid, body, schema)
    points = _get(path, f"profiles.{pid}", body, "points", int)
    if points < 1:
        raise DataError(path, msg("profiles.{pid}.points must be at least 1, not {points}",
                                  pid=pid, points=points))
    rest = {key: value for key, value in body.items() if key != "points"}
    return replace(_profile(path, pid, rest, schema), points=points)


def _force(path: Path, fid: str, body: Any, profiles: dict[str, UnitProfile]) -> Force:
    where = f"forces.{fid}"
    if not isinstance(body, dict):
        raise DataError(path, msg("[{where}] must be a table", where=where))
    name = _get(path, where, body, "name", str)
    units = _get(path, where, body, "units", list)
    if not units:
        raise DataError(path, msg("{where}.units is empty", where=where))
    for u in units:
        if not isinstance(u, str):
            raise DataError(path, msg("{where}.units must list profile ids (text), not a {name}",
                                      where=where, name=type(u).__name__))
        if u not in profiles:
            raise DataError(path, msg("{where}.units names unknown profile {u}", where=where,
                                      u=repr(u)))
    return Force(fid, name, tuple(units))


def _get(path: Path, where: str, body: dict, key: str, kind: type):
    if key not in body:
        raise DataError(path, msg("{where} is missing {key}", where=where, key=repr(key)))
    value = body[key]
    ok = isinstance(value, kind) and not (kind in (int, float) and isinstance(value, bool))
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value, ok = float(value), True
    if not ok:
        shown = repr(value) if len(repr(value)) <= 60 else f"a {type(value).__name__}"
        raise DataError(path, msg("{where}.{key} must be {name}, not {shown}",
                                  where=where, key=key, name=kind.__name__, shown=shown))
    return value
