"""Figures for the corpus: CPU per command in-process (every case, every entry point), and CPU
and peak RSS of real `python -m game` children for the sample the tests run as children.

    SDL_VIDEODRIVER=dummy python -m tests.hardening.measure [--top 5]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import tempfile
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=5)
    args = parser.parse_args(argv)

    import game.data.loader as loader
    import game.rulesets.legions.profile as legions_profile
    import game.ui.app as app
    from game.cli import main as cli
    from tests.hardening.corpus import all_cases
    from tests.hardening.test_corpus import SAMPLE, command_line, run_child

    def no_window(**kwargs):
        raise AssertionError("the game window opened")

    app.run = no_window
    root = Path(tempfile.mkdtemp(prefix="corpus-measure-"))
    cases = {case.name: case for case in all_cases()}
    written, timings = {}, []
    start_all = time.process_time()
    for name, case in cases.items():
        folder = root / name
        (folder / "replays").mkdir(parents=True)
        target = case.write(folder)
        written[name] = (folder, target)
        saved = {k: os.environ.get(k) for k in case.env}
        os.environ.update({k: v.replace("DIR", str(folder)) for k, v in case.env.items()})
        for template in case.commands:
            argv = command_line(template, folder, target)
            loader._loaded.clear()
            legions_profile._loaded.clear()
            with contextlib.redirect_stderr(io.StringIO()), \
                    contextlib.redirect_stdout(io.StringIO()):
                start = time.process_time()
                code = cli(argv)
                spent = time.process_time() - start
            timings.append((spent, code, name, argv))
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    total = time.process_time() - start_all
    print(f"{len(cases)} cases, {len(timings)} commands in-process, {total:.1f} s CPU in all "
          "(writing the corpus included)")
    for spent, code, name, argv in sorted(timings, reverse=True)[: args.top]:
        print(f"  {spent:.3f} s CPU  exit {code}  {name}: skirmish {' '.join(argv)[:150]}")
    children = []
    for name, index in sorted(SAMPLE.items()):
        folder, target = written[name]
        argv = command_line(cases[name].commands[index], folder, target)
        env = {k: v.replace("DIR", str(folder)) for k, v in cases[name].env.items()}
        code, _, cpu, rss = run_child(argv, env)
        children.append((cpu, rss, code, name, argv))
    print(f"{len(children)} children (python -m game):")
    for label, key in (("slowest", 0), ("biggest", 1)):
        cpu, rss, code, name, argv = max(children, key=lambda c, k=key: c[k])
        print(f"  {label}: {cpu:.2f} s CPU, {rss:.0f} MB peak RSS, exit {code}, {name}: "
              f"python -m game {' '.join(argv)[:150]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
