"""Sound: the synthesised files are present (and are what the script makes), they load with the
mixer, the battle screen plays them on the rules' events, and without an audio device the game
runs silent."""

import wave
from pathlib import Path

import pygame

from game.core.events import Casualty, ChargeDeclared, DamageDealt, DiceRolled, PhaseStarted
from game.io.tmx import default_map_for
from game.ui import sound as sound_module
from game.ui.app import AI_VS_AI, BattleConfig
from game.ui.settings import Settings
from game.ui.sound import SOUNDS, Sound, sounds_dir, sounds_for
from tools import make_sounds

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def test_every_sound_file_is_present_short_and_what_the_script_makes(tmp_path):
    assert sounds_dir() == ASSETS / "sounds"
    made = {p.name: p.read_bytes() for p in make_sounds.write(tmp_path)}
    assert set(made) == {f"{name}.wav" for name in SOUNDS}
    for name in SOUNDS:
        path = sounds_dir() / f"{name}.wav"
        assert path.read_bytes() == made[path.name], f"{path.name}: run tools/make_sounds.py"
        with wave.open(str(path)) as wav:
            seconds = wav.getnframes() / wav.getframerate()
        assert 0.01 < seconds <= 0.5, (name, seconds)  # short
    assert "tools/make_sounds.py" in (ASSETS / "LICENSES.md").read_text()


def test_the_sounds_load_with_the_mixer():
    sound = Sound(Settings())
    assert not sound.silent, sound.silent_reason
    assert set(sound.sounds) == set(SOUNDS)
    lengths = {name: s.get_length() for name, s in sound.sounds.items()}
    assert all(0 < length <= 0.5 for length in lengths.values()), lengths
    assert len(set(lengths.values())) == len(SOUNDS)  # distinct sounds, not one six times
    assert sound.play("dice")


def test_without_an_audio_device_the_game_runs_silent(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound = Sound(Settings())
    assert sound.silent and "audio device" in sound.silent_reason
    assert not sound.play("click")
    assert sound.on_events([Casualty()]) == ["casualty"]  # chosen, and nothing played


def test_a_missing_sound_file_is_silence_not_an_error(tmp_path):
    sound = Sound(Settings(), folder=tmp_path)
    assert sound.silent and not sound.play("hit")


def test_muted_or_at_zero_volume_nothing_plays():
    assert not Sound(Settings(muted=True)).play("phase")
    assert not Sound(Settings(volume=0.0)).play("phase")


def test_events_choose_their_sounds_most_telling_first_and_at_most_two():
    assert sounds_for([DiceRolled()]) == ["dice"]
    assert sounds_for([PhaseStarted()]) == ["phase"]
    assert sounds_for([ChargeDeclared(), DiceRolled()]) == ["charge", "dice"]
    assert sounds_for([DiceRolled(), DamageDealt(), Casualty()]) == ["casualty", "hit"]
    assert sounds_for([]) == []


def test_a_same_sound_does_not_restart_at_once(monkeypatch):
    sound = Sound(Settings())
    clock = iter([1000, 1010, 1000 + sound_module.MIN_GAP_MS + 20])
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: next(clock))
    assert sound.play("hit") and not sound.play("hit") and sound.play("hit")


def test_the_battle_screen_plays_the_rules_events_and_the_app_the_clicks(make_app):
    drive = make_app()
    drive.frames(2)
    drive.press(drive.top.widgets["settings"])
    assert drive.app.sound.played[-1] == "click"
    drive.key(pygame.K_ESCAPE)
    chosen = []
    real = drive.app.sound.on_events
    drive.app.sound.on_events = lambda events: chosen.extend(real(events)) or []
    drive.app.start_battle(BattleConfig("squads", default_map_for("squads"), AI_VS_AI, 0, 4))
    drive.frames(3)
    # the AI's batches of decisions: the most telling sounds of each (charges, casualties)
    assert {"charge", "casualty"} <= set(chosen) <= set(SOUNDS)

