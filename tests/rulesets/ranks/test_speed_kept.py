"""The ranks engine's kept answers and split work (issue 13, engine speed) against the long
way: contact kinds kept by pose, contacts met along x, objectives and arcs kept for the
valuation, charges offered apart from their refusals, integer odds, one-look caches. Each
gives what a computation with nothing kept gives."""

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rulesets.ranks import charge, evaluation, movement, offers, recall, shapes, sweep
from game.rulesets.ranks.contacts import _analyse, _kinds
from tests.rulesets.ranks.test_speed import shipped_battle_positions


def test_contacts_with_remembered_pair_kinds_are_the_contacts_worked_out_afresh():
    """Contact kinds kept by the two bases' poses (contacts.py): every position of a shipped
    battle, analysed with kinds kept from all the positions before it, gives the contacts an
    analysis with nothing kept gives; so does a table that cannot be held weakly."""
    _, geo, states = shipped_battle_positions(steps=60)
    _kinds.clear()
    warm = [_analyse(s, geo) for s in states]
    assert any(c.pairs for c in warm)
    for s, found in zip(states, warm, strict=True):
        _kinds.clear()
        assert _analyse(s, geo) == found

    class Unheld:
        """The table's answers behind a stand-in that refuses weak references."""
        __slots__ = ()

        def contact_kind(self, a, b):
            return geo.contact_kind(a, b)

        def target_arc(self, models, point):
            return geo.target_arc(models, point)

    for s, found in zip(states, warm, strict=True):
        assert _analyse(s, Unheld()) == found


def long_facing_gain(s, geo, a, facing, here):
    """`_facing_gain` as it was: the unit's models copied and moved."""
    found = here.facing(s, geo, a.unit)
    if found is None:
        return 0.0
    point, before = found
    trial = [m.copy() for m in s.alive_models(a.unit)]
    dest = a.destinations()
    for m in trial:
        m.x, m.y = dest.get(m.id, (m.x, m.y))
        m.facing = facing % 360.0
    after = geo.target_arc(trial, point) == "front"
    return evaluation.FACING_VALUE * (after - before)


def test_moves_are_valued_alike_with_objectives_kept_by_base_pose_and_afresh():
    """Objectives in range kept per base pose (evaluation._in_range) and turns weighed on
    stand-ins of the bases, their arcs kept (evaluation._arcs_after): every move of a shipped
    battle's positions is valued as with nothing kept, and each turn's facing gain (mostly
    found kept by then) is the one worked out on copied models."""
    ruleset, geo, states = shipped_battle_positions(steps=60)
    turns = 0
    for s in states:
        actions = [a for a in ruleset.legal_actions(s, geo) if a.kind in ("march", "turn")]
        warm = [ruleset.action_value(s, a, geo) for a in actions]
        cold = []
        for a in actions:
            evaluation.forget()
            cold.append(ruleset.action_value(s, a, geo))
        assert warm == cold
        here = evaluation._position(s)
        for a in actions:
            if a.kind != "turn":
                continue
            facing = s.alive_models(a.unit)[0].facing + movement.parse_option(a.option)["by"]
            assert evaluation._facing_gain(s, geo, a, facing, here) == long_facing_gain(
                s, geo, a, facing, here)
            turns += 1
    assert turns > 10


def long_charge_choices(s, geo, unit_id, sur):
    """`charge_choices` as it was: offers and refusals in one pass over the candidates."""
    out, refused = [], []
    budget = movement.allowance(s, unit_id)
    for target_id in charge.reach_candidates(s, unit_id):
        solution, _ = charge.solve(s, geo, unit_id, target_id, sur, explain=False)
        if solution is not None:
            out.append(charge.charge_action(s, unit_id, target_id, solution))
        elif geo.unit_distance(s, unit_id, target_id) <= budget + 1e-6:
            refused.append((target_id, charge.solve(s, geo, unit_id, target_id, sur)[1]))
    return out, refused


def test_charges_offered_and_refused_apart_are_the_charges_of_one_pass():
    """A listing asks for the offered charges alone (the refusals' reasons are worked out
    only for the turn's notes and the info panel): each half is the one pass's half."""
    _, geo, states = shipped_battle_positions(steps=60)
    refusals = 0
    for s in states:
        for unit in s.units_of(s.active):
            sur = sweep.Surroundings(s, unit.id)
            recall.forget()
            offered = charge.offered_charges(s, geo, unit.id, sur)
            refused = charge.refused_charges(s, geo, unit.id, sur)
            recall.forget()
            assert (offered, refused) == long_charge_choices(s, geo, unit.id, sur)
            assert charge.charge_choices(s, geo, unit.id) == (offered, refused)
            refusals += len(refused)
    assert refusals > 5


