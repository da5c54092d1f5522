"""Generate the map tileset and the shipped Tiled maps (deterministic: same bytes every run).

    /work/venv/bin/python tools/make_maps.py            # writes into maps/
    /work/venv/bin/python tools/make_maps.py --out DIR  # writes DIR/tiles/… and DIR/*.tmx

What it writes:
- `tiles/table_tiles.png`: 32×32 px tiles drawn procedurally (seeded noise), one row per ground
  material, 18 columns. Row 0 holds 18 grass variants (the base layer). Every other row holds a
  material that is painted over the grass: four full tiles, then the 14 corner transitions to
  transparent (a marching-squares set: column 3 + mask, where the mask bits are 1 top-left,
  2 top-right, 4 bottom-right, 8 bottom-left corner covered).
- `tiles/table_tiles.tsx`: the external tileset, with one corner Wang set per overlay material,
  so the terrain brush in Tiled paints the same transitions.
- one `.tmx` per entry of MAPS: a base grass layer, one tile layer per material painted (under
  terrain pieces, under decorative patches, and dry-grass blotches), and the object layers
  `terrain`, `deployment` and `objectives` the game reads (see maps/README.md).

To add a map, append a MapSpec to MAPS (sizes in inches, multiples of 2" so they fill whole tiles)
and run the script. Every written map is loaded back with game.io.tmx.load_scenario as a check.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.io.tmx import (  # noqa: E402
    ellipse_outline,
    load_scenario,
    rectangle_outline,
    rotate_points,
)

Point = tuple[float, float]
Color = tuple[float, float, float]

TILE = 32  # px
PX_PER_INCH = 16  # so a tile is 2"
COLUMNS = 18  # 4 full tiles + 14 transitions per overlay material
TILESET_NAME = "table_tiles"
TILED_VERSION = "1.10.2"
FORMAT_VERSION = "1.10"


# =============================================================================================
# Tile textures
# =============================================================================================
def smoothstep(edge0: float, edge1: float, value: float) -> float:
    t = min(1.0, max(0.0, (value - edge0) / (edge1 - edge0)))
    return t * t * (3 - 2 * t)


class TileNoise:
    """Value noise on a lattice that wraps every tile, for the variant `inner_seed`, blended
    within `BORDER` px of the tile's edges into a noise field that only `edge_seed` decides.
    Every tile drawn with the same edge seed therefore has the same values along its borders
    (any two sit side by side without a seam) while their insides differ."""

    BORDER = 8.0

    def __init__(self, cells: int, edge_seed: str, inner_seed: str):
        edge_rng, inner_rng = random.Random(edge_seed), random.Random(inner_seed)
        self.cells = cells
        self.edge_nodes = [[edge_rng.random() for _ in range(cells)] for _ in range(cells)]
        self.nodes = [[inner_rng.random() for _ in range(cells)] for _ in range(cells)]

    def _lattice(self, nodes: list[list[float]], x: float, y: float) -> float:
        u, v = x / TILE * self.cells, y / TILE * self.cells
        i, j = math.floor(u), math.floor(v)
        fu, fv = smoothstep(0, 1, u - i), smoothstep(0, 1, v - j)
        n = self.cells
        i0, i1, j0, j1 = i % n, (i + 1) % n, j % n, (j + 1) % n
        top = nodes[j0][i0] + (nodes[j0][i1] - nodes[j0][i0]) * fu
        bottom = nodes[j1][i0] + (nodes[j1][i1] - nodes[j1][i0]) * fu
        return top + (bottom - top) * fv

    def __call__(self, x: float, y: float) -> float:
        inner = smoothstep(0, self.BORDER, min(x, y, TILE - x, TILE - y))
        edge = 0.5 + (self._lattice(self.edge_nodes, x, y) - 0.5) * 0.4
        if inner <= 0:
            return edge
        return edge + (self._lattice(self.nodes, x, y) - edge) * inner


class Canvas:
    """A 32×32 tile as float RGB, drawn into with a seeded RNG."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.px: list[list[list[float]]] = [[[0.0, 0.0, 0.0] for _ in range(TILE)]
                                            for _ in range(TILE)]

    def mix(self, x: int, y: int, color: Color, amount: float = 1.0) -> None:
        if 0 <= x < TILE and 0 <= y < TILE:
            pixel = self.px[y][x]
            for c in range(3):
                pixel[c] += (color[c] - pixel[c]) * amount

    def shade(self, x: int, y: int, factor: float) -> None:
        if 0 <= x < TILE and 0 <= y < TILE:
            pixel = self.px[y][x]
            for c in range(3):
                pixel[c] *= factor

    def base(self, color: Color, noise_seed: str, variant: int, amount: float, grain: float,
             speckles: Sequence[tuple[Color, float]] = ()) -> None:
        """Fill with `color` varied by seamless noise (`amount`), per-pixel grain and speckles
        (colour, probability per pixel)."""
        octaves = [(TileNoise(cells, f"{noise_seed}-edge-{cells}",
                              f"{noise_seed}-{variant}-{cells}"), weight)
                   for cells, weight in ((2, 0.5), (4, 0.3), (8, 0.2))]
        rng = self.rng
        for y in range(TILE):
            for x in range(TILE):
                n = sum(noise(x + 0.5, y + 0.5) * weight for noise, weight in octaves)
                factor = 1 + amount * (n - 0.5) * 2 + rng.gauss(0, grain)
                self.px[y][x] = [channel * factor for channel in color]
                roll = rng.random()
                for speckle, chance in speckles:
                    if roll < chance:
                        self.mix(x, y, speckle, 0.55)
                        break
                    roll -= chance

    # --- small features, kept 2 px inside the tile so tiles stay seamless ---
    def spot(self) -> tuple[int, int]:
        return self.rng.randint(2, TILE - 3), self.rng.randint(2, TILE - 3)

    def blade(self, color: Color, amount: float = 0.6) -> None:
        x, y = self.spot()
        length = self.rng.randint(2, 4)
        slant = self.rng.choice((-0.5, -0.25, 0.0, 0.0, 0.25, 0.5))
        for step in range(length):
            self.mix(round(x + slant * step), y - step, color, amount * (1 - step / (length + 1)))

    def pebble(self, color: Color, radius: float) -> None:
        cx, cy = self.spot()
        reach = math.ceil(radius)
        for y in range(cy - reach, cy + reach + 1):
            for x in range(cx - reach, cx + reach + 1):
                d = math.hypot(x - cx, y - cy)
                if d <= radius:
                    lit = ((cx - x) + (cy - y)) / (2 * radius + 0.001)  # light from top-left
                    self.mix(x, y, tuple(c * (1 + 0.25 * lit) for c in color), 0.9)
        self.shade(cx + reach, cy + reach, 0.8)  # a little shadow bottom-right

    def chunk(self, color: Color, size: float) -> None:
        """An angular fragment (rubble): a random convex blob with a lit and a shaded edge."""
        cx, cy = self.spot()
        angle = self.rng.uniform(0, math.pi)
        stretch = self.rng.uniform(0.6, 1.0)
        reach = math.ceil(size) + 1
        for y in range(cy - reach, cy + reach + 1):
            for x in range(cx - reach, cx + reach + 1):
                dx, dy = x - cx, y - cy
                u = dx * math.cos(angle) + dy * math.sin(angle)
                v = (-dx * math.sin(angle) + dy * math.cos(angle)) / stretch
                if max(abs(u), abs(v)) <= size:  # a rotated, squashed square
                    edge = max(abs(u), abs(v)) > size - 1
                    factor = 1.0
                    if edge:
                        factor = 1.18 if dx + dy < 0 else 0.72
                    self.mix(x, y, tuple(c * factor for c in color), 0.95)
        self.shade(cx + reach, cy + reach, 0.75)

    def leaf(self, color: Color) -> None:
        x, y = self.spot()
        dx, dy = self.rng.choice(((1, 0), (0, 1), (1, 1), (1, -1)))
        self.mix(x, y, color, 0.85)
        self.mix(x + dx, y + dy, color, 0.7)
        if self.rng.random() < 0.5:
            self.mix(x - dx, y - dy, color, 0.5)

    def line(self, color: Color, length: int, amount: float) -> None:
        x, y = self.spot()
        angle = self.rng.uniform(0, math.pi)
        for step in range(length):
            px = round(x + math.cos(angle) * step)
            py = round(y + math.sin(angle) * step)
            if 2 <= px < TILE - 2 and 2 <= py < TILE - 2:
                self.mix(px, py, color, amount)


