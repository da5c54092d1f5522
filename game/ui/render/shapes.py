"""Small drawing helpers: dashed outlines, translucent polygons, arrows."""

from __future__ import annotations

import math

import pygame

Point = tuple[float, float]


def dashed_line(surface: pygame.Surface, color, start: Point, end: Point, width: int = 1,
                dash: float = 8.0, gap: float = 6.0) -> None:
    x0, y0 = start
    x1, y1 = end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1e-6:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    travelled = 0.0
    while travelled < length:
        stop = min(travelled + dash, length)
        pygame.draw.line(surface, color, (x0 + ux * travelled, y0 + uy * travelled),
                         (x0 + ux * stop, y0 + uy * stop), width)
        travelled = stop + gap


def dashed_polygon(surface: pygame.Surface, color, points: list[Point], width: int = 1,
                   dash: float = 8.0, gap: float = 6.0) -> None:
    for i, start in enumerate(points):
        dashed_line(surface, color, start, points[(i + 1) % len(points)], width, dash, gap)


def dashed_circle(surface: pygame.Surface, color, center: Point, radius: float, width: int = 1,
                  dash: float = 8.0, gap: float = 6.0) -> None:
    if radius < 2:
        return
    circumference = 2 * math.pi * radius
    count = max(6, int(circumference / (dash + gap)))
    step = 2 * math.pi / count
    share = dash / (dash + gap)
    cx, cy = center
    for i in range(count):
        a0, a1 = i * step, (i + share) * step
        pygame.draw.line(surface, color, (cx + radius * math.cos(a0), cy + radius * math.sin(a0)),
                         (cx + radius * math.cos(a1), cy + radius * math.sin(a1)), width)


def translucent_polygon(surface: pygame.Surface, color, alpha: int, points: list[Point]) -> None:
    """Fill a polygon with a see-through colour (drawn on a small scratch surface)."""
    if len(points) < 3:
        return
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    width, height = math.ceil(max(xs)) - left + 1, math.ceil(max(ys)) - top + 1
    if width <= 0 or height <= 0:
        return
    scratch = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.polygon(scratch, (*color, alpha), [(x - left, y - top) for x, y in points])
    surface.blit(scratch, (left, top))


def arrow(surface: pygame.Surface, color, start: Point, end: Point, width: int = 2,
          head: float = 8.0) -> None:
    pygame.draw.line(surface, color, start, end, width)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < head:
        return
    ux, uy = dx / length, dy / length
    left = (end[0] - ux * head - uy * head * 0.5, end[1] - uy * head + ux * head * 0.5)
    right = (end[0] - ux * head + uy * head * 0.5, end[1] - uy * head - ux * head * 0.5)
    pygame.draw.polygon(surface, color, [end, left, right])


def base_outline(kind: str, width: float, depth: float, facing: float) -> list[Point]:
    """Outline (inches, around the centre) of an oval or rect base turned to its facing.

    In the base's own frame +x points to the front (depth runs along it) and +y runs along the
    front edge (width), as in the rules' geometry."""
    half_w, half_d = width / 2, depth / 2
    if kind == "rect":
        local = [(-half_d, -half_w), (half_d, -half_w), (half_d, half_w), (-half_d, half_w)]
    else:
        count = 24
        local = [(half_d * math.cos(2 * math.pi * i / count),
                  half_w * math.sin(2 * math.pi * i / count)) for i in range(count)]
    angle = math.radians(facing)
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    return [(x * cos_a - y * sin_a, x * sin_a + y * cos_a) for x, y in local]