def long_with_unit(s, totals, unit_id, dest, facing):
    """`_with_unit` as it was: every row copied, each base's corner worked out twice."""
    from game.rulesets.ranks import control_value

    out = [dict(row) for row in totals]
    models = s.alive_models(unit_id)
    points = [dest.get(m.id, (m.x, m.y)) for m in models]
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    spread = max(math.hypot(x - cx, y - cy) + math.hypot(m.base.width, m.base.depth) / 2
                 for m, (x, y) in zip(models, points, strict=True))
    for i, obj in enumerate(s.scenario.objectives):
        if math.hypot(obj.x - cx, obj.y - cy) - spread > evaluation.OBJECTIVE_RANGE + 1e-6:
            continue
        for m in models:
            x, y = dest.get(m.id, (m.x, m.y))
            corner = math.hypot(m.base.width, m.base.depth) / 2
            if math.hypot(obj.x - x, obj.y - y) - corner > evaluation.OBJECTIVE_RANGE + 1e-9:
                continue
            if shapes.point_rect_distance((obj.x, obj.y), x, y, facing, m.base.width,
                                          m.base.depth) <= evaluation.OBJECTIVE_RANGE:
                out[i][m.side] = out[i].get(m.side, 0) + control_value(s, m)
    return out


def test_objective_counts_with_a_moved_unit_are_the_long_ways_and_leave_the_kept_alone():
    ruleset, geo, states = shipped_battle_positions(steps=60)
    changed = 0
    for s in states:
        here = evaluation._position(s)
        for a in ruleset.legal_actions(s, geo):
            if a.kind not in ("march", "turn", "flee"):
                continue
            totals = here.without(s, a.unit)
            before = [dict(row) for row in totals]
            facing = s.alive_models(a.unit)[0].facing
            found = evaluation._with_unit(s, totals, a.unit, a.destinations(), facing)
            assert found == long_with_unit(s, totals, a.unit, a.destinations(), facing)
            assert totals == before
            changed += found != totals
    assert changed > 0


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 24), st.lists(st.integers(1, 4), max_size=10).map(tuple))
def test_the_mean_of_bases_removed_counted_in_integers_is_the_fractions_mean(dice, armour):
    """`odds.mean_removed` (integer counts over the 6^n throws) is the mean of
    `removed_distribution` (a Fraction per outcome): the same rational, so the same float."""
    from fractions import Fraction

    from game.rulesets.ranks import odds

    long_mean = sum((k * p for k, p in odds.removed_distribution(dice, armour).items()),
                    Fraction(0))
    assert odds.mean_removed(dice, armour) == long_mean
    assert float(odds.mean_removed(dice, armour)) == float(long_mean)
    assert sum(odds.hit_ways(dice)) == 6 ** dice


def test_a_kept_answer_of_none_is_kept_and_found_in_one_look():
    """Pieces and recalled solves look their key up once: an answer of None (no March, no
    charge) is kept like any other and never solved again."""
    calls = []

    def solve():
        calls.append(1)
        return None

    _, geo, states = shipped_battle_positions(steps=1)
    offer = offers._Offer(states[0], geo, next(iter(states[0].units)))
    name = ("test piece", len(offers._kept))
    assert offer.piece(("ground",), name, solve) is None
    assert offer.piece(("ground",), name, solve) is None
    assert recall.recalled(geo, ("test answer", name), solve) is None
    assert recall.recalled(geo, ("test answer", name), solve) is None
    assert len(calls) == 2


def long_analyse(s, geo):
    """The contacts as they were found: every pair of living bases looked at, in order."""
    from game.core.geometry import CONTACT_TOLERANCE
    from game.rulesets.ranks.geometry import ASIDE, EXPOSED

    alive = [m for m in s.models.values() if m.alive]
    pairs = {}
    for i, a in enumerate(alive):
        for b in alive[i + 1:]:
            if a.side == b.side:
                continue
            reach = a.base.radius + CONTACT_TOLERANCE + b.base.radius
            if abs(a.x - b.x) > reach or abs(a.y - b.y) > reach:
                continue
            if (a.x - b.x) ** 2 + (a.y - b.y) ** 2 > reach * reach:
                continue
            kind_a = geo.contact_kind(a, b)
            if kind_a is None:
                continue
            kind_b = geo.contact_kind(b, a) or ASIDE
            if kind_a == ASIDE and kind_b == ASIDE:
                continue
            kind_a = EXPOSED if kind_a == ASIDE else kind_a
            kind_b = EXPOSED if kind_b == ASIDE else kind_b
            pairs.setdefault(a.id, []).append((b.id, kind_a))
            pairs.setdefault(b.id, []).append((a.id, kind_b))
    return ({mid: tuple(sorted(v)) for mid, v in pairs.items()},
            {m.id: m.unit for m in s.models.values()})


