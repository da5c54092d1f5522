"""What the battle screen shows before anything is decided: the ghosts, paths and notes of a
hovered or dragged move, target distances and odds, lines of sight, the ruler, who holds the
objectives, the ruleset's marks and info box. Everything is cached per state version (measuring
is not free) and nothing is read while the worker has the table.
"""

from __future__ import annotations

import contextlib
import math

from game.core.actions import Action
from game.ui import hooks, jobs
from game.ui.render.bases import model_at
from game.ui.render.scene import Overlays
from game.ui.words import _, decimal, translate

ZOOMED_NOTES = 20.0  # px per inch from which every moving model shows its allowance

#: Rings around the selected unit unless the ruleset names its own (`overlay_ranges`).
DEFAULT_RANGES = ((12.0, "charge range"), (2.0, "engagement"), (1.0, ""))


class PreviewMixin:
    """Previews and table overlays (part of `BattleScreen`)."""

    def _move_notes(self, action: Action) -> dict[str, tuple[float, str]]:
        """Per moving model: (path length, note). The note is the allowance left when the
        ruleset says what it is (`move_allowance`), else the distance moved along its path."""
        allowance = self.drag_allowance(action)
        notes = {}
        for mid, dest in action.destinations().items():
            model = self.state.models.get(mid)
            if model is None or (model.x, model.y) == tuple(dest):
                continue
            try:
                length = self.controller.geo.path_length(self.state, model, dest)
            except Exception:
                length = None
            if length is None:
                notes[mid] = (float("inf"), _("no path"))
            elif allowance is not None:
                notes[mid] = (length, _('{length}" of {allowance}"').format(
                    length=decimal(f"{length:.1f}"), allowance=decimal(f"{allowance:g}")))
            else:
                notes[mid] = (length, f'{decimal(f"{length:.1f}")}"')
        return notes

    def notes_for_view(self, notes: dict[str, tuple[float, str]]) -> dict[str, str]:
        """Every model's note when zoomed in; zoomed out, only the furthest mover's."""
        if self.camera.scale >= ZOOMED_NOTES or len(notes) <= 1:
            return {mid: text for mid, (_, text) in notes.items()}
        mid, (_x, text) = max(notes.items(), key=lambda item: item[1][0])
        return {mid: _("furthest: {note}").format(note=text)}

    def _paths(self, action: Action) -> dict[str, list]:
        route = getattr(self.controller.geo, "route", None)
        paths = {}
        for mid, dest in action.destinations().items():
            model = self.state.models.get(mid)
            if model is None or (model.x, model.y) == tuple(dest):
                continue
            points = None
            if route is not None:
                try:
                    found = route(self.state, model, dest)
                    points = list(found[1]) if found else None
                except Exception:
                    points = None
            paths[mid] = points or [(model.x, model.y), tuple(dest)]
        return paths

    def target_label(self, unit: str, target: str, kind: str, with_odds: bool = False) -> str:
        """'Name: 7.2"' and, before a charge roll when the ruleset gives odds, the chance to
        reach it (cached until the state changes: measuring is not free)."""
        key = ("label", unit, target, kind, with_odds)
        label = self._preview_cache.get(key)
        if label is not None:
            return label
        label = name = translate(self.scene.names(self.state).get(target, target))
        try:
            distance = self.controller.geo.unit_distance(self.state, unit, target)
        except Exception:
            distance = None
        if distance is not None:
            label = f'{name}: {decimal(f"{distance:.1f}")}"'
            odds = getattr(self.ruleset, "charge_odds", None)
            if odds is not None and with_odds:
                with contextlib.suppress(Exception):
                    label += "  " + _("(charge odds {chance})").format(
                        chance=f"{float(odds(distance)):.0%}")
        self._preview_cache[key] = label
        return label

    def preview(self, action: Action) -> dict:
        """What hovering an action shows on the table (cached per action and state)."""
        key = (action, self.version)
        cached = self._preview_cache.get(key)
        if cached is not None:
            return cached
        shown: dict = {"ghosts": {}, "paths": {}, "notes": {}, "targets": {}, "odds": "",
                       "facings": {}}
        placed = self.placed(action)
        if placed.placement:
            shown["ghosts"] = placed.destinations()
            facings = getattr(self.ruleset, "placement_facings", None)
            if facings is not None:
                shown["facings"] = facings(self.state, placed)
            shown["paths"] = self._paths(placed)
            shown["notes"] = self._move_notes(placed)
        if action.unit and action.targets:
            for target in action.targets:
                shown["targets"][target] = self.target_label(action.unit, target, action.kind)
        elif (action.unit and "charge" in action.kind and not action.placement
              and getattr(self.ruleset, "charge_odds", None) is not None):
            reach = max((r for r, _ in self.ranges), default=12.0)
            side = self.state.units[action.unit].side
            for enemy in self.state.enemy_units(side):
                d = self.controller.geo.unit_distance(self.state, action.unit, enemy.id)
                if d <= reach:
                    shown["targets"][enemy.id] = self.target_label(action.unit, enemy.id,
                                                                   action.kind, with_odds=True)
            shown["odds"] = "; ".join(shown["targets"].values())
        shown["outcomes"] = self._outcomes(action)
        self._preview_cache[key] = shown
        return shown

    def placed(self, action: Action) -> Action:
        """The action with the placement it will take: a move offered as an intent (legions'
        "move toward", "run to the objective") is solved by the ruleset when applied, and its
        `solved_action(state, action, geo)` says where the models go, for the ghosts."""
        if action.placement:
            return action
        solve = getattr(self.ruleset, "solved_action", None)
        return action if solve is None else solve(self.state, action, self.controller.geo)

    def _outcomes(self, action: Action) -> str:
        """The ruleset's exact odds for this choice, if it gives them (`action_odds(state,
        action, geo)` -> {target name: {outcome: probability}}), as one readable line."""
        hook = getattr(self.ruleset, "action_odds", None)
        if hook is None:
            return ""
        warmed = self._preview_cache.get(("outcomes", self.version))  # the worker's
        if warmed is not None and action in warmed:
            return warmed[action]
        return jobs.outcomes_text(hook(self.state, action, self.controller.geo))

    def offered_targets(self) -> dict[str, str]:
        """Every unit some offered action targets, lit with its distance (and odds)."""
        cached = self._preview_cache.get("offered")
        if cached is not None:
            return cached
        out: dict[str, str] = {}
        for action in self.legal():
            if action.unit and action.targets:
                for target in action.targets:
                    if target not in out:
                        out[target] = self.target_label(action.unit, target, action.kind)
        self._preview_cache["offered"] = out
        return out

    def sight_lines(self) -> list:
        if not (self.sight_mode and self.selected and self.hovered_model) or self.busy:
            return []
        target = self.state.models.get(self.hovered_model)
        if target is None or target.unit == self.selected:
            return []
        key = (self.selected, self.hovered_model, self.version)
        lines = self._sight_cache.get(key)
        if lines is None:
            lines = []
            for m in self.state.alive_models(self.selected):
                try:
                    clear = self.controller.geo.line_of_sight(self.state, m, target)
                except Exception:
                    clear = False
                lines.append(((m.x, m.y), (target.x, target.y), clear))
            self._sight_cache = {key: lines}
        return lines

    def ruler_overlay(self):
        if self.ruler is None:
            return None
        start, end, start_model, _x = self.ruler
        geo, s = self.controller.geo, self.state
        straight = math.dist(start, end)
        a = s.models.get(start_model) if start_model else None
        end_model = model_at(s, self.camera, self.camera.to_screen(*end))
        try:
            if a is not None and end_model is not None and end_model.id != a.id:
                text = _('{length}" edge to edge').format(
                    length=decimal(f"{geo.distance(a, end_model):.1f}"))
            elif a is not None:
                text = _('{length}" from the base edge').format(
                    length=decimal(f"{geo.point_distance(a, end):.1f}"))
            else:
                text = f'{decimal(f"{straight:.1f}")}"'
        except Exception:
            text = f'{decimal(f"{straight:.1f}")}"'
        return (start, end, text)

    def holders(self) -> list:
        """Who holds each objective (cached per state version)."""
        if self._score_cache is None or self._score_cache[0] != self.version:
            if self.busy:
                return []
            holders = hooks.objective_holders(self.controller)
            try:
                score = tuple(self.controller.score())
            except Exception:
                score = ()
            self._score_cache = (self.version, score, holders)
        return self._score_cache[2]

    def score(self) -> tuple:
        self.holders()
        return self._score_cache[1] if self._score_cache else ()

    def overlays(self) -> Overlays:
        o = Overlays(selected_unit=self.selected, hovered_model=self.hovered_model,
                     rings=self.ranges if self.selected else (), holders=self.holders(),
                     clock=self.clock,
                     label_density=getattr(self.app.settings, "label_density", "full"))
        if self.draft is not None:
            o.ghosts = dict(self.draft.positions)
            o.ghost_ok = self.draft.reason is None
            o.ghost_notes = self.notes_for_view(self.draft.notes)
            o.hide_moving = True
            o.acting_unit = self.draft.unit
            o.targets = {t: self.target_label(self.draft.unit, t, self.draft.template.kind)
                         for t in self.draft.template.targets}
        elif self.hovered_action is not None and not self.busy:
            shown = self.preview(self.hovered_action)
            o.acting_unit = self.hovered_action.unit
            o.ghosts, o.paths = shown["ghosts"], shown["paths"]
            o.ghost_facings = shown["facings"]
            o.ghost_notes = self.notes_for_view(shown["notes"])
            o.targets = shown["targets"]
        else:
            o.targets = self.offered_targets()
        o.sight = self.sight_lines()
        o.ruler = self.ruler_overlay()
        o.base_marks = self.base_marks()
        return o

    def base_marks(self) -> dict[str, str]:
        """The ruleset's per-base marks (`base_marks(state, geo)`), once per state."""
        hook = getattr(self.ruleset, "base_marks", None)
        if hook is None:
            return {}
        key = ("marks", self.version)
        if key not in self._preview_cache:
            if self.busy:
                return {}
            self._preview_cache[key] = dict(hook(self.state, self.controller.geo))
        return self._preview_cache[key]

    def info_sections(self) -> list[tuple[str, list[str]]]:
        """What the ruleset wants on the table's info box (`info_panel(state, geo)` -> [(title,
        [lines])]: a deck, the odds of the coming melee round...), worked out once per state."""
        hook = getattr(self.ruleset, "info_panel", None)
        if hook is None:
            return []
        key = ("info", self.version)
        if key not in self._preview_cache:
            if self.busy:  # the worker has the table: shown once the step is done
                return []
            self._preview_cache[key] = list(hook(self.state, self.controller.geo))
        return self._preview_cache[key]
