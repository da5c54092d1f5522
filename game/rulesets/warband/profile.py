"""`warband` profiles and warbands: the data file's schema, its extra checks, and building a
battle of 2 to 4 warbands from it.

Why the extra checks: the shared loader validates numbers and names; the equipment (every item
in the table, two hands at most), the one leader per warband and the warband size are rules of
this game, and a broken data file must fail on load with one clear line, not mid-battle.
"""

from __future__ import annotations

from game.core.errors import DataError
from game.core.i18n import msg
from game.core.state import GameState, Scenario, frozen_profile
from game.data.loader import RulesetData, Schema, ruleset_data
from game.rulesets import setup
from game.rulesets.warband.equipment import SKILLS, hands_problem, parse_gear

#: M WS BS S T W I A Ld, equipment and skills (warband.md, "Profiles").
CHARACTERISTICS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
SCHEMA: Schema = {
    **{key: (int, 1, 10, True) for key in CHARACTERISTICS},
    "gear": (list, None, None, True),
    "skills": (list, None, None, False),
    "leader": (bool, None, None, False),
}
#: A warband is 5 to 15 models (warband.md).
WARBAND_SIZE = (5, 15)
MAX_SIDES = 4
#: Side order of the default warbands (the first `sides` of them play).
DEFAULT_FORCES = ("sellswords", "ash_pilgrims", "marsh_raiders", "iron_brotherhood")
BASE_MM = 25


def warband_data(path=None) -> RulesetData:
    """The warband data file, loaded and validated once per process."""
    data = ruleset_data("warband", SCHEMA, path)
    check(data)
    return data


def check(data: RulesetData) -> None:
    """The game's own rules on the data: known equipment carried in two hands, known skills,
    single 25 mm models, 5-15 models and exactly one leader per warband."""
    for pid, profile in data.profiles.items():
        where = f"profiles.{pid}"
        try:
            gear = parse_gear(profile.stats["gear"])
        except ValueError as exc:
            raise DataError(data.path, msg("{where}.gear: {problem}", where=where,
                                           problem=exc.args[0])) from None
        problem = hands_problem(gear)
        if problem:
            raise DataError(data.path, msg("{where}.gear: {problem}", where=where,
                                           problem=problem))
        for skill in profile.stats.get("skills", ()):
            if skill not in SKILLS:
                raise DataError(data.path, msg("{where}.skills: unknown skill {skill} (known: "
                                               "{known})", where=where, skill=repr(skill),
                                               known=", ".join(sorted(SKILLS))))
        if profile.models != 1:
            raise DataError(data.path, msg("{where}.models must be 1: every warband model is a "
                                           "unit of one", where=where))
    for fid, force in data.forces.items():
        low, high = WARBAND_SIZE
        if not low <= len(force.units) <= high:
            raise DataError(data.path, msg("forces.{force} has {count} models; a warband has "
                                           "{low} to {high}", force=fid,
                                           count=len(force.units), low=low, high=high))
        leaders = [u for u in force.units if data.profiles[u].stats.get("leader")]
        if len(leaders) != 1:
            raise DataError(data.path, msg("forces.{force} must have exactly one leader, not "
                                           "{count}", force=fid, count=len(leaders)))


def default_forces(sides: int = 2, scenario: Scenario | None = None) -> list[str]:
    """One warband per side: the map's `force_<side>` where it names one, else the defaults in
    order. 2 to 4 sides."""
    if not 2 <= sides <= MAX_SIDES:
        raise ValueError(msg("warband is played by 2 to {most} warbands, not {sides}",
                             most=MAX_SIDES, sides=sides))
    given = scenario.forces if scenario is not None else {}
    return [given.get(i, DEFAULT_FORCES[i]) for i in range(sides)]


def sides_for(scenario: Scenario, forces: list[str] | None) -> int:
    """How many warbands play when none are named: as many as the map names (at least 2)."""
    if forces:
        return len(forces)
    named = [i for i in scenario.forces if 0 <= i < MAX_SIDES]
    return max(2, max(named) + 1 if named else 2)


def build_game(ruleset_id: str, scenario: Scenario, seed: int,
               forces: list[str] | None = None) -> GameState:
    """A deployed battle, one unit per model, its gear made canonical (duplicate names are
    numbered by the shared set-up: "Axeman I", "Axeman II", so that every button names one
    model)."""
    if forces is not None and not 2 <= len(forces) <= MAX_SIDES:
        raise DataError(warband_data().path,
                        msg("warband is played by 2 to {most} warbands, not {sides}",
                            most=MAX_SIDES, sides=len(forces)))
    chosen = list(forces) if forces else default_forces(sides_for(scenario, None), scenario)
    s = setup.build_game(ruleset_id, scenario, seed, warband_data(), chosen, chosen)
    finish_state(s)
    return s


def build_state(ruleset_id: str, scenario: Scenario, seed: int,
                armies: list[tuple[str, str, list[str]]]) -> GameState:
    """A state with the given warbands (side name, force id, profile ids), models not placed
    (tests stand them where they need)."""
    s = setup.build_state(ruleset_id, scenario, seed, warband_data(), armies)
    finish_state(s)
    return s


def finish_state(s: GameState) -> None:
    for side in s.sides:
        for unit in (u for u in s.units.values() if u.side == side.index):
            stats = dict(unit.profile)
            stats["gear"] = parse_gear(stats.get("gear", ()))
            stats["skills"] = tuple(stats.get("skills", ()))
            profile = frozen_profile(stats)
            unit.profile = profile
            for mid in unit.models:
                model = s.models[mid]
                model.profile = profile
                model.name = unit.name
    s.phase = "recovery"
