"""How many dice each base rolls, and against which enemy unit (the seed's four ways):

- each base in front-to-front contact: CV;
- each base in corner-to-corner contact that touches no enemy front: CV + 1 (an overlap);
- each 2nd-rank base with `support`, in a unit whose front is engaged: CV (every such base,
  not only those behind a fighting front base: the seed says "each base in the 2nd rank with
  support rolls its CV"); its hits go to the enemy that engages the front nearest its file;
- each base touching an enemy flank or rear: CV + 1 (a flank attack).

A base earns its dice one way, the best it qualifies for (a base touching a corner and a front
at once is front-to-front: it touches an enemy front). A panicked base rolls nothing and gives
no support; a unit attacked in the flank or rear while engaged on its front has no ranks this
turn, so its 2nd rank does not support either.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.geometry import Geometry
from game.core.i18n import msg
from game.core.state import GameState
from game.rulesets.ranks import formation
from game.rulesets.ranks.contacts import Contacts, contacts
from game.rulesets.ranks.geometry import CORNER, EXPOSED, FLANK, FRONT, REAR
from game.rulesets.ranks.setup import PANICKED

RULE_DICE = msg("Dice per base: front-to-front CV; corner-to-corner touching no enemy front "
                "CV+1; a supporting 2nd rank CV; touching a flank or rear CV+1 (ranks seed)")
RULE_NO_RANKS = msg("A unit attacked in the flank or rear while also engaged on its front counts "
                    "as having no ranks this turn (ranks seed)")
RULE_PANICKED_BASE = msg("A panicked base rolls no dice, gives no support, is not active, does "
                         "not count as a rank and uses no talent (ranks [added])")

SUPPORT = "support"
#: What each way of fighting adds to CV.
BONUS = {FRONT: 0, CORNER: 1, FLANK: 1, REAR: 1, SUPPORT: 0}


@dataclass(frozen=True)
class BaseDice:
    model: str
    kind: str
    dice: int
    target: str  # the enemy unit its hits go to


@dataclass(frozen=True)
class Situation:
    """How a unit is engaged (from the contacts when a combat starts)."""

    front_engaged: bool
    flanked: bool
    rear_attacked: bool

    @property
    def no_ranks(self) -> bool:
        return self.front_engaged and (self.flanked or self.rear_attacked)


def situation(s: GameState, c: Contacts, unit_id: str) -> Situation:
    against = c.kinds_against(s, unit_id)
    return Situation(c.front_engaged(s, unit_id), FLANK in against, REAR in against)


def panicked(s: GameState, model_id: str) -> bool:
    return PANICKED in s.models[model_id].statuses


def contact_way(pairs: tuple[tuple[str, str], ...], unit_of: dict[str, str],
                fighting: set[str] | None) -> tuple[str, str] | None:
    """(way, enemy unit) a base in contact fights, or None when it earns nothing.

    Priority: a flank or rear contact (CV + 1), then front-to-front (CV), then corner-to-corner
    only if the base touches no enemy front at all (neither front-to-front nor with its flank
    or rear against an enemy front)."""
    usable = [(other, kind) for other, kind in pairs
              if fighting is None or unit_of[other] in fighting]
    for wanted in (REAR, FLANK, FRONT):
        for other, kind in usable:
            if kind == wanted:
                return wanted, unit_of[other]
    if any(kind in (FRONT, EXPOSED) for _, kind in pairs):
        return None
    for other, kind in usable:
        if kind == CORNER:
            return CORNER, unit_of[other]
    return None


def dice_plan(s: GameState, geo: Geometry, units: list[str] | None = None,
              fighting: set[str] | None = None) -> dict[str, BaseDice]:
    """Dice of every living base of `units` (default: all) that fights, against enemies of
    `fighting` units only (default: any enemy it touches)."""
    c = contacts(s, geo)
    chosen = units if units is not None else list(s.units)
    out: dict[str, BaseDice] = {}
    for unit_id in chosen:
        if not s.unit_alive(unit_id):
            continue
        slots = formation.slot_map(s, unit_id)
        ways: dict[str, tuple[str, str]] = {}
        for m in s.alive_models(unit_id):
            way = contact_way(c.of(m.id), c.unit_of, fighting)
            if way is not None:
                ways[m.id] = way
        for mid, (way, target) in ways.items():
            if panicked(s, mid):
                continue
            cv = int(s.models[mid].profile["CV"])
            out[mid] = BaseDice(mid, way, cv + BONUS[way], target)
        if not s.units[unit_id].profile.get("support"):
            continue
        if situation(s, c, unit_id).no_ranks:
            continue
        engaged = [(slots[mid][1], c.unit_of[other])
                   for mid, other, _ in c.front_contacts(s, unit_id)
                   if fighting is None or c.unit_of[other] in fighting]
        if not engaged:
            continue
        for mid, (rank, file) in slots.items():
            if rank != 1 or mid in ways or panicked(s, mid):
                continue
            target = min(engaged, key=lambda row, f=file: (abs(row[0] - f), row[0], row[1]))[1]
            cv = int(s.models[mid].profile["CV"])
            out[mid] = BaseDice(mid, SUPPORT, cv, target)
    return out


def base_contacts(s: GameState, geo: Geometry) -> dict[str, str]:
    """For the client: each base's contact type, as it would fight now: "front-to-front",
    "corner-to-corner", "flank", "rear", "support", or "exposed" (touching enemies but earning
    no dice: its flank or rear is attacked, or its overlap touches an enemy front). Bases
    neither in contact nor supporting are left out."""
    c = contacts(s, geo)
    plan = dice_plan(s, geo)
    out: dict[str, str] = {}
    for m in s.models.values():
        if not m.alive:
            continue
        if m.id in plan:
            out[m.id] = plan[m.id].kind
        elif c.of(m.id):
            way = contact_way(c.of(m.id), c.unit_of, None)
            out[m.id] = way[0] if way else EXPOSED
    return out
