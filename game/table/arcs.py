"""Front, flank and rear of rectangular bases: which edges touch, and the arc a point is in.

Why in the table: the kind of contact between two bases decides the dice in the `ranks`
ruleset, and only the table knows the bases as shapes. Contact is read from pymunk's contact
points (one padded collision, as in `measure.poly_gap`), each point placed on the edges of both
bases: a contact with some length runs along one edge of each base; a contact without length
is a corner of one base (or of both) against the other.

Conventions (game.core.state): map coordinates with y down, facing in degrees (0 faces +x);
a base's `width` runs along its front edge and its `depth` along the facing. A base's right is
its facing turned by +90 degrees (the right hand, seen from above on a y-down map).

The rules reach these through the geometry object they are given (`contact_kind`,
`target_arc`): `Table` methods delegating here, or `ArcsView` wrapping a Table until it has them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.geometry import CONTACT_TOLERANCE
from game.core.state import Model, Point
from game.table.measure import BOUND_MARGIN, rect_separation

if TYPE_CHECKING:
    from game.table.types import TableView as Table

#: The kinds of contact of a base `a` against an enemy base `b`, seen from `a`. A flank or
#: rear attack is made with the FRONT: a base touching an enemy only with its own flank or
#: rear attacks nobody (ranks.md, "Geometry").
FRONT = "front-to-front"      # a's front edge (or front corner) against b's front edge
CORNER = "corner-to-corner"   # only corners touch, a's being a front corner (an overlap)
FLANK = "flank"               # a's front edge (or front corner) against b's flank edge
REAR = "rear"                 # a's front edge (or front corner) against b's rear edge
EXPOSED = "exposed"           # b's front touches a's flank or rear: a earns nothing from it
ASIDE = "side-by-side"        # no front touches the other base (flank to flank, back to back)
KINDS = (FRONT, CORNER, FLANK, REAR, EXPOSED, ASIDE)

#: A contact shorter than this is a contact at corners, not along edges (about 2.5 mm).
MIN_EDGE_CONTACT = 0.1
#: A contact point this close to a corner (along both edges) is at that corner.
CORNER_REACH = 0.03
#: Padding so pymunk reports contacts for bases up to the contact tolerance apart.
_PAD = CONTACT_TOLERANCE + 0.05


def frame(model: Model) -> tuple[Point, Point]:
    """(forward, right) unit vectors of a base."""
    angle = math.radians(model.facing)
    return (math.cos(angle), math.sin(angle)), (-math.sin(angle), math.cos(angle))


def local(model: Model, point: Point) -> Point:
    """(along the facing, to the right) of a point, from the base's centre."""
    (fx, fy), (rx, ry) = frame(model)
    dx, dy = point[0] - model.x, point[1] - model.y
    return (dx * fx + dy * fy, dx * rx + dy * ry)


def edges_at(model: Model, point: Point, reach: float = CORNER_REACH) -> frozenset[str]:
    """The edges of a rectangular base a boundary point lies on: some of "front", "rear",
    "left", "right" (two of them at a corner)."""
    along, across = local(model, point)
    half_depth, half_width = model.base.depth / 2, model.base.width / 2
    found = set()
    if along >= half_depth - reach:
        found.add("front")
    if along <= -half_depth + reach:
        found.add("rear")
    if across >= half_width - reach:
        found.add("right")
    if across <= -half_width + reach:
        found.add("left")
    if not found:  # inside by more than the reach: take the nearest edge
        gaps = {"front": half_depth - along, "rear": half_depth + along,
                "right": half_width - across, "left": half_width + across}
        found.add(min(gaps, key=gaps.get))
    return frozenset(found)


def base_edges(model: Model) -> dict[str, tuple[Point, Point]]:
    """The four edges of a rectangular base in map coordinates (for drawing its facing)."""
    (fx, fy), (rx, ry) = frame(model)
    hd, hw = model.base.depth / 2, model.base.width / 2

    def at(along: float, across: float) -> Point:
        return (model.x + fx * along + rx * across, model.y + fy * along + ry * across)

    front_left, front_right = at(hd, -hw), at(hd, hw)
    rear_left, rear_right = at(-hd, -hw), at(-hd, hw)
    return {"front": (front_left, front_right), "right": (front_right, rear_right),
            "rear": (rear_right, rear_left), "left": (rear_left, front_left)}


def contact_points(table: Table, a: Model, b: Model) -> list[tuple[Point, Point]]:
    """Where two bases touch: (point on a, point on b) for each pymunk contact point no
    further apart than the contact tolerance; empty when they do not touch."""
    shape_a = table.shape_of(a)
    shape_b = table.shape_of(b)
    shape_b.unsafe_set_radius(_PAD)
    try:
        contact = shape_a.shapes_collide(shape_b)
    except AssertionError:  # not even within the padding
        return []
    finally:
        shape_b.unsafe_set_radius(0.0)
    normal = contact.normal
    out = []
    for p in contact.points:
        gap = _PAD + (p.point_b - p.point_a).dot(normal)
        if gap <= CONTACT_TOLERANCE:
            on_b = p.point_b + normal * _PAD  # back from the padding onto b's own edge
            out.append(((p.point_a.x, p.point_a.y), (on_b.x, on_b.y)))
    return out


