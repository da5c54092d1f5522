"""The turn controller: one battle, driven the same way by the client, the AI and the CLI.

It owns the state, the table (geometry), the dice and the history; it asks the ruleset who acts
and what is legal, applies actions, and takes the steps that need no decision by itself (actions
marked `option="auto"`, such as the Command phase's battle-shock tests).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from game.core.actions import Action
from game.core.dice import Dice
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.i18n import msg
from game.core.state import GameState, Scenario

AUTO = "auto"
#: A ruleset without a `version` attribute plays version 1 of its rules.
DEFAULT_RULESET_VERSION = 1


def ruleset_version(ruleset) -> int:
    """The version of its rules a ruleset plays (a record made with another is refused)."""
    return getattr(ruleset, "version", DEFAULT_RULESET_VERSION)


@dataclass
class Step:
    """One applied action, who took it and what the rules did."""

    player: int | None
    action: Action
    events: list[Event] = field(default_factory=list)


class TurnController:
    def __init__(self, ruleset, scenario: Scenario, seed: int = 0,
                 forces: list[str] | None = None, geo=None, dice: Dice | None = None):
        if geo is None:
            from game.table import Table

            geo = Table(scenario)
        self.ruleset = ruleset
        self.scenario = scenario
        self.seed = seed
        self.forces = forces
        self.geo = geo
        self.dice = dice or Dice(seed)
        self.state: GameState = ruleset.new_game(scenario, seed, forces)
        self.history: list[Step] = []
        self.opening: list[Event] = list(ruleset.start_events(self.state))
        self._legal: list[Action] | None = None
        self.events: list[Event] = list(self.opening)
        #: Told of every decision (`before_decision()`, `after_decision(player, action)`).
        self.observer = None
        self._map_reference: dict | None = None
        self.take_automatic_steps()

    # --- reading ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.over

    def current_player(self) -> int | None:
        return self.ruleset.current_player(self.state)

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self.ruleset.legal_actions(self.state, self.geo)
        return self._legal

    def explain_illegal(self, action: Action) -> str | None:
        return self.ruleset.explain_illegal(self.state, action, self.geo)

    def score(self) -> tuple[float, ...]:
        return self.ruleset.score(self.state, self.geo)

    # --- acting ----------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply one decision for the current player, then the automatic steps after it;
        raises IllegalAction (state unchanged). The observer (the battle's timeline, if one
        keeps it) is told of every decision, whoever applied it: client, AI or CLI."""
        observer = self.observer
        if observer is not None:
            observer.before_decision()
        player = self.current_player()
        events = self._apply(action)
        events += self.take_automatic_steps()
        if observer is not None:
            observer.after_decision(player, action)
        return events

    def _apply(self, action: Action) -> list[Event]:
        if self.state.over:
            raise IllegalAction(msg("The battle is over"))
        player = self.current_player()
        events = self.ruleset.apply(self.state, action, self.geo, self.dice)
        self._legal = None
        self.history.append(Step(player, action, events))
        self.events.extend(events)
        return events

    def take_automatic_steps(self) -> list[Event]:
        """Steps with no decision in them are taken at once (they still go in the history)."""
        events: list[Event] = []
        while not self.state.over:
            legal = self.legal_actions()
            if len(legal) == 1 and legal[0].option == AUTO:
                events.extend(self._apply(legal[0]))
            elif not legal:
                raise IllegalAction(msg("no legal action in phase {phase} (rules bug)",
                                        phase=self.state.phase))
            else:
                break
        return events

    def concede(self, side: int) -> list[Event]:
        """A side concedes: the battle ends now (common rules)."""
        if self.state.over:
            return []
        return self.apply(Action("concede", option=str(side)))

    def rewind(self, state: GameState, history: list[Step], events: list[Event]) -> None:
        """Go back (or forward) to another point of this battle (the timeline's snapshots):
        `state` is a private copy of the state there, `history` and `events` both lists then.
        The caller restores the dice with it (game/timeline.py), so the same dice come again."""
        self.state = state
        self.history[:] = history
        self.events[:] = events
        self._legal = None

    def play(self, agents: dict[int, object], max_actions: int = 20000) -> GameState:
        """Let agents play to the end (headless battles, AI vs AI)."""
        for _ in range(max_actions):
            if self.state.over:
                break
            player = self.current_player()
            action = agents[player].choose(self)
            self.apply(action)
        return self.state

    # --- records ---------------------------------------------------------------------------------
    def event_log(self) -> list[str]:
        return [e.describe() for e in self.events]

    def log_digest(self) -> str:
        digest = hashlib.sha256()
        for e in self.events:
            digest.update(json.dumps(e.to_json(), sort_keys=True, default=str).encode())
        return digest.hexdigest()

    def decision_count(self) -> int:
        """The decisions taken so far: the steps a replay records (automatic steps are not
        decisions, so the results screen and the replay agree on the number)."""
        return sum(1 for step in self.history if step.action.option != AUTO)

    def replay_record(self) -> dict:
        """The battle as a record (JSON-ready data, never code; `game.io.saves` writes and reads
        it): the ruleset and its version, the map by id and hash, the seed, the forces, the
        decisions so far and the digest of the event log they give. A replay is this record;
        a save adds its own fields to it."""
        from game.io.saves import REPLAY_VERSION

        return {
            "version": REPLAY_VERSION,
            "ruleset": self.ruleset.id,
            "ruleset_version": ruleset_version(self.ruleset),
            **self.map_reference(),
            "seed": self.seed,
            "forces": list(self.forces) if self.forces is not None else None,
            "sides": len(self.state.sides),
            "actions": [step.action.to_json() for step in self.history
                        if step.action.option != AUTO],
            "log_sha256": self.log_digest(),
        }

    def map_reference(self) -> dict:
        """The map's id and hash (read once: an autosave asks after every decision)."""
        if self._map_reference is None:
            from game.io.maprefs import map_reference

            self._map_reference = map_reference(self.scenario.source)
        return self._map_reference