# Each painter draws one variant of a material's full tile.
def paint_grass(canvas: Canvas, variant: int) -> None:
    canvas.base((84, 102, 56), "grass", variant, 0.09, 0.03,
                (((66, 84, 44), 0.16), ((104, 122, 66), 0.13), ((118, 118, 68), 0.03)))
    for _ in range(canvas.rng.randint(40, 70)):
        canvas.blade(canvas.rng.choice(((116, 134, 74), (62, 80, 42), (98, 118, 60))))
    if variant in (12, 13):  # a few tiny flowers
        for _ in range(canvas.rng.randint(2, 4)):
            x, y = canvas.spot()
            petal = canvas.rng.choice(((192, 186, 150), (178, 164, 86)))
            for dx, dy in ((0, 0), (1, 0), (0, 1)):
                canvas.mix(x + dx, y + dy, petal, 0.45 if dx or dy else 0.6)
    if variant in (14, 15):  # a clover patch
        cx, cy = canvas.rng.randint(9, 22), canvas.rng.randint(9, 22)
        for _ in range(40):
            x = cx + round(canvas.rng.gauss(0, 2.5))
            y = cy + round(canvas.rng.gauss(0, 2.5))
            if 2 <= x < TILE - 2 and 2 <= y < TILE - 2:
                canvas.mix(x, y, (70, 96, 50), 0.6)
    if variant in (16, 17):  # a couple of stones in the grass
        for _ in range(canvas.rng.randint(1, 3)):
            canvas.pebble((128, 124, 112), canvas.rng.uniform(0.8, 1.6))


def paint_dry_grass(canvas: Canvas, variant: int) -> None:
    canvas.base((102, 108, 64), "dry", variant, 0.09, 0.035,
                (((86, 94, 54), 0.15), ((124, 124, 78), 0.12)))
    for _ in range(canvas.rng.randint(45, 70)):
        canvas.blade(canvas.rng.choice(((136, 132, 84), (80, 90, 50), (116, 118, 70))))


def paint_dirt(canvas: Canvas, variant: int) -> None:
    canvas.base((106, 86, 62), "dirt", variant, 0.13, 0.04,
                (((86, 68, 50), 0.16), ((124, 104, 80), 0.12)))
    for _ in range(canvas.rng.randint(4, 8)):
        canvas.pebble(canvas.rng.choice(((132, 120, 104), (114, 102, 88))),
                      canvas.rng.uniform(0.7, 1.5))


def paint_sand(canvas: Canvas, variant: int) -> None:
    canvas.base((168, 150, 110), "sand", variant, 0.07, 0.035,
                (((150, 132, 96), 0.12), ((184, 168, 128), 0.10)))
    for y in range(TILE):  # wind ripples, periodic in the tile so the rows line up
        for x in range(TILE):
            canvas.shade(x, y, 1 + 0.03 * math.sin(2 * math.pi * (x / 16 + y / 32)))
    for _ in range(canvas.rng.randint(1, 3)):
        canvas.pebble((140, 128, 104), canvas.rng.uniform(0.6, 1.1))


def paint_paved(canvas: Canvas, variant: int) -> None:
    canvas.base((128, 124, 114), "paved", variant, 0.06, 0.03, (((112, 108, 100), 0.1),))
    joints = ((14, 22), (20, 10))[variant % 2]  # vertical joints of the two rows of flags
    rng = canvas.rng
    for row, joint in enumerate(joints):
        top = row * 16
        flags = ((0, joint), (joint, TILE))
        for left, right in flags:
            tone = 1 + rng.uniform(-0.07, 0.07)
            for y in range(top, top + 16):
                for x in range(left, right):
                    canvas.shade(x, y, tone)
                    if x == left or y == top:
                        canvas.mix(x, y, (84, 80, 74), 0.85)  # mortar on the left/top line
                    elif x == left + 1 or y == top + 1:
                        canvas.shade(x, y, 1.08)  # bevel lit from the top-left
                    elif x == right - 1 or y == top + 15:
                        canvas.shade(x, y, 0.9)
    for _ in range(rng.randint(1, 3)):  # cracks
        canvas.line((92, 88, 80), rng.randint(3, 7), 0.6)


def paint_water(canvas: Canvas, variant: int) -> None:
    canvas.base((60, 86, 94), "water", variant, 0.10, 0.015, (((66, 94, 102), 0.08),))
    rng = canvas.rng
    for _ in range(rng.randint(5, 8)):  # ripple glints
        x, y = canvas.spot()
        length = rng.randint(3, 6)
        color = rng.choice(((100, 128, 134), (50, 72, 80)))
        for step in range(length):
            if x + step < TILE - 2:
                canvas.mix(x + step, y, color, 0.45 * math.sin(math.pi * (step + 0.5) / length))


def paint_forest(canvas: Canvas, variant: int) -> None:
    canvas.base((64, 68, 42), "forest", variant, 0.12, 0.04,
                (((48, 52, 32), 0.18), ((78, 82, 50), 0.1)))
    rng = canvas.rng
    for _ in range(rng.randint(20, 30)):
        canvas.leaf(rng.choice(((116, 96, 56), (100, 70, 48), (86, 98, 54), (94, 84, 52))))
    for _ in range(rng.randint(2, 4)):
        canvas.line((54, 42, 30), rng.randint(4, 8), 0.8)  # twigs


def paint_rubble(canvas: Canvas, variant: int) -> None:
    canvas.base((100, 94, 86), "rubble", variant, 0.12, 0.04,
                (((84, 78, 72), 0.16), ((120, 114, 104), 0.12)))
    rng = canvas.rng
    for _ in range(rng.randint(11, 16)):
        color = rng.choice(((134, 128, 118), (150, 144, 132), (112, 106, 98), (126, 88, 72)))
        canvas.chunk(color, rng.uniform(1.2, 3.0))


