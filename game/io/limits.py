"""The documented limits on every input, in one place, and the cheap checks that enforce them.

Why limits: a file from elsewhere is hostile until checked. Its honest size must bound what we
spend on it, so every reader checks the file's size, then the sizes it declares (tiles, images,
nesting, digits), before it parses or inflates anything. Past a limit the reader refuses with one
line naming the file and the limit, in well under a second and a few megabytes.

The figures are generous for real tables (the shipped maps are under 20 KB, 72"x48" at 16 px per
inch, 660 tiles a layer; a long battle's replay is well under 1 MB) and small enough that the
worst accepted input stays far below 200 MB in the client (a 4 MB replay of the smallest
possible actions parses to about 80 MB of Python objects).
"""

from __future__ import annotations

import math
import os
import stat
import struct
from pathlib import Path

from game.core.errors import InputFileError
from game.core.i18n import msg, nmsg

KIB, MIB = 1024, 1024 * 1024

# --- file sizes (bytes) ---------------------------------------------------------------------------
MAX_MAP_BYTES = 4 * MIB
MAX_TILESET_BYTES = 2 * MIB
MAX_IMAGE_BYTES = 16 * MIB
#: A replay or a save (a save is a replay and a few kilobytes more).
MAX_REPLAY_BYTES = 4 * MIB
MAX_DATA_BYTES = 1 * MIB

# --- maps -------------------------------------------------------------------------------------
#: The table, in inches per side (the largest shipped table is 72").
MAX_TABLE_INCHES = 240
#: The map drawn at its own tile size, in pixels per side (a 4096x4096 RGBA picture is 64 MB).
MAX_TABLE_PIXELS = 4096
#: Tile size (map and tilesets), pixels per side.
MAX_TILE_PIXELS = 1024
#: Tiles in one tile layer (width x height) and in all layers together.
MAX_LAYER_TILES = 256 * 256
MAX_MAP_TILES = 1024 * 1024
#: Objects on a map, and vertices in one polygon.
MAX_MAP_OBJECTS = 4000
MAX_POLYGON_POINTS = 1000
#: Deployment zones (sides) a map may have; a ruleset may allow fewer (its `max_sides`).
MAX_MAP_SIDES = 8
#: Tileset and image-layer pictures: pixels per side, pixels per picture, and tiles cut from
#: one tileset (each tile becomes a surface in the client).
MAX_IMAGE_SIDE = 8192
MAX_IMAGE_PIXELS = 4096 * 4096
MAX_TILESET_TILES = 65536

# --- replays, saves, data files, command lines ----------------------------------------------------
#: Nesting of arrays/objects (JSON) or arrays/tables (TOML).
MAX_NESTING = 32
#: A seed is a whole number of at most 64 bits (a 5000-digit seed is refused, not parsed).
MAX_SEED = 2**63 - 1
#: Decisions in one replay.
MAX_REPLAY_ACTIONS = 100_000
#: A base, in millimetres per side (the largest shipped base is 50 mm).
MAX_BASE_MM = 300
#: Distances asked of the `odds` command, inches.
MAX_DISTANCE_INCHES = 1000
#: Pictures drawn by `render --size`: pixels per side and in all (64 MB of RGBA).
MAX_RENDER_SIDE = 8192
MAX_RENDER_PIXELS = 4096 * 4096


#: What a file is called in its errors when the caller does not say.
FILE = msg("file")

def _size_text(count: int) -> str:
    if count >= MIB:
        return msg("{size:g} MB", size=count / MIB)
    if count >= KIB:
        return msg("{size:g} KB", size=count / KIB)
    return nmsg("{n} byte", "{n} bytes", count)


def check_file_size(path: str | os.PathLike, limit: int, error: type[InputFileError],
                    what: str = FILE, owner: str | os.PathLike | None = None) -> int:
    """The file's size in bytes; `error(owner or path, …)` when it is not a regular file or is
    bigger than `limit`. Only stats the file: nothing is read."""
    path = Path(path)
    blame = owner if owner is not None else path
    try:
        info = path.stat()
    except FileNotFoundError:
        raise error(blame, msg("{what} not found", what=what)) from None
    except OSError as exc:
        raise error(blame, msg("cannot read {what}: {problem}", what=what,
                               problem=exc.strerror or exc)) from None
    if not stat.S_ISREG(info.st_mode):
        raise error(blame, msg("{what} is not a regular file", what=what))
    if info.st_size > limit:
        raise error(blame, msg("{what} is {size}, over the {limit} limit",
                               what=what, size=_size_text(info.st_size), limit=_size_text(limit)))
    return info.st_size


def read_capped(path: str | os.PathLike, limit: int, error: type[InputFileError],
                what: str = FILE, owner: str | os.PathLike | None = None) -> bytes:
    """The file's bytes, refusing a file over `limit` before reading it (and reading at most
    `limit` + 1 bytes, in case it grows while we read)."""
    path = Path(path)
    blame = owner if owner is not None else path
    check_file_size(path, limit, error, what, owner)
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise error(blame, msg("cannot read {what}: {problem}", what=what,
                               problem=exc.strerror or exc)) from None
    if len(data) > limit:
        raise error(blame, msg("{what} is over the {limit} limit", what=what,
                               limit=_size_text(limit)))
    return data


def nesting_depth(value, limit: int = MAX_NESTING) -> int:
    """How deeply lists/dicts nest in a parsed value (iterative: no recursion to overflow);
    stops counting past `limit` + 1."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        stack.extend((child, depth + 1) for child in children)
    return deepest


def is_seed(value) -> bool:
    """A seed: a whole number (not a bool) of at most 64 bits."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_SEED


def finite_number(value) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


# --- picture headers --------------------------------------------------------------------------
def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) read from the header of a PNG, GIF or BMP file (nothing is decoded);
    None when the bytes are none of those."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        return struct.unpack("<HH", data[6:10])
    if data[:2] == b"BM" and len(data) >= 26:
        width, height = struct.unpack("<ii", data[18:26])
        return abs(width), abs(height)
    return None


def image_header(path: str | os.PathLike, error: type[InputFileError], what: str,
                 owner: str | os.PathLike) -> tuple[int, int]:
    """A picture's declared size, checked against the limits, reading only its header."""
    size = check_file_size(path, MAX_IMAGE_BYTES, error, what, owner)
    try:
        with open(path, "rb") as handle:
            head = handle.read(32)
    except OSError as exc:
        raise error(owner, msg("cannot read {what}: {problem}", what=what,
                               problem=exc.strerror or exc)) from None
    dims = image_size(head) if size else None
    if dims is None:
        raise error(owner, msg("{what} is not a PNG, GIF or BMP picture", what=what))
    width, height = dims
    if not (1 <= width <= MAX_IMAGE_SIDE and 1 <= height <= MAX_IMAGE_SIDE
            and width * height <= MAX_IMAGE_PIXELS):
        raise error(owner, msg("{what} is {width}x{height} px, over the limit ({max_image_side} "
                               "px a side, {max_image_pixels} px in all)",
                               what=what, width=width, height=height,
                               max_image_side=MAX_IMAGE_SIDE, max_image_pixels=MAX_IMAGE_PIXELS))
    return width, height
