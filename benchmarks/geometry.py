"""Queries per second of the table's geometry on a 30-model set-up.

Run: python benchmarks/geometry.py   (prints figures; not a pass/fail test)
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.state import (  # noqa: E402
    BaseShape,
    GameState,
    Model,
    Scenario,
    Side,
    Terrain,
    Unit,
)
from game.table import Table  # noqa: E402

WIDTH, HEIGHT = 60.0, 44.0


def battle(base: str) -> GameState:
    """Three units of 5 per side (30 models): blue at the left, red 8" across, and a wood,
    a rock and a stream between them."""
    shape = BaseShape.parse(base)
    pitch = shape.radius * 2 + 0.3
    models: dict[str, Model] = {}
    units: dict[str, Unit] = {}
    for side, x0, facing in ((0, 20.0, 0.0), (1, 20.0 + 8.0 + 2 * pitch, 180.0)):
        for u in range(3):
            unit_id = f"s{side}u{u}"
            ids = []
            for k in range(5):
                model_id = f"{unit_id}m{k}"
                x = x0 + (k // 3) * pitch * (1 if side == 0 else -1)
                y = 8.0 + u * 10.0 + (k % 3) * pitch
                models[model_id] = Model(model_id, unit_id, side, f"Model {k + 1}", shape,
                                         x, y, facing)
                ids.append(model_id)
            units[unit_id] = Unit(unit_id, side, unit_id, "infantry", tuple(ids))
    terrain = (
        Terrain(frozenset({"obscuring"}), ((24, 2), (27, 2), (27, 6), (24, 6)), "wood"),
        Terrain(frozenset({"impassable"}), ((24, 36), (27, 36), (26, 40)), "rock"),
        Terrain(frozenset({"difficult"}), ((40, 0), (42, 0), (42, 44), (40, 44)), "stream"),
    )
    scenario = Scenario(WIDTH, HEIGHT, terrain=terrain)
    return GameState("bench", scenario, [Side(0, "Blue", "x"), Side(1, "Red", "y")], units,
                     models)


def rate(label: str, calls: int, run) -> None:
    start = time.perf_counter()
    run()
    elapsed = time.perf_counter() - start
    print(f"{label:<44} {calls / elapsed:>12,.0f} /s   ({elapsed * 1e6 / calls:8.1f} us each)")


def main() -> None:
    rng = random.Random(1)
    round_state, rect_state = battle("32"), battle("rect 25x25")
    table = Table(round_state.scenario)
    for label, s in (("circle-circle", round_state), ("rect-rect", rect_state)):
        pairs = [(a, b) for a in s.models.values() for b in s.models.values() if a.id < b.id]
        repeats = 20

        def distances(pairs=pairs, repeats=repeats):
            for _ in range(repeats):
                for a, b in pairs:
                    table.distance(a, b)

        rate(f"distance {label}", len(pairs) * repeats, distances)

    for label, s in (("round", round_state), ("rect", rect_state)):
        movers = [m for m in s.models.values() if m.side == 0]
        jobs = [(rng.choice(movers), (rng.uniform(2, WIDTH - 2), rng.uniform(2, HEIGHT - 2)))
                for _ in range(300)]
        near = [(m, (m.x + rng.uniform(-6, 6), m.y + rng.uniform(-6, 6)))
                for m in (rng.choice(movers) for _ in range(300))]
        rate(f"path_length {label}, anywhere on the table",
             len(jobs), lambda s=s, jobs=jobs: [table.path_length(s, m, d) for m, d in jobs])
        rate(f"path_length {label}, within 6\"",
             len(near), lambda s=s, near=near: [table.path_length(s, m, d) for m, d in near])

    for label, s in (("round", round_state), ("rect", rect_state)):
        def charges(s=s):
            for u in range(3):
                table.approach(s, f"s0u{u}", [f"s1u{u}"], 12.0, 1.0)

        rate(f"approach {label} (5 models, 12\" charge)", 3, charges)

        def formation(s=s):
            for u in range(3):
                table.move_toward(s, f"s0u{u}", (WIDTH - 2, 8.0 + u * 10.0), 6.0, 1.0)

        rate(f"move_toward {label} (5 models, 6\")", 3, formation)

    s = round_state
    a, b = s.models["s0u0m0"], s.models["s1u2m4"]
    rate("line_of_sight round", 2000, lambda: [table.line_of_sight(s, a, b) for _ in range(2000)])


if __name__ == "__main__":
    main()
