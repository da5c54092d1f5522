"""The charge-move search's shortcut (charge_moves._search): a candidate placement with no
model in base contact is skipped before the rest of move_problem (contact is its last and
cheapest check). Tested against the long way: the same placement, found or not, for every
roll of every charge in reach at the declarations of a greedy battle."""

from game.rulesets.legions import charge_moves
from tests.rulesets.legions.battle import declaration_stages


def _long_search(s, geo, unit_id, target_id, allowance, what, need_contact):
    """charge_moves._search without its shortcut: every new candidate checked in full."""
    here = {m.id: (m.x, m.y) for m in s.alive_models(unit_id)}
    if need_contact and charge_moves.in_contact_with(s, geo, unit_id, target_id):
        return here
    seen = set()
    for dest in charge_moves.candidates(s, geo, unit_id, target_id, allowance, need_contact):
        key = tuple(sorted(dest.items()))
        if key in seen or all(tuple(v) == here[k] for k, v in dest.items()):
            continue
        seen.add(key)
        if charge_moves.move_problem(s, geo, unit_id, target_id, dest, allowance, what,
                                     need_contact) is None:
            return dest
    return None


def test_the_placement_search_checks_contact_first_and_finds_what_the_long_way_does():
    stages, geo = declaration_stages(0, 8)
    compared = found = 0
    for s, legal in stages:
        for a in legal:
            if a.kind != "declare_charge":
                continue
            gap = geo.unit_distance(s, a.unit, a.targets[0])
            for roll in range(max(1, int(gap)), 7):
                args = (s, geo, a.unit, a.targets[0], float(roll), charge_moves.CHARGE_MOVE, True)
                quick = charge_moves._search(*args)
                assert quick == _long_search(*args)
                compared += 1
                found += quick is not None
    assert compared > 20 and 0 < found < compared
