"""The base of the screens drawn over another one (pause, help, hand-over, settings, the
question before leaving): the screen below dimmed, a box with a title.

Its own module so that the overlays and the settings screen (which the pause menu opens) both
import it without importing each other.
"""

from __future__ import annotations

import pygame

from game.ui.base import Screen
from game.ui.render import palette
from game.ui.render.text import shared_text


class Overlay(Screen):
    """A screen drawn over the one below (`opaque = False`): the screen below dimmed, a box."""

    opaque = False
    dim = 170

    def draw_dim(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((8, 10, 12, self.dim))
        surface.blit(shade, (0, 0))

    def box(self, width: int, height: int) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def draw_box(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, palette.PANEL, rect, border_radius=10)
        pygame.draw.rect(surface, palette.HIGHLIGHT, rect, 1, border_radius=10)

    def draw_titled(self, surface: pygame.Surface, title: str, size: int = 26) -> None:
        """The dimmed table, the box `self.rect` and its title."""
        self.draw_dim(surface)
        self.draw_box(surface, self.rect)
        shared_text().blit(surface, title, (self.rect.centerx, self.rect.y + 22), size=size,
                           color=palette.HIGHLIGHT, bold=True, anchor="midtop")
