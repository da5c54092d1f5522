"""The documented input limits (game/io/limits.py) and the map checks that need geometry:
each refusal is a MapError naming the map, taken before anything big is allocated."""

from __future__ import annotations

import base64
import time
import zlib

import pytest

from game import rulesets
from game.core.errors import MapError
from game.io import limits
from game.io.tmx import load_scenario
from game.io.zones import check_sides_for, shared_area, zones_overlap
from tests.io.test_tmx import png_header, write_map


def layer(data: str, width: int = 10, height: int = 10) -> str:
    return f'<layer id="9" name="paint" width="{width}" height="{height}">{data}</layer>'


def refused(path, *words):
    with pytest.raises(MapError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert str(path) in message and all(w in message for w in words), message
    return message


def test_map_file_size_is_checked_before_parsing(tmp_path):
    path = tmp_path / "big.tmx"
    with open(path, "wb") as handle:
        handle.write(b'<map title="')
        handle.truncate(limits.MAX_MAP_BYTES + 1)  # sparse: costs no disk
    start = time.process_time()
    refused(path, "over the 4 MB limit")
    assert time.process_time() - start < 0.1


def test_declared_map_size_in_pixels_is_capped(tmp_path):
    path = write_map(tmp_path, map_attributes='data-x="1"')
    text = path.read_text().replace('width="10" height="10" tilewidth="32"',
                                    'width="2000" height="2000" tilewidth="32"', 1)
    path.write_text(text)
    refused(path, "64000x64000 px", "4096 px a side")


def test_table_size_in_inches_is_capped(tmp_path):
    path = write_map(tmp_path, properties='<property name="px_per_inch" type="int" value="1"/>')
    refused(path, '320"×320"', '240" a side')


def test_tile_layer_count_must_be_width_times_height(tmp_path):
    path = write_map(tmp_path, layers=layer('<data encoding="csv">1,2,3</data>'))
    refused(path, "'paint' holds 3 tiles", "width x height is 100")


def test_compressed_tile_layer_is_inflated_with_a_cap(tmp_path):
    """A zlib layer that would inflate to 64 MB is stopped after the 400 bytes of 100 tiles."""
    packer = zlib.compressobj(9)
    packed = b"".join(packer.compress(b"\0" * (1 << 20)) for _ in range(64)) + packer.flush()
    data = (f'<data encoding="base64" compression="zlib">{base64.b64encode(packed).decode()}'
            "</data>")
    path = write_map(tmp_path, layers=layer(data))
    start = time.process_time()
    refused(path, "inflates past the 400 bytes of 100 tiles")
    assert time.process_time() - start < 0.5


def test_compressed_tile_layer_of_the_right_size_is_read(tmp_path):
    packed = zlib.compress(b"\x01\x00\x00\x00" * 100)
    data = (f'<data encoding="base64" compression="zlib">{base64.b64encode(packed).decode()}'
            "</data>")
    assert load_scenario(write_map(tmp_path, layers=layer(data))).width == 20


def test_tile_layer_must_be_the_maps_size(tmp_path):
    path = write_map(tmp_path, layers=layer('<data encoding="csv">1</data>', 2000, 2000))
    refused(path, "2000x2000 tiles but the map is 10x10")


def test_tileset_picture_size_is_read_from_its_header(tmp_path):
    path = write_map(tmp_path)
    (tmp_path / "tiles" / "t.png").write_bytes(png_header(100_000, 100_000))
    refused(path, "100000x100000 px", "8192 px a side")


def test_a_tileset_picture_that_is_not_a_picture_is_refused(tmp_path):
    path = write_map(tmp_path)
    (tmp_path / "tiles" / "t.png").write_bytes(b"GIF-like but not")
    refused(path, "not a PNG, GIF or BMP picture")


@pytest.mark.parametrize(("head", "size"), [
    (png_header(576, 352), (576, 352)),
    (b"GIF89a" + (40).to_bytes(2, "little") + (30).to_bytes(2, "little"), (40, 30)),
    (b"BM" + b"\0" * 16 + (64).to_bytes(4, "little") + (-48).to_bytes(4, "little", signed=True),
     (64, 48)),
    (b"\xff\xd8\xff\xe0 a jpeg", None),
])
def test_picture_headers_give_their_size(head, size):
    assert limits.image_size(head) == size


def test_xml_nesting_is_capped(tmp_path):
    path = write_map(tmp_path, layers="<group>" * 40 + "</group>" * 40)
    refused(path, "nest", "the limit is 32")


# --- deployment zones and unit markers ------------------------------------------------------
def zones_xml(*rects) -> str:
    objects = "".join(
        f'<object id="{90 + i}" x="{x}" y="{y}" width="{w}" height="{h}"><properties>'
        f'<property name="side" type="int" value="{side}"/></properties></object>'
        for i, (side, x, y, w, h) in enumerate(rects))
    return f'<objectgroup id="3" name="deployment">{objects}</objectgroup>'


def test_deployment_zones_must_not_overlap(tmp_path):
    path = write_map(tmp_path, zones=zones_xml((0, 0, 0, 160, 320), (1, 128, 0, 160, 320)))
    refused(path, "zones of sides 0 and 1 overlap")


def test_deployment_zones_may_share_an_edge(tmp_path):
    scenario = load_scenario(write_map(tmp_path, zones=zones_xml((0, 0, 0, 160, 320),
                                                                 (1, 160, 0, 160, 320))))
    assert sorted(scenario.deployment) == [0, 1]


def test_shared_area_of_zones():
    square = [(0, 0), (4, 0), (4, 4), (0, 4)]
    assert shared_area(square, [(2, 2), (6, 2), (6, 6), (2, 6)]) == pytest.approx(4)
    assert shared_area(square, list(reversed(square))) == pytest.approx(16)
    assert not zones_overlap(square, [(4, 0), (8, 0), (8, 4), (4, 4)])
    l_shape = [(0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6)]
    assert not zones_overlap(l_shape, [(3, 3), (6, 3), (6, 6), (3, 6)])  # in the notch
    assert zones_overlap(l_shape, [(1, 1), (3, 1), (3, 3), (1, 3)])


def test_more_zones_than_the_map_limit_are_refused(tmp_path):
    rects = [(side, 32 * side, 0, 30, 30) for side in range(9)]
    path = write_map(tmp_path, zones=zones_xml(*rects))
    text = path.read_text().replace('width="10" height="10" tilewidth',
                                    'width="20" height="10" tilewidth', 1)
    path.write_text(text.replace('<layer id="1" name="ground" width="10" height="10">',
                                 '<layer id="1" name="ground" width="20" height="10">')
                    .replace('<data encoding="csv">', '<data encoding="csv">'
                             + ",".join(["1"] * 100) + ",", 1))
    refused(path, "9 deployment zones", "the limit is 8")


def test_a_map_for_a_ruleset_has_no_more_zones_than_its_sides(tmp_path):
    rects = [(side, 96 * side, 0, 64, 320) for side in range(3)]
    path = write_map(tmp_path, zones=zones_xml(*rects),
                     properties='<property name="ruleset" value="squads"/>')
    refused(path, "3 deployment zones but squads is played by at most 2 sides")


def test_a_map_for_any_ruleset_is_checked_when_played(tmp_path):
    rects = [(side, 96 * side, 0, 64, 320) for side in range(3)]
    scenario = load_scenario(write_map(tmp_path, zones=zones_xml(*rects)))
    check_sides_for(rulesets.get("warband"), scenario)  # up to four sides: fine
    with pytest.raises(MapError, match="squads is played by at most 2 sides"):
        check_sides_for(rulesets.get("squads"), scenario)


def test_unit_markers_may_not_stand_on_each_other(tmp_path):
    markers = "".join(
        f'<object id="{20 + side}" x="160" y="160"><properties>'
        f'<property name="side" type="int" value="{side}"/>'
        f'<property name="unit" value="u{side}"/></properties><point/></object>'
        for side in (0, 1))
    path = write_map(tmp_path, layers=f'<objectgroup name="units">{markers}</objectgroup>')
    refused(path, "object 21 stands on the marker of 'u0' (side 0) at (10, 10)")


@pytest.mark.parametrize("body", [
    '<object id="7" x="1e300" y="0" width="1e300" height="32">',
    '<object id="7" x="0" y="0"><polygon points="0,0 1e200,0 0,1e200"/>',
    '<object id="7" x="700" y="0" width="32" height="32">',
])
def test_terrain_stays_within_a_tables_size_of_the_table(tmp_path, body):
    if "<polygon" in body:
        obj = body.replace('y="0">', 'y="0"><properties><property name="kind" '
                           'value="impassable"/></properties>', 1) + "</object>"
    else:
        obj = body + ('<properties><property name="kind" value="impassable"/></properties>'
                      "</object>")
    path = write_map(tmp_path, layers=f'<objectgroup name="terrain">{obj}</objectgroup>')
    refused(path, "terrain object 7 reaches more than a table's width or depth off")


@pytest.mark.parametrize(("declared", "words"), [
    ('width="0" height="32"', ("width=0",)),
    ('width="64" height="32"', ("declares width 64 px but the picture is 32x32 px",)),
])
def test_a_tileset_pictures_declared_size_is_its_real_size(tmp_path, declared, words):
    path = write_map(tmp_path)
    tsx = tmp_path / "tiles" / "t.tsx"
    tsx.write_text(tsx.read_text().replace('width="32" height="32"/>', declared + "/>"))
    refused(path, *words)
