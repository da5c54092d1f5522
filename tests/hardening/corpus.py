"""A corpus of malformed inputs: maps, tilesets, pictures, replays, data files, command lines.

Why generated: nothing big is committed; the big cases (a 5 MB map, an inflation bomb, a 17 MB
replay) are written at test time into a temporary folder, most of them sparse or compressed.
Each case says how to write its files and which command lines take it (every entry point that
reads that kind of input). Run as a script to write the corpus and list its cases:

    python -m tests.hardening.corpus --out DIR
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.io.paths import GAME_MAPS_DIR

SHIPPED_MAP = GAME_MAPS_DIR / "squads_ruined_outpost.tmx"
TILESET = GAME_MAPS_DIR / "tiles" / "table_tiles.tsx"


@dataclass
class Case:
    """One malformed input. `write(folder)` writes it and returns the file to blame; each entry
    in `commands` is a command line with FILE for that file (DIR for the case's folder); `env`
    is set while it runs; `blame` is what the one error line must contain (default: the file
    name)."""

    name: str
    kind: str
    write: Callable[[Path], Path]
    commands: list[list[str]]
    env: dict[str, str] = field(default_factory=dict)
    blame: str | None = None


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


def text_file(name: str, content: str | bytes) -> Callable[[Path], Path]:
    def write(folder: Path) -> Path:
        path = folder / name
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        return path
    return write


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


def sparse(name: str, size: int, head: bytes = b"") -> Callable[[Path], Path]:
    """A big file that costs no disk: `head`, then a hole up to `size` bytes."""
    def write(folder: Path) -> Path:
        path = folder / name
        with open(path, "wb") as handle:
            handle.write(head)
            handle.truncate(size)
        return path
    return write


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
        "map_is_a_folder": lambda folder: _folder(folder / "map_is_a_folder.tmx"),
    }
    out = []
    for name, content in cases.items():
        write = content if callable(content) else text_file(f"{name}.tmx", content)
        out.append(Case(name, "map", write, MAP_COMMANDS))
    out += tileset_cases()
    return out


def _folder(path: Path) -> Path:
    path.mkdir(exist_ok=True)
    return path


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


# --- replays ----------------------------------------------------------------------------------
def shipped_digest() -> str:
    return hashlib.sha256(SHIPPED_MAP.read_bytes()).hexdigest()


def replay_record(**changes) -> dict:
    record = {"version": 2, "ruleset": "squads", "map": SHIPPED_MAP.name,
              "map_sha256": shipped_digest(), "seed": 1, "forces": None, "actions": []}
    record.update(changes)
    return {k: v for k, v in record.items() if v != "DROP"}


def replay_file(name: str, record=None, raw: str | bytes | None = None):
    def write(folder: Path) -> Path:
        path = folder / f"{name}.json"
        content = raw if raw is not None else json.dumps(record)
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        return path
    return write


REPLAY_COMMANDS = [["replay", "FILE"], ["replay", "FILE", "--json", "--map", str(SHIPPED_MAP)]]


def replay_cases() -> list[Case]:
    good = json.dumps(replay_record())
    raw = {
        "replay_empty_file": "",
        "replay_not_json": "{version: 2",
        "replay_binary": b"\xff\xfe\x00garbage",
        "replay_deep_nesting_100000": "[" * 100000 + "]" * 100000,
        "replay_deep_nesting_in_a_field": good[:-1] + ', "x": ' + "[" * 60 + "]" * 60 + "}",
        "replay_seed_5000_digits": good.replace('"seed": 1', '"seed": ' + "7" * 5000),
        "replay_nan_constant": good.replace('"seed": 1', '"seed": NaN'),
        "replay_infinity_constant": good.replace('"seed": 1', '"seed": -Infinity'),
        "replay_truncated": good[: len(good) // 2],
    }
    records = {
        "replay_list": [1, 2],
        "replay_version_99": replay_record(version=99),
        "replay_version_true": replay_record(version=True),
        "replay_version_missing": replay_record(version="DROP"),
        "replay_seed_true": replay_record(seed=True),
        "replay_seed_float": replay_record(seed=1.5),
        "replay_seed_text": replay_record(seed="one"),
        "replay_seed_over_64_bits": replay_record(seed=2**70),
        "replay_ruleset_unknown": replay_record(ruleset="chess"),
        "replay_ruleset_number": replay_record(ruleset=5),
        "replay_map_absolute_path": replay_record(map="/etc/passwd"),
        "replay_map_escapes_folder": replay_record(map="../../../../etc/hosts.tmx"),
        "replay_map_not_in_folders": replay_record(map="elsewhere.tmx"),
        "replay_map_hash_differs": replay_record(map_sha256="0" * 64),
        "replay_map_hash_not_hex": replay_record(map_sha256="xyz"),
        "replay_map_dict": replay_record(map={"id": "x"}),
        "replay_v1_map_outside_existing": replay_record(version=1, map="/etc/hostname"),
        "replay_v1_map_outside_missing": replay_record(version=1, map="/no/such/place.tmx"),
        "replay_forces_text": replay_record(forces="brute_horde"),
        "replay_forces_numbers": replay_record(forces=[1, 2]),
        "replay_forces_too_many": replay_record(forces=["brute_horde"] * 5),
        "replay_forces_three_for_squads": replay_record(forces=["brute_horde", "line_company",
                                                                "brute_horde"]),
        "replay_forces_unknown": replay_record(forces=["dragons", "line_company"]),
        "replay_actions_dict": replay_record(actions={"kind": "pass"}),
        "replay_action_not_object": replay_record(actions=["pass"]),
        "replay_action_without_kind": replay_record(actions=[{"unit": "s0u0"}]),
        "replay_action_unit_list": replay_record(actions=[{"kind": "move", "unit": [1, 2]}]),
        "replay_action_unit_dict": replay_record(actions=[{"kind": "move", "unit": {"a": 1}}]),
        "replay_action_targets_string": replay_record(actions=[{"kind": "charge",
                                                                "unit": "s0u0",
                                                                "targets": "s1u0"}]),
        "replay_action_placement_nan": replay_record(actions=[{"kind": "move", "unit": "s0u0",
                                                               "placement": [["s0u0m0", 1e400,
                                                                              1]]}]),
        "replay_action_placement_short": replay_record(actions=[{"kind": "move",
                                                                 "placement": [["m", 1]]}]),
        "replay_action_option_number": replay_record(actions=[{"kind": "pass", "option": 3}]),
        "replay_action_illegal": replay_record(actions=[{"kind": "charge", "unit": "s1u0"}]),
        "replay_action_unknown_unit": replay_record(actions=[{"kind": "charge",
                                                              "unit": "nobody"}]),
        "replay_log_hash_differs": replay_record(log_sha256="1" * 64),
        "replay_log_hash_number": replay_record(log_sha256=7),
    }
    # a map given on the command line is the player's choice: these are fine with --map
    by_map_id = {"replay_map_not_in_folders", "replay_v1_map_outside_existing",
                 "replay_v1_map_outside_missing"}
    cases = [Case(n, "replay", replay_file(n, raw=c), REPLAY_COMMANDS) for n, c in raw.items()]
    cases += [Case(n, "replay", replay_file(n, r),
                   REPLAY_COMMANDS[:1] if n in by_map_id else REPLAY_COMMANDS)
              for n, r in records.items()]
    cases.append(Case("replay_120000_actions", "replay", replay_file(
        "replay_120000_actions", replay_record(actions=[{"kind": "pass"}] * 120_000)),
        REPLAY_COMMANDS))
    cases.append(Case("replay_5mb_of_actions", "replay", replay_file(
        "replay_5mb_of_actions", replay_record(actions=[{"kind": "pass"}] * 300_000)),
        REPLAY_COMMANDS))
    cases.append(Case("replay_17mb", "replay", sparse("replay_17mb.json", 17 << 20, b"{"),
                      REPLAY_COMMANDS))
    cases.append(Case("replay_is_a_folder", "replay",
                      lambda folder: _folder(folder / "replay_is_a_folder.json"), REPLAY_COMMANDS))
    return cases


# --- data files ---------------------------------------------------------------------------------
def shipped_data(ruleset: str) -> str:
    return (GAME_MAPS_DIR.parent / "game" / "data" / f"{ruleset}.toml").read_text()


def data_file(ruleset: str, change: Callable[[str], str | bytes]):
    def write(folder: Path) -> Path:
        data_dir = folder / "data"
        data_dir.mkdir(exist_ok=True)
        path = data_dir / f"{ruleset}.toml"
        content = change(shipped_data(ruleset))
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        return path
    return write


def sub(old: str, new: str, count: int = 1) -> Callable[[str], str]:
    def change(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, count)
    return change


DATA_COMMANDS = {
    "squads": [["simulate", "--ruleset", "squads", "--games", "1", "--replays", "DIR/replays"],
               ["render", "--ruleset", "squads", "--out", "DIR/existing.png"],
               ["play", "--ruleset", "squads"]],
    "warband": [["simulate", "--ruleset", "warband", "--games", "1", "--sides", "3"],
                ["odds", "melee", "--ruleset", "warband", "--attacker", "sellsword_captain",
                 "--defender", "iron_axe_brother"],
                ["play", "--ruleset", "warband"]],
}


def data_cases() -> list[Case]:
    brute = 'base = "32"'
    squads = {
        "data_empty_file": lambda text: "",
        "data_not_toml": lambda text: text + "\n[profiles.broken\n",
        "data_binary": lambda text: b"\xff\xfe\x00\x01",
        "data_deep_arrays": lambda text: text + "\nextra = " + "[" * 5000 + "]" * 5000 + "\n",
        "data_deep_arrays_in_limit_of_parser": lambda text: text + "\nextra = " + "[" * 40
        + "]" * 40 + "\n",
        "data_deep_inline_tables": lambda text: text + "\nextra = " + "{a = " * 3000 + "1"
        + "}" * 3000 + "\n",
        "data_deep_dotted_tables": lambda text: text + "\n[" + ".".join(["t"] * 60) + "]\nx = 1\n",
        "data_int_5000_digits": sub("M = 6", "M = " + "9" * 5000),
        "data_base_nan": sub(brute, 'base = "nan"'),
        "data_base_inf": sub(brute, 'base = "inf"'),
        "data_base_100000": sub(brute, 'base = "100000"'),
        "data_base_negative": sub(brute, 'base = "-5"'),
        "data_base_oval_nan_depth": sub(brute, 'base = "oval 60xnan"'),
        "data_base_number": sub(brute, "base = 32"),
        "data_units_dict": sub('units = ["brute_mob", "brute_mob", "brute_stompers", '
                               '"brute_chief"]', "units = { a = 1 }"),
        "data_units_nested_list": sub('units = ["brute_mob", "brute_mob", "brute_stompers", '
                                      '"brute_chief"]', 'units = [["brute_mob"], "brute_mob"]'),
        "data_units_inline_table_items": sub('units = ["brute_mob", "brute_mob", '
                                             '"brute_stompers", "brute_chief"]',
                                             "units = [{ id = 1 }]"),
        "data_units_string": sub('units = ["brute_mob", "brute_mob", "brute_stompers", '
                                 '"brute_chief"]', 'units = "brute_mob"'),
        "data_units_unknown": sub('"brute_chief"]', '"dragon"]'),
        "data_units_empty": sub('units = ["brute_mob", "brute_mob", "brute_stompers", '
                                '"brute_chief"]', "units = []"),
        "data_models_zero": sub("models = 10", "models = 0"),
        "data_models_huge": sub("models = 10", "models = 1000000000000000000"),
        "data_stat_nan": sub("M = 6", "M = nan"),
        "data_stat_inf_float": sub("M = 6", "M = inf"),
        "data_stat_out_of_range": sub("M = 6", "M = 900"),
        "data_profiles_not_table": lambda text: "profiles = 5\n",
        "data_unknown_key": sub("M = 6", "M = 6\nwings = true"),
        "data_missing_name": sub('name = "Brute Mob"\n', ""),
        "data_name_table": sub('name = "Brute Mob"', "name = { x = 1 }"),
        "data_no_forces": lambda text: text.split("[forces", 1)[0],
        "data_2mb": lambda text: text + "\n# " + "x" * (2 << 20) + "\n",
    }
    cases = [Case(n, "data", data_file("squads", c), DATA_COMMANDS["squads"],
                  env={"SKIRMISH_RULESET_DATA": "DIR/data"}) for n, c in squads.items()]
    warband = {
        "data_warband_base_inf": sub('base = "25"', 'base = "inf"'),
        "data_warband_units_dict": lambda text: text.replace(
            text[text.index("units = [", text.index("[forces.sellswords]")):].split("\n\n")[0],
            "units = { leader = 1 }", 1),
        "data_warband_deep_arrays": lambda text: text + "\nextra = " + "[" * 5000 + "]" * 5000,
        "data_warband_skills_nested_list": sub('skills = ["strikes_first"]',
                                               'skills = [["strikes_first"]]'),
        "data_warband_skills_mixed": sub('skills = ["strikes_first"]',
                                         'skills = ["strikes_first", 2]'),
    }
    cases += [Case(n, "data", data_file("warband", c), DATA_COMMANDS["warband"],
                   env={"SKIRMISH_RULESET_DATA": "DIR/data"}) for n, c in warband.items()]
    return cases


# --- command lines ------------------------------------------------------------------------------
def command_cases() -> list[Case]:
    def nothing(folder: Path) -> Path:
        return folder / "none"

    def file_in(folder: Path) -> Path:
        path = folder / "a_file"
        path.write_text("not a folder")
        return path

    lines = {
        "cli_odds_distance_nan": (["odds", "charge", "--distance", "nan"], "--distance"),
        "cli_odds_distance_inf": (["odds", "charge", "--distance", "inf"], "--distance"),
        "cli_odds_distance_minus_inf": (["odds", "charge", "--distance", "-inf"], "--distance"),
        "cli_odds_distance_1e400": (["odds", "charge", "--distance", "1e400"], "--distance"),
        "cli_odds_distance_negative": (["odds", "charge", "--distance", "-1"], "--distance"),
        "cli_odds_distance_huge": (["odds", "charge", "--distance", "1e300"], "--distance"),
        "cli_odds_distance_text": (["odds", "charge", "--distance", "far"], "--distance"),
        "cli_odds_no_charge_roll": (["odds", "melee", "--ruleset", "squads", "--attacker", "a",
                                     "--defender", "b"], "squads"),
        "cli_sides_9": (["simulate", "--sides", "9"], "--sides"),
        "cli_sides_minus_1": (["simulate", "--sides", "-1"], "--sides"),
        "cli_sides_1": (["simulate", "--sides", "1"], "--sides"),
        "cli_sides_3_for_squads": (["simulate", "--sides", "3"], "--sides"),
        "cli_sides_5_for_warband": (["simulate", "--ruleset", "warband", "--sides", "5"],
                                    "--sides"),
        "cli_sides_huge": (["simulate", "--sides", "99999999999999"], "--sides"),
        "cli_seed_5000_digits": (["simulate", "--seed", "1" * 5000], "--seed"),
        "cli_seed_true": (["simulate", "--seed", "true"], "--seed"),
        "cli_seed_float": (["simulate", "--seed", "1.5"], "--seed"),
        "cli_seed_over_64_bits": (["render", "--seed", str(2**64), "--out", "DIR/x.png"],
                                  "--seed"),
        "cli_games_zero": (["simulate", "--games", "0"], "--games"),
        "cli_games_negative": (["simulate", "--games", "-3"], "--games"),
        "cli_games_text": (["simulate", "--games", "many"], "--games"),
        "cli_play_ruleset_chess": (["play", "--ruleset", "chess"], "chess"),
        "cli_simulate_ruleset_chess": (["simulate", "--ruleset", "chess"], "chess"),
        "cli_render_ruleset_chess": (["render", "--ruleset", "chess", "--out", "DIR/x.png"],
                                     "chess"),
        "cli_unknown_agent": (["simulate", "--p1", "alien"], "alien"),
        "cli_render_size_30000": (["render", "--size", "30000x30000", "--out", "DIR/x.png"],
                                  "--size"),
        "cli_render_size_8192_square": (["render", "--size", "8192x8192", "--out", "DIR/x.png"],
                                        "--size"),
        "cli_render_size_text": (["render", "--size", "big", "--out", "DIR/x.png"], "--size"),
        "cli_render_size_5000_digits": (["render", "--size", "9" * 5000 + "x9",
                                         "--out", "DIR/x.png"], "--size"),
        "cli_render_turns_text": (["render", "--turns", "x", "--out", "DIR/x.png"], "--turns"),
        "cli_replays_is_a_file": (["simulate", "--replays", "FILE"], "a_file"),
        "cli_replays_under_proc": (["simulate", "--replays", "/proc/skirmish"], "/proc/skirmish"),
        "cli_replays_dev_full": (["simulate", "--replays", "/dev/full"], "/dev/full"),
        "cli_replay_missing": (["replay", "DIR/none.json"], "none.json"),
        "cli_map_missing": (["simulate", "--map", "DIR/none.tmx"], "none.tmx"),
        "cli_unknown_command": (["frobnicate"], "frobnicate"),
        "cli_odds_unknown_what": (["odds", "everything"], "everything"),
    }
    return [Case(name, "cli", file_in if "FILE" in argv else nothing, [argv], blame=blame)
            for name, (argv, blame) in lines.items()]


def all_cases() -> list[Case]:
    return map_cases() + replay_cases() + data_cases() + command_cases()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    for case in all_cases():
        folder = args.out / case.name
        folder.mkdir(parents=True, exist_ok=True)
        target = case.write(folder)
        print(f"{case.kind:8} {case.name:40} {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