def test_contacts_found_along_x_are_the_contacts_of_every_pair():
    """Pairs met along x (`_analyse`) against every pair looked at: the same contacts, every
    position of two shipped battles, with and without kinds kept."""
    found = 0
    for seed in (3, 4):
        _, geo, states = shipped_battle_positions(steps=80, seed=seed)
        for s in states:
            _kinds.clear()
            fresh = _analyse(s, geo)
            assert (fresh.pairs, fresh.unit_of) == long_analyse(s, geo)
            assert _analyse(s, geo) == fresh
            found += bool(fresh.pairs)
    assert found > 5


def test_surroundings_from_a_listings_shared_rows_are_the_surroundings_made_afresh():
    """Each unit's surroundings cut from the base rows a listing makes once (offers.Bases)
    hold the same bases, in the same order, as surroundings made from the state."""

    def seen(rows):
        return [(row.box, row.polygon, row.name, row.model.id) for row in rows]

    _, _, states = shipped_battle_positions(steps=30)
    for s in states:
        shared = offers.Bases(s).obstacles()
        for unit_id in s.units:
            a, b = sweep.Surroundings(s, unit_id, shared), sweep.Surroundings(s, unit_id)
            assert seen(a.enemies) == seen(b.enemies)
            assert seen(a.friends) == seen(b.friends)
            assert (a.impassable, a.difficult, a.width, a.height) == (
                b.impassable, b.difficult, b.width, b.height)


def kept_move_value(s, geo, a):
    """The value kept for a move (None when there is none), as `move_value` looks it up."""
    here = evaluation._position(s)
    key = (here.reading(s, a.unit), a)
    if a.kind == "turn":
        key += (here.facing(s, geo, a.unit),)
    return evaluation._move_values.get(key)


def test_move_values_kept_by_the_units_reading_are_the_values_worked_out_afresh():
    """A move weighed again after other orders finds its value kept under the unit's reading
    of the position (`_Position.reading`: its bases, the objective counts without it, who
    holds each objective, the enemy bases): over two shipped battles, every move of every
    position valued with all kept since the battle began is the value worked out with
    nothing kept, and many are found kept."""
    found = 0
    for seed in (3, 4):
        ruleset, geo, states = shipped_battle_positions(steps=80, seed=seed)
        moves = [[a for a in ruleset.legal_actions(s, geo) if a.kind in ("march", "turn")]
                 for s in states]
        evaluation.forget()
        warm = []
        for s, actions in zip(states, moves, strict=True):
            found += sum(kept_move_value(s, geo, a) is not None for a in actions)
            warm.append([ruleset.action_value(s, a, geo) for a in actions])
        cold = []
        for s, actions in zip(states, moves, strict=True):
            evaluation.forget()
            cold.append([evaluation._move_value(s, geo, a, evaluation._position(s))
                         for a in actions])
        assert warm == cold
    assert found > 200


def _shifted(s, models, dx, dy=0.0):
    out = s.copy()
    for m in models:
        out.models[m.id].x += dx
        out.models[m.id].y += dy
    return out


def test_a_kept_move_value_is_not_found_once_anything_it_reads_has_changed():
    """Each part of a unit's reading changed alone (the enemy bases moved, a friend moved off
    or onto an objective, the unit's own bases shifted or panicked): the move is valued as
    with nothing kept, never with the value kept for the position before."""
    from game.rulesets.ranks.panic import PANICKED

    ruleset, geo, states = shipped_battle_positions(steps=60)
    changed = 0
    for s in states[::3]:
        moves = [a for a in ruleset.legal_actions(s, geo) if a.kind in ("march", "turn")]
        for a in moves[:4]:
            side = s.units[a.unit].side
            own = s.alive_models(a.unit)
            enemies = [m for m in s.models.values() if m.alive and m.side != side]
            friends = [m for m in s.models.values()
                       if m.alive and m.side == side and m.unit != a.unit]
            panicked = s.copy()
            panicked.models[own[-1].id].statuses = own[-1].statuses | {PANICKED}
            for other in (_shifted(s, enemies, 0.7), _shifted(s, friends, 6.0, 4.0),
                          _shifted(s, own, 0.3), panicked):
                evaluation.forget()
                before = ruleset.action_value(s, a, geo)
                warm = ruleset.action_value(other, a, geo)
                evaluation.forget()
                fresh = ruleset.action_value(other, a, geo)
                assert warm == fresh
                changed += fresh != before
    assert changed > 20


