"""Test-wide settings: no display, no sound, and hypothesis kept deterministic and quick."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The player's files (replays) go to a throw-away folder during tests.
os.environ["SKIRMISH_DATA_DIR"] = tempfile.mkdtemp(prefix="skirmish-test-")
# Compiled translation catalogs too (they are compiled at first use), and the language is the
# tests' own choice, never the machine's.
os.environ["SKIRMISH_CACHE_DIR"] = tempfile.mkdtemp(prefix="skirmish-test-cache-")
os.environ.pop("SKIRMISH_LANG", None)
os.environ["LANG"] = os.environ["LC_ALL"] = "C.UTF-8"

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=60)
settings.load_profile("ci")


import pytest  # noqa: E402


@pytest.fixture
def mob_vs_marines():
    """The seed's worked example set-up (squads): a Brute Mob and Line Marines 7" apart."""
    from tests.rulesets.squads.battle import mob_vs_marines_battle

    return mob_vs_marines_battle()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that plays in another language (`--lang fr`) leaves the next one in English."""
    yield
    from game.i18n import set_language, set_ruleset

    set_language("en")
    set_ruleset(None)
