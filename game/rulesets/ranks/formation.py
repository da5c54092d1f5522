"""A unit is a rigid formation: rectangular bases in files x ranks, one facing (ranks.md).

Each base keeps a slot (rank, file) in `unit.flags["slots"]` (a tuple, so copies of the state
never share it). Where every base stands follows from one frame: the front-centre point of the
formation (the middle of its nominal front edge) and the facing. Every move is a rigid motion
of that frame (forward, a wheel about a front corner, a turn about the centre), so the block
never comes apart; and closing ranks after losses only moves bases into slots the dead left
empty, so it can never make an overlap.

Rank 0 is the front rank; file 0 is the left-most file (the unit's left, looking along its
facing; on a y-down map "right" is the facing turned by +90 degrees).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.i18n import msg
from game.core.state import GameState, Model, Point
from game.rulesets.ranks.shapes import Polygon, normalise_angle, rotate_about, unit_vectors

RULE_CLOSE_RANKS = msg("Closing ranks: bases behind step into the gaps left by losses "
                       "(ranks [added])")

Slot = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Frame:
    """The front-centre point of the nominal formation and its facing (degrees)."""

    x: float
    y: float
    facing: float

    @property
    def point(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Extent:
    """What the living bases cover, in the formation's own frame: from `left` to `right`
    across the front (inches from the front centre, right positive) and `depth` back from the
    front edge."""

    left: float
    right: float
    depth: float

    @property
    def frontage(self) -> float:
        return self.right - self.left


# --- slots ---------------------------------------------------------------------------------------

def initial_slots(model_ids: list[str] | tuple[str, ...], files: int) -> tuple:
    """Bases fill the front rank left to right, then the next rank."""
    files = max(1, files)
    return tuple((mid, i // files, i % files) for i, mid in enumerate(model_ids))


#: Living slots and extents, keyed by the slots tuple (shared by every copy of a state until
#: ranks close) and which bases live: asked for thousands of times while moves are weighed.
_living_cache: dict[tuple, tuple] = {}
LIVING_CACHE = 4096


def _living(s: GameState, unit_id: str) -> tuple[dict[str, Slot], Extent | None]:
    unit = s.units[unit_id]
    slots = unit.flags["slots"]
    models = s.models
    alive = tuple([models[mid].alive for mid, _, _ in slots])
    key = (id(slots), alive)
    found = _living_cache.get(key)
    if found is not None and found[0] is slots:
        return found[1], found[2]
    living = {mid: (int(rank), int(file)) for (mid, rank, file), up in zip(slots, alive,
                                                                           strict=True) if up}
    ext = None
    if living:
        files = int(unit.flags["files"])
        base = s.models[unit.models[0]].base
        width, depth = base.width, base.depth
        low = min(file for _, file in living.values())
        high = max(file for _, file in living.values())
        ranks = max(rank for rank, _ in living.values()) + 1
        ext = Extent(lateral_offset(low, files, width) - width / 2,
                     lateral_offset(high, files, width) + width / 2, ranks * depth)
    if len(_living_cache) >= LIVING_CACHE:
        _living_cache.clear()
    _living_cache[key] = (slots, living, ext)
    return living, ext


def slot_map(s: GameState, unit_id: str) -> dict[str, Slot]:
    """Slots of the unit's living bases (a shared dict: do not change it)."""
    return _living(s, unit_id)[0]


def files_of(s: GameState, unit_id: str) -> int:
    """The unit's nominal number of files (fixed at set-up: never more than its bases)."""
    return int(s.units[unit_id].flags["files"])


def base_size(s: GameState, unit_id: str) -> tuple[float, float]:
    """(width, depth) in inches of the unit's bases (all alike)."""
    base = s.models[s.units[unit_id].models[0]].base
    return base.width, base.depth


def rank_of(s: GameState, model: Model) -> int:
    return slot_map(s, model.unit).get(model.id, (0, 0))[0]


def front_rank(s: GameState, unit_id: str) -> list[Model]:
    slots = slot_map(s, unit_id)
    return [s.models[mid] for mid, (rank, _) in sorted(slots.items(), key=lambda kv: kv[1][1])
            if rank == 0]


def ranks_present(s: GameState, unit_id: str, models: list[Model] | None = None) -> set[int]:
    slots = slot_map(s, unit_id)
    chosen = models if models is not None else s.alive_models(unit_id)
    return {slots[m.id][0] for m in chosen if m.id in slots}


# --- frames and positions -----------------------------------------------------------------------

def lateral_offset(file: int, files: int, width: float) -> float:
    return (file - (files - 1) / 2) * width


def slot_centre(frame: Frame, rank: int, file: int, files: int, width: float,
                depth: float) -> Point:
    (fx, fy), (rx, ry) = unit_vectors(frame.facing)
    across = lateral_offset(file, files, width)
    back = (rank + 0.5) * depth
    return (frame.x + rx * across - fx * back, frame.y + ry * across - fy * back)


