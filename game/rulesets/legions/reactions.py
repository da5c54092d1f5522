"""Reactions (rules/legions.md, "Reactions", marked [part 2]): the place they will go.

The seed's three reactions are declared at step 4 of the charge (the volley attacks) by the
charged unit's player, who has 1 reaction point each phase:
- Overwatch volley: the charged unit fires normally (not snap shots) with all its weapons at the
  charger, which gets no cover and no concealment mitigation;
- Shield wall (1 point): +1 T for the phase if most of the unit has the `Shield` trait;
- Evade: after the volley attacks, the charged unit moves up to its I" away.
A Stunned or Routed unit may not react (rules/legions.md, "Statuses").

Part 1 offers no reaction: `reaction_actions` is where the charge asks for them (it returns
none), and `toughness_bonus` is where the wound chart asks for Shield wall (no bonus until a
reaction can be declared).
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.geometry import Geometry
from game.core.state import GameState

REACTIONS = ("Overwatch volley", "Shield wall", "Evade")
PART = "part 2 of rules/legions.md"


def reaction_actions(s: GameState, geo: Geometry, charge: dict) -> list[Action]:
    """The reactions the charged unit's player may declare at step 4 of this charge: none in
    part 1 (the reactions are part 2)."""
    return []


def toughness_bonus(s: GameState, unit_id: str) -> int:
    """+1 T while a Shield wall reaction holds (part 2): no reaction exists yet, so none."""
    return 0
