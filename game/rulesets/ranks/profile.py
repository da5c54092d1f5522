"""`ranks` profiles: the characteristics a data file must give (rules/ranks.md, "Profiles")."""

from __future__ import annotations

from game.core.errors import DataError
from game.core.i18n import join, msg
from game.data.loader import RulesetData, Schema, ruleset_data

#: Talents a profile may list (ranks.md, "Talents"): see talents.py for what each does.
TALENT_NAMES = ("Parry", "Fury", "Steady", "Deadly", "Rally")

#: Unit: M (inches), files; base: CV, AV, flags and talents (every base of a unit alike, but
#: the general's base may have its own CV and AV).
SCHEMA: Schema = {
    "M": (int, 1, 20, True),
    "CV": (int, 0, 10, True),
    "AV": (int, 1, 10, True),
    "files": (int, 1, 12, True),
    "support": (bool, None, None, False),
    "officer": (bool, None, None, False),
    "general": (bool, None, None, False),
    "general_CV": (int, 0, 10, False),
    "general_AV": (int, 1, 10, False),
    "talents": (list, None, None, False),
}

DEFAULT_FORCES = ("crown_host", "marcher_league")


def ranks_data(path=None) -> RulesetData:
    """The ranks data file, loaded and validated once per process."""
    data = ruleset_data("ranks", SCHEMA, path)
    for profile in data.profiles.values():
        for talent in profile.stats.get("talents", ()):
            if talent not in TALENT_NAMES:
                raise DataError(data.path, msg(
                    "profiles.{profile}.talents names unknown talent {talent} (known: {known})",
                    profile=profile.id, talent=repr(talent), known=join(TALENT_NAMES)))
    return data
