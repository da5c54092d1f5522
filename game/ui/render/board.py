"""The board: the Tiled map's tile layers, deployment zones and terrain outlines, drawn once per
zoom level and cached (the table redraws every frame; this picture never changes in a battle)."""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from game.core.state import Scenario
from game.ui.render import palette
from game.ui.render.shapes import dashed_polygon, translucent_polygon
from game.ui.render.text import shared_text
from game.ui.words import _

#: How many scaled pictures to keep (each zoom level is one).
CACHE_SIZE = 4


def load_tile_picture(map_path: str | Path | None, scenario: Scenario) -> pygame.Surface | None:
    """The map's visible tile layers (and image layers) at the map's own pixel size.

    Needs a display mode set (pytmx converts the tile images). None when the map cannot be
    drawn, so the board falls back to plain felt instead of failing the battle."""
    if not map_path:
        return None
    try:
        import pytmx
        from pytmx.util_pygame import load_pygame

        tiled = load_pygame(str(map_path))
    except Exception:  # a picture problem must never stop a battle: plain felt instead
        return None
    width, height = tiled.width * tiled.tilewidth, tiled.height * tiled.tileheight
    if width <= 0 or height <= 0:
        return None
    picture = pygame.Surface((width, height)).convert()
    picture.fill(palette.TABLE_FELT)
    for layer in tiled.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, image in layer.tiles():
                picture.blit(image, (x * tiled.tilewidth, y * tiled.tileheight))
        elif isinstance(layer, pytmx.TiledImageLayer) and layer.image is not None:
            picture.blit(layer.image, (getattr(layer, "x", 0), getattr(layer, "y", 0)))
    return picture


class Board:
    """The static picture of one scenario, cached per scale (screen pixels per inch)."""

    def __init__(self, scenario: Scenario, map_path: str | Path | None = None):
        self.scenario = scenario
        self.map_path = map_path if map_path is not None else (scenario.source or None)
        self._tiles: pygame.Surface | None = None
        self._tiles_loaded = False
        self._scaled: OrderedDict[float, pygame.Surface] = OrderedDict()
        self._label_rects: dict[float, list[pygame.Rect]] = {}

    def tiles(self) -> pygame.Surface | None:
        if not self._tiles_loaded:
            path = self.map_path
            if path and not Path(path).is_file():
                path = None
            self._tiles = load_tile_picture(path, self.scenario)
            self._tiles_loaded = True
        return self._tiles

    def label_rects(self, scale: float) -> list[pygame.Rect]:
        """The text drawn into the board picture at this scale (table pixels), so the labels
        drawn over the board keep clear of it."""
        self.picture(scale)
        return self._label_rects.get(round(scale, 4), [])

    def forget_pictures(self) -> None:
        """The pictures hold words ("Deployment: side 1"): drawn again after a change of
        language."""
        self._scaled.clear()
        self._label_rects.clear()

    def picture(self, scale: float) -> pygame.Surface:
        key = round(scale, 4)
        surface = self._scaled.get(key)
        if surface is not None:
            self._scaled.move_to_end(key)
            return surface
        surface = self._draw(scale)
        self._scaled[key] = surface
        while len(self._scaled) > CACHE_SIZE:
            old, _x = self._scaled.popitem(last=False)
            self._label_rects.pop(old, None)
        return surface

    def _draw(self, scale: float) -> pygame.Surface:
        s = self.scenario
        size = (max(1, round(s.width * scale)), max(1, round(s.height * scale)))
        tiles = self.tiles()
        if tiles is not None:
            if tiles.get_size() == size:
                surface = tiles.copy()
            elif size[0] < tiles.get_width():
                surface = pygame.transform.smoothscale(tiles, size)
            else:  # enlarging: a plain scale keeps the pixel-art crisp and is faster
                surface = pygame.transform.scale(tiles, size)
        else:
            surface = pygame.Surface(size)
            surface.fill(palette.TABLE_FELT)
        self.draw_static(surface, scale)
        return surface.convert() if pygame.display.get_surface() is not None else surface

    def draw_static(self, surface: pygame.Surface, scale: float) -> None:
        """Deployment zones and terrain outlines, in table pixels (origin = table corner)."""
        s = self.scenario
        text = shared_text()
        width = max(1, round(scale / 8))
        labels = self._label_rects.setdefault(round(scale, 4), [])
        labels.clear()
        for side, polygon in s.deployment.items():
            points = [(x * scale, y * scale) for x, y in polygon]
            translucent_polygon(surface, palette.side_fill(side), 42, points)
            dashed_polygon(surface, palette.side_light(side), points, max(1, width),
                           dash=scale * 0.8, gap=scale * 0.5)
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            rect = text.blit(surface, _("Deployment: side {number}").format(number=side + 1),
                             ((min(xs) + max(xs)) / 2, min(ys) + 4),
                             size=max(10, min(15, round(scale * 0.8))),
                             color=palette.side_light(side), anchor="midtop",
                             backdrop=(0, 0, 0, 110))
            labels.append(rect.inflate(6, 0))
        for piece in s.terrain:
            points = [(x * scale, y * scale) for x, y in piece.polygon]
            color = palette.terrain_color(piece.kinds)
            alpha = 120 if "impassable" in piece.kinds else 46
            translucent_polygon(surface, color, alpha, points)
            pygame.draw.polygon(surface, color, points, max(2, width + 1))
            # a second kind gets a thinner inner dashed outline in its own colour
            extra = [k for k in palette.TERRAIN_ORDER if k in piece.kinds][1:]
            for kind in extra:
                dashed_polygon(surface, palette.TERRAIN_COLORS[kind], _shrink(points, 4),
                               max(1, width), dash=10, gap=6)
        pygame.draw.rect(surface, (16, 18, 20), surface.get_rect(), 2)


def _shrink(points: list[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """Pull each vertex toward the centroid by `by` pixels (an inner outline, roughly)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        dx, dy = cx - x, cy - y
        length = max((dx * dx + dy * dy) ** 0.5, 1e-6)
        step = min(by, length / 2)
        out.append((x + dx / length * step, y + dy / length * step))
    return out
