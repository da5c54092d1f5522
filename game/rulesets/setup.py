"""Building a battle from a ruleset's data: the same for every ruleset.

Forces come from the ruleset's TOML data; units the map's `units` layer names stand there; the
rest are deployed automatically in their side's zone (core/deploy.py).
"""

from __future__ import annotations

from game.core.deploy import auto_deploy, place_block
from game.core.errors import MapError
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
    place_from_map(s)
    failed = auto_deploy(s)
    if failed:
        names = ", ".join(s.units[u].name for u in failed)
        raise MapError(scenario.source or "map", f"no room to deploy {names} in its zone")
    return s


def build_state(ruleset_id: str, scenario: Scenario, seed: int, data: RulesetData,
                armies: list[tuple[str, str, list[str]]], wounds_key: str = "W") -> GameState:
    """A state with the given armies (side name, force id, profile ids), models not placed.
    Unit ids are s<side>u<n>, model ids s<side>u<n>m<k>: stable for replays and tests.
    A model's wounds come from its profile's `wounds_key` (1 if the ruleset has none)."""
    sides, units, models = [], {}, {}
    for side_index, (side_name, force_id, profile_ids) in enumerate(armies):
        sides.append(Side(side_index, side_name, force_id))
        for n, profile_id in enumerate(profile_ids):
            profile = data.profiles[profile_id]
            unit_id = f"s{side_index}u{n}"
            stats = frozen_profile(profile.stats)
            wounds = int(stats.get(wounds_key, 1))
            mids = []
            for k in range(profile.models):
                mid = f"{unit_id}m{k}"
                name = profile.name if profile.models == 1 else f"{profile.name} {k + 1}"
                models[mid] = Model(mid, unit_id, side_index, name, profile.base,
                                    wounds=wounds, max_wounds=wounds, profile=stats)
                mids.append(mid)
            units[unit_id] = Unit(unit_id, side_index, profile.name, profile.id, tuple(mids),
                                  stats, {"starting_models": profile.models})
    return GameState(ruleset_id, scenario, sides, units, models, seed=seed)


def place_from_map(s: GameState) -> None:
    """Units named on the map's `units` layer stand there, in a block around the point."""
    by_side: dict[int, list[str]] = {}
    for u in s.units.values():
        by_side.setdefault(u.side, []).append(u.id)
    used: set[str] = set()
    for p in s.scenario.placements:
        candidates = [uid for uid in by_side.get(p.side, [])
                      if s.units[uid].kind == p.unit and uid not in used]
        if not candidates:
            raise MapError(s.scenario.source or "map",
                           f"units layer names {p.unit!r} for side {p.side}, not in that force")
        uid = candidates[0]
        used.add(uid)
        facing = p.facing if p.facing is not None else (0.0 if p.side == 0 else 180.0)
        place_block([s.models[m] for m in s.units[uid].models], p.x, p.y, facing)
