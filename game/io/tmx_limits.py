"""What a map declares, checked against `game.io.limits` before pytmx or pygame see it.

Why before: pytmx trusts the file. It allocates width x height tiles per layer, inflates a
compressed layer with no cap, and the client cuts every tileset picture into surfaces. So the
declared sizes (map, tiles, layers, pictures) are checked on the XML tree we already parsed, a
compressed layer is inflated here with `max_length` set to the size it must have, and a picture's
size is read from its header only. Each refusal is one `MapError` naming the map.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from pathlib import Path
from xml.etree import ElementTree

from game.core.errors import MapError
from game.core.i18n import msg
from game.io import limits

_GID_BYTES = 4  # a tile layer stores one 32-bit gid per tile


def whole(path: Path, element: ElementTree.Element, name: str, default: int | None = None,
          low: int = 0, high: int | None = None, what: str = "the map") -> int:
    """An integer attribute within [low, high]; a MapError naming the map otherwise."""
    text = element.get(name)
    if text is None:
        if default is None:
            raise MapError(path, msg("{what} has no {name} attribute", what=what, name=repr(name)))
        return default
    text = text.strip()
    if not (text.lstrip("-").isdigit() and len(text) <= 12):
        raise MapError(path, msg("{what} has {name}={text}; it must be a whole number",
                                 what=what, name=name, text=repr(text[:20])))
    value = int(text)
    if value < low or (high is not None and value > high):
        if high is None:
            raise MapError(path, msg("{what} has {name}={value}; it must be {low} or more",
                                     what=what, name=name, value=value, low=low))
        raise MapError(path, msg("{what} has {name}={value}; it must be {low} to {high}",
                                 what=what, name=name, value=value, low=low, high=high))
    return value


def check_map_sizes(path: Path, root: ElementTree.Element) -> None:
    """The map's declared size in tiles and pixels, its objects and polygons, its tile layers."""
    width = whole(path, root, "width", low=1, high=limits.MAX_TABLE_PIXELS)
    height = whole(path, root, "height", low=1, high=limits.MAX_TABLE_PIXELS)
    tile_w = whole(path, root, "tilewidth", low=1, high=limits.MAX_TILE_PIXELS)
    tile_h = whole(path, root, "tileheight", low=1, high=limits.MAX_TILE_PIXELS)
    if width * tile_w > limits.MAX_TABLE_PIXELS or height * tile_h > limits.MAX_TABLE_PIXELS:
        raise MapError(path, msg("the map is {width}x{height} px; the limit is "
                                 "{max_table_pixels} px a side",
                                 width=width * tile_w, height=height * tile_h,
                                 max_table_pixels=limits.MAX_TABLE_PIXELS))
    depth = xml_depth(root)
    if depth > limits.MAX_NESTING:
        raise MapError(path, msg("elements nest {depth} deep; the limit is {max_nesting}",
                                 depth=depth, max_nesting=limits.MAX_NESTING))
    objects = sum(1 for _ in root.iter("object"))
    if objects > limits.MAX_MAP_OBJECTS:
        raise MapError(path, msg("the map has {objects} objects; the limit is {max_map_objects}",
                                 objects=objects, max_map_objects=limits.MAX_MAP_OBJECTS))
    for shape in (*root.iter("polygon"), *root.iter("polyline")):
        points = (shape.get("points") or "").split()
        if len(points) > limits.MAX_POLYGON_POINTS:
            raise MapError(path, msg("a {tag} has {points} points; the limit is "
                                     "{max_polygon_points}",
                                     tag=shape.tag, points=len(points),
                                     max_polygon_points=limits.MAX_POLYGON_POINTS))
    total = 0
    for layer in root.iter("layer"):
        total += check_tile_layer(path, layer, width, height)
        if total > limits.MAX_MAP_TILES:
            raise MapError(path, msg("the tile layers hold over {max_map_tiles} tiles",
                                     max_map_tiles=limits.MAX_MAP_TILES))


def xml_depth(root: ElementTree.Element) -> int:
    """How deeply elements nest (iterative: pytmx walks groups recursively)."""
    deepest, stack = 0, [(root, 1)]
    while stack:
        element, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > limits.MAX_NESTING:
            break
        stack.extend((child, depth + 1) for child in element)
    return deepest


