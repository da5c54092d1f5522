"""`warband`: model-by-model close combat for 2 to 4 warbands (rules/warband.md, seed 002).

This module holds the turn's flow and the Ruleset contract: each warband in turn takes its
rout test and recovery phase, its movement phase (charges happen there) and its close combat
phase, in which every model engaged with it fights; round after round until the round limit,
or until one warband is left on the table. Each phase's rules live in their own module.
"""

from __future__ import annotations

from fractions import Fraction

from game.core.actions import Action
from game.core.dice import Dice
from game.core.errors import GameError
from game.core.events import BattleStarted, Event, Note, PhaseStarted, TurnStarted
from game.core.geometry import Geometry
from game.core.i18n import N_, msg
from game.core.state import GameState, Scenario
from game.rulesets.base import RulesetBase
from game.rulesets.warband import combat, fleeing, movement, recovery, search_hooks, victory
from game.rulesets.warband.engagement import (
    RULE_ALL_FIGHT,
    RULE_MULTIPLAYER,
    RULE_PROTECT_DOWNED,
    contact_map,
    fights_in_phase,
    phase_targets,
)
from game.rulesets.warband.equipment import hands_problem, parse_gear
from game.rulesets.warband.movement import model_of
from game.rulesets.warband.odds import Fighter, melee_odds, summarize
from game.rulesets.warband.profile import (
    MAX_SIDES,
    build_game,
    default_forces,
    warband_data,
)
from game.rulesets.warband.status import (
    FLEEING,
    STATUS_HELP,
    TURN_FLAGS,
    can_fight,
    condition,
    flag,
)

PHASES = ("recovery", "movement", "combat")
#: Each phase's name (its PhaseStarted, the client's top bar: `phase_name`): "Close combat", as
#: the rules name it (the client's own table once said "Combat").
PHASE_NAMES = {"recovery": msg("Recovery"), "movement": msg("Movement"),
               "combat": msg("Close combat")}
RULE_TURN = msg("Turn: recovery, movement (charges happen here), close combat; with 3-4 warbands "
                "each takes its turn in order (warband)")
RULE_SET_UP = msg("Set-up")
#: Why a battle ends when the others have routed or been taken out of action.
LAST_SIDE = msg("only one warband is left on the table")


