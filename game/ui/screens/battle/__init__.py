"""The battle screen: the table, the decision panel, the dice tray and the log.

A package, one module per concern (see `screen.py` for the map); `BattleScreen` is its public
name.
"""

from game.ui.config import VS_AI
from game.ui.screens.battle.screen import BattleScreen

__all__ = ["BattleScreen", "VS_AI"]
