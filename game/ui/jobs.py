"""The rules work the battle screen hands to the worker thread, and what a failure names.

Each job runs on the real controller (lent by the screen) and records its progress as it goes,
so when a rules step or an AI decision raises, the screen still knows the events already made
and which action, by which side, failed. After the step, `warm` works out what the next frame
would otherwise compute on the drawing thread: the offered actions, their values, the score.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.i18n import N_
from game.ui import hooks

SKIP_LIMIT = 5000  # decisions one "skip" may take (a battle is far shorter)


@dataclass
class Progress:
    """What a job did so far; kept when it fails."""

    events: list = field(default_factory=list)
    action: Action | None = None  # being applied (None while an AI is still choosing)
    side: int | None = None
    what: str = "rules step"  # or "AI decision"
    decisions: int = 0
    history_at: int = 0  # the history's length before the action being applied
    warmed: dict = field(default_factory=dict)
    refused: str | None = None  # a player's own placement the rules turned down


def decision_number(controller, upto: int | None = None) -> int:
    """The number of the next decision: steps in the history a player chose (not automatic),
    among the first `upto` steps if given."""
    steps = controller.history if upto is None else controller.history[:upto]
    return 1 + sum(1 for step in steps if step.action.option != "auto")


def in_automatic_steps(controller, progress: Progress) -> bool:
    """Did the action itself go through, and an automatic step after it fail?"""
    return progress.action is not None and len(controller.history) > progress.history_at


def apply_action(controller, action: Action, progress: Progress, offered: bool) -> Progress:
    """A player's action. An offered one must be accepted (a refusal is a rules bug and fails
    the job); a placement the player dragged may be refused, with the rule's reason."""
    progress.action, progress.side = action, controller.current_player()
    progress.what, progress.history_at = "rules step", len(controller.history)
    try:
        progress.events += controller.apply(action)
    except IllegalAction as exc:
        if offered:
            raise
        progress.refused = exc.reason
        return progress
    progress.action = None
    progress.decisions += 1
    return progress


def concede(controller, side: int, progress: Progress) -> Progress:
    progress.action, progress.side = Action("concede", option=str(side)), side
    progress.history_at = len(controller.history)
    progress.events += controller.concede(side)
    progress.action = None
    return progress


def play_ai(controller, agents: dict, humans: set, progress: Progress, limit: int = 1,
            budget: float | None = None, same_turn: bool = False) -> Progress:
    """AI decisions until a human is to act, the battle ends, `limit` decisions are taken,
    `budget` seconds of this thread's CPU are spent or (`same_turn`) the turn changes."""
    start = time.thread_time()
    turn = (controller.state.round, controller.state.active)
    while not controller.over and progress.decisions < limit:
        player = controller.current_player()
        agent = agents.get(player)
        if agent is None or player in humans:
            break
        if same_turn and (controller.state.round, controller.state.active) != turn:
            break
        progress.action, progress.side, progress.what = None, player, "AI decision"
        progress.action = agent.choose(controller)
        progress.history_at = len(controller.history)
        progress.events += controller.apply(progress.action)
        progress.action = None
        progress.decisions += 1
        if budget is not None and time.thread_time() - start >= budget:
            break
    return progress


def action_values(controller, legal: list[Action]) -> dict[Action, float]:
    """The ruleset's value of each offered action (`action_value`), where it gives one."""
    value = getattr(controller.ruleset, "action_value", None)
    values: dict[Action, float] = {}
    if value is None:
        return values
    for action in legal:
        try:
            values[action] = float(value(controller.state, action, controller.geo))
        except Exception:  # information only
            continue
    return values


def warm(controller, humans: set) -> dict:
    """After a step, on the worker: what the screen draws next, computed while it may."""
    ruleset, state, geo = controller.ruleset, controller.state, controller.geo
    out: dict = {"holders": hooks.objective_holders(controller)}
    try:
        out["score"] = tuple(controller.score())
    except Exception:
        out["score"] = ()
    if not controller.over:
        legal = controller.legal_actions()  # cached in the controller for the next frame
        if controller.current_player() in humans:
            out["values"] = action_values(controller, legal)
            hook = getattr(ruleset, "action_odds", None)
            if hook is not None:  # exact odds can take a placement search: not on hover
                out["outcomes"] = {a: outcomes_text(hook(state, a, geo)) for a in legal}
    info = getattr(ruleset, "info_panel", None)
    if info is not None:
        out["info"] = list(info(state, geo))
    marks = getattr(ruleset, "base_marks", None)
    if marks is not None:
        out["marks"] = dict(marks(state, geo))
    return out


def outcomes_text(odds: dict) -> str:
    """A ruleset's `action_odds` ({target name: {outcome: probability}}) as one line, in the
    language shown."""
    from game.i18n import _
    from game.ui.words import translate

    parts = []
    for name, table in odds.items():
        shown = [f"{translate(outcome)} {float(p):.0%}" for outcome, p in table.items() if p]
        parts.append(_("vs {target}: {odds}").format(target=translate(name),
                                                      odds=", ".join(shown)))
    return "; ".join(parts)


def describe_action(action: Action | None, full: bool = False) -> str:
    """The failing action as a player reads it (its label) and as a replay stores it; short
    (a placement as its model count) unless `full` (every destination, for the report)."""
    if action is None:
        return N_("(none yet: the AI was still choosing)")  # translated where it is shown
    if full or not action.placement:
        text = action.to_text()
    else:
        text = dataclasses.replace(action, placement=()).to_text()
        text += f" placing {len(action.placement)} models"
    return f"{action.label} [{text}]" if action.label else text
