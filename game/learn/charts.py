"""The to-hit, to-wound, reaction and odds charts of each ruleset, as tables.

Why generated: every cell comes from the ruleset's own chart function (the one the rules roll
against), so the reference screen can never disagree with the game. Only headings are written
here; a cell is text ("3+", "-", "5/6").

`charts(ruleset) -> list[Chart]`; a Chart has a title, the rule id of the sheet entry it
illustrates, a corner label, column and row headings, and rows of cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game import rulesets
from game.core.i18n import msg, nmsg

RANGE_1_10 = range(1, 11)
#: Headings more than one chart uses (a heading compared in code stays equal to its English).
DISTANCE, RESULT, CLUB = msg("distance"), msg("result"), msg("club or mace")


@dataclass(frozen=True)
class Chart:
    title: str
    rule: str
    corner: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]

    def cell(self, row: str, column: str) -> str:
        cells = dict(self.rows)[row]
        return cells[self.columns.index(column)]

    def to_json(self) -> dict:
        return {"title": self.title, "rule": self.rule, "corner": self.corner,
                "columns": list(self.columns), "rows": [[h, list(c)] for h, c in self.rows]}


def _roll(needed: int | None) -> str:
    if needed is None or needed > 6:
        return "-"
    return f"{max(needed, 2)}+"


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p not in (0, 1) else str(int(p))


def _grid(title, rule, corner, rows, columns, cell) -> Chart:
    return Chart(title, rule, corner, tuple(_text(c) for c in columns),
                 tuple((_text(r), tuple(cell(r, c) for c in columns)) for r in rows))


def _text(label) -> str:
    """A row or column heading: a number as text, a word kept as its Msg (str() drops it)."""
    return label if isinstance(label, str) else str(label)


def _squads() -> list[Chart]:
    from game.rulesets.squads import odds

    return [
        _grid(msg("Wound roll: the attack's S (rows) against the target's T (columns)"),
              "wound_roll", msg("S \\ T"), RANGE_1_10, RANGE_1_10,
              lambda s, t: _roll(odds.wound_target(s, t))),
        _grid(msg("Charge roll: the chance 2D6 reaches a distance"), "charge_roll", DISTANCE,
              ["P"], range(2, 13), lambda _, d: _fraction(odds.charge_success(d))),
    ]


def _warband() -> list[Chart]:
    from game.rulesets.warband import charts as wc

    return [
        _grid(msg("To hit: the attacker's WS (rows) against the defender's WS (columns)"),
              "to_hit", msg("WS \\ WS"), RANGE_1_10, RANGE_1_10,
              lambda a, d: _roll(wc.to_hit_needed(a, d))),
        _grid(msg("To wound: S (rows) against T (columns)"), "to_wound", msg("S \\ T"), RANGE_1_10,
              RANGE_1_10, lambda s, t: _roll(wc.to_wound_needed(s, t))),
        _grid(msg("Injury roll"), "injury", msg("roll"), [RESULT, CLUB], range(1, 7),
              lambda row, r: wc.injury_result(r, concussion=row == CLUB)),
    ]


def _legions() -> list[Chart]:
    from game.rulesets.legions import charge, odds

    return [
        _grid(msg("To hit: the attacker's WS (rows) against the defender's WS (columns)"),
              "to_hit", msg("WS \\ WS"), RANGE_1_10, RANGE_1_10,
              lambda a, d: _roll(odds.hit_target(a, d))),
        _grid(msg("To wound: S (rows) against T (columns)"), "to_wound", msg("S \\ T"), RANGE_1_10,
              RANGE_1_10, lambda s, t: _roll(odds.wound_target(s, t))),
        _grid(msg("Setup move: I + M gives inches"), "setup_move", msg("I + M"), [msg("inches")],
              [1, 6, 7, 9, 10, 11, 12, 13, 14, 19, 20],
              lambda _, v: f"{charge.setup_move_distance(v)}\""),
        _grid(msg("Charge roll: 2D6, keep the higher: the chance to reach"), "charge_roll",
              DISTANCE, ["P"], range(1, 7), lambda _, d: _fraction(odds.charge_success(d))),
    ]


def _ranks() -> list[Chart]:
    from game.rulesets.ranks import odds

    nothing = msg("nothing")
    faces = {1: msg("fumble"), 2: nothing, 3: nothing, 4: nmsg("{n} hit", "{n} hits", 1),
             5: nmsg("{n} hit", "{n} hits", 1), 6: nmsg("{n} hit", "{n} hits", 2)}
    one = odds.hit_distribution(1)
    return [
        _grid(msg("One combat die"), "combat_roll", msg("face"), [RESULT], range(1, 7),
              lambda _, f: faces[f]),
        Chart(msg("One combat die: the chances"), "combat_roll", msg("(hits, fumbles)"),
              ("P",), tuple((msg("{hits} hits, {fumbles} fumbles", hits=h, fumbles=n),
                             (_fraction(p),))
                    for (h, n), p in sorted(one.items()))),
    ]


def _cards() -> list[Chart]:
    from game.rulesets.cards import reaction

    disciplines = list(reaction.TABLE)
    return [
        _grid(msg("Reaction test: 1D6 + modifiers (columns) on each discipline (rows)"),
              "reaction_test", msg("discipline"), disciplines, range(-1, 8),
              lambda d, total: reaction.result_for(d, total)),
    ]


BUILDERS = {"squads": _squads, "warband": _warband, "legions": _legions, "ranks": _ranks,
            "cards": _cards}


def charts(ruleset_id: str) -> list[Chart]:
    rulesets.get(ruleset_id)
    builder = BUILDERS.get(ruleset_id)
    return builder() if builder else []
