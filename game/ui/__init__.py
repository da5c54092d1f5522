"""The pygame-ce client: the only package that imports pygame and pygame_gui.

- `app.run()` opens the window (menu, battle, hot-seat hand-over, results).
- `snapshot.render_battle()` draws a battle to a PNG without a window (the `render` command).
- `render/` holds the drawing both share; `screens/` the screens of the window (the battle
  screen is the `screens/battle/` package, a module per concern).
- `base.py` (the `Screen` base) and `config.py` (`BattleConfig`, the modes) are what the app
  and the screens share: the app imports the screens, never the other way round.
"""
