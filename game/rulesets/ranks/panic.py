"""Panic, its effect, rout and rally (ranks.md: "Combat" step 5, "Effect of panic").

Panic of a unit after a combat = the bases it lost in it, then: -1 for an unpanicked officer in
the unit; -1 for the unpanicked general in the unit; -1 per rank more than the opponent; +1 if
the opponent has twice as many active (unpanicked) bases; +1 if the opponent attacks its flank;
+2 if it attacks its rear (the seed); -1 per Steady talent used (ranks [added]).

[added] Panic <= 0 does nothing; otherwise that many bases are marked panicked, rear ranks
first, officers and the general last. A unit whose front rank is all panicked, or with at least
half its bases panicked, routs: it turns and flees one full move away from the enemy. A unit not
in contact at the start of its turn removes 1 panic marker, +1 per unpanicked officer or
general, front rank first; a routed unit that no longer meets the rout condition has rallied.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.i18n import N_, join, msg
from game.core.state import GameState, Model
from game.rulesets.ranks import formation
from game.rulesets.ranks.setup import GENERAL, OFFICER, PANICKED

RULE_PANIC = msg("Panic: bases lost, -1 unpanicked officer, -1 unpanicked general, -1 per rank "
                 "more than the opponent, +1 if the opponent has twice the active bases, +1 "
                 "flank attack, +2 rear attack (ranks seed)")
RULE_MARKERS = msg("Effect of panic: mark that many bases panicked, rear ranks first, officers "
                   "and the general last (ranks [added])")
RULE_ROUT = msg("Rout: a unit with its whole front rank panicked, or at least half its bases, "
                "turns and flees one full move away from the enemy (ranks [added])")
RULE_RALLY = msg("Rally: a unit not in contact at the start of its turn removes 1 panic marker, "
                 "+1 per unpanicked officer or general (ranks [added])")
ROUTED = "routed"
#: The status the log names when a unit routs or rallies (ROUTED is the flag's key).
ROUTED_STATUS = msg("routed")
#: The panic terms as the log names them, after their signed value ("-1 officer").
TERM_NAMES = {"officer": N_("{value:+d} officer"), "general": N_("{value:+d} general"),
              "ranks": N_("{value:+d} more ranks"), "outnumbered": N_("{value:+d} outnumbered 2:1"),
              "flank": N_("{value:+d} flank attack"), "rear": N_("{value:+d} rear attack"),
              "steady": N_("{value:+d} Steady")}


def is_panicked(model: Model) -> bool:
    return PANICKED in model.statuses


def is_leader(model: Model) -> bool:
    return OFFICER in model.statuses or GENERAL in model.statuses


def active_bases(s: GameState, unit_id: str) -> list[Model]:
    """Living, unpanicked bases."""
    return [m for m in s.alive_models(unit_id) if not is_panicked(m)]


def rank_count(s: GameState, unit_id: str, no_ranks: bool = False) -> int:
    """Ranks holding an unpanicked base; none at all for a unit that is flanked or rear
    attacked while engaged on its front."""
    if no_ranks:
        return 0
    return len(formation.ranks_present(s, unit_id, active_bases(s, unit_id)))


@dataclass
class PanicTerms:
    """Every term of one unit's panic, so the log can show the sum."""

    losses: int = 0
    officer: int = 0
    general: int = 0
    ranks: int = 0
    outnumbered: int = 0
    flank: int = 0
    rear: int = 0
    steady: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return (self.losses + self.officer + self.general + self.ranks + self.outnumbered
                + self.flank + self.rear + self.steady)

    def describe(self) -> str:
        parts = [msg("{lost} lost", lost=self.losses)]
        for value, name in ((self.officer, "officer"), (self.general, "general"),
                            (self.ranks, "ranks"), (self.outnumbered, "outnumbered"),
                            (self.flank, "flank"), (self.rear, "rear"),
                            (self.steady, "steady")):
            if value:
                parts.append(msg(TERM_NAMES[name], value=value))
        return join([join(parts), f" = {self.total}"], "")


def panic_terms(s: GameState, unit_id: str, losses: int, opponents: list[str],
                flanked: bool, rear_attacked: bool, no_ranks: bool,
                opponents_no_ranks: dict[str, bool], steady: int) -> PanicTerms:
    """The seed's panic of one unit after a combat (its losses already removed)."""
    terms = PanicTerms(losses=losses, steady=-steady)
    alive = s.alive_models(unit_id)
    if any(OFFICER in m.statuses and not is_panicked(m) for m in alive):
        terms.officer = -1
    if any(GENERAL in m.statuses and not is_panicked(m) for m in alive):
        terms.general = -1
    living = [o for o in opponents if s.unit_alive(o)]
    if living:
        mine = rank_count(s, unit_id, no_ranks)
        theirs = max(rank_count(s, o, opponents_no_ranks.get(o, False)) for o in living)
        if mine > theirs:
            terms.ranks = -(mine - theirs)
        active_theirs = sum(len(active_bases(s, o)) for o in living)
        if active_theirs > 0 and active_theirs >= 2 * len(active_bases(s, unit_id)):
            terms.outnumbered = 1
    if flanked:
        terms.flank = 1
    if rear_attacked:
        terms.rear = 2
    return terms


def marking_order(s: GameState, unit_id: str) -> list[Model]:
    """Unpanicked bases in the order they take panic markers: rear ranks first, officers and
    the general last."""
    slots = formation.slot_map(s, unit_id)
    return sorted(active_bases(s, unit_id),
                  key=lambda m: (is_leader(m), -slots[m.id][0], -slots[m.id][1]))


def mark_panicked(s: GameState, unit_id: str, count: int) -> list[Model]:
    marked = marking_order(s, unit_id)[:max(0, count)]
    for m in marked:
        m.statuses = m.statuses | {PANICKED}
    return marked


def remove_markers(s: GameState, unit_id: str, count: int) -> list[Model]:
    """Take panic markers off, front rank first, leaders first within a rank."""
    slots = formation.slot_map(s, unit_id)
    marked = sorted((m for m in s.alive_models(unit_id) if is_panicked(m)),
                    key=lambda m: (slots[m.id][0], not is_leader(m), slots[m.id][1]))
    freed = marked[:max(0, count)]
    for m in freed:
        m.statuses = m.statuses - {PANICKED}
    return freed


def meets_rout(s: GameState, unit_id: str) -> bool:
    alive = s.alive_models(unit_id)
    if not alive:
        return False
    front = formation.front_rank(s, unit_id)
    panicked = sum(1 for m in alive if is_panicked(m))
    return all(is_panicked(m) for m in front) or 2 * panicked >= len(alive)


def front_all_panicked(s: GameState, unit_id: str) -> bool:
    """The unit's front rank has bases and every one is panicked. One pass over its slots
    (not `formation.front_rank`, which sorts them): every listing asks it of every unit."""
    models = s.models
    front = False
    for mid, (rank, _) in formation.slot_map(s, unit_id).items():
        if rank == 0:
            if PANICKED not in models[mid].statuses:
                return False
            front = True
    return front


def rally_count(s: GameState, unit_id: str) -> int:
    """Markers a unit not in contact removes at the start of its turn."""
    leaders = sum(1 for m in active_bases(s, unit_id) if is_leader(m))
    return 1 + leaders
