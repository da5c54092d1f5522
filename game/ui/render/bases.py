"""Bases at true size in side colours, with facing ticks, wound pips, unit labels and status
markers. Each base picture is drawn once per (base, facing, side, scale, look) and cached."""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from game.core.state import GameState, Model
from game.ui.render import palette
from game.ui.render.camera import Camera
from game.ui.render.shapes import base_outline
from game.ui.render.text import shared_text

#: Looks a base can be drawn with.
NORMAL, SELECTED, GHOST_OK, GHOST_BAD, TARGET, HOVER = (
    "normal", "selected", "ghost_ok", "ghost_bad", "target", "hover")


class BaseSprites:
    def __init__(self, limit: int = 1024):
        self.limit = limit
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def get(self, model: Model, scale: float, look: str = NORMAL,
            facing: float | None = None) -> pygame.Surface:
        base = model.base
        facing = model.facing if facing is None else facing
        turn = 0 if base.kind == "round" else round(facing) % 360
        key = (base.kind, base.width_mm, base.depth_mm, turn, model.side, round(scale, 4), look)
        sprite = self._cache.get(key)
        if sprite is None:
            sprite = self._draw(base.kind, base.width, base.depth, turn, model.side, scale, look)
            self._cache[key] = sprite
            if len(self._cache) > self.limit:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return sprite

    @staticmethod
    def _draw(kind, width, depth, facing, side, scale, look) -> pygame.Surface:
        radius_px = max(width, depth) * scale / 2
        if kind == "rect":
            radius_px = math.hypot(width, depth) * scale / 2
        size = max(4, math.ceil(radius_px * 2) + 6)
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        center = (size / 2, size / 2)
        fill, light, dark = palette.side_fill(side), palette.side_light(side), palette.side_dark(side)
        edge_width = max(1, round(scale / 10))
        if look in (GHOST_OK, GHOST_BAD):
            tint = palette.GHOST_OK if look == GHOST_OK else palette.GHOST_BAD
            fill_color, edge_color = (*fill, 110), (*tint, 255)
            edge_width = max(2, edge_width)
        else:
            fill_color, edge_color = (*fill, 255), (*dark, 255)
            if look == SELECTED:
                edge_color, edge_width = (*palette.HIGHLIGHT, 255), max(2, edge_width + 1)
            elif look == TARGET:
                edge_color, edge_width = (255, 255, 255, 255), max(2, edge_width + 1)
            elif look == HOVER:
                edge_color, edge_width = (*light, 255), max(2, edge_width + 1)
        if kind == "round":
            r = width * scale / 2
            pygame.draw.circle(surface, fill_color, center, r)
            if look not in (GHOST_OK, GHOST_BAD) and r > 5:
                pygame.draw.circle(surface, (*light, 70), (center[0] - r * 0.2, center[1] - r * 0.2),
                                   r * 0.55)
            pygame.draw.circle(surface, edge_color, center, r, edge_width)
        else:
            points = [(center[0] + x * scale, center[1] + y * scale)
                      for x, y in base_outline(kind, width, depth, facing)]
            pygame.draw.polygon(surface, fill_color, points)
            pygame.draw.polygon(surface, edge_color, points, edge_width)
            if kind == "rect":  # the front edge, highlighted
                pygame.draw.line(surface, (*palette.HIGHLIGHT, 255), points[1], points[2],
                                 max(2, edge_width + 1))
        return surface


def draw_base(surface: pygame.Surface, sprites: BaseSprites, camera: Camera, model: Model,
              look: str = NORMAL, at: tuple[float, float] | None = None) -> None:
    x, y = at if at is not None else (model.x, model.y)
    sx, sy = camera.to_screen(x, y)
    sprite = sprites.get(model, camera.scale, look)
    surface.blit(sprite, (sx - sprite.get_width() / 2, sy - sprite.get_height() / 2))
    _facing_tick(surface, camera, model, sx, sy, look)


