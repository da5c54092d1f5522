"""Building a `legions` battle: the shared set-up (rulesets/setup.py) with the legions data,
then each model gets its own profile and name (a Sergeant, shield bearers: the `overrides`).

Units that share a name are already told apart by the shared set-up's numeral ("Line Squad I",
"Line Squad II"); a model with its own profile name carries its unit's numeral ("Line Sergeant
II"), and models that share a name are numbered as models of it ("Line Squad II #3"), so that
every line of the log names one unit and one model.
"""

from __future__ import annotations

from collections import Counter

from game.core.i18n import Verbatim, msg
from game.core.state import GameState, Scenario, frozen_profile
from game.rulesets import setup
from game.rulesets.legions.profile import DEFAULT_FORCES, legions_data

FIRST_PHASE = "movement"


def _with_numeral(name: str, suffix: str) -> str:
    """ "Line Sergeant" + " II" -> "Line Sergeant II", a text whose data name is translated and
    whose numeral is kept (the same message as the shared set-up's numbered unit names)."""
    if not suffix.strip():
        return name + suffix
    return msg("{name} {numeral}", name=name, numeral=Verbatim(suffix.strip())) if suffix.startswith(" ") \
        else name + suffix


def _individualise(s: GameState) -> GameState:
    """Per-model profiles and names from the data's per-model entries."""
    data = legions_data()
    for unit in s.units.values():
        profile_name = data.base.profiles[unit.kind].name
        suffix = unit.name[len(profile_name):] if unit.name.startswith(profile_name) else ""
        entries = data.model_profiles[unit.kind]
        totals = Counter(name for name, _ in entries)
        seen: Counter = Counter()
        for mid, (name, stats) in zip(unit.models, entries, strict=True):
            model = s.models[mid]
            seen[name] += 1
            stem = unit.name if name == profile_name else _with_numeral(name, suffix)
            model.name = stem if totals[name] == 1 else setup.model_name(stem, seen[name] - 1)
            model.profile = frozen_profile(stats)
            model.wounds = model.max_wounds = int(stats["W"])
        unit.profile = frozen_profile(entries[-1][1])
        unit.flags["starting_models"] = len(unit.models)
    s.phase = FIRST_PHASE
    return s


def build_game(ruleset_id: str, scenario: Scenario, seed: int,
               forces: list[str] | None = None) -> GameState:
    s = setup.build_game(ruleset_id, scenario, seed, legions_data().base, list(DEFAULT_FORCES),
                         forces)
    return _individualise(s)


def build_state(ruleset_id: str, scenario: Scenario, seed: int,
                armies: list[tuple[str, str, list[str]]]) -> GameState:
    """Units not placed (tests stand them where they want with tests/battle.py)."""
    return _individualise(setup.build_state(ruleset_id, scenario, seed, legions_data().base,
                                            armies))
