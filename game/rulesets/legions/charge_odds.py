"""The odds of a `legions` charge, worked out by the steps that resolve it (issue 10, guarantee
3: the figure shown before a choice is what the game then does).

From a declaration: the setup move the game would offer (none when disordered), the charge
already won if that brings a model into base contact; else the charge roll (2D6, the lowest
discarded) against the gap then left, counting only the rolls for which the charge move finds
a legal placement (charge_moves.solve_move, the very search the roll uses). The declaration
labels, the roll's label, the greedy AI and the tests all read `charge_chance`/`roll_chance`.

Not counted: casualties the volleys of step 4 may inflict before the roll (they are dice of
their own), nor the target's Evade reaction (its player's choice, made after the declaration):
the roll's label, shown after them, is worked out afresh from the position they leave.

What this costs: two placement searches per declaration in reach (the setup move, then the
roll's charge move from where it ends), each mostly the table's approach (72% of the dearest
greedy decision's listing, seed 0). Tried and dropped: settling a roll's placement by the nearest
model alone (the table's approach with that one mover gives the same spot) before the full
search: at the dearest listings the path searches rose (seed 0: 305 to 325 routes; with the
followers tried too, 315), since the full search still runs where the leader alone fails.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from game.core.geometry import Geometry
from game.core.i18n import join, msg
from game.core.memo import PerTable
from game.core.state import GameState
from game.rulesets.base import placed_view
from game.rulesets.legions.charge_moves import (
    CHARGE_MOVE,
    SETUP_MOVE,
    in_contact_with,
    solve_move,
)
from game.rulesets.legions.move_intents import poses
from game.rulesets.legions.odds import charge_distribution, needed_roll

#: The highest charge roll (a D6 kept).
TOP_ROLL = 6


@dataclass(frozen=True)
class ChargeChance:
    """What the charge rules give from a position, exactly."""

    p: Fraction
    setup: int = 0  # inches of the setup move taken (0: none)
    disordered: bool = False
    won_by_setup: bool = False
    gap: float = 0.0  # the gap the roll must cover
    need: int = 1  # the roll that covers that gap
    blocked: tuple[int, ...] = ()  # rolls that cover the gap but find no legal placement

    def percent(self) -> str:
        return f"{self.p.numerator}/{self.p.denominator} = {float(self.p):.0%}"

    def roll_text(self) -> str:
        """The charge roll's part: what it needs and how often it gets there."""
        parts = [msg("{need}\" needed", need=self.need)]
        if self.need > TOP_ROLL:
            parts.append(msg(" for {gap:.1f}\": more than a roll can give", gap=self.gap))
        if self.blocked:
            rolls = ", ".join(str(k) for k in self.blocked)
            parts.append(msg("; a roll of {rolls} finds no legal placement (the way to base "
                             "contact is longer or blocked)", rolls=rolls))
        parts.append(f" ({self.percent()})")
        return join(parts, "")

    def text(self) -> str:
        """The whole charge in a few words, for a declaration's label."""
        if self.won_by_setup and not self.setup:
            return msg("already in base contact: the charge is won ({odds})",
                       odds=self.percent())
        if self.won_by_setup:
            return msg("the {setup}\" setup move reaches base contact: the charge is won "
                       "({odds})", setup=self.setup, odds=self.percent())
        first = (msg("disordered: no setup move") if self.disordered else
                 msg("after the {setup}\" setup move", setup=self.setup) if self.setup else
                 msg("no setup move is possible"))
        return msg("{first}, {gap:.1f}\" to go: {roll}", first=first, gap=self.gap,
                   roll=self.roll_text())


CACHE_LIMIT = 2048
_CACHE = PerTable(CACHE_LIMIT)


def position_key(s: GameState, what: str, unit_id: str, target_id: str, setup: int) -> tuple:
    """Everything the search depends on: where every model stands, and its base by its
    fields (hashed at C speed; disorder comes in as a setup of -1)."""
    return (what, unit_id, target_id, setup, poses([m for m in s.models.values() if m.alive]))


def cached(geo: Geometry, key: tuple, work):
    return _CACHE.get(geo, key, work)


def roll_chance(s: GameState, geo: Geometry, unit_id: str, target_id: str) -> ChargeChance:
    """Step 5 from this position: P(the kept die covers the gap and the charge move then finds
    a legal placement)."""
    def work() -> ChargeChance:
        gap = geo.unit_distance(s, unit_id, target_id)
        need = needed_roll(gap)
        odds = charge_distribution()
        # The game's charge move for a roll also takes any placement a smaller roll finds
        # (charge_moves.solve_charge_move): every roll from the first that finds one succeeds.
        first = next((roll for roll in range(need, TOP_ROLL + 1)
                      if solve_move(s, geo, unit_id, target_id, float(roll), CHARGE_MOVE,
                                    True) is not None), TOP_ROLL + 1)
        p = sum((odds[roll] for roll in range(first, TOP_ROLL + 1)), Fraction(0))
        return ChargeChance(p, gap=gap, need=need, blocked=tuple(range(need, first)))

    return cached(geo, position_key(s, "roll", unit_id, target_id, 0), work)


def charge_chance(s: GameState, geo: Geometry, unit_id: str, target_id: str, setup: int,
                  disordered: bool) -> ChargeChance:
    """The whole charge from its declaration: the setup move of `setup` inches (none when
    `disordered`), then the roll (see the module docstring)."""
    def work() -> ChargeChance:
        gap = geo.unit_distance(s, unit_id, target_id)
        if gap - (0 if disordered else setup) > TOP_ROLL:
            # No move shortens the gap by more than its length: out of reach, nothing to solve.
            return ChargeChance(Fraction(0), setup=0 if disordered else setup,
                                disordered=disordered, gap=gap - (0 if disordered else setup),
                                need=needed_roll(gap - (0 if disordered else setup)))
        if disordered:
            return replace(roll_chance(s, geo, unit_id, target_id), disordered=True)
        if in_contact_with(s, geo, unit_id, target_id):
            return ChargeChance(Fraction(1), won_by_setup=True)
        dest = solve_move(s, geo, unit_id, target_id, float(setup), SETUP_MOVE, False)
        if dest is None:
            return roll_chance(s, geo, unit_id, target_id)
        trial = placed_view(s, dest)
        if in_contact_with(trial, geo, unit_id, target_id):
            return ChargeChance(Fraction(1), setup=setup, won_by_setup=True)
        return replace(roll_chance(trial, geo, unit_id, target_id), setup=setup)

    key = position_key(s, "declare", unit_id, target_id, -1 if disordered else setup)
    return cached(geo, key, work)
