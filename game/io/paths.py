"""Where the game keeps its files: the shipped maps, and the player's files (replays, maps of
their own) in the platform's user-data folder, or $SKIRMISH_DATA_DIR when set (tests and
portable installs)."""

from __future__ import annotations

import os
from pathlib import Path

#: The repository's map folder (maps/ beside the game package).
GAME_MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"


def user_data_dir() -> Path:
    override = os.environ.get("SKIRMISH_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("skirmish-table", appauthor=False))


def replays_dir() -> Path:
    return user_data_dir() / "replays"


def maps_dirs() -> list[Path]:
    """The folders a replay's map may come from (by id): the shipped maps, then the player's
    own `maps` folder in the user-data folder."""
    return [GAME_MAPS_DIR, user_data_dir() / "maps"]
