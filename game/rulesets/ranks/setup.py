"""Building a `ranks` battle: the shared state builder, then each unit formed up as a rigid
block (files x ranks, bases side by side) with its officer and general, deployed whole.

Why not the shared auto-deployment: it stands models in loose circles, while a ranks unit is one
block of touching bases. Deployment here uses the same idea (front of the zone first, from the
middle outwards) with the block's real rectangle.
"""

from __future__ import annotations

import math

from game.core.errors import MapError
from game.core.i18n import join, msg
from game.core.polygons import bounds, point_in_polygon
from game.core.state import GameState, Scenario, frozen_profile
from game.rulesets import setup as shared
from game.rulesets.ranks import formation
from game.rulesets.ranks.formation import Frame
from game.rulesets.ranks.profile import DEFAULT_FORCES, ranks_data
from game.rulesets.ranks.shapes import boxes_meet, convex_meets_polygon, penetration

OFFICER, GENERAL, PANICKED = "officer", "general", "panicked"
#: The name of the base that is a unit's officer or the army's general ("Spear Wall officer").
ROLE_NAMES = {OFFICER: lambda unit: msg("{unit} officer", unit=unit),
              GENERAL: lambda unit: msg("{unit} general", unit=unit)}
#: Room kept between two blocks at deployment (inches), and the step of the anchor search.
UNIT_GAP = 1.5
ANCHOR_STEP = 0.5
#: Blocks are deployed at least this far inside the table's edge.
EDGE_MARGIN = 0.01
#: Zones a map does not give: a strip this deep along each side's table edge.
DEFAULT_ZONE_DEPTH = 12.0


def build_state(ruleset_id: str, scenario: Scenario, seed: int,
                armies: list[tuple[str, str, list[str]]]) -> GameState:
    """A state with the armies formed up (slots, officer, general) but not placed."""
    s = shared.build_state(ruleset_id, scenario, seed, ranks_data(), armies, wounds_key="AV")
    for unit in s.units.values():
        form_up(s, unit.id)
    s.phase = "orders"
    return s


def build_game(ruleset_id: str, scenario: Scenario, seed: int,
               forces: list[str] | None = None) -> GameState:
    data = ranks_data()
    chosen = list(forces or [scenario.forces.get(i, DEFAULT_FORCES[i])
                             for i in range(len(DEFAULT_FORCES))])
    armies = []
    for force_id in chosen:
        force = data.force(force_id)
        armies.append((force.name, force.id, list(force.units)))
    s = build_state(ruleset_id, scenario, seed, armies)
    placed = place_from_map(s)
    failed = deploy(s, placed)
    if failed:
        names = join(s.units[u].name for u in failed)
        raise MapError(scenario.source or "map", msg("no room to deploy {units} in its zone",
                                                     units=names))
    return s


def form_up(s: GameState, unit_id: str) -> None:
    """Slots in files x ranks; the general, then the officer, take the front-rank slots
    nearest the centre; the general's base gets its own CV and AV."""
    unit = s.units[unit_id]
    files = max(1, min(int(unit.profile["files"]), len(unit.models)))
    unit.flags["files"] = files
    unit.flags["slots"] = formation.initial_slots(unit.models, files)
    front = sorted(unit.models[:files],
                   key=lambda mid: (abs(unit.models.index(mid) - (files - 1) / 2), mid))
    roles = []
    if unit.profile.get("general"):
        roles.append(GENERAL)
    if unit.profile.get("officer"):
        roles.append(OFFICER)
    for role, mid in zip(roles, front, strict=False):
        model = s.models[mid]
        model.statuses = model.statuses | {role}
        model.name = ROLE_NAMES[role](unit.name)
        if role == GENERAL:
            stats = dict(model.profile)
            stats["CV"] = int(stats.get("general_CV", stats["CV"]))
            stats["AV"] = int(stats.get("general_AV", stats["AV"]))
            model.profile = frozen_profile(stats)
            model.wounds = model.max_wounds = stats["AV"]


def stand(s: GameState, unit_id: str, x: float, y: float, facing: float) -> None:
    """Stand the block with the middle of its front edge on (x, y), facing `facing`."""
    formation.apply_frame(s, unit_id, Frame(x, y, facing))


