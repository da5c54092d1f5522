"""Game state: plain dataclasses, cheap to copy, with no pymunk objects and no surfaces.

Why plain data: the AI copies the state thousands of times in search, saves write it as JSON,
and the pure rules read it without a table. Positions are in inches on the table, in map
coordinates (x to the right, y down the map, origin at the top-left corner).
Facing is in degrees in the same frame: 0 faces +x (right), 90 faces +y (down the map).
"""

from __future__ import annotations

import copy as _copy
import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from game.core.i18n import msg

MM_PER_INCH = 25.4

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class BaseShape:
    """A base at true size. `width_mm` runs along the front edge, `depth_mm` front to back.

    round: width = depth = diameter; oval: width is the long axis (along the front);
    rect: a rectangle with a front, two flanks and a rear.
    """

    kind: str
    width_mm: float
    depth_mm: float

    KINDS = ("round", "oval", "rect")

    def __post_init__(self):
        if self.kind not in self.KINDS:
            raise ValueError(msg("unknown base kind {kind} (round, oval or rect)",
                                 kind=repr(self.kind)))
        if self.width_mm <= 0 or self.depth_mm <= 0:
            raise ValueError(msg("base sizes must be positive"))

    @property
    def width(self) -> float:
        """Width in inches."""
        return self.width_mm / MM_PER_INCH

    @property
    def depth(self) -> float:
        """Depth in inches."""
        return self.depth_mm / MM_PER_INCH

    @property
    def radius(self) -> float:
        """Radius in inches of the smallest circle around the base (for quick pre-filters):
        worked out once per size (`base_radius`), as every table's prefilter asks it."""
        return base_radius(self.kind, self.width_mm, self.depth_mm)

    @classmethod
    def parse(cls, text: str) -> BaseShape:
        """'32' or 'round 32' (mm), 'oval 60x35', 'rect 40x20'."""
        words = str(text).lower().replace("mm", "").split()
        kind = "round"
        if words and words[0] in cls.KINDS:
            kind = words.pop(0)
        if len(words) != 1:
            raise ValueError(msg("cannot read base size {text}", text=repr(text)))
        dims = words[0].split("x")
        try:
            sizes = [float(d) for d in dims]
        except ValueError:
            raise ValueError(msg("cannot read base size {text}", text=repr(text))) from None
        if kind == "round":
            if len(sizes) != 1:
                raise ValueError(msg("a round base has one size (its diameter), not {text}",
                                     text=repr(text)))
            return cls("round", sizes[0], sizes[0])
        if len(sizes) != 2:
            raise ValueError(msg("a {kind} base needs width x depth, not {text}",
                                 kind=kind, text=repr(text)))
        return cls(kind, sizes[0], sizes[1])

    def to_text(self) -> str:
        if self.kind == "round":
            return f"{self.width_mm:g}"
        return f"{self.kind} {self.width_mm:g}x{self.depth_mm:g}"


_IMMUTABLE = (str, int, float, bool, type(None), frozenset, MappingProxyType, Fraction)


@lru_cache(maxsize=256)
def base_radius(kind: str, width_mm: float, depth_mm: float) -> float:
    """`BaseShape.radius` of a base of this kind and size: kept by size, since a battle has a
    few sizes of base and its prefilters ask it thousands of times."""
    width, depth = width_mm / MM_PER_INCH, depth_mm / MM_PER_INCH
    if kind == "rect":
        return math.hypot(width, depth) / 2
    return max(width, depth) / 2


