"""`cards` unit types: the characteristics a data file must give, disciplines, officers and
their talents (rules/cards.md, "Profiles").

Why here: every other module reads a unit's numbers through these few functions, so a profile
is interpreted in one place (what a Discipline is, who the officer is, which talents it has).
"""

from __future__ import annotations

from game.core.errors import DataError
from game.core.i18n import join, msg
from game.core.state import GameState, Model
from game.data.loader import RulesetData, Schema, ruleset_data

DISCIPLINES = ("Elite", "Regular", "Irregular", "Militia")
FIERCE = "fierce"
STEADY = "steady"
INSPIRING = "inspiring"
TALENTS = {
    FIERCE: msg("Fierce: each figure within 1\" of the officer rolls 2 dice (once a melee)"),
    STEADY: msg("Steady: +1 to the unit's reaction tests (once a melee)"),
    INSPIRING: msg("Inspiring: re-roll one failed defence die (once a melee)"),
}

SCHEMA: Schema = {
    "M": (int, 1, 12, True),
    "Aggression": (int, 2, 6, True),
    "Defence": (int, 2, 6, True),
    "Discipline": (str, None, None, True),
    "officer": (str, None, None, False),
    "talents": (list, None, None, False),
}

DEFAULT_FORCES = ("garrison_column", "frontier_war_party")
#: Status a model carries when it is its unit's officer (shown on the base).
OFFICER = "officer"


def cards_data(path=None) -> RulesetData:
    """The cards data file, loaded and validated once per process."""
    data = ruleset_data("cards", SCHEMA, path)
    for profile in data.profiles.values():
        where = f"profiles.{profile.id}"
        if profile.stats["Discipline"] not in DISCIPLINES:
            raise DataError(data.path, msg("{where}.Discipline must be one of {known}, not "
                                           "{found!r}", where=where, known=join(DISCIPLINES),
                                           found=profile.stats["Discipline"]))
        talents = profile.stats.get("talents", [])
        for talent in talents:
            if talent not in TALENTS:
                raise DataError(data.path, msg("{where}.talents: unknown talent {talent!r} "
                                               "(known: {known})", where=where, talent=talent,
                                               known=join(TALENTS)))
        if talents and "officer" not in profile.stats:
            raise DataError(data.path, msg("{where} has talents but no officer to use them",
                                           where=where))
    return data


def officer_of(s: GameState, unit_id: str) -> Model | None:
    """The unit's officer figure if it has one and it is still alive."""
    for mid in s.units[unit_id].models:
        model = s.models[mid]
        if OFFICER in model.statuses:
            return model if model.alive else None
    return None


def has_talent(s: GameState, unit_id: str, talent: str) -> bool:
    """A talent works only while the officer who has it is alive."""
    return (talent in s.units[unit_id].profile.get("talents", ())
            and officer_of(s, unit_id) is not None)


def starting_figures(s: GameState, unit_id: str) -> int:
    unit = s.units[unit_id]
    return int(unit.flags.get("starting_models", len(unit.models)))


def below_half_strength(s: GameState, unit_id: str) -> bool:
    """Fewer than half its starting figures left (and at least one)."""
    alive = len(s.alive_models(unit_id))
    return 0 < alive * 2 < starting_figures(s, unit_id)
