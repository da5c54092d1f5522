"""The registry of rulesets: id -> Ruleset. `get(id)` is how the rest of the game finds one.

Each ruleset is a package (or module) here that exposes `RULESET`; the registry finds them
itself, so adding a ruleset touches no shared file.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from game.core.errors import GameError
from game.core.i18n import N_, msg

#: The rulesets' ids, which the log shows ("Battle begins (squads)"): marked so that a player
#: reads them in their language (the ids themselves stay the same everywhere).
IDS_SHOWN = (N_("squads"), N_("warband"), N_("cards"), N_("legions"), N_("ranks"))

#: Modules in this package that are shared steps, not rulesets.
_NOT_RULESETS = {"base", "setup"}


@cache
def _registry() -> dict:
    found = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name in _NOT_RULESETS or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        ruleset = getattr(module, "RULESET", None)
        if ruleset is not None:
            found[ruleset.id] = ruleset
    return found


def ids() -> list[str]:
    return sorted(_registry())


def get(ruleset_id: str):
    registry = _registry()
    if ruleset_id not in registry:
        raise GameError(msg("unknown ruleset {ruleset} (known: {known})", ruleset=repr(ruleset_id),
                            known=", ".join(sorted(registry))))
    return registry[ruleset_id]
