"""Building a battle from a ruleset's data: the same for every ruleset.

Forces come from the ruleset's TOML data; units the map's `units` layer names stand there; the
rest are deployed automatically in their side's zone (core/deploy.py).
"""

from __future__ import annotations

from game.core.deploy import auto_deploy, place_block
from game.core.errors import MapError
from game.core.i18n import Verbatim, join, msg
from game.core.state import GameState, Model, Scenario, Side, Unit, frozen_profile
from game.data.loader import RulesetData


def build_game(ruleset_id: str, scenario: Scenario, seed: int, data: RulesetData,
               default_forces: list[str], forces: list[str] | None = None,
               wounds_key: str = "W") -> GameState:
    """A deployed battle. `forces` (one force id per side) overrides the map's `force_<side>`
    properties, which override `default_forces`."""
    chosen = list(forces or [scenario.forces.get(i, default_forces[i])
                             for i in range(len(default_forces))])
    armies = []
    for force_id in chosen:
        force = data.force(force_id)
        armies.append((force.name, force.id, list(force.units)))
    s = build_state(ruleset_id, scenario, seed, data, armies, wounds_key)
    laid_out = [scenario.forces.get(i, default_forces[i]) if i < len(default_forces) else None
                for i in range(len(chosen))]
    place_from_map(s, strict={i for i, f in enumerate(chosen) if f == laid_out[i]})
    failed = auto_deploy(s)
    if failed:
        names = join(s.units[u].name for u in failed)
        raise MapError(scenario.source or "map",
                       msg("no room to deploy {units} in its zone", units=names))
    return s


def build_state(ruleset_id: str, scenario: Scenario, seed: int, data: RulesetData,
                armies: list[tuple[str, str, list[str]]], wounds_key: str = "W") -> GameState:
    """A state with the given armies (side name, force id, profile ids), models not placed.
    Unit ids are s<side>u<n>, model ids s<side>u<n>m<k>: stable for replays and tests.
    A model's wounds come from its profile's `wounds_key` (1 if the ruleset has none)."""
    sides, units, models = [], {}, {}
    names = unit_names([[data.profiles[p].name for p in ids] for _, _, ids in armies])
    for side_index, (side_name, force_id, profile_ids) in enumerate(armies):
        sides.append(Side(side_index, side_name, force_id))
        for n, profile_id in enumerate(profile_ids):
            profile = data.profiles[profile_id]
            unit_id = f"s{side_index}u{n}"
            unit_name = names[side_index][n]
            stats = frozen_profile(profile.stats)
            wounds = int(stats.get(wounds_key, 1))
            mids = []
            for k in range(profile.models):
                mid = f"{unit_id}m{k}"
                name = unit_name if profile.models == 1 else model_name(unit_name, k)
                models[mid] = Model(mid, unit_id, side_index, name, profile.base,
                                    wounds=wounds, max_wounds=wounds, profile=stats)
                mids.append(mid)
            units[unit_id] = Unit(unit_id, side_index, unit_name, profile.id, tuple(mids),
                                  stats, {"starting_models": profile.models})
    return GameState(ruleset_id, scenario, sides, units, models, seed=seed)


def unit_names(armies: list[list[str]]) -> list[list[str]]:
    """Every unit's display name, unique in the whole battle: a profile name fielded more than
    once (twice in one force, or by both sides of a mirror) is numbered in side and force order
    with a Roman numeral ("Line Marines I", "Line Marines II"): Buttons, the log, tooltips and
    results all read the unit's name, so two units can never share a button text or a log line,
    and a numeral cannot be read as a model's number ("Line Marines II #3")."""
    counts: dict[str, int] = {}
    for names in armies:
        for name in names:
            counts[name] = counts.get(name, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for names in armies:
        row = []
        for name in names:
            if counts[name] > 1:
                seen[name] = seen.get(name, 0) + 1
                name = msg("{name} {numeral}", name=name, numeral=roman(seen[name]))
            row.append(name)
        out.append(row)
    return out


def roman(n: int) -> Verbatim:
    """1 -> "I", 4 -> "IV", 12 -> "XII": the numeral that tells same-named units apart."""
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                           (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return Verbatim(out)


def model_name(unit_name: str, index: int) -> str:
    """A model is named as a model of its unit ("Brute Mob 2 #1"): a bare number after the unit
    name would read as another unit ("Brute Mob 1" was model 1 of Brute Mob 2)."""
    return msg("{unit} #{number}", unit=unit_name, number=index + 1)


def place_from_map(s: GameState, strict: set[int] | None = None) -> None:
    """Units named on the map's `units` layer stand there, in a block around the point.

    The layer is laid out for the forces the map plays by default: for a side in `strict`
    (playing that force; None: every side) a placement naming a unit its force does not field is
    a map error; a side playing another force takes the placements its units match and deploys
    the rest in its zone, so that any force can be played on any map."""
    by_side: dict[int, list[str]] = {}
    for u in s.units.values():
        by_side.setdefault(u.side, []).append(u.id)
    used: set[str] = set()
    for p in s.scenario.placements:
        candidates = [uid for uid in by_side.get(p.side, [])
                      if s.units[uid].kind == p.unit and uid not in used]
        if not candidates:
            if strict is not None and p.side not in strict:
                continue
            raise MapError(s.scenario.source or "map",
                           msg("units layer names {unit} for side {side}, not in that force",
                               unit=repr(p.unit), side=p.side))
        uid = candidates[0]
        used.add(uid)
        facing = p.facing if p.facing is not None else (0.0 if p.side == 0 else 180.0)
        place_block([s.models[m] for m in s.units[uid].models], p.x, p.y, facing)
