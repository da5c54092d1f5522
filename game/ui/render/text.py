"""Fonts and a cache of rendered text: the table redraws every frame, text rarely changes."""

from __future__ import annotations

from collections import OrderedDict
from importlib import resources

import pygame

from game.core.i18n import Joined, Msg
from game.ui.words import translate

Color = tuple[int, int, int]


def font_path(bold: bool = False) -> str | None:
    """The Noto Sans face pygame_gui ships (so our text matches its widgets); None = pygame's."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    try:
        path = resources.files("pygame_gui.data") / name
        return str(path) if path.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError):
        return None


#: Pixel bytes the cache may hold. A count alone is no bound: a battle's log lines are unique
#: (16 KB of pixels each on average), so 2048 of them made a long session grow battle after
#: battle by ~1.5 MB until it held ~33 MB. A frame draws well under this.
BYTE_LIMIT = 8 * 2**20


def shown(text) -> str:
    """What is drawn for `text`: a Msg (a rules text that kept its parts) in the player's
    language, so that the cache keys on the words drawn, never on the English behind them."""
    return translate(text) if isinstance(text, Msg | Joined) else text


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


class TextCache:
    """Rendered text surfaces by (text, size, colour, bold), least recently used dropped first,
    bounded both in entries and in pixel bytes."""

    def __init__(self, limit: int = 2048, byte_limit: int = BYTE_LIMIT):
        self.limit = limit
        self.byte_limit = byte_limit
        self.bytes = 0
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = self._fonts[key] = pygame.font.Font(font_path(bold), size)
        return font

    def render(self, text: str, size: int = 14, color: Color = (230, 232, 236),
               bold: bool = False) -> pygame.Surface:
        text = shown(text)
        key = (text, size, color, bold)
        surface = self._surfaces.get(key)
        if surface is not None:
            self._surfaces.move_to_end(key)
            return surface
        try:
            surface = self.font(size, bold).render(text, True, color)
        except pygame.error:  # pygame was quit and started again: the fonts must be reopened
            self.reset()
            surface = self.font(size, bold).render(text, True, color)
        self._keep(key, surface)
        return surface

    def _keep(self, key: tuple, surface: pygame.Surface) -> None:
        self._surfaces[key] = surface
        self.bytes += _bytes(surface)
        while len(self._surfaces) > 1 and (len(self._surfaces) > self.limit
                                           or self.bytes > self.byte_limit):
            _x, dropped = self._surfaces.popitem(last=False)
            self.bytes -= _bytes(dropped)

    def reset(self) -> None:
        self._fonts.clear()
        self._surfaces.clear()
        self.bytes = 0

    def size(self, text: str, size: int = 14, bold: bool = False) -> tuple[int, int]:
        text = shown(text)
        try:
            return self.font(size, bold).size(text)
        except pygame.error:  # pygame was quit and started again: the fonts must be reopened
            self.reset()
            return self.font(size, bold).size(text)

    def wrap(self, text: str, width: int, size: int = 14, bold: bool = False) -> list[str]:
        """Split text into lines no wider than `width` pixels (long words are kept whole)."""
        font = self.font(size, bold)
        text = shown(text)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in self._split_long(paragraph.split(" "), width, font):
                trial = f"{line} {word}" if line else word
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def clip(self, text: str, width: int, size: int = 14, bold: bool = False) -> str:
        """Cut text to a width in pixels, with an ellipsis."""
        text = shown(text)
        if self.size(text, size, bold)[0] <= width:
            return text
        while text and self.size(text + "…", size, bold)[0] > width:
            text = text[:-1]
        return text + "…"

    @staticmethod
    def _split_long(words: list[str], width: int, font) -> list[str]:
        """Words wider than a line are cut into pieces that fit."""
        out = []
        for word in words:
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut = max(1, cut * 3 // 4)
                out.append(word[:cut])
                word = word[cut:]
            out.append(word)
        return out

    def blit(self, target: pygame.Surface, text: str, pos: tuple[float, float], size: int = 14,
             color: Color = (230, 232, 236), bold: bool = False, anchor: str = "topleft",
             backdrop: tuple[int, int, int, int] | None = None) -> pygame.Rect:
        """Draw text with its `anchor` point at `pos`; an optional translucent backdrop pill."""
        surface = self.render(text, size, color, bold)
        rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        if backdrop is not None:
            pad = self._backdrop(rect.width + 6, rect.height, backdrop)
            target.blit(pad, (rect.x - 3, rect.y))
        target.blit(surface, rect)
        return rect

    def _backdrop(self, width: int, height: int, color) -> pygame.Surface:
        key = ("\0backdrop", width, height, tuple(color))
        surface = self._surfaces.get(key)
        if surface is None:
            surface = pygame.Surface((width, height), pygame.SRCALPHA)
            pygame.draw.rect(surface, color, surface.get_rect(), border_radius=4)
            self._keep(key, surface)
        else:
            self._surfaces.move_to_end(key)
        return surface


_shared: TextCache | None = None


def shared_text() -> TextCache:
    """One cache per process (fonts are costly to open)."""
    global _shared
    if _shared is None:
        _shared = TextCache()
    return _shared
