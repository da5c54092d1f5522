"""Battle records as JSON, read and written in one place: replays, saves and autosaves.

Why one record: a battle is its ruleset, its map, its seed, its forces and its decisions, so a
replay (`simulate --replays`, the results screen), a save and an autosave are all that record; a
save only adds fields of its own (who plays each side, a summary for the list: checked in
`game.io.battle_saves`). Why a record and not a dump of the state: with one seeded `Dice`, the
same decisions give the same battle, so a record is small, readable and proves itself (replaying
it must give the same event log). JSON only, never a serialised object: a file from elsewhere is
data, validated field by field within `game.io.limits` (size, nesting, digits), and a bad one is
a one-line `SaveError` naming the file.

Version 2 names the map by id with its sha256 (`game.io.maprefs`); version 1 (a path: the first
replays, and the first saves, which also carried the digest) is upgraded on reading when its
path lies in a maps folder. Writing goes to a temporary file, flushed to disk, and replaces the
old one only when complete, so a crash never leaves a half-written file; temporary files a
killed writer left behind are removed at the next write (and when a folder is listed).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

from game.core.actions import Action
from game.core.errors import SaveError
from game.core.i18n import msg
from game.io import limits, maprefs

REPLAY_VERSION = 2
#: Another writer's temporary file older than this is an orphan (its writer was killed).
STALE_TEMPORARY_SECONDS = 60.0
_TEMPORARY_SUFFIX = ".tmp"
#: The fields a stored decision may have (`Action.to_json`); any other is refused.
ACTION_KEYS = frozenset({"kind", "unit", "targets", "placement", "option", "label"})


# --- writing ----------------------------------------------------------------------------------
def write_replay(path: str | os.PathLike, record: dict) -> Path:
    """Write a replay record (as `TurnController.replay_record` makes it) atomically; a map
    still named by its path is stored by id and hash. Raises SaveError (naming the file) when
    it cannot be written."""
    return write_record(path, _for_writing(record))


def write_record(path: str | os.PathLike, record: dict) -> Path:
    """Write a record as JSON, atomically (see `write_text_atomic`)."""
    return write_text_atomic(path, json.dumps(record, indent=1, sort_keys=True, allow_nan=False))


def write_text_atomic(path: str | os.PathLike, text: str) -> Path:
    """A temporary file beside `path`, flushed and synced to disk, then renamed over `path`,
    then the folder synced. A failure at any point leaves the old file as it was and no
    temporary file behind (SaveError naming the file)."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_orphans(path)
        handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=_TEMPORARY_SUFFIX,
                                             dir=path.parent)
    except OSError as exc:
        raise SaveError(path, msg("cannot write here: {problem}",
                                  problem=exc.strerror or exc)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
        _sync_folder(path.parent)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise SaveError(path, msg("cannot write: {problem}", problem=exc.strerror or exc)) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def _for_writing(record: dict) -> dict:
    out = dict(record)
    if "map" in out and "map_sha256" not in out:
        out.update(maprefs.map_reference(out["map"]))
    out["version"] = REPLAY_VERSION
    return out


def remove_orphans(path: Path) -> list[Path]:
    """Remove temporary files left by killed writers: beside the file `path`, any of its own
    and other files' once they are stale; in the folder `path`, the stale ones. Returns what
    was removed."""
    path = Path(path)
    folder, own = (path, None) if path.is_dir() else (path.parent, path.name)
    removed = []
    now = time.time()
    for candidate in folder.glob(f"*{_TEMPORARY_SUFFIX}"):
        try:
            mine = own is not None and candidate.name.startswith(own)
            stale = mine or now - candidate.stat().st_mtime > STALE_TEMPORARY_SECONDS
            if stale and candidate.is_file() and ".json" in candidate.name:
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            continue  # gone already, or not ours to remove
    return removed


def _sync_folder(folder: Path) -> None:
    """Make the rename durable (POSIX); skipped where a folder cannot be opened (Windows)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


# --- reading ----------------------------------------------------------------------------------
class _TooManyDigits(ValueError):
    pass


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > len(str(limits.MAX_SEED)):
        raise _TooManyDigits(text)
    return int(text)


def _no_constant(text: str):
    raise ValueError(f"{text} is not a number JSON allows")


def load_json(path: Path, limit: int, check_nesting: bool = True,
              what: str = msg("replay file")) -> object:
    """A JSON file within the limits: size (checked before reading), nesting and digits.
    (`check_nesting=False` lets the caller refuse cheaper problems first, then call
    `check_nesting_of`.)"""
    data = limits.read_capped(path, limit, SaveError, what)
    try:
        text = data.decode("utf-8")
        value = json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise SaveError(path, msg("not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        problem = msg("truncated") if exc.pos >= len(text.rstrip()) else msg("not valid JSON")
        raise SaveError(path, msg("{problem}: {detail} at line {line}",
                                  problem=problem, detail=exc.msg, line=exc.lineno)) from None
    except _TooManyDigits:
        raise SaveError(path, msg("a number has too many digits (a seed is at most 64 "
                                  "bits)")) from None
    except RecursionError:
        raise SaveError(path, msg("nested too deeply (the limit is {limit})",
                                  limit=limits.MAX_NESTING)) from None
    except ValueError as exc:
        raise SaveError(path, msg("not valid JSON: {problem}", problem=str(exc))) from None
    if check_nesting:
        check_nesting_of(path, value)
    return value


def check_nesting_of(path: Path, value) -> None:
    if limits.nesting_depth(value) > limits.MAX_NESTING:
        raise SaveError(path, msg("nested too deeply (the limit is {limit})",
                                  limit=limits.MAX_NESTING))


def read_replay(path: str | os.PathLike) -> dict:
    """Load and check a record (a replay, or a save: its own fields are checked by
    `battle_saves.read_save`); returns it with `actions` as Action objects and `map` as an id
    ("" for the ruleset's default map, None for a version-1 map outside the maps folders)."""
    path = Path(path)
    data = load_json(path, limits.MAX_REPLAY_BYTES, check_nesting=False)
    return check_record(path, data)


def check_record(path: Path, data: object) -> dict:
    """Every field a replay and a save share, checked for its type; the first problem is a
    SaveError. A version-1 record is upgraded (its map path becomes an id)."""
    from game import rulesets

    if not isinstance(data, dict):
        raise SaveError(path, msg("not a JSON object (a replay or a save is one)"))
    if isinstance(data.get("actions"), list) and len(data["actions"]) > limits.MAX_REPLAY_ACTIONS:
        raise SaveError(path, msg("more than {limit} actions",
                                  limit=limits.MAX_REPLAY_ACTIONS))
    check_nesting_of(path, data)
    version = data.get("version")
    if isinstance(version, bool) or version not in (1, REPLAY_VERSION):
        raise SaveError(path, msg("version {version} is not supported (this game reads versions "
                                  "1 and {current})",
                                  version=repr(version), current=REPLAY_VERSION))
    for key, kind in (("ruleset", str), ("map", str), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise SaveError(path, msg("'{key}' is missing or not a {kind}", key=key,
                                      kind=kind.__name__))
    if data["ruleset"] not in rulesets.ids():
        raise SaveError(path, msg("unknown ruleset {ruleset}", ruleset=repr(data['ruleset'][:40])))
    if not limits.is_seed(data.get("seed")):
        raise SaveError(path, msg("'seed' is missing or not a whole number of at most 64 bits"))
    for key in ("ruleset_version", "sides"):
        value = data.get(key)
        if value is not None and not (isinstance(value, int) and not isinstance(value, bool)
                                      and 0 <= value <= limits.MAX_SEED):
            raise SaveError(path, msg("'{key}' is not a whole number", key=key))
    for key in ("map_sha256", "log_sha256"):
        if data.get(key) is not None and not maprefs.valid_digest(data[key]):
            raise SaveError(path, msg("'{key}' is not a sha256 digest", key=key))
    if version == 1:
        data = {**data, "map": maprefs.upgrade_v1_map(data["map"], data.get("map_sha256"))}
    elif data["map"] and not maprefs.valid_id(data["map"]):
        raise SaveError(path, msg("'map' is not a map id (a .tmx file in a maps folder)"))
    forces = data.get("forces")
    if forces is not None and not (isinstance(forces, list) and 2 <= len(forces)
                                   <= limits.MAX_MAP_SIDES
                                   and all(isinstance(f, str) for f in forces)):
        raise SaveError(path, msg("'forces' must be a list of 2 to {most} force ids",
                                  most=limits.MAX_MAP_SIDES))
    actions = []
    for index, raw in enumerate(data["actions"]):
        problem = action_problem(raw)
        if problem:
            raise SaveError(path, msg("decision {number} is malformed: {problem}",
                                      number=index + 1, problem=problem))
        actions.append(Action.from_json(raw))
    return {**data, "version": REPLAY_VERSION, "actions": actions}


def action_problem(raw) -> str | None:
    """Why a stored action is not one (each field its type: a unit id is text, targets a list
    of ids, a placement a list of [model id, x, y] with finite numbers; no other field), or
    None."""
    if not isinstance(raw, dict):
        return msg("not a JSON object")
    if not isinstance(raw.get("kind"), str):
        return msg("'kind' is missing or not text")
    unknown = set(raw) - ACTION_KEYS
    if unknown:
        fields = ", ".join(sorted(unknown))[:80]
        return msg("unknown fields: {fields}", fields=fields)
    for key in ("unit", "option"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            return msg("'{key}' is not text", key=key)
    if not isinstance(raw.get("label", ""), str):
        return msg("'label' is not text")
    targets = raw.get("targets", [])
    if not (isinstance(targets, list) and all(isinstance(t, str) for t in targets)):
        return msg("'targets' is not a list of ids")
    placement = raw.get("placement", [])
    if not isinstance(placement, list):
        return msg("'placement' is not a list")
    for spot in placement:
        if not (isinstance(spot, list) and len(spot) == 3 and isinstance(spot[0], str)
                and limits.finite_number(spot[1]) and limits.finite_number(spot[2])):
            return msg("'placement' entries must be [model id, x, y]")
    if len({spot[0] for spot in placement}) != len(placement):
        return msg("'placement' names a model twice")
    return None
