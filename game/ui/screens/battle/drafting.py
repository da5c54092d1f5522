"""The placement a player drags on the table: which unit, where each model would stand, and
what the rules say about it (checked live with `explain_illegal`, the same check `apply` makes).

Every ruleset takes a drag: when it offers no placement for a unit, its `drag_template(state,
unit, geo)` names the placement-carrying action a drag stands for (warband moves are solved
when applied, so they carry none). A drag is held within the allowance (straight line; the
check then measures the path) and, on each check, snapped by the ruleset's
`snap_placement(state, action, geo)` to the nearest move the rules allow (a ranks block keeps
its wheel and takes the advance it was dragged to; a warband model dropped on an enemy
charges it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.core.actions import Action, make_placement
from game.core.errors import GameError
from game.ui import hooks

CHECK_INTERVAL = 0.12  # seconds between two live checks of a dragged placement
CAP_MARGIN = 0.01  # inches: a drag held at the allowance stays a hair inside it
#: Halvings tried to find the furthest legal spot along a capped drag: few while the mouse
#: moves (each is a full rules check, and the frame must stay short), more once it is let go.
BACK_OFF_LIVE, BACK_OFF_STEPS = 3, 6


@dataclass
class Draft:
    """A placement the player is dragging: positions for every living model of one unit."""

    unit: str
    template: Action
    positions: dict[str, tuple[float, float]]
    grab: dict[str, tuple[float, float]] = field(default_factory=dict)
    anchor: tuple[float, float] = (0.0, 0.0)
    single: str | None = None
    reason: str | None = None
    checked: bool = False
    notes: dict[str, tuple[float, str]] = field(default_factory=dict)
    since_check: float = 0.0
    allowance: float | None = None  # inches the drag may go, straight line
    capped: bool = False  # pulled past the allowance (held at it)

    def action(self) -> Action:
        t = self.template
        return Action(t.kind, self.unit, targets=t.targets,
                      placement=make_placement(self.positions), option=t.option)


@dataclass
class Press:
    pos: tuple[int, int]
    model: str | None
    can_drag: bool
    single: bool


class DraftingMixin:
    """Starting, moving, checking, confirming and cancelling a drag (part of `BattleScreen`)."""

    def _placements(self, unit: str) -> list[Action]:
        return [a for a in self.legal() if a.unit == unit and a.placement]

    def _template(self, unit: str) -> Action | None:
        offered = self._placements(unit)
        if not offered:
            hook = getattr(self.ruleset, "drag_template", None)
            if hook is None or self.busy:
                return None
            return hook(self.state, unit, self.controller.geo)
        if self.last_placement in offered:
            return self.last_placement
        return offered[0]

    def _start_drag(self) -> None:
        press = self.press
        model = self.state.models[press.model]
        template = self._template(model.unit)
        if template is None:
            return
        if self.draft is None or self.draft.unit != model.unit:
            positions = {m.id: (m.x, m.y) for m in self.state.alive_models(model.unit)}
            self.draft = Draft(model.unit, template, positions)
            self.panel.set_rect(self._list_rect())
        elif self.draft.template != template:
            self.draft.template = template
        self.select(model.unit)
        self.dragging = True
        self.draft.anchor = self.camera.to_table(*press.pos)
        self.draft.grab = dict(self.draft.positions)
        self.draft.single = model.id if press.single else None
        reach = getattr(self.ruleset, "drag_reach", None)  # may pull further (a charge)
        action = self.draft.action()
        self.draft.allowance = (reach(self.state, action, self.controller.geo)
                                if reach is not None and not self.busy
                                else self.drag_allowance(action))

    def can_drag(self, unit: str | None) -> bool:
        return unit is not None and self._template(unit) is not None

    def drag_allowance(self, action: Action) -> float | None:
        """How far the dragged models may go: the ruleset's `drag_allowance(state, action,
        geo)` if it has one, else its `move_allowance(state, action)`, else no cap."""
        hook = getattr(self.ruleset, "drag_allowance", None)
        if hook is not None and not self.busy:
            try:
                return hook(self.state, action, self.controller.geo)
            except GameError:
                return None
        return hooks.move_allowance(self.ruleset, self.state, action)

    def _drag_to(self, pos) -> None:
        draft = self.draft
        tx, ty = self.camera.to_table(*pos)
        dx, dy = tx - draft.anchor[0], ty - draft.anchor[1]
        if draft.allowance is not None:  # the drag stops at the allowance
            start = [self.state.models[mid] for mid in draft.grab if mid in self.state.models]
            if start:
                m = start[0] if draft.single is None else self.state.models[draft.single]
                gx, gy = draft.grab[m.id]
                ox, oy = gx + dx - m.x, gy + dy - m.y
                far = math.hypot(ox, oy)
                limit = draft.allowance - CAP_MARGIN
                draft.capped = far > limit > 0
                if draft.capped:
                    k = limit / far
                    dx, dy = m.x + ox * k - gx, m.y + oy * k - gy
        movers = [draft.single] if draft.single else list(draft.grab)
        for mid in movers:
            x, y = draft.grab[mid]
            draft.positions[mid] = (x + dx, y + dy)
        draft.checked = False

    def check_draft(self) -> None:
        """Ask the rules about the dragged placement (the same check the apply makes)."""
        draft = self.draft
        if draft is None:
            return
        action = draft.action()
        snap = getattr(self.ruleset, "snap_placement", None)
        if snap is not None:
            try:
                snapped = snap(self.state, action, self.controller.geo)
            except GameError:
                snapped = action
            if snapped is not action and snapped.placement:
                draft.positions.update(snapped.destinations())
                draft.template = Action(snapped.kind, draft.unit, targets=snapped.targets,
                                        option=snapped.option, label=snapped.label)
                action = draft.action()
        draft.reason = self._reason(action)
        if draft.reason and draft.capped:
            self._back_off(draft)
            action = draft.action()
        draft.notes = self._move_notes(action)
        draft.checked = True
        draft.since_check = 0.0

    def _reason(self, action: Action) -> str | None:
        try:
            return self.controller.explain_illegal(action)
        except GameError as exc:
            return str(exc)

    def _back_off(self, draft: Draft) -> None:
        """A drag pulled past the allowance whose path turns out too long (it bends round
        terrain and bases): held at the furthest legal spot along the same line, if any."""
        start = {mid: (self.state.models[mid].x, self.state.models[mid].y)
                 for mid in draft.positions if mid in self.state.models}
        wanted = dict(draft.positions)

        def scaled(k):
            return {mid: (x0 + (wanted[mid][0] - x0) * k, y0 + (wanted[mid][1] - y0) * k)
                    for mid, (x0, y0) in start.items()}

        low, high, best = 0.0, 1.0, None
        for _step in range(BACK_OFF_LIVE if self.dragging else BACK_OFF_STEPS):
            k = (low + high) / 2
            draft.positions = scaled(k)
            if self._reason(draft.action()) is None:
                low, best = k, k
            else:
                high = k
        if best is None or best < 0.1:
            draft.positions = wanted  # nothing legal along it: the reason stays shown
            return
        draft.positions = scaled(best)
        draft.reason = None

    def confirm_draft(self) -> None:
        draft = self.draft
        if draft is None or not self.is_human_turn():
            return
        if not draft.checked:
            self.check_draft()
        if draft.reason:
            self.say(draft.reason, bad=True)
            return
        self.apply(draft.action(), offered=False)

    def cancel_draft(self) -> None:
        self.draft = None
        self.dragging = False
        self.press = None
        self.panel.set_rect(self._list_rect())
