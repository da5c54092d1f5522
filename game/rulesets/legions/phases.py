"""The names of the `legions` phases and of the assault's sub-phases, in one place: the
PhaseStarted events (the log) and the client's top bar (`LegionsRuleset.phase_name` and
`current_phase_name`) read them here. A module of its own because the challenge sub-phase starts
in challenge.py, which the package's `__init__` imports.
"""

from __future__ import annotations

from game.core.i18n import msg

#: By the id `s.phase` holds ("end" is the End phase, which passes with no decision in it, so
#: `s.phase` never holds it). The assault shows its sub-phase while one is under way; the
#: phase's own name says "phase" because the catalog's "Assault" is the weapon trait (an
#: adjective in Russian).
PHASE_NAMES = {"movement": msg("Movement"), "assault": msg("Assault phase"), "end": msg("End")}
#: The assault's sub-phases, by `s.pending["sub"]`.
SUB_PHASE_NAMES = {"charge": msg("Assault (charge sub-phase)"),
                   "challenge": msg("Assault (challenge sub-phase)"),
                   "fight": msg("Assault (fight sub-phase)")}


def assault_step_name(s) -> str | None:
    """The sub-phase the assault is in, by name; None outside one."""
    return SUB_PHASE_NAMES.get(s.pending.get("sub")) if s.phase == "assault" else None
