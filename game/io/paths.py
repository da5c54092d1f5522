"""Where the game keeps the player's files (replays): the platform's user-data folder, or
$SKIRMISH_DATA_DIR when set (tests and portable installs)."""

from __future__ import annotations

import os
from pathlib import Path


def user_data_dir() -> Path:
    override = os.environ.get("SKIRMISH_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("skirmish-table", appauthor=False))


def replays_dir() -> Path:
    return user_data_dir() / "replays"
