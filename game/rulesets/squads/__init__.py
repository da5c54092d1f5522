"""`squads`: squad battles with 2D6 charges (rules/squads.md, seed 001).

This module holds the turn's flow (Command -> Movement -> Charge -> Fight for each side, round
after round) and the Ruleset contract; each phase's rules live in their own module.
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.dice import Dice
from game.core.events import (
    BattleStarted,
    ChargeDeclared,
    ChargeResolved,
    DiceRolled,
    Event,
    Note,
    PhaseStarted,
    StatusChanged,
    TurnStarted,
)
from game.core.geometry import Geometry
from game.core.i18n import N_, msg
from game.core.state import GameState, Scenario
from game.rulesets.base import (
    RulesetBase,
    end_battle,
    move_unit,
    objective_holders,
    victory_breakdown,
)
from game.rulesets.squads import charge, fight, movement, search_hooks
from game.rulesets.squads.engagement import engaged_enemies
from game.rulesets.squads.setup import build_game

#: The odds panel's name for the chance of `action_odds`.
CHARGE_REACHES = msg("charge reaches")
PHASES = ("command", "movement", "charge", "fight")
RULE_SHOCK = msg("Battle-shock: below half strength, 2D6 >= Ld (squads)")
RULE_SETUP = msg("Set-up")
RULE_TURN_ORDER = msg("Turn order")
#: Each phase's name (its PhaseStarted, the client's top bar: `phase_name`) and the rule
#: its start cites.
PHASE_NAMES = {"command": msg("Command"), "movement": msg("Movement"), "charge": msg("Charge"),
               "fight": msg("Fight")}
PHASE_RULES = {"command": msg("Command phase"), "movement": msg("Movement phase"),
               "charge": msg("Charge phase"), "fight": msg("Fight phase")}
#: What UnitMoved says a Movement-phase move did, and the rule it cites, by move kind.
RULE_ADVANCE = msg("Advance: M + D6, the unit cannot charge")
RULE_STAY = msg("Remain stationary")
MOVE_VERBS = {"normal": msg("moves"), "advance": msg("Advances"), "fall_back": msg("Falls Back")}
MOVE_RULES = {"normal": msg("moves (movement)"), "advance": msg("Advances (movement)"),
              "fall_back": msg("Falls Back (movement)")}


def control_value(s: GameState, model) -> int:
    """Objective control: a model counts its OC; a battle-shocked unit counts 0 (squads.md)."""
    unit = s.units[model.unit]
    return 0 if unit.flags.get("battle_shocked") else int(unit.profile["OC"])


class SquadsRuleset(RulesetBase):
    id = N_("squads")  # an identifier, but "Battle begins (squads)" shows it: translated there
    # the searcher's hooks (search_hooks.py; game.ai reads them with getattr)
    turn_horizons = search_hooks.TURN_HORIZONS
    horizon_remeasure = search_hooks.HORIZON_REMEASURE
    last_round_turn_rounds = search_hooks.LAST_ROUND_TURN_ROUNDS
    reach_odds = staticmethod(search_hooks.reach_odds)
    chance_outcomes = staticmethod(search_hooks.chance_outcomes)
    name = msg("Squads: 2D6 charges and squad melee")
    phase_names = PHASE_NAMES
    #: Rings the client draws around a selected unit: charge range, engagement, "within 1"".
    overlay_ranges = ((12.0, msg("charge range")), (2.0, msg("engagement")), (1.0, ""))
    #: What each unit flag means, for the client's markers and hover text.
    status_help = {
        "battle_shocked": (msg("SHOCK"), msg("Battle-shocked: failed a battle-shock test; it "
                                             "cannot hold objectives (OC 0) until its side's "
                                             "next Command phase.")),
        "charged": (msg("CHG"), msg("Charged this turn: a successful charge, so it fights "
                                    "first.")),
        "charge_declared": (msg("DECL"), msg("Has attempted a charge this phase: it cannot try "
                                             "again.")),
        "advanced": (msg("ADV"), msg("Advanced this turn: it moved further but cannot charge.")),
        "fell_back": (msg("FB"), msg("Fell Back this turn: it left a combat and cannot charge.")),
    }

    # --- contract ------------------------------------------------------------------------------
    def new_game(self, scenario: Scenario, seed: int, forces: list[str] | None = None) -> GameState:
        return build_game(self.id, scenario, seed, forces)

    def start_events(self, s: GameState) -> list[Event]:
        return [BattleStarted(rule=RULE_SETUP, ruleset=self.id,
                              sides=tuple(x.name for x in s.sides)),
                TurnStarted(rule=RULE_TURN_ORDER, round=s.round, side=s.active,
                            side_name=s.sides[s.active].name),
                PhaseStarted(rule=PHASE_RULES["movement"], phase=self.phase_name("movement"),
                             side_name=s.sides[s.active].name)]

    def current_player(self, s: GameState) -> int | None:
        if s.over:
            return None
        if s.phase == "fight":
            return s.pending["fight"]["chooser"]
        return s.active

    def legal_actions(self, s: GameState, geo: Geometry) -> list[Action]:
        if s.over:
            return []
        if s.phase == "movement":
            return movement.movement_actions(s, geo)
        if s.phase == "charge":
            pending = s.pending.get("charge")
            if pending:
                return charge.target_choices(s, geo, pending["unit"], pending["roll"],
                                             pending["reachable"])
            return charge.charge_declarations(s, geo)
        if s.phase == "fight":
            return self._fight_actions(s, geo)
        if s.phase == "command":
            return [Action("end_phase", option="auto",
                           label=msg("Command phase: battle-shock tests"))]
        return []

    def why_illegal(self, s: GameState, a: Action, geo: Geometry) -> str | None:
        handler = getattr(self, f"_why_{s.phase}", None)
        return handler(s, a, geo) if handler else msg("No action is possible in the {phase} phase",
                                                      phase=self.phase_name(s.phase))

    def act(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        return getattr(self, f"_do_{s.phase}")(s, a, geo, dice)

    def objective_holders(self, s: GameState, geo: Geometry) -> list[int | None]:
        """Who holds each objective now (models weighed by OC; battle-shocked count 0)."""
        return objective_holders(s, geo, control_value)

    def move_allowance(self, s: GameState, a: Action) -> float | None:
        """How far a model may go for this placement action (for the client's rulers)."""
        if a.kind == "move":
            return movement.allowance(s, a.unit, a.option or "normal")
        if a.kind == "charge_move" and "charge" in s.pending:
            return float(s.pending["charge"]["roll"])
        if a.kind in ("pile_in", "consolidate"):
            return fight.PILE_IN
        return None

    def charge_odds(self, distance: float):
        """P(2D6 >= distance), exact."""
        from game.rulesets.squads.odds import charge_success

        return charge_success(distance)

    def charge_odds_reason(self, distance: float) -> str | None:
        """Why `charge_odds(distance)` is 0 by rule (not by the dice), or None."""
        from game.rulesets.squads.odds import charge_odds_reason

        return charge_odds_reason(distance)

    def action_odds(self, s: GameState, a: Action, geo: Geometry) -> dict[str, dict]:
        """Before a charge roll: per enemy unit within 12", the exact chance the charge then
        reaches it (the roll and a legal placement both; see `charge.charge_chance`)."""
        if a.kind != "charge" or a.unit not in s.units or charge.eligibility_problem(s, geo,
                                                                                   a.unit):
            return {}
        return {s.units[e].name: {CHARGE_REACHES: charge.charge_chance(s, geo, a.unit, e)}
                for e in charge.enemies_within(s, geo, a.unit, charge.CHARGE_RANGE)}

    def action_value(self, s: GameState, a: Action, geo: Geometry) -> float:
        """Expected points this action gains for the side taking it (the greedy AI's view)."""
        from game.rulesets.squads.evaluation import action_value

        return action_value(s, a, geo)

    def score(self, s: GameState, geo: Geometry | None = None) -> tuple[float, ...]:
        if s.over:
            return tuple(s.result["points"])
        holders = objective_holders(s, geo, control_value) if geo else []
        return tuple(float(r["points"]) for r in victory_breakdown(s, holders))

    # --- movement ------------------------------------------------------------------------------
    def _why_movement(self, s, a, geo):
        pending = s.pending.get("advance")
        if pending and a.unit != pending["unit"]:
            return msg("{unit} rolled to Advance and must move first",
                       unit=s.units[pending["unit"]].name)
        if a.kind == "end_phase":
            return None
        if a.unit not in s.units or s.units[a.unit].side != s.active:
            return msg("Choose one of your own units")
        unit = s.units[a.unit]
        if not s.unit_alive(unit.id):
            return msg("{unit} has no models left", unit=unit.name)
        if unit.flags.get("moved"):
            return msg("{unit} has already moved this phase", unit=unit.name)
        if a.kind == "stay":
            return None
        if a.kind == "advance":
            if pending:
                return msg("{unit} has already rolled to Advance", unit=unit.name)
            if engaged_enemies(s, geo, unit.id):
                return msg("{unit} is engaged: an engaged unit cannot Advance", unit=unit.name)
            return None
        if a.kind == "move":
            return movement.move_reason(s, geo, unit.id, a.destinations(), a.option or "normal")
        return msg("'{kind}' is not a Movement phase action", kind=a.kind)

    def _do_movement(self, s, a, geo, dice):
        if a.kind == "end_phase":
            s.pending.pop("advance", None)
            return self._enter(s, geo, dice, "charge")
        unit = s.units[a.unit]
        if a.kind == "advance":
            roll = dice.d6(f"{unit.name} Advance", "Advance: M + D6")
            unit.flags["advance_roll"] = roll
            s.pending["advance"] = {"unit": unit.id}
            return [DiceRolled(rule=RULE_ADVANCE, who=unit.name, label=msg("D6 to Advance"),
                               values=(roll,),
                               outcome=msg("moves up to {inches}\"",
                                           inches=unit.profile["M"] + roll))]
        unit.flags["moved"] = True
        s.pending.pop("advance", None)
        if a.kind == "stay":
            if "advance_roll" in unit.flags:
                unit.flags["advanced"] = True
            return [Note(rule=RULE_STAY, text=msg("{unit} stays where it is", unit=unit.name))]
        how = a.option or "normal"
        if how == "advance":
            unit.flags["advanced"] = True
        if how == "fall_back":
            unit.flags["fell_back"] = True
        return [move_unit(s, unit.id, a.destinations(), MOVE_VERBS[how], MOVE_RULES[how])]

    # --- charge --------------------------------------------------------------------------------
    def _why_charge(self, s, a, geo):
        pending = s.pending.get("charge")
        if pending:
            if a.unit != pending["unit"] or a.kind not in ("charge_move", "charge_fail"):
                return msg("{unit} has rolled {roll}: choose its targets (or none) first",
                           unit=s.units[pending["unit"]].name, roll=pending["roll"])
            if a.kind == "charge_fail":
                return None
            if not a.targets:
                return msg("Choose at least one target (or choose none: the charge fails)")
            for t in a.targets:
                if t not in pending["reachable"]:
                    name = s.units[t].name if t in s.units else t
                    return msg("{target} is not a legal target: a target must be within 12\" "
                               "and within the charge roll of {roll}\"", target=name,
                               roll=pending["roll"])
            if len(set(a.targets)) != len(a.targets):
                return msg("A target is named twice")
            if not a.placement:
                _, reason = charge.solve(s, geo, a.unit, a.targets, pending["roll"])
                return reason or None
            return charge.placement_problem(s, geo, a.unit, a.targets, a.placement,
                                            pending["roll"])
        if a.kind == "end_phase":
            return None
        if a.kind != "charge":
            return msg("'{kind}' is not a Charge phase action", kind=a.kind)
        if a.unit not in s.units or s.units[a.unit].side != s.active or not s.unit_alive(a.unit):
            return msg("Choose one of your own units")
        return charge.eligibility_problem(s, geo, a.unit)

    def _do_charge(self, s, a, geo, dice):
        if a.kind == "end_phase":
            return self._enter(s, geo, dice, "fight")
        unit = s.units[a.unit]
        if a.kind == "charge":
            unit.flags["charge_declared"] = True
            roll = dice.roll(2, f"{unit.name} charge", charge.RULE_ROLL)
            total = roll.total
            reachable = charge.reachable_targets(s, geo, unit.id, total)
            events: list[Event] = [
                DiceRolled(rule=charge.RULE_ROLL, who=unit.name, label=msg("2D6 for the charge"),
                           values=roll.values),
                ChargeDeclared(rule=charge.RULE_TARGETS, unit=unit.id, unit_name=unit.name,
                               roll=total, reachable=tuple(s.units[t].name for t in reachable))]
            if not reachable:
                events.append(ChargeResolved(
                    rule=charge.RULE_TARGETS, unit=unit.id, unit_name=unit.name, success=False,
                    reason=msg("no enemy unit within the roll of {roll}\": no model moves",
                               roll=total)))
                return events
            s.pending["charge"] = {"unit": unit.id, "roll": total, "reachable": reachable}
            for text in charge.unreachable_notes(s, geo, unit.id, total, reachable):
                events.append(Note(rule=charge.RULE_MOVE, text=text))
            return events
        roll = s.pending.pop("charge")["roll"]
        if a.kind == "charge_fail":
            return [ChargeResolved(rule=charge.RULE_TARGETS, unit=unit.id, unit_name=unit.name,
                                   success=False,
                                   reason=msg("no target chosen: no model moves"))]
        dest = a.destinations()
        if not dest:
            dest, _ = charge.solve(s, geo, unit.id, a.targets, roll)
        unit.flags["charged"] = True
        moved = move_unit(s, unit.id, dest, msg("charges"), charge.RULE_MOVE)
        return [moved, ChargeResolved(rule=charge.RULE_MOVE, unit=unit.id, unit_name=unit.name,
                                      success=True,
                                      targets=tuple(s.units[t].name for t in a.targets))]

    # --- fight ---------------------------------------------------------------------------------
    def _fight_actions(self, s, geo):
        f = s.pending["fight"]
        if f.get("unit"):
            uid = f["unit"]
            if f["stage"] == "pile_in":
                return fight.close_in_actions(s, geo, uid, "pile_in")
            if f["stage"] == "attack":
                return fight.attack_actions(s, geo, uid)
            return fight.close_in_actions(s, geo, uid, "consolidate")
        return [Action("fight", uid, label=msg("Fight with {unit}", unit=s.units[uid].name))
                for uid in fight.fight_eligible(s, geo, f["chooser"], f["step"])]

    def _why_fight(self, s, a, geo):
        f = s.pending["fight"]
        if f.get("unit"):
            uid = f["unit"]
            if a.unit != uid or a.kind != f["stage"]:
                return fighting_next(s.units[uid].name, f["stage"])
            if a.kind == "attack":
                engaged = engaged_enemies(s, geo, uid)
                if not a.targets and not engaged:
                    return None
                if len(a.targets) != 1 or a.targets[0] not in engaged:
                    return msg("Attacks must go to one enemy unit the fighting unit is engaged "
                               "with")
                return None
            if not a.placement:
                return None
            what = "pile in" if a.kind == "pile_in" else "consolidate"
            return fight.close_in_problem(s, geo, uid, a.destinations(), what)
        if a.kind != "fight":
            return msg("Choose a unit to fight")
        if a.unit not in fight.fight_eligible(s, geo, f["chooser"], f["step"]):
            if f["step"] == "first":
                return msg("That unit cannot fight now: in this step a side picks one of its "
                           "units that charged this turn and has not fought")
            return msg("That unit cannot fight now: in this step a side picks one of its units "
                       "that engaged and has not fought")
        return None

    def _do_fight(self, s, a, geo, dice):
        f = s.pending["fight"]
        unit = s.units[a.unit]
        if a.kind == "fight":
            f.update(unit=unit.id, stage="pile_in")
            return [Note(rule=fight.RULE_ORDER, text=msg("{unit} fights", unit=unit.name))]
        if a.kind == "pile_in":
            f["stage"] = "attack"
            if not a.placement:
                return [Note(rule=fight.RULE_PILE_IN,
                             text=msg("{unit} does not pile in", unit=unit.name))]
            return [move_unit(s, unit.id, a.destinations(), msg("piles in"), fight.RULE_PILE_IN)]
        if a.kind == "attack":
            events = (fight.resolve_attacks(s, geo, dice, unit.id, a.targets[0]) if a.targets
                      else [Note(rule=fight.RULE_ORDER,
                                 text=msg("{unit} has no one to attack", unit=unit.name))])
            f["stage"] = "consolidate"
            return events
        events: list[Event]
        if a.placement:
            events = [move_unit(s, unit.id, a.destinations(), msg("consolidates"),
                                 fight.RULE_CONSOLIDATE)]
        else:
            events = [Note(rule=fight.RULE_CONSOLIDATE,
                           text=msg("{unit} does not consolidate", unit=unit.name))]
        return events + self._fought(s, geo, unit.id)

    def _fought(self, s, geo, unit_id) -> list[Event]:
        """The unit has fought: the other side chooses next (alternation), or the step ends."""
        f = s.pending["fight"]
        s.units[unit_id].flags["fought"] = True
        f["unit"] = None
        f["stage"] = None
        other = 1 - s.units[unit_id].side
        f["chooser"] = other
        return self._next_fighter(s, geo)

    def _next_fighter(self, s, geo) -> list[Event]:
        """Sides alternate; a side with no eligible unit passes; when neither has one, the
        step ends ('fights first' -> 'remaining combats' -> end of the turn).

        Remaining combats start with the active side [added, fair defaults]. Why: with the
        other side first, the side that made the first charge struck first in its own turn
        (it charged) and again in the enemy's turn (it chose first there), round after round;
        the side moving second, which the first mover's approach puts in reach first, won 25
        to 27 of 40 greedy mirrors. Active side first, each side strikes first in its own
        turn."""
        f = s.pending["fight"]
        while True:
            for side in (f["chooser"], 1 - f["chooser"]):
                if fight.fight_eligible(s, geo, side, f["step"]):
                    f["chooser"] = side
                    return []
            if f["step"] == "first":
                f["step"] = "remaining"
                f["chooser"] = s.active
                continue
            return self._end_turn(s, geo)

    # --- phases and turns ----------------------------------------------------------------------
    def _enter(self, s, geo, dice, phase) -> list[Event]:
        s.phase = phase
        events: list[Event] = [PhaseStarted(rule=PHASE_RULES[phase], phase=self.phase_name(phase),
                                            side_name=s.sides[s.active].name)]
        if phase == "fight":
            s.pending["fight"] = {"step": "first", "chooser": 1 - s.active, "unit": None,
                                  "stage": None}
            events.extend(self._next_fighter(s, geo))
        return events

    def _end_turn(self, s, geo) -> list[Event]:
        s.pending.pop("fight", None)
        s.active = (s.active + 1) % len(s.sides)
        if s.active == 0:
            ended = self.next_round(s, geo)
            if ended:
                return ended
        for unit in s.units.values():
            for flag in ("moved", "advanced", "fell_back", "charged", "charge_declared",
                         "fought", "advance_roll"):
                unit.flags.pop(flag, None)
        s.phase = "command"
        s.pending["command"] = True
        side = s.sides[s.active]
        return [TurnStarted(rule=RULE_TURN_ORDER, round=s.round, side=s.active,
                            side_name=side.name),
                PhaseStarted(rule=PHASE_RULES["command"], phase=self.phase_name("command"),
                             side_name=side.name)]

    def _why_command(self, s, a, geo):
        return None if a.kind == "end_phase" else msg("Only 'end the Command phase' is possible")

    def _do_command(self, s, a, geo, dice):
        """Battle-shock tests for the active side's units below half strength, then Movement."""
        s.pending.pop("command", None)
        events: list[Event] = []
        for unit in s.units_of(s.active):
            if unit.flags.pop("battle_shocked", None):
                events.append(StatusChanged(rule=RULE_SHOCK, unit=unit.id, unit_name=unit.name,
                                            status=msg("battle-shocked"), gained=False))
            if not below_half_strength(s, unit.id):
                continue
            roll = dice.roll(2, f"{unit.name} battle-shock", RULE_SHOCK)
            passed = roll.total >= unit.profile["Ld"]
            events.append(DiceRolled(rule=RULE_SHOCK, who=unit.name,
                                     label=msg("2D6 battle-shock"), values=roll.values,
                                     needed=f"{unit.profile['Ld']}+",
                                     outcome=msg("passed") if passed else msg("failed")))
            if not passed:
                unit.flags["battle_shocked"] = True
                events.append(StatusChanged(rule=RULE_SHOCK, unit=unit.id, unit_name=unit.name,
                                            status=msg("battle-shocked (OC 0)"),
                                            gained=True))
        return events + self._enter(s, geo, dice, "movement")

    def round_limit_reason(self, rounds: int) -> str:
        """In this ruleset's catalog: its French texts call the battle round a "round"."""
        return msg("the round limit ({rounds}) was reached", rounds=rounds)

    def finish(self, s, geo, reason):
        return end_battle(s, geo, reason, control_value)


def fighting_next(unit: str, stage: str) -> str:
    """Why another action must wait: the fighting unit's next stage comes first."""
    if stage == "pile_in":
        return msg("{unit} is fighting: next is its pile in", unit=unit)
    if stage == "attack":
        return msg("{unit} is fighting: next is its attack", unit=unit)
    return msg("{unit} is fighting: next is its consolidate", unit=unit)


def below_half_strength(s: GameState, unit_id: str) -> bool:
    """Fewer than half its starting models; a lone model, fewer than half its wounds."""
    unit = s.units[unit_id]
    alive = s.alive_models(unit_id)
    if len(unit.models) == 1:
        return bool(alive) and alive[0].wounds * 2 < alive[0].max_wounds
    return 0 < len(alive) * 2 < len(unit.models)


RULESET = SquadsRuleset()
