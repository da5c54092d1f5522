"""Sound effects: a dice roll, a hit, a charge, a casualty, a new phase and a button click.

The sounds are the WAV files `tools/make_sounds.py` synthesises into `assets/sounds/`. They
are picked from the events the battle screen already receives (the rules emit them; nothing
here decides anything). Without an audio device (the mixer does not start, a file is missing)
the game runs silent: every call becomes a no-op, never an error.

Why at most two sounds per batch and a short gap per sound: an AI at the instant pace resolves
dozens of decisions in one batch, and a wall of overlapping clicks tires at once.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

SOUNDS = ("dice", "hit", "charge", "casualty", "phase", "click")
#: Event class names (any ruleset's) and the sound each makes, the first listed winning.
EVENT_SOUNDS = (
    ("casualty", ("Casualty", "CasualtiesRemoved", "Routed")),
    ("charge", ("ChargeDeclared", "ChargeTargetDeclared")),
    ("hit", ("DamageDealt", "HitsTaken", "MeleeRoundFought")),
    ("dice", ("DiceRolled", "CombatDice", "ChargeRolled", "DiceKept")),
    ("phase", ("PhaseStarted", "TurnStarted", "RoundStarted")),
)
PER_BATCH = 2
MIN_GAP_MS = 90  # the same sound does not restart sooner than this


def assets_dir() -> Path:
    """`assets/` beside the `game` package (a checkout), else the installed copy
    (`share/skirmish-table/assets` under the interpreter's prefix, see pyproject.toml)."""
    beside = Path(__file__).resolve().parents[2] / "assets"
    if beside.is_dir():
        return beside
    return Path(sys.prefix) / "share" / "skirmish-table" / "assets"


def sounds_dir() -> Path:
    return assets_dir() / "sounds"


def sounds_for(events) -> list[str]:
    """The sounds a batch of events makes, most telling first, each once, at most PER_BATCH."""
    names = {type(event).__name__ for event in events}
    found = [sound for sound, kinds in EVENT_SOUNDS if names.intersection(kinds)]
    return found[:PER_BATCH]


class Sound:
    """The loaded sounds, or silence. `silent_reason` says why there is no sound ("" if any)."""

    def __init__(self, settings, folder: Path | None = None):
        self.volume = settings.effective_volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.silent_reason = ""
        self.played: list[str] = []  # the last sounds asked for (tests and the settings screen)
        self._last: dict[str, int] = {}
        folder = folder or sounds_dir()
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            for name in SOUNDS:
                self.sounds[name] = pygame.mixer.Sound(str(folder / f"{name}.wav"))
        except Exception as exc:  # noqa: BLE001 - no device, no mixer, a bad file: silence
            self.sounds = {}
            self.silent_reason = f"{type(exc).__name__}: {exc}"

    @property
    def silent(self) -> bool:
        return not self.sounds

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    def play(self, name: str) -> bool:
        """Play one sound at the current volume; False when nothing was played."""
        self.played = (self.played + [name])[-8:]
        sound = self.sounds.get(name)
        if sound is None or self.volume <= 0:
            return False
        now = pygame.time.get_ticks()
        if now - self._last.get(name, -MIN_GAP_MS) < MIN_GAP_MS:
            return False
        self._last[name] = now
        try:
            sound.set_volume(self.volume)
            sound.play()
        except Exception:  # noqa: BLE001 - a device lost mid-game: go silent, keep playing
            self.sounds = {}
            return False
        return True

    def on_events(self, events) -> list[str]:
        """Play what a batch of rules events sounds like; returns the sounds chosen."""
        chosen = sounds_for(events)
        for name in chosen:
            self.play(name)
        return chosen