def _facing_tick(surface, camera, model, sx, sy, look) -> None:
    if model.base.kind == "rect":
        return  # its front edge is already highlighted
    reach = model.base.depth * camera.scale / 2
    angle = math.radians(model.facing)
    color = palette.HIGHLIGHT if look not in (GHOST_OK, GHOST_BAD) else (255, 255, 255)
    inner = reach * 0.35
    pygame.draw.line(surface, color, (sx + math.cos(angle) * inner, sy + math.sin(angle) * inner),
                     (sx + math.cos(angle) * reach, sy + math.sin(angle) * reach),
                     max(1, round(camera.scale / 10)))


def draw_wounds(surface: pygame.Surface, camera: Camera, model: Model) -> None:
    """Pips under the base (filled = wounds left); a number when there are too many."""
    if model.max_wounds <= 1:
        return
    if model.wounds >= model.max_wounds and camera.scale < 22:
        return  # unhurt: pips only when zoomed in, so the table stays readable
    sx, sy = camera.to_screen(model.x, model.y)
    r = model.base.depth * camera.scale / 2
    if model.max_wounds > 8 or camera.scale < 7:
        color = palette.TEXT if model.wounds == model.max_wounds else palette.TEXT_BAD
        shared_text().blit(surface, f"{model.wounds}/{model.max_wounds}", (sx, sy + r + 1),
                           size=11, color=color, anchor="midtop", backdrop=(0, 0, 0, 150))
        return
    pip = max(2.0, min(4.0, camera.scale / 6))
    gap = pip * 2.6
    total = (model.max_wounds - 1) * gap
    y = sy + r + pip + 1
    for i in range(model.max_wounds):
        x = sx - total / 2 + i * gap
        pygame.draw.circle(surface, (12, 12, 12), (x, y), pip + 1)
        if i < model.wounds:
            pygame.draw.circle(surface, (240, 240, 240), (x, y), pip)
        else:
            pygame.draw.circle(surface, palette.TEXT_BAD, (x, y), pip, 1)


def unit_anchor(s: GameState, unit_id: str, camera: Camera) -> tuple[float, float] | None:
    """Screen point just above the unit's topmost base (where its label goes)."""
    best = None
    for m in s.alive_models(unit_id):
        top = m.y - m.base.radius
        if best is None or top < best[1]:
            best = (m.x, top)
    if best is None:
        return None
    xs = [m.x for m in s.alive_models(unit_id)]
    return camera.to_screen((min(xs) + max(xs)) / 2, best[1])


def draw_unit_label(surface: pygame.Surface, camera: Camera, text: str, side: int,
                    anchor: tuple[float, float], markers: list[tuple[str, tuple]] = (),
                    emphasis: bool = False) -> pygame.Rect:
    """The unit's name above it, with small status markers (short code, colour) after it."""
    cache = shared_text()
    size = 12 if camera.scale < 10 else 13
    color = palette.HIGHLIGHT if emphasis else palette.side_light(side)
    x, y = anchor
    rect = cache.blit(surface, text, (x, y - 3), size=size, color=color, bold=True,
                      anchor="midbottom", backdrop=(0, 0, 0, 150))
    left = rect.right + 5
    for code, marker_color in markers:
        marker = cache.render(code, 11, (20, 20, 20), True)
        box = pygame.Rect(left, rect.top + 1, marker.get_width() + 6, rect.height - 2)
        pygame.draw.rect(surface, marker_color, box, border_radius=4)
        surface.blit(marker, marker.get_rect(center=box.center))
        left = box.right + 3
    return rect


def model_at(s: GameState, camera: Camera, pos: tuple[float, float]) -> Model | None:
    """The living model whose base is under the screen point (nearest centre wins)."""
    tx, ty = camera.to_table(*pos)
    best, best_d = None, None
    for m in s.models.values():
        if not m.alive:
            continue
        d = math.hypot(m.x - tx, m.y - ty)
        if d > m.base.radius:
            continue
        if m.base.kind != "round" and not _inside_outline(m, tx, ty):
            continue
        if m.base.kind == "round" and d > m.base.width / 2:
            continue
        if best_d is None or d < best_d:
            best, best_d = m, d
    return best


def _inside_outline(m: Model, tx: float, ty: float) -> bool:
    points = base_outline(m.base.kind, m.base.width, m.base.depth, m.facing)
    x, y = tx - m.x, ty - m.y
    inside = False
    for i, (x1, y1) in enumerate(points):
        x2, y2 = points[(i + 1) % len(points)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside
