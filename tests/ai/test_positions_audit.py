"""The positions audit (`benchmarks/positions_audit.py`) names real soundness tests and
reports a position's paired gain as the tests' helpers compute it."""

from benchmarks import positions_audit
from tests.ai.positions import (
    test_charge_reach,
    test_counter_attack,
    test_first_positions,
    test_flank,
    test_more_positions,
)


def test_every_audited_position_names_a_test_that_exists():
    modules = (test_charge_reach, test_counter_attack, test_first_positions, test_flank,
               test_more_positions)
    names = {name for module in modules for name in dir(module) if name.startswith("test_")}
    missing = [p.test for p in positions_audit.POSITIONS if p.test.split("[")[0] not in names]
    assert not missing


def test_a_position_decided_with_no_dice_gains_alike_on_every_line():
    """Warband's Axeman walking off the objective toward a Zealot that cannot reach it: the
    end turn keeps it, 3 points on every line."""
    index = next(i for i, p in enumerate(positions_audit.POSITIONS)
                 if p.test.endswith("keeping_it[40.0]"))
    greedy, rows, _ = positions_audit.audit(index, 3)
    assert greedy.startswith("move") and rows == [("end_phase", 3.0, 0.0)]
    assert "  sound" in positions_audit.report(index, 3, (greedy, rows, 0.0))
