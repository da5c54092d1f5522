"""The searcher's running out of time, shared by its look-aheads (the decision tree in
`search.py`, the turn rollouts in `turns.py`): raised inside a look-ahead when the CPU budget
is spent, so that the unfinished work is dropped and the decision is taken on what is done."""


class OutOfTime(Exception):
    """The budget ran out inside a look-ahead (its unfinished values are dropped)."""
