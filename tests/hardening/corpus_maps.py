"""The maps and tilesets of the malformed-input corpus (see `tests.hardening.corpus`): each
a small variation of a 60"x44" map on the shipped tileset, or a big file made at test time."""

from __future__ import annotations

import base64
import gzip
import zlib
from collections.abc import Callable
from pathlib import Path

from tests.hardening.cases import TILESET, Case, make_folder, sparse, text_file

# --- maps -------------------------------------------------------------------------------------
ZONES = ('<objectgroup id="3" name="deployment">'
         '<object id="90" x="0" y="0" width="192" height="704"><properties>'
         '<property name="side" type="int" value="0"/></properties></object>'
         '<object id="91" x="768" y="0" width="192" height="704"><properties>'
         '<property name="side" type="int" value="1"/></properties></object></objectgroup>')


def zone(object_id: int, side: int, x: float, y: float, w: float, h: float) -> str:
    return (f'<object id="{object_id}" x="{x}" y="{y}" width="{w}" height="{h}"><properties>'
            f'<property name="side" type="int" value="{side}"/></properties></object>')


def marker(object_id: int, side: int, unit: str, x: float, y: float, extra: str = "") -> str:
    return (f'<object id="{object_id}" x="{x}" y="{y}"><properties>'
            f'<property name="side" type="int" value="{side}"/>'
            f'<property name="unit" value="{unit}"/>{extra}</properties><point/></object>')


def ground(width: int = 30, height: int = 22, data: str | None = None,
           attributes: str = "") -> str:
    if data is None:
        data = '<data encoding="csv">' + ",".join(["1"] * (width * height)) + "</data>"
    return (f'<layer id="1" name="ground" width="{width}" height="{height}" {attributes}>'
            f"{data}</layer>")


def tmx(*, size: str = 'width="30" height="22" tilewidth="32" tileheight="32"',
        attributes: str = 'orientation="orthogonal" infinite="0"', properties: str = "",
        tileset: str | None = None, layers: str | None = None, zones: str = ZONES,
        extra: str = "", prolog: str = "") -> str:
    """A 60"x44" squads-sized map using the shipped tileset; every part can be replaced."""
    if tileset is None:
        tileset = f'<tileset firstgid="1" source="{TILESET}"/>'
    return (f'<?xml version="1.0" encoding="UTF-8"?>{prolog}\n<map version="1.10" {attributes} '
            f'{size}><properties>{properties}</properties>{tileset}'
            f"{ground() if layers is None else layers}{zones}{extra}</map>\n")


def prop(name: str, value: str, kind: str = "") -> str:
    typed = f' type="{kind}"' if kind else ""
    return f'<property name="{name}"{typed} value="{value}"/>'


def with_tileset(tsx: str | bytes, picture: bytes | None = None, picture_name: str = "t.png",
                 sparse_picture: int = 0) -> Callable[[Path], Path]:
    """A map whose external tileset (and its picture) is the malformed part."""
    def write(folder: Path) -> Path:
        (folder / "t.tsx").write_bytes(tsx.encode() if isinstance(tsx, str) else tsx)
        if picture is not None:
            (folder / picture_name).write_bytes(picture)
        if sparse_picture:
            with open(folder / picture_name, "wb") as handle:
                handle.truncate(sparse_picture)
        path = folder / "map.tmx"
        path.write_text(tmx(tileset='<tileset firstgid="1" source="t.tsx"/>'))
        return path
    return write


def png(width: int, height: int) -> bytes:
    return (b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + b"IHDR" + width.to_bytes(4, "big")
            + height.to_bytes(4, "big") + b"\x08\x06\x00\x00\x00" + b"\x00" * 8)


def tsx(tile: int = 32, count: str = "198", columns: str = "18", image: str = "t.png",
        width: int = 576, height: int = 352, root: str = "tileset") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?><{root} version="1.10" name="t" '
            f'tilewidth="{tile}" tileheight="{tile}" tilecount="{count}" columns="{columns}">'
            f'<image source="{image}" width="{width}" height="{height}"/></{root}>')


def bomb(compression: str, inflated: int) -> str:
    """A base64 tile layer that inflates to `inflated` bytes (zeros), compressed in steps."""
    chunk = b"\0" * (1 << 20)
    if compression == "gzip":
        packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    else:
        packer = zlib.compressobj(9)
    packed = b"".join(packer.compress(chunk) for _ in range(inflated >> 20)) + packer.flush()
    return (f'<data encoding="base64" compression="{compression}">'
            f"{base64.b64encode(packed).decode()}</data>")


def tile_bytes(count: int) -> bytes:
    return b"\x01\x00\x00\x00" * count