def frame_of(s: GameState, unit_id: str) -> Frame:
    """The frame, read back from the first living base (every base agrees)."""
    return _frame(s, unit_id, slot_map(s, unit_id))


def block(s: GameState, unit_id: str) -> tuple[Frame, Extent]:
    """(`frame_of`, `extent`) with the living slots read once: most solvers want both."""
    slots, ext = _living(s, unit_id)
    if ext is None:
        raise ValueError(f"{unit_id} has no living base")
    return _frame(s, unit_id, slots), ext


def _frame(s: GameState, unit_id: str, slots: dict[str, Slot]) -> Frame:
    files = files_of(s, unit_id)
    width, depth = base_size(s, unit_id)
    for mid in s.units[unit_id].models:
        if mid in slots:
            model = s.models[mid]
            rank, file = slots[mid]
            (fx, fy), (rx, ry) = unit_vectors(model.facing)
            across = lateral_offset(file, files, width)
            back = (rank + 0.5) * depth
            return Frame(model.x - rx * across + fx * back, model.y - ry * across + fy * back,
                         model.facing)
    raise ValueError(f"{unit_id} has no living base")


def frame_from(s: GameState, unit_id: str, dest: dict[str, Point], facing: float,
               slack: float = 0.002) -> Frame | None:
    """The frame that puts the unit's living bases at `dest` (turned to `facing`), or None
    when `dest` is not the whole block in its slots (each base within `slack`)."""
    slots = slot_map(s, unit_id)
    if set(dest) != set(slots):
        return None
    files = files_of(s, unit_id)
    width, depth = base_size(s, unit_id)
    (fx, fy), (rx, ry) = unit_vectors(facing)
    first = next(mid for mid in s.units[unit_id].models if mid in slots)
    rank, file = slots[first]
    across, back = lateral_offset(file, files, width), (rank + 0.5) * depth
    x, y = dest[first]
    frame = Frame(x - rx * across + fx * back, y - ry * across + fy * back, facing)
    for mid, point in positions(s, unit_id, frame).items():
        if math.dist(point, dest[mid]) > slack:
            return None
    return frame


def positions(s: GameState, unit_id: str, frame: Frame) -> dict[str, Point]:
    """Where each living base stands in this frame."""
    files = files_of(s, unit_id)
    width, depth = base_size(s, unit_id)
    # `slot_centre` written out, the facing's vectors read once for all the bases (every end
    # check of a block asks where its bases stand): the same products and sums
    (fx, fy), (rx, ry) = unit_vectors(frame.facing)
    x, y, middle = frame.x, frame.y, (files - 1) / 2
    out = {}
    for mid, (rank, file) in slot_map(s, unit_id).items():
        across = (file - middle) * width
        back = (rank + 0.5) * depth
        out[mid] = (x + rx * across - fx * back, y + ry * across - fy * back)
    return out


def extent(s: GameState, unit_id: str) -> Extent:
    ext = _living(s, unit_id)[1]
    if ext is None:
        raise ValueError(f"{unit_id} has no living base")
    return ext


def footprint(frame: Frame, ext: Extent, shrink: float = 0.0) -> Polygon:
    """The rectangle the living bases cover: front-left, front-right, rear-right, rear-left."""
    (fx, fy), (rx, ry) = unit_vectors(frame.facing)
    left, right = ext.left + shrink, ext.right - shrink
    front, back = -shrink, -(ext.depth - shrink)
    x, y = frame.x, frame.y
    # each corner is frame + right * across + forward * along, written out (asked for at
    # every step of every sweep)
    return [(x + rx * left + fx * front, y + ry * left + fy * front),
            (x + rx * right + fx * front, y + ry * right + fy * front),
            (x + rx * right + fx * back, y + ry * right + fy * back),
            (x + rx * left + fx * back, y + ry * left + fy * back)]


def front_centre(frame: Frame, ext: Extent) -> Point:
    """The middle of the front edge the living bases form."""
    (_, _), (rx, ry) = unit_vectors(frame.facing)
    middle = (ext.left + ext.right) / 2
    return (frame.x + rx * middle, frame.y + ry * middle)


def centre(frame: Frame, ext: Extent) -> Point:
    (fx, fy), (rx, ry) = unit_vectors(frame.facing)
    middle = (ext.left + ext.right) / 2
    return (frame.x + rx * middle - fx * ext.depth / 2, frame.y + ry * middle - fy * ext.depth / 2)


# --- rigid motions --------------------------------------------------------------------------------

def advanced(frame: Frame, distance: float) -> Frame:
    (fx, fy), _ = unit_vectors(frame.facing)
    return Frame(frame.x + fx * distance, frame.y + fy * distance, frame.facing)


def translated(frame: Frame, dx: float, dy: float) -> Frame:
    return Frame(frame.x + dx, frame.y + dy, frame.facing)


