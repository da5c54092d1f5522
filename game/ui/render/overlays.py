"""Rule overlays: range rings as offsets of a unit's bases, movement ghosts and paths, target
highlights, line of sight, the ruler. Expensive pictures (rings) are cached by what they show."""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from game.core.state import Model
from game.ui.render import palette
from game.ui.render.camera import Camera
from game.ui.render.shapes import arrow, dashed_line
from game.ui.render.text import shared_text
from game.ui.words import decimal, translate

Point = tuple[float, float]


class RingCache:
    """The outline of the union of circles (base radius + range) around each model, per range.

    Drawn by filling every circle at full radius then clearing every circle a line-width
    smaller: what stays is exactly the boundary of the union. Cached per (models, ranges, scale).
    """

    def __init__(self, limit: int = 8):
        self.limit = limit
        self._cache: OrderedDict[tuple, tuple[pygame.Surface, Point, list]] = OrderedDict()

    def get(self, models: list[Model], ranges: tuple[tuple[float, str], ...], scale: float):
        key = (tuple((m.id, round(m.x, 3), round(m.y, 3)) for m in models), ranges,
               round(scale, 4))
        entry = self._cache.get(key)
        if entry is None:
            entry = self._draw(models, ranges, scale)
            self._cache[key] = entry
            if len(self._cache) > self.limit:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return entry

    @staticmethod
    def _draw(models, ranges, scale):
        reach = max(r for r, _ in ranges)
        pad = 4
        x0 = min(m.x - m.base.radius for m in models) - reach
        y0 = min(m.y - m.base.radius for m in models) - reach
        x1 = max(m.x + m.base.radius for m in models) + reach
        y1 = max(m.y + m.base.radius for m in models) + reach
        width, height = math.ceil((x1 - x0) * scale) + 2 * pad, math.ceil((y1 - y0) * scale) + 2 * pad
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        band = pygame.Surface((width, height), pygame.SRCALPHA)
        line = 2
        labels = []
        for index, (inches, text) in enumerate(sorted(ranges, reverse=True)):
            color = palette.RING_COLORS[index % len(palette.RING_COLORS)]
            band.fill((0, 0, 0, 0))
            centers = [((m.x - x0) * scale + pad, (m.y - y0) * scale + pad,
                        (m.base.radius + inches) * scale) for m in models]
            for cx, cy, r in centers:
                pygame.draw.circle(band, (*color, 235), (cx, cy), r)
            for cx, cy, r in centers:
                pygame.draw.circle(band, (0, 0, 0, 0), (cx, cy), max(0.0, r - line))
            surface.blit(band, (0, 0))
            top = min(centers, key=lambda c: c[1] - c[2])
            labels.append(((top[0], top[1] - top[2]), (inches, text), color))  # worded when drawn
        return surface, (x0 * scale - pad, y0 * scale - pad), labels


def draw_rings(surface: pygame.Surface, camera: Camera, cache: RingCache, models: list[Model],
               ranges: tuple[tuple[float, str], ...], labels: bool = True) -> None:
    """The rings; their labels too unless the caller places them (`ring_labels`)."""
    if not models or not ranges:
        return
    picture, (ox, oy), _x = cache.get(models, ranges, camera.scale)
    surface.blit(picture, (camera.x + ox, camera.y + oy))
    if not labels:
        return
    text = shared_text()
    for (lx, ly), label, color in ring_labels(camera, cache, models, ranges):
        text.blit(surface, label, (lx, ly), size=11, color=color, anchor="midbottom",
                  backdrop=(0, 0, 0, 140))


def ring_labels(camera: Camera, cache: RingCache, models: list[Model],
                ranges: tuple[tuple[float, str], ...]) -> list[tuple[Point, str, tuple]]:
    """Each ring's label: (screen point at the ring's top, text, colour)."""
    if not models or not ranges:
        return []
    _x, (ox, oy), labels = cache.get(models, ranges, camera.scale)
    return [((camera.x + ox + lx, camera.y + oy + ly - 1),
             f'{decimal(f"{inches:g}")}" {translate(text)}'.strip(), color)
            for (lx, ly), (inches, text), color in labels]


def draw_path(surface: pygame.Surface, camera: Camera, points: list[Point], color,
              width: int = 2) -> None:
    screen = [camera.to_screen(x, y) for x, y in points]
    for a, b in zip(screen[:-2], screen[1:-1], strict=False):
        pygame.draw.line(surface, color, a, b, width)
    if len(screen) >= 2:
        arrow(surface, color, screen[-2], screen[-1], width, head=max(6.0, camera.scale * 0.4))


def draw_target_marker(surface: pygame.Surface, camera: Camera, models: list[Model], label: str,
                       phase: float = 0.0) -> None:
    """A bright pulsing ring around each base of a target unit and a label over it."""
    pulse = 0.5 + 0.5 * math.sin(phase * 6.0)
    color = (255, round(200 + 55 * pulse), round(80 + 120 * pulse))
    for m in models:
        sx, sy = camera.to_screen(m.x, m.y)
        r = m.base.radius * camera.scale + 3 + 2 * pulse
        pygame.draw.circle(surface, color, (sx, sy), r, 2)
    if models and label:
        # beside the unit (not above it, where its own label and the unit in front are)
        right = max(m.x + m.base.radius for m in models)
        left = min(m.x - m.base.radius for m in models)
        middle = (min(m.y for m in models) + max(m.y for m in models)) / 2
        cache = shared_text()
        width = cache.size(label, 13, True)[0]
        sx, sy = camera.to_screen(right, middle)
        anchor = "midleft"
        if sx + 10 + width > surface.get_clip().right:
            sx, sy = camera.to_screen(left, middle)
            anchor = "midright"
        x = sx + 10 if anchor == "midleft" else sx - 10
        cache.blit(surface, label, (x, sy), size=13, color=(255, 240, 170), bold=True,
                   anchor=anchor, backdrop=(20, 14, 0, 215))


def draw_sight(surface: pygame.Surface, camera: Camera, a: Point, b: Point, clear: bool) -> None:
    color = palette.SIGHT_CLEAR if clear else palette.SIGHT_BLOCKED
    start, end = camera.to_screen(*a), camera.to_screen(*b)
    if clear:
        pygame.draw.line(surface, color, start, end, 2)
    else:
        dashed_line(surface, color, start, end, 2, dash=7, gap=5)


def draw_ruler(surface: pygame.Surface, camera: Camera, start: Point, end: Point,
               text: str) -> None:
    a, b = camera.to_screen(*start), camera.to_screen(*end)
    pygame.draw.line(surface, (0, 0, 0), a, b, 5)
    pygame.draw.line(surface, palette.RULER, a, b, 2)
    for p in (a, b):
        pygame.draw.circle(surface, palette.RULER, p, 4)
    # tick every inch
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    if length > 0 and camera.scale >= 6:
        ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
        for i in range(1, int(length) + 1):
            px, py = camera.to_screen(start[0] + ux * i, start[1] + uy * i)
            size = 6 if i % 6 == 0 else 3
            pygame.draw.line(surface, palette.RULER, (px - uy * size, py + ux * size),
                             (px + uy * size, py - ux * size), 1)
    cache = shared_text()
    width, height = cache.size(text, 15, True)
    view = surface.get_clip()
    x = min(b[0] + 12, view.right - width - 8)
    y = max(b[1] - 12, view.top + height + 4)
    cache.blit(surface, text, (x, y), size=15, color=(255, 255, 255), bold=True,
               anchor="bottomleft", backdrop=(0, 0, 0, 190))
