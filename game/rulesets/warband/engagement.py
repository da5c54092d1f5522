"""Who is fighting whom in `warband`: base contact, engagement, and the pairs that fight in a
warband's close combat phase (warband.md, "Close combat phase").

Models touch only after a charge (the seed). Once engaged a model stays engaged until it is out
of action, its enemies are all down, or one side flees; with 3-4 warbands a model fights in the
close combat phase of every warband it faces.
"""

from __future__ import annotations

import math

from game.core.geometry import CONTACT_TOLERANCE, Geometry
from game.core.i18n import msg
from game.core.memo import PerTable
from game.core.state import GameState, Model
from game.rulesets.warband.status import FLEEING, can_fight, flag, is_down, is_standing

RULE_ENGAGED = msg("Once engaged, a model cannot leave the combat in its movement phase; it stays "
                   "engaged until it is out of action, its enemies are all down, or one side "
                   "flees (warband seed)")
RULE_MULTIPLAYER = msg("Multiplayer: a model charged by models of two or more warbands fights in "
                       "the close combat phase of each warband it faces (warband seed)")
RULE_PROTECT_DOWNED = msg("A model engaged with a standing enemy cannot attack other knocked-down "
                          "or stunned models (warband seed)")
RULE_ALL_FIGHT = msg("All engaged models fight, not only the active warband's, against enemies "
                     "in front, behind or on the flanks (warband seed)")


def enemies_in_contact(s: GameState, geo: Geometry, model: Model) -> list[Model]:
    """Living enemy models whose bases touch this one (any side: every other warband is an
    enemy)."""
    return [s.models[e] for e in contact_map(s, geo).get(model.id, ())]


def _touching(geo: Geometry, a: Model, b: Model) -> bool:
    if a.base.kind == "round" and b.base.kind == "round":
        gap = math.hypot(a.x - b.x, a.y - b.y) - (a.base.width_mm + b.base.width_mm) / 50.8
        return gap <= CONTACT_TOLERANCE
    reach = a.base.radius + b.base.radius + 0.05
    if abs(a.x - b.x) > reach or abs(a.y - b.y) > reach:
        return False
    return geo.in_contact(a, b)


#: Contact maps of the last few positions asked about: the phase asks the same question many
#: times between two moves (who is engaged, who may strike whom, who fights several).
_CONTACTS_KEPT = 32
_CONTACTS = PerTable(_CONTACTS_KEPT)


def contact_map(s: GameState, geo: Geometry) -> dict[str, list[str]]:
    """Model id -> ids of the living enemy models in base contact with it (both directions).
    Keyed by every living model's position, so a cached answer is never stale."""
    alive = [m for m in s.models.values() if m.alive]
    # the base by its fields: a tuple of strings and floats hashes at C speed, a dataclass not
    key = tuple((m.id, m.side, m.base.kind, m.base.width_mm, m.base.depth_mm, m.x, m.y)
                for m in alive)
    answers = _CONTACTS.answers(geo)
    found = answers.get(key)
    if found is not None:
        return found
    out: dict[str, list[str]] = {m.id: [] for m in alive}
    reach = 2 * max((m.base.radius for m in alive), default=0.0) + 0.05
    for i, a in enumerate(alive):
        for b in alive[i + 1:]:
            if (a.side != b.side and abs(a.x - b.x) <= reach and abs(a.y - b.y) <= reach
                    and _touching(geo, a, b)):
                out[a.id].append(b.id)
                out[b.id].append(a.id)
    answers[key] = out
    return out


def is_engaged(s: GameState, geo: Geometry, model: Model) -> bool:
    """In base contact with an enemy that is standing and not fleeing (and not fleeing
    itself): such a model cannot leave the combat."""
    if not model.alive or flag(s, model, FLEEING):
        return False
    return any(is_standing(s, e) and not flag(s, e, FLEEING)
               for e in enemies_in_contact(s, geo, model))


def fights_in_phase(model: Model, enemy: Model, phase_side: int) -> bool:
    """Multiplayer: a pair fights in the close combat phase of either model's warband."""
    return phase_side in (model.side, enemy.side)


def phase_targets(s: GameState, model: Model, contacts: dict[str, list[str]],
                  phase_side: int) -> list[Model]:
    """The enemies this model may attack in `phase_side`'s close combat phase: those in contact
    that fight it in this phase -- and, while any enemy in contact stands, only standing ones.
    That protection holds whoever's phase it is: a standing enemy of a third warband in
    contact counts even when it does not fight in this phase (RULE_PROTECT_DOWNED)."""
    touching = [s.models[e] for e in contacts.get(model.id, ())]
    touching = [e for e in touching if e.alive]
    enemies = [e for e in touching if fights_in_phase(model, e, phase_side)]
    if any(not is_down(s, e) for e in touching):
        return [e for e in enemies if not is_down(s, e)]
    return enemies


def protected(s: GameState, model: Model, enemy: Model, contacts: dict[str, list[str]]
              ) -> bool:
    """Is `enemy` down while `model` is engaged with a standing enemy (of any warband)?"""
    return is_down(s, enemy) and any(
        s.models[e].alive and not is_down(s, s.models[e]) for e in contacts.get(model.id, ()))


def fighters(s: GameState, contacts: dict[str, list[str]], phase_side: int) -> list[Model]:
    """Models that strike in this phase: able to fight and with a target in this phase."""
    return [m for m in s.models.values()
            if m.alive and can_fight(s, m) and phase_targets(s, m, contacts, phase_side)]


def opponents(s: GameState, model: Model, contacts: dict[str, list[str]],
              phase_side: int) -> list[Model]:
    """Enemies in contact able to attack this model in this phase (for 'fighting several
    opponents' and 'all alone')."""
    return [s.models[e] for e in contacts.get(model.id, ())
            if s.models[e].alive and can_fight(s, s.models[e])
            and fights_in_phase(model, s.models[e], phase_side)]


def combats(models: list[Model], contacts: dict[str, list[str]]) -> list[list[Model]]:
    """Groups of fighting models linked by base contact (one combat each), so that the strike
    order's tie rolls are only made between models that can affect each other."""
    ids = {m.id for m in models}
    by_id = {m.id: m for m in models}
    seen: set[str] = set()
    groups = []
    for m in sorted(models, key=lambda x: x.id):
        if m.id in seen:
            continue
        group, stack = [], [m.id]
        seen.add(m.id)
        while stack:
            current = stack.pop()
            group.append(by_id[current])
            for other in contacts.get(current, ()):
                # linked through any model in contact (a downed model still joins a combat)
                for nxt in [other, *contacts.get(other, ())]:
                    if nxt in ids and nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
        groups.append(group)
    return groups
