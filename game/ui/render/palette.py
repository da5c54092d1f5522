"""Colours shared by the live client and the `render` command (one place to tune the look)."""

from __future__ import annotations

Color = tuple[int, int, int]

#: Up to four sides: fill, and a lighter edge for outlines and labels.
SIDE_FILL: tuple[Color, ...] = ((196, 58, 52), (48, 112, 204), (146, 82, 196), (222, 164, 36))
SIDE_LIGHT: tuple[Color, ...] = ((255, 150, 140), (150, 195, 255), (212, 170, 250), (255, 220, 130))
SIDE_DARK: tuple[Color, ...] = ((90, 20, 18), (16, 40, 92), (60, 28, 90), (100, 70, 8))

#: Terrain outlines by kind, with the order used when a piece has several kinds.
TERRAIN_COLORS: dict[str, Color] = {
    "impassable": (30, 30, 34),
    "obscuring": (150, 96, 220),
    "difficult": (226, 150, 50),
    "cover": (70, 200, 200),
}
TERRAIN_ORDER = ("impassable", "obscuring", "difficult", "cover")
TERRAIN_OTHER: Color = (230, 230, 230)

TABLE_FELT: Color = (66, 96, 58)
BACKGROUND: Color = (24, 27, 31)
PANEL: Color = (33, 37, 43)
PANEL_EDGE: Color = (70, 76, 86)
TEXT: Color = (230, 232, 236)
TEXT_DIM: Color = (150, 156, 166)
TEXT_BAD: Color = (255, 96, 88)
TEXT_GOOD: Color = (120, 226, 120)
HIGHLIGHT: Color = (255, 236, 120)
NEUTRAL: Color = (236, 236, 236)

RING_COLORS: tuple[Color, ...] = ((255, 214, 90), (255, 120, 70), (255, 255, 255))
GHOST_OK: Color = (130, 240, 150)
GHOST_BAD: Color = (255, 90, 80)
SIGHT_CLEAR: Color = (90, 240, 110)
SIGHT_BLOCKED: Color = (255, 70, 60)
RULER: Color = (255, 255, 255)


def side_fill(side: int) -> Color:
    return SIDE_FILL[side % len(SIDE_FILL)]


def side_light(side: int) -> Color:
    return SIDE_LIGHT[side % len(SIDE_LIGHT)]


def side_dark(side: int) -> Color:
    return SIDE_DARK[side % len(SIDE_DARK)]


def terrain_color(kinds) -> Color:
    for kind in TERRAIN_ORDER:
        if kind in kinds:
            return TERRAIN_COLORS[kind]
    return TERRAIN_OTHER
