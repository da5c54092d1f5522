"""The table: pymunk measures bases and terrain here, and nowhere else.

`Table(scenario)` implements `game.core.geometry.Geometry`: edge-to-edge distances, contact,
line of sight, legal paths and the move solvers, all in inches.
"""

from game.table.space import Table

__all__ = ["Table"]
