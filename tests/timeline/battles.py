"""Battles the timeline tests share: each ruleset's default map (loaded once), battles set up
and seeded the way `simulate` does, and the uninterrupted result to compare with."""

from __future__ import annotations

import hashlib
from functools import cache

from game import rulesets
from game.io.tmx import default_map_for, load_scenario
from game.timeline import Timeline, new_battle, play_on

#: Every ruleset, and warband with 3 and 4 sides: (ruleset id, number of sides).
BATTLES = [(r, 2) for r in rulesets.ids()] + [("warband", 3), ("warband", 4)]


@cache
def scenario(ruleset_id: str):
    return load_scenario(default_map_for(ruleset_id))


def agents_for(sides: int, first: str = "random") -> list[str]:
    return [first] + ["random"] * (sides - 1)


def start(ruleset_id: str, seed: int, agents: list[str]):
    """A battle as `simulate` starts it: (timeline, agents by side)."""
    return new_battle(ruleset_id, scenario(ruleset_id), seed, agents)


@cache
def uninterrupted(ruleset_id: str, seed: int, agents: tuple[str, ...]) -> tuple[str, object, int]:
    """The battle played to the end without stopping: (log digest, winner, decisions)."""
    timeline, players = start(ruleset_id, seed, list(agents))
    play_on(timeline, players)
    return (timeline.controller.log_digest(), timeline.state.result.get("winner"),
            timeline.position)


def simulate_digest(log_digest: str) -> str:
    """`simulate`'s log_sha256 of a one-game run: the digest of the game's log digest."""
    return hashlib.sha256(log_digest.encode()).hexdigest()


def hot_seat(ruleset_id: str, seed: int = 1, ai_sides=()) -> Timeline:
    """A battle with no agents: the test decides every move."""
    return Timeline(rulesets.get(ruleset_id), scenario(ruleset_id), seed, ai_sides=ai_sides)
