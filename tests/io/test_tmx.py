"""Tiled maps → Scenario (rules/common.md "The table", "Map format", "Terrain")."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.core.deploy import auto_deploy
from game.core.errors import MapError
from game.core.state import BaseShape, GameState, Model, Side, Unit, UnitPlacement
from game.io.tmx import (
    ELLIPSE_SIDES,
    MAPS_DIR,
    TERRAIN_KINDS,
    default_map_for,
    find_maps,
    load_scenario,
    map_ruleset,
    polygon_area,
)
from tests.rulesets.table_symmetry import same_cycle as same_points

SHIPPED = MAPS_DIR / "squads_ruined_outpost.tmx"
#: The map made for each of the other rulesets: (ruleset, size, rounds, zones, objectives).
RULESET_MAPS = {
    "warband_ruined_town.tmx": ("warband", (48, 48), 6, 4, 5),
    "cards_frontier_stockade.tmx": ("cards", (48, 48), 6, 2, 3),
    "legions_breach_field.tmx": ("legions", (72, 48), 5, 2, 4),
    "ranks_open_field.tmx": ("ranks", (60, 44), 6, 2, 3),
}
REPO = Path(__file__).resolve().parents[2]


# --- helpers ------------------------------------------------------------------------------------
def inside(point, polygon) -> bool:
    x, y = point
    result = False
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            result = not result
    return result


def on_table(point, scenario, tolerance=1e-9) -> bool:
    x, y = point
    return (-tolerance <= x <= scenario.width + tolerance
            and -tolerance <= y <= scenario.height + tolerance)


def segments_cross(a, b, c, d) -> bool:
    """Do the segments ab and cd cross or touch?"""
    def turn(p, q, r):
        value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return 0 if abs(value) < 1e-12 else (1 if value > 0 else -1)

    def on(p, q, r):  # r on the segment pq, knowing the three are in line
        return (min(p[0], q[0]) - 1e-9 <= r[0] <= max(p[0], q[0]) + 1e-9
                and min(p[1], q[1]) - 1e-9 <= r[1] <= max(p[1], q[1]) + 1e-9)

    t1, t2, t3, t4 = turn(a, b, c), turn(a, b, d), turn(c, d, a), turn(c, d, b)
    if t1 != t2 and t3 != t4:
        return True
    return ((t1 == 0 and on(a, b, c)) or (t2 == 0 and on(a, b, d)) or (t3 == 0 and on(c, d, a))
            or (t4 == 0 and on(c, d, b)))


def edges(polygon):
    return list(zip(polygon, [*polygon[1:], polygon[0]], strict=True))


def segment_hits(start, end, polygon) -> bool:
    """Does the segment enter or touch the polygon?"""
    return inside(start, polygon) or any(segments_cross(start, end, a, b)
                                         for a, b in edges(polygon))


def polygons_overlap(first, second) -> bool:
    """Do two polygons share any area or boundary point?"""
    return (any(inside(p, second) for p in first) or any(inside(p, first) for p in second)
            or any(segments_cross(a, b, c, d) for a, b in edges(first) for c, d in edges(second)))


def point_segment_distance(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                             / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def polygon_gap(first, second) -> float:
    """Shortest distance between two polygons (0 when they overlap)."""
    if polygons_overlap(first, second):
        return 0.0
    return min(point_segment_distance(p, a, b)
               for one, other in ((first, second), (second, first))
               for p in one for a, b in edges(other))


def grid_in(polygon, step=0.25):
    """Points on a `step` grid inside the polygon (cell centres)."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    columns, rows = int((max(xs) - min(xs)) / step), int((max(ys) - min(ys)) / step)
    points = ((min(xs) + (i + 0.5) * step, min(ys) + (j + 0.5) * step)
              for i in range(columns) for j in range(rows))
    return [p for p in points if inside(p, polygon)]


ZONES = """
 <objectgroup id="3" name="deployment">
  <object id="90" x="0" y="0" width="64" height="320">
   <properties><property name="side" type="int" value="0"/></properties>
  </object>
  <object id="91" x="256" y="0" width="64" height="320">
   <properties><property name="side" type="int" value="1"/></properties>
  </object>
 </objectgroup>"""


