"""The Geometry protocol: what the rules may ask of the table.

The rules never touch pymunk: they ask these questions of a `Geometry` (implemented by
`game.table.Table`) and get plain numbers, booleans and destinations back. Keeping the protocol
here lets the rules core be tested with any implementation.
"""

from __future__ import annotations

from typing import Protocol

from game.core.state import GameState, Model, Point

#: Base contact: two bases whose edges are this close (inches) touch. One constant for the game.
CONTACT_TOLERANCE = 0.02

Destinations = dict[str, Point]

#: The model type whose bases block sight between two others (common rules: "no third model's
#: base of the `vehicle` type"). Each ruleset spells its types its own way (legions' data says
#: "Vehicle"), so the type is read without case: spelled otherwise, no vehicle ever blocked.
SIGHT_BLOCKING_TYPE = "vehicle"


def blocks_sight(model: Model) -> bool:
    """Whether this model's base blocks sight between two others (its type is the vehicle
    type, in any case). Whether it is alive and a third model is the caller's to ask."""
    return str(model.profile.get("type", "")).lower() == SIGHT_BLOCKING_TYPE


class Geometry(Protocol):
    width: float
    height: float

    # --- measuring ---------------------------------------------------------------------------
    def distance(self, a: Model, b: Model) -> float:
        """Edge-to-edge distance between two bases at their current poses (0 when touching)."""

    def unit_distance(self, s: GameState, unit_a: str, unit_b: str) -> float:
        """Shortest distance between any two living models of the two units (inf if none)."""

    def in_contact(self, a: Model, b: Model) -> bool:
        """Base contact: distance <= CONTACT_TOLERANCE."""

    def point_distance(self, model: Model, point: Point) -> float:
        """From the edge of the model's base to a point (0 if the point is under the base)."""

    def line_of_sight(self, s: GameState, a: Model, b: Model) -> bool:
        """Some straight segment between the two bases crosses no obscuring terrain and no
        third model's base of the `vehicle` type."""

    # --- moving ------------------------------------------------------------------------------
    def path_length(self, s: GameState, model: Model, dest: Point) -> float | None:
        """Length of the shortest legal path for this model from where it stands to `dest`
        (around enemy bases and impassable terrain; friends may be passed through; difficult
        terrain counts double). None when no path exists."""

    def path_within(self, s: GameState, model: Model, dest: Point, allowance: float) -> bool:
        """Is `path_length` to `dest` at most `allowance` (False when there is no path)? The
        yes/no form, cheaper when the straight way is clear."""

    def placement_problem(self, s: GameState, dest: Destinations) -> str | None:
        """Why these end positions are illegal (overlap with any base at its new or current
        position, off the table, inside impassable terrain), or None when they are fine."""

    def move_toward(self, s: GameState, unit_id: str, point: Point, allowance: float,
                    keep_away: float = 0.0) -> Destinations:
        """The whole unit advances toward `point` (or away, with negative allowance handled by
        the caller giving a point behind), each model as far as it legally can up to
        `allowance`, none ending within `keep_away` of an enemy base. Models that cannot move
        keep their positions; every living model of the unit is in the result."""

    def approach(self, s: GameState, unit_id: str, goals: list[str], allowance: float,
                 stop_at: float, avoid: list[str] = (), avoid_range: float = 0.0,
                 movers: list[str] | None = None) -> Destinations:
        """Each model (closest first) moves toward the nearest goal model, by a legal path of at
        most `allowance`, to end with its edge within `stop_at` of a goal base if it can, else as
        close as it can; never ending within `avoid_range` of an `avoid` model, never
        overlapping. `movers` limits which models move. Every living model is in the result."""
