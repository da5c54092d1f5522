"""How a replay names its map: an id (its path inside a maps folder) and its content's sha256.

Why not the path as typed: a path breaks when the replay is run from another folder or another
machine, and a replay from elsewhere could point at any file on the disk (and the error would
tell whether that file exists). So a replay only names maps inside the maps folders
(`paths.maps_dirs()`), by id; any other map must be given on the command line, and the hash
says whether the map found is the one the battle was played on.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path, PurePosixPath

from game.core.errors import MapError, SaveError
from game.core.i18n import msg
from game.io import limits
from game.io.paths import maps_dirs

_ID = re.compile(r"[A-Za-z0-9_\-. /]{1,200}")
_SHA256 = re.compile(r"[0-9a-f]{64}")


def map_digest(path: str | os.PathLike) -> str:
    """sha256 of the map file's bytes (the file is capped like any map)."""
    data = limits.read_capped(path, limits.MAX_MAP_BYTES, MapError, msg("map file"))
    return hashlib.sha256(data).hexdigest()


def _inside(path: Path, folder: Path) -> PurePosixPath | None:
    """`path` relative to `folder` (lexically, then with links followed), or None."""
    for candidate, base in ((Path(os.path.abspath(path)), Path(os.path.abspath(folder))),
                            (path.resolve(), folder.resolve())):
        try:
            return PurePosixPath(candidate.relative_to(base).as_posix())
        except ValueError:
            continue
    return None


def map_id(path: str | os.PathLike) -> str | None:
    """The id of a map file inside a maps folder, or None for a map anywhere else."""
    for folder in maps_dirs():
        relative = _inside(Path(path), folder)
        if relative is not None:
            return str(relative)
    return None


def map_reference(source: str | os.PathLike | None) -> dict:
    """What a replay stores about the map it was played on (`source` is the Scenario's)."""
    if not source:
        return {"map": "", "map_sha256": None}
    try:
        digest = map_digest(source)
    except MapError:  # gone or changed past the limits since it was loaded: keep the replay
        digest = None
    return {"map": map_id(source) or Path(source).name, "map_sha256": digest}


def valid_id(value) -> bool:
    """A map id is a relative path inside a folder: no '..', no root, no drive, ends in .tmx."""
    if not isinstance(value, str) or not _ID.fullmatch(value) or not value.endswith(".tmx"):
        return False
    parts = PurePosixPath(value).parts
    return bool(parts) and not value.startswith("/") and ".." not in parts


def valid_digest(value) -> bool:
    return isinstance(value, str) and bool(_SHA256.fullmatch(value))


def find_map(replay: Path, ident: str | None, digest: str | None, given: Path | None) -> Path | None:
    """The map to replay on: the one given on the command line (it must have the replay's
    hash), else the map with this id in a maps folder; None for the ruleset's default map.
    The messages never say whether some path outside the maps folders exists."""
    if given is not None:
        if digest and map_digest(given) != digest:
            raise SaveError(replay, msg("the map {given} given is not the one this battle was "
                                        "played on (its content differs)",
                                        given=repr(str(given))))
        return given
    if ident is None:
        raise SaveError(replay, msg("this version-1 replay names its map by a path outside the "
                                    "maps folders; give the map with --map FILE"))
    if not ident:
        return None
    for folder in maps_dirs():
        candidate = folder / ident
        if _inside(candidate, folder) is None or not candidate.is_file():
            continue
        if digest and map_digest(candidate) != digest:
            raise SaveError(replay, msg("map {ident} in {folder} is not the one this battle was "
                                        "played on (its content differs); give the right map "
                                        "with --map FILE",
                                        ident=repr(ident), folder=folder))
        return candidate
    raise SaveError(replay, msg("map {ident} is not in the maps folders; give it with --map FILE",
                                ident=repr(ident)))


def upgrade_v1_map(value: str, digest: str | None = None) -> str | None:
    """A version-1 record names its map by a path: its id when that path is (lexically) inside
    a maps folder, "" for the default map. A path anywhere else is None, unless the record also
    has the map's hash (the first saves did): then its file name, looked for in the maps folders
    only and accepted only with that hash (a save made in another checkout of the game). Never
    looks at the disk."""
    if not value:
        return ""
    candidate = Path(os.path.abspath(value))
    for folder in maps_dirs():
        try:
            return candidate.relative_to(Path(os.path.abspath(folder))).as_posix()
        except ValueError:
            continue
    if digest and valid_id(candidate.name):
        return candidate.name
    return None
