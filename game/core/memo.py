"""Answers remembered per table, held weakly.

Why one place: several rulesets remember placement searches and contact maps between two
questions about the same position. Keyed by the table object itself and held weakly, a finished
battle's table (and its pymunk space) is never kept alive by a cache, and a later table can never
be mistaken for it by a reused `id()`. Each table's answers are bounded (cleared when full).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Any

_MISSING = object()


class PerTable:
    def __init__(self, keep: int):
        self.keep = keep
        self._tables: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def answers(self, table) -> dict:
        """This table's remembered answers (a dict the caller may read and fill)."""
        found = self._tables.get(table)
        if found is None:
            found = self._tables[table] = {}
        elif len(found) >= self.keep:
            found.clear()
        return found

    def get(self, table, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The answer under `key` for this table, computed and kept the first time."""
        answers = self.answers(table)
        found = answers.get(key, _MISSING)  # one look-up: the keys are long tuples to hash
        if found is _MISSING:
            found = answers[key] = compute()
        return found

    def clear(self) -> None:
        """Forget every table's answers."""
        self._tables.clear()