def png_header(width: int, height: int) -> bytes:
    """The first bytes of a PNG file: signature and IHDR chunk with the picture's size."""
    return (b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + b"IHDR"
            + width.to_bytes(4, "big") + height.to_bytes(4, "big") + b"\x08\x06\x00\x00\x00")


def write_map(folder: Path, *, layers: str = "", properties: str = "", zones: str = ZONES,
              tileset: str = '<tileset firstgid="1" source="tiles/t.tsx"/>',
              map_attributes: str = "", name: str = "test.tmx", image: bool = True) -> Path:
    """A 20"×20" map (10×10 tiles of 32 px at 16 px per inch) with a tiny external tileset."""
    tiles = folder / "tiles"
    tiles.mkdir(parents=True, exist_ok=True)
    (tiles / "t.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<tileset version="1.10" name="t" tilewidth="32" tileheight="32" tilecount="1" '
        'columns="1">\n <image source="t.png" width="32" height="32"/>\n</tileset>\n')
    if image:
        # only the header is read (its size is checked), never the pixels
        (tiles / "t.png").write_bytes(png_header(32, 32) + b"pixels are never decoded")
    data = ",\n".join(",".join(["1"] * 10) for _ in range(10))
    path = folder / name
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" orientation="orthogonal" renderorder="right-down" width="10" '
        f'height="10" tilewidth="32" tileheight="32" infinite="0" {map_attributes}>\n'
        f" <properties>{properties}</properties>\n"
        f" {tileset}\n"
        ' <layer id="1" name="ground" width="10" height="10">\n'
        f'  <data encoding="csv">\n{data}\n</data>\n </layer>\n'
        f"{zones}\n{layers}\n</map>\n")
    return path


def terrain_layer(*objects: str) -> str:
    return '<objectgroup id="2" name="terrain">' + "".join(objects) + "</objectgroup>"


def terrain_object(body: str, kind: str = "impassable", attributes: str = "",
                   object_id: int = 7) -> str:
    return (f'<object id="{object_id}" {attributes}><properties>'
            f'<property name="kind" value="{kind}"/></properties>{body}</object>')


