"""What the table's measuring modules need of a table, as protocols.

Why: `space.Table` builds the pymunk space and answers the rules by calling `arcs`, `measure` and
`moves`; those modules take the table as an argument. Naming it here (instead of importing
`space` back, even only for type hints) keeps one direction in the package: `space` imports the
measuring modules, they import only this and `game.core`. `space.Table` and
`space.TerrainPiece` satisfy these protocols.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.core.state import BaseShape, Model, Point, Terrain

if TYPE_CHECKING:
    import pymunk


class TerrainPieceView(Protocol):
    """One terrain outline: its kinds, exact outline and the convex pymunk shapes covering it."""

    index: int
    terrain: Terrain
    kinds: frozenset[str]
    outline: list[Point]
    bounds: tuple[float, float, float, float]
    shapes: list[pymunk.Poly]

    @property
    def label(self) -> str: ...


class TableView(Protocol):
    """A table in inches with its pymunk space, terrain sorted by kind and per-base caches."""

    width: float
    height: float
    space: pymunk.Space
    terrain: list[TerrainPieceView]
    impassable: list[TerrainPieceView]
    difficult: list[TerrainPieceView]
    obscuring: list[TerrainPieceView]
    impassable_boxes: list[tuple[float, float, float, float, TerrainPieceView]]
    difficult_boxes: list[tuple[float, float, float, float, TerrainPieceView]]
    impassable_filter: pymunk.ShapeFilter
    piece_of_shape: dict[pymunk.Shape, TerrainPieceView]
    scratch_body: pymunk.Body
    sweep_cache: dict[tuple, list[tuple[float, float, float]]]
    ring_cache: dict[tuple, list[tuple[float, float]]]
    cost_cache: dict[tuple, float]
    answer_cache: dict[tuple, tuple]
    gap_cache: dict[tuple, float]
    sight_cache: dict[tuple, bool]

    def shape_at(self, model: Model, x: float, y: float, facing: float | None = None
                 ) -> pymunk.Shape: ...

    def shape_of(self, model: Model) -> pymunk.Shape: ...

    def outline(self, base: BaseShape, facing: float) -> list[Point]: ...

    def extents(self, base: BaseShape, facing: float) -> tuple[float, float, float, float]: ...

    def cached(self, cache: dict, key, build, limit: int = ...): ...

    def on_table(self, model: Model, x: float, y: float) -> bool: ...
