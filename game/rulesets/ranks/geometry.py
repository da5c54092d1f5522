"""What `ranks` asks of the table beyond the common Geometry: the kind of each contact
between two rectangular bases, and the arc of a formation a point lies in.

The rules never import pymunk: they call these two methods on the geometry object they are
given; `game.table.Table` answers them (the work is in game/table/arcs.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.core.geometry import Geometry
from game.core.state import Model, Point

#: Contact kinds of a base `a` against an enemy base `b`, seen from `a` (game/table/arcs.py).
FRONT = "front-to-front"
CORNER = "corner-to-corner"
FLANK = "flank"
REAR = "rear"
EXPOSED = "exposed"
ASIDE = "side-by-side"
#: Arcs of a formation.
ARC_FRONT, ARC_REAR, ARC_LEFT, ARC_RIGHT = "front", "rear", "left", "right"


class RanksGeometry(Geometry, Protocol):
    def contact_kind(self, a: Model, b: Model) -> str | None:
        """How base `a` touches enemy base `b`, seen from `a`: FRONT, CORNER, FLANK, REAR,
        EXPOSED or ASIDE (no front touches); None when they do not touch."""

    def target_arc(self, models: Sequence[Model], point: Point) -> str:
        """The arc of the formation made of `models` (one facing) that `point` lies in:
        ARC_FRONT, ARC_REAR (the 90-degree arcs through the front and rear edges), ARC_LEFT or
        ARC_RIGHT."""


def ranks_geometry(geo: Geometry) -> RanksGeometry:
    """`geo` itself when it answers the arc questions, else the table wrapped so it does."""
    if not (hasattr(geo, "contact_kind") and hasattr(geo, "target_arc")):
        raise TypeError("the ranks ruleset needs a table that classifies base contacts "
                        "(contact_kind, target_arc)")
    return geo  # type: ignore[return-value]
