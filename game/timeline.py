"""The battle timeline: a battle is its ruleset, map, seed, forces and decisions; every state
is derived from them.

Why one mechanism: undo, save/resume and replays all need "the state after N decisions". The
timeline keeps the decisions (a decision is an action a player chose; the steps the rules take
by themselves follow it and are re-derived) and snapshots of the state and the dice after
every decision that revealed information and every few decisions in between, so going to any
point is a restore plus a short replay of decisions that roll no dice, never a replay from
the start.

Undo takes back decisions only up to the last moment that revealed information: a die rolled
(the dice log grew, a shuffle included) or a card drawn. Because the dice stream is restored
with the state and no roll is ever taken back, undo then redo gives the same dice: undo can
never be used to fish for better ones. Undo never crosses into another side's decisions (hot
seat), and the AI's decisions are never undone: "take back my last turn" before the AI acts.

Pure: no pygame, no pymunk (the table comes in through the controller).
"""

from __future__ import annotations

import time
import uuid
from collections import deque
from dataclasses import dataclass

from game.core.actions import Action
from game.core.dice import Dice, Roll
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.i18n import msg
from game.core.state import GameState
from game.turn import AUTO, TurnController

#: A snapshot every this many decisions: going anywhere replays at most this many minus one...
SNAPSHOT_EVERY = 4
#: ... and sooner when replaying since the last snapshot would cost more CPU than this (some
#: decisions take a ruleset tens of milliseconds: a melee fought to the end, say).
SNAPSHOT_BUDGET = 0.010
#: Why undo stops at decisions made before the timeline was kept.
BEFORE_TIMELINE = msg("the decisions before this battle's timeline began are not undone")


# --- the dice are part of the timeline ----------------------------------------------------------

@dataclass(frozen=True)
class DiceMark:
    """Where the dice stream stood: the generator's state, the roll log and the scripted
    values still queued. Restoring it makes the same dice come again."""

    rng: tuple
    rolls: tuple[Roll, ...]
    script: tuple[int, ...]


def mark_dice(dice: Dice) -> DiceMark:
    # Dice has no public snapshot yet; this is the one place that reads its private parts.
    return DiceMark(dice._rng.getstate(), tuple(dice.log), tuple(dice._script))


def restore_dice(dice: Dice, mark: DiceMark) -> None:
    dice._rng.setstate(mark.rng)
    dice.log[:] = mark.rolls
    dice._script = deque(mark.script)


# --- what reveals information -------------------------------------------------------------------

def revelation(rolls: list[Roll], events: list[Event]) -> str | None:
    """Why a decision (with the steps the rules took after it) revealed information, in plain
    words, or None if it revealed nothing. Generic: a die rolled or a deck shuffled (the dice
    log grew), or an event that says it reveals something (`reveals = True`) or is a draw
    (its type ends in `Drawn`: a card from a deck). The most recent one is named."""
    for event in reversed(events):
        if getattr(event, "reveals", False) or type(event).__name__.endswith("Drawn"):
            return msg("{event}: a drawn card cannot be put back", event=event.describe())
    for roll in reversed(rolls):
        what = roll.label or msg("dice")
        if roll.sides == 0:
            if roll.rule:
                return msg("the {what} has been shuffled ({rule})", what=what, rule=roll.rule)
            return msg("the {what} has been shuffled", what=what)
        if roll.rule:
            return msg("the {what} roll has been made ({rule})", what=what, rule=roll.rule)
        return msg("the {what} roll has been made", what=what)
    return None


@dataclass(frozen=True)
class Decision:
    """One decision: who took it, what it was, and what it revealed (None: nothing)."""

    player: int | None
    action: Action
    reveals: str | None = None


@dataclass(frozen=True)
class Snapshot:
    """The battle right after `position` decisions (and the automatic steps after them)."""

    position: int
    state: GameState
    dice: DiceMark
    history: tuple
    events: tuple


@dataclass(frozen=True)
class UndoInfo:
    """What undo may take back for a side now: `count` decisions (0: none), the last of them
    described in `next`, and `stop`, the reason undo stops where it stops."""

    count: int
    stop: str
    next: str = ""


def describe_action(action: Action) -> str:
    return action.label or action.to_text()


