"""What a squads placement is once stored, so that what is checked is what is kept.

An offered action stores its placement rounded to 1/1000" (`make_placement`). A model that
does not move must not appear in it: rounding its position would "move" it a hair, and a rule
about moving models (pile in: ends closer to the closest enemy) would then refuse it. So every
offer is checked in exactly the form it will be stored in: only the models that move, rounded.
"""

from __future__ import annotations

from game.core.actions import make_placement
from game.core.state import GameState


def stored(s: GameState, dest: dict) -> dict:
    """The placement as an action keeps it: the models that move, on the 1/1000" grid."""
    moving = {mid: p for mid, p in dest.items()
              if (s.models[mid].x, s.models[mid].y) != tuple(p)}
    return {mid: (x, y) for mid, x, y in make_placement(moving)
            if (s.models[mid].x, s.models[mid].y) != (x, y)}
