"""The Ruleset protocol and the steps every ruleset shares (coherency, deployment, victory).

Shared steps live here once so that no ruleset copies another's code; a ruleset overrides a
hook (say, what a model counts for when holding an objective) instead of rewriting the step.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Iterable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Protocol

from game.core.actions import Action
from game.core.dice import Dice
from game.core.errors import IllegalAction
from game.core.events import BattleEnded, Event, Note, UnitMoved
from game.core.geometry import Destinations, Geometry
from game.core.i18n import msg
from game.core.state import GameState, Model, Scenario

#: Coherency (common.md): within 2" of one other model (2-6 models) or of two others (7+).
COHERENCY_RANGE = 2.0
#: An objective is controlled by the side with more models within 3" of it (common.md).
OBJECTIVE_RANGE = 3.0
POINTS_PER_MODEL = 1
POINTS_PER_UNIT_WIPED = 3
POINTS_PER_OBJECTIVE = 3


class Ruleset(Protocol):
    id: str
    name: str

    def new_game(self, scenario: Scenario, seed: int) -> GameState: ...
    def current_player(self, s: GameState) -> int | None: ...
    def legal_actions(self, s: GameState, geo: Geometry) -> list[Action]: ...
    def apply(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]: ...
    def explain_illegal(self, s: GameState, a: Action, geo: Geometry) -> str | None: ...
    def score(self, s: GameState) -> tuple[float, ...]: ...
    def battle_rounds(self, scenario: Scenario) -> int: ...
    def phase_name(self, phase_id: str) -> str: ...
    def current_phase_name(self, s: GameState) -> str: ...


# --- coherency ---------------------------------------------------------------------------------

def moved_models(s: GameState, unit_id: str, dest: Destinations | None = None) -> list[Model]:
    """The unit's living models, copied to their destinations where `dest` moves them."""
    out = []
    for m in s.alive_models(unit_id):
        if dest and m.id in dest:
            m = m.copy()
            m.x, m.y = dest[m.id]
        out.append(m)
    return out


def coherency_problem(s: GameState, geo: Geometry, unit_id: str,
                      dest: Destinations | None = None, connected: bool = False) -> str | None:
    """Common rule: every model within 2" of another model of its unit (2-6 models) or of two
    others (7+ models). With `connected` (a ruleset that plays "a unit stays one connected
    group"), the links of 2" must also join the whole unit: no clumps apart. Returns the
    reason for the first model out of coherency, or None."""
    models = moved_models(s, unit_id, dest)
    broken = coherency_break(models, lambda m, o: geo.distance(m, o) <= COHERENCY_RANGE,
                             connected)
    if broken is None:
        return None
    m, needed = broken
    if needed == 2:
        return msg("{model} would be out of coherency (every model must end within "
                   "{range:g}\" of two other models of its unit)", model=m.name,
                   range=COHERENCY_RANGE)
    if needed == 1:
        return msg("{model} would be out of coherency (every model must end within "
                   "{range:g}\" of another model of its unit)", model=m.name,
                   range=COHERENCY_RANGE)
    return msg("{unit} would be split out of coherency: {model} is in a group apart "
               "from {other} (a unit must stay one connected group, every model linked "
               "to the rest by models within {range:g}\")", unit=s.units[unit_id].name,
               model=m.name, other=models[0].name, range=COHERENCY_RANGE)


def coherency_break(models: list[Model], linked, connected: bool = False
                    ) -> tuple[Model, int] | None:
    """The coherency rule on `models`, two of them within range where `linked(m, o)` says
    so: the first model with fewer links than it needs, as (model, links needed: 1 for 2-6
    models, 2 for 7+); with `connected`, then the first model in a group apart from the
    first model's, as (model, 0); None when the unit holds together. Shared by the check
    (`coherency_problem`, the table's distances) and a ruleset's cheap bound of it (squads'
    `surely_apart`, by arithmetic), so the rule is written once."""
    if len(models) < 2:
        return None
    needed = 2 if len(models) >= 7 else 1
    links: dict[str, list[Model]] = {m.id: [] for m in models}
    for i, m in enumerate(models):  # each pair asked once (a link goes both ways)
        for o in models[i + 1:]:
            if linked(m, o):
                links[m.id].append(o)
                links[o.id].append(m)
    for m in models:
        if len(links[m.id]) < needed:
            return m, needed
    if connected:
        reached = {models[0].id}
        todo = [models[0]]
        while todo:
            for o in links[todo.pop().id]:
                if o.id not in reached:
                    reached.add(o.id)
                    todo.append(o)
        if len(reached) < len(models):
            return next(m for m in models if m.id not in reached), 0
    return None


