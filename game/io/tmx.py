"""Tiled maps (.tmx) → `Scenario`: the table, its terrain, deployment zones and objectives.

The map format is in the rules (`rules/common.md`, "Map format"): map properties `ruleset`,
`px_per_inch`, `rounds`, `title`, `description`, `force_<side>`; object layers `terrain`,
`deployment`, `objectives` and optional `units`. Tile layers are only pictures: nothing here reads
them. Every coordinate is converted from pixels to inches (map frame: x right, y down, origin at
the top-left corner of the table).

pytmx does the parsing (`pytmx.TiledMap`, no display needed). It does not tell an ellipse or a
point object from a rectangle, ignores layer offsets and never opens tileset images unless asked
to load them for pygame, so this module also reads the XML itself: to know each object's shape
and layer offset, and to check that every file the map refers to exists. A broken map always
ends in `MapError(path, problem)`, never in a traceback.

Polygons come out as tuples of (x, y) in inches, without a repeated closing vertex, ordered so
that their shoelace area is positive in map coordinates (clockwise as seen on screen).
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn
from xml.etree import ElementTree

from game.core.errors import MapError
from game.core.i18n import msg
from game.core.state import Objective, Point, Scenario, Terrain, UnitPlacement
from game.io import limits, tmx_limits
from game.io import zones as zone_checks
from game.io.paths import GAME_MAPS_DIR

#: The values a terrain object's `kind` property may list (comma-separated).
TERRAIN_KINDS = frozenset({"impassable", "difficult", "obscuring", "cover"})
#: The repository's map folder (maps/ beside the game package).
MAPS_DIR = GAME_MAPS_DIR
DEFAULT_PX_PER_INCH = 16
DEFAULT_ROUNDS = 5
#: Ellipse objects become polygons with this many vertices (on the ellipse).
ELLIPSE_SIDES = 16

_AREA_SHAPES = ("rectangle", "ellipse", "polygon", "tile")
_TOLERANCE = 1e-6  # inches: a point this far outside the table still counts as on it
_DIGITS = 6  # inches are rounded to a millionth, so outputs are tidy and stable
_FORCE_PROPERTY = re.compile(r"force_(\d+)")


# --- shapes (pure; also used by tools/make_maps.py) ------------------------------------------
#: What two kinds of map object are called in their errors.
ZONE, MARKER = msg("deployment zone"), msg("unit marker")

def rotate_points(points: Iterable[Point], pivot: Point, degrees: float) -> list[Point]:
    """Rotate points about `pivot` by `degrees` clockwise on screen (Tiled's sense: y is down)."""
    if not degrees:
        return [(float(x), float(y)) for x, y in points]
    cos_a, sin_a = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    px, py = pivot
    return [(px + cos_a * (x - px) - sin_a * (y - py), py + sin_a * (x - px) + cos_a * (y - py))
            for x, y in points]


def rectangle_outline(x: float, y: float, width: float, height: float,
                      rotation: float = 0.0) -> list[Point]:
    """Corners of a Tiled rectangle object: (x, y) is its top-left corner before rotation and
    the pivot of the rotation."""
    corners = [(x, y), (x + width, y), (x + width, y + height), (x, y + height)]
    return rotate_points(corners, (x, y), rotation)


def ellipse_outline(x: float, y: float, width: float, height: float, rotation: float = 0.0,
                    sides: int = ELLIPSE_SIDES) -> list[Point]:
    """A polygon with `sides` vertices on the ellipse inscribed in the Tiled box (x, y, width,
    height), rotated like the box about its top-left corner."""
    cx, cy, rx, ry = x + width / 2, y + height / 2, width / 2, height / 2
    angles = [2 * math.pi * k / sides for k in range(sides)]
    ring = [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]
    return rotate_points(ring, (x, y), rotation)


def polygon_area(points: Sequence[Point]) -> float:
    """Shoelace area: positive when the points run clockwise on screen (y down)."""
    return sum(x0 * y1 - x1 * y0
               for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True)) / 2