def plain_copy(value: Any) -> Any:
    """An independent copy of plain nested data (dicts, lists, sets, tuples of them), written
    for speed: immutable leaves are shared, not copied, and only an unknown type falls back to
    `copy.deepcopy`. The rulesets keep decks, fights and flags in such data."""
    kind = type(value)
    if kind in _IMMUTABLE or isinstance(value, _IMMUTABLE):
        return value
    if kind is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    if kind is list:
        return [plain_copy(v) for v in value]
    if kind is tuple:
        items = tuple(plain_copy(v) for v in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if kind is set:
        return set(value)
    return _copy.deepcopy(value)


_FLAG_LEAVES = (*_IMMUTABLE, tuple)


def flags_copy(flags: dict[str, Any]) -> dict[str, Any]:
    """A unit's or side's flags, copied: the rulesets store scalars and tuples of scalars there
    (replaced, never changed in place), shared as they are; any container is copied."""
    return {k: v if type(v) in _FLAG_LEAVES else plain_copy(v) for k, v in flags.items()}


def frozen_profile(values: dict[str, Any]) -> MappingProxyType:
    """A read-only profile shared by every copy of the state (copies never duplicate it)."""
    return MappingProxyType(dict(values))


@dataclass(slots=True)
class Model:
    id: str
    unit: str
    side: int
    name: str
    base: BaseShape
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0
    wounds: int = 1
    max_wounds: int = 1
    alive: bool = True
    statuses: frozenset[str] = frozenset()
    profile: MappingProxyType = field(default_factory=lambda: frozen_profile({}))

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    def copy(self) -> Model:
        # Hand-written: `copy.copy` of a slots dataclass is about 9x slower (search copies a
        # state, and so every model, thousands of times per decision).
        return Model(self.id, self.unit, self.side, self.name, self.base, self.x, self.y,
                     self.facing, self.wounds, self.max_wounds, self.alive, self.statuses,
                     self.profile)


@dataclass(slots=True)
class Unit:
    id: str
    side: int
    name: str
    kind: str
    models: tuple[str, ...]
    profile: MappingProxyType = field(default_factory=lambda: frozen_profile({}))
    flags: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> Unit:
        return Unit(self.id, self.side, self.name, self.kind, self.models, self.profile,
                    flags_copy(self.flags))


@dataclass(slots=True)
class Side:
    index: int
    name: str
    force: str
    conceded: bool = False
    routed: bool = False
    casualties: list[str] = field(default_factory=list)
    flags: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> Side:
        return Side(self.index, self.name, self.force, self.conceded, self.routed,
                    list(self.casualties), flags_copy(self.flags))


@dataclass(frozen=True, slots=True)
class Terrain:
    kinds: frozenset[str]
    polygon: tuple[Point, ...]
    name: str = ""


@dataclass(frozen=True, slots=True)
class Objective:
    name: str
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class UnitPlacement:
    side: int
    unit: str
    x: float
    y: float
    facing: float | None = None


@dataclass(frozen=True)
class Scenario:
    """What a map says: the table, its terrain, zones, objectives, forces and round limit."""

    width: float
    height: float
    px_per_inch: int = 16
    ruleset: str | None = None
    rounds: int = 5
    title: str = ""
    description: str = ""
    forces: dict[int, str] = field(default_factory=dict)
    terrain: tuple[Terrain, ...] = ()
    deployment: dict[int, tuple[Point, ...]] = field(default_factory=dict)
    objectives: tuple[Objective, ...] = ()
    placements: tuple[UnitPlacement, ...] = ()
    source: str = ""


@dataclass(slots=True)
class GameState:
    """Everything that changes during a battle. `copy()` is what search calls: keep it cheap."""

    ruleset: str
    scenario: Scenario
    sides: list[Side]
    units: dict[str, Unit]
    models: dict[str, Model]
    round: int = 1
    active: int = 0
    phase: str = "setup"
    pending: dict[str, Any] = field(default_factory=dict)
    over: bool = False
    result: dict[str, Any] = field(default_factory=dict)
    seed: int = 0

    def copy(self) -> GameState:
        return GameState(
            self.ruleset,
            self.scenario,
            [s.copy() for s in self.sides],
            {k: u.copy() for k, u in self.units.items()},
            {k: m.copy() for k, m in self.models.items()},
            self.round,
            self.active,
            self.phase,
            plain_copy(self.pending),
            self.over,
            plain_copy(self.result),
            self.seed,
        )

    def position_copy(self) -> GameState:
        """The position alone (sides, units and models, copied as `copy` does), with the
        pending steps and the result left empty: for a valuation that reads where everyone
        stands and what they are, never a fight under way (copying a fight's pending steps
        cost legions' move boards more than their own measures)."""
        return GameState(
            self.ruleset,
            self.scenario,
            [s.copy() for s in self.sides],
            {k: u.copy() for k, u in self.units.items()},
            {k: m.copy() for k, m in self.models.items()},
            self.round,
            self.active,
            self.phase,
            {},
            self.over,
            {},
            self.seed,
        )

    # --- read helpers used by every ruleset ---------------------------------------------------
    # The two questions every ruleset asks most (tens of thousands of times a battle), written
    # without an inner generator: the same answers, in about 2/3 and 1/10 of the time
    def alive_models(self, unit_id: str) -> list[Model]:
        models = self.models
        return [m for i in self.units[unit_id].models if (m := models[i]).alive]

    def unit_alive(self, unit_id: str) -> bool:
        models = self.models
        for i in self.units[unit_id].models:  # noqa: SIM110 (any() over a generator: 30x dearer)
            if models[i].alive:
                return True
        return False

    def units_of(self, side: int, alive_only: bool = True) -> list[Unit]:
        return [u for u in self.units.values()
                if u.side == side and (not alive_only or self.unit_alive(u.id))]

    def enemy_units(self, side: int, alive_only: bool = True) -> list[Unit]:
        return [u for u in self.units.values()
                if u.side != side and (not alive_only or self.unit_alive(u.id))]

    def sides_with_models(self) -> list[int]:
        return sorted({m.side for m in self.models.values() if m.alive})
