"""benchmarks.ai_compare pairs two runs of benchmarks.ai by seed and seating: the search's
margin is its points minus the best other side's, and only the battles both runs played
count."""

import pytest

from benchmarks.ai_compare import compare

BEFORE = """search vs greedy, 2 seeds x 2 seats, budget 1 s CPU
  warband seed 0 seats search,greedy: winner greedy, points [8.0, 34.0], 10 s CPU
  warband seed 0 seats greedy,search: winner search, points [11.0, 21.0], 13 s CPU
  warband seed 1 seats greedy,search,greedy: winner greedy, points [40.0, 39.0, 0.0], 26 s CPU
"""
AFTER = """search vs greedy, 2 seeds x 2 seats, budget 1 s CPU
  warband seed 0 seats search,greedy: winner search, points [21.0, 0.0], 10 s CPU
  warband seed 0 seats greedy,search: winner search, points [11.0, 15.0], 14 s CPU
  warband seed 1 seats greedy,search,greedy: winner none, points [4.0, 39.0, 39.0], 26 s CPU
  warband seed 2 seats search,greedy: winner search, points [13.0, 4.0], 11 s CPU
"""


def test_compare_pairs_by_seed_and_seating():
    f = compare(BEFORE, AFTER)
    assert f["battles"] == 3 and f["wins"] == (1, 2)
    # margins before: -26, +10, -1; after: +21, +4, 0
    assert f["diff"] == pytest.approx((47 - 6 + 1) / 3)
    assert f["changed"] == [((0, "search,greedy"), False, True)]


def test_a_file_that_is_missing_or_no_run_is_one_line_and_exit_code_2(tmp_path):
    import subprocess
    import sys

    notes = tmp_path / "notes.txt"
    notes.write_text("not a benchmark run\n")
    for args in ([str(tmp_path / "gone.txt"), str(notes)], [str(notes), str(notes)]):
        done = subprocess.run([sys.executable, "-m", "benchmarks.ai_compare", *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and not done.stdout
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(args[0] + ": ")