def assert_map_error(path: Path, *fragments: str) -> MapError:
    with pytest.raises(MapError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert path.name in message
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message
    return caught.value


# --- the shipped map ----------------------------------------------------------------------------
def test_shipped_map_loads_without_a_display():
    import pygame  # pytmx imports it; loading a map must not open a display

    pygame.display.quit()  # an earlier test in this process may have left one open
    scenario = load_scenario(SHIPPED)
    assert not pygame.display.get_init()
    assert (scenario.width, scenario.height) == (60, 44)
    assert scenario.px_per_inch == 16
    assert scenario.ruleset == "squads"
    assert scenario.rounds == 5
    assert scenario.title and scenario.description
    assert scenario.forces == {}  # the game picks default forces
    assert scenario.source == str(SHIPPED)
    assert scenario.placements == ()


def test_shipped_map_terrain_zones_and_objectives():
    scenario = load_scenario(SHIPPED)
    kinds = sorted(sorted(piece.kinds) for piece in scenario.terrain)
    assert kinds == [["difficult", "obscuring"], ["difficult", "obscuring"], ["impassable"],
                     ["impassable"], ["obscuring"], ["obscuring"]]
    assert all(piece.kinds <= TERRAIN_KINDS and polygon_area(piece.polygon) > 0
               for piece in scenario.terrain)
    rectangles = [p.polygon for p in scenario.terrain if len(p.polygon) == 4]
    assert any(len({round(x, 6) for x, _ in r}) == 4 for r in rectangles)  # one is rotated

    assert sorted(scenario.deployment) == [0, 1]
    for zone in scenario.deployment.values():
        assert all(on_table(point, scenario) for point in zone)
    left, right = scenario.deployment[0], scenario.deployment[1]
    assert max(x for x, _ in left) == 12 and min(x for x, _ in right) == 48  # 12" deep strips

    assert len(scenario.objectives) == 4
    assert [o.name for o in scenario.objectives] == [f"Objective {n}" for n in range(1, 5)]
    for objective in scenario.objectives:
        point = (objective.x, objective.y)
        assert on_table(point, scenario)
        assert 20 <= objective.x <= 40  # in the middle, between the zones
        assert not any(inside(point, piece.polygon) for piece in scenario.terrain)


def test_shipped_map_keeps_the_middle_band_open():
    scenario = load_scenario(SHIPPED)
    samples = [(20 + i * 0.5, j * 0.5) for i in range(41) for j in range(89)]
    covered = sum(any(inside(p, piece.polygon) for piece in scenario.terrain) for p in samples)
    assert covered / len(samples) < 0.2


@pytest.mark.parametrize("path", find_maps(), ids=lambda p: p.stem)
def test_shipped_files_are_what_tiled_expects(path):
    root = ElementTree.parse(path).getroot()
    assert root.get("version") == "1.10"
    assert (root.get("orientation"), root.get("renderorder")) == ("orthogonal", "right-down")
    assert (root.get("tilewidth"), root.get("tileheight")) == ("32", "32")
    tileset = root.find("tileset")
    assert (tileset.get("firstgid"), tileset.get("source")) == ("1", "tiles/table_tiles.tsx")
    tsx = ElementTree.parse(MAPS_DIR / "tiles" / "table_tiles.tsx").getroot()
    image = tsx.find("image")
    assert (MAPS_DIR / "tiles" / image.get("source")).is_file()
    tile_count = int(tsx.get("tilecount"))
    assert tile_count == (int(image.get("width")) // 32) * (int(image.get("height")) // 32)
    for layer in root.findall("layer"):
        data = layer.find("data")
        assert data.get("encoding") == "csv"
        gids = [int(g) for g in data.text.replace("\n", "").split(",")]
        assert len(gids) == int(root.get("width")) * int(root.get("height"))
        assert all(0 <= gid <= tile_count for gid in gids)
    ids = [int(o.get("id")) for o in root.iter("object")]
    assert len(set(ids)) == len(ids) and int(root.get("nextobjectid")) > max(ids)


def test_find_maps_and_default_map_for():
    assert SHIPPED in find_maps()
    assert map_ruleset(SHIPPED) == "squads"
    assert default_map_for("squads") == SHIPPED
    for name, (ruleset, *_) in RULESET_MAPS.items():
        assert MAPS_DIR / name in find_maps()
        assert map_ruleset(MAPS_DIR / name) == ruleset
        assert default_map_for(ruleset) == MAPS_DIR / name
    assert find_maps(REPO / "no such folder") == []


# --- the maps of the other rulesets ----------------------------------------------------------------
def impassable(scenario):
    return [piece.polygon for piece in scenario.terrain if "impassable" in piece.kinds]


@pytest.mark.parametrize("name", RULESET_MAPS)
def test_ruleset_map_loads_without_a_display(name):
    import pygame

    pygame.display.quit()  # an earlier client test may have left one open
    ruleset, size, rounds, zones, objectives = RULESET_MAPS[name]
    scenario = load_scenario(MAPS_DIR / name)
    assert not pygame.display.get_init()
    assert (scenario.width, scenario.height) == size
    assert (scenario.ruleset, scenario.rounds, scenario.px_per_inch) == (ruleset, rounds, 16)
    assert scenario.title and scenario.description
    assert scenario.forces == {}
    # only the legions map stands units itself: each side's Armoured Carrier beside its riders
    placed = {"legions_breach_field.tmx": 4}.get(name, 0)
    assert len(scenario.placements) == placed
    assert sorted(scenario.deployment) == list(range(zones))
    assert len(scenario.objectives) == objectives
    assert all(piece.name for piece in scenario.terrain)
    assert all(piece.kinds <= TERRAIN_KINDS and polygon_area(piece.polygon) > 0
               for piece in scenario.terrain)


@pytest.mark.parametrize("name", RULESET_MAPS)
def test_ruleset_map_zones_have_room(name):
    scenario = load_scenario(MAPS_DIR / name)
    blockers = impassable(scenario)
    zones = list(scenario.deployment.values())
    for side, zone in scenario.deployment.items():
        assert all(on_table(point, scenario) for point in zone), side
        assert not any(polygons_overlap(zone, piece) for piece in blockers), side
        samples = grid_in(zone)
        free = [p for p in samples if not any(inside(p, piece) for piece in blockers)]
        assert len(free) >= 0.6 * len(samples), side
        assert polygon_area(zone) >= 100  # square inches: room for a whole force
    for first, second in ((a, b) for i, a in enumerate(zones) for b in zones[i + 1:]):
        assert polygon_gap(first, second) >= 12  # zones never touch: a battle to be fought


@pytest.mark.parametrize("name", RULESET_MAPS)
def test_ruleset_map_objectives(name):
    scenario = load_scenario(MAPS_DIR / name)
    names = [o.name for o in scenario.objectives]
    assert len(set(names)) == len(names) and not any(n.startswith("Objective ") for n in names)
    for objective in scenario.objectives:
        point = (objective.x, objective.y)
        assert on_table(point, scenario)
        # a model can stand on it: no impassable terrain within an inch
        assert all(not inside(point, piece) and polygon_gap([point], piece) >= 1
                   for piece in impassable(scenario)), objective.name
        assert not any(inside(point, zone) for zone in scenario.deployment.values())


@pytest.mark.parametrize("name", RULESET_MAPS)
def test_ruleset_map_ground_is_painted_under_each_piece(name):
    """Tile layers are only pictures, but a piece should not stand on bare grass."""
    scenario = load_scenario(MAPS_DIR / name)
    root = ElementTree.parse(MAPS_DIR / name).getroot()
    columns = int(root.get("width"))
    overlays = {}
    for layer in root.findall("layer"):
        if layer.get("name") not in ("ground", "dry grass"):
            gids = [int(g) for g in layer.find("data").text.replace("\n", "").split(",")]
            overlays[layer.get("name")] = gids
    inches_per_tile = 32 / scenario.px_per_inch
    for piece in scenario.terrain:
        points = grid_in(piece.polygon, 0.5)
        centre = polygon_centre(piece.polygon)
        x, y = min(points, key=lambda p: math.dist(p, centre))  # a point inside, central
        tile = int(y / inches_per_tile) * columns + int(x / inches_per_tile)
        assert any(gids[tile] for gids in overlays.values()), piece.name


#: Forces as large as each ruleset allows, per side: (models, base) per unit.
BIG_FORCES = {
    "warband": [(1, "25")] * 15,
    "cards": [(12, "25"), (10, "25"), (10, "25"), (8, "25"), (6, "25"), (6, "25")],
    "legions": [(10, "32"), (10, "32"), (10, "32"), (6, "32"), (6, "32"), (1, "40"),
                (1, "oval 90x52")],
    "ranks": [(8, "rect 50x25")] * 3 + [(6, "rect 40x20"), (3, "rect 40x40"), (1, "rect 40x40")],
}


@pytest.mark.parametrize("name", RULESET_MAPS)
def test_ruleset_map_deploys_big_forces(name):
    ruleset, *_ = RULESET_MAPS[name]
    scenario = load_scenario(MAPS_DIR / name)
    sides, units, models = [], {}, {}
    for side in scenario.deployment:
        sides.append(Side(side, f"Side {side}", "test"))
        for n, (count, base) in enumerate(BIG_FORCES[ruleset]):
            unit_id = f"s{side}u{n}"
            ids = tuple(f"{unit_id}m{k}" for k in range(count))
            for model_id in ids:
                models[model_id] = Model(model_id, unit_id, side, model_id, BaseShape.parse(base))
            units[unit_id] = Unit(unit_id, side, unit_id, "test", ids)
    state = GameState(ruleset, scenario, sides, units, models)
    assert auto_deploy(state) == []
    for model in state.models.values():
        assert inside(model.pos, scenario.deployment[model.side]), model.id
        assert not any(inside(model.pos, piece) for piece in impassable(scenario)), model.id


def quarter_turned(polygon, size):
    return [(size - y, x) for x, y in polygon]


def test_warband_town_is_dense_the_same_for_four_warbands_and_has_streets():
    scenario = load_scenario(MAPS_DIR / "warband_ruined_town.tmx")
    kinds = [piece.kinds for piece in scenario.terrain]
    assert sum(k == {"obscuring"} for k in kinds) >= 10
    assert sum("impassable" in k for k in kinds) >= 3
    assert sum(k == {"difficult"} for k in kinds) >= 3
    rectangles = [p.polygon for p in scenario.terrain if len(p.polygon) == 4]
    assert any(len({round(x, 6) for x, _ in r}) == 4 for r in rectangles)  # some are rotated
    # a quarter turn gives the same table: each corner's warband has the same ground
    for piece in scenario.terrain:
        turned = quarter_turned(piece.polygon, 48)
        assert any(other.kinds == piece.kinds and same_points(other.polygon, turned, 1e-3)
                   for other in scenario.terrain), piece.name
    for zone in scenario.deployment.values():
        turned = quarter_turned(zone, 48)
        assert any(same_points(other, turned, 1e-3) for other in scenario.deployment.values())
    # two warbands get opposite corners
    (x0, y0), (x1, y1) = (polygon_centre(scenario.deployment[s]) for s in (0, 1))
    assert (x0 + x1, y0 + y1) == pytest.approx((48, 48))
    # streets: at least 3" between any two pieces, so a 25 mm base passes everywhere
    pieces = scenario.terrain
    for i, first in enumerate(pieces):
        for second in pieces[i + 1:]:
            assert polygon_gap(first.polygon, second.polygon) >= 3, (first.name, second.name)


def polygon_centre(polygon):
    return (sum(x for x, _ in polygon) / len(polygon), sum(y for _, y in polygon) / len(polygon))


def test_cards_stockade_has_two_gates_facing_the_zones():
    scenario = load_scenario(MAPS_DIR / "cards_frontier_stockade.tmx")
    walls = impassable(scenario)
    assert len(walls) >= 2
    yard = next(o for o in scenario.objectives if o.name == "Stockade yard")
    assert (yard.x, yard.y) == (24, 24)
    # the palisade closes the yard to the north and south ...
    assert any(segment_hits((24, 8), (24, 24), wall) for wall in walls)
    assert any(segment_hits((24, 40), (24, 24), wall) for wall in walls)
    # ... and the gates let a unit in from either zone, 4" wide at least
    for offset in (-2, 0, 2):
        y = 24 + offset
        assert not any(segment_hits((8, y), (40, y), wall) for wall in walls)
    kinds = [piece.kinds for piece in scenario.terrain]
    assert sum(k == {"difficult", "obscuring"} for k in kinds) >= 3  # woods
    assert sum(k == {"difficult"} for k in kinds) >= 1  # the creek
    assert sum(k == {"cover"} for k in kinds) >= 2  # fences
    for name in ("North cairn", "South cairn"):
        cairn = next(o for o in scenario.objectives if o.name == name)
        assert not any(inside((cairn.x, cairn.y), piece.polygon) for piece in scenario.terrain)
    # 12"-deep strips on the west and east edges: the companies start 24" apart, near
    # enough that a skirmish of 6 rounds comes to blows, with the stockade between them
    assert max(x for x, _ in scenario.deployment[0]) == 12
    assert min(x for x, _ in scenario.deployment[1]) == 36
    assert all(12 < piece_x < 36 for wall in walls for piece_x, _ in wall)


def test_legions_field_has_open_lanes_for_charges():
    scenario = load_scenario(MAPS_DIR / "legions_breach_field.tmx")
    front, back = max(y for _, y in scenario.deployment[0]), min(y for _, y in scenario.deployment[1])
    assert (front, back) == (7.5, 40.5)  # 7.5" deep on the long edges, 33" apart (fair defaults)
    kinds = [piece.kinds for piece in scenario.terrain]
    assert sum(k == {"cover", "difficult"} for k in kinds) >= 4  # craters
    assert sum(k == {"obscuring"} for k in kinds) >= 2  # bastions
    assert sum(k == {"impassable"} for k in kinds) >= 2  # rocks
    # lanes 4" wide from one zone to the other, away from the table edges, with no terrain
    blocked = [piece.polygon for piece in scenario.terrain]
    clear = [x / 2 for x in range(2, 136) if not any(
        segment_hits((x / 2 + dx, front), (x / 2 + dx, back), piece)
        for dx in (0, 1, 2, 3, 4) for piece in blocked)]
    lanes = [x for x in clear if x - 0.5 not in clear]  # where each run of corridors starts
    assert len(lanes) >= 4
    assert min(lanes) < 24 and max(lanes) > 48  # on both wings


def test_ranks_field_keeps_the_middle_open():
    scenario = load_scenario(MAPS_DIR / "ranks_open_field.tmx")
    assert [max(y for _, y in scenario.deployment[0]), min(y for _, y in scenario.deployment[1])] \
        == [10.5, 33.5]  # 23" apart: neither side is sure of the first charge (fair defaults)
    middle = [(12, 12), (48, 12), (48, 32), (12, 32)]  # between the zones, 12" from each side
    assert not any(polygons_overlap(middle, piece.polygon) for piece in scenario.terrain)
    assert len(scenario.terrain) <= 6
    assert any("impassable" in piece.kinds for piece in scenario.terrain)  # the farmhouse


def test_default_map_for_prefers_its_ruleset_then_any(tmp_path):
    ruleset = '<property name="ruleset" value="{}"/>'
    write_map(tmp_path, name="a_other.tmx", properties=ruleset.format("warband"))
    write_map(tmp_path, name="b_any.tmx")
    write_map(tmp_path, name="c_mine.tmx", properties=ruleset.format("legions"))
    (tmp_path / "0_broken.tmx").write_text("garbage")
    assert default_map_for("legions", tmp_path).name == "c_mine.tmx"
    assert default_map_for("ranks", tmp_path).name == "b_any.tmx"
    (tmp_path / "b_any.tmx").unlink()
    assert default_map_for("ranks", tmp_path).name == "a_other.tmx"  # any map, as a last resort
    with pytest.raises(MapError):
        default_map_for("ranks", tmp_path / "tiles")


# --- properties ---------------------------------------------------------------------------------
def test_map_properties(tmp_path):
    path = write_map(tmp_path, properties=(
        '<property name="ruleset" value="cards"/>'
        '<property name="px_per_inch" type="int" value="32"/>'
        '<property name="rounds" type="int" value="6"/>'
        '<property name="title" value="T"/><property name="description" value="D"/>'
        '<property name="force_0" value="raiders"/><property name="force_1" value="wardens"/>'),
        zones=ZONES)
    scenario = load_scenario(path)
    assert (scenario.width, scenario.height, scenario.px_per_inch) == (10, 10, 32)
    assert (scenario.ruleset, scenario.rounds, scenario.title, scenario.description) == (
        "cards", 6, "T", "D")
    assert scenario.forces == {0: "raiders", 1: "wardens"}
    assert scenario.deployment[1] == ((8.0, 0.0), (10.0, 0.0), (10.0, 10.0), (8.0, 10.0))


def test_defaults_when_properties_are_absent(tmp_path):
    scenario = load_scenario(write_map(tmp_path))
    assert (scenario.width, scenario.height) == (20, 20)
    assert (scenario.px_per_inch, scenario.rounds, scenario.ruleset) == (16, 5, None)
    assert (scenario.terrain, scenario.objectives, scenario.placements) == ((), (), ())


# --- errors: every broken file is one MapError naming the file ------------------------------------
def test_missing_file(tmp_path):
    assert_map_error(tmp_path / "nowhere.tmx", "not found")


def test_garbage_is_not_xml(tmp_path):
    path = tmp_path / "garbage.tmx"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00 not a map <<<")
    assert_map_error(path, "not valid XML")


def test_xml_that_is_not_a_map(tmp_path):
    path = tmp_path / "other.tmx"
    path.write_text("<tileset/>")
    assert_map_error(path, "not a Tiled map")


@pytest.mark.parametrize("value", ["0", "-16", "sixteen", "2.5", ""])
def test_bad_px_per_inch(tmp_path, value):
    path = write_map(tmp_path, properties=f'<property name="px_per_inch" value="{value}"/>')
    assert_map_error(path, "px_per_inch")


def test_unknown_terrain_kind_names_kind_and_object(tmp_path):
    body = terrain_object("", kind="impassable, lava", object_id=42,
                          attributes='x="32" y="32" width="32" height="32"')
    path = write_map(tmp_path, layers=terrain_layer(body))
    assert_map_error(path, "'lava'", "object 42")


def test_terrain_without_kind(tmp_path):
    path = write_map(tmp_path, layers=terrain_layer(
        '<object id="5" x="32" y="32" width="32" height="32"/>'))
    assert_map_error(path, "object 5", "kind")


def test_terrain_polyline_is_refused(tmp_path):
    body = terrain_object('<polyline points="0,0 32,0 32,32"/>', attributes='x="32" y="32"')
    assert_map_error(write_map(tmp_path, layers=terrain_layer(body)), "polyline")


def test_missing_tileset_image(tmp_path):
    path = write_map(tmp_path, image=False)
    assert_map_error(path, "t.png", "not found")


def test_missing_tileset_file(tmp_path):
    path = write_map(tmp_path, tileset='<tileset firstgid="1" source="tiles/gone.tsx"/>')
    assert_map_error(path, "gone.tsx", "not found")


def test_missing_embedded_tileset_image(tmp_path):
    path = write_map(tmp_path, tileset=(
        '<tileset firstgid="1" name="e" tilewidth="32" tileheight="32" tilecount="1" '
        'columns="1"><image source="lost.png" width="32" height="32"/></tileset>'))
    assert_map_error(path, "lost.png")


def test_deployment_without_side(tmp_path):
    zones = ZONES.replace('<properties><property name="side" type="int" value="1"/>'
                          '</properties>', "")
    assert_map_error(write_map(tmp_path, zones=zones), "object 91", "side")


def test_deployment_problems(tmp_path):
    twice = ZONES.replace('value="1"', 'value="0"')
    assert_map_error(write_map(tmp_path, zones=twice), "two deployment zones for side 0")
    gap = ZONES.replace('value="1"', 'value="2"')
    assert_map_error(write_map(tmp_path, zones=gap), "side 1")
    off = ZONES.replace('x="256" y="0" width="64"', 'x="256" y="0" width="128"')
    assert_map_error(write_map(tmp_path, zones=off), "off the")
    assert_map_error(write_map(tmp_path, zones=""), "deployment")


def test_objective_off_the_table(tmp_path):
    layer = '<objectgroup name="objectives"><object id="3" x="400" y="16"><point/></object>' \
            "</objectgroup>"
    assert_map_error(write_map(tmp_path, layers=layer), "objective object 3", "off the")


def test_force_for_a_side_without_a_zone(tmp_path):
    path = write_map(tmp_path, properties='<property name="force_2" value="raiders"/>')
    assert_map_error(path, "force_2")


def test_infinite_and_isometric_maps_are_refused(tmp_path):
    infinite = write_map(tmp_path, name="inf.tmx").read_text().replace(
        'infinite="0"', 'infinite="1"')
    (tmp_path / "inf.tmx").write_text(infinite)
    assert_map_error(tmp_path / "inf.tmx", "infinite")
    iso = infinite.replace('infinite="1"', 'infinite="0"').replace("orthogonal", "isometric")
    (tmp_path / "iso.tmx").write_text(iso)
    assert_map_error(tmp_path / "iso.tmx", "orthogonal")


def test_pytmx_failures_become_map_errors(tmp_path):
    # pytmx refuses a custom property that shadows one of its attributes
    body = ('<object id="8" x="32" y="32" width="32" height="32"><properties>'
            '<property name="kind" value="cover"/><property name="width" value="3"/>'
            "</properties></object>")
    assert_map_error(write_map(tmp_path, layers=terrain_layer(body)), "pytmx")


def test_templates_are_refused(tmp_path):
    layer = terrain_layer('<object id="4" template="rock.tx" x="32" y="32"/>')
    assert_map_error(write_map(tmp_path, layers=layer), "template")


# --- shapes ---------------------------------------------------------------------------------------
def test_ellipse_becomes_a_polygon_on_the_ellipse(tmp_path):
    body = terrain_object("<ellipse/>", kind="cover",
                          attributes='x="32" y="16" width="64" height="32"')
    (piece,) = load_scenario(write_map(tmp_path, layers=terrain_layer(body))).terrain
    assert len(piece.polygon) == ELLIPSE_SIDES
    for x, y in piece.polygon:  # centre (4, 2), radii 2 and 1 inches
        assert ((x - 4) / 2) ** 2 + (y - 2) ** 2 == pytest.approx(1)
    xs, ys = [p[0] for p in piece.polygon], [p[1] for p in piece.polygon]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((2, 6, 1, 3))
    assert polygon_area(piece.polygon) > 0


def test_rotated_rectangle_turns_about_its_top_left_corner(tmp_path):
    body = terrain_object("", attributes='x="160" y="160" width="64" height="32" rotation="90"')
    (piece,) = load_scenario(write_map(tmp_path, layers=terrain_layer(body))).terrain
    # 4"×2" at (10, 10), turned 90° clockwise on screen about (10, 10)
    assert same_points(piece.polygon, [(10, 10), (10, 14), (8, 14), (8, 10)], 1e-6)


def test_rotated_ellipse_and_polygon(tmp_path):
    ellipse = terrain_object("<ellipse/>", object_id=1,
                             attributes='x="0" y="0" width="64" height="32" rotation="90"')
    polygon = terrain_object('<polygon points="0,0 32,0 0,16"/>', object_id=2,
                             attributes='x="64" y="64" rotation="-90"')
    ellipse_piece, polygon_piece = load_scenario(
        write_map(tmp_path, layers=terrain_layer(ellipse, polygon))).terrain
    xs = [p[0] for p in ellipse_piece.polygon]
    ys = [p[1] for p in ellipse_piece.polygon]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((-2, 0, 0, 4))
    # polygon points are relative to (4, 4) inches; -90° is counter-clockwise on screen
    assert same_points(polygon_piece.polygon, [(4, 4), (4, 2), (5, 4)], 1e-6)


def test_layer_offsets_are_applied(tmp_path):
    layer = ('<group name="g" offsetx="16" offsety="0"><objectgroup name="terrain" offsetx="0" '
             'offsety="32">' + terrain_object("", attributes='x="0" y="0" width="32" height="32"')
             + "</objectgroup></group>")
    (piece,) = load_scenario(write_map(tmp_path, layers=layer)).terrain
    assert same_points(piece.polygon, [(1, 2), (3, 2), (3, 4), (1, 4)], 1e-6)


def test_objective_names(tmp_path):
    layer = ('<objectgroup name="objectives">'
             '<object id="1" x="16" y="16"><point/></object>'
             '<object id="2" name="Well" x="48" y="160"><point/></object>'
             '<object id="3" x="32" y="32"><point/></object></objectgroup>')
    objectives = load_scenario(write_map(tmp_path, layers=layer)).objectives
    assert [(o.name, o.x, o.y) for o in objectives] == [
        ("Objective 1", 1, 1), ("Well", 3, 10), ("Objective 3", 2, 2)]


# --- units layer ----------------------------------------------------------------------------------
def test_units_layer_gives_placements(tmp_path):
    layer = ('<objectgroup name="units">'
             '<object id="20" x="32" y="48"><properties>'
             '<property name="side" type="int" value="1"/><property name="unit" value="raiders_a"/>'
             '<property name="facing" type="float" value="180"/></properties><point/></object>'
             '<object id="21" x="16" y="16"><properties>'
             '<property name="side" type="int" value="0"/><property name="unit" value="wardens_b"/>'
             "</properties><point/></object></objectgroup>")
    placements = load_scenario(write_map(tmp_path, layers=layer)).placements
    assert placements == (UnitPlacement(1, "raiders_a", 2.0, 3.0, 180.0),
                          UnitPlacement(0, "wardens_b", 1.0, 1.0, None))


def test_unit_marker_problems(tmp_path):
    no_unit = ('<objectgroup name="units"><object id="20" x="32" y="48"><properties>'
               '<property name="side" type="int" value="0"/></properties><point/></object>'
               "</objectgroup>")
    assert_map_error(write_map(tmp_path, layers=no_unit), "object 20", "unit")
    bad_side = no_unit.replace('value="0"/>', 'value="5"/><property name="unit" value="u"/>')
    assert_map_error(write_map(tmp_path, layers=bad_side), "side 5")


# --- the generator --------------------------------------------------------------------------------
def load_generator():
    spec = importlib.util.spec_from_file_location("make_maps", REPO / "tools" / "make_maps.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_maps"] = module
    spec.loader.exec_module(module)
    return module


def files_under(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    import pygame

    image = pygame.image.load(str(path))
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


def test_generator_is_deterministic_and_matches_the_shipped_files(tmp_path):
    generator = load_generator()
    assert generator.main(["--out", str(tmp_path / "first")]) == 0
    assert generator.main(["--out", str(tmp_path / "second")]) == 0
    first, second = files_under(tmp_path / "first"), files_under(tmp_path / "second")
    assert first == second
    # the committed files are what the script makes (PNG compared by pixels: zlib may differ)
    for name, content in first.items():
        shipped = MAPS_DIR / name
        assert shipped.is_file(), f"maps/{name} is missing: run tools/make_maps.py"
        if name.endswith(".png"):
            assert pixels(shipped) == pixels(tmp_path / "first" / name), name
        else:
            assert shipped.read_bytes() == content, f"maps/{name} is stale: run tools/make_maps.py"

