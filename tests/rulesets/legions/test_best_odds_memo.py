"""The greedy values' melee estimate remembers a model's best odds across calls
(evaluation._BESTS) under all they read: the attacker's S, WS and weapons, the weapon choice,
the target's WS and T, and its sample model's vehicle type, rear AV, saves and wounds. A
target whose sample differs in any one of those (asked after the original, so the memory is
warm) gets the long way's sum, as does every pair of a greedy battle's units
(test_expected_kills_shortcut)."""

from game.core.state import frozen_profile
from game.rulesets.legions import evaluation
from game.rulesets.legions.fight import standing
from tests.rulesets.legions.test_expected_kills_shortcut import _long_way, _positions


def _changed(s, target_id, change):
    """A copy of the position whose target models all differ as `change` says."""
    out = s.copy()
    for m in out.alive_models(target_id):
        values = dict(m.profile)
        change(values, m)
        m.profile = frozen_profile(values)
    return out


def test_a_targets_differing_sample_is_never_answered_from_memory():
    changes = [lambda v, m: v.update(Sv=max(2, int(v["Sv"]) - 1)),
               lambda v, m: v.update(Sv=min(7, int(v["Sv"]) + 1)),
               lambda v, m: v.update(Inv=4 if v.get("Inv") != 4 else 5),
               lambda v, m: setattr(m, "max_wounds", m.max_wounds + 1)]
    compared = differ = 0
    s = _positions(0, 1, 1)[0]
    for unit in s.units.values():
        if not standing(s, unit.id):
            continue
        for target in s.enemy_units(unit.side):
            before = evaluation.expected_kills(s, unit.id, target.id)
            for change in changes:
                other = _changed(s, target.id, change)
                found = evaluation.expected_kills(other, unit.id, target.id)
                assert found == _long_way(other, unit.id, target.id)
                differ += found != before
                compared += 1
    assert compared > 20 and differ > 10
