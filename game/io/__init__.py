"""Reading and writing files: Tiled maps (`tmx`, with `tmx_limits` and `zones`), battle
records (`saves`: the one reader and writer of replays and saves, naming maps through
`maprefs`; `battle_saves`: a save's own fields, rebuilding a battle from a record, the saves
list), where files live (`paths`) and the limits every input
is checked against (`limits`).

Nothing here imports the UI. `game.io.tmx` imports pytmx, which imports pygame as a side effect
(no display is opened), so import it only where a map is loaded.
"""