# --- victory -----------------------------------------------------------------------------------

def objective_holders(s: GameState, geo: Geometry,
                      control_value=lambda s, m: 1) -> list[int | None]:
    """Who controls each objective: the side with the greatest total `control_value` of models
    within 3" (common.md counts models; a ruleset may weigh them, e.g. OC). Ties hold nothing."""
    holders: list[int | None] = []
    for obj in s.scenario.objectives:
        totals: dict[int, float] = {}
        for m in s.models.values():
            if m.alive and geo.point_distance(m, (obj.x, obj.y)) <= OBJECTIVE_RANGE:
                totals[m.side] = totals.get(m.side, 0) + control_value(s, m)
        ranked = sorted(totals.items(), key=lambda kv: -kv[1])
        if ranked and ranked[0][1] > 0 and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
            holders.append(ranked[0][0])
        else:
            holders.append(None)
    return holders


def victory_breakdown(s: GameState, holders: Iterable[int | None]) -> list[dict]:
    """Common victory points per side: 1 per enemy model removed, 3 per enemy unit wiped out,
    3 per objective controlled at the end."""
    holders = list(holders)
    rows = []
    for side in s.sides:
        removed = sum(1 for m in s.models.values() if m.side != side.index and not m.alive)
        wiped = sum(1 for u in s.units.values()
                    if u.side != side.index and not s.unit_alive(u.id))
        objectives = sum(1 for h in holders if h == side.index)
        rows.append({
            "side": side.index,
            "name": side.name,
            "models_removed": removed,
            "units_wiped": wiped,
            "objectives": objectives,
            "points": removed * POINTS_PER_MODEL + wiped * POINTS_PER_UNIT_WIPED
            + objectives * POINTS_PER_OBJECTIVE,
        })
    return rows


RULE_VICTORY = msg("Victory points (common rules)")


def end_battle(s: GameState, geo: Geometry, reason: str, control_value=lambda s, m: 1,
               losers: set[int] = frozenset(), breakdown=victory_breakdown,
               rule: str = RULE_VICTORY) -> BattleEnded:
    """Close the battle: freeze the points and the winner in `s.result`. A side that conceded
    or routed (or is in `losers`) cannot win, whatever its points; the best of the others
    wins. `breakdown(s, holders)` gives the rows (a ruleset may score its own way)."""
    rows = breakdown(s, objective_holders(s, geo, control_value))
    points = tuple(float(r["points"]) for r in rows)
    out = set(losers) | {x.index for x in s.sides if x.conceded or x.routed}
    contenders = [i for i in range(len(points)) if i not in out] or list(range(len(points)))
    best = max(points[i] for i in contenders)
    leaders = [i for i in contenders if points[i] == best]
    winner = leaders[0] if len(leaders) == 1 else None
    s.over = True
    s.result = {"reason": reason, "points": list(points), "winner": winner, "breakdown": rows}
    return BattleEnded(rule=rule, reason=reason, points=points, winner=winner,
                       breakdown=tuple(rows))


RULE_CONCEDE = msg("Concession (common rules): the battle ends, and the side that gives up "
                   "loses")


def concede(s: GameState, a: Action, current_player: int | None, finish) -> list[Event]:
    """Common rules: a side may concede (`a.option` names it, else the player to act); the
    battle ends at once through the ruleset's `finish(reason)`, and that side cannot win."""
    side = int(a.option) if a.option is not None else current_player
    s.sides[side].conceded = True
    name = s.sides[side].name
    return [Note(rule=RULE_CONCEDE, text=msg("{side} concedes", side=name)),
            finish(msg("{side} conceded", side=name))]


