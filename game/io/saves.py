"""Replays as JSON: the ruleset, the map, the seed, the forces and every decision, in order.

Why a replay and not a dump of the state: with one seeded `Dice`, the same decisions give the
same battle, so a replay is small, readable and proves itself (replaying it must give the same
event log). JSON only, never a serialised object: a file from elsewhere is data, validated
field by field, and a bad one is a one-line `SaveError` naming the file. Writing goes to a temporary file first and replaces
the old one only when complete, so a crash never leaves a half-written save.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from game.core.actions import Action
from game.core.errors import SaveError

REPLAY_VERSION = 1


def write_replay(path: str | os.PathLike, record: dict) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(record, out, indent=1, sort_keys=True)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def read_replay(path: str | os.PathLike) -> dict:
    """Load and check a replay; returns it with `actions` as Action objects."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(path, "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(path, f"cannot read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise SaveError(path, f"not valid JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, dict):
        raise SaveError(path, "a replay is a JSON object")
    version = data.get("version")
    if version != REPLAY_VERSION:
        raise SaveError(path, f"replay version {version!r} is not supported "
                              f"(this game reads version {REPLAY_VERSION})")
    for key, kind in (("ruleset", str), ("map", str), ("seed", int), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise SaveError(path, f"'{key}' is missing or not a {kind.__name__}")
    forces = data.get("forces")
    if forces is not None and not (isinstance(forces, list)
                                   and all(isinstance(f, str) for f in forces)):
        raise SaveError(path, "'forces' must be a list of force ids")
    actions = []
    for index, raw in enumerate(data["actions"]):
        try:
            actions.append(Action.from_json(raw))
        except (KeyError, TypeError, ValueError):
            raise SaveError(path, f"action {index + 1} is malformed") from None
    return {**data, "actions": actions}