def place_from_map(s: GameState) -> set[str]:
    """Units the map's `units` layer names stand there (front centre on the point)."""
    placed: set[str] = set()
    for p in s.scenario.placements:
        candidates = [u.id for u in s.units.values()
                      if u.side == p.side and u.kind == p.unit and u.id not in placed]
        if not candidates:
            raise MapError(s.scenario.source or "map",
                           msg("units layer names {unit} for side {side}, not in that force",
                               unit=repr(p.unit), side=p.side))
        facing = p.facing if p.facing is not None else (0.0 if p.side == 0 else 180.0)
        stand(s, candidates[0], p.x, p.y, facing)
        placed.add(candidates[0])
    return placed


def _zone(sc: Scenario, side: int, sides: int) -> tuple:
    zone = sc.deployment.get(side)
    if zone:
        return tuple(zone)
    depth = DEFAULT_ZONE_DEPTH
    w, h = sc.width, sc.height
    strips = [((0, 0), (depth, 0), (depth, h), (0, h)),
              ((w - depth, 0), (w, 0), (w, h), (w - depth, h)),
              ((0, 0), (w, 0), (w, depth), (0, depth)),
              ((0, h - depth), (w, h - depth), (w, h), (0, h))]
    return strips[side % 4]


def deploy(s: GameState, placed: set[str]) -> list[str]:
    """Deploy every unit not placed by the map in its side's zone; returns those that did not
    fit. Blocks face the table's centre (to the nearest quarter turn), as far forward as they
    fit, spreading sideways from the zone's middle, UNIT_GAP apart."""
    sc = s.scenario
    blockers = [t.polygon for t in sc.terrain if "impassable" in t.kinds]
    taken = [formation.footprint(formation.frame_of(s, u), formation.extent(s, u))
             for u in placed]
    failed = []
    for unit in s.units.values():
        if unit.id in placed:
            continue
        zone = _zone(sc, unit.side, len(s.sides))
        spot = _find_spot(s, unit.id, zone, blockers, taken)
        if spot is None:
            failed.append(unit.id)
            continue
        stand(s, unit.id, *spot)
        taken.append(formation.footprint(formation.frame_of(s, unit.id),
                                         formation.extent(s, unit.id)))
    return failed


def _find_spot(s: GameState, unit_id: str, zone: tuple, blockers: list, taken: list):
    sc = s.scenario
    zx = sum(p[0] for p in zone) / len(zone)
    zy = sum(p[1] for p in zone) / len(zone)
    towards = math.degrees(math.atan2(sc.height / 2 - zy, sc.width / 2 - zx))
    facing = (round(towards / 90.0) * 90.0) % 360.0
    fx, fy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
    rx, ry = -fy, fx
    ext = formation.extent(s, unit_id)
    low_x, low_y, high_x, high_y = bounds(zone)
    zone_box = [(low_x, low_y), (high_x, low_y), (high_x, high_y), (low_x, high_y)]
    # anchor steps that can fall inside the zone, along the facing and across it
    alongs = [((x - zx) * fx + (y - zy) * fy) / ANCHOR_STEP for x, y in zone_box]
    acrosses = [((x - zx) * rx + (y - zy) * ry) / ANCHOR_STEP for x, y in zone_box]
    ahead = range(math.floor(max(alongs)), math.ceil(min(alongs)) - 1, -1)
    sideways_steps = sorted(range(math.ceil(min(acrosses)) - 1, math.floor(max(acrosses)) + 2),
                            key=lambda k: (abs(k), k))
    for forward in ahead:
        for sideways in sideways_steps:
            ax = zx + (fx * forward + rx * sideways) * ANCHOR_STEP
            ay = zy + (fy * forward + ry * sideways) * ANCHOR_STEP
            if not point_in_polygon((ax, ay), zone):
                continue
            frame = Frame(ax, ay, facing)
            corners = formation.footprint(frame, ext)
            if not all(EDGE_MARGIN <= x <= sc.width - EDGE_MARGIN
                       and EDGE_MARGIN <= y <= sc.height - EDGE_MARGIN for x, y in corners):
                continue
            if not all(point_in_polygon(p, zone) for p in corners):
                continue
            box = bounds(corners)
            if any(boxes_meet(box, bounds(poly)) and convex_meets_polygon(corners, poly)
                   for poly in blockers):
                continue
            grown = formation.footprint(frame, ext, shrink=-UNIT_GAP)
            if any(penetration(grown, other) > 0.0 for other in taken):
                continue
            return ax, ay, facing
    return None


__all__ = ["build_state", "build_game", "stand", "OFFICER", "GENERAL", "PANICKED",
           "DEFAULT_FORCES"]