class Timeline:
    """One battle: the controller at the current point, the decisions (including the ones undo
    took back, which redo replays) and the snapshots.

    `ai_sides` are the sides the AI plays: their decisions are never undone."""

    def __init__(self, ruleset, scenario, seed: int = 0, forces: list[str] | None = None,
                 geo=None, ai_sides=(), snapshot_every: int = SNAPSHOT_EVERY,
                 battle_id: str | None = None, controller: TurnController | None = None):
        if controller is None:
            controller = TurnController(ruleset, scenario, seed, forces, geo)
        self.controller = controller
        controller.observer = self
        #: Names this battle's autosave file (kept across save and resume).
        self.battle_id = battle_id or f"{ruleset.id}-{seed}-{uuid.uuid4().hex[:8]}"
        self.ai_sides = frozenset(ai_sides)
        self.snapshot_every = max(1, snapshot_every)
        # A battle already under way (a test's or a lesson's position): its decisions so far
        # are kept for the record but are never undone, and rebuilding starts from here.
        self.decisions: list[Decision] = [Decision(step.player, step.action, BEFORE_TIMELINE)
                                          for step in controller.history
                                          if step.action.option != AUTO]
        self.position = len(self.decisions)
        #: Called with the timeline after every decision (the client autosaves there).
        self.listeners: list = []
        self._snapshots: dict[int, Snapshot] = {self.position: self._snapshot()}
        self._since_snapshot = 0.0
        self._watch: tuple[int, int, float] | None = None
        self._replaying = False

    @classmethod
    def of(cls, controller: TurnController, ai_sides=(), battle_id: str | None = None
           ) -> Timeline:
        """The timeline of a battle the client (or a test) set up itself: every decision
        applied through the controller from now on is recorded (earlier ones are kept for the
        record, never undone)."""
        return cls(controller.ruleset, controller.scenario, controller.seed, controller.forces,
                   ai_sides=ai_sides, battle_id=battle_id, controller=controller)

    # --- reading ---------------------------------------------------------------------------------
    @property
    def ruleset(self):
        return self.controller.ruleset

    @property
    def state(self) -> GameState:
        return self.controller.state

    @property
    def over(self) -> bool:
        return self.controller.over

    def current_player(self) -> int | None:
        return self.controller.current_player()

    def applied(self) -> list[Decision]:
        """The decisions that made the current state (the redo tail left out)."""
        return self.decisions[: self.position]

    @property
    def snapshot_count(self) -> int:
        return len(self._snapshots)

    def can_redo(self) -> bool:
        return self.position < len(self.decisions)

    # --- acting ----------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply one decision for the current player (IllegalAction: nothing changes). The
        client and the agents may as well call the controller's `apply`: it tells us."""
        return self.controller.apply(action)

    def before_decision(self) -> None:
        c = self.controller
        self._watch = (len(c.dice.log), len(c.events), time.process_time())

    def after_decision(self, player: int | None, action: Action) -> None:
        """Record a decision the controller applied. The same decision as the one undo took
        back keeps the redo tail (same dice, same result); another one drops it."""
        c = self.controller
        rolls, first_event, started = self._watch
        self._since_snapshot += time.process_time() - started
        if self.can_redo() and self.decisions[self.position].action == action:
            revealed = self.decisions[self.position].reveals is not None
        else:
            reveals = self._revelation(c.dice.log[rolls:], c.events[first_event:])
            self._drop_after(self.position)
            self.decisions.append(Decision(player, action, reveals))
            revealed = reveals is not None
        self.position += 1
        self._maybe_snapshot(revealed)
        if not self._replaying:
            for listener in list(self.listeners):
                listener(self)

    def _revelation(self, rolls: list[Roll], events: list[Event]) -> str | None:
        hook = getattr(self.ruleset, "reveals_information", None)
        return hook(rolls, events) if hook is not None else revelation(rolls, events)

    def _drop_after(self, position: int) -> None:
        del self.decisions[position:]
        for key in [k for k in self._snapshots if k > position]:
            del self._snapshots[key]

    def _snapshot(self) -> Snapshot:
        c = self.controller
        return Snapshot(self.position, c.state.copy(), mark_dice(c.dice), tuple(c.history),
                        tuple(c.events))

    def _maybe_snapshot(self, revealed: bool = False) -> None:
        """Snapshot after every decision that revealed information (so rebuilding replays no
        dice at all: the same result even when a test or a lesson scripted them), every few
        decisions, and after costly ones."""
        due = (revealed or self.position % self.snapshot_every == 0
               or self._since_snapshot > SNAPSHOT_BUDGET)
        if due and self.position not in self._snapshots:
            self._snapshots[self.position] = self._snapshot()
            self._since_snapshot = 0.0

    def go_to(self, position: int) -> None:
        """Rebuild the battle after `position` decisions (0 to all the known ones): restore the
        nearest snapshot before it and replay the few decisions after that. The decisions after
        `position` are kept (redo, a replay's step forward)."""
        if not 0 <= position <= len(self.decisions):
            raise ValueError(msg("position {position} is outside 0..{last}", position=position,
                                 last=len(self.decisions)))
        if position == self.position:
            return
        start = max((k for k in self._snapshots if k <= position), default=None)
        if start is None:
            raise ValueError(msg("this timeline starts after decision {first}",
                                 first=min(self._snapshots)))
        if not start <= self.position < position:  # else already on the way: step forward
            snap = self._snapshots[start]
            self.controller.rewind(snap.state.copy(), snap.history, snap.events)
            restore_dice(self.controller.dice, snap.dice)
            self.position = start
        self._since_snapshot = 0.0
        self._replaying = True
        try:
            while self.position < position:
                self.controller.apply(self.decisions[self.position].action)
        finally:
            self._replaying = False

    # --- undo and redo ---------------------------------------------------------------------------
    def undo_info(self, side: int | None = None) -> UndoInfo:
        """What undo would take back for `side` (default: the player to act): that side's own
        latest decisions, back to the last one that revealed information, never past another
        side's decision, never the AI's."""
        side = self.current_player() if side is None else side
        if side in self.ai_sides:
            return UndoInfo(0, msg("the AI's decisions are never undone"))
        if self.over:
            return UndoInfo(0, msg("the battle is over"))
        count, stop = 0, msg("this is the start of the battle")
        for decision in reversed(self.applied()):
            if decision.player != side:
                stop = msg("{side} has acted since: undo never takes back another side's "
                           "decisions", side=self._side_name(decision.player))
                break
            if decision.reveals:
                stop = decision.reveals
                break
            count += 1
        last = describe_action(self.decisions[self.position - 1].action) if count else ""
        return UndoInfo(count, stop, last)

    def _side_name(self, side: int | None) -> str:
        if side is None or not 0 <= side < len(self.state.sides):
            return msg("another side")
        return self.state.sides[side].name

    def undo(self, side: int | None = None, count: int = 1) -> int:
        """Take back up to `count` decisions of `side` (see `undo_info`); returns how many were
        taken back. They stay in the timeline for `redo`."""
        count = min(count, self.undo_info(side).count)
        if count > 0:
            self.go_to(self.position - count)
        return count

    def take_back_turn(self, side: int | None = None) -> int:
        """Take back everything undo allows for `side` ("take back my last turn")."""
        return self.undo(side, self.undo_info(side).count)

    def redo(self) -> list[Event]:
        """Apply again the next decision undo took back (the same dice come again)."""
        if not self.can_redo():
            raise IllegalAction(msg("Nothing to redo"))
        first = len(self.controller.events)
        self.go_to(self.position + 1)
        return self.controller.events[first:]

    # --- records ---------------------------------------------------------------------------------
    def record(self) -> dict:
        """The battle as data: the controller's record (game/turn.py), whose decisions are the
        ones applied now (undo rewinds the controller's history with the state)."""
        return self.controller.replay_record()

    def summary(self) -> dict:
        """The state after the current decisions, as plain data (`replay --to N --json`)."""
        s, c = self.state, self.controller
        return {
            "ruleset": s.ruleset,
            "decisions": self.position,
            "round": s.round,
            "phase": s.phase,
            "active": s.active,
            "current_player": None if s.over else self.current_player(),
            "over": s.over,
            "reason": s.result.get("reason"),
            "winner": s.result.get("winner"),
            "points": list(c.score()),
            "sides": [{"name": side.name, "force": side.force,
                       "models": sum(1 for m in s.models.values()
                                     if m.side == side.index and m.alive),
                       "units": len(s.units_of(side.index)),
                       "conceded": side.conceded, "routed": side.routed}
                      for side in s.sides],
            "rolls": len(c.dice.log),
            "events": len(c.events),
            "log_sha256": c.log_digest(),
        }


