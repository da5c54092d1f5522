"""Saved battles: versioned JSON files of a battle's timeline, written atomically, checked on
the way in.

Why a save is a replay record: a battle is its ruleset, map, seed, forces and decisions, so a
save holds exactly that (plus the agents' generators, so a resumed battle against the AI is the
same battle, and a summary for the "Saved battles" list). A replay file from `simulate
--replays` reads here too: one mechanism for saves, autosaves, resume and replays.

Why so careful: a save file comes from the player's disk and may be truncated, tampered with or
not a save at all. It is data, never code (JSON only), read with a size limit, checked field by
field, then rebuilt decision by decision and compared with the event-log digest it carries. Any
problem is one `SaveError` line naming the file, and the file is left as it was. Writing goes
to a temporary file in the same folder, flushed to disk, then renamed over the old save, so a
crash or a bad record never replaces a good save.
"""

from __future__ import annotations

import json
import math
import os
import random
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from game import rulesets
from game.core.actions import Action
from game.core.errors import GameError, IllegalAction, SaveError
from game.io.paths import user_data_dir
from game.timeline import DEFAULT_RULESET_VERSION, Timeline, file_sha256

SAVE_VERSION = 1
#: A save of the longest battle is well under a megabyte; anything this big is not a save.
MAX_BYTES = 8 * 1024 * 1024
MAX_DECISIONS = 100_000
ACTION_KEYS = {"kind", "unit", "targets", "placement", "option", "label"}
HUMAN = "human"
TEMPORARY_SUFFIX = ".tmp"
#: A temporary file older than this was left by a crash: it is removed.
STALE_SECONDS = 60.0
_HEX64 = re.compile(r"[0-9a-f]{64}")


def saves_dir() -> Path:
    return user_data_dir() / "saves"


# --- writing -------------------------------------------------------------------------------------

