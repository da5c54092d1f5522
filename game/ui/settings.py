"""The player's settings: window, AI pace, sound, label density, language and the last battle
set-up, kept as one small JSON file in the user config folder.

Why a file of its own (not a save): settings outlive battles and a player may edit them by
hand. Why so strict on reading: it is a file from outside the program, so every field is
checked; a file that cannot be used is refused as a whole, with one line saying why, and the
defaults are used (the game never fails to start over its settings). Unknown keys are ignored
(a newer version may add some). Writing is atomic (`saves.write_text_atomic`), so a crash never
leaves half a file.

Other parts read: `settings.ai_pace` and `ai_delay` (the pause between two AI decisions, which
the learn mode also reads), `label_density` (the label layout), `volume`/`muted` (game.ui.sound).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.core.errors import GameError, SaveError
from game.core.i18n import N_, msg
from game.i18n import LANGUAGE_NAMES
from game.io import limits

FILE_NAME = "settings.json"
MAX_SETTINGS_BYTES = 64 * 1024

#: Seconds between two AI decisions, by pace. "instant" plays as fast as the rules run.
PACES = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
#: The names are English message ids (`N_`): the settings screen shows them translated.
PACE_NAMES = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"),
              "instant": N_("Instant")}
#: How much text the table shows beside the models (read by the label layout).
LABEL_DENSITIES = {"full": N_("Full labels"), "compact": N_("Compact labels"),
                   "hover": N_("Labels on hover only")}
#: Languages the client can show: "" follows the system (`game.i18n.choose_language`), the
#: others are named in their own language (never translated: a player looks for their own).
LANGUAGES = {"": N_("System language"), **LANGUAGE_NAMES}
#: Window sizes the settings screen offers (the window can also be resized by hand).
WINDOW_SIZES = ((960, 640), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080))
MIN_WINDOW = (960, 640)
MAX_WINDOW = (7680, 4320)
#: Keys of the remembered battle set-up and the types each may have.
LAST_BATTLE_KEYS = {"ruleset": (str,), "map_path": (str, type(None)), "mode": (str,),
                    "human_side": (int,), "ai": (str,), "sides": (int,), "seed": (str,),
                    "players": (list,)}
MAX_NAME = 40


def pace_delay(pace: str) -> float:
    """Seconds between two AI decisions at this pace (normal for an unknown pace)."""
    return PACES.get(pace, PACES["normal"])


@dataclass
class Settings:
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    ai_pace: str = "normal"
    volume: float = 0.6
    muted: bool = False
    label_density: str = "full"
    #: "" = the system's language; --lang and $SKIRMISH_LANG come first (`choose_language`).
    language: str = ""
    #: The menu's last battle set-up (see `LAST_BATTLE_KEYS`); {} before the first battle.
    last_battle: dict = field(default_factory=dict)

    @property
    def ai_delay(self) -> float:
        return pace_delay(self.ai_pace)

    @property
    def effective_volume(self) -> float:
        """0 when muted: what the mixer plays at."""
        return 0.0 if self.muted else self.volume

    def to_json(self) -> dict:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_json(cls, data) -> Settings:
        """Checked field by field; the first bad one raises ValueError naming it."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        made = cls()
        for f in fields(cls):
            if f.name in data:
                setattr(made, f.name, _checked(f.name, data[f.name]))
        return made


def _checked(name: str, value):
    """The value for field `name`, or ValueError saying what is wrong with it."""
    def bad(why: str):
        return ValueError(f"{name} {why}")

    if name == "window_size":
        if (not isinstance(value, list) or len(value) != 2
                or not all(type(v) is int for v in value)):
            raise bad("must be [width, height] in whole pixels")
        if not all(lo <= v <= hi for v, lo, hi in zip(value, MIN_WINDOW, MAX_WINDOW,
                                                      strict=True)):
            raise bad(f"must be between {MIN_WINDOW} and {MAX_WINDOW}")
        return tuple(value)
    if name in ("fullscreen", "muted"):
        if type(value) is not bool:
            raise bad("must be true or false")
        return value
    if name == "volume":
        if type(value) not in (int, float) or not 0 <= value <= 1:
            raise bad("must be a number from 0 to 1")
        return float(value)
    choices = {"ai_pace": PACES, "label_density": LABEL_DENSITIES, "language": LANGUAGES}
    if name in choices:
        if value not in choices[name]:
            raise bad(f"must be one of {', '.join(repr(c) for c in choices[name])}")
        return value
    if name == "last_battle":
        return _checked_battle(value)
    raise bad("is unknown")  # pragma: no cover - every field is handled above


def _checked_battle(value) -> dict:
    if not isinstance(value, dict):
        raise ValueError("last_battle must be an object")
    kept = {}
    for key, kinds in LAST_BATTLE_KEYS.items():
        if key not in value:
            continue
        item = value[key]
        if not isinstance(item, kinds) or isinstance(item, bool):
            raise ValueError(f"last_battle.{key} has the wrong type")
        if isinstance(item, str) and len(item) > 4096:
            raise ValueError(f"last_battle.{key} is too long")
        if isinstance(item, int) and not 0 <= item <= limits.MAX_MAP_SIDES:
            raise ValueError(f"last_battle.{key} is out of range")
        kept[key] = item
    players = kept.get("players", [])
    if len(players) > limits.MAX_MAP_SIDES or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(s, str) for s in p)
            and len(p[1]) <= MAX_NAME for p in players):
        raise ValueError("last_battle.players must be [who, name] pairs")
    return kept


# --- the file ------------------------------------------------------------------------------------
def config_dir() -> Path:
    """$SKIRMISH_CONFIG_DIR, else $SKIRMISH_DATA_DIR (tests and portable installs keep every
    file in one folder), else the platform's user config folder."""
    override = os.environ.get("SKIRMISH_CONFIG_DIR") or os.environ.get("SKIRMISH_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir("skirmish-table", appauthor=False))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def load(path: str | os.PathLike | None = None) -> tuple[Settings, str]:
    """The settings in the file and "" — or the defaults and one line saying why the file was
    refused. No file yet is not a problem (the defaults, silently)."""
    path = Path(path) if path is not None else settings_path()
    if not path.exists():
        return Settings(), ""
    try:
        data = json.loads(limits.read_capped(path, MAX_SETTINGS_BYTES, SaveError, "settings"))
        if limits.nesting_depth(data, 6) > 6:
            raise ValueError("nested too deeply")
        return Settings.from_json(data), ""
    except GameError as exc:
        return Settings(), msg("Settings not read, defaults used: {why}", why=str(exc))
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        why = f"{path.name}: {exc}"
        return Settings(), msg("Settings not read, defaults used: {why}", why=why)


def save(settings: Settings, path: str | os.PathLike | None = None) -> str:
    """Write the settings atomically; "" or one line saying why they could not be kept."""
    from game.io.saves import write_text_atomic

    path = Path(path) if path is not None else settings_path()
    try:
        write_text_atomic(path, json.dumps(settings.to_json(), indent=1, sort_keys=True))
    except GameError as exc:
        return msg("Settings not saved: {why}", why=str(exc))
    return ""
