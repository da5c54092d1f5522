"""Which lessons a player has finished: a small JSON list in the user's folder.

Its own file (not the battle saves) because it outlives every battle; written atomically so a
crash while writing never loses the marks already earned. A file that cannot be read counts as
no lesson done (the marks are a convenience, never a reason to refuse to start).
"""

from __future__ import annotations

import json
from pathlib import Path

from game.io.paths import user_data_dir

FILE_NAME = "lessons_done.json"


def progress_path() -> Path:
    return user_data_dir() / FILE_NAME


def done_lessons() -> set[str]:
    try:
        data = json.loads(progress_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    return {str(x) for x in data.get("done", [])} if isinstance(data, dict) else set()


def mark_done(lesson_id: str) -> str | None:
    """Keep the mark; the reason in one line if it could not be written (None when kept)."""
    from game.core.errors import GameError
    from game.io.saves import write_text_atomic

    done = done_lessons() | {lesson_id}
    try:
        progress_path().parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(progress_path(), json.dumps({"done": sorted(done)}, indent=1) + "\n")
    except (OSError, GameError) as exc:
        from game.core.i18n import msg

        return msg("The lesson's done mark was not kept: {why}", why=str(exc))
    return None