def test_a_flight_kept_by_its_ground_is_the_flight_over_the_whole_table():
    """A routed unit's flight, solved on the bases of its ground (`ground.flight`) and kept
    by them, is the flight solved with every base and piece of terrain of the table: in
    shipped battles' positions and in many random stands of blocks close about the unit."""
    from game.rulesets.ranks import ground
    from tests.rulesets.ranks.battle import Battle

    def whole_table(s, unit_id, away):
        return offers._flight(s, unit_id, away, sweep.Surroundings(s, unit_id))

    routed = 0
    for seed in (1, 2):
        ruleset, geo, states = shipped_battle_positions(steps=100, seed=seed)
        for s in states:
            for unit_id in s.units:
                if s.unit_alive(unit_id) and ruleset._routed(s, unit_id):
                    kept = ruleset._flee_action(s, geo, unit_id)
                    recall.forget()
                    offers._kept.clear()
                    assert kept == ruleset._flee_action(s, geo, unit_id)
                    threats = ruleset._threats(s, geo, unit_id)
                    points = [m.pos for u in threats for m in s.alive_models(u)]
                    away = (sum(p[0] for p in points) / len(points),
                            sum(p[1] for p in points) / len(points))
                    assert kept == whole_table(s, unit_id, away)
                    routed += 1
    assert routed > 3
    rng = random.Random(8)
    b = Battle([("Crown", "crown_host", ["sword_band", "spear_wall", "axe_band"]),
                ("League", "marcher_league", ["pike_block", "sword_band"])])
    fled = set()
    for _ in range(150):
        b.stand("s0u0", 30.0, 22.0, rng.choice([0.0, 90.0, 180.0, 270.0]))
        for unit in ("s0u1", "s0u2", "s1u0", "s1u1"):
            b.stand(unit, 30.0 + rng.uniform(-12, 12), 22.0 + rng.uniform(-12, 12),
                    rng.uniform(0.0, 360.0))
        away = (30.0 + rng.uniform(-3.0, 3.0), 22.0 + rng.uniform(-3.0, 3.0))
        offer = offers._Offer(b.state, b.geo, "s0u0")
        cut = offers._flight(b.state, "s0u0", away, offer.within(ground.flight))
        assert cut == whole_table(b.state, "s0u0", away)
        fled.add(cut is None)
    assert fled == {True, False}


def test_the_position_last_asked_for_is_found_only_for_an_equal_position():
    """`evaluation._position` hands back the position last asked for when the key is equal
    (compared, not hashed): the same object for a copy of the state, a new reading once a
    base has moved, been panicked or a unit routed, each as worked out with nothing kept."""
    from game.rulesets.ranks import panic

    _, _, states = shipped_battle_positions(steps=30)
    s = states[-1]
    evaluation.forget()
    here = evaluation._position(s)
    assert evaluation._position(s.copy()) is here
    moved, panicked, routed = s.copy(), s.copy(), s.copy()
    base = next(m for m in moved.models.values() if m.alive)
    base.x += 0.5
    mid = base.id
    panicked.models[mid].statuses = panicked.models[mid].statuses | {panic.PANICKED}
    routed.units[base.unit].flags[panic.ROUTED] = True
    for other in (moved, panicked, routed):
        found = evaluation._position(other)
        assert found is not here
        evaluation.forget()
        fresh = evaluation._position(other)
        assert (found.key, found.before) == (fresh.key, fresh.before)
        assert evaluation._position(s) is not here  # forgotten: worked out again


def test_the_contacts_last_asked_for_are_found_only_for_an_equal_position():
    """`contacts` hands back the analysis last asked for when the key is equal (compared,
    not hashed): the same object for a copy of the state, and once a base has moved, the
    analysis worked out afresh, position after position of a shipped battle."""
    import importlib

    module = importlib.import_module("game.rulesets.ranks.contacts")
    _, geo, states = shipped_battle_positions(steps=60)
    touching = 0
    for s in states:
        found = module.contacts(s, geo)
        assert module.contacts(s.copy(), geo) is found
        fresh = _analyse(s, geo)
        assert (found.pairs, found.unit_of) == (fresh.pairs, fresh.unit_of)
        touching += bool(found.pairs)
        moved = s.copy()
        for m in moved.models.values():
            if m.alive and module.contacts(s, geo).of(m.id):
                m.x += 1.5  # a base in contact stepped away
                break
        again = module.contacts(moved, geo)
        fresh = _analyse(moved, geo)
        assert (again.pairs, again.unit_of) == (fresh.pairs, fresh.unit_of)
    assert touching > 5
