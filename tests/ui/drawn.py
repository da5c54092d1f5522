"""What the client draws, as the tests read it: every text blitted while a `Recorder`
listens, with the rectangle it took (so a test can ask both what is shown and whether it
fits)."""

from __future__ import annotations

import pygame

from game.ui.render import text as text_module


class Recorder:
    """Every text drawn while it listens, with the rectangle it was drawn in."""

    def __init__(self, monkeypatch):
        self.drawn: list[tuple[str, pygame.Rect]] = []
        original = text_module.TextCache.blit

        def blit(cache, target, value, pos, *args, **kwargs):
            rect = original(cache, target, value, pos, *args, **kwargs)
            self.drawn.append((value, rect))
            return rect

        monkeypatch.setattr(text_module.TextCache, "blit", blit)

    def texts(self) -> list[str]:
        return [t for t, _ in self.drawn]

    def rects(self) -> list[pygame.Rect]:
        return [r for _, r in self.drawn]