def paint_rock(canvas: Canvas, variant: int) -> None:
    canvas.base((114, 111, 103), "rock", variant, 0.2, 0.025,
                (((100, 98, 92), 0.1), ((132, 130, 122), 0.08)))
    rng = canvas.rng
    for _ in range(rng.randint(2, 3)):  # cracks: a dark wandering line with a lit lip
        x, y = float(rng.randint(5, 26)), float(rng.randint(5, 26))
        angle = rng.uniform(0, 2 * math.pi)
        for _ in range(rng.randint(6, 12)):
            ix, iy = round(x), round(y)
            if not (2 <= ix < TILE - 2 and 2 <= iy < TILE - 2):
                break
            canvas.shade(ix, iy, 0.72)
            canvas.shade(ix - 1, iy - 1, 1.08)
            angle += rng.uniform(-0.6, 0.6)
            x, y = x + math.cos(angle), y + math.sin(angle)
    for _ in range(rng.randint(2, 5)):  # lichen
        x, y = canvas.spot()
        for dx, dy in ((0, 0), (1, 0), (0, 1)):
            canvas.mix(x + dx, y + dy, (128, 136, 94), 0.4)


def paint_hill(canvas: Canvas, variant: int) -> None:
    """Sunlit grass on a rise: lighter and warmer than the lowland, short tufts."""
    canvas.base((118, 130, 72), "hill", variant, 0.07, 0.03,
                (((104, 118, 64), 0.14), ((136, 144, 84), 0.12)))
    for _ in range(canvas.rng.randint(35, 55)):
        canvas.blade(canvas.rng.choice(((146, 150, 90), (96, 112, 58), (128, 138, 78))), 0.5)


def paint_timber(canvas: Canvas, variant: int) -> None:
    """Weathered planks seen from above (palisade walks, barn roofs): four 8 px boards a tile.
    A board has no butt joint, one, or two; only the piece between two joints changes tone,
    so boards run on across tile borders without a seam."""
    canvas.base((116, 90, 60), "timber", variant, 0.06, 0.025,
                (((100, 78, 52), 0.10), ((130, 104, 72), 0.06)))
    rng = canvas.rng
    for board in range(4):
        top = board * 8
        joints = sorted(rng.sample(range(5, 27), rng.choice((0, 1, 1, 2))))
        if len(joints) == 2 and joints[1] - joints[0] < 10:
            joints = joints[:1]
        tone = 1 + rng.uniform(-0.13, 0.08)
        phase = rng.uniform(0, 2 * math.pi)
        grain_rows = rng.sample(range(2, 7), 2)
        for y in range(top, top + 8):
            row = y - top
            for x in range(TILE):
                if len(joints) == 2 and joints[0] <= x < joints[1]:
                    canvas.shade(x, y, tone)
                if row in grain_rows:  # grain: periodic along the tile, so it runs on
                    wave = 0.5 + 0.5 * math.sin(2 * math.pi * x / TILE * 2 + phase)
                    canvas.mix(x, y, (92, 70, 46), 0.25 * wave)
                if row == 0:
                    canvas.mix(x, y, (50, 38, 26), 0.85)  # the gap between boards
                elif row == 1:
                    canvas.shade(x, y, 1.1)  # lit edge
                elif row == 7:
                    canvas.shade(x, y, 0.86)
        for joint in joints:
            for y in range(top + 1, top + 8):
                canvas.mix(joint, y, (56, 42, 28), 0.8)
                canvas.shade(joint + 1, y, 1.06)
            for dx in (-2, 2):  # a nail each side of the joint
                canvas.mix(joint + dx, top + 4, (74, 70, 66), 0.7)
        if rng.random() < 0.3:  # a knot
            x, y = rng.randint(4, 27), top + rng.randint(3, 5)
            canvas.mix(x, y, (70, 50, 34), 0.7)
            canvas.mix(x + 1, y, (84, 62, 42), 0.5)


@dataclass(frozen=True)
class Material:
    name: str
    painter: Callable[[Canvas, int], None]
    softness: float  # half-width of the alpha ramp at transitions (fraction of a tile)
    rim: float  # darkening just inside a transition edge (raised pieces: rock, rubble)
    wang_color: str


#: Row order of the tileset (row 0 is grass). New materials go at the end, so the tile ids of
#: the maps already made never change.
GRASS = Material("grass", paint_grass, 0.0, 0.0, "#5a7a3a")
OVERLAYS = (
    Material("dry grass", paint_dry_grass, 0.2, 0.0, "#b0a860"),
    Material("sand", paint_sand, 0.12, 0.0, "#e0c880"),
    Material("dirt", paint_dirt, 0.12, 0.0, "#8a6a44"),
    Material("paved", paint_paved, 0.05, 0.15, "#a0a0a0"),
    Material("water", paint_water, 0.06, 0.25, "#3070a0"),
    Material("forest floor", paint_forest, 0.12, 0.0, "#2a5020"),
    Material("rubble", paint_rubble, 0.06, 0.2, "#806050"),
    Material("rock", paint_rock, 0.04, 0.35, "#707070"),
    Material("timber", paint_timber, 0.04, 0.3, "#a0703a"),
    Material("hill", paint_hill, 0.16, 0.18, "#c0c060"),
)
#: Drawing order of the overlay layers (bottom first): a hill lies under everything else.
DRAW_ORDER = ("dry grass", "hill", "sand", "dirt", "paved", "water", "forest floor", "rubble",
              "rock", "timber")
MATERIALS = {m.name: m for m in (GRASS, *OVERLAYS)}
FULL_VARIANTS = 4  # full tiles per overlay material (columns 0–3)
GRASS_VARIANTS = COLUMNS


def tile_id(material: str, column: int) -> int:
    """Local tile id in the tileset (gid = id + 1 with firstgid 1)."""
    row = 0 if material == GRASS.name else 1 + [m.name for m in OVERLAYS].index(material)
    return row * COLUMNS + column


CORNERS = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))  # TL, TR, BR, BL in tile units
ROUNDING = 1.3  # the p of the distance from a lone corner: 1 cuts it straight, 2 is a disc


def corner_distance(dx: float, dy: float) -> float:
    return (abs(dx) ** ROUNDING + abs(dy) ** ROUNDING) ** (1 / ROUNDING)


