"""The ranks engine's reads of a position written as plain passes (issue 13, engine speed)
against the long way each replaced: the same answer, ties and all."""

import importlib
import random

from game.rulesets.ranks import combat, formation, offers, panic, recall
from tests.rulesets.ranks.test_speed import shipped_battle_positions


def long_nearest_enemy(s, unit_id):
    """`combat._nearest_enemy` as it was: the enemy units alive, then each one's bases."""
    mine = s.alive_models(unit_id)
    cx = sum(m.x for m in mine) / len(mine)
    cy = sum(m.y for m in mine) / len(mine)
    best = None
    for enemy in s.enemy_units(s.units[unit_id].side):
        for m in s.alive_models(enemy.id):
            d = (m.x - cx) ** 2 + (m.y - cy) ** 2
            if best is None or d < best[0]:
                best = (d, enemy.id)
    return [best[1]] if best else []


def test_the_nearest_enemy_in_one_pass_is_the_long_ways_ties_included():
    """Every living unit of two shipped battles' positions, and a position where two enemy
    units stand at the very same distance (the first in the state's order is the answer)."""
    seen = set()
    for seed in (3, 4):
        _, _, states = shipped_battle_positions(steps=80, seed=seed)
        for s in states:
            for unit_id in s.units:
                if s.unit_alive(unit_id):
                    found = combat._nearest_enemy(s, unit_id)
                    assert found == long_nearest_enemy(s, unit_id)
                    seen.update(found)
    assert len(seen) > 3
    s = states[0].copy()
    mine = next(u for u in s.units.values() if u.side == 0)
    cx = sum(m.x for m in s.alive_models(mine.id)) / len(s.alive_models(mine.id))
    cy = sum(m.y for m in s.alive_models(mine.id)) / len(s.alive_models(mine.id))
    first, second = [u for u in s.units.values() if u.side == 1][:2]
    for unit, dx in ((first, 7.0), (second, -7.0)):
        for m in s.alive_models(unit.id):
            m.x, m.y = cx + dx, cy
    assert combat._nearest_enemy(s, mine.id) == long_nearest_enemy(s, mine.id) == [first.id]


def test_position_keys_made_by_comprehension_are_the_keys_generators_made():
    """`recall.board` and the contacts' key, lists made by comprehension and then tupled,
    are the tuples generators made, position after position of a shipped battle."""
    contacts_module = importlib.import_module("game.rulesets.ranks.contacts")
    _, _, states = shipped_battle_positions(steps=60)
    for s in states:
        assert recall.board(s) == (
            recall.table_token(s),
            tuple((m.id, m.x, m.y, m.facing) for m in s.models.values() if m.alive),
            tuple((u.id, u.kind, u.flags.get("slots"), u.flags.get("files"))
                  for u in s.units.values()))
        assert contacts_module._key(s) == tuple((m.id, m.x, m.y, m.facing)
                                                for m in s.models.values() if m.alive)


def test_a_units_own_key_hashed_once_is_the_plain_tuple():
    """`offers.own_key` (a `HashedKey`) equals the plain tuple of the same values and hashes
    as it does, so answers kept under either are found under the other; position after
    position of a shipped battle, for every living unit."""
    _, _, states = shipped_battle_positions(steps=40)
    for s in states:
        for unit_id, unit in s.units.items():
            if not s.unit_alive(unit_id):
                continue
            key = offers.own_key(s, unit_id)
            plain = (recall.table_token(s), unit_id, unit.kind, unit.profile["M"],
                     unit.flags["slots"], unit.flags["files"],
                     tuple((m.id, m.x, m.y, m.facing) for m in s.alive_models(unit_id)))
            assert key == plain and hash(key) == hash(plain)
            assert {key: 1}[plain] == 1 and {plain: 2}[key] == 2
            assert {(key, "turns"): 3}[(plain, "turns")] == 3


def long_front_all_panicked(s, unit_id):
    front = formation.front_rank(s, unit_id)
    return bool(front) and all(panic.is_panicked(m) for m in front)


def test_a_front_all_panicked_in_one_pass_is_the_long_ways():
    """Every living unit of a shipped battle's positions, as they stand and with some, then
    all, of its front rank panicked: the same answer as over the sorted front rank."""
    rng = random.Random(3)
    _, _, states = shipped_battle_positions(steps=40)
    answers = set()
    for s in states[::4]:
        for unit_id in s.units:
            if not s.unit_alive(unit_id):
                continue
            front = formation.front_rank(s, unit_id)
            for share in (0.0, 0.5, 1.0):
                trial = s.copy()
                for m in front:
                    if rng.random() < share:
                        trial.models[m.id].statuses = m.statuses | {panic.PANICKED}
                found = panic.front_all_panicked(trial, unit_id)
                assert found == long_front_all_panicked(trial, unit_id)
                answers.add(found)
    assert answers == {True, False}


def test_a_block_read_at_once_is_its_frame_and_extent_read_apart():
    """`formation.block` (the living slots read once) is `(frame_of, extent)` for every unit
    of two shipped battles' positions, and refuses a unit with no living base as they do."""
    import pytest

    blocks = 0
    for seed in (3, 4):
        _, _, states = shipped_battle_positions(steps=80, seed=seed)
        for s in states[::5]:
            for unit_id in s.units:
                if s.unit_alive(unit_id):
                    assert formation.block(s, unit_id) == (formation.frame_of(s, unit_id),
                                                           formation.extent(s, unit_id))
                    blocks += 1
    assert blocks > 50
    s = states[-1].copy()
    unit_id = next(iter(s.units))
    for mid in s.units[unit_id].models:
        s.models[mid].alive = False
    for read in (formation.block, formation.frame_of, formation.extent):
        with pytest.raises(ValueError):
            read(s, unit_id)
