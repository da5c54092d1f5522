"""What a lesson step shows on the table: the units it names (pulsing rings and their names),
a range ring around a unit, a contact between two units, a formation's arc (its flank or rear
edge). Drawn from `LessonStep.highlight` only; nothing here reads a rule.
"""

from __future__ import annotations

import math

import pygame

from game.ui.render import palette
from game.ui.render.camera import Camera, angle_vector
from game.ui.render.overlays import draw_rings, draw_target_marker
from game.ui.render.text import shared_text
from game.ui.words import _, decimal

CONTACT = (255, 210, 90)
ARC = (255, 140, 70)


def draw_highlight(surface: pygame.Surface, camera: Camera, state, highlight: dict, names: dict,
                   rings, clock: float) -> None:
    clip = surface.get_clip()
    surface.set_clip(camera.view)
    for uid in highlight.get("units", []):
        if uid in state.units:
            draw_target_marker(surface, camera, state.alive_models(uid), "",
                               clock)
    for mid in highlight.get("models", []):
        m = state.models.get(mid)
        if m is not None and m.alive:
            sx, sy = camera.to_screen(m.x, m.y)
            pygame.draw.circle(surface, CONTACT, (sx, sy), camera.length(m.base.radius) + 4, 2)
    ring = highlight.get("ring")
    if isinstance(ring, dict) and ring.get("unit") in state.units:
        radius = float(ring.get("radius", 0))
        draw_rings(surface, camera, rings, state.alive_models(ring["unit"]),
                   ((radius, ""),))
    contact = highlight.get("contact")
    if contact and len(contact) == 2 and all(u in state.units for u in contact):
        _contact(surface, camera, state, contact[0], contact[1], clock)
    arc = highlight.get("arc")
    if isinstance(arc, dict) and arc.get("unit") in state.units:
        _arc(surface, camera, state.alive_models(arc["unit"]), str(arc.get("edge", "front")))
    surface.set_clip(clip)


def highlighted_units(highlight: dict) -> list[str]:
    units = list(highlight.get("units", [])) + list(highlight.get("contact", []))
    units += [highlight[key]["unit"] for key in ("ring", "arc")
              if isinstance(highlight.get(key), dict) and "unit" in highlight[key]]
    return units


#: Inches (|dx| + |dy|) within which a unit counts as near the step's units: it stays in view.
NEAR = 16.0


def focus(camera: Camera, state, highlight: dict, units: list[str] | None = None) -> None:
    """Zoom and pan so what the step is about fills the view (the whole table stays reachable
    with the wheel and Fit). A ring's reach counts, so its circle shows whole."""
    units = units if units is not None else highlighted_units(highlight)
    models = [m for u in units if u in state.units for m in state.alive_models(u)]
    if models:  # the units the step is about, and every unit near them (who they face)
        ids = {o.id for o in models}
        near = [m for m in state.models.values() if m.alive and m.id not in ids
                and min(abs(m.x - o.x) + abs(m.y - o.y) for o in models) <= NEAR]
        models += near
    models += [state.models[m] for m in highlight.get("models", []) if m in state.models]
    if not models:
        return
    reach = 2.0
    ring = highlight.get("ring")
    if isinstance(ring, dict):
        reach = max(reach, float(ring.get("radius", 0)) + 1)
    x0 = min(m.x for m in models) - reach
    x1 = max(m.x for m in models) + reach
    y0 = min(m.y for m in models) - reach
    y1 = max(m.y for m in models) + reach
    view = camera.view
    wanted = min(view.width / max(1.0, x1 - x0), view.height / max(1.0, y1 - y0))
    camera.fit()
    steps = max(0, int(math.floor(math.log(max(1e-6, wanted / camera.fit_scale), 1.2))))
    for _step in range(steps):
        if not camera.zoom_at(1, view.center):
            break
    cx, cy = camera.to_screen((x0 + x1) / 2, (y0 + y1) / 2)
    camera.pan(view.centerx - cx, view.centery - cy)


def _contact(surface, camera, state, a: str, b: str, clock: float) -> None:
    """The closest pair of bases of the two units, joined, with a pulsing mark between."""
    pairs = [(math.dist((m.x, m.y), (n.x, n.y)) - m.base.radius - n.base.radius, m, n)
             for m in state.alive_models(a) for n in state.alive_models(b)]
    if not pairs:
        return
    gap, m, n = min(pairs, key=lambda p: p[0])
    p, q = camera.to_screen(m.x, m.y), camera.to_screen(n.x, n.y)
    pygame.draw.line(surface, CONTACT, p, q, 3)
    mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    pulse = 5 + 3 * (0.5 + 0.5 * math.sin(clock * 6))
    pygame.draw.circle(surface, CONTACT, mid, pulse, 2)
    label = _("in contact") if gap <= 0.05 else _('{gap}" apart').format(
        gap=decimal(f"{max(0.0, gap):.1f}"))
    shared_text().blit(surface, label, (mid[0], mid[1] - 12), size=12, color=CONTACT,
                       bold=True, anchor="midbottom", backdrop=(0, 0, 0, 170))


def _arc(surface, camera, models, edge: str) -> None:
    """One edge of a formation, in the unit's own frame (its models' facing)."""
    if not models:
        return
    fx, fy = angle_vector(models[0].facing)
    rx, ry = -fy, fx
    ahead = [m.x * fx + m.y * fy for m in models]
    across = [m.x * rx + m.y * ry for m in models]
    r = max(m.base.radius for m in models)
    lo_a, hi_a = min(ahead) - r, max(ahead) + r
    lo_c, hi_c = min(across) - r, max(across) + r

    def point(a, c):
        return camera.to_screen(a * fx + c * rx, a * fy + c * ry)

    if edge == "rear":
        segments = [(point(lo_a, lo_c), point(lo_a, hi_c))]
    elif edge == "flank":
        segments = [(point(lo_a, lo_c), point(hi_a, lo_c)), (point(lo_a, hi_c), point(hi_a, hi_c))]
    else:
        segments = [(point(hi_a, lo_c), point(hi_a, hi_c))]
    for p, q in segments:
        pygame.draw.line(surface, ARC, p, q, 5)
    p, q = segments[0]
    shared_text().blit(surface, edge, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2 - 8), size=12,
                       color=ARC, bold=True, anchor="midbottom", backdrop=(0, 0, 0, 170))


def wrapped(lines: list[tuple[str, int, tuple, bool]], width: int) -> list[tuple]:
    """(text, size, color, bold) paragraphs as the lines they take at this width."""
    text = shared_text()
    out = []
    for body, size, color, bold in lines:
        for line in text.wrap(body, width, size, bold) or [""]:
            out.append((line, size, color, bold))
    return out


def draw_lines(surface, lines, x: int, y: int) -> int:
    text = shared_text()
    for line, size, color, bold in lines:
        text.blit(surface, line, (x, y), size=size, color=color, bold=bold)
        y += size + 5
    return y


__all__ = ["draw_highlight", "draw_lines", "palette", "wrapped"]