def check_tile_layer(path: Path, layer: ElementTree.Element, width: int, height: int) -> int:
    """A tile layer is the map's size, and its data holds exactly that many tiles (checked
    before anything is inflated; a compressed layer is inflated with a cap)."""
    what = msg("tile layer {name}", name=repr(layer.get("name", "")))
    layer_w = whole(path, layer, "width", width, 1, limits.MAX_TABLE_PIXELS, what)
    layer_h = whole(path, layer, "height", height, 1, limits.MAX_TABLE_PIXELS, what)
    if (layer_w, layer_h) != (width, height):
        raise MapError(path, msg("{what} is {layer_w}x{layer_h} tiles but the map is "
                                 "{width}x{height}", what=what,
                                 layer_w=layer_w, layer_h=layer_h, width=width, height=height))
    tiles = width * height
    if tiles > limits.MAX_LAYER_TILES:
        raise MapError(path, msg("{what} has {tiles} tiles; the limit is {max_layer_tiles} a layer",
                                 what=what, tiles=tiles, max_layer_tiles=limits.MAX_LAYER_TILES))
    data = layer.find("data")
    if data is None:
        return tiles
    if data.find("chunk") is not None:
        raise MapError(path, msg("{what} is stored in chunks (an infinite map)", what=what))
    encoding = (data.get("encoding") or "").strip()
    compression = (data.get("compression") or "").strip()
    text = data.text or ""
    if encoding == "csv":
        count = text.count(",") + 1 if text.strip() else 0
        if compression or count != tiles:
            _wrong_count(path, what, count, tiles)
    elif encoding == "base64":
        _check_base64(path, what, text, compression, tiles)
    elif encoding == "":
        count = len(data.findall("tile"))
        if count != tiles:
            _wrong_count(path, what, count, tiles)
    else:
        raise MapError(path, msg("{what} has unknown encoding {encoding} (csv or base64)",
                                 what=what, encoding=repr(encoding)))
    return tiles


def _wrong_count(path: Path, what: str, count: int, tiles: int):
    raise MapError(path, msg("{what} holds {count} tiles but the map's width x height is {tiles}",
                             what=what, count=count, tiles=tiles))


def _check_base64(path: Path, what: str, text: str, compression: str, tiles: int) -> None:
    expected = tiles * _GID_BYTES
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise MapError(path, msg("{what} is not valid base64", what=what)) from None
    if compression in ("zlib", "gzip"):
        wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
        inflater = zlib.decompressobj(wbits)
        try:
            raw = inflater.decompress(raw, expected + 1)
        except zlib.error:
            raise MapError(path, msg("{what} is not valid {compression} data",
                                     what=what, compression=compression)) from None
        if len(raw) > expected:
            raise MapError(path, msg("{what} inflates past the {expected} bytes of {tiles} tiles",
                                     what=what, expected=expected, tiles=tiles))
        if not inflater.eof:
            raise MapError(path, msg("{what} is truncated {compression} data",
                                     what=what, compression=compression))
    elif compression:
        raise MapError(path, msg("{what} uses {compression} compression (zlib, gzip or none)",
                                 what=what, compression=repr(compression)))
    if len(raw) != expected:
        _wrong_count(path, what, len(raw) // _GID_BYTES, tiles)


def check_tileset_sizes(owner: Path, tileset: ElementTree.Element, what: str) -> None:
    """A tileset's tile size and declared tile count."""
    whole(owner, tileset, "tilewidth", 1, 1, limits.MAX_TILE_PIXELS, what)
    whole(owner, tileset, "tileheight", 1, 1, limits.MAX_TILE_PIXELS, what)
    whole(owner, tileset, "tilecount", 0, 0, limits.MAX_TILESET_TILES, what)
    whole(owner, tileset, "spacing", 0, 0, limits.MAX_TILE_PIXELS, what)
    whole(owner, tileset, "margin", 0, 0, limits.MAX_TILE_PIXELS, what)
    if len(tileset.findall("tile")) > limits.MAX_TILESET_TILES:
        raise MapError(owner, msg("{what} lists over {limit} tiles",
                                  what=what, limit=limits.MAX_TILESET_TILES))


def check_picture(owner: Path, image: ElementTree.Element, file: Path, what: str,
                  tileset: ElementTree.Element | None = None) -> None:
    """A picture's size from its header (never decoded): the size the map declares for it,
    if any, must be that one (pytmx cuts tiles by the declared size), and the tiles it will be
    cut into are capped."""
    width, height = limits.image_header(file, MapError, what, owner)
    for name, real in (("width", width), ("height", height)):
        if image.get(name) is not None:
            declared = whole(owner, image, name, 0, 1, limits.MAX_IMAGE_SIDE, what)
            if declared != real:
                raise MapError(owner, msg("{what} declares {name} {declared} px but the picture "
                                          "is {width}x{height} px",
                                          what=what, name=name, declared=declared, width=width,
                                          height=height))
    if tileset is None:
        return
    tile_w = int(tileset.get("tilewidth") or 1)
    tile_h = int(tileset.get("tileheight") or 1)
    if (width // tile_w) * (height // tile_h) > limits.MAX_TILESET_TILES:
        raise MapError(owner, msg("{what} cuts into over {limit} tiles",
                                  what=what, limit=limits.MAX_TILESET_TILES))