def _flank(edge: str) -> bool:
    return edge in ("left", "right")


def _common_edge(sets: list[frozenset[str]]) -> str | None:
    common = frozenset.intersection(*sets)
    if len(common) == 1:
        return next(iter(common))
    return None


def contact_kind(table: Table, a: Model, b: Model) -> str | None:
    """The contact of base `a` against enemy base `b`, seen from `a` (one of KINDS), or None
    when they do not touch. Both must be rectangular.

    Only a front attacks. Along edges (a contact at least MIN_EDGE_CONTACT long): a's front
    against b's front -> FRONT, b's flank -> FLANK, b's rear -> REAR; a's flank or rear against
    b's front -> EXPOSED, against anything else -> ASIDE. At a point, a corner of each ->
    CORNER when a's is a front corner, else EXPOSED when b's is, else ASIDE; a's corner on an
    edge of b -> by that edge as above when it is a front corner (a front corner against b's
    front is FRONT); b's corner on an edge of a: a's front meets it -> FRONT (b's front corner)
    or REAR (b's rear corner); a's flank or rear meets it -> EXPOSED (b's front corner) or
    ASIDE.
    """
    if a.base.kind != "rect" or b.base.kind != "rect":
        return None
    radius = a.base.radius + b.base.radius + CONTACT_TOLERANCE
    if abs(a.x - b.x) > radius or abs(a.y - b.y) > radius:
        return None
    # the separating-axis bound never exceeds the gap: clear of the tolerance by it, the two
    # are surely apart, and pymunk would give no contact point near enough to count (blocks
    # stand close, so a quarter of the pairs inside the circles are such diagonal neighbours)
    if (rect_separation(a.base, a.facing, b.base, b.facing, b.x - a.x, b.y - a.y)
            >= CONTACT_TOLERANCE + BOUND_MARGIN):
        return None
    points = contact_points(table, a, b)
    if not points:
        return None
    on_a = [p for p, _ in points]
    on_b = [q for _, q in points]
    length = max(math.dist(p, q) for p in on_a for q in on_a)
    if length >= MIN_EDGE_CONTACT:
        edge_a = _common_edge([edges_at(a, p) for p in on_a])
        edge_b = _common_edge([edges_at(b, q) for q in on_b])
        if edge_a is not None and edge_b is not None:
            return _by_edges(edge_a == "front", edge_b)
    middle_a = (sum(p[0] for p in on_a) / len(on_a), sum(p[1] for p in on_a) / len(on_a))
    middle_b = (sum(q[0] for q in on_b) / len(on_b), sum(q[1] for q in on_b) / len(on_b))
    set_a, set_b = edges_at(a, middle_a), edges_at(b, middle_b)
    corner_a, corner_b = len(set_a) >= 2, len(set_b) >= 2
    if corner_a and corner_b:
        if "front" in set_a:
            return CORNER
        return EXPOSED if "front" in set_b else ASIDE
    if not corner_b:
        return _by_edges("front" in set_a, next(iter(set_b)))
    # b's corner against an edge of a
    if "front" in set_a:
        return FRONT if "front" in set_b else REAR
    return EXPOSED if "front" in set_b else ASIDE


def _by_edges(a_front: bool, edge_b: str) -> str:
    """The kind when a's front (or not) touches b's edge `edge_b`."""
    if not a_front:
        return EXPOSED if edge_b == "front" else ASIDE
    if _flank(edge_b):
        return FLANK
    if edge_b == "rear":
        return REAR
    return FRONT


def target_arc(models: Sequence[Model], point: Point) -> str:
    """The arc of a formation (its living bases, one facing) a point lies in: "front" or
    "rear" (the 90-degree arcs through the front and rear edges, bounded by the 45-degree
    lines out of the formation's corners), else "left" or "right" (its flanks)."""
    if not models:
        raise ValueError("a formation needs at least one base")
    facing_model = models[0]
    (fx, fy), (rx, ry) = frame(facing_model)
    alongs, acrosses = [], []
    for m in models:
        hd, hw = m.base.depth / 2, m.base.width / 2
        cx = m.x * fx + m.y * fy
        cy = m.x * rx + m.y * ry
        alongs += [cx - hd, cx + hd]
        acrosses += [cy - hw, cy + hw]
    front, rear = max(alongs), min(alongs)
    left, right = min(acrosses), max(acrosses)
    middle = (left + right) / 2
    half_width = (right - left) / 2
    along = point[0] * fx + point[1] * fy
    across = point[0] * rx + point[1] * ry
    beside = abs(across - middle) - half_width
    ahead = along - front
    behind = rear - along
    if ahead >= 0.0 and beside <= ahead:
        return "front"
    if behind >= 0.0 and beside <= behind:
        return "rear"
    if beside <= 0.0:  # between the front and rear lines, across the formation: under it
        return "front" if along >= (front + rear) / 2 else "rear"
    return "right" if across > middle else "left"

