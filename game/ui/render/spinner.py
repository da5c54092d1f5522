"""The "working" sign drawn while the rules or the AI work on the worker thread: a turning arc
and a label in a pill at the top of the table view, so the player sees the window is alive."""

from __future__ import annotations

import math

import pygame

from game.ui.render import palette
from game.ui.render.text import shared_text
from game.ui.words import _

RADIUS = 9
TURN = 1.4  # turns per second
LABEL_SIZE = 14


def draw_spinner(surface: pygame.Surface, view: pygame.Rect, label: str, clock: float
                 ) -> pygame.Rect:
    """Draw at the top centre of `view`; `clock` (seconds) turns the arc. Returns the pill."""
    text = shared_text()
    room = view.width - 40 - 3 * RADIUS
    label = text.clip(_(label), room, LABEL_SIZE, True)  # a message id: "Resolving…"
    width = text.size(label, LABEL_SIZE, True)[0] + 3 * RADIUS + 30
    pill = pygame.Rect(0, 0, width, 2 * RADIUS + 18)
    pill.midtop = (view.centerx, view.y + 12)
    shade = pygame.Surface(pill.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (14, 16, 20, 225), shade.get_rect(), border_radius=pill.height // 2)
    surface.blit(shade, pill)
    pygame.draw.rect(surface, palette.HIGHLIGHT, pill, 1, border_radius=pill.height // 2)
    centre = (pill.x + 14 + RADIUS, pill.centery)
    box = pygame.Rect(0, 0, 2 * RADIUS, 2 * RADIUS)
    box.center = centre
    pygame.draw.circle(surface, palette.PANEL_EDGE, centre, RADIUS, 2)
    start = -clock * TURN * 2 * math.pi
    pygame.draw.arc(surface, palette.HIGHLIGHT, box, start, start + 1.9 * math.pi / 2, 3)
    text.blit(surface, label, (centre[0] + RADIUS + 10, pill.centery), size=LABEL_SIZE,
              color=palette.TEXT, bold=True, anchor="midleft")
    return pill