class RulesetBase:
    """The frame of `Ruleset.apply` every ruleset shares: refuse an illegal action with the
    rule's reason (state unchanged), the common concession, and the end of the battle when
    only one side has models left. A ruleset supplies `why_illegal`, `act` and `finish`."""

    max_sides = 2
    #: The reason the battle ends when only one side is left (a ruleset may word it its way).
    last_side_reason = msg("only one side has models on the table")
    #: Each phase's name by the id `s.phase` holds, in the ruleset's own catalog: the one place
    #: a phase is named, read by its PhaseStarted events and by the client (top bar, snapshot).
    phase_names: Mapping[str, str] = MappingProxyType({})

    def phase_name(self, phase_id: str) -> str:
        """The phase's name (a `msg`, translated where it is shown); an id the ruleset does
        not name reads as itself, capitalized ("close_combat" -> "Close combat")."""
        name = self.phase_names.get(phase_id)
        return name if name is not None else phase_id.replace("_", " ").capitalize()

    def current_phase_name(self, s: GameState) -> str:
        """The name of the phase `s` is in, as the client's top bar shows it: its phase's,
        unless the ruleset names a finer step (legions: the assault's sub-phase)."""
        return self.phase_name(str(s.phase))

    def battle_rounds(self, scenario: Scenario) -> int:
        """The battle's last round on this map: the map's, unless the ruleset keeps its own
        count (cards plays 6 on a map made for another ruleset). The menu's map line, the
        round counters and the search (its last round is played differently) ask here, so
        they name the round the rules end on."""
        return scenario.rounds

    def next_round(self, s: GameState, geo: Geometry) -> list[Event]:
        """Counts the next round in; past the last (`battle_rounds`), the battle ends instead,
        on its last round, and the battle's end is returned (else []). The one place every
        ruleset reads its round limit, so the limit a battle ends on is the one its counters
        and the search name."""
        rounds = self.battle_rounds(s.scenario)
        s.round += 1
        if s.round <= rounds:
            return []
        s.round = rounds
        return [self.finish(s, geo, self.round_limit_reason(rounds))]

    def explain_illegal(self, s: GameState, a: Action, geo: Geometry) -> str | None:
        if s.over:
            return msg("The battle is over")
        if a.kind == "concede":
            return self.concede_problem(s, a)
        return self.why_illegal(s, a, geo)

    def apply(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        reason = self.explain_illegal(s, a, geo)
        if reason:
            raise IllegalAction(reason)
        step = self.concede if a.kind == "concede" else self.act
        events = step(s, a, geo, dice)
        if not s.over and len(s.sides_with_models()) < 2:
            events.append(self.finish(s, geo, self.last_side_reason))
        return events

    def concede_problem(self, s: GameState, a: Action) -> str | None:
        return None

    def concede(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        return concede(s, a, self.current_player(s), lambda why: self.finish(s, geo, why))

    # --- what each ruleset supplies ----------------------------------------------------------
    def current_player(self, s: GameState) -> int | None:
        raise NotImplementedError

    def why_illegal(self, s: GameState, a: Action, geo: Geometry) -> str | None:
        raise NotImplementedError

    def act(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        raise NotImplementedError

    def finish(self, s: GameState, geo: Geometry, reason: str) -> BattleEnded:
        raise NotImplementedError

    def round_limit_reason(self, rounds: int) -> str:
        """Why the battle ended at its round limit. A ruleset whose texts name the round
        their own way says it again in its own module, so that its catalog holds its
        wording (French: "tour" here, "round" in squads and ranks, where a "tour" is a
        side's turn)."""
        return msg("the round limit ({rounds}) was reached", rounds=rounds)


def expected(dist: dict[int, Fraction]) -> Fraction:
    return sum((v * p for v, p in dist.items()), Fraction(0))


# --- moving ------------------------------------------------------------------------------------

#: The verb a placement reason uses by default ("would move 7.2\""); a ruleset passes its own.
MOVE = msg("move")


def placement_reason(s: GameState, geo: Geometry, unit_id: str, dest: Destinations,
                     allowance: float, how: str = MOVE, connected: bool = False,
                     straight: bool = False) -> str | None:
    """Common movement rules for one unit's placement: only its own living models, each by a
    legal path no longer than its allowance, no overlap, on the table, out of impassable
    terrain, and in coherency at the end (`connected`: see `coherency_problem`). Returns the
    first reason it breaks, or None. `straight=True` checks only the models and coherency:
    for a placement `Geometry.move_toward` made, whose every moved model ends a straight way
    the table found clear and within the allowance, on a spot it found on the table, out of
    impassable terrain and clear of every base where the placement stands it (the path and
    end checks would find each so again)."""
    unit = s.units[unit_id]
    for mid in dest:
        if mid not in unit.models or not s.models[mid].alive:
            return msg("{model} is not a living model of {unit}", model=mid, unit=unit.name)
    if straight:
        return coherency_problem(s, geo, unit_id, dest, connected)
    for mid, point in dest.items():
        model = s.models[mid]
        if (model.x, model.y) == tuple(point) or geo.path_within(s, model, point,
                                                                  allowance + 1e-6):
            continue  # (the length is only measured for the refusal's text)
        length = geo.path_length(s, model, point)
        if length is None:
            return msg("{model} has no path there (enemy bases and impassable terrain block "
                       "it)", model=model.name)
        if length > allowance + 1e-6:
            return msg("{model} would {how} {length:.1f}\", more than the {allowance:g}\" "
                       "allowed", model=model.name, how=how, length=length, allowance=allowance)
    problem = geo.placement_problem(s, dest)
    if problem:
        return problem
    return coherency_problem(s, geo, unit_id, dest, connected)


def move_unit(s: GameState, unit_id: str, dest: Destinations, how: str, rule: str) -> UnitMoved:
    """Stand a unit's models at their destinations; the event lists every model that moved
    (from, to) and the longest move, for the log and the client's movement lines."""
    moves = []
    longest = 0.0
    for mid, (x, y) in sorted(dest.items()):
        model = s.models[mid]
        if (model.x, model.y) != (x, y):
            moves.append((mid, model.x, model.y, x, y))
            longest = max(longest, ((x - model.x) ** 2 + (y - model.y) ** 2) ** 0.5)
            model.x, model.y = x, y
    return UnitMoved(rule=rule, unit=unit_id, unit_name=s.units[unit_id].name, how=how,
                     longest=longest, moves=tuple(moves))


def unit_centroid(s: GameState, unit_id: str) -> tuple[float, float]:
    models = s.alive_models(unit_id)
    return (sum(m.x for m in models) / len(models), sum(m.y for m in models) / len(models))


def representative_destinations(s: GameState, geo: Geometry, unit_id: str, allowance: float,
                                goals: dict[str, tuple[float, float]],
                                keep_away: float = 0.0,
                                validate=None) -> dict[str, Destinations]:
    """A few whole-unit moves toward named points (nearest enemy, an objective, home), each
    tried at full, 60% and 30% of the allowance until one passes `validate` (the ruleset's own
    check of that move; by default the common movement rules). Keyed by goal name.
    These are what `legal_actions` offers; a player may still drag any other placement."""
    if validate is None:
        def validate(dest):
            return placement_reason(s, geo, unit_id, dest, allowance)
    out: dict[str, Destinations] = {}
    for name, point in goals.items():
        for fraction in (1.0, 0.6, 0.3):
            dest = geo.move_toward(s, unit_id, point, allowance * fraction, keep_away)
            moved = {k: v for k, v in dest.items() if v != (s.models[k].x, s.models[k].y)}
            if not moved:
                break
            if validate(dest) is None:
                out[name] = dest
                break
    return out


def placed_view(s: GameState, dest) -> GameState:
    """A read-only view of the state with the models of `dest` ({model id: (x, y)}) stood at
    their ends, for measuring a move before it is made: only those models are copied (a
    measurement never changes the view, so everything else is shared; a whole state copy per
    measured offer or trial placement cost more than the measuring)."""
    trial = _copy.copy(s)
    trial.models = dict(s.models)
    for mid, (x, y) in dest.items():
        model = s.models[mid].copy()
        model.x, model.y = x, y
        trial.models[mid] = model
    return trial


def moved_view(s: GameState, a: Action) -> GameState:
    """A read-only view of the state after the action's placement, for valuing a move."""
    return placed_view(s, a.destinations())


# --- the searcher's view of a next charge (the rulesets' search_hooks) ---
def moves_before_charging(state: GameState, unit_id: str, move_phases) -> bool:
    """Whether the unit's next charge comes after a Move of its own: always for a side not
    to act (its turn starts before its charges), and for the side to act while it is still
    in one of `move_phases` (the ruleset's phases from which its Movement is still to come)
    with the unit not yet moved."""
    unit = state.units[unit_id]
    if unit.side != state.active:
        return True
    return state.phase in move_phases and not unit.flags.get("moved")


def after_move(gap: float, move: float, closest: float) -> float:
    """The gap a charge is rolled for after moving straight in by up to `move`: a move
    may not end nearer than `closest` to an enemy (the ruleset's limit, where its charge
    odds are best), and never adds to the gap."""
    return min(gap, max(gap - move, closest))
