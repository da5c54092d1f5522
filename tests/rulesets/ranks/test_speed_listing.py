"""A unit's whole list of moves kept under its near ground (offers.moves, issue 13, engine
speed): every other ground of the unit lies within the near one, so the kept list is the list
solved afresh while no base near the unit moves, wherever the others go."""

from game.rulesets.ranks import RanksRuleset, evaluation, ground, movement, offers, recall
from tests.rulesets.ranks.test_speed import living_units, shipped_battle_positions


def forget_everything():
    offers._kept.clear()
    offers._grounds.clear()
    evaluation.forget()
    recall.forget()


def inside(box, near):
    return near[0] <= box[0] and near[1] <= box[1] and box[2] <= near[2] and box[3] <= near[3]


def goals_of(ruleset, s, geo, unit_id):
    nearest = RanksRuleset._nearest_enemy_point(s, unit_id)
    return ruleset._goals(s, geo, unit_id, nearest), nearest


def test_every_ground_of_a_unit_lies_within_its_near_ground():
    """Over two shipped battles' positions: each goal's March, the turns, each turn with an
    advance and the flight lie within the near ground (the kept list relies on it)."""
    for seed in (3, 4):
        ruleset, geo, states = shipped_battle_positions(steps=80, seed=seed)
        for s, unit_id in living_units(states):
            near = ground.near(s, unit_id)
            goals, _ = goals_of(ruleset, s, geo, unit_id)
            boxes = [ground.march(s, unit_id, point) for point in [None, *goals.values()]]
            boxes += [ground.turns(s, unit_id), ground.flight(s, unit_id)]
            boxes += [ground.turn_ahead(s, unit_id, d) for d in movement.TURNS]
            assert all(inside(box, near) for box in boxes)


def meets(box, other):
    return box[0] <= other[2] and other[0] <= box[2] and box[1] <= other[3] and other[1] <= box[3]


def test_a_kept_list_of_moves_is_the_list_solved_afresh_after_far_and_near_moves():
    """Each unit's moves, listed again after a base far from it moved (the kept list is found
    again) and after a base beside it moved (solved again), are the moves worked out with
    nothing kept."""
    ruleset, geo, states = shipped_battle_positions(steps=40)
    found_again = solved_again = 0
    for s in states:
        if s.phase != "orders":
            continue
        for unit in s.units_of(s.active):
            if unit.flags.get("order") or unit.flags.get("contact_at_start"):
                continue
            goals, nearest = goals_of(ruleset, s, geo, unit.id)
            near = ground.near(s, unit.id)
            rows = [row for row in offers.Bases(s).rows if row[1] != unit.id]
            far = [row[2][0] for row in rows if not meets(row[0], ground.grown(near, 1.0))]
            close = [row[2][0] for row in rows if meets(row[0], near)]
            for model_id in far[:1] + close[:1]:
                offers.moves(s, geo, unit.id, goals, nearest)
                trial = s.copy()
                trial.models[model_id].x += 0.5
                kept = len(offers._kept)
                listed = offers.moves(trial, geo, unit.id, goals, nearest)
                again = len(offers._kept) == kept
                found_again += again
                solved_again += not again
                forget_everything()
                assert listed == offers.moves(trial, geo, unit.id, goals, nearest)
    assert found_again > 5 and solved_again > 5


def test_a_list_that_read_a_ground_past_the_near_one_is_not_kept(monkeypatch):
    """With the near ground cut down to nothing, every other ground reaches past it: the
    moves are listed all the same, and the list is not kept."""
    ruleset, geo, states = shipped_battle_positions(steps=4)
    s = next(s for s in states if s.phase == "orders")
    unit_id = next(u.id for u in s.units_of(s.active))
    goals, nearest = goals_of(ruleset, s, geo, unit_id)
    forget_everything()
    expected = offers.moves(s, geo, unit_id, goals, nearest)
    forget_everything()
    monkeypatch.setattr(ground, "near", lambda s, unit_id: (0.0, 0.0, 0.0, 0.0))
    assert offers.moves(s, geo, unit_id, goals, nearest) == expected
    assert not any(name[0] == "moves" for _, name in offers._kept)