def play_on(timeline: Timeline, players: dict, stop_after: int | None = None,
            log=None, max_decisions: int = 20000) -> None:
    """Let agents decide until the battle ends or `stop_after` decisions have been made in all
    (the same loop as `simulate`, so a battle stopped and resumed is the same battle)."""
    controller = timeline.controller
    seen = len(controller.events)
    for _ in range(max_decisions):
        if timeline.over or (stop_after is not None and timeline.position >= stop_after):
            break
        timeline.apply(players[controller.current_player()].choose(controller))
        if log:
            for event in controller.events[seen:]:
                log(event.describe())
            seen = len(controller.events)


def new_battle(ruleset_id: str, scenario, seed: int, agents: list[str]):
    """A battle between agents, set up and seeded exactly as `simulate` sets up its first
    game: returns the timeline and the agents by side."""
    from game import ai, rulesets
    from game.core.errors import GameError
    from game.sim import battle_forces

    ruleset = rulesets.get(ruleset_id)
    most = getattr(ruleset, "max_sides", 2)
    if not 2 <= len(agents) <= most:
        raise GameError(msg("{ruleset} is played by 2 to {most} sides", ruleset=ruleset_id,
                            most=most))
    players = {i: ai.make(name, seed * 31 + i) for i, name in enumerate(agents)}
    timeline = Timeline(ruleset, scenario, seed, battle_forces(ruleset, len(agents), scenario),
                        ai_sides=players)
    return timeline, players
