"""The ranks engine's shortcuts in planning moves and reading positions (issue 13, engine
speed) against the long way: each gives what the computation without it gives."""

from game.rulesets.ranks import movement
from tests.rulesets.ranks.test_speed import (
    forget_everything,
    listing,
    living_units,
    shipped_battle_positions,
)


def test_a_planned_advance_is_planned_once_and_is_the_plan_made_afresh():
    """`movement.planned` plans each advance once, and gives the very plan asked again."""
    asked = []

    def plan_for(distance):
        asked.append(distance)
        return movement.Plan(None, distance)

    plan = movement.planned(plan_for)
    first = [plan(d) for d in (4.0, 2.0, 4.0, 3.99, 2.0)]
    assert asked == [4.0, 2.0, 3.99]
    assert first == [movement.Plan(None, d) for d in (4.0, 2.0, 4.0, 3.99, 2.0)]


def test_moves_offered_with_plans_kept_are_the_moves_planned_afresh(monkeypatch):
    """Every march, turn and flight a shipped battle's listings offer, their advances' plans
    kept while each is solved, is the one offered when every advance is planned afresh."""
    ruleset, geo, states = shipped_battle_positions(steps=60)
    forget_everything()
    kept = [listing(ruleset, s, geo) for s in states]
    monkeypatch.setattr(movement, "planned", lambda plan_for: plan_for)
    forget_everything()
    afresh = [listing(ruleset, s, geo) for s in states]
    assert sum(1 for actions in kept for a in actions if a[0] in ("march", "turn")) > 100
    assert kept == afresh


def test_positions_written_out_are_each_slots_centre():
    """`formation.positions` (the facing's vectors read once) puts every living base of every
    unit of a shipped battle, in its own frame and in frames moved and turned, where
    `formation.slot_centre` does; and a march aimed with the block given is the one aimed
    reading it afresh."""
    from game.rulesets.ranks import formation
    from game.rulesets.ranks.formation import Frame

    _, _, states = shipped_battle_positions(steps=40)
    checked = 0
    for s, unit_id in living_units(states):
        frame = formation.frame_of(s, unit_id)
        files = formation.files_of(s, unit_id)
        width, depth = formation.base_size(s, unit_id)
        for moved in (frame, Frame(frame.x + 1.3, frame.y - 0.7, frame.facing + 37.5)):
            assert formation.positions(s, unit_id, moved) == {
                mid: formation.slot_centre(moved, rank, file, files, width, depth)
                for mid, (rank, file) in formation.slot_map(s, unit_id).items()}
            checked += 1
        for point in (None, (10.0, 10.0), (frame.x + 3.0, frame.y - 8.0)):
            assert movement.march_aim(s, unit_id, point, formation.block(s, unit_id)) == (
                long_march_aim(s, unit_id, point))
    assert checked > 500


def long_march_aim(s, unit_id, point):
    """`movement.march_aim` as it was: the block read afresh by each step."""
    import math

    from game.rulesets.ranks import formation
    from game.rulesets.ranks.shapes import signed_turn

    start, ext = formation.block(s, unit_id)
    budget = movement.allowance(s, unit_id)
    degrees = 0.0
    if point is not None:
        frame, ext = formation.block(s, unit_id)
        fx, fy = formation.front_centre(frame, ext)
        wanted = math.degrees(math.atan2(point[1] - fy, point[0] - fx))
        degrees = signed_turn(wanted - frame.facing)
    degrees = movement.wheel_within(ext, degrees, budget)
    degrees = math.copysign(math.floor(abs(degrees) * 1000) / 1000, degrees)
    left = budget - formation.wheel_cost(ext, degrees)
    if left < -1e-9:
        return None
    reach = max(left, 0.0)
    if point is not None:
        wheeled = formation.wheeled(start, ext, degrees)
        fx, fy = formation.front_centre(wheeled, ext)
        ahead = ((point[0] - fx) * math.cos(math.radians(wheeled.facing))
                 + (point[1] - fy) * math.sin(math.radians(wheeled.facing)))
        reach = min(reach, max(ahead, 0.0))
    return degrees, reach


