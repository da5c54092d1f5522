"""`benchmarks.positions_at_budget`: the strong move counted over searchers at a budget."""

from benchmarks import positions_at_budget


def test_without_a_budget_the_search_plays_the_positions_strong_move():
    """Without a budget the search is the position test's (deterministic): it joins the
    friend's fight, and the count says so; a predicate no move meets counts none."""
    played, used = positions_at_budget.hits("wb_join", 1, None)
    assert played == 1 and len(used) == 1 and used[0] > 0
    setup, _ = positions_at_budget.POSITIONS["wb_join"]
    positions_at_budget.POSITIONS["never"] = (setup, lambda action: False)
    try:
        assert positions_at_budget.hits("never", 1, None)[0] == 0
    finally:
        del positions_at_budget.POSITIONS["never"]
