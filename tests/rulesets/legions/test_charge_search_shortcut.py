"""The placement search's shortcuts (charge_moves._search): a candidate placement with no
model in base contact is skipped before the rest of move_problem (contact is its last and
cheapest check), and so is one that breaks the coherency its unit had (move_problem measures
every moved model's path first). Tested against the long way: the same placement, found or
not, for every setup move and every roll of every charge in reach at the declarations of a
greedy battle, and for a unit already out of coherency (which need not regain it)."""

from game.rulesets.base import coherency_problem
from game.rulesets.legions import charge_moves, movement
from tests.rulesets.legions.battle import D32, declaration_stages, facing_lines


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


def _incoherent_candidates(s, geo, unit_id, target_id, allowance, need_contact):
    """How many candidates break the coherency the unit had (the second shortcut's skips)."""
    return sum(movement.coherency_kept(s, geo, unit_id, dest) is not None
               for dest in charge_moves.candidates(s, geo, unit_id, target_id, allowance,
                                                   need_contact))


def test_the_placement_search_checks_contact_first_and_finds_what_the_long_way_does():
    stages, geo = declaration_stages(0, 8)
    compared = found = skipped = 0
    for s, legal in stages:
        for a in legal:
            if a.kind != "declare_charge":
                continue
            gap = geo.unit_distance(s, a.unit, a.targets[0])
            asked = [(float(roll), charge_moves.CHARGE_MOVE, True)
                     for roll in range(max(1, int(gap)), 7)]
            asked += [(float(setup), charge_moves.SETUP_MOVE, False) for setup in range(1, 7)
                      if gap - setup <= 6]
            for allowance, what, need_contact in asked:
                args = (s, geo, a.unit, a.targets[0], allowance, what, need_contact)
                quick = charge_moves._search(*args)
                assert quick == _long_search(*args)
                compared += 1
                found += quick is not None
                skipped += _incoherent_candidates(s, geo, a.unit, a.targets[0], allowance,
                                                  need_contact) > 0
    assert compared > 40 and 0 < found < compared and skipped > 0


def test_a_unit_out_of_coherency_need_not_regain_it_in_the_search():
    """Casualties left one model 5" behind the rest: a charge placement that leaves it there
    breaks no coherency the unit had, so the search must still take it."""
    b = facing_lines(3.0, files=5)
    s, geo = b.state, b.geo
    for m in s.alive_models("s0u0")[5:]:
        m.alive = False
    straggler = s.alive_models("s0u0")[4]
    straggler.x -= 5.0 + D32
    assert movement.coherency_kept(s, geo, "s0u0", {}) is None
    assert coherency_problem(s, geo, "s0u0") is not None
    args = (s, geo, "s0u0", "s1u0", 4.0, charge_moves.CHARGE_MOVE, True)
    quick = charge_moves._search(*args)
    assert quick is not None and quick == _long_search(*args)
    assert coherency_problem(s, geo, "s0u0", quick) is not None
