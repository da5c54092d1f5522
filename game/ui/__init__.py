"""The pygame-ce client: the only package that imports pygame and pygame_gui.

- `app.run()` opens the window (menu, battle, hot-seat hand-over, results).
- `snapshot.render_battle()` draws a battle to a PNG without a window (the `render` command).
- `render/` holds the drawing both share; `screens/` the screens of the window.
"""
