"""The ranks engine's shortcuts in planning moves and reading positions (issue 13, engine
speed) against the long way: each gives what the computation without it gives."""

from game.rulesets.ranks import movement
from tests.rulesets.ranks.test_speed import forget_everything, listing, shipped_battle_positions


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
    for s in states:
        for unit_id in s.units:
            if not s.unit_alive(unit_id):
                continue
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