# --- public API --------------------------------------------------------------------------------
def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read a Tiled map into a Scenario. Any problem with the file raises MapError."""
    path = Path(path)
    root = _read_map_xml(path)
    _check_map_element(path, root)
    _check_referenced_files(path, root)
    tiled = _read_with_pytmx(path)
    try:
        scenario = _ScenarioReader(path, root, tiled).read()
    except MapError:
        raise
    except (ValueError, TypeError, AttributeError, KeyError, ArithmeticError) as exc:
        raise MapError(path, msg("cannot use this map: {problem}", problem=_one_line(exc))) from exc
    _check_own_ruleset(scenario)
    return scenario


def _check_own_ruleset(scenario: Scenario) -> None:
    """A map made for a ruleset has no more zones than that ruleset's sides (a map for a
    ruleset this game does not have is checked when it is played)."""
    from game import rulesets
    from game.core.errors import GameError

    if not scenario.ruleset:
        return
    try:
        ruleset = rulesets.get(scenario.ruleset)
    except GameError:
        return
    zone_checks.check_sides_for(ruleset, scenario)


def find_maps(directory: str | os.PathLike[str] = MAPS_DIR) -> list[Path]:
    """The .tmx files directly in `directory`, sorted by name ([] if there is no such folder)."""
    folder = Path(directory)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.tmx") if p.is_file())


def map_ruleset(path: str | os.PathLike[str]) -> str | None:
    """The map's `ruleset` property (None when absent: a map for any ruleset), read cheaply
    from the XML without loading the map. Raises MapError for a file that is not a map."""
    return map_property(path, "ruleset")


def map_property(path: str | os.PathLike[str], name: str) -> str | None:
    """One of the map's own properties (`ruleset`, `title`...), read cheaply from the XML;
    None when absent. Raises MapError for a file that is not a map."""
    root = _read_map_xml(Path(path))
    for prop in root.findall("properties/property"):
        if prop.get("name") == name:
            return (prop.get("value") or prop.text or "").strip() or None
    return None


def default_map_for(ruleset: str, directory: str | os.PathLike[str] = MAPS_DIR) -> Path:
    """The map to play `ruleset` on when the player names none: the first map (by file name)
    made for it; else the first made for any ruleset (no `ruleset` property); else the first
    map at all, so every ruleset can be played. Files that are not maps are skipped (loading
    one reports its problem). MapError when the folder holds no map."""
    for_any = first = None
    for candidate in find_maps(directory):
        try:
            made_for = map_ruleset(candidate)
        except MapError:
            continue
        if made_for == ruleset:
            return candidate
        if made_for is None and for_any is None:
            for_any = candidate
        first = first or candidate
    if for_any or first:
        return for_any or first
    raise MapError(directory, msg("no readable .tmx map in this folder"))


# --- reading and checking the file ---------------------------------------------------------------
def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text or type(exc).__name__


def _parse_xml(path: Path, what: str, owner: Path, limit: int) -> ElementTree.Element:
    """Parse an XML file, turning every failure into a MapError about `owner` (the map). The
    file's size is checked first: expat is slow on huge tokens, so a huge file is never parsed."""
    data = limits.read_capped(path, limit, MapError, what, owner)
    try:
        return ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        raise MapError(owner, msg("{what} is not valid XML ({problem})", what=what,
                                  problem=_one_line(exc))) from exc
    except (UnicodeError, ValueError, LookupError, RecursionError) as exc:  # e.g. encoding="x"
        raise MapError(owner, msg("cannot read {what}: {problem}", what=what,
                                  problem=_one_line(exc))) from exc


def _read_map_xml(path: Path) -> ElementTree.Element:
    root = _parse_xml(path, msg("map file"), path, limits.MAX_MAP_BYTES)
    if root.tag != "map":
        raise MapError(path, msg("not a Tiled map (the XML root is <{tag}>, not <map>)",
                                 tag=root.tag))
    return root