def transition_alpha(mask: int, seed: str) -> list[list[float]]:
    """Coverage field of a transition tile (covered where > 0.5).

    Along every tile edge the field runs linearly between the edge's two corner flags, so
    neighbours meet exactly at the edge midpoints. Inside, a lone covered corner is a slightly
    rounded cap and a lone bare corner a rounded notch (bilinear would pinch them into thin
    diamonds), other masks are bilinear; a wobble that is zero on the border roughens the line.
    """
    flags = [(mask >> bit) & 1 for bit in range(4)]
    wobble = TileNoise(4, f"{seed}-edge", seed)
    out = []
    for y in range(TILE):
        v = (y + 0.5) / TILE
        row = []
        for x in range(TILE):
            u = (x + 0.5) / TILE
            if sum(flags) == 1:
                cx, cy = CORNERS[flags.index(1)]
                value = 1 - corner_distance(u - cx, v - cy)
            elif sum(flags) == 3:
                cx, cy = CORNERS[flags.index(0)]
                value = min(1.0, corner_distance(u - cx, v - cy))
            else:
                top = flags[0] + (flags[1] - flags[0]) * u
                bottom = flags[3] + (flags[2] - flags[3]) * u
                value = top + (bottom - top) * v
            window = math.sin(math.pi * u) * math.sin(math.pi * v)
            row.append(value + (wobble(x + 0.5, y + 0.5) - 0.5) * 0.35 * window)
        out.append(row)
    return out


def to_rgba(canvas: Canvas, coverage: list[list[float]] | None = None,
            material: Material | None = None) -> list[list[tuple[int, int, int, int]]]:
    rows = []
    for y in range(TILE):
        row = []
        for x in range(TILE):
            r, g, b = canvas.px[y][x]
            alpha = 1.0
            if coverage is not None and material is not None:
                value = coverage[y][x]
                alpha = smoothstep(0.5 - material.softness, 0.5 + material.softness, value)
                darken = 1 - material.rim * (1 - smoothstep(0.5, 0.64, value))
                r, g, b = r * darken, g * darken, b * darken
            row.append(tuple(max(0, min(255, round(c))) for c in (r, g, b))
                       + (round(alpha * 255),))
        rows.append(row)
    return rows


def draw_tileset() -> pygame.Surface:
    rows = 1 + len(OVERLAYS)
    sheet = pygame.Surface((COLUMNS * TILE, rows * TILE), pygame.SRCALPHA, 32)
    sheet.fill((0, 0, 0, 0))

    def put(tile: int, pixels: list[list[tuple[int, int, int, int]]]) -> None:
        left, top = (tile % COLUMNS) * TILE, (tile // COLUMNS) * TILE
        for y, row in enumerate(pixels):
            for x, color in enumerate(row):
                sheet.set_at((left + x, top + y), color)

    for variant in range(GRASS_VARIANTS):
        canvas = Canvas(random.Random(f"grass-{variant}"))
        GRASS.painter(canvas, variant)
        put(tile_id(GRASS.name, variant), to_rgba(canvas))
    for material in OVERLAYS:
        fulls = []
        for variant in range(FULL_VARIANTS):
            canvas = Canvas(random.Random(f"{material.name}-{variant}"))
            material.painter(canvas, variant)
            fulls.append(canvas)
            put(tile_id(material.name, variant), to_rgba(canvas))
        for mask in range(1, 15):
            coverage = transition_alpha(mask, f"{material.name}-mask-{mask}")
            canvas = Canvas(random.Random(f"{material.name}-mask-{mask}"))
            material.painter(canvas, FULL_VARIANTS + mask)
            put(tile_id(material.name, FULL_VARIANTS - 1 + mask),
                to_rgba(canvas, coverage, material))
    return sheet


# =============================================================================================
# Map specs
# =============================================================================================
@dataclass(frozen=True)
class Rect:
    """A rectangle by centre and size (inches), turned `rotation` degrees clockwise."""

    cx: float
    cy: float
    width: float
    height: float
    rotation: float = 0.0

    def origin(self) -> Point:
        """Tiled's x, y: the top-left corner before rotation, which is the rotation pivot."""
        corner = (self.cx - self.width / 2, self.cy - self.height / 2)
        return rotate_points([corner], (self.cx, self.cy), self.rotation)[0]

    def outline(self) -> list[Point]:
        x, y = self.origin()
        return rectangle_outline(x, y, self.width, self.height, self.rotation)


@dataclass(frozen=True)
class Ellipse:
    cx: float
    cy: float
    width: float
    height: float

    def outline(self) -> list[Point]:
        return ellipse_outline(self.cx - self.width / 2, self.cy - self.height / 2,
                               self.width, self.height)


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]

    def outline(self) -> list[Point]:
        return list(self.points)


Shape = Rect | Ellipse | Polygon


@dataclass(frozen=True)
class Piece:
    """A terrain object: `kinds` as the map property reads ("difficult,obscuring"), and the
    ground material painted under it (reaching `margin` inches beyond its outline)."""

    name: str
    kinds: str
    shape: Shape
    paint: str
    margin: float = 0.5


@dataclass(frozen=True)
class Patch:
    """Ground painted for looks only (no object is written)."""

    material: str
    shape: Shape
    margin: float = 0.0


@dataclass(frozen=True)
class MapSpec:
    file: str  # e.g. "squads_ruined_outpost.tmx"
    title: str
    description: str
    width: int  # inches, a multiple of 2
    height: int
    ruleset: str | None
    terrain: tuple[Piece, ...]
    zones: tuple[Shape, ...]  # deployment zone of side 0, side 1, …
    objectives: tuple[tuple[str, float, float], ...]  # (name or "", x, y)
    patches: tuple[Patch, ...] = ()
    rounds: int = 5
    forces: dict[int, str] = field(default_factory=dict)
    dry_grass: float = 0.25  # share of the table under dry-grass blotches
    # the `units` layer: (marker name, side, unit profile id, x, y, facing in degrees)
    units: tuple[tuple[str, int, str, float, float, float], ...] = ()


def quarter_turn(shape: Shape, size: float, turns: int = 1) -> Shape:
    """`shape` turned `turns` × 90° clockwise (on screen) about the centre of a size×size table:
    (x, y) → (size − y, x), so the top-left corner goes to the top-right one."""
    for _ in range(turns % 4):
        if isinstance(shape, Polygon):
            shape = Polygon(tuple((size - y, x) for x, y in shape.points))
        elif isinstance(shape, Rect):  # w×h turned θ + 90° is h×w turned θ
            shape = Rect(size - shape.cy, shape.cx, shape.height, shape.width, shape.rotation)
        else:
            shape = Ellipse(size - shape.cy, shape.cx, shape.height, shape.width)
    return shape


def half_turn(shape: Shape, width: float, height: float) -> Shape:
    """`shape` turned 180° about the centre of a width×height table."""
    if isinstance(shape, Polygon):
        return Polygon(tuple((width - x, height - y) for x, y in shape.points))
    if isinstance(shape, Rect):
        return Rect(width - shape.cx, height - shape.cy, shape.width, shape.height,
                    shape.rotation)
    return Ellipse(width - shape.cx, height - shape.cy, shape.width, shape.height)


def meander(x0: float, x1: float, width: float, centre: Callable[[float], float],
            step: float = 2.0) -> Polygon:
    """A band `width` inches wide along y = centre(x) from x0 to x1 (a stream), its vertices
    rounded to a quarter inch so the file never depends on the last bits of a sine."""
    xs = [x0 + step * k for k in range(int((x1 - x0) / step))] + [x1]

    def quarter(value: float) -> float:
        return round(value * 4) / 4

    top = [(x, quarter(centre(x) - width / 2)) for x in xs]
    bottom = [(x, quarter(centre(x) + width / 2)) for x in reversed(xs)]
    return Polygon(tuple(top + bottom))


