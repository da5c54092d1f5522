"""`legions`: the legion assault phase (rules/legions.md, seed 004).

This module holds the turn's flow and the Ruleset contract; each rule lives in the module named
for it. A side's turn: Movement (Move or Run) -> Assault (the charge sub-phase, the challenge
sub-phase (challenge.py), the fight sub-phase with each combat's resolution and
aftermath) -> End (statuses may be shaken off). There is no shooting phase: shooting exists
only as volleys (charge step 4) and Gun down (the aftermath).

How a turn runs: every decision is an Action; after applying one, `_proceed` takes every step
that needs no decision (rolls the rules make by themselves, forced options, wounds the defender
has no real choice about) until the next decision or the end of the battle.

Part 2 of the spec: the reactions are played (reactions.py, declared at charge step 4:
Overwatch volley in volley.py, Shield wall, Evade in evade.py; cover terrain in cover.py).
Challenges (challenge.py, duel_odds.py; characters.py says who may fight one, and lets a Paragon
join a unit) are a sub-phase of their own. Vehicle targets take armour penetration (vehicles.py)
and Transports carry units (embark and disembark in the Movement phase, a wreck's passengers:
transports.py).
"""

from __future__ import annotations

from game.core.actions import Action, make_placement
from game.core.dice import Dice
from game.core.events import BattleStarted, Event, Note, PhaseStarted, TurnStarted
from game.core.geometry import Geometry
from game.core.i18n import msg
from game.core.state import GameState, Scenario
from game.core.text import count
from game.rulesets.base import (
    RulesetBase,
    end_battle,
    move_unit,
    objective_holders,
)
from game.rulesets.legions import (
    challenge,
    characters,
    charge,
    consolidation,
    evade,
    fight,
    move_intents,
    movement,
    phases,
    reactions,
    search_hooks,
    statuses,
    transports,
    wounds,
)
from game.rulesets.legions.charge_odds import roll_chance
from game.rulesets.legions.combat import tidy_locks
from game.rulesets.legions.odds import whole_charge_odds
from game.rulesets.legions.setup import build_game

#: The `odds charge` command's unit: the shipped legion squads, I 4 + M 7 (a 3" setup move).
ODDS_INITIATIVE_PLUS_MOVE = 11
RULE_TURN = msg("Turn: Movement, Assault (charge, challenge, fight), End (legions)")
#: Unit flags that last one turn.
TURN_FLAGS = ("moved", "ran", "charge_declared", "charged", "disordered_charge", "disembarked",
              characters.CHANGED, transports.BOARDED)
TRANSPORT_ACTIONS = ("embark", "disembark")
CHARACTER_ACTIONS = ("join_unit", "leave_unit")