def _check_map_element(path: Path, root: ElementTree.Element) -> None:
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        raise MapError(path, msg("only orthogonal maps are supported, not {orientation}",
                                 orientation=orientation))
    if root.get("infinite", "0") not in ("0", ""):
        raise MapError(path, msg("infinite maps are not supported (untick Infinite in the map's "
                                 "properties in Tiled)"))
    for obj in root.iter("object"):
        if obj.get("template"):
            raise MapError(path, msg("object {id} uses the template {name}; pytmx cannot "
                                     "read templates (detach it in Tiled)",
                                     id=obj.get("id", "?"), name=repr(obj.get("template"))))
    tmx_limits.check_map_sizes(path, root)


def _check_images(path: Path, node: ElementTree.Element, folder: Path, owner: str,
                  tileset: bool = True) -> None:
    """Every picture exists and its header gives a size within the limits (never decoded)."""
    if tileset:
        tmx_limits.check_tileset_sizes(path, node, owner)
    images = [node.find("image")] + [tile.find("image") for tile in node.findall("tile")]
    for image in images:
        source = None if image is None else image.get("source")
        if not source:
            continue
        file = folder / source
        if not file.is_file():
            raise MapError(path, msg("image {source} used by {owner} not found (looked for {file})",
                                     source=repr(source), owner=owner, file=os.path.normpath(file)))
        tmx_limits.check_picture(path, image, file, msg("image {source} used by {owner}",
                                                        source=repr(source), owner=owner),
                                 node if tileset else None)


def _check_referenced_files(path: Path, root: ElementTree.Element) -> None:
    """pytmx opens external tilesets but never their images: check every file ourselves."""
    for number, tileset in enumerate(root.findall("tileset"), 1):
        source = tileset.get("source")
        if not source:
            _check_images(path, tileset, path.parent, msg("embedded tileset {number}",
                                                          number=number))
            continue
        if not source.lower().endswith(".tsx"):
            raise MapError(path, msg("tileset {source} is not a .tsx file (pytmx reads only XML "
                                     "tilesets)",
                                     source=repr(source)))
        tsx = path.parent / source
        tsx_root = _parse_xml(tsx, msg("tileset file {source}",
                                       source=repr(source)), path, limits.MAX_TILESET_BYTES)
        if tsx_root.tag != "tileset":
            raise MapError(path, msg("tileset file {source} is not a Tiled tileset",
                                     source=repr(source)))
        _check_images(path, tsx_root, tsx.parent, msg("tileset {source}", source=repr(source)))
    for layer in root.iter("imagelayer"):
        _check_images(path, layer, path.parent, msg("image layer {name}",
                                                    name=repr(layer.get("name", ""))),
                      tileset=False)


def _read_with_pytmx(path: Path):
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame
    import pytmx

    try:
        return pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises bare Exception, ValueError, KeyError, …
        raise MapError(path, msg("pytmx cannot read this map: {problem}",
                                 problem=_one_line(exc))) from exc


# --- property values ------------------------------------------------------------------------------
def _as_int(value: Any) -> int | None:
    """A whole number from a Tiled property (int, integral float, or text); None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return None
        return int(number) if number.is_integer() else None
    return None


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _tidy(value: float) -> float:
    """Round to a millionth (stable, readable output); + 0.0 turns -0.0 into 0.0."""
    return round(value, _DIGITS) + 0.0


def _text(value: Any) -> str:
    """A string property; pytmx gives None for an empty value."""
    return "" if value is None else str(value).strip()


# --- objects ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _MapObject:
    """A pytmx object with what pytmx does not say: its shape and its layer's offset (px)."""

    obj: Any  # pytmx.TiledObject
    shape: str  # rectangle, ellipse, point, polygon, polyline, text or tile
    offset: Point

    @property
    def label(self) -> str:
        name = _text(self.obj.name)
        if name:
            return msg("object {id} {name}", id=self.obj.id, name=repr(name))
        return msg("object {id}", id=self.obj.id)

    @property
    def properties(self) -> dict[str, Any]:
        return self.obj.properties

    def outline_px(self) -> list[Point]:
        obj, (dx, dy) = self.obj, self.offset
        x, y, rotation = obj.x + dx, obj.y + dy, obj.rotation or 0.0
        if self.shape == "polygon":
            return rotate_points([(px + dx, py + dy) for px, py in obj.points], (x, y), rotation)
        if self.shape == "ellipse":
            return ellipse_outline(x, y, obj.width, obj.height, rotation)
        if self.shape == "tile":  # pytmx moved y to the top; Tiled rotates about bottom-left
            corners = rectangle_outline(x, y, obj.width, obj.height)
            return rotate_points(corners, (x, y + obj.height), rotation)
        return rectangle_outline(x, y, obj.width, obj.height, rotation)

    def position_px(self) -> Point:
        """A point object's position; the centre of any other shape (e.g. a tile marker)."""
        if self.shape == "point":
            return (self.obj.x + self.offset[0], self.obj.y + self.offset[1])
        outline = self.outline_px()
        xs, ys = [p[0] for p in outline], [p[1] for p in outline]
        return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def _shape_of(element: ElementTree.Element) -> str:
    if element.get("gid"):
        return "tile"
    for shape in ("ellipse", "point", "polygon", "polyline", "text"):
        if element.find(shape) is not None:
            return shape
    return "rectangle"