def write_json_atomic(path: str | os.PathLike, data: dict) -> Path:
    """Write `data` as JSON to `path`: a temporary file in the same folder, flushed and synced
    to disk, then renamed over `path` (rename is atomic), then the folder synced. A failure
    at any point leaves the old file as it was and no temporary file behind."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    clean_stale_temporaries(path.parent)
    text = json.dumps(data, indent=1, sort_keys=True, allow_nan=False)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMPORARY_SUFFIX,
                                         dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    return path


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some systems cannot open a folder; the rename is still atomic
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def clean_stale_temporaries(folder: Path, older_than: float = STALE_SECONDS) -> int:
    """Remove temporary files a crashed write left in `folder`; returns how many."""
    removed = 0
    now = time.time()
    for leftover in Path(folder).glob(f".*{TEMPORARY_SUFFIX}"):
        try:
            if now - leftover.stat().st_mtime > older_than:
                leftover.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def agent_specs(players: dict | None, sides: int) -> list[dict]:
    """Who plays each side, as data: an agent's name and its generator's state (so a resumed
    battle draws the same choices), or `human`."""
    specs = []
    for side in range(sides):
        agent = (players or {}).get(side)
        if agent is None or getattr(agent, "name", None) is None:
            specs.append({"agent": HUMAN})
            continue
        spec = {"agent": agent.name}
        rng = getattr(agent, "rng", None)
        if isinstance(rng, random.Random):
            version, internal, gauss = rng.getstate()
            spec["rng"] = [version, list(internal), gauss]
        specs.append(spec)
    return specs


def battle_record(timeline: Timeline, players: dict | None = None) -> dict:
    """The save of a battle now: its timeline record, who plays each side, and the summary
    the "Saved battles" list shows (read without rebuilding the battle)."""
    record = timeline.record()
    state = timeline.state
    scenario = timeline.controller.scenario
    record.update({
        "kind": "battle",
        "battle_id": timeline.battle_id,
        "agents": agent_specs(players, len(state.sides)),
        "summary": {
            "ruleset": state.ruleset,
            "map": scenario.title or Path(scenario.source).stem or "default map",
            "sides": [side.name for side in state.sides],
            "round": state.round,
            "decisions": timeline.position,
            "over": state.over,
            "saved_at": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
        },
    })
    return record


def save_battle(path: str | os.PathLike, timeline: Timeline, players: dict | None = None
                ) -> Path:
    """Save the battle to `path` atomically; the record is checked before anything is written
    (a save this game could not read back never replaces a good one)."""
    record = battle_record(timeline, players)
    check_record(Path(path), json.loads(json.dumps(record, allow_nan=False)))
    try:
        return write_json_atomic(path, record)
    except OSError as exc:
        raise SaveError(path, f"cannot write: {exc.strerror or exc}") from None


def autosave(timeline: Timeline, players: dict | None = None,
             folder: str | os.PathLike | None = None) -> Path:
    """The client calls this after every decision: the battle's own autosave file in the
    saves folder (one per battle, so starting a new battle keeps the unfinished one)."""
    folder = Path(folder) if folder is not None else saves_dir()
    return save_battle(folder / f"autosave-{timeline.battle_id}.json", timeline, players)


# --- reading -------------------------------------------------------------------------------------

def read_json(path: Path) -> object:
    """The JSON in `path`, with a size limit and every way of failing as one SaveError line."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SaveError(path, "file not found") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read: {exc.strerror or exc}") from None
    if size > MAX_BYTES:
        raise SaveError(path, f"too large for a save ({size / 1e6:.1f} MB; a save is at most "
                              f"{MAX_BYTES // (1024 * 1024)} MB)")
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise SaveError(path, f"cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise SaveError(path, "not a save: the file is not UTF-8 text") from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        problem = "truncated" if exc.pos >= len(text.rstrip()) else "not valid JSON"
        raise SaveError(path, f"{problem}: {exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise SaveError(path, "not a save: JSON nested too deeply") from None
    except ValueError as exc:  # NaN/Infinity, an integer of thousands of digits
        raise SaveError(path, f"not a save: {exc}") from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a save may hold")


def read_save(path: str | os.PathLike) -> dict:
    """Read and check a save or replay file (not rebuilt yet: `load_battle` does that);
    returns the record with `actions` as Action objects."""
    path = Path(path)
    return check_record(path, read_json(path))


def check_record(path: Path, data: object) -> dict:
    """Every field of a save, checked for its type; the first problem is a SaveError."""
    if not isinstance(data, dict):
        raise SaveError(path, "not a save: the file is not a JSON object")
    version = data.get("version")
    if version != SAVE_VERSION or isinstance(version, bool):
        raise SaveError(path, f"save version {version!r} is not supported (this game reads "
                              f"version {SAVE_VERSION})")
    _need(path, data, "ruleset", str)
    _need(path, data, "map", str)
    _need(path, data, "seed", int)
    _need(path, data, "actions", list)
    if data["ruleset"] not in rulesets.ids():
        raise SaveError(path, f"unknown ruleset {data['ruleset']!r}")
    _optional(path, data, "ruleset_version", int)
    _optional(path, data, "sides", int)
    _optional(path, data, "battle_id", str)
    _optional(path, data, "summary", dict)
    _check_summary(path, data.get("summary") or {})
    for key in ("map_sha256", "log_sha256"):
        value = data.get(key)
        if value is not None and not (isinstance(value, str) and _HEX64.fullmatch(value)):
            raise SaveError(path, f"'{key}' is not a SHA-256 digest")
    forces = data.get("forces")
    if forces is not None and not (isinstance(forces, list)
                                   and all(isinstance(f, str) for f in forces)):
        raise SaveError(path, "'forces' must be a list of force ids")
    if len(data["actions"]) > MAX_DECISIONS:
        raise SaveError(path, f"more than {MAX_DECISIONS} decisions: not a battle")
    actions = [_action(path, index, raw) for index, raw in enumerate(data["actions"])]
    agents = data.get("agents")
    if agents is not None:
        if not isinstance(agents, list) or not all(isinstance(a, dict) for a in agents):
            raise SaveError(path, "'agents' must be a list of objects")
        for side, spec in enumerate(agents):
            _agent(path, side, spec)
    return {**data, "actions": actions}


#: What the saves list reads from a summary, and the type of each.
SUMMARY_FIELDS = {"ruleset": str, "map": str, "round": int, "decisions": int, "over": bool,
                  "saved_at": str}


def _check_summary(path: Path, summary: dict) -> None:
    for key, kind in SUMMARY_FIELDS.items():
        if summary.get(key) is not None and not isinstance(summary[key], kind):
            raise SaveError(path, f"the summary's '{key}' is not a {_kind_name(kind)}")
    sides = summary.get("sides")
    if sides is not None and not (isinstance(sides, list)
                                  and all(isinstance(x, str) for x in sides)):
        raise SaveError(path, "the summary's 'sides' must be a list of names")


def _need(path: Path, data: dict, key: str, kind: type) -> None:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(path, f"'{key}' is missing or not a {_kind_name(kind)}")


def _optional(path: Path, data: dict, key: str, kind: type) -> None:
    if data.get(key) is not None:
        _need(path, data, key, kind)


def _kind_name(kind: type) -> str:
    names = {str: "text", int: "whole number", list: "list", dict: "object", bool: "true/false"}
    return names.get(kind, kind.__name__)


def _action(path: Path, index: int, raw: object) -> Action:
    where = f"decision {index + 1}"
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        raise SaveError(path, f"{where} is malformed (an object with a 'kind' is expected)")
    unknown = set(raw) - ACTION_KEYS
    if unknown:
        raise SaveError(path, f"{where} has unknown fields: {', '.join(sorted(unknown))}")
    for key in ("unit", "option"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise SaveError(path, f"{where}: '{key}' must be text")
    if not isinstance(raw.get("label", ""), str):
        raise SaveError(path, f"{where}: 'label' must be text")
    targets = raw.get("targets", [])
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise SaveError(path, f"{where}: 'targets' must be a list of unit ids")
    placement = raw.get("placement", [])
    if not isinstance(placement, list) or not all(_is_destination(p) for p in placement):
        raise SaveError(path, f"{where}: 'placement' must be a list of [model, x, y]")
    return Action.from_json(raw)


def _is_destination(item: object) -> bool:
    return (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                    for v in item[1:]))


def _agent(path: Path, side: int, spec: dict) -> None:
    if not isinstance(spec.get("agent"), str):
        raise SaveError(path, f"side {side + 1}'s player has no 'agent' name")
    rng = spec.get("rng")
    if rng is None:
        return
    try:
        random.Random().setstate(_rng_state(rng))
    except (TypeError, ValueError):
        raise SaveError(path, f"side {side + 1}'s agent generator state is malformed") from None


def _rng_state(raw) -> tuple:
    version, internal, gauss = raw
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in internal):
        raise ValueError("not whole numbers")
    return (version, tuple(internal), gauss)


# --- rebuilding ----------------------------------------------------------------------------------

@dataclass
class LoadedBattle:
    """A save read back: its timeline at the saved point and who played each side."""

    path: Path
    timeline: Timeline
    record: dict

    @property
    def agents(self) -> list[dict]:
        return self.record.get("agents") or []


def map_path_of(path: Path, record: dict) -> Path:
    """The save's map: its path; else a map of that file name in the game's maps folder (a
    save moved to another machine); `""` is the ruleset's default map (replays)."""
    from game.io.tmx import MAPS_DIR, default_map_for

    if not record["map"]:
        return default_map_for(record["ruleset"])
    named = Path(record["map"])
    if named.is_file():
        return named
    bundled = MAPS_DIR / named.name
    if bundled.is_file():
        return bundled
    raise SaveError(path, f"its map {named.name} is not found (looked for {named})")


def load_battle(path: str | os.PathLike, geo=None, ai_sides=()) -> LoadedBattle:
    """Read, check and rebuild a saved battle. Refused (SaveError, one line naming the file):
    anything `read_save` refuses, another ruleset version, a changed map, a decision illegal
    at its point, or decisions that no longer give the event log the save recorded (a changed
    seed, say)."""
    from game.io.tmx import load_scenario

    path = Path(path)
    record = read_save(path)
    ruleset = rulesets.get(record["ruleset"])
    saved_version = record.get("ruleset_version")
    saved_version = DEFAULT_RULESET_VERSION if saved_version is None else saved_version
    playing = getattr(ruleset, "version", DEFAULT_RULESET_VERSION)
    if saved_version != playing:
        raise SaveError(path, f"made with version {saved_version} of the {ruleset.id} rules; "
                              f"this game plays version {playing} and cannot upgrade it")
    map_file = map_path_of(path, record)
    expected_map = record.get("map_sha256")
    if expected_map and file_sha256(map_file) != expected_map:
        raise SaveError(path, f"its map {map_file.name} has changed since the battle was saved")
    try:
        scenario = load_scenario(map_file)
        timeline = Timeline.replay(ruleset, scenario, record["seed"], record.get("forces"),
                                   record["actions"], geo, ai_sides)
    except IllegalAction as exc:
        index = getattr(exc, "index", None)
        if index is None:
            raise SaveError(path, f"cannot rebuild the battle: {exc.reason}") from None
        kind = record["actions"][index].kind
        raise SaveError(path, f"decision {index + 1} ({kind}) is illegal at its point: "
                              f"{exc.reason}") from None
    except GameError as exc:
        raise SaveError(path, f"cannot rebuild the battle: {exc}") from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise SaveError(path, "cannot rebuild the battle: a decision names something that "
                              f"is not in it ({type(exc).__name__} {exc})") from None
    expected_log = record.get("log_sha256")
    if expected_log and timeline.controller.log_digest() != expected_log:
        raise SaveError(path, "the decisions do not reproduce the saved battle (its seed, map "
                              "or decisions were changed)")
    if record.get("battle_id"):
        timeline.battle_id = record["battle_id"]
    return LoadedBattle(path, timeline, record)


def make_players(record: dict, names: dict[int, str] | None = None) -> dict:
    """The agents that continue a saved battle: the saved ones with their generators where
    they are asked for again (or not overridden), a fresh one seeded as `simulate` seeds it
    otherwise. A side a person played needs an agent named for it."""
    from game import ai

    specs = record.get("agents") or []
    sides = record.get("sides") or max(len(specs), len(record.get("forces") or []), 2)
    players = {}
    for side in range(sides):
        spec = specs[side] if side < len(specs) else {"agent": HUMAN}
        wanted = (names or {}).get(side) or spec["agent"]
        if wanted == HUMAN:
            raise GameError(f"side {side + 1} was played by a person: name an agent for it "
                            f"(--p{side + 1} AGENT)")
        if wanted == spec["agent"] and spec.get("rng") is not None:
            agent = ai.make(wanted, 0)
            agent.rng.setstate(_rng_state(spec["rng"]))
        else:
            agent = ai.make(wanted, record["seed"] * 31 + side)
        players[side] = agent
    return players


# --- the "Saved battles" list ---------------------------------------------------------------------

@dataclass(frozen=True)
class SaveEntry:
    """One file of the saves folder: its summary, or the problem that stops it being read."""

    path: Path
    modified: float
    summary: dict | None = None
    problem: str | None = None

    @property
    def unfinished(self) -> bool:
        return self.summary is not None and not self.summary.get("over", False)


def list_saves(folder: str | os.PathLike | None = None) -> list[SaveEntry]:
    """The saves in the folder, newest first. Only the summaries are read (no rebuilding);
    a file that cannot be read is listed with its problem, never deleted."""
    folder = Path(folder) if folder is not None else saves_dir()
    if not folder.is_dir():
        return []
    clean_stale_temporaries(folder)
    entries = []
    for path in folder.glob("*.json"):
        try:
            modified = path.stat().st_mtime
        except OSError:
            continue
        try:
            record = read_save(path)
            summary = record.get("summary") or {  # a replay file: what it says itself
                "ruleset": record["ruleset"], "decisions": len(record["actions"]),
                "map": Path(record["map"]).stem.replace("_", " ") or "default map",
                "over": True}
            entries.append(SaveEntry(path, modified, summary))
        except SaveError as exc:
            entries.append(SaveEntry(path, modified, problem=exc.problem))
    return sorted(entries, key=lambda e: (-e.modified, e.path.name))


def latest_unfinished(folder: str | os.PathLike | None = None) -> SaveEntry | None:
    """The battle the menu's Continue opens: the newest save of an unfinished battle."""
    return next((e for e in list_saves(folder) if e.unfinished), None)


def delete_save(path: str | os.PathLike, folder: str | os.PathLike | None = None) -> None:
    """Delete one save of the saves folder (nothing outside it, nothing but .json files)."""
    folder = (Path(folder) if folder is not None else saves_dir()).resolve()
    path = Path(path)
    if path.suffix != ".json" or path.resolve().parent != folder:
        raise SaveError(path, "not a save in the saves folder: not deleted")
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(path, "file not found") from None
    except OSError as exc:
        raise SaveError(path, f"cannot delete: {exc.strerror or exc}") from None