class LegionsRuleset(RulesetBase):
    id = "legions"
    # the searcher's hooks (search_hooks.py; game.ai reads them with getattr)
    reach_odds = staticmethod(search_hooks.reach_odds)
    threat_weights = search_hooks.THREAT_WEIGHTS
    chance_outcomes = staticmethod(search_hooks.chance_outcomes)
    turn_horizons = search_hooks.TURN_HORIZONS
    name = msg("Legions: setup moves, volleys and initiative steps")
    max_sides = 2
    status_help = statuses.STATUS_HELP
    phase_names = phases.PHASE_NAMES

    # --- contract ------------------------------------------------------------------------------
    def new_game(self, scenario: Scenario, seed: int, forces: list[str] | None = None
                 ) -> GameState:
        return build_game(self.id, scenario, seed, forces)

    def start_events(self, s: GameState) -> list[Event]:
        return [BattleStarted(rule=msg("Set-up"), ruleset=self.id,
                              sides=tuple(x.name for x in s.sides)),
                TurnStarted(rule=RULE_TURN, round=s.round, side=s.active,
                            side_name=s.sides[s.active].name),
                PhaseStarted(rule=movement.RULE_MOVE, phase=self.phase_name("movement"),
                             side_name=s.sides[s.active].name)]

    def current_player(self, s: GameState) -> int | None:
        if s.over:
            return None
        pools = s.pending.get("wounds")
        if pools:
            return pools[0]["picker"]
        if s.phase == "assault":
            if "challenge" in s.pending:
                return challenge.chooser(s)
            if "fight" in s.pending:
                return fight.chooser(s)
            return charge.chooser(s)
        return s.active

    def legal_actions(self, s: GameState, geo: Geometry) -> list[Action]:
        if s.over:
            return []
        pools = s.pending.get("wounds")
        if pools:
            return self._allocation_actions(s, geo, pools[0])
        if s.phase == "movement":
            moves = movement.movement_actions(s, geo)
            return moves[:-1] + characters.actions(s, geo) + transports.actions(s, geo) + moves[-1:]
        if s.phase == "assault":
            if "challenge" in s.pending:
                return challenge.actions(s, geo)
            if "fight" in s.pending:
                return fight.actions(s, geo)
            return charge.actions(s, geo)
        return []

    def why_illegal(self, s: GameState, a: Action, geo: Geometry) -> str | None:
        pools = s.pending.get("wounds")
        if pools:
            return self._why_allocate(s, a, pools[0])
        if s.phase == "movement":
            return self._why_movement(s, a, geo)
        if s.phase == "assault":
            if "challenge" in s.pending:
                return challenge.problem(s, geo, a)
            if "fight" in s.pending:
                return fight.problem(s, geo, a)
            return charge.problem(s, geo, a)
        return msg("No action is possible in the {phase} phase",
                   phase=self.phase_name(s.phase))

    def act(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        """The decision, then every step that needs none, up to the next decision."""
        events = self._act(s, a, geo, dice)
        return events + self._proceed(s, geo, dice)

    def charge_odds(self, distance: float, initiative_plus_move: int = ODDS_INITIATIVE_PLUS_MOVE,
                    disordered: bool = False):
        """The whole charge's odds from `distance` at the declaration, on open ground: the setup
        move (by I + M; none when disordered), then 2D6 drop the lowest for the gap left. The
        `odds` command names no unit: it is the shipped legion squads' orderly charge (I 4 +
        M 7 = 11: a 3" setup move). On the table, each declaration's label and the AI read the
        position's own odds (charge.chance), worked out by the same steps."""
        setup = 0 if disordered else charge.setup_move_distance(initiative_plus_move)
        return whole_charge_odds(distance, setup)

    def action_odds(self, s: GameState, a: Action, geo: Geometry) -> dict[str, dict]:
        """The charge's odds for a declaration or the roll, a challenge's for its choices (the
        client's odds line)."""
        if a.kind in challenge.KINDS:
            return challenge.action_odds(s, a)
        if a.kind not in ("declare_charge", "charge_roll") or not a.targets:
            return {}
        if a.kind == "declare_charge":
            if charge.problem(s, geo, a) is not None:
                return {}
            odds = charge.chance(s, geo, a.unit, a.targets[0])
        else:
            odds = roll_chance(s, geo, a.unit, a.targets[0])
        return {s.units[a.targets[0]].name: {msg("the charge reaches"): odds.p,
                                             msg("it fails"): 1 - odds.p}}

    def action_value(self, s: GameState, a: Action, geo: Geometry) -> float:
        """Expected points this action gains for the side taking it (the greedy AI's view)."""
        if a.kind in challenge.KINDS:
            return challenge.action_value(s, a)
        if a.kind == "react" and a.option == reactions.CHALLENGE:
            return challenge.reaction_value(s, geo, a)
        if a.kind in ("join_unit", "leave_unit"):
            return characters.join_value(s, a)
        from game.rulesets.legions.evaluation import action_value

        return action_value(s, a, geo)

    def move_allowance(self, s: GameState, a: Action) -> float | None:
        """How far the models of a placement action may move (the client's ring)."""
        if a.kind == "move":
            return movement.allowance(s, a.unit, move_intents.how_of(a.option))
        c = s.pending.get("charge")
        if a.kind == "setup_move" and c:
            return float(c["setup"])
        if a.kind == "charge_move" and c:
            return float(c["roll"])
        if a.kind == "evade" and c:
            return evade.allowance(s, a.unit)
        if a.kind == "aftermath" and a.option == "disengage":
            return movement.allowance(s, a.unit, "move")
        if a.kind == "aftermath" and consolidation.base_option(a.option) == "consolidate":
            return float(movement.unit_lowest(s, a.unit, "I"))
        return None

    # --- moves offered as intents (move_intents.py): what the client previews and drags ---
    def solved_action(self, s: GameState, a: Action, geo: Geometry) -> Action:
        """An offered Move or Run intent with the placement it will take (the client's
        preview of where the models go); any other action as it is."""
        if move_intents.is_intent(a) and self.why_illegal(s, a, geo) is None:
            return move_intents.placed(a, movement.destinations(s, geo, a))
        if (a.kind == "aftermath" and consolidation.goal_of(a) is not None
                and self.why_illegal(s, a, geo) is None):
            return consolidation.placed(a, consolidation.destinations(s, geo, a))
        return a

    def drag_template(self, s: GameState, unit_id: str, geo: Geometry) -> Action | None:
        """What a hand drag of a unit stands for, now that Moves, Runs and consolidations are
        offered as intents: in the Movement phase a Move, in the aftermath a Consolidate when
        one is offered to it, carrying the placement (checked like any other); else None."""
        if unit_id not in s.units or s.pending.get("wounds"):
            return None
        here = make_placement({m.id: (m.x, m.y) for m in s.alive_models(unit_id)})
        if s.phase == "movement":
            if s.units[unit_id].side != s.active or movement.cannot_move_reason(s, unit_id):
                return None
            return Action("move", unit_id, option="move", placement=here)
        if "fight" in s.pending and "challenge" not in s.pending and any(
                a.unit == unit_id and consolidation.base_option(a.option) == "consolidate"
                for a in self.legal_actions(s, geo) if a.kind == "aftermath"):
            return Action("aftermath", unit_id, option="consolidate", placement=here)
        return None

    def objective_holders(self, s: GameState, geo: Geometry) -> list[int | None]:
        return objective_holders(s, geo)

    def score(self, s: GameState, geo: Geometry | None = None) -> tuple[float, ...]:
        if s.over:
            return tuple(s.result["points"])
        holders = objective_holders(s, geo) if geo else []
        return tuple(float(r["points"]) for r in transports.victory_rows(s, holders))

    # --- acting ----------------------------------------------------------------------------------
    def _act(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        pools = s.pending.get("wounds")
        if pools:
            return wounds.take_wound(s, dice, pools[0], a.targets[0])
        if s.phase == "movement":
            return self._do_movement(s, a, geo, dice)
        if "challenge" in s.pending:
            return challenge.apply_action(s, geo, dice, a)
        if "fight" in s.pending:
            return fight.apply_action(s, geo, dice, a)
        if a.kind == "end_charges":
            return self._enter_fight(s, geo)
        events, new_pools = charge.apply_action(s, geo, dice, a)
        if new_pools:
            s.pending["wounds"] = new_pools
        return events

    def _proceed(self, s: GameState, geo: Geometry, dice: Dice) -> list[Event]:
        """Take every step that needs no decision, until one does or the battle ends."""
        events: list[Event] = []
        while not s.over:
            wrecked = transports.wrecks(s, geo, dice)  # first: its passengers get out
            if wrecked is not None:
                events.extend(wrecked)
                continue
            if len(s.sides_with_models()) < 2:
                events.append(self.finish(s, geo, msg("only one side has models on the table")))
                break
            step = self._auto_step(s, geo, dice)
            if step is None:
                break
            events.extend(step)
        return events

    def _auto_step(self, s: GameState, geo: Geometry, dice: Dice) -> list[Event] | None:
        pools = s.pending.get("wounds")
        if pools:
            pool = pools[0]
            if wounds.pool_done(s, pool):
                pools.pop(0)
                if not pools:
                    s.pending.pop("wounds")
                return wounds.summary(s, pool)
            options = wounds.choices(s, geo, pool)
            if len(options) > 1:
                return None
            return wounds.take_wound(s, dice, pool, options[0].id)
        if s.phase == "assault":
            if "challenge" in s.pending:
                return challenge.step(s, geo, dice)
            if s.pending.get("sub") == "challenge":
                return self._begin_fight(s)
            if "fight" in s.pending:
                return fight.step(s, geo, dice)
            if s.pending.get("sub") == "fight":
                return self._end_phase(s, geo, dice)
            return charge.step(s, geo, dice)
        return None

    # --- wounds ----------------------------------------------------------------------------------
    @staticmethod
    def _allocation_actions(s: GameState, geo: Geometry, pool: dict) -> list[Action]:
        out = []
        for m in wounds.choices(s, geo, pool):
            need = wounds.pool_save(s, m, pool)
            save = msg("save {need}+", need=need) if need <= 6 else msg("no save")
            out.append(Action("allocate", pool["target"], targets=(m.id,),
                              label=msg("{wounds} from {weapon} to take: the next on {model} "
                                        "({save}, {left} W)", wounds=count(pool["left"], "wound"),
                                        weapon=pool["weapon"], model=m.name, save=save,
                                        left=m.wounds)))
        return out

    @staticmethod
    def _why_allocate(s: GameState, a: Action, pool: dict) -> str | None:
        if a.kind != "allocate" or len(a.targets) != 1:
            rule = wounds.RULE_PARAGON_ALLOCATES if pool["by_paragon"] else wounds.RULE_ALLOCATE
            return msg("{unit} must first take its wounds: pick the model for the next one "
                       "({rule})", unit=s.units[pool["target"]].name, rule=rule)
        allowed = {m.id for m in wounds.takers(s, pool)}
        if a.targets[0] not in allowed:
            return msg("That model cannot take this wound ({rule})", rule=wounds.RULE_ALLOCATE)
        return None

    # --- movement --------------------------------------------------------------------------------
    def _why_movement(self, s: GameState, a: Action, geo: Geometry) -> str | None:
        if a.kind == "end_phase":
            return None
        if a.kind in CHARACTER_ACTIONS:
            return characters.problem(s, geo, a)
        if a.kind in TRANSPORT_ACTIONS:
            return transports.problem(s, geo, a)
        if a.kind != "move":
            return msg("'{kind}' is not a Movement phase action (Move, Run, a Paragon joining or "
                       "leaving a unit, embark, disembark, or end the phase)", kind=a.kind)
        if a.unit not in s.units or s.units[a.unit].side != s.active or not s.unit_alive(a.unit):
            return msg("Choose one of your own units")
        if not a.placement:
            return movement.intent_problem(s, a.unit, a.option)
        return movement.move_problem(s, geo, a.unit, a.destinations(),
                                     move_intents.how_of(a.option))

    def _do_movement(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        if a.kind == "end_phase":
            return self._enter_assault(s)
        if a.kind in CHARACTER_ACTIONS:
            return characters.apply_action(s, a)
        if a.kind in TRANSPORT_ACTIONS:
            return transports.apply_action(s, a)
        unit = s.units[a.unit]
        dest = movement.destinations(s, geo, a)
        unit.flags["moved"] = True
        running = move_intents.how_of(a.option) == "run"
        if running:
            unit.flags["ran"] = True
        rule = movement.RULE_RUN if running else movement.RULE_MOVE
        if not a.placement and all(tuple(v) == (s.models[k].x, s.models[k].y)
                                   for k, v in dest.items()):
            return [Note(rule=rule, text=msg(
                "{unit} stays where it is: no legal formation move {goal}",
                unit=unit.name, goal=move_intents.goal_name(s, move_intents.goal_of(a.option))))]
        return [move_unit(s, unit.id, dest, msg("runs") if running else msg("moves"), rule)]

    # --- phases and turns ------------------------------------------------------------------------
    def _enter_assault(self, s: GameState) -> list[Event]:
        s.phase = "assault"
        s.pending["sub"] = "charge"
        return [PhaseStarted(rule=RULE_TURN, phase=phases.SUB_PHASE_NAMES["charge"],
                             side_name=s.sides[s.active].name)]

    def _enter_fight(self, s: GameState, geo: Geometry) -> list[Event]:
        """The charges are over: the challenge sub-phase, then (`_begin_fight`) the fight."""
        s.pending["sub"] = "challenge"
        return challenge.challenge_sub_phase(s, geo)

    def _begin_fight(self, s: GameState) -> list[Event]:
        s.pending["sub"] = "fight"
        events: list[Event] = [PhaseStarted(rule=fight.RULE_COMBATS,
                                            phase=phases.SUB_PHASE_NAMES["fight"],
                                            side_name=s.sides[s.active].name)]
        return events + fight.start(s)

    def _end_phase(self, s: GameState, geo: Geometry, dice: Dice) -> list[Event]:
        s.pending.clear()
        tidy_locks(s)
        side = s.sides[s.active]
        events: list[Event] = [PhaseStarted(rule=statuses.RULE_END_PHASE,
                                            phase=self.phase_name("end"), side_name=side.name)]
        events.extend(statuses.end_phase_checks(s, dice, s.active))
        return events + self._next_turn(s, geo, dice)

    def _next_turn(self, s: GameState, geo: Geometry, dice: Dice) -> list[Event]:
        s.active = (s.active + 1) % len(s.sides)
        if s.active == 0:
            ended = self.next_round(s, geo)
            if ended:
                return ended
        for unit in s.units.values():
            for flag in TURN_FLAGS:
                unit.flags.pop(flag, None)
        s.phase = "movement"
        side = s.sides[s.active]
        events: list[Event] = [
            TurnStarted(rule=RULE_TURN, round=s.round, side=s.active, side_name=side.name),
            PhaseStarted(rule=movement.RULE_MOVE, phase=self.phase_name("movement"),
                         side_name=side.name)]
        return events + movement.routed_fall_backs(s, geo, dice)

    def current_phase_name(self, s: GameState) -> str:
        """The assault is shown by its sub-phase, as its PhaseStarted events name it."""
        return phases.assault_step_name(s) or self.phase_name(s.phase)

    def finish(self, s: GameState, geo: Geometry, reason: str):
        return end_battle(s, geo, reason, breakdown=transports.victory_rows)


RULESET = LegionsRuleset()
