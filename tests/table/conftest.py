"""Tiny scenarios built straight from the state dataclasses, so table tests need no maps."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.state import (
    BaseShape,
    GameState,
    Model,
    Scenario,
    Side,
    Terrain,
    Unit,
    frozen_profile,
)
from game.table import Table


def model(ident: str, x: float, y: float, base: str = "32", side: int = 0,
          unit: str | None = None, facing: float = 0.0, name: str | None = None,
          kind: str | None = None) -> Model:
    """A model; `kind` goes into the profile as its `type` (e.g. "vehicle")."""
    profile = frozen_profile({"type": kind} if kind else {})
    return Model(ident, unit or f"u{side}", side, name or ident, BaseShape.parse(base), x, y,
                 facing, profile=profile)


def unit_of(prefix: str, side: int, positions: Iterable[tuple[float, float]],
            base: str = "32", name: str | None = None) -> list[Model]:
    """Models of one unit called e.g. 'Marine 1', 'Marine 2' (ids m1, m2...)."""
    return [model(f"{prefix}{i}", x, y, base, side, unit=prefix,
                  name=f"{name or prefix} {i}")
            for i, (x, y) in enumerate(positions, start=1)]


def box(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def terrain(kinds: str, polygon, name: str = "") -> Terrain:
    return Terrain(frozenset(k.strip() for k in kinds.split(",")), tuple(polygon), name)


def state(models: Iterable[Model], width: float = 48.0, height: float = 48.0,
          terrain_pieces: Iterable[Terrain] = ()) -> GameState:
    models = list(models)
    units: dict[str, Unit] = {}
    for m in models:
        if m.unit in units:
            u = units[m.unit]
            u.models = u.models + (m.id,)
        else:
            units[m.unit] = Unit(m.unit, m.side, m.unit, "infantry", (m.id,))
    scenario = Scenario(width, height, terrain=tuple(terrain_pieces))
    sides = [Side(0, "Blue", "test"), Side(1, "Red", "test")]
    return GameState("test", scenario, sides, units, {m.id: m for m in models})


def table_and_state(models, **kwargs) -> tuple[Table, GameState]:
    s = state(models, **kwargs)
    return Table(s.scenario), s
