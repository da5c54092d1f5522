"""One picture of a battle: board, objectives, bases, labels and overlays.

The live client draws it into its table view every frame; the `render` command draws it once
into a PNG. Everything to show beyond the state comes in an `Overlays` value, filled by the
caller (the battle screen from the player's hover and selection; the render command, nothing).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core.state import GameState, Model
from game.ui.render import palette
from game.ui.render.bases import (
    GHOST_BAD,
    GHOST_OK,
    HOVER,
    NORMAL,
    SELECTED,
    TARGET,
    BaseSprites,
    draw_base,
    draw_wounds,
)
from game.ui.render.board import Board
from game.ui.render.camera import Camera
from game.ui.render.overlays import (
    RingCache,
    draw_path,
    draw_rings,
    draw_ruler,
    draw_sight,
    draw_target_marker,
    ring_labels,
)
from game.ui.render.shapes import dashed_circle
from game.ui.render.table_labels import TableLabels
from game.ui.render.text import shared_text

Point = tuple[float, float]

#: Objectives are held by models within this many inches (common rules); drawn as a ring.
OBJECTIVE_RANGE = 3.0
OBJECTIVE_TOKEN = 0.8  # radius of the marker, inches (a 40 mm token)


@dataclass
class Overlays:
    selected_unit: str | None = None
    hovered_model: str | None = None
    acting_unit: str | None = None
    rings: tuple[tuple[float, str], ...] = ()
    ghosts: dict[str, Point] = field(default_factory=dict)
    ghost_ok: bool = True
    ghost_notes: dict[str, str] = field(default_factory=dict)
    ghost_facings: dict[str, float] = field(default_factory=dict)  # a move that turns bases
    base_marks: dict[str, str] = field(default_factory=dict)  # model id -> short mark
    paths: dict[str, list[Point]] = field(default_factory=dict)
    hide_moving: bool = False  # a drag shows the models only at their new places
    targets: dict[str, str] = field(default_factory=dict)  # unit id -> label over it
    sight: list[tuple[Point, Point, bool]] = field(default_factory=list)
    ruler: tuple[Point, Point, str] | None = None
    holders: list[int | None] = field(default_factory=list)
    clock: float = 0.0  # seconds, for pulsing highlights
    label_density: str = "full"  # the player's setting (game.ui.render.labels.DENSITIES)


def unit_display_names(s: GameState) -> dict[str, str]:
    """Unit names as the table shows them: the set-up already made them unique in the battle
    (`rulesets.setup.unit_names`), so the table, the buttons and the log say the same."""
    return {uid: u.name for uid, u in s.units.items()}


class Scene:
    def __init__(self, board: Board, ruleset=None):
        self.board = board
        self.ruleset = ruleset
        self.sprites = BaseSprites()
        self.rings = RingCache()
        self._names: dict[str, str] | None = None
        self.labels = TableLabels(ruleset)
        #: The text labels of the last frame as blitted: (key, pygame.Rect); tests read it.
        self.drawn_labels: list[tuple[str, pygame.Rect]] = []

    def names(self, s: GameState) -> dict[str, str]:
        if self._names is None or set(self._names) != set(s.units):
            self._names = unit_display_names(s)
        return self._names

    def draw(self, surface: pygame.Surface, camera: Camera, s: GameState,
             overlays: Overlays | None = None) -> None:
        o = overlays or Overlays()
        clip = surface.get_clip()
        surface.set_clip(camera.view)
        surface.fill(palette.BACKGROUND, camera.view)
        surface.blit(self.board.picture(camera.scale), (round(camera.x), round(camera.y)))
        self._objectives(surface, camera, s, o.holders)
        if o.selected_unit and o.rings and o.selected_unit in s.units:
            draw_rings(surface, camera, self.rings, s.alive_models(o.selected_unit), o.rings,
                       labels=False)  # their labels are placed with the others
        moving = set(o.ghosts) if o.hide_moving else set()
        for m in s.models.values():
            if not m.alive or m.id in moving:
                continue
            draw_base(surface, self.sprites, camera, m, self._look(m, o))
            draw_wounds(surface, camera, m)
        self._marks(surface, camera, s, o.base_marks, moving)
        for uid in o.targets:
            if uid in s.units:
                draw_target_marker(surface, camera, s.alive_models(uid), "", o.clock)
        self._ghosts(surface, camera, s, o)
        for a, b, clear in o.sight:
            draw_sight(surface, camera, a, b, clear)
        rings = []
        if o.selected_unit and o.rings and o.selected_unit in s.units:
            rings = ring_labels(camera, self.rings, s.alive_models(o.selected_unit), o.rings)
        board_text = [(f"board:{i}", r.move(round(camera.x), round(camera.y)))
                      for i, r in enumerate(self.board.label_rects(camera.scale))]
        self.drawn_labels = board_text + self.labels.draw(surface, camera, s, o, self.names(s),
                                                          rings, [r for _, r in board_text])
        if o.ruler:
            draw_ruler(surface, camera, *o.ruler)
        surface.set_clip(clip)

    # --- parts -------------------------------------------------------------------------------
    @staticmethod
    def _look(m: Model, o: Overlays) -> str:
        if m.id == o.hovered_model:
            return HOVER
        if m.unit == o.selected_unit or m.unit == o.acting_unit:
            return SELECTED
        if m.unit in o.targets:
            return TARGET
        return NORMAL

    @staticmethod
    def _marks(surface, camera, s, marks, hidden) -> None:
        """A ruleset's short per-base marks (ranks: contact type and dice), centred on bases."""
        if not marks or camera.scale < 6:
            return
        text = shared_text()
        for mid, mark in marks.items():
            m = s.models.get(mid)
            if m is None or not m.alive or mid in hidden:
                continue
            text.blit(surface, mark, camera.to_screen(m.x, m.y), size=11,
                      color=(255, 255, 255), bold=True, anchor="center",
                      backdrop=(0, 0, 0, 160))

    def _objectives(self, surface, camera, s, holders) -> None:
        for index, obj in enumerate(s.scenario.objectives):
            holder = holders[index] if index < len(holders) else None
            color = palette.NEUTRAL if holder is None else palette.side_light(holder)
            center = camera.to_screen(obj.x, obj.y)
            dashed_circle(surface, color, center, camera.length(OBJECTIVE_RANGE), 1,
                          dash=camera.scale * 0.6, gap=camera.scale * 0.4)
            r = max(6.0, camera.length(OBJECTIVE_TOKEN))
            # a diamond, so an objective never looks like a (round) base
            cx, cy = center
            outer = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
            inner = [(cx, cy - r * 0.45), (cx + r * 0.45, cy), (cx, cy + r * 0.45),
                     (cx - r * 0.45, cy)]
            shadow = [(x + 2, y + 2) for x, y in outer]
            pygame.draw.polygon(surface, (0, 0, 0), shadow)
            pygame.draw.polygon(surface, (28, 28, 30), outer)
            pygame.draw.polygon(surface, color, outer, 3)
            pygame.draw.polygon(surface, color if holder is not None else (150, 150, 150), inner)

    def _ghosts(self, surface, camera, s, o) -> None:
        if not o.ghosts:
            return
        look = GHOST_OK if o.ghost_ok else GHOST_BAD
        tint = palette.GHOST_OK if o.ghost_ok else palette.GHOST_BAD
        for points in o.paths.values():
            if len(points) >= 2:
                draw_path(surface, camera, points, tint, 2)
        for mid, (x, y) in o.ghosts.items():
            m = s.models.get(mid)
            if m is None or not m.alive:
                continue
            if mid not in o.paths and (m.x, m.y) != (x, y):
                draw_path(surface, camera, [(m.x, m.y), (x, y)], tint, 2)
            if mid in o.ghost_facings:
                m = m.copy()
                m.facing = o.ghost_facings[mid]
            draw_base(surface, self.sprites, camera, m, look, at=(x, y))