MAP_COMMANDS = [
    ["simulate", "--map", "FILE", "--games", "1", "--replays", "DIR/replays"],
    ["render", "--map", "FILE", "--out", "DIR/existing.png"],
    ["play", "--ruleset", "squads", "--map", "FILE"],
    ["play", "--map", "FILE"],
]


def map_cases() -> list[Case]:
    cases: dict[str, str | bytes | Callable[[Path], Path]] = {
        "map_empty_file": "",
        "map_not_xml": "<map width='30'",
        "map_binary": bytes(range(256)) * 4,
        "map_utf16_garbage": "\ufeff<map>".encode("utf-16"),
        "map_unknown_xml_encoding": '<?xml version="1.0" encoding="nan"?><map/>',
        "map_root_not_map": '<?xml version="1.0"?><tileset/>',
        "map_declares_2000x2000_tiles": tmx(size='width="2000" height="2000" tilewidth="32" '
                                                'tileheight="32"'),
        "map_declares_huge_tiles": tmx(size='width="30" height="22" tilewidth="100000" '
                                            'tileheight="100000"'),
        "map_width_zero": tmx(size='width="0" height="22" tilewidth="32" tileheight="32"'),
        "map_width_text": tmx(size='width="wide" height="22" tilewidth="32" tileheight="32"'),
        "map_width_5000_digits": tmx(size=f'width="{"9" * 5000}" height="22" tilewidth="32" '
                                          'tileheight="32"'),
        "map_tilewidth_negative": tmx(size='width="30" height="22" tilewidth="-32" '
                                           'tileheight="32"'),
        "map_csv_too_few_tiles": tmx(layers=ground(data='<data encoding="csv">1,1,1</data>')),
        "map_csv_too_many_tiles": tmx(layers=ground(
            data='<data encoding="csv">' + ",".join(["1"] * 5000) + "</data>")),
        "map_layer_bigger_than_map": tmx(layers=ground(width=300, height=300, data="")),
        "map_layer_2000x2000_in_small_map": tmx(layers=ground(width=2000, height=2000)),
        "map_xml_tiles_wrong_count": tmx(layers=ground(data="<data>" + "<tile gid='1'/>" * 10
                                                       + "</data>")),
        "map_zlib_bomb_128mb": tmx(layers=ground(data=bomb("zlib", 128 << 20))),
        "map_gzip_bomb_64mb": tmx(layers=ground(data=bomb("gzip", 64 << 20))),
        "map_zlib_short": tmx(layers=ground(data='<data encoding="base64" compression="zlib">'
                                            + base64.b64encode(zlib.compress(tile_bytes(10)))
                                            .decode() + "</data>")),
        "map_zlib_truncated": tmx(layers=ground(data='<data encoding="base64" compression="zlib">'
                                                + base64.b64encode(zlib.compress(
                                                    tile_bytes(660))[:-20]).decode()
                                                + "</data>")),
        "map_zlib_not_zlib": tmx(layers=ground(data='<data encoding="base64" compression="zlib">'
                                               + base64.b64encode(b"plain bytes" * 10).decode()
                                               + "</data>")),
        "map_base64_invalid": tmx(layers=ground(data='<data encoding="base64">!!!notbase64!!!'
                                                "</data>")),
        "map_base64_wrong_count": tmx(layers=ground(data='<data encoding="base64">'
                                                    + base64.b64encode(tile_bytes(7)).decode()
                                                    + "</data>")),
        "map_zstd_compression": tmx(layers=ground(data='<data encoding="base64" '
                                                  'compression="zstd">AAAA</data>')),
        "map_unknown_encoding": tmx(layers=ground(data='<data encoding="hex">00</data>')),
        "map_chunked_layer": tmx(layers=ground(data='<data encoding="csv"><chunk x="0" y="0" '
                                               'width="16" height="16">1</chunk></data>')),
        "map_gzip_bytes_as_layer": tmx(layers=ground(data='<data encoding="base64" '
                                                     'compression="gzip">' + base64.b64encode(
                                                         gzip.compress(tile_bytes(661))).decode()
                                                     + "</data>")),
        "map_infinite": tmx(attributes='orientation="orthogonal" infinite="1"'),
        "map_isometric": tmx(attributes='orientation="isometric" infinite="0"'),
        "map_template_object": tmx(extra='<objectgroup name="terrain"><object id="5" '
                                         'template="wall.tx"/></objectgroup>'),
        "map_5000_objects": tmx(extra='<objectgroup name="decor">' + "".join(
            f'<object id="{100 + i}" x="1" y="1" width="1" height="1"/>' for i in range(5000))
            + "</objectgroup>"),
        "map_polygon_2000_points": tmx(extra='<objectgroup name="terrain"><object id="5" x="0" '
                                             'y="0"><properties>' + prop("kind", "difficult")
                                       + '</properties><polygon points="' + " ".join(
                                           f"{i % 50},{i // 50}" for i in range(2000))
                                       + '"/></object></objectgroup>'),
        "map_billion_laughs": tmx(prolog='<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">'
                                  + "".join(f'<!ENTITY {c} "{("&" + p + ";") * 10}">'
                                            for p, c in zip("abcdefgh", "bcdefghi", strict=True))
                                  + "]>", properties=prop("title", "&i;")),
        "map_external_entity": tmx(prolog='<!DOCTYPE map [<!ENTITY x SYSTEM '
                                   '"file:///etc/hostname">]>', properties=prop("title", "&x;")),
        "map_nested_groups_5000": tmx(extra="<group>" * 5000 + "</group>" * 5000),
        "map_layer_offset_text": tmx(extra='<objectgroup name="terrain" offsetx="left">'
                                           "</objectgroup>"),
        "map_object_nan_coordinate": tmx(extra='<objectgroup name="terrain"><object id="5" '
                                               'x="nan" y="0" width="32" height="32"><properties>'
                                               + prop("kind", "difficult")
                                               + "</properties></object></objectgroup>"),
        "map_no_deployment_layer": tmx(zones=""),
        "map_one_zone": tmx(zones='<objectgroup name="deployment">' + zone(90, 0, 0, 0, 192, 704)
                            + "</objectgroup>"),
        "map_zones_overlap": tmx(zones='<objectgroup name="deployment">'
                                 + zone(90, 0, 0, 0, 400, 704) + zone(91, 1, 300, 0, 400, 704)
                                 + "</objectgroup>"),
        "map_zones_identical": tmx(zones='<objectgroup name="deployment">'
                                   + zone(90, 0, 0, 0, 192, 704) + zone(91, 1, 0, 0, 192, 704)
                                   + "</objectgroup>"),
        "map_zone_inside_zone": tmx(zones='<objectgroup name="deployment">'
                                    + zone(90, 0, 0, 0, 400, 704) + zone(91, 1, 10, 10, 50, 50)
                                    + "</objectgroup>"),
        "map_nine_zones": tmx(zones='<objectgroup name="deployment">' + "".join(
            zone(90 + i, i, 100 * i, 0, 90, 100) for i in range(9)) + "</objectgroup>"),
        "map_three_zones_for_squads": tmx(properties=prop("ruleset", "squads"),
                                          zones='<objectgroup name="deployment">' + "".join(
                                              zone(90 + i, i, 300 * i, 0, 192, 704)
                                              for i in range(3)) + "</objectgroup>"),
        "map_zone_off_table": tmx(zones='<objectgroup name="deployment">'
                                  + zone(90, 0, -500, 0, 192, 704) + zone(91, 1, 768, 0, 192, 704)
                                  + "</objectgroup>"),
        "map_zone_no_area": tmx(zones='<objectgroup name="deployment">'
                                + zone(90, 0, 0, 0, 0, 704) + zone(91, 1, 768, 0, 192, 704)
                                + "</objectgroup>"),
        "map_two_zones_same_side": tmx(zones='<objectgroup name="deployment">'
                                       + zone(90, 0, 0, 0, 192, 704) + zone(91, 0, 768, 0, 192, 704)
                                       + "</objectgroup>"),
        "map_zone_side_gap": tmx(zones='<objectgroup name="deployment">'
                                 + zone(90, 0, 0, 0, 192, 704) + zone(91, 2, 768, 0, 192, 704)
                                 + "</objectgroup>"),
        "map_zone_side_text": tmx(zones=ZONES.replace('value="1"', 'value="north"')),
        "map_markers_stacked_outside_zones": tmx(extra='<objectgroup name="units">'
                                                 + marker(50, 0, "brute_mob", 480, 352)
                                                 + marker(51, 1, "line_marines", 480, 352)
                                                 + "</objectgroup>"),
        "map_markers_bases_overlap": tmx(extra='<objectgroup name="units">'
                                         + marker(50, 0, "brute_chief", 480, 352)
                                         + marker(51, 1, "warden", 484, 352)
                                         + "</objectgroup>"),
        "map_marker_off_table": tmx(extra='<objectgroup name="units">'
                                    + marker(50, 0, "brute_mob", 5000, 352) + "</objectgroup>"),
        "map_marker_in_impassable": tmx(extra='<objectgroup name="terrain"><object id="5" '
                                              'x="400" y="300" width="160" height="100">'
                                              "<properties>" + prop("kind", "impassable")
                                              + '</properties></object></objectgroup>'
                                              '<objectgroup name="units">'
                                              + marker(50, 0, "brute_chief", 480, 350)
                                              + "</objectgroup>"),
        "map_marker_unit_not_in_force": tmx(extra='<objectgroup name="units">'
                                            + marker(50, 0, "dragon", 100, 352)
                                            + "</objectgroup>"),
        "map_marker_facing_text": tmx(extra='<objectgroup name="units">'
                                      + marker(50, 0, "brute_mob", 100, 352,
                                               prop("facing", "north")) + "</objectgroup>"),
        "map_marker_side_without_zone": tmx(extra='<objectgroup name="units">'
                                            + marker(50, 5, "brute_mob", 100, 352)
                                            + "</objectgroup>"),
        "map_terrain_without_kind": tmx(extra='<objectgroup name="terrain"><object id="5" x="0" '
                                              'y="0" width="32" height="32"/></objectgroup>'),
        "map_terrain_unknown_kind": tmx(extra='<objectgroup name="terrain"><object id="5" x="0" '
                                              'y="0" width="32" height="32"><properties>'
                                              + prop("kind", "lava")
                                              + "</properties></object></objectgroup>"),
        "map_terrain_point": tmx(extra='<objectgroup name="terrain"><object id="5" x="0" y="0">'
                                       "<properties>" + prop("kind", "cover")
                                       + "</properties><point/></object></objectgroup>"),
        "map_terrain_huge_coordinates": tmx(extra='<objectgroup name="terrain"><object id="5" '
                                                 'x="1e300" y="0" width="1e300" height="32">'
                                                 "<properties>" + prop("kind", "impassable")
                                                 + "</properties></object></objectgroup>"),
        "map_terrain_polygon_overflows": tmx(extra='<objectgroup name="terrain"><object id="5" '
                                                   'x="0" y="0"><properties>'
                                                   + prop("kind", "impassable") + "</properties>"
                                                   '<polygon points="0,0 1e200,0 0,1e200"/>'
                                                   "</object></objectgroup>"),
        "map_px_per_inch_zero": tmx(properties=prop("px_per_inch", "0", "int")),
        "map_px_per_inch_text": tmx(properties=prop("px_per_inch", "many")),
        "map_table_too_big_in_inches": tmx(properties=prop("px_per_inch", "1", "int")),
        "map_rounds_negative": tmx(properties=prop("rounds", "-3", "int")),
        "map_force_for_missing_side": tmx(properties=prop("force_5", "line_company")),
        "map_force_unknown": tmx(properties=prop("force_0", "dragons")),
        "map_objective_off_table": tmx(extra='<objectgroup name="objectives"><object id="5" '
                                             'x="-900" y="5"><point/></object></objectgroup>'),
        "map_5mb_attribute": sparse("map_5mb_attribute.tmx", 5 * 1024 * 1024,
                                    b'<?xml version="1.0"?><map title="'),
        "map_is_a_folder": lambda folder: make_folder(folder / "map_is_a_folder.tmx"),
    }
    out = []
    for name, content in cases.items():
        write = content if callable(content) else text_file(f"{name}.tmx", content)
        out.append(Case(name, "map", write, MAP_COMMANDS))
    out += tileset_cases()
    return out