def long_contacts(s, geo):
    """`contacts._analyse` the long way: every pair of living enemy bases, in the state's
    order, the table asked both ways of those whose circles come within the tolerance."""
    from game.core.geometry import CONTACT_TOLERANCE
    from game.rulesets.ranks.contacts import ASIDE, EXPOSED
    from game.rulesets.ranks.geometry import ranks_geometry

    arcs = ranks_geometry(geo)
    alive = [m for m in s.models.values() if m.alive]
    pairs = {}
    for i, a in enumerate(alive):
        for b in alive[i + 1:]:
            reach = a.base.radius + CONTACT_TOLERANCE + b.base.radius
            if a.side == b.side or (a.x - b.x) ** 2 + (a.y - b.y) ** 2 > reach * reach:
                continue
            kind_a = arcs.contact_kind(a, b)
            if kind_a is None:
                continue
            kind_b = arcs.contact_kind(b, a) or ASIDE
            if kind_a == ASIDE and kind_b == ASIDE:
                continue
            pairs.setdefault(a.id, []).append((b.id, EXPOSED if kind_a == ASIDE else kind_a))
            pairs.setdefault(b.id, []).append((a.id, EXPOSED if kind_b == ASIDE else kind_b))
    return {mid: tuple(sorted(v)) for mid, v in pairs.items()}


def test_contacts_met_along_x_are_every_pair_asked_in_the_states_order():
    """The contacts of every position of two shipped battles (pairs met along x, each taken
    in the state's order) are those of every pair of enemy bases asked in that order, and
    some bases touch."""
    from game.rulesets.ranks.contacts import _analyse

    touching = 0
    for seed in (1, 3):
        _, geo, states = shipped_battle_positions(steps=120, seed=seed)
        for s in states:
            found = _analyse(s, geo).pairs
            assert found == long_contacts(s, geo)
            touching += bool(found)
    assert touching > 20


def test_a_charge_arc_read_with_the_block_given_is_the_arc_read_afresh():
    """`charge.target_arc` given the charger's block (as `_approach` gives it) is the arc it
    reads without, for every unit and enemy of a shipped battle's positions."""
    from game.rulesets.ranks import charge, formation

    _, geo, states = shipped_battle_positions(steps=40)
    arcs = set()
    for s in states:
        for unit in s.units.values():
            if not s.unit_alive(unit.id):
                continue
            for enemy in s.enemy_units(unit.side):
                arc = charge.target_arc(s, geo, unit.id, enemy.id)
                assert charge.target_arc(s, geo, unit.id, enemy.id,
                                         formation.block(s, unit.id)) == arc
                arcs.add(arc)
    assert len(arcs) >= 3


def long_end_problem(sur, s, unit_id, frame):
    """`sweep.end_problem` as it was: each corner of the block tried against the table's
    edges one by one."""
    from game.core.i18n import msg
    from game.core.polygons import bounds
    from game.rulesets.ranks import formation, sweep
    from game.rulesets.ranks.shapes import boxes_meet, penetration

    ext = formation.extent(s, unit_id)
    outline = formation.footprint(frame, ext)
    margin = sweep.EDGE_MARGIN
    if not all(margin <= x <= sur.width - margin and margin <= y <= sur.height - margin
               for x, y in outline):
        for mid, full in sweep.base_rects(s, unit_id, frame):
            if not all(margin <= x <= sur.width - margin and margin <= y <= sur.height - margin
                       for x, y in full):
                return msg("{base} would be off the table", base=s.models[mid].name)
    near = sur.near(bounds(outline), difficult=False)
    others = near.enemies + near.friends
    if not others and not near.impassable:
        return None
    depth = sweep.TOLERANCE - sweep.SAFETY
    for mid, rect in sweep.base_rects(s, unit_id, frame):
        box = bounds(rect)
        for row in others:
            if boxes_meet(box, row.box) and penetration(rect, row.polygon) > depth:
                return msg("{base} would overlap {other}", base=s.models[mid].name,
                           other=row.name)
        for row in near.impassable:
            if boxes_meet(box, row.box) and row.sinks_in(rect, depth):
                return msg("{base} would be inside impassable {terrain}",
                           base=s.models[mid].name, terrain=row.name)
    return None


def long_close_call(sur, s, unit_id, dest, facing):
    """`sweep.close_call` as it was: each corner tried against the table's edges."""
    from game.core.polygons import bounds
    from game.rulesets.ranks import formation, sweep
    from game.rulesets.ranks.shapes import rect_corners

    width, depth = formation.base_size(s, unit_id)
    corners = [p for x, y in dest.values()
               for p in rect_corners(x, y, facing, width, depth, -sweep.CLOSE_CALL)]
    near = sur.near(bounds(corners), difficult=False)
    call = sweep.CLOSE_CALL
    return bool(near.enemies or near.friends or near.impassable
                or not all(call <= x <= sur.width - call and call <= y <= sur.height - call
                           for x, y in corners))