def _offset(element: ElementTree.Element, parents: dict) -> Point:
    """The sum of the offsets of this layer and of the groups around it (px)."""
    dx = dy = 0.0
    node = element
    while node is not None and node.tag in ("objectgroup", "group"):
        dx += float(node.get("offsetx", 0))
        dy += float(node.get("offsety", 0))
        node = parents.get(node)
    return (dx, dy)


class _ScenarioReader:
    def __init__(self, path: Path, root: ElementTree.Element, tiled: Any):
        self.path = path
        self.tiled = tiled
        self.props: dict[str, Any] = dict(tiled.properties)
        # pytmx reads an empty value as None, like an absent property: tell them apart
        self.written = {prop.get("name") for prop in root.findall("properties/property")}
        self.layers = self._object_layers(root)
        self.px_per_inch = self._positive_int("px_per_inch", DEFAULT_PX_PER_INCH)
        self.width = tiled.width * tiled.tilewidth / self.px_per_inch
        self.height = tiled.height * tiled.tileheight / self.px_per_inch
        if self.width <= 0 or self.height <= 0:
            self.fail(msg("the map has no size (width, height, tilewidth and tileheight must be "
                          "positive)"))
        if max(self.width, self.height) > limits.MAX_TABLE_INCHES:
            self.fail(msg("the table is {table}; the limit is {max_table_inches}\" a side",
                          table=self._size_text(), max_table_inches=limits.MAX_TABLE_INCHES))

    def fail(self, problem: str) -> NoReturn:
        raise MapError(self.path, problem)

    def read(self) -> Scenario:
        deployment = self._deployment()
        return Scenario(
            width=_tidy(self.width),
            height=_tidy(self.height),
            px_per_inch=self.px_per_inch,
            ruleset=_text(self.props.get("ruleset")) or None,
            rounds=self._positive_int("rounds", DEFAULT_ROUNDS),
            title=_text(self.props.get("title")),
            description=_text(self.props.get("description")),
            forces=self._forces(len(deployment)),
            terrain=self._terrain(),
            deployment=deployment,
            objectives=self._objectives(),
            placements=self._placements(len(deployment)),
            source=str(self.path),
        )

    # --- layers and geometry ---
    def _object_layers(self, root: ElementTree.Element) -> dict[str, list[_MapObject]]:
        """Object layers by lower-case name (layers sharing a name are merged, in file order).

        pytmx builds one object group per <objectgroup> element in document order and one
        object per <object> child, so the two can be walked side by side."""
        import pytmx

        elements = root.findall(".//objectgroup")
        groups = [layer for layer in self.tiled.layers
                  if isinstance(layer, pytmx.TiledObjectGroup)]
        if len(elements) != len(groups):
            self.fail(msg("cannot match pytmx's object layers with the file's"))
        parents = {child: parent for parent in root.iter() for child in parent}
        layers: dict[str, list[_MapObject]] = {}
        for element, group in zip(elements, groups, strict=True):
            try:
                offset = _offset(element, parents)
            except ValueError:
                self.fail(msg("object layer {layer} has an unreadable offset",
                              layer=repr(element.get('name'))))
            objects = [_MapObject(obj, _shape_of(obj_element), offset)
                       for obj_element, obj in zip(element.findall("object"), group, strict=True)]
            layers.setdefault(_text(group.name).lower(), []).extend(objects)
        return layers

    def _to_inches(self, point: Point) -> Point:
        return (_tidy(point[0] / self.px_per_inch), _tidy(point[1] / self.px_per_inch))

    def _polygon(self, item: _MapObject, what: str) -> tuple[Point, ...]:
        if item.shape not in _AREA_SHAPES:
            self.fail(msg("{what} {label} is a {shape}; it must be a rectangle, ellipse or polygon",
                          what=what, label=item.label, shape=item.shape))
        outline = item.outline_px()
        if not all(math.isfinite(value) for point in outline for value in point):
            self.fail(msg("{what} {label} has a coordinate that is not a number",
                          what=what, label=item.label))
        points: list[Point] = []
        for point in map(self._to_inches, outline):
            if not points or point != points[-1]:
                points.append(point)
        if len(points) > 1 and points[0] == points[-1]:
            points.pop()
        area = polygon_area(points) if len(points) >= 3 else 0.0
        if abs(area) < _TOLERANCE:
            self.fail(msg("{what} {label} has no area", what=what, label=item.label))
        return tuple(points if area > 0 else reversed(points))

    def _on_table(self, point: Point) -> bool:
        x, y = point
        return (-_TOLERANCE <= x <= self.width + _TOLERANCE
                and -_TOLERANCE <= y <= self.height + _TOLERANCE)

    def _near_table(self, point: Point) -> bool:
        """Within one table's size of the table (terrain may hang over its edges, not run to
        coordinates that overflow the geometry)."""
        x, y = point
        return (-self.width <= x <= 2 * self.width and -self.height <= y <= 2 * self.height)

    def _size_text(self) -> str:
        return f'{self.width:g}"×{self.height:g}"'

    def _position(self, item: _MapObject, what: str) -> Point:
        point = self._to_inches(item.position_px())
        if not self._on_table(point):
            self.fail(msg("{what} {label} at ({x:g}, {y:g}) is off the {table} table", what=what,
                          label=item.label, x=point[0], y=point[1], table=self._size_text()))
        return point

    # --- map properties ---
    def _positive_int(self, name: str, default: int) -> int:
        value = self.props.get(name)
        if value is None and name not in self.written:
            return default
        number = _as_int(value)
        if number is None or number <= 0:
            self.fail(msg("map property {name} must be a positive whole number, not {value}",
                          name=name, value=repr(_text(value))))
        return number

    def _forces(self, sides: int) -> dict[int, str]:
        forces: dict[int, str] = {}
        for name, value in sorted(self.props.items()):
            match = _FORCE_PROPERTY.fullmatch(name)
            if not match or not _text(value):
                continue
            side = int(match.group(1))
            if side >= sides:
                self.fail(msg("map property {name} is for side {side}, but the map has "
                              "deployment zones for sides 0–{sides} only",
                              name=name, side=side, sides=sides - 1))
            forces[side] = _text(value)
        return forces

    # --- layers ---
    def _terrain(self) -> tuple[Terrain, ...]:
        pieces = []
        for item in self.layers.get("terrain", []):
            kind_text = _text(item.properties.get("kind"))
            kinds = {k.strip().lower() for k in kind_text.split(",") if k.strip()}
            known = ", ".join(sorted(TERRAIN_KINDS))
            if not kinds:
                self.fail(msg("terrain {label} has no 'kind' property (one or more of {known})",
                              label=item.label, known=known))
            unknown = sorted(kinds - TERRAIN_KINDS)
            if unknown:
                self.fail(msg("terrain {label} has unknown kind {unknown} (known kinds: {known})",
                              label=item.label, unknown=repr(unknown[0]), known=known))
            polygon = self._polygon(item, msg("terrain"))
            if not all(self._near_table(point) for point in polygon):
                self.fail(msg("terrain {label} reaches more than a table's width or depth off the "
                              "{table} table",
                              label=item.label, table=self._size_text()))
            pieces.append(Terrain(frozenset(kinds), polygon, _text(item.obj.name)))
        return tuple(pieces)

    def _side(self, item: _MapObject, what: str) -> int:
        value = item.properties.get("side")
        if value is None:
            self.fail(msg("{what} {label} has no 'side' property (0 for the first side, 1 for the "
                          "second, …)",
                          what=what, label=item.label))
        side = _as_int(value)
        if side is None or side < 0:
            self.fail(msg("{what} {label} has side {value}; a side is a whole number from 0",
                          what=what, label=item.label, value=repr(value)))
        return side

    def _deployment(self) -> dict[int, tuple[Point, ...]]:
        if "deployment" not in self.layers:
            self.fail(msg("no object layer named 'deployment' (one zone per side)"))
        zones: dict[int, tuple[Point, ...]] = {}
        owners: dict[int, str] = {}
        for item in self.layers["deployment"]:
            side = self._side(item, ZONE)
            if side in zones:
                self.fail(msg("two deployment zones for side {side} ({first} and {label})",
                              side=side, first=owners[side], label=item.label))
            polygon = self._polygon(item, ZONE)
            if not all(map(self._on_table, polygon)):
                self.fail(msg("deployment zone {label} for side {side} goes off the {table} table",
                              label=item.label, side=side, table=self._size_text()))
            zones[side], owners[side] = polygon, item.label
        if len(zones) > limits.MAX_MAP_SIDES:
            self.fail(msg("the map has {zones} deployment zones; the limit is {most} sides",
                          zones=len(zones), most=limits.MAX_MAP_SIDES))
        if len(zones) < 2:
            self.fail(msg("the deployment layer needs a zone for each of at least two sides"))
        missing = [side for side in range(len(zones)) if side not in zones]
        if missing:
            self.fail(msg("no deployment zone for side {missing} (sides are numbered 0, 1, … "
                          "without gaps)", missing=missing[0]))
        zone_checks.check_zones(self.path, zones)
        return dict(sorted(zones.items()))

    def _objectives(self) -> tuple[Objective, ...]:
        objectives: list[Objective] = []
        for number, item in enumerate(self.layers.get("objectives", []), 1):
            name = _text(item.obj.name) or msg("Objective {number}", number=number)
            if any(o.name == name for o in objectives):
                self.fail(msg("two objectives are named {name}", name=repr(name)))
            x, y = self._position(item, msg("objective"))
            objectives.append(Objective(name, x, y))
        return tuple(objectives)

    def _placements(self, sides: int) -> tuple[UnitPlacement, ...]:
        placements = []
        for item in self.layers.get("units", []):
            side = self._side(item, MARKER)
            if side >= sides:
                self.fail(msg("unit marker {label} is for side {side}, which has no deployment "
                              "zone", label=item.label, side=side))
            unit = _text(item.properties.get("unit"))
            if not unit:
                self.fail(msg("unit marker {label} has no 'unit' property (a unit id in that "
                              "side's force)", label=item.label))
            facing = item.properties.get("facing")
            if facing is not None:
                degrees = _as_number(facing)
                if degrees is None:
                    self.fail(msg("unit marker {label} has facing {facing}; facing is a number "
                                  "of degrees",
                                  label=item.label, facing=repr(facing)))
                facing = _tidy(degrees % 360.0)
            x, y = self._position(item, MARKER)
            stacked = next((p for p in placements if (p.x, p.y) == (x, y)), None)
            if stacked is not None:
                self.fail(msg("unit marker {label} stands on the marker of {unit} (side {side}) "
                              "at ({x:g}, {y:g}): units would overlap",
                              label=item.label, unit=repr(stacked.unit), side=stacked.side, x=x,
                              y=y))
            placements.append(UnitPlacement(side, unit, x, y, facing))
        return tuple(placements)