# --- warband: a ruined town, the same in each quarter (90° turns), a zone in each corner -----
TOWN = 48
#: One quarter of the town, around the top-left deployment corner. Blocks have their edges on
#: odd inches (halfway between tile corners) so the painted ground follows them exactly; the
#: streets between blocks are 4" wide, the avenues 6", and a 10" square sits in the middle.
TOWN_QUARTER: tuple[tuple[str, str, Shape, str], ...] = (
    ("house", "obscuring", Rect(18, 4, 6, 5, rotation=8), "rubble"),
    ("hall", "obscuring",
     Polygon(((11, 11), (19, 11), (19, 15), (15, 15), (15, 19), (11, 19))), "rubble"),
    ("heap", "difficult",
     Polygon(((18, 19.5), (19.5, 18), (21.5, 18.5), (21.5, 20.5), (19.5, 21.5))), "rubble"),
    ("block", "impassable",
     Polygon(((1.5, 15.5), (5, 15), (7, 17), (6.5, 20.5), (3, 21), (1, 19))), "rock"),
    ("wall", "obscuring", Rect(8.5, 8.5, 5, 1, rotation=-45), "rubble"),
)
#: Piece names for each quarter, clockwise from the top-left one.
TOWN_NAMES = {
    "house": ("Cooper's house", "Weaver's house", "Chandler's house", "Tanner's house"),
    "hall": ("Guild hall ruins", "Chapel ruins", "Granary ruins", "Bathhouse ruins"),
    "heap": ("Fallen masonry", "Tumbled bell", "Fallen roof", "Broken columns"),
    "block": ("Collapsed tower", "Collapsed gatehouse", "Collapsed mill", "Collapsed keep"),
    "wall": ("Garden wall", "Orchard wall", "Yard wall", "Cemetery wall"),
}
#: Deployment corners in side order: two warbands get opposite corners, a third and fourth
#: the other two. The zone of the top-left corner, with its inner corner cut off.
TOWN_SIDE_TURNS = (0, 2, 1, 3)
TOWN_ZONE = Polygon(((0, 0), (13, 0), (13, 5), (5, 13), (0, 13)))


def town_terrain() -> tuple[Piece, ...]:
    pieces = []
    for turns in range(4):
        for key, kinds, shape, paint in TOWN_QUARTER:
            pieces.append(Piece(TOWN_NAMES[key][turns], kinds, quarter_turn(shape, TOWN, turns),
                                paint))
    return tuple(pieces)


def town_patches() -> tuple[Patch, ...]:
    patches = [Patch("paved", Rect(24, 24, 6, 48)), Patch("paved", Rect(24, 24, 48, 6)),
               Patch("paved", Rect(24, 24, 10, 10))]
    for turns in range(4):
        for _, kinds, shape, _ in TOWN_QUARTER:
            turned = quarter_turn(shape, TOWN, turns)
            if kinds == "obscuring":
                patches.append(Patch("paved", turned, margin=1.0))  # the floor slab
            elif kinds == "impassable":
                patches.append(Patch("rubble", turned, margin=1.25))  # fallen stones
            else:
                patches.append(Patch("dirt", turned, margin=1.0))  # trodden earth
    return tuple(patches)


# --- cards: a frontier stockade in a clearing ------------------------------------------------
def creek(x: float) -> float:
    """The creek's middle line: it bends north to the ford at x = 24, the same both sides."""
    return 39 + 1.5 * math.sin(2 * math.pi * (x - 6) / 24)


# --- legions: a shelled plain before a fortress line (the same after a half turn) ------------
LEGIONS_W, LEGIONS_H = 72, 48
#: The western half's pieces (name, name of its copy turned 180°, kinds, shape, paint).
#: The western half's pieces (name, name of its copy turned 180°, kinds, shape, paint). They
#: stand in columns, with lanes 5–6" wide between the columns where nothing stands from one
#: zone to the other: x 11–16 and 26–32 (and, turned, 40–46 and 56–61).
LEGIONS_HALF: tuple[tuple[str, str, str, Shape, str], ...] = (
    ("Black rocks", "Grey rocks", "impassable",
     Polygon(((4.5, 15.5), (8, 14), (11, 16), (10.5, 19.5), (7, 21), (4, 19))), "rock"),
    ("Mortar crater", "Sapper's crater", "cover,difficult", Ellipse(7.5, 31, 5, 4), "dirt"),
    ("Broken bastion", "Shattered bastion", "obscuring",
     Polygon(((16, 27), (16, 21), (21, 18), (26, 21), (26, 27))), "rubble"),
    ("Shell hole", "Fresh shell hole", "cover,difficult", Ellipse(21.5, 14, 4, 3), "dirt"),
    ("Rock spur", "Rock shelf", "impassable",
     Polygon(((19, 31), (22.5, 30), (24.5, 32.5), (22.5, 35), (19.5, 34.5))), "rock"),
    ("Shell crater", "Blast crater", "cover,difficult", Ellipse(36, 15.5, 6, 4), "dirt"),
)
LEGIONS_RAVELIN = Polygon(((36, 20), (40, 24), (36, 28), (32, 24)))


def legions_terrain() -> tuple[Piece, ...]:
    west = [Piece(name, kinds, shape, paint) for name, _, kinds, shape, paint in LEGIONS_HALF]
    east = [Piece(other, kinds, half_turn(shape, LEGIONS_W, LEGIONS_H), paint)
            for _, other, kinds, shape, paint in LEGIONS_HALF]
    return (*west, Piece("Central ravelin", "obscuring", LEGIONS_RAVELIN, "rubble"), *east)


def legions_patches() -> tuple[Patch, ...]:
    patches = [Patch("paved", LEGIONS_RAVELIN, margin=1.0)]
    for _, _, kinds, shape, _ in LEGIONS_HALF:
        for turned in (shape, half_turn(shape, LEGIONS_W, LEGIONS_H)):
            if kinds == "obscuring":
                patches.append(Patch("paved", turned, margin=1.0))
            elif kinds == "impassable":
                patches.append(Patch("rubble", turned, margin=1.0))
    patches += [Patch("sand", Ellipse(64, 6, 8, 5)), Patch("sand", Ellipse(8, 42, 8, 5))]
    return tuple(patches)


# --- squads: a fallen outpost (the same after a half turn) -------------------------------------
SQUADS_W, SQUADS_H = 60, 44
#: The western half's pieces (name, name of its copy turned 180°, kinds, shape, paint, margin).
#: Why a half turn: the automatic deployment sets each side's units out the same way seen from
#: its own zone (a half turn of the other's), so only a table that is the same after a half turn
#: gives both sides the same ground. The first version had its woods (difficult) only in the
#: north (a shell crater, which no rule reads, in the south), in the path of one side's
#: flank units and away from the other's.
SQUADS_HALF: tuple[tuple[str, str, str, Shape, str, float], ...] = (
    ("Western outcrop", "Eastern outcrop", "impassable",
     Polygon(((13.5, 6.5), (17.5, 5.0), (20.0, 8.0), (19.5, 12.5), (15.5, 14.0), (12.5, 10.5))),
     "rock", 0.0),
    ("Chapel ruins", "Watchtower ruins", "obscuring", Rect(17, 32, 8, 5, rotation=30), "rubble",
     0.0),
    ("Old woods", "Dead woods", "difficult,obscuring",
     Polygon(((25.0, 1.5), (30.0, 0.75), (35.5, 2.0), (37.0, 5.5), (33.5, 8.5), (28.0, 9.0),
              (24.0, 6.5))), "forest floor", 0.5),
)
SQUADS_RUINS_FLOOR = Rect(17, 32, 11, 8, rotation=30)


