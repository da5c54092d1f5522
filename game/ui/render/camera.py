"""Where the table is on the screen: a scale (screen pixels per inch) and an offset.

Zoom moves in fixed steps from the "fit" scale, so the number of distinct scales is small and
the cached pictures of the table (one per scale) are reused.
"""

from __future__ import annotations

import math

import pygame

ZOOM_STEP = 1.2
MIN_SCALE = 3.0
MAX_SCALE = 60.0


class Camera:
    def __init__(self, view: pygame.Rect, table_width: float, table_height: float,
                 margin: int = 12):
        self.view = pygame.Rect(view)
        self.table_width = table_width
        self.table_height = table_height
        self.margin = margin
        self.fit_scale = 1.0
        self.steps = 0
        self.scale = 1.0
        self.x = 0.0  # screen position of the table's top-left corner
        self.y = 0.0
        self.fit()

    # --- conversions ---------------------------------------------------------------------------
    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.x + x * self.scale, self.y + y * self.scale)

    def to_table(self, sx: float, sy: float) -> tuple[float, float]:
        return ((sx - self.x) / self.scale, (sy - self.y) / self.scale)

    def length(self, inches: float) -> float:
        return inches * self.scale

    def table_rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.x), round(self.y), round(self.table_width * self.scale),
                           round(self.table_height * self.scale))

    def on_table(self, sx: float, sy: float) -> bool:
        x, y = self.to_table(sx, sy)
        return 0 <= x <= self.table_width and 0 <= y <= self.table_height

    # --- moving --------------------------------------------------------------------------------
    def set_view(self, view: pygame.Rect) -> None:
        self.view = pygame.Rect(view)
        self.fit()

    def fit(self) -> None:
        """The whole table in the view, centred."""
        usable_w = max(1, self.view.width - 2 * self.margin)
        usable_h = max(1, self.view.height - 2 * self.margin)
        self.fit_scale = max(0.5, min(usable_w / self.table_width, usable_h / self.table_height))
        self.steps = 0
        self.scale = self.fit_scale
        self.x = self.view.centerx - self.table_width * self.scale / 2
        self.y = self.view.centery - self.table_height * self.scale / 2

    def zoom_at(self, steps: int, screen_pos: tuple[float, float]) -> bool:
        """Zoom by whole steps keeping the table point under `screen_pos` where it is."""
        new_steps = self.steps + steps
        new_scale = self.fit_scale * ZOOM_STEP ** new_steps
        low, high = min(MIN_SCALE, self.fit_scale), max(MAX_SCALE, self.fit_scale)
        if not low <= new_scale <= high:
            return False
        tx, ty = self.to_table(*screen_pos)
        self.steps = new_steps
        self.scale = new_scale
        self.x = screen_pos[0] - tx * self.scale
        self.y = screen_pos[1] - ty * self.scale
        self.clamp()
        return True

    def pan(self, dx: float, dy: float) -> None:
        self.x += dx
        self.y += dy
        self.clamp()

    def clamp(self) -> None:
        """Keep at least a quarter of the view showing table."""
        width, height = self.table_width * self.scale, self.table_height * self.scale
        keep_x, keep_y = self.view.width / 4, self.view.height / 4
        self.x = min(max(self.x, self.view.left + keep_x - width), self.view.right - keep_x)
        self.y = min(max(self.y, self.view.top + keep_y - height), self.view.bottom - keep_y)

    def scale_key(self) -> float:
        """A hashable scale for caches (the steps make it exact)."""
        return round(self.scale, 4)

    def visible_inches(self) -> tuple[float, float, float, float]:
        x0, y0 = self.to_table(self.view.left, self.view.top)
        x1, y1 = self.to_table(self.view.right, self.view.bottom)
        return (x0, y0, x1, y1)


def angle_vector(degrees: float) -> tuple[float, float]:
    radians = math.radians(degrees)
    return (math.cos(radians), math.sin(radians))
