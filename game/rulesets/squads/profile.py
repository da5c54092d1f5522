"""`squads` profiles: the characteristics a data file must give, and building units from them."""

from __future__ import annotations

from game.data.loader import RulesetData, Schema, ruleset_data

#: Model M T Sv W Ld OC (+ optional InvSv) and one melee weapon: A WS S AP D (rules/squads.md).
SCHEMA: Schema = {
    "M": (int, 1, 20, True),
    "T": (int, 1, 14, True),
    "Sv": (int, 2, 7, True),
    "InvSv": (int, 2, 6, False),
    "W": (int, 1, 30, True),
    "Ld": (int, 2, 12, True),
    "OC": (int, 0, 10, True),
    "weapon": (str, None, None, True),
    "A": (int, 1, 20, True),
    "WS": (int, 2, 6, True),
    "S": (int, 1, 20, True),
    "AP": (int, -6, 0, True),
    "D": (int, 1, 6, True),
    "type": (str, None, None, False),
}

DEFAULT_FORCES = ("brute_horde", "line_company")

def squads_data(path=None) -> RulesetData:
    """The squads data file, loaded and validated once per process."""
    return ruleset_data("squads", SCHEMA, path)