def squads_terrain() -> tuple[Piece, ...]:
    west = [Piece(name, kinds, shape, paint, margin)
            for name, _, kinds, shape, paint, margin in SQUADS_HALF]
    east = [Piece(other, kinds, half_turn(shape, SQUADS_W, SQUADS_H), paint, margin)
            for _, other, kinds, shape, paint, margin in SQUADS_HALF]
    return (*west, *east)


# --- cards: the western half of the clearing (the same after a half turn) ---------------------
#: (name, name of its copy turned 180°, kinds, shape, paint, margin). Why a half turn: see
#: SQUADS_HALF. The first version had both woods in the north and the creek across the south,
#: and 70% of greedy mirrors went to the side whose flank units deploy south.
CARDS_HALF: tuple[tuple[str, str, str, Shape, str, float], ...] = (
    ("Pine wood", "Birch wood", "difficult,obscuring",
     Polygon(((10, 4), (15, 2.5), (19.5, 5), (20, 10), (17, 13.5), (12, 13), (9.5, 9))),
     "forest floor", 0.0),
    ("Alder thicket", "Hemlock thicket", "difficult,obscuring",
     Polygon(((8.5, 27.5), (12.5, 26), (14.5, 29), (14, 33), (10, 34), (8.5, 31))),
     "forest floor", 0.0),
    ("Cold creek", "Mill brook", "difficult", meander(0, 21, 3, creek), "water",
     0.25),
    ("Rail fence", "Pasture fence", "cover", Rect(12, 20, 6, 0.5), "dirt", 0.0),
    ("Ford fence", "Brook fence", "cover", Rect(19, 34, 4, 0.5), "dirt", 0.0),
)


def cards_terrain() -> tuple[Piece, ...]:
    palisade = (
        Piece("North palisade", "impassable",
              Polygon(((17, 17), (31, 17), (31, 21), (29, 21), (29, 19), (19, 19), (19, 21),
                       (17, 21))), "timber"),
        Piece("South palisade", "impassable",
              Polygon(((17, 27), (19, 27), (19, 29), (29, 29), (29, 27), (31, 27), (31, 31),
                       (17, 31))), "timber"),
    )
    west = [Piece(name, kinds, shape, paint, margin)
            for name, _, kinds, shape, paint, margin in CARDS_HALF]
    east = [Piece(other, kinds, half_turn(shape, 48, 48), paint, margin)
            for _, other, kinds, shape, paint, margin in CARDS_HALF]
    return (*palisade, *west, *east)


MAPS: tuple[MapSpec, ...] = (
    MapSpec(
        file="squads_ruined_outpost.tmx",
        title="Ruined Outpost",
        description=("Two squads clash over a fallen frontier outpost. Rock outcrops and ruins "
                     "screen the flanks, shell-torn woods sit on the centre line at either end, "
                     "and four objectives lie in the open middle. The table is the same seen "
                     "from either side."),
        width=60,
        height=44,
        ruleset="squads",
        terrain=squads_terrain(),
        zones=(Rect(6, 22, 12, 44), Rect(54, 22, 12, 44)),
        objectives=(("", 30, 14), ("", 22, 22), ("", 38, 22), ("", 30, 30)),
        patches=(
            Patch("paved", SQUADS_RUINS_FLOOR),
            Patch("paved", half_turn(SQUADS_RUINS_FLOOR, SQUADS_W, SQUADS_H)),
            Patch("sand", Ellipse(6, 37, 8, 6)),
            Patch("sand", Ellipse(54, 7, 8, 6)),
        ),
    ),
    MapSpec(
        file="warband_ruined_town.tmx",
        title="Ruined Town",
        description=("Up to four warbands search a burnt-out town for relics. Ruined houses "
                     "and halls line narrow streets, collapsed towers bar the way, and each "
                     "warband starts in a corner of its own (with two or three warbands the "
                     "corners left over stay empty)."),
        width=TOWN,
        height=TOWN,
        ruleset="warband",
        rounds=6,
        terrain=town_terrain(),
        zones=tuple(quarter_turn(TOWN_ZONE, TOWN, turns) for turns in TOWN_SIDE_TURNS),
        objectives=(("Town well", 24, 24), ("North relic cache", 24, 9),
                    ("East relic cache", 39, 24), ("South relic cache", 24, 39),
                    ("West relic cache", 9, 24)),
        patches=town_patches(),
        dry_grass=0.2,
    ),
    MapSpec(
        file="cards_frontier_stockade.tmx",
        title="Frontier Stockade",
        description=("Two frontier companies race for an abandoned stockade in a forest "
                     "clearing. Its palisade opens by a gate on each side; each company has a "
                     "wood on its left, a thicket and a creek on its right, and a cairn out on "
                     "each flank: the clearing is the same seen from either side."),
        width=48,
        height=48,
        ruleset="cards",
        rounds=6,
        terrain=cards_terrain(),
        zones=(Rect(6, 24, 12, 48), Rect(42, 24, 12, 48)),
        objectives=(("Stockade yard", 24, 24), ("North cairn", 24, 9), ("South cairn", 24, 39)),
        patches=(
            Patch("dirt", Rect(24, 24, 10, 10)),  # the trodden yard
            Patch("dirt", Rect(9.5, 24, 19, 2)),  # trails out of the gates
            Patch("dirt", Rect(38.5, 24, 19, 2)),
            Patch("sand", Ellipse(20.5, 37.5, 5, 4)),  # the gravel of the ford
            Patch("sand", Ellipse(27.5, 10.5, 5, 4)),
        ),
    ),
    MapSpec(
        file="legions_breach_field.tmx",
        title="Breach Field",
        description=("The ground before a broken fortress line, ploughed by shells. Ruined "
                     "bastions and rock outcrops break the plain, craters give cover, and "
                     "open lanes between them let both lines charge home."),
        width=LEGIONS_W,
        height=LEGIONS_H,
        ruleset="legions",
        rounds=5,
        terrain=legions_terrain(),
        # 7.5"-deep zones, 33" apart (not 12" and 24"): a first mover that runs (M + I = 11")
        # no longer ends inside the other side's reach (move 7" + setup move 3" + roll 6"),
        # which had the second side win 80-88% of greedy mirrors (benchmarks/mirrors.py).
        zones=(Rect(36, 3.75, 72, 7.5), Rect(36, 44.25, 72, 7.5)),
        objectives=(("Supply dump", 13.5, 24), ("Signal beacon", 29, 24),
                    ("Fallen standard", 43, 24), ("Command bunker", 58.5, 24)),
        patches=legions_patches(),
        dry_grass=0.3,
        # each side's Armoured Carrier stands beside the veteran unit it can carry, every
        # model of it within its 7" Move of the hull (legions transports: embark)
        units=(("Azure carrier", 0, "armoured_carrier", 18, 2.9, 0),
               ("Azure riders", 0, "veteran_guard", 18, 6.85, 90),
               ("Ashen carrier", 1, "armoured_carrier", 54, 45.1, 180),
               ("Ashen riders", 1, "veteran_breachers", 54, 41.15, 270)),
    ),
    MapSpec(
        file="ranks_open_field.tmx",
        title="Open Field",
        description=("A wide field for two battle lines. A copse, a farmhouse, a low hill and "
                     "a small marsh keep to the edges, leaving the middle open for blocks to "
                     "wheel and meet."),
        width=60,
        height=44,
        ruleset="ranks",
        rounds=6,
        terrain=(
            Piece("Copse", "difficult,obscuring",
                  Polygon(((2, 16), (6, 14.5), (10.5, 16.5), (11, 22), (9, 27), (4, 27.5),
                           (1.5, 23))), "forest floor", margin=0),
            Piece("Farmhouse", "impassable", Rect(54, 21, 6, 4), "timber"),
            Piece("Low hill", "cover",
                  Polygon(((42.5, 7.5), (45, 4), (50, 3), (55, 4.5), (56.5, 8.5),
                           (53, 11.5), (47, 11.5))), "hill", margin=0),
            Piece("Small marsh", "difficult",
                  Polygon(((5, 34.5), (10, 33.5), (15, 35), (14.5, 39), (9.5, 40.5),
                           (5.5, 39))), "dirt", margin=0.25),
        ),
        # 10.5"-deep zones, 23" apart (not 12" and 20"): blocks marching 5" a turn then meet
        # with neither side sure of the first charge (20" gave it to the second side, which
        # won 70% of greedy mirrors; 23" gave 42-58%: benchmarks/mirrors.py).
        zones=(Rect(30, 5.25, 60, 10.5), Rect(30, 38.75, 60, 10.5)),
        objectives=(("Standing stone", 16, 22), ("Crossroads", 30, 22), ("Shrine", 44, 22)),
        patches=(
            Patch("dirt", Rect(54, 22, 11, 9)),  # the farmyard
            Patch("dirt", Rect(30, 22, 38, 2)),  # farm tracks, crossing in the middle
            Patch("dirt", Rect(30, 22, 2, 44)),
            Patch("water", Ellipse(9, 37, 5, 4)),  # pools in the marsh
            Patch("water", Ellipse(12.5, 38, 3, 2.5)),
        ),
        dry_grass=0.08,
    ),
)


