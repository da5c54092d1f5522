"""The table's text labels, drawn so that none overlaps another: unit names with their status
markers, target labels, the notes under dragged bases, numbered objective tags, and the
objective legend (each objective's full name and holder, listed in the view's corner instead of
along a row of objectives).

It measures what it wants to draw, asks `labels.place` where each label may go, and blits
only there; every blitted rectangle is returned so a test can check the picture itself.
"""

from __future__ import annotations

import pygame

from game.ui import explain
from game.ui.render import palette
from game.ui.render.bases import unit_anchor
from game.ui.render.labels import FULL, HOVER, Wanted, place, short_name
from game.ui.render.text import shared_text
from game.ui.words import _, translate

MARKER_SIZE = 11
NOTE_SIZE = 11
TARGET_SIZE = 13
TAG_SIZE = 11
LEGEND_SIZE = 12
PAD = 3  # the backdrop's margin each side of the text

#: Priorities: what a player needs most is placed first.
PRIORITY_NOTE, PRIORITY_TARGET, PRIORITY_TAG, PRIORITY_OWN, PRIORITY_UNIT = 50, 40, 30, 20, 10
PRIORITY_RING = 5  # the rings are drawn; their labels may wait for room
RING_SIZE = 11


class TableLabels:
    def __init__(self, ruleset=None):
        self.ruleset = ruleset
        self.hidden: list[str] = []  # keys left to hover in the last frame

    # --- what is wanted ------------------------------------------------------------------------
    def wanted(self, camera, s, o, names) -> tuple[list[Wanted], dict[str, dict]]:
        """The labels this frame would draw, and how to draw each (text, colour, markers)."""
        text = shared_text()
        unit_size = 12 if camera.scale < 10 else 13
        wants: list[Wanted] = []
        looks: dict[str, dict] = {}
        hovered_unit = s.models[o.hovered_model].unit if o.hovered_model in s.models else None
        moving_units = {s.models[mid].unit for mid in o.ghosts if mid in s.models}
        for uid, unit in s.units.items():
            moved = o.hide_moving and uid in moving_units
            anchor = self._ghost_anchor(camera, s, o, uid) if moved else unit_anchor(s, uid, camera)
            if anchor is None:
                continue
            name = translate(names.get(uid, unit.name))
            markers = explain.status_markers(unit.flags, self.ruleset)
            emphasis = uid in (o.selected_unit, o.acting_unit)
            keep = emphasis or uid == hovered_unit
            marks_w = sum(text.size(code, MARKER_SIZE, True)[0] + 9 for code, _ in markers)
            full = text.size(name, unit_size, True)
            short = short_name(name)
            short_box = None
            if short != name:
                w, h = text.size(short, unit_size, True)
                short_box = (w + 2 * PAD + marks_w, h)
            key = f"unit:{uid}"
            active = s.active is not None and unit.side == s.active
            wants.append(Wanted(key, (full[0] + 2 * PAD + marks_w, full[1]), anchor,
                                PRIORITY_OWN if active else PRIORITY_UNIT, short_box, keep))
            looks[key] = {"text": name, "short": short, "size": unit_size, "bold": True,
                          "color": palette.HIGHLIGHT if emphasis else palette.side_light(unit.side),
                          "markers": markers}
        for uid, label in o.targets.items():
            models = s.alive_models(uid) if uid in s.units else []
            if not models or not label:
                continue
            right = max(m.x + m.base.radius for m in models)
            middle = (min(m.y for m in models) + max(m.y for m in models)) / 2
            label = translate(label)
            w, h = text.size(label, TARGET_SIZE, True)
            key = f"target:{uid}"
            wants.append(Wanted(key, (w + 2 * PAD, h), camera.to_screen(right, middle),
                                PRIORITY_TARGET, side="right"))
            looks[key] = {"text": label, "size": TARGET_SIZE, "bold": True,
                          "color": (255, 240, 170), "backdrop": (20, 14, 0, 215)}
        tint = palette.GHOST_OK if o.ghost_ok else palette.GHOST_BAD
        for mid, note in o.ghost_notes.items():
            m = s.models.get(mid)
            if m is None or mid not in o.ghosts or not note:
                continue
            x, y = camera.to_screen(*o.ghosts[mid])
            w, h = text.size(note, NOTE_SIZE)
            key = f"note:{mid}"
            anchor = (x, y + m.base.depth * camera.scale / 2 + h + 2)  # "above" = under the base
            wants.append(Wanted(key, (w + 2 * PAD, h), anchor, PRIORITY_NOTE, keep=True))
            looks[key] = {"text": note, "size": NOTE_SIZE, "bold": False, "color": tint}
        if camera.scale >= 4:
            for index, obj in enumerate(s.scenario.objectives):
                holder = o.holders[index] if index < len(o.holders) else None
                cx, cy = camera.to_screen(obj.x, obj.y)
                tag = str(index + 1)
                w, h = text.size(tag, TAG_SIZE, True)
                key = f"objective:{index}"
                reach = max(6.0, camera.length(0.8)) + 2
                wants.append(Wanted(key, (w + 2 * PAD, h), (cx + reach, cy), PRIORITY_TAG,
                                    side="right"))
                looks[key] = {"text": tag, "size": TAG_SIZE, "bold": True,
                              "color": palette.NEUTRAL if holder is None
                              else palette.side_light(holder)}
        return wants, looks

    @staticmethod
    def _ghost_anchor(camera, s, o, uid):
        placed = [(mid, p) for mid, p in o.ghosts.items()
                  if mid in s.models and s.models[mid].unit == uid]
        if not placed:
            return unit_anchor(s, uid, camera)
        top = min(placed, key=lambda mp: mp[1][1])
        xs = [p[0] for _, p in placed]
        return camera.to_screen((min(xs) + max(xs)) / 2, top[1][1] - s.models[top[0]].base.radius)

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, camera, s, o, names,
             rings=(), board_text=()) -> list[tuple[str, pygame.Rect]]:
        """Place and draw every label (`rings`: the range rings' (point, text, colour);
        `board_text`: rectangles of text already on the board picture, kept clear); the
        blitted rectangles, by label key."""
        drawn = []
        legend = self._legend(surface, camera, s, o, board_text)
        drawn.extend(legend)
        wants, looks = self.wanted(camera, s, o, names)
        text = shared_text()
        for index, (anchor, label, color) in enumerate(rings):
            w, h = text.size(label, RING_SIZE)
            key = f"ring:{index}"
            wants.append(Wanted(key, (w + 2 * PAD, h), anchor, PRIORITY_RING))
            looks[key] = {"text": label, "size": RING_SIZE, "bold": False, "color": color,
                          "backdrop": (0, 0, 0, 140)}
        view = camera.view
        bounds = (view.x, view.y, view.width, view.height)
        density = getattr(o, "label_density", FULL)
        reserved = [tuple(r) for _, r in legend] + [tuple(r) for r in board_text]
        placed, self.hidden = place(wants, bounds, density, reserved)
        if density == HOVER:  # objective tags are not clutter: they name the legend's lines
            extra = [w for w in wants if w.key.startswith("objective:")]
            more, _x = place(extra, bounds, FULL, reserved + [p.rect for p in placed])
            placed += more
        for p in placed:  # every leader line first, so that no line crosses a label
            if p.leader:
                self._leader(surface, p, looks[p.key]["color"])
        for p in placed:
            drawn.append((p.key, self._blit(surface, p, looks[p.key])))
        return drawn

    @staticmethod
    def _leader(surface, p, color) -> None:
        x, y, w, h = p.rect
        end = (min(max(p.anchor[0], x), x + w), min(max(p.anchor[1], y), y + h))
        pygame.draw.line(surface, (0, 0, 0), p.anchor, end, 3)
        pygame.draw.line(surface, color, p.anchor, end, 1)

    @staticmethod
    def _blit(surface, p, look) -> pygame.Rect:
        text = shared_text()
        x, y, w, h = p.rect
        rect = pygame.Rect(round(x), round(y), round(w), round(h))
        words = look["short"] if p.short else look["text"]
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill(look.get("backdrop", (0, 0, 0, 160)))
        surface.blit(shade, rect.topleft)
        shown = text.render(words, look["size"], look["color"], look["bold"])
        surface.blit(shown, (rect.x + PAD, rect.y))
        left = rect.x + PAD + shown.get_width() + 3
        for code, marker_color in look.get("markers", ()):
            marker = text.render(code, MARKER_SIZE, (20, 20, 20), True)
            box = pygame.Rect(left, rect.top + 1, marker.get_width() + 6, rect.height - 2)
            pygame.draw.rect(surface, marker_color, box, border_radius=4)
            surface.blit(marker, marker.get_rect(center=box.center))
            left = box.right + 3
        return rect

    @staticmethod
    def _legend(surface, camera, s, o, board_text=()) -> list[tuple[str, pygame.Rect]]:
        """Each objective's number, name and holder, one line each, in a corner of the view
        (lower left unless the board's own text is there)."""
        objectives = s.scenario.objectives
        if not objectives:
            return []
        text = shared_text()
        lines = []
        for index, obj in enumerate(objectives):
            holder = o.holders[index] if index < len(o.holders) else None
            who = _("unheld") if holder is None else \
                _("held by {side}").format(side=translate(s.sides[holder].name))
            color = palette.NEUTRAL if holder is None else palette.side_light(holder)
            name = translate(obj.name) if obj.name else _("Objective")
            lines.append((_("{number}  {objective}: {holder}").format(
                number=index + 1, objective=name, holder=who), color))
        height = text.size("Ag", LEGEND_SIZE)[1] + 2
        width = max(text.size(line, LEGEND_SIZE)[0] for line, _ in lines) + 2 * PAD
        view = camera.view
        box_h = height * len(lines)
        corners = [(view.x + 10, view.bottom - 10 - box_h),
                   (view.right - 10 - width, view.bottom - 10 - box_h),
                   (view.right - 10 - width, view.y + 10), (view.x + 10, view.y + 10)]
        x, y = next((c for c in corners  # a corner clear of the board's own text
                     if not any(pygame.Rect(c[0], c[1], width, box_h).colliderect(r)
                                for r in board_text)), corners[0])
        drawn = []
        for index, (line, color) in enumerate(lines):
            rect = text.blit(surface, line, (x + PAD, y + index * height), size=LEGEND_SIZE,
                             color=color, backdrop=(0, 0, 0, 190))
            drawn.append((f"legend:{index}", rect.inflate(2 * PAD, 0)))
        return drawn
