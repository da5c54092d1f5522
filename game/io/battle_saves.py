"""Saved battles: a replay record (game/io/saves.py) plus who plays each side and a summary,
and the one way a record becomes a battle again (saves, autosaves, resume and replays alike).

Why a save is a replay record: a battle is its ruleset, map, seed, forces and decisions, so a
save holds exactly that (plus the agents' generators, so a resumed battle against the AI is the
same battle, and a summary for the "Saved battles" list). A replay file from `simulate
--replays` reads here too: one reader, one writer, one rebuild.

Why so careful: a save file comes from the player's disk and may be truncated, tampered with or
not a save at all. `saves.read_replay` checks the fields every record has; here the save's own
fields are checked, then the battle is rebuilt decision by decision and compared with the
event-log digest it carries. Any problem is one `SaveError` line naming the file, and the file
is left as it was. A record is checked before it is written, so a save this game could not
read back never replaces a good one.
"""

from __future__ import annotations

import json
import os
import random
import time
from dataclasses import dataclass
from pathlib import Path

from game import rulesets
from game.core.errors import GameError, IllegalAction, InputFileError, SaveError
from game.core.i18n import msg
from game.io import maprefs, zones
from game.io.paths import user_data_dir
from game.io.saves import check_record, read_replay, remove_orphans, write_record
from game.timeline import Timeline
from game.turn import DEFAULT_RULESET_VERSION, ruleset_version

HUMAN = "human"


def saves_dir() -> Path:
    return user_data_dir() / "saves"


# --- writing -------------------------------------------------------------------------------------

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
    check_save(Path(path), json.loads(json.dumps(record, allow_nan=False)))
    return write_record(path, record)


def autosave(timeline: Timeline, players: dict | None = None,
             folder: str | os.PathLike | None = None) -> Path:
    """The client calls this after every decision: the battle's own autosave file in the
    saves folder (one per battle, so starting a new battle keeps the unfinished one)."""
    folder = Path(folder) if folder is not None else saves_dir()
    return save_battle(folder / f"autosave-{timeline.battle_id}.json", timeline, players)


# --- reading -------------------------------------------------------------------------------------

def read_save(path: str | os.PathLike) -> dict:
    """Read and check a save or replay file (not rebuilt yet: `load_battle` does that);
    returns the record with `actions` as Action objects."""
    path = Path(path)
    record = read_replay(path)
    _check_extras(path, record)
    return record


def check_save(path: Path, data: object) -> dict:
    """A save's every field: the record's (`saves.check_record`), then its own."""
    record = check_record(path, data)
    _check_extras(path, record)
    return record


#: What the saves list reads from a summary, and the type of each.
SUMMARY_FIELDS = {"ruleset": str, "map": str, "round": int, "decisions": int, "over": bool,
                  "saved_at": str}


def _check_extras(path: Path, record: dict) -> None:
    """The fields a save adds to a replay: its id, its summary and who plays each side."""
    if record.get("battle_id") is not None and not isinstance(record["battle_id"], str):
        raise SaveError(path, msg("'battle_id' is not text"))
    summary = record.get("summary")
    if summary is not None and not isinstance(summary, dict):
        raise SaveError(path, msg("'summary' is not an object"))
    for key, kind in SUMMARY_FIELDS.items():
        value = (summary or {}).get(key)
        if value is not None and (not isinstance(value, kind)
                                  or (kind is int and isinstance(value, bool))):
            raise SaveError(path, msg("the summary's '{key}' is not a {kind}", key=key,
                                      kind=_kind_name(kind)))
    sides = (summary or {}).get("sides")
    if sides is not None and not (isinstance(sides, list)
                                  and all(isinstance(x, str) for x in sides)):
        raise SaveError(path, msg("the summary's 'sides' must be a list of names"))
    agents = record.get("agents")
    if agents is not None:
        if not isinstance(agents, list) or not all(isinstance(a, dict) for a in agents):
            raise SaveError(path, msg("'agents' must be a list of objects"))
        for side, spec in enumerate(agents):
            _agent(path, side, spec)


def _kind_name(kind: type) -> str:
    names = {str: "text", int: "whole number", bool: "true/false"}
    return names.get(kind, kind.__name__)


def _agent(path: Path, side: int, spec: dict) -> None:
    if not isinstance(spec.get("agent"), str):
        raise SaveError(path, msg("side {side}'s player has no 'agent' name", side=side + 1))
    rng = spec.get("rng")
    if rng is None:
        return
    try:
        random.Random().setstate(_rng_state(rng))
    except (TypeError, ValueError):
        raise SaveError(path, msg("side {side}'s agent generator state is malformed",
                                  side=side + 1)) from None


