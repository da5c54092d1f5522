"""A Move or Run intent's greedy value is remembered (move_value.Board.intent_values) under
the unit's models, how it moves, its goal's point, its allowance, the enemy models and the
tallies at the objectives in its reach: the same float as worked out afresh on a board of its
own, at every Movement decision of greedy battles (where each Move leaves the other units'
values remembered), and when a friend steps onto an objective (the tallies change, the enemy
not)."""

from game.rulesets.legions import move_value
from tests.rulesets.legions.battle import declaration_stages


def _fresh(s, geo, a):
    return move_value._move_value(s, move_value.Board(s.copy(), geo), a, None)


def _intents(legal):
    return [a for a in legal if a.kind == "move" and not a.placement]


def test_remembered_intent_values_are_those_worked_out_afresh():
    compared = remembered = 0
    for seed in (0, 1):
        stages, geo = declaration_stages(seed, 40, "move")
        for s, legal in stages:
            b = move_value.board(s, geo)
            for a in _intents(legal):
                values = b.intent_values(s.units[a.unit].side)
                known = len(values)
                value = move_value.move_value(s, geo, a)
                remembered += len(values) == known
                assert value == _fresh(s, geo, a)
                compared += 1
    assert compared > 300 and remembered > 100


def test_a_friend_stepping_onto_an_objective_is_valued_against_the_new_tallies():
    """A friend of another unit stood on the objective nearest the moving unit (its tally
    changes, the enemy's models do not): every intent is valued afresh, and some values do
    change."""
    stages, geo = declaration_stages(0, 40, "move")
    compared = changed = 0
    for s, legal in stages:
        for a in _intents(legal):
            before = move_value.move_value(s, geo, a)
            mine = s.alive_models(a.unit)
            friend = next((m for m in s.models.values() if m.alive and m.side == mine[0].side
                           and m.unit != a.unit), None)
            if friend is None:
                continue
            cx = sum(m.x for m in mine) / len(mine)
            cy = sum(m.y for m in mine) / len(mine)
            obj = min(s.scenario.objectives, key=lambda o: (o.x - cx) ** 2 + (o.y - cy) ** 2)
            moved = s.copy()
            moved.models[friend.id].x, moved.models[friend.id].y = obj.x, obj.y
            after = move_value.move_value(moved, geo, a)
            assert after == _fresh(moved, geo, a)
            changed += after != before
            compared += 1
    assert compared > 100 and changed > 10