# =============================================================================================
# Painting the tile layers
# =============================================================================================
def point_in_polygon(point: Point, polygon: Sequence[Point]) -> bool:
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def distance_to_outline(point: Point, polygon: Sequence[Point]) -> float:
    best = math.inf
    px, py = point
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        dx, dy = x1 - x0, y1 - y0
        t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy)
                                                  / (dx * dx + dy * dy)))
        best = min(best, math.hypot(px - x0 - t * dx, py - y0 - t * dy))
    return best


def covers(shape: Shape, margin: float, point: Point) -> bool:
    outline = shape.outline()
    return point_in_polygon(point, outline) or distance_to_outline(point, outline) <= margin


def dry_grass_corners(spec: MapSpec, columns: int, rows: int) -> list[list[bool]]:
    """Blotches from coarse value noise over the table's tile corners (seeded by the map)."""
    rng = random.Random(f"{spec.file}-dry")
    step = 3  # corners between noise nodes
    nodes = [[rng.random() for _ in range(columns // step + 2)] for _ in range(rows // step + 2)]

    def value(i: int, j: int) -> float:
        u, v = i / step, j / step
        a, b = int(u), int(v)
        fu, fv = smoothstep(0, 1, u - a), smoothstep(0, 1, v - b)
        top = nodes[b][a] + (nodes[b][a + 1] - nodes[b][a]) * fu
        bottom = nodes[b + 1][a] + (nodes[b + 1][a + 1] - nodes[b + 1][a]) * fu
        return top + (bottom - top) * fv

    values = [[value(i, j) for i in range(columns + 1)] for j in range(rows + 1)]
    ranked = sorted(v for row in values for v in row)
    threshold = ranked[int(len(ranked) * (1 - spec.dry_grass))]
    return [[v > threshold for v in row] for row in values]


def paint_layers(spec: MapSpec) -> list[tuple[str, list[list[int]]]]:
    """(layer name, gids by row) for the grass base and each overlay material painted."""
    columns, rows = spec.width * PX_PER_INCH // TILE, spec.height * PX_PER_INCH // TILE
    inches_per_tile = TILE / PX_PER_INCH
    rng = random.Random(spec.file)
    weights = [1.0] * 12 + [0.35] * (GRASS_VARIANTS - 12)
    ground = [[1 + tile_id(GRASS.name, rng.choices(range(GRASS_VARIANTS), weights)[0])
               for _ in range(columns)] for _ in range(rows)]
    layers = [("ground", ground)]

    painted: dict[str, list[tuple[Shape, float]]] = {}
    for patch in spec.patches:
        painted.setdefault(patch.material, []).append((patch.shape, patch.margin))
    for piece in spec.terrain:
        painted.setdefault(piece.paint, []).append((piece.shape, piece.margin))
    for material in (MATERIALS[name] for name in DRAW_ORDER):
        if material.name not in painted and material.name != "dry grass":
            continue
        corners = [[any(covers(shape, margin, (i * inches_per_tile, j * inches_per_tile))
                        for shape, margin in painted.get(material.name, ()))
                    for i in range(columns + 1)] for j in range(rows + 1)]
        if material.name == "dry grass":  # the blotches, and any dry grass painted on purpose
            blotches = dry_grass_corners(spec, columns, rows)
            corners = [[a or b for a, b in zip(row, blotch_row, strict=True)]
                       for row, blotch_row in zip(corners, blotches, strict=True)]
        grid = []
        for j in range(rows):
            row = []
            for i in range(columns):
                mask = (corners[j][i] | corners[j][i + 1] << 1 | corners[j + 1][i + 1] << 2
                        | corners[j + 1][i] << 3)
                if mask == 0:
                    row.append(0)
                elif mask == 15:
                    row.append(1 + tile_id(material.name, rng.randrange(FULL_VARIANTS)))
                else:
                    row.append(1 + tile_id(material.name, FULL_VARIANTS - 1 + mask))
            grid.append(row)
        layers.append((material.name, grid))
    return layers


# =============================================================================================
# Writing XML (Tiled's own layout, so saving in Tiled gives small diffs)
# =============================================================================================
def attr(value: object) -> str:
    return escape(str(value), {'"': "&quot;"})


def number(value: float) -> str:
    """Pixels as Tiled writes them: integers bare, else up to 3 decimals."""
    text = f"{round(value, 3):.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def px(inches: float) -> float:
    return inches * PX_PER_INCH


def property_lines(properties: Sequence[tuple[str, str | None, object]], indent: str) -> list[str]:
    if not properties:
        return []
    lines = [f"{indent}<properties>"]
    for name, kind, value in sorted(properties, key=lambda p: p[0]):
        typed = f' type="{kind}"' if kind else ""
        lines.append(f'{indent} <property name="{attr(name)}"{typed} value="{attr(value)}"/>')
    lines.append(f"{indent}</properties>")
    return lines


class ObjectWriter:
    def __init__(self):
        self.next_id = 1

    def write(self, name: str, shape: Shape | Point,
              properties: Sequence[tuple[str, str | None, object]] = ()) -> list[str]:
        """One <object> in Tiled's layout: properties first, then the shape element."""
        object_id, self.next_id = self.next_id, self.next_id + 1
        children = property_lines(properties, "   ")
        size = ""
        if isinstance(shape, tuple):  # a point
            x, y = shape
            children.append("   <point/>")
        elif isinstance(shape, Polygon):
            x, y = shape.points[0]  # Tiled puts a polygon's origin on its first vertex
            points = " ".join(f"{number(px(px_x - x))},{number(px(px_y - y))}"
                              for px_x, px_y in shape.points)
            children.append(f'   <polygon points="{points}"/>')
        else:
            if isinstance(shape, Rect):
                x, y = shape.origin()
            else:
                x, y = shape.cx - shape.width / 2, shape.cy - shape.height / 2
                children.append("   <ellipse/>")
            size = f' width="{number(px(shape.width))}" height="{number(px(shape.height))}"'
            if isinstance(shape, Rect) and shape.rotation:
                size += f' rotation="{number(shape.rotation)}"'
        opening = (f'  <object id="{object_id}"' + (f' name="{attr(name)}"' if name else "")
                   + f' x="{number(px(x))}" y="{number(px(y))}"{size}')
        if not children:
            return [opening + "/>"]
        return [opening + ">", *children, "  </object>"]


def tmx_text(spec: MapSpec, tileset_source: str) -> str:
    layers = paint_layers(spec)
    columns, rows = len(layers[0][1][0]), len(layers[0][1])
    lines: list[str] = []
    layer_id = 1
    for name, grid in layers:
        lines.append(f' <layer id="{layer_id}" name="{attr(name)}" width="{columns}" '
                     f'height="{rows}">')
        lines.append('  <data encoding="csv">')
        lines.append(",\n".join(",".join(str(gid) for gid in row) for row in grid))
        lines.append("</data>")
        lines.append(" </layer>")
        layer_id += 1

    objects = ObjectWriter()
    groups = [
        ("terrain", "#c0503c", [objects.write(p.name, p.shape, [("kind", None, p.kinds)])
                                for p in spec.terrain]),
        ("deployment", "#3c64c8", [objects.write(f"Side {side} deployment", zone,
                                                 [("side", "int", side)])
                                   for side, zone in enumerate(spec.zones)]),
        ("objectives", "#e0b43c", [objects.write(name, (x, y))
                                   for name, x, y in spec.objectives]),
    ]
    if spec.units:
        groups.append(("units", "#9a9a9a", [
            objects.write(name, (x, y), [("facing", "float", number(facing)),
                                         ("side", "int", side), ("unit", None, unit)])
            for name, side, unit, x, y, facing in spec.units]))
    for name, color, written in groups:
        lines.append(f' <objectgroup id="{layer_id}" name="{name}" color="{color}">')
        for object_lines in written:
            lines.extend(object_lines)
        lines.append(" </objectgroup>")
        layer_id += 1

    properties: list[tuple[str, str | None, object]] = [
        ("title", None, spec.title),
        ("description", None, spec.description),
        ("px_per_inch", "int", PX_PER_INCH),
        ("rounds", "int", spec.rounds),
        *((f"force_{side}", None, force) for side, force in sorted(spec.forces.items())),
    ]
    if spec.ruleset:
        properties.append(("ruleset", None, spec.ruleset))
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="{FORMAT_VERSION}" tiledversion="{TILED_VERSION}" orientation="orthogonal" '
        f'renderorder="right-down" width="{columns}" height="{rows}" tilewidth="{TILE}" '
        f'tileheight="{TILE}" infinite="0" nextlayerid="{layer_id}" '
        f'nextobjectid="{objects.next_id}">',
        *property_lines(properties, " "),
        f' <tileset firstgid="1" source="{attr(tileset_source)}"/>',
    ]
    return "\n".join([*head, *lines, "</map>", ""])


def tsx_text(image_name: str, image_size: tuple[int, int]) -> str:
    rows = image_size[1] // TILE
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="{FORMAT_VERSION}" tiledversion="{TILED_VERSION}" '
        f'name="{TILESET_NAME}" tilewidth="{TILE}" tileheight="{TILE}" '
        f'tilecount="{rows * COLUMNS}" columns="{COLUMNS}">',
        f' <image source="{attr(image_name)}" width="{image_size[0]}" height="{image_size[1]}"/>',
        " <wangsets>",
    ]
    for material in OVERLAYS:
        lines.append(f'  <wangset name="{attr(material.name)}" type="corner" '
                     f'tile="{tile_id(material.name, 0)}">')
        lines.append(f'   <wangcolor name="{attr(material.name)}" color="{material.wang_color}" '
                     f'tile="{tile_id(material.name, 0)}" probability="1"/>')
        for column in range(COLUMNS):
            mask = 15 if column < FULL_VARIANTS else column - (FULL_VARIANTS - 1)
            top_left, top_right, bottom_right, bottom_left = ((mask >> bit) & 1 for bit in range(4))
            wangid = f"0,{top_right},0,{bottom_right},0,{bottom_left},0,{top_left}"
            lines.append(f'   <wangtile tileid="{tile_id(material.name, column)}" '
                         f'wangid="{wangid}"/>')
        lines.append("  </wangset>")
    lines += [" </wangsets>", "</tileset>", ""]
    return "\n".join(lines)


# =============================================================================================
def generate(out: Path, maps: Sequence[MapSpec] = MAPS, check: bool = True) -> list[Path]:
    """Write the tileset and `maps` under `out`; return the files written."""
    tiles = out / "tiles"
    tiles.mkdir(parents=True, exist_ok=True)
    sheet = draw_tileset()
    png, tsx = tiles / f"{TILESET_NAME}.png", tiles / f"{TILESET_NAME}.tsx"
    pygame.image.save(sheet, str(png))
    tsx.write_text(tsx_text(png.name, sheet.get_size()), encoding="utf-8", newline="\n")
    written = [png, tsx]
    for spec in maps:
        path = out / spec.file
        source = os.path.relpath(tsx, out).replace(os.sep, "/")
        path.write_text(tmx_text(spec, source), encoding="utf-8", newline="\n")
        written.append(path)
        if check:
            load_scenario(path)  # raises MapError if the game could not use it
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "maps",
                        help="folder to write into (default: the repository's maps/)")
    args = parser.parse_args(argv)
    for path in generate(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
