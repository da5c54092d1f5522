"""The challenge sub-phase (rules/legions.md, "Challenge sub-phase", marked [part 2]): the place
it will go.

Between the charge and the fight sub-phases, a Paragon or an Officer/Champion model locked in
combat may challenge an enemy eligible model: Face-off (each picks a stance: Aggressive, Guarded,
Feint), Focus (D6 + I with Heavy -1, Light +1, -1 per wound lost, +X for Duellist's Edge (X);
the higher strikes first with +1 A; ties re-roll), Strike (the two fight only each other), and
Glory (a kill scores resolution points equal to the slain model's base W, +1 for a Paragon or
Command model; if both live, the one that inflicted more wounds scores that many). A refused
challenge lets the challenger pick an enemy model, Disgraced (WS and Ld halved this phase).

Part 1 runs no challenge: `challenge_sub_phase` is where the assault phase calls it (it does
nothing yet) and `challenge_points` is the resolution's "+ points from a won challenge" (none
until challenges exist).
"""

from __future__ import annotations

from game.core.events import Event
from game.core.geometry import Geometry
from game.core.state import GameState

PART = "part 2 of rules/legions.md"


def challenge_sub_phase(s: GameState, geo: Geometry) -> list[Event]:
    """Issue and fight the challenges of this Assault phase: none in part 1."""
    return []


def challenge_points(s: GameState, combat: tuple[str, ...]) -> dict[int, int]:
    """Resolution points each side scored from a won challenge in this combat: none in part 1."""
    return {}
