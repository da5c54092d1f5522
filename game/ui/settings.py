"""The player's client settings, kept in the user's folder (`settings.json`).

Only what the client needs so far: `ai_pace`, how fast AI and automatic steps play (slow /
normal / fast / instant, default normal). Unknown or broken values read as the default: a
setting never stops the game from starting.
"""

from __future__ import annotations

import json
from pathlib import Path

from game.io.paths import user_data_dir

PACES = ("slow", "normal", "fast", "instant")
DEFAULTS = {"ai_pace": "normal"}


def settings_path() -> Path:
    return user_data_dir() / "settings.json"


def load() -> dict:
    values = dict(DEFAULTS)
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return values
    if isinstance(data, dict):
        values.update({k: v for k, v in data.items() if isinstance(k, str)})
    return values


def save(values: dict) -> str | None:
    """Keep the settings; the reason in one line if they could not be written."""
    from game.core.errors import GameError
    from game.io.saves import write_text_atomic

    try:
        settings_path().parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(settings_path(), json.dumps(values, indent=1, sort_keys=True) + "\n")
    except (OSError, GameError) as exc:
        return f"Settings not kept: {exc}"
    return None


def ai_pace() -> str:
    pace = load().get("ai_pace")
    return pace if pace in PACES else DEFAULTS["ai_pace"]


def set_ai_pace(pace: str) -> str | None:
    if pace not in PACES:
        raise ValueError(f"unknown pace {pace!r} (one of {', '.join(PACES)})")
    return save({**load(), "ai_pace": pace})
