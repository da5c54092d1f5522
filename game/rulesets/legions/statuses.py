"""The four statuses (rules/legions.md, "Statuses" [added]) and their removal in the End phase.

A status sits on models (a unit "has a Pinned model"); gaining one gives it to every living
model of the unit. What each one forbids is checked where the forbidden thing happens (the
charge, the movement phase, the aftermath); this module names them and removes them.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import Event, StatusChanged
from game.core.i18n import msg
from game.core.state import GameState, Model
from game.rulesets.legions.checks import take_check

PINNED = "pinned"
SUPPRESSED = "suppressed"
STUNNED = "stunned"
ROUTED = "routed"
STATUSES = (PINNED, SUPPRESSED, STUNNED, ROUTED)

#: What each status does, as the client shows it on hover (code, explanation).
STATUS_HELP = {
    PINNED: (msg("PIN"), msg("Pinned: no move, run or charge; may still make contact moves; "
                             "may not pursue or disengage. Any status: charges are disordered, "
                             "Combat Initiative 1.")),
    SUPPRESSED: (msg("SUP"), msg("Suppressed: snap shots only. Any status: charges are "
                                 "disordered, Combat Initiative 1.")),
    STUNNED: (msg("STUN"), msg("Stunned: no reactions. Any status: charges are disordered, "
                               "Combat Initiative 1.")),
    ROUTED: (msg("ROUT"), msg("Routed: snap shots only, no reactions, no charge; it falls back. "
                              "Any status: Combat Initiative 1.")),
}

RULE_END_PHASE = msg("End phase: each status is removed on a passed Cool check (Routed: a "
                     "Leadership check) (legions)")
RULE_ANY_STATUS = msg("Any status: Combat Initiative is 1 (legions)")


#: Each status's name as the log and the unit card write it.
TITLES = {PINNED: msg("Pinned"), SUPPRESSED: msg("Suppressed"), STUNNED: msg("Stunned"),
          ROUTED: msg("Routed")}
#: Why a unit takes its End-phase check, by status.
RECOVER = {PINNED: msg("to recover from pinned"), SUPPRESSED: msg("to recover from suppressed"),
           STUNNED: msg("to recover from stunned"), ROUTED: msg("to recover from routed")}


def title(status: str) -> str:
    return TITLES.get(status) or status.capitalize()


def unit_statuses(s: GameState, unit_id: str) -> set[str]:
    out: set[str] = set()
    for m in s.alive_models(unit_id):
        out |= m.statuses
    return out


def has_status(s: GameState, unit_id: str, status: str) -> bool:
    """The unit has at least one living model with this status."""
    return any(status in m.statuses for m in s.alive_models(unit_id))


def gain(s: GameState, unit_id: str, status: str, rule: str) -> list[Event]:
    """Every living model of the unit gains the status."""
    models = s.alive_models(unit_id)
    if not models:
        return []
    for m in models:
        m.statuses = m.statuses | {status}
    unit = s.units[unit_id]
    return [StatusChanged(rule=rule, unit=unit_id, unit_name=unit.name, status=title(status),
                          gained=True)]


def lose(s: GameState, unit_id: str, status: str, rule: str) -> list[Event]:
    models = [m for m in s.alive_models(unit_id) if status in m.statuses]
    if not models:
        return []
    for m in models:
        m.statuses = m.statuses - {status}
    unit = s.units[unit_id]
    return [StatusChanged(rule=rule, unit=unit_id, unit_name=unit.name, status=title(status),
                          gained=False)]


def combat_initiative(model: Model) -> int:
    """The initiative step a model strikes at: its I, or 1 with any status."""
    return 1 if model.statuses else int(model.profile["I"])


def end_phase_checks(s: GameState, dice: Dice, side: int) -> list[Event]:
    """[added] In its own End phase, each unit of the side with a status checks once per status
    it has, in the order Pinned, Suppressed, Stunned (Cool checks), then Routed (a Leadership
    check); a pass removes that status from all its models."""
    events: list[Event] = []
    for unit in s.units_of(side):
        present = unit_statuses(s, unit.id)
        for status in STATUSES:
            if status not in present:
                continue
            key = "Ld" if status == ROUTED else "Cl"
            passed, rolled = take_check(s, dice, unit.id, key, why=RECOVER[status])
            events.append(rolled)
            if passed:
                events.extend(lose(s, unit.id, status, RULE_END_PHASE))
    return events