def tileset_cases() -> list[Case]:
    cases = {
        "tileset_missing": lambda folder: _map_only(folder, "missing.tsx"),
        "tileset_not_tsx": lambda folder: _map_only(folder, "tiles.png"),
        "tileset_not_xml": with_tileset("<tileset"),
        "tileset_wrong_root": with_tileset(tsx(root="map"), png(576, 352)),
        "tileset_3mb": with_tileset(b'<?xml version="1.0"?><tileset name="' + b"x" * (3 << 20)
                                    + b'"/>'),
        "tileset_tile_zero": with_tileset(tsx(tile=0), png(576, 352)),
        "tileset_tilecount_huge": with_tileset(tsx(count="1000000000"), png(576, 352)),
        "tileset_picture_missing": with_tileset(tsx()),
        "tileset_picture_not_a_picture": with_tileset(tsx(), b"this is text, not pixels"),
        "tileset_picture_100000px": with_tileset(tsx(width=100000, height=100000),
                                                 png(100000, 100000)),
        "tileset_picture_8192_square": with_tileset(tsx(width=8192, height=8192),
                                                    png(8192, 8192)),
        "tileset_picture_17mb": with_tileset(tsx(), sparse_picture=17 << 20),
        "tileset_cut_into_16m_tiles": with_tileset(tsx(tile=1, count="0", columns="4096",
                                                       width=4096, height=4096),
                                                   png(4096, 4096)),
        "tileset_picture_empty": with_tileset(tsx(), b""),
        "tileset_picture_declared_width_zero": with_tileset(tsx(width=0), png(576, 352)),
        "tileset_picture_declared_size_lies": with_tileset(tsx(width=5000), png(576, 352)),
    }
    return [Case(name, "tileset", write, MAP_COMMANDS, blame="map.tmx")
            for name, write in cases.items()]


def _map_only(folder: Path, source: str) -> Path:
    path = folder / "map.tmx"
    path.write_text(tmx(tileset=f'<tileset firstgid="1" source="{source}"/>'))
    return path
