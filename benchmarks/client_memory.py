"""Client memory over a long session: one window plays AI-vs-AI battles back to back.

Each battle is a real one, started from the menu's button and played to its results screen,
then "Back to menu" and the next seed. After every battle the script prints the process's
resident size (RSS), the C heap in use (malloc: SDL surfaces, fonts), Python's traced
allocations (tracemalloc) and the object count, so a leak shows as a figure that keeps climbing
once the caches are full.

Run: python benchmarks/client_memory.py [--ruleset warband] [--battles 50] [--trace]
     [--top 15]   (with --trace: the allocation sites that grew most between battles 5 and N)
SDL's dummy drivers; figures only, not a pass/fail test (tests/ui/test_long_session.py is).
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SKIRMISH_DATA_DIR", tempfile.mkdtemp(prefix="skirmish-memory-"))

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def rss_mb() -> float:
    """Resident set size now (Linux /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError):
        return 0.0


class _MallInfo(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def malloc_mb() -> float:
    """Bytes the C heap has handed out and not got back (glibc `mallinfo2`, every arena):
    what SDL surfaces and other C allocations hold. RSS minus this is memory the allocator
    keeps for reuse (fragmentation), not a leak. 0 where there is no glibc."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        info = libc.mallinfo2
    except (OSError, AttributeError):
        return 0.0
    info.restype = _MallInfo
    got = info()
    return (got.uordblks + got.hblkhd) / 2**20


def play_one(app, seed: int, max_frames: int = 200000) -> int:
    """From the menu: set the seed, press Start, step frames to the results, back to the menu.
    Returns the frames the battle took."""
    from game.ui.screens.menu import MenuScreen
    from game.ui.screens.results import ResultsScreen

    menu = app.top
    assert isinstance(menu, MenuScreen), type(menu)
    menu.seed_text = str(seed)
    menu.start()
    frames = 0
    while not isinstance(app.top, ResultsScreen):
        app.step(None)
        frames += 1
        if frames > max_frames:
            raise RuntimeError(f"battle seed {seed} did not end in {max_frames} frames")
    app.step(None)
    app.top.back_to_menu()
    app.step(None)
    return frames


def type_counts() -> Counter:
    return Counter(type(o).__name__ for o in gc.get_objects())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ruleset", default="warband")
    parser.add_argument("--battles", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trace", action="store_true",
                        help="tracemalloc with 12 frames: the sites that grew (slower)")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    tracemalloc.start(12 if args.trace else 1)
    from game.ui.app import AI_VS_AI, App

    app = App(animate=False, ai_delay=0,
              menu_defaults={"ruleset": args.ruleset, "mode": AI_VS_AI})
    app.step(None)
    print(f"{args.ruleset}, {args.battles} AI-vs-AI battles in one window (dummy driver)")
    print("battle  frames  cpu_s   rss_MB  malloc_MB  traced_MB  objects")
    early = early_types = None
    start_cpu = time.process_time()
    for n in range(1, args.battles + 1):
        before = time.process_time()
        frames = play_one(app, args.seed + n)
        gc.collect()
        current, _ = tracemalloc.get_traced_memory()
        objects = len(gc.get_objects())
        print(f"{n:6d}  {frames:6d}  {time.process_time() - before:5.1f}  {rss_mb():7.1f}  "
              f"{malloc_mb():9.1f}  {current / 2**20:9.2f}  {objects:7d}", flush=True)
        if n == min(5, args.battles):
            early = tracemalloc.take_snapshot()
            early_types = type_counts()
    print(f"total CPU {time.process_time() - start_cpu:.1f} s")
    if args.trace and early is not None:
        late = tracemalloc.take_snapshot()
        print(f"\nallocation sites that grew most, battle 5 -> {args.battles}:")
        for stat in late.compare_to(early, "traceback")[:args.top]:
            print(f"{stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks")
            for line in stat.traceback.format()[-8:]:
                print("    " + line)
        grown = type_counts() - early_types
        print("\nobject types that grew in number:", grown.most_common(args.top))
    app.close()


if __name__ == "__main__":
    main()
