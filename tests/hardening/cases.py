"""Shared pieces of the malformed-input corpus: a case, and files written cheaply (sparse files
cost no disk, so "big" inputs are made at test time in an instant)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.io.paths import GAME_MAPS_DIR

SHIPPED_MAP = GAME_MAPS_DIR / "squads_ruined_outpost.tmx"
TILESET = GAME_MAPS_DIR / "tiles" / "table_tiles.tsx"


@dataclass
class Case:
    """One malformed input. `write(folder)` writes it and returns the file to blame; each entry
    in `commands` is a command line with FILE for that file (DIR for the case's folder); `env`
    is set while it runs; `blame` is what the one error line must contain (default: the file
    name)."""

    name: str
    kind: str
    write: Callable[[Path], Path]
    commands: list[list[str]]
    env: dict[str, str] = field(default_factory=dict)
    blame: str | None = None



def text_file(name: str, content: str | bytes) -> Callable[[Path], Path]:
    def write(folder: Path) -> Path:
        path = folder / name
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        return path
    return write


def sparse(name: str, size: int, head: bytes = b"") -> Callable[[Path], Path]:
    """A big file that costs no disk: `head`, then a hole up to `size` bytes."""
    def write(folder: Path) -> Path:
        path = folder / name
        with open(path, "wb") as handle:
            handle.write(head)
            handle.truncate(size)
        return path
    return write


def make_folder(path: Path) -> Path:
    path.mkdir(exist_ok=True)
    return path
