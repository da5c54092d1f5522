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

RANGE_1_10 = range(1, 11)


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
    return Chart(title, rule, corner, tuple(str(c) for c in columns),
                 tuple((str(r), tuple(cell(r, c) for c in columns)) for r in rows))


def _squads() -> list[Chart]:
    from game.rulesets.squads import odds

    return [
        _grid("Wound roll: the attack's S (rows) against the target's T (columns)",
              "wound_roll", "S \\ T", RANGE_1_10, RANGE_1_10,
              lambda s, t: _roll(odds.wound_target(s, t))),
        _grid("Charge roll: the chance 2D6 reaches a distance", "charge_roll", "distance",
              ["P"], range(2, 13), lambda _, d: _fraction(odds.charge_success(d))),
    ]


def _warband() -> list[Chart]:
    from game.rulesets.warband import charts as wc

    return [
        _grid("To hit: the attacker's WS (rows) against the defender's WS (columns)",
              "to_hit", "WS \\ WS", RANGE_1_10, RANGE_1_10,
              lambda a, d: _roll(wc.to_hit_needed(a, d))),
        _grid("To wound: S (rows) against T (columns)", "to_wound", "S \\ T", RANGE_1_10,
              RANGE_1_10, lambda s, t: _roll(wc.to_wound_needed(s, t))),
        _grid("Injury roll", "injury", "roll", ["result", "club or mace"], range(1, 7),
              lambda row, r: wc.injury_result(r, concussion=row == "club or mace")),
    ]


def _legions() -> list[Chart]:
    from game.rulesets.legions import charge, odds

    return [
        _grid("To hit: the attacker's WS (rows) against the defender's WS (columns)",
              "to_hit", "WS \\ WS", RANGE_1_10, RANGE_1_10,
              lambda a, d: _roll(odds.hit_target(a, d))),
        _grid("To wound: S (rows) against T (columns)", "to_wound", "S \\ T", RANGE_1_10,
              RANGE_1_10, lambda s, t: _roll(odds.wound_target(s, t))),
        _grid("Setup move: I + M gives inches", "setup_move", "I + M", ["inches"],
              [1, 6, 7, 9, 10, 11, 12, 13, 14, 19, 20],
              lambda _, v: f"{charge.setup_move_distance(v)}\""),
        _grid("Charge roll: 2D6, keep the higher: the chance to reach", "charge_roll",
              "distance", ["P"], range(1, 7), lambda _, d: _fraction(odds.charge_success(d))),
    ]


def _ranks() -> list[Chart]:
    from game.rulesets.ranks import odds

    faces = {1: "fumble", 2: "nothing", 3: "nothing", 4: "1 hit", 5: "1 hit", 6: "2 hits"}
    one = odds.hit_distribution(1)
    return [
        _grid("One combat die", "combat_roll", "face", ["result"], range(1, 7),
              lambda _, f: faces[f]),
        Chart("One combat die: the chances", "combat_roll", "(hits, fumbles)", ("P",),
              tuple((f"{h} hits, {n} fumbles", (_fraction(p),))
                    for (h, n), p in sorted(one.items()))),
    ]


def _cards() -> list[Chart]:
    from game.rulesets.cards import reaction

    disciplines = list(reaction.TABLE)
    return [
        _grid("Reaction test: 1D6 + modifiers (columns) on each discipline (rows)",
              "reaction_test", "discipline", disciplines, range(-1, 8),
              lambda d, total: reaction.result_for(d, total)),
    ]


BUILDERS = {"squads": _squads, "warband": _warband, "legions": _legions, "ranks": _ranks,
            "cards": _cards}


def charts(ruleset_id: str) -> list[Chart]:
    rulesets.get(ruleset_id)
    builder = BUILDERS.get(ruleset_id)
    return builder() if builder else []