class WarbandRuleset(RulesetBase):
    id = N_("warband")  # an id, and the name the log's first line shows (translated there)
    # the searcher's hooks (search_hooks.py; game.ai reads them with getattr)
    reach_odds = staticmethod(search_hooks.reach_odds)
    next_turn_soft = staticmethod(search_hooks.next_turn_soft)
    name = msg("Warband: model-by-model close combat for 2 to 4 warbands")
    max_sides = MAX_SIDES
    last_side_reason = LAST_SIDE
    phase_names = PHASE_NAMES
    #: flag -> (short code, explanation), for the client's status markers and hover cards
    status_help = STATUS_HELP

    # --- contract ------------------------------------------------------------------------------
    def new_game(self, scenario: Scenario, seed: int, forces: list[str] | None = None
                 ) -> GameState:
        """A deployed battle. `forces` names one warband per side (2-4); without it, the map's
        `force_<side>` properties (at least two sides), else `default_forces(2)`."""
        return build_game(self.id, scenario, seed, forces)

    def default_forces(self, sides: int, scenario: Scenario | None = None) -> list[str]:
        """One warband id per side for a battle of `sides` warbands (2-4)."""
        return default_forces(sides, scenario)

    def start_events(self, s: GameState) -> list[Event]:
        side = s.sides[s.active]
        return [BattleStarted(rule=RULE_SET_UP, ruleset=self.id,
                              sides=tuple(x.name for x in s.sides)),
                TurnStarted(rule=RULE_TURN, round=s.round, side=s.active, side_name=side.name),
                PhaseStarted(rule=recovery.RULE_ROUT, phase=self.phase_name("recovery"),
                             side_name=side.name)]

    def current_player(self, s: GameState) -> int | None:
        if s.over:
            return None
        if s.phase == "combat":
            model = combat.striker(s)
            if model is not None:
                return model.side
        return s.active

    def legal_actions(self, s: GameState, geo: Geometry) -> list[Action]:
        if s.over:
            return []
        if s.phase == "recovery":
            return [Action("recovery", option="auto",
                           label=msg("Recovery phase: rout test, rally, stand up"))]
        if s.phase == "movement":
            return movement.movement_actions(s, geo)
        if s.phase == "combat":
            return combat.strike_actions(s, geo)
        return []

    def concede_problem(self, s: GameState, a: Action) -> str | None:
        side = self._conceding_side(s, a)
        if side is None or not 0 <= side < len(s.sides) or s.sides[side].routed:
            return msg("Only a warband still in the battle may give up")
        return None

    def concede(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        """Giving up routs the warband; with three or more the battle goes on without it."""
        return self._concede(s, geo, dice, self._conceding_side(s, a))

    def why_illegal(self, s: GameState, a: Action, geo: Geometry) -> str | None:
        if s.phase == "recovery":
            return None if a.kind == "recovery" else \
                msg("First the recovery phase (it is automatic)")
        if s.phase == "movement":
            if a.kind == "end_phase":
                return None
            if a.kind not in ("move", "charge"):
                return msg("'{kind}' is not a movement phase action (move, charge or end_phase)",
                           kind=a.kind)
            return movement.move_action_problem(s, geo, a)
        if s.phase == "combat":
            return combat.declaration_problem(s, geo, a)
        return msg("No action is possible in the {phase} phase",
                   phase=self.phase_name(s.phase))

    # --- moves dragged by hand (client hooks; the check stays `why_illegal`) ----------------------
    def drag_template(self, s: GameState, unit_id: str, geo: Geometry) -> Action | None:
        return movement.drag_template(s, geo, unit_id)

    def drag_allowance(self, s: GameState, a: Action, geo: Geometry) -> float | None:
        return movement.drag_allowance(s, geo, a)

    def drag_reach(self, s: GameState, a: Action, geo: Geometry) -> float | None:
        return movement.drag_reach(s, geo, a)

    def snap_placement(self, s: GameState, a: Action, geo: Geometry) -> Action:
        return movement.snapped_drag(s, geo, a)

    def act(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        return getattr(self, f"_do_{s.phase}")(s, a, geo, dice)

    def score(self, s: GameState, geo: Geometry | None = None) -> tuple[float, ...]:
        return victory.score(s, geo)

    def action_value(self, s: GameState, a: Action, geo: Geometry) -> float:
        """Expected points this action gains for the warband taking it (the greedy AI)."""
        from game.rulesets.warband.evaluation import action_value

        return action_value(s, a, geo)

    # --- odds ----------------------------------------------------------------------------------
    def melee_odds(self, attacker: str, defender: str, attacker_gear=(), defender_gear=(),
                   charging: bool = False) -> dict[str, Fraction]:
        """Exact odds of one model's attacks on another over one close combat phase (see
        odds.melee_odds for each outcome's meaning). Profiles by id from the data file; gear by
        the equipment table's names (none given: the profile's own equipment)."""
        data = warband_data()
        fighters = []
        for role, pid, gear in ((msg("attacker"), attacker, attacker_gear),
                                (msg("defender"), defender, defender_gear)):
            if pid not in data.profiles:
                known = ", ".join(sorted(data.profiles))
                raise GameError(msg("odds: no {role} profile {profile} (known: {known})",
                                    role=role, profile=repr(pid), known=known))
            profile = data.profiles[pid].stats
            kit = None
            if gear:
                try:
                    kit = parse_gear(gear)
                except ValueError as exc:
                    raise GameError(msg("odds: {role} gear: {problem}", role=role,
                                        problem=exc.args[0])) from None
                problem = hands_problem(kit)
                if problem:
                    raise GameError(msg("odds: {role} gear: {problem}", role=role,
                                        problem=problem))
            fighters.append(Fighter.of({**profile, "gear": parse_gear(profile["gear"])}, kit))
        return melee_odds(fighters[0], fighters[1], charging)

    def model_odds(self, s: GameState, geo: Geometry, attacker_id: str, target_id: str,
                   single: str | None = None) -> dict[str, Fraction]:
        """The same table for two models of a battle as they stand now: all the attacker's
        attacks on this target (target knocked down or stunned, wounds left, parry and critical
        already used this phase, several opponents), for the client's preview before a strike
        is committed."""
        attacker, target = s.models[attacker_id], s.models[target_id]
        plan = Fighter.of(attacker.profile).plan(single)
        return summarize(combat.strike_odds(s, geo, attacker, target, plan))

    def action_odds(self, s: GameState, a: Action, geo: Geometry) -> dict[str, dict]:
        """What the client shows before a strike or a charge is committed: per target name,
        the exact table of the acting model's attacks on it (a strike: as the targets stand
        now, with this split of attacks; a charge: the one-phase duel it opens)."""
        if a.kind not in ("strike", "charge") or a.unit not in s.units:
            return {}
        me = model_of(s, a.unit)
        if a.kind == "charge":
            target = model_of(s, a.targets[0])
            table = melee_odds(Fighter.of(me.profile), Fighter.of(target.profile), True)
            return {target.name: table}
        single = a.option if a.option not in (None, "auto") else None
        plan = Fighter.of(me.profile).kit.attack_plan(me.profile["A"], single)
        out = {}
        for target_unit, batches in combat.batches_on(plan, a.targets).items():
            target = model_of(s, target_unit)
            out[target.name] = summarize(combat.strike_odds(s, geo, me, target, tuple(batches)))
        return out

    # --- recovery ------------------------------------------------------------------------------
    def _do_recovery(self, s, a, geo, dice) -> list[Event]:
        routed, events = recovery.rout_test(s, dice)
        if routed:
            return events + self._end_turn(s, geo, dice)
        events += recovery.recover(s, geo, dice)
        for m in sorted((m for m in s.models.values() if m.alive and m.side == s.active),
                        key=lambda m: m.id):
            if m.alive and flag(s, m, FLEEING):
                events += fleeing.flee(s, geo, dice, m, None, movement.RULE_FLEE_MOVE)
        s.phase = "movement"
        events.append(PhaseStarted(rule=movement.RULE_MOVE, phase=self.phase_name("movement"),
                                   side_name=s.sides[s.active].name))
        return events

    # --- movement ------------------------------------------------------------------------------
    def _do_movement(self, s, a, geo, dice) -> list[Event]:
        if a.kind == "end_phase":
            return self._enter_combat(s, geo, dice)
        model = model_of(s, a.unit)
        if a.kind == "charge":
            target = model_of(s, a.targets[0])
            dest = a.destinations()[model.id] if a.placement else None
            return movement.resolve_charge(s, geo, model, target, dest)
        running = movement.can_run(s, geo, model)
        dest = movement.planned_destination(s, geo, a)
        if not a.placement and movement.move_problem(s, geo, model, dest):
            dest = (model.x, model.y)  # the solver found no legal spot: the model stays
        return movement.move_model(s, geo, model, dest,
                                   movement.RUNS if running else movement.MOVES,
                                   movement.RULE_RUN if running else movement.RULE_MOVE)

    # --- close combat --------------------------------------------------------------------------
    def _enter_combat(self, s, geo, dice) -> list[Event]:
        s.phase = "combat"
        side = s.active
        events: list[Event] = [PhaseStarted(rule=RULE_ALL_FIGHT, phase=self.phase_name("combat"),
                                            side_name=s.sides[side].name)]
        order, rolled = combat.strike_order(s, geo, dice, side)
        s.pending["combat"] = combat.new_fight(side, order)
        contacts = contact_map(s, geo)
        elsewhere = any(s.models[a].side != side and s.models[b].side != side
                        for a, touching in contacts.items() for b in touching)
        if elsewhere:
            name = s.sides[side].name
            events.append(Note(rule=RULE_MULTIPLAYER,
                               text=msg("Only fights with {side:poss} models happen now; other "
                                        "warbands fight each other in their own phases",
                                        side=name)))
        events += rolled
        events += self._protected_notes(s, contacts, side, order)
        events.append(combat.order_event(s, side, order))
        return events + self._advance_combat(s, geo, dice)

    def _protected_notes(self, s, contacts, side, order) -> list[Event]:
        """Say why a model in contact with enemies of this phase does not strike: they are
        all down and it is engaged with a standing enemy (perhaps of a third warband)."""
        out: list[Event] = []
        for model in sorted(s.models.values(), key=lambda m: m.id):
            if not model.alive or model.id in order or not can_fight(s, model):
                continue
            here = [s.models[e] for e in contacts.get(model.id, ())
                    if fights_in_phase(model, s.models[e], side)]
            if here and not phase_targets(s, model, contacts, side):
                out.append(_protected_note(model))
        return out

    def _do_combat(self, s, a, geo, dice) -> list[Event]:
        events = combat.resolve_strike(s, geo, dice, a)
        s.pending["combat"]["next"] += 1
        return events + self._advance_combat(s, geo, dice)

    def _advance_combat(self, s, geo, dice) -> list[Event]:
        """On to the next model in strike order that can still strike; at the end of the order,
        the all-alone tests and the end of the turn."""
        fight = s.pending["combat"]
        events: list[Event] = []
        while fight["next"] < len(fight["order"]):
            model = s.models[fight["order"][fight["next"]]]
            if model.alive and can_fight(s, model) and phase_targets(
                    s, model, contact_map(s, geo), fight["side"]):
                return events
            if model.alive and not can_fight(s, model):
                events.append(Note(rule=combat.RULE_NO_FIGHT_BACK,
                                   text=msg("{model} is {condition} and cannot fight back",
                                            model=model.name, condition=condition(s, model))))
            elif model.alive:
                events.append(_protected_note(model))
            fight["next"] += 1
        events += fleeing.all_alone_tests(s, geo, dice)
        return events + self._end_turn(s, geo, dice)

    # --- turns ---------------------------------------------------------------------------------
    def _end_turn(self, s, geo, dice) -> list[Event]:
        s.pending.pop("combat", None)
        for unit in s.units.values():
            for name in TURN_FLAGS:
                unit.flags.pop(name, None)
        playing = [side.index for side in s.sides
                   if not side.routed and any(m.alive and m.side == side.index
                                              for m in s.models.values())]
        if len(playing) < 2:
            return [self.finish(s, geo, LAST_SIDE)]
        later = [i for i in playing if i > s.active]
        following = later[0] if later else playing[0]
        if following <= s.active:
            ended = self.next_round(s, geo)
            if ended:
                return ended
        s.active = following
        s.phase = "recovery"
        side = s.sides[following]
        return [TurnStarted(rule=RULE_TURN, round=s.round, side=following, side_name=side.name),
                PhaseStarted(rule=recovery.RULE_ROUT, phase=self.phase_name("recovery"),
                             side_name=side.name)]

    def _conceding_side(self, s, a) -> int | None:
        if a.option is None:
            return self.current_player(s)
        try:
            return int(a.option)
        except ValueError:
            return None

    def _concede(self, s, geo, dice, side: int) -> list[Event]:
        events = recovery.rout(s, side, recovery.RULE_CONCEDE)
        if len(s.sides_with_models()) < 2:
            return events + [self.finish(s, geo, msg("{side} gave up",
                                                     side=s.sides[side].name))]
        if side == s.active:
            return events + self._end_turn(s, geo, dice)
        if s.phase == "combat":
            return events + self._advance_combat(s, geo, dice)
        return events

    def finish(self, s, geo, reason) -> Event:
        return victory.finish(s, geo, reason)


def _protected_note(model) -> Note:
    """Why a model in contact does not strike: its enemies of this phase are down and it is
    engaged with a standing one (RULE_PROTECT_DOWNED)."""
    return Note(rule=RULE_PROTECT_DOWNED,
                text=msg("{model} does not strike: the enemies it could attack in this phase "
                         "are down, and it is engaged with a standing enemy", model=model.name))


RULESET = WarbandRuleset()
