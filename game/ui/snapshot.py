"""Draw a battle to a PNG without a window: the `render` command (README screenshots, checks).

The opening position, or the table after N battle rounds played by greedy agents, drawn with the
same scene code as the live client, plus a title strip and a legend.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from game.core.errors import GameError, IllegalAction
from game.core.i18n import N_

DEFAULT_SIZE = (1280, 800)
HEADER = 46
LEGEND = 30


def _headless() -> None:
    """Use SDL's dummy video driver unless a display is really there."""
    if "SDL_VIDEODRIVER" in os.environ or sys.platform in ("win32", "darwin"):
        return
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def play_rounds(controller, rounds: int, seed: int, max_actions: int = 20000) -> None:
    """Greedy agents play until `rounds` full battle rounds are done (or the battle ends).
    A choice the rules refuse is replaced by the next legal action that they accept."""
    from game import ai

    if rounds <= 0:
        return
    agents = {i: ai.make("greedy", seed * 31 + i + 1) for i in range(len(controller.state.sides))}
    start = controller.state.round
    for _ in range(max_actions):
        if controller.over or controller.state.round >= start + rounds:
            return
        player = controller.current_player()
        choice = agents[player].choose(controller)
        try:
            controller.apply(choice)
            continue
        except IllegalAction:
            pass
        for other in controller.legal_actions():
            try:
                controller.apply(other)
                break
            except IllegalAction:
                continue
        else:
            controller.concede(player)


def render_battle(ruleset: str = "squads", map_path: str | Path | None = None, turns: int = 0,
                  seed: int = 0, out: str | Path = "battle.png",
                  size: tuple[int, int] = DEFAULT_SIZE) -> Path:
    """Write the picture; returns its path. Problems raise GameError (one line for the CLI)."""
    _headless()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if turns < 0:
        raise GameError("render: --turns must be 0 or more")
    width, height = size
    if width < 320 or height < 240:
        raise GameError("render: the picture must be at least 320x240")
    import pygame

    from game import rulesets
    from game.io.tmx import default_map_for, load_scenario
    from game.turn import TurnController

    ruleset_obj = rulesets.get(ruleset)
    path = Path(map_path) if map_path is not None else default_map_for(ruleset)
    scenario = load_scenario(path)
    controller = TurnController(ruleset_obj, scenario, seed)
    play_rounds(controller, turns, seed)
    out = Path(out)
    if out.suffix.lower() != ".png":
        raise GameError(f"render: {out}: the picture is written as PNG (name it .png)")
    from game.ui.app import start_pygame

    start_pygame()  # left running: a caller in the same process may be drawing too
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))  # pytmx converts tile images for the display
    surface = draw_battle(controller, (width, height), path)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(out))
    except (pygame.error, OSError) as exc:
        raise GameError(f"render: cannot write {out}: {exc}") from exc
    return out


def draw_battle(controller, size: tuple[int, int], map_path=None):
    """The whole table fitted into a picture of `size`, with a title strip and a legend."""
    import pygame

    from game.ui.render import palette
    from game.ui.render.board import Board
    from game.ui.render.camera import Camera
    from game.ui.render.scene import Overlays, Scene
    from game.ui.render.text import shared_text

    s = controller.state
    width, height = size
    surface = pygame.Surface((width, height))
    surface.fill(palette.BACKGROUND)
    view = pygame.Rect(0, HEADER, width, height - HEADER - LEGEND)
    camera = Camera(view, s.scenario.width, s.scenario.height, margin=10)
    scene = Scene(Board(s.scenario, map_path), controller.ruleset)
    from game.ui.hooks import objective_holders

    holders = objective_holders(controller)
    scene.draw(surface, camera, s, Overlays(holders=holders))
    from game.i18n import _
    from game.ui.words import translate

    text = shared_text()
    title = translate(s.scenario.title) if s.scenario.title else \
        Path(s.scenario.source or "battle").stem.replace("_", " ")
    phase = translate(controller.ruleset.current_phase_name(s))
    status = _("battle over") if s.over else _("round {round} of {rounds}, {phase} phase").format(
        round=s.round, rounds=controller.ruleset.battle_rounds(s.scenario), phase=phase)
    text.blit(surface, f"{title}  ·  {translate(controller.ruleset.name)}", (14, HEADER // 2),
              size=18,
              color=palette.HIGHLIGHT, bold=True, anchor="midleft")
    try:
        points = controller.score()
    except Exception:
        points = ()
    x = width - 14
    for side in reversed(s.sides):
        value = points[side.index] if side.index < len(points) else 0
        rect = text.blit(surface, _("{side}: {points} VP").format(
            side=translate(side.name), points=f"{value:g}"), (x, HEADER // 2 - 8), size=14,
                         color=palette.side_light(side.index), bold=True, anchor="midright")
        x = rect.left - 22
    text.blit(surface, _("{status}  ·  seed {seed}").format(status=status, seed=controller.seed),
              (width - 14, HEADER // 2 + 11),
              size=11, color=palette.TEXT_DIM, anchor="midright")
    _legend(surface, pygame.Rect(0, height - LEGEND, width, LEGEND))
    return surface


#: The legend's words for each kind of terrain (message ids).
TERRAIN_LABELS = {"impassable": N_("impassable terrain"), "obscuring": N_("obscuring terrain"),
                  "difficult": N_("difficult terrain"), "cover": N_("cover terrain")}


def _legend(surface, rect) -> None:
    import pygame

    from game.i18n import _
    from game.ui.render import palette
    from game.ui.render.text import shared_text

    text = shared_text()
    pygame.draw.rect(surface, palette.PANEL, rect)
    x = rect.x + 14
    y = rect.centery
    for kind in palette.TERRAIN_ORDER:
        color = palette.TERRAIN_COLORS[kind]
        pygame.draw.rect(surface, (200, 200, 200), (x - 1, y - 7, 24, 14), 1)
        pygame.draw.rect(surface, color, (x, y - 6, 22, 12), 3)
        label = text.blit(surface, _(TERRAIN_LABELS.get(kind, kind)), (x + 28, y),
                          size=12, color=palette.TEXT,
                          anchor="midleft")
        x = label.right + 18
    pygame.draw.polygon(surface, palette.NEUTRAL, [(x + 8, y - 7), (x + 15, y), (x + 8, y + 7),
                                                   (x + 1, y)], 2)
    label = text.blit(surface, _("objective (3\" ring: who holds it)"), (x + 20, y), size=12,
                      color=palette.TEXT, anchor="midleft")
    x = label.right + 18
    text.blit(surface, _("bases at true size · ticks show facing"), (x, y), size=12,
              color=palette.TEXT_DIM, anchor="midleft")
