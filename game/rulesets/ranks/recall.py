"""Solved motions remembered by the board they were solved on.

Why: a greedy decision asks for the same solution several times: a charge is solved when it is
offered, again when the AI weighs it, again when `apply` checks it and once more when it is
made; a March is planned when it is checked and again when it is made. Each answer depends only
on where the living bases stand, each unit's formation and the table, so it is kept under a key
made of exactly those values. Values, not objects: a `GameState.copy()` or a searcher's
position with the same bases in the same places finds the same answer, and a changed position
can never find a stale one. Kept per table (`game.core.memo.PerTable`, held weakly), so answers
from another battle or another map are never mixed in.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from game.core.memo import PerTable
from game.core.state import GameState

#: Answers kept per table before they are forgotten all at once.
KEPT = 4096
_answers = PerTable(KEPT)


#: One small token per terrain layout met (each layout kept alive here, so its id is never
#: reused): a key holds the token, which hashes at once, instead of the whole terrain.
_layouts: dict[int, tuple[tuple, int]] = {}


def table_token(s: GameState) -> tuple:
    """The table's size and a token of its terrain: equal for equal tables, quick to hash."""
    sc = s.scenario
    found = _layouts.get(id(sc.terrain))
    if found is None:
        token = next((known for terrain, known in _layouts.values() if terrain == sc.terrain),
                     len(_layouts))
        found = _layouts[id(sc.terrain)] = (sc.terrain, token)
    return (sc.width, sc.height, found[1])


def board(s: GameState) -> tuple:
    """What a motion's solution reads of a state: the table's size and terrain, each living
    base's id and pose, and each unit's kind and formation (slots and files: which base stands
    where in the block)."""
    # lists made by comprehension, then tupled: quicker than tuples fed by generators
    return (table_token(s),
            tuple([(m.id, m.x, m.y, m.facing) for m in s.models.values() if m.alive]),
            tuple([(u.id, u.kind, u.flags.get("slots"), u.flags.get("files"))
                   for u in s.units.values()]))


def recalled(geo, key: Hashable, compute: Callable[[], Any]) -> Any:
    """The answer under `key` for this table, computed the first time. A table that cannot
    be held weakly (a test's stand-in) gets no memory: the answer is computed each time."""
    try:
        answers = _answers.answers(geo)
    except TypeError:
        return compute()
    found = answers.get(key, _MISSING)  # one look: a board key is long to hash
    if found is _MISSING:
        found = answers[key] = compute()
    return found


_MISSING = object()


def forget() -> None:
    """Drop every remembered answer (tests that time or count solving)."""
    _answers.clear()
