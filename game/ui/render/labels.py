"""Where the table's text labels go, so that no two of them overlap.

Pure (no pygame): the scene measures each label it wants and says where it belongs (an anchor
point), how much it matters (a priority) and, optionally, a shorter form. `place` answers with
rectangles that never overlap one another nor any reserved area: a label first tries the spots
round its anchor, then a spot further out joined by a leader line, then its shorter form the
same way; a label that still finds no room is left to hover (the selected and hovered units'
labels are placed first, so they always show). Kept apart from the drawing so the rule "labels
never overlap" is tested on plain numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

Rect = tuple[float, float, float, float]  # x, y, width, height (screen pixels)

#: The label density setting (`app.settings.label_density`).
FULL, COMPACT, HOVER = "full", "compact", "hover"
DENSITIES = (FULL, COMPACT, HOVER)

GAP = 3.0  # pixels kept between an anchor and its label
LEADER_STEPS = (1.6, 2.6)  # leader lengths tried, in label heights


@dataclass(frozen=True)
class Wanted:
    """A label the scene would like to draw. `size` and `short_size` are (width, height)."""

    key: str
    size: tuple[float, float]
    anchor: tuple[float, float]
    priority: int = 0
    short_size: tuple[float, float] | None = None
    keep: bool = False  # the selected or hovered unit: always shown
    side: str = "above"  # where it prefers to sit: "above" or "right" of the anchor


@dataclass(frozen=True)
class Placed:
    key: str
    rect: Rect
    short: bool = False
    leader: bool = False  # drawn with a line back to its anchor
    anchor: tuple[float, float] = (0.0, 0.0)


def overlaps(a: Rect, b: Rect) -> bool:
    """True when two rectangles share some area (touching edges do not count)."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _spots(anchor, size, side) -> list[Rect]:
    """The close spots round an anchor, preferred first."""
    x, y = anchor
    w, h = size
    above = (x - w / 2, y - GAP - h, w, h)
    below = (x - w / 2, y + GAP, w, h)
    right = (x + GAP * 2, y - h / 2, w, h)
    left = (x - GAP * 2 - w, y - h / 2, w, h)
    above_right = (x + GAP, y - GAP - h, w, h)
    above_left = (x - GAP - w, y - GAP - h, w, h)
    if side == "right":
        return [right, left, above_right, above, below, above_left]
    return [above, above_right, above_left, right, left, below]


def _leader_spots(anchor, size) -> list[Rect]:
    """Spots further out, in eight directions, for a label joined to its anchor by a line."""
    x, y = anchor
    w, h = size
    out = []
    for step in LEADER_STEPS:
        d = h * step + GAP
        for dx, dy in ((0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (0, 1)):
            cx, cy = x + dx * (d + w / 2), y + dy * (d + h / 2)
            out.append((cx - w / 2, cy - h / 2, w, h))
    return out


def _inside(rect: Rect, bounds: Rect | None) -> bool:
    if bounds is None:
        return True
    return (rect[0] >= bounds[0] and rect[1] >= bounds[1]
            and rect[0] + rect[2] <= bounds[0] + bounds[2]
            and rect[1] + rect[3] <= bounds[1] + bounds[3])


def place(wanted: list[Wanted], bounds: Rect | None = None, density: str = FULL,
          reserved: list[Rect] = ()) -> tuple[list[Placed], list[str]]:
    """Place the labels: (placed, keys left to hover). No two placed rectangles overlap, and
    none overlaps a `reserved` rectangle (text drawn elsewhere). `density` "compact" uses the
    short forms at once, "hover" shows only the kept labels. Deterministic: ties keep the
    order given."""
    order = sorted(range(len(wanted)), key=lambda i: (not wanted[i].keep, -wanted[i].priority, i))
    taken: list[Rect] = list(reserved)
    placed: list[Placed] = []
    hidden: list[str] = []
    for i in order:
        want = wanted[i]
        if density == HOVER and not want.keep:
            hidden.append(want.key)
            continue
        forms = [(want.size, False)]
        if want.short_size is not None:
            forms = ([(want.short_size, True)] if density == COMPACT and not want.keep
                     else forms + [(want.short_size, True)])
        found = _first_free(want, forms, taken, bounds)
        if found is None and want.keep:  # always shown: above it, even over another label
            found = Placed(want.key, _spots(want.anchor, want.size, want.side)[0],
                           anchor=want.anchor)
            # the label it would cover gives way (placed later ones are re-checked below)
            placed = [p for p in placed if not overlaps(p.rect, found.rect)]
            taken = list(reserved) + [p.rect for p in placed]
        if found is None:
            hidden.append(want.key)
            continue
        placed.append(found)
        taken.append(found.rect)
    kept_keys = {p.key for p in placed}
    hidden.extend(w.key for w in wanted if w.key not in kept_keys and w.key not in hidden)
    return placed, hidden


def _first_free(want: Wanted, forms, taken, bounds) -> Placed | None:
    for size, short in forms:
        for leader, spots in ((False, _spots(want.anchor, size, want.side)),
                              (True, _leader_spots(want.anchor, size))):
            for rect in spots:
                if _inside(rect, bounds) and not any(overlaps(rect, t) for t in taken):
                    return Placed(want.key, rect, short, leader, want.anchor)
    return None


def short_name(name: str) -> str:
    """A crowded table's shorter unit label: initials of the words, the unit's number kept
    ("Line Marines II" -> "LM II", "Brute Mob 2" -> "BM 2"); short names stay as they are."""
    words = name.split()
    if len(name) <= 6 or len(words) < 2:
        return name
    tail = ""
    if _is_number(words[-1]):
        tail = " " + words[-1]
        words = words[:-1]
    if len(words) == 1:
        return words[0][:5] + tail
    return "".join(w[0].upper() for w in words if w) + tail


def _is_number(word: str) -> bool:
    return word.isdigit() or (bool(word) and set(word.upper()) <= set("IVXLC"))
