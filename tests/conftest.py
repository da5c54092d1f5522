"""Test-wide settings: no display, no sound, and hypothesis kept deterministic and quick."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=60)
settings.load_profile("ci")


import pytest  # noqa: E402


@pytest.fixture
def mob_vs_marines():
    """The seed's worked example set-up (squads): a Brute Mob and Line Marines 7" apart."""
    from tests.rulesets.squads.battle import mob_vs_marines_battle

    return mob_vs_marines_battle()