def _rng_state(raw) -> tuple:
    version, internal, gauss = raw
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in internal):
        raise ValueError("not whole numbers")
    return (version, tuple(internal), gauss)


# --- rebuilding ----------------------------------------------------------------------------------

@dataclass
class LoadedBattle:
    """A save read back: its timeline at the saved point, who played each side, and the map
    it was played on (None: the ruleset's default map)."""

    path: Path
    timeline: Timeline
    record: dict
    map_path: Path | None = None

    @property
    def agents(self) -> list[dict]:
        return self.record.get("agents") or []


def rebuild(path: Path, record: dict, map_path: Path | None = None, ai_sides=()
            ) -> tuple[Timeline, Path | None]:
    """The battle a checked record stands for, decision by decision, and its map. The map is
    found by id in the maps folders, or is `map_path` (given by the player); either way it must
    have the record's hash. Refused (SaveError naming the file): another ruleset version, a
    changed map, forces the map cannot seat, a decision illegal at its point, or decisions that
    no longer give the event log the record carries (a changed seed, say)."""
    from game.io.tmx import default_map_for, load_scenario
    from game.sim import start_battle

    ruleset = rulesets.get(record["ruleset"])
    saved = record.get("ruleset_version")
    saved = DEFAULT_RULESET_VERSION if saved is None else saved
    playing = ruleset_version(ruleset)
    if saved != playing:
        raise SaveError(path, msg("made with version {saved} of the {ruleset} rules; this game "
                                  "plays version {playing} and cannot upgrade it",
                                  saved=saved, ruleset=ruleset.id, playing=playing))
    found = maprefs.find_map(path, record["map"], record.get("map_sha256"), map_path)
    scenario = load_scenario(found if found is not None else default_map_for(ruleset.id))
    zones.check_sides_for(ruleset, scenario)
    forces = record.get("forces")
    most = min(getattr(ruleset, "max_sides", 2), len(scenario.deployment))
    if forces is not None and len(forces) > most:
        raise SaveError(path, msg("'forces' names {forces} forces; this {ruleset} battle on this "
                                  "map has at most {most} sides",
                                  forces=len(forces), ruleset=ruleset.id, most=most))
    timeline = Timeline.of(start_battle(ruleset, scenario, record["seed"], forces, replay=path),
                           ai_sides)
    for index, action in enumerate(record["actions"]):
        where = msg("decision {number} ({kind})", number=index + 1, kind=action.kind[:40])
        try:
            timeline.apply(action)
        except IllegalAction as exc:
            raise SaveError(path, msg("{where} is illegal at its point: {reason}",
                                      where=where, reason=exc.reason)) from None
        except (InputFileError, KeyboardInterrupt, MemoryError):
            raise
        except Exception as exc:  # a tampered decision the rules did not expect
            problem = " ".join(str(exc).split())[:120] or type(exc).__name__
            raise SaveError(path, msg("{where} cannot be replayed: {problem}", where=where,
                                      problem=problem)) from None
    expected = record.get("log_sha256")
    if expected and timeline.controller.log_digest() != expected:
        raise SaveError(path, msg("the decisions do not reproduce the recorded battle (its seed, "
                                  "map or decisions were changed)"))
    return timeline, found


def load_battle(path: str | os.PathLike, ai_sides=(), map_path: Path | None = None
                ) -> LoadedBattle:
    """Read, check and rebuild a saved battle or a replay (`read_save`, then `rebuild`)."""
    path = Path(path)
    record = read_save(path)
    timeline, found = rebuild(path, record, map_path, ai_sides)
    if record.get("battle_id"):
        timeline.battle_id = record["battle_id"]
    return LoadedBattle(path, timeline, record, found)


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
            raise GameError(msg("side {side} was played by a person: name an agent for it "
                                "(--p{side} AGENT)",
                                side=side + 1))
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
    remove_orphans(folder)
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
                "map": Path(record["map"] or "").stem.replace("_", " ") or "default map",
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
        raise SaveError(path, msg("not a save in the saves folder: not deleted"))
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(path, msg("file not found")) from None
    except OSError as exc:
        raise SaveError(path, msg("cannot delete: {problem}",
                                  problem=exc.strerror or exc)) from None
