"""The placement a player drags on the table: which unit, where each model would stand, and
what the rules say about it (checked live with `explain_illegal`, the same check `apply` makes).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.actions import Action, make_placement
from game.core.errors import GameError

CHECK_INTERVAL = 0.12  # seconds between two live checks of a dragged placement


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
            return None
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

    def _drag_to(self, pos) -> None:
        draft = self.draft
        tx, ty = self.camera.to_table(*pos)
        dx, dy = tx - draft.anchor[0], ty - draft.anchor[1]
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
        try:
            draft.reason = self.controller.explain_illegal(action)
        except GameError as exc:
            draft.reason = str(exc)
        draft.notes = self._move_notes(action)
        draft.checked = True
        draft.since_check = 0.0

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