def wheel_pivot(frame: Frame, ext: Extent, degrees: float) -> Point:
    """A wheel turns about the inner front corner: the right one when wheeling right
    (positive degrees), the left one when wheeling left."""
    _, (rx, ry) = unit_vectors(frame.facing)
    across = ext.right if degrees > 0 else ext.left
    return (frame.x + rx * across, frame.y + ry * across)


def wheeled(frame: Frame, ext: Extent, degrees: float) -> Frame:
    if abs(degrees) < 1e-12:
        return frame
    pivot = wheel_pivot(frame, ext, degrees)
    x, y = rotate_about(frame.point, pivot, degrees)
    return Frame(x, y, normalise_angle(frame.facing + degrees))


def wheel_cost(ext: Extent, degrees: float) -> float:
    """The outer front corner's path: the frontage times the angle in radians (ranks.md)."""
    return ext.frontage * math.radians(abs(degrees))


def turned(frame: Frame, ext: Extent, degrees: float) -> Frame:
    """The whole block turned about its centre (a drill: bases keep their slots)."""
    pivot = centre(frame, ext)
    x, y = rotate_about(frame.point, pivot, degrees)
    return Frame(x, y, normalise_angle(frame.facing + degrees))


# --- closing ranks --------------------------------------------------------------------------------

def closed_slots(slots: dict[str, Slot], order: list[str]) -> dict[str, Slot]:
    """The first step of closing ranks: in each file the bases step forward into the gaps.
    Then (`fill_empty_files`), while a file is empty and another holds two or more bases, the
    rearmost base of the fullest file (nearest the gap on a tie) steps into the empty file's
    front slot. Every base only ever moves into a slot a lost base left, so closing ranks never
    needs room. `order` (the unit's base order) breaks ties."""
    position = {mid: i for i, mid in enumerate(order)}
    by_file: dict[int, list[str]] = {}
    for mid, (_, file) in slots.items():
        by_file.setdefault(file, []).append(mid)
    out: dict[str, Slot] = {}
    for file, mids in by_file.items():
        mids.sort(key=lambda m: (slots[m][0], position.get(m, 0)))
        for rank, mid in enumerate(mids):
            out[mid] = (rank, file)
    return out


def fill_empty_files(slots: dict[str, Slot], files: int, order: list[str]) -> dict[str, Slot]:
    """The second step of closing ranks (see `closed_slots`): empty files inside the unit's
    nominal frontage take the rearmost base of the fullest file, while one has two or more."""
    out = dict(slots)
    position = {mid: i for i, mid in enumerate(order)}
    while True:
        counts = {file: 0 for file in range(files)}
        for _, file in out.values():
            counts[file] = counts.get(file, 0) + 1
        empty = [f for f, n in counts.items() if n == 0]
        donors = [f for f, n in counts.items() if n >= 2]
        if not empty or not donors:
            return out
        best = None
        for gap in empty:
            for donor in donors:
                key = (-counts[donor], abs(donor - gap), donor, gap)
                if best is None or key < best[0]:
                    best = (key, gap, donor)
        _, gap, donor = best
        mover = max((m for m, (_, f) in out.items() if f == donor),
                    key=lambda m: (out[m][0], position.get(m, 0)))
        out[mover] = (0, gap)


def close_ranks(s: GameState, unit_id: str) -> dict[str, tuple[Point, Point]]:
    """Close the unit's ranks in place. Returns the bases that moved: id -> (from, to)."""
    unit = s.units[unit_id]
    slots = slot_map(s, unit_id)
    if not slots:
        return {}
    frame = frame_of(s, unit_id)
    order = list(unit.models)
    new = fill_empty_files(closed_slots(slots, order), files_of(s, unit_id), order)
    # Rear bases that changed file above leave a gap in their old file only at its rear, so
    # one more pass in each file keeps every file packed from the front.
    new = closed_slots(new, order)
    dead = tuple((mid, rank, file) for mid, rank, file in unit.flags["slots"]
                 if not s.models[mid].alive)
    unit.flags["slots"] = tuple((mid, *new[mid]) for mid in order if mid in new) + dead
    moved = {}
    for mid, point in positions(s, unit_id, frame).items():
        if new[mid] == slots[mid]:
            continue
        model = s.models[mid]
        point = (round(point[0], 3), round(point[1], 3))
        moved[mid] = (model.pos, point)
        model.x, model.y = point
    return moved


def apply_frame(s: GameState, unit_id: str, frame: Frame) -> dict[str, tuple[Point, Point]]:
    """Stand the unit in a new frame (positions on the 1/1000" placement grid)."""
    moved = {}
    for mid, point in positions(s, unit_id, frame).items():
        model = s.models[mid]
        point = (round(point[0], 3), round(point[1], 3))
        moved[mid] = (model.pos, point)
        model.x, model.y = point
        model.facing = round(frame.facing, 6) % 360.0
    return moved
