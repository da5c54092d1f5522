"""Every malformed input of the corpus, through every entry point that takes it: exit code 2,
one line on stderr naming the file and the problem, no traceback, fast, small, nothing written
over. In-process `main([...])` for the whole corpus; a representative sample also runs as a real
`python -m game` child, measured with `os.wait4` (its own CPU time and peak RSS)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main
from tests.hardening.corpus import all_cases

CASES = {case.name: case for case in all_cases()}
REPO = Path(__file__).resolve().parents[2]
#: Per command, in-process CPU seconds; per child, CPU seconds and peak RSS in MB. A child
#: starts Python and imports the game (about half a second here) before it sees the input.
IN_PROCESS_CPU = 1.0
CHILD_CPU = 2.0
CHILD_RSS_MB = 200
EXISTING = b"an existing file that nothing may write over"


def test_the_corpus_is_big_and_covers_every_kind():
    kinds = {case.kind for case in CASES.values()}
    assert len(CASES) >= 100
    assert kinds == {"map", "tileset", "replay", "data", "cli"}
    assert sum(len(case.commands) for case in CASES.values()) >= 250


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Each case written into its own folder, with an existing picture and replay beside it."""
    root = tmp_path_factory.mktemp("corpus")
    written = {}
    for name, case in CASES.items():
        folder = root / name
        (folder / "replays").mkdir(parents=True)
        (folder / "existing.png").write_bytes(EXISTING)
        (folder / "replays" / "squads_seed0.json").write_bytes(EXISTING)
        written[name] = (folder, case.write(folder))
    return written


def command_line(argv: list[str], folder: Path, target: Path) -> list[str]:
    return [a.replace("FILE", str(target)).replace("DIR", str(folder)) for a in argv]


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.stat().st_size < 1 << 20}


def assert_one_line(case, target: Path, code: int, err: str, argv: list[str]) -> None:
    blame = case.blame or target.name
    assert code == 2, f"{case.name}: {argv} exited {code}: {err!r}"
    assert "Traceback" not in err, err
    assert err.endswith("\n") and err.count("\n") == 1, f"{case.name}: {err!r}"
    assert err.startswith("skirmish: ") and blame in err, f"{case.name}: {err!r}"
    assert len(err) < 600, f"{case.name}: a long line ({len(err)} characters)"


@pytest.fixture
def isolated(monkeypatch):
    """Fresh data caches (a case may override a data file) and no game window."""
    import game.data.loader as loader
    import game.rulesets.legions.profile as legions_profile
    import game.ui.app as app

    monkeypatch.setattr(loader, "_loaded", {})
    monkeypatch.setattr(legions_profile, "_loaded", {})

    def no_window(**kwargs):
        raise AssertionError(f"the game window opened on a malformed input: {kwargs}")

    monkeypatch.setattr(app, "run", no_window)
    return monkeypatch


@pytest.mark.parametrize("name", sorted(CASES))
def test_malformed_input_is_one_line_exit_2(name, corpus, isolated, capsys):
    case = CASES[name]
    folder, target = corpus[name]
    before = snapshot(folder)
    for key, value in case.env.items():
        isolated.setenv(key, value.replace("DIR", str(folder)))
    for template in case.commands:
        argv = command_line(template, folder, target)
        start = time.process_time()
        code = main(argv)
        spent = time.process_time() - start
        err = capsys.readouterr().err
        assert_one_line(case, target, code, err, argv)
        assert spent < IN_PROCESS_CPU, f"{name}: {argv[0]} took {spent:.2f} s of CPU"
    assert snapshot(folder) == before, f"{name}: a file was written or written over"


#: The sample run as real children: the biggest and the nastiest of each kind.
SAMPLE = {
    "map_declares_2000x2000_tiles": 0, "map_zlib_bomb_128mb": 1, "map_gzip_bomb_64mb": 0,
    "map_5mb_attribute": 0, "map_billion_laughs": 0, "map_nested_groups_5000": 3,
    "map_markers_bases_overlap": 2, "tileset_picture_100000px": 1,
    "tileset_cut_into_16m_tiles": 0, "replay_deep_nesting_100000": 0,
    "replay_seed_5000_digits": 0, "replay_17mb": 0, "replay_120000_actions": 1,
    "data_deep_arrays": 0, "data_base_nan": 1, "data_units_dict": 2,
    "cli_odds_distance_nan": 0, "cli_render_size_30000": 0, "cli_replays_under_proc": 0,
    "cli_sides_9": 0, "cli_seed_5000_digits": 0, "cli_play_ruleset_chess": 0,
}


#: A small launcher forks `python -m game` and reports its rusage: Linux keeps a process's
#: peak RSS across exec, so a child forked (or vforked) straight from this big test process
#: would report this process's size, not its own.
LAUNCHER = """
import json, os, sys
pid = os.fork()
if pid == 0:
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.execv(sys.executable, [sys.executable, "-m", "game", *sys.argv[1:]])
_, status, usage = os.wait4(pid, 0)
print(json.dumps([os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime,
                  usage.ru_maxrss]))
"""


def run_child(argv: list[str], env: dict[str, str]) -> tuple[int, str, float, float]:
    """(exit code, stderr, CPU seconds, peak RSS in MB) of `python -m game argv`."""
    child_env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                 "PYTHONPATH": str(REPO), **env}
    done = subprocess.run([sys.executable, "-c", LAUNCHER, *argv], env=child_env, cwd=REPO,
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=60, check=True)
    code, cpu, rss_kb = json.loads(done.stdout)
    return code, done.stderr.decode("utf-8", "replace"), cpu, rss_kb / 1024


@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_sample_in_a_real_process_is_fast_and_small(name, corpus, record_property):
    case = CASES[name]
    folder, target = corpus[name]
    argv = command_line(case.commands[SAMPLE[name]], folder, target)
    env = {k: v.replace("DIR", str(folder)) for k, v in case.env.items()}
    before = snapshot(folder)
    code, err, cpu, rss = run_child(argv, env)
    record_property("cpu_s", round(cpu, 3))
    record_property("rss_mb", round(rss, 1))
    print(f"{name}: {cpu:.2f} s CPU, {rss:.0f} MB: {' '.join(a[:60] for a in argv)}")
    assert_one_line(case, target, code, err, argv)
    assert cpu < CHILD_CPU, f"{name}: {cpu:.2f} s of CPU"
    assert rss < CHILD_RSS_MB, f"{name}: {rss:.0f} MB"
    assert snapshot(folder) == before