def test_ends_and_close_calls_read_from_the_corners_box_are_the_corner_by_corner_ones():
    """Units of a shipped battle's positions stood where they are, all over the table, and
    with their block's box at many distances from each edge (a hair either side of the edge
    margin and of the close-call margin): the end problem and the close call read from the
    corners' box are those tried corner by corner; blocks off the table, close calls and
    clear ends all occur."""
    import random

    from game.core.polygons import bounds
    from game.rulesets.ranks import formation, sweep
    from game.rulesets.ranks.formation import Frame

    _, _, states = shipped_battle_positions(steps=30)
    rng = random.Random(31)
    call, margin = sweep.CLOSE_CALL, sweep.EDGE_MARGIN
    distances = [d + nudge for d in (0.0, margin, call, 2 * call, 2.5 * call, 3 * call)
                 for nudge in (-1e-6, 0.0, 1e-6)]
    off, calls = 0, set()
    for s in states[::10]:
        for unit_id in s.units:
            if not s.unit_alive(unit_id):
                continue
            sur = sweep.Surroundings(s, unit_id)
            start, ext = formation.block(s, unit_id)
            frames = [start] + [Frame(rng.uniform(-1, sur.width + 1),
                                      rng.uniform(-1, sur.height + 1), rng.uniform(0, 360))
                                for _ in range(6)]
            for facing in (0.0, 37.0, 90.0):
                x0, y0, x1, y1 = bounds(formation.footprint(Frame(0.0, 0.0, facing), ext))
                mid_x, mid_y = sur.width / 2 - (x0 + x1) / 2, sur.height / 2 - (y0 + y1) / 2
                for d in distances:
                    frames += [Frame(d - x0, mid_y, facing),
                               Frame(sur.width - d - x1, mid_y, facing),
                               Frame(mid_x, d - y0, facing),
                               Frame(mid_x, sur.height - d - y1, facing)]
            for frame in frames:
                found = sweep.end_problem(sur, s, unit_id, frame)
                assert found == long_end_problem(sur, s, unit_id, frame)
                off += bool(found and "off the table" in found)
                dest = formation.positions(s, unit_id, frame)
                close = sweep.close_call(sur, s, unit_id, dest, frame.facing)
                assert close == long_close_call(sur, s, unit_id, dest, frame.facing)
                calls.add(close)
    assert off > 50 and calls == {True, False}


def test_plain_loops_answer_as_any_over_generators():
    """`charge._inside` and `sweep._any_meets` (plain loops) answer as `any` over the
    generators they replace, over random spans and boxes, those that meet edge to edge
    included; so does `Contacts.in_contact`, and the valuation's distance to the nearest
    enemy is the one summed and taken from generators, over a shipped battle."""
    import math
    import random

    from game.rulesets.ranks import charge, evaluation, sweep
    from game.rulesets.ranks.contacts import contacts
    from game.rulesets.ranks.shapes import boxes_meet

    rng = random.Random(37)
    seen = set()
    for _ in range(3000):
        spans = [tuple(sorted((rng.randint(-8, 8) / 4, rng.randint(-8, 8) / 4)))
                 for _ in range(rng.randint(0, 3))]
        slide = rng.randint(-9, 9) / 4
        inside = charge._inside(slide, spans)
        assert inside == any(low < slide < high for low, high in spans)
        box = tuple(sorted((rng.randint(0, 8), rng.randint(0, 8))))
        box = (box[0], rng.randint(0, 4), box[1], rng.randint(4, 8))
        rows = [sweep.Obstacle((x, y, x + rng.randint(0, 3), y + rng.randint(0, 3)), [], "")
                for x, y in ((rng.randint(-3, 10), rng.randint(-3, 10))
                             for _ in range(rng.randint(0, 3)))]
        meets = sweep._any_meets(box, rows)
        assert meets == any(boxes_meet(box, row.box) for row in rows)
        seen.add((inside, meets))
    assert seen == {(True, True), (True, False), (False, True), (False, False)}
    _, geo, states = shipped_battle_positions(steps=60)
    for s in states:
        found = contacts(s, geo)
        here = evaluation._position(s)
        for unit_id in s.units:
            assert found.in_contact(s, unit_id) == any(found.pairs.get(mid)
                                                       for mid in s.units[unit_id].models)
            models = s.alive_models(unit_id)
            if not models:
                continue
            cx = sum(m.x for m in models) / len(models)
            cy = sum(m.y for m in models) / len(models)
            assert here.distance(s, unit_id) == min(
                math.hypot(x - cx, y - cy)
                for x, y in here.enemies(s, s.units[unit_id].side))
