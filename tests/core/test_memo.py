"""Answers remembered per table (core/memo.PerTable): each computed once, None being an
answer like any other, an answer computed inside another's computation kept too, a full
table's answers forgotten, and a table let go of with its answers."""

import gc

from game.core.memo import PerTable


class _Table:
    pass


def test_each_answer_is_computed_once_even_when_it_is_none():
    memo, table, calls = PerTable(8), _Table(), []

    def nothing():
        calls.append(1)
        return None

    assert memo.get(table, "q", nothing) is None
    assert memo.get(table, "q", nothing) is None
    assert calls == [1]


def test_an_answer_asked_while_another_is_worked_out_is_kept_as_well():
    memo, table = PerTable(8), _Table()
    outer = memo.get(table, "outer", lambda: memo.get(table, "inner", lambda: 2) + 1)
    assert (outer, memo.get(table, "inner", lambda: 0), memo.get(table, "outer", lambda: 0)) \
        == (3, 2, 3)


def test_a_full_tables_answers_are_forgotten_and_a_table_let_go_of_takes_its_own():
    memo, table = PerTable(2), _Table()
    memo.get(table, 1, lambda: "a")
    memo.get(table, 2, lambda: "b")
    assert memo.get(table, 3, lambda: "c") == "c"  # full: forgotten, then this one kept
    assert memo.get(table, 1, lambda: "again") == "again"
    memo.get(_Table(), 1, lambda: "x")
    gc.collect()
    assert len(memo._tables) == 1
