"""Reading and writing files: Tiled maps (`tmx`), saves and replays (`saves`).

Nothing here imports the UI. `game.io.tmx` imports pytmx, which imports pygame as a side effect
(no display is opened), so import it only where a map is loaded.
"""
