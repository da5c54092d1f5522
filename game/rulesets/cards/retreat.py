"""Moving away from the enemy: the recoil and flight moves of the reaction test, and the step
back 1" apart when the acting player chooses not to fight (rules/cards.md).

Why a module of its own: these moves are forced by the rules, not chosen, so the rules must
always find a legal place (or say plainly that none exists) without asking anyone.
"""

from __future__ import annotations

import math

from game.core.geometry import CONTACT_TOLERANCE, Geometry
from game.core.state import GameState, Model, Point
from game.rulesets.cards import solver
from game.rulesets.cards.contact import may_touch

#: A forced move away never ends this close to an enemy (so it never makes a new contact).
KEEP_CLEAR = 2 * CONTACT_TOLERANCE
#: Declining a melee: the contacting figures step back until 1" apart.
STEP_APART = 1.0
#: The step back may take a figure at most this far (it only has to clear 1").
STEP_LIMIT = 2.0
#: Directions tried for a step back, turning away from straight back in these steps (degrees).
STEP_TURNS = (0, 20, -20, 40, -40, 60, -60, 80, -80, 100, -100, 130, -130, 160, -160, 180)


def centroid(models: list[Model]) -> Point:
    return (sum(m.x for m in models) / len(models), sum(m.y for m in models) / len(models))


def away_direction(s: GameState, unit_id: str, enemy_models: list[Model]) -> Point:
    """Straight away from the enemy: from the enemy figures' centre to the unit's centre (if
    they coincide, back toward the side's own table edge)."""
    mine = s.alive_models(unit_id)
    mx, my = centroid(mine)
    if enemy_models:
        ex, ey = centroid(enemy_models)
        dx, dy = mx - ex, my - ey
        norm = math.hypot(dx, dy)
        if norm > 1e-9:
            return dx / norm, dy / norm
    return (0.0, -1.0) if s.units[unit_id].side == 0 else (0.0, 1.0)


def move_away(s: GameState, geo: Geometry, unit_id: str, enemy_models: list[Model],
              distance: float) -> dict:
    """The unit's full move straight away from the enemy: each figure goes as far as the table,
    terrain and other bases allow, up to `distance`, never ending in contact with an enemy."""
    ux, uy = away_direction(s, unit_id, enemy_models)
    cx, cy = centroid(s.alive_models(unit_id))
    far = max(geo.width, geo.height) * 2
    return solver.move_toward(s, geo, unit_id, (cx + ux * far, cy + uy * far), distance,
                              KEEP_CLEAR)


def step_apart(s: GameState, geo: Geometry, unit_id: str, enemy_units: list[str]
               ) -> dict | None:
    """Declining a melee: each of the unit's figures in contact with these enemies steps back
    until it is 1" from every enemy figure. None when some figure has nowhere to go."""
    enemies = [m for e in enemy_units for m in s.alive_models(e)]
    all_enemies = [m for m in s.models.values() if m.alive and m.side != s.units[unit_id].side]
    dest: dict = {}
    trial = s.copy()
    for model in s.alive_models(unit_id):
        touching = [e for e in enemies if may_touch(model, e) and geo.in_contact(model, e)]
        if not touching:
            continue
        spot = _step_spot(trial, geo, trial.models[model.id], touching, all_enemies)
        if spot is None:
            return None
        dest[model.id] = spot
        trial.models[model.id].x, trial.models[model.id].y = spot
    return dest


def _step_spot(trial: GameState, geo: Geometry, model: Model, touching: list[Model],
               enemies: list[Model]) -> Point | None:
    bx, by = centroid(touching)
    base = math.atan2(model.y - by, model.x - bx)
    start = model.copy()
    for turn in STEP_TURNS:
        angle = base + math.radians(turn)
        ux, uy = math.cos(angle), math.sin(angle)
        for amount in (STEP_APART + 0.02, 1.25, 1.5, 1.75, STEP_LIMIT):
            spot = (round(model.x + ux * amount, 3), round(model.y + uy * amount, 3))
            probe = start.copy()
            probe.x, probe.y = spot
            if any(geo.distance(probe, e) < STEP_APART for e in enemies):
                continue
            if geo.placement_problem(trial, {model.id: spot}) is not None:
                continue
            length = geo.path_length(trial, start, spot)
            if length is None or length > STEP_LIMIT + 1e-6:
                continue
            return spot
    return None
