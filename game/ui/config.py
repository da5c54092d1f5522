"""What a battle is started with (the menu's choices) and the modes of play.

Its own module so the app and every screen can import it without importing each other: the app
imports the screens, the screens import this.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.i18n import N_

#: Modes of play, as the menu names them.
VS_AI, HOT_SEAT, AI_VS_AI, GROUP = "vs_ai", "hot_seat", "ai_vs_ai", "group"
#: The names are message ids (`N_`), shown translated.
MODES = {VS_AI: N_("Versus the AI"), HOT_SEAT: N_("Hot-seat (players take turns)"),
         AI_VS_AI: N_("Watch AI vs AI"), GROUP: N_("Group (people and AIs, set below)")}


@dataclass
class BattleConfig:
    """What the menu chose."""

    ruleset: str = "squads"
    map_path: Path | None = None
    mode: str = VS_AI
    human_side: int = 0
    seed: int = 0
    ai: str = "greedy"
    #: How many sides play (rulesets with `max_sides` > 2 let the menu choose 2 to max).
    sides: int = 2
    #: Who plays each side (`game.ui.seats.Seat`, one per side); empty = the mode's preset.
    players: tuple = ()
