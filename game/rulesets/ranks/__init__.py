"""`ranks`: rank-and-file blocks with fronts, flanks, overlaps, fumbles, talents and panic
(rules/ranks.md, seed 000).

This module holds the turn's flow and the Ruleset contract. A round is each side's turn in
order; in its turn a side gives each of its units one order, in any order it likes: Hold,
March, Turn or Charge, or Fight for a unit in contact at the start of the turn, or Flee for a
routed one. A Charge or a Fight makes a combat at once; its only decisions are the talents the
fumbles pay for. The rules of each step live in their own module.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from game.core.actions import Action
from game.core.dice import Dice
from game.core.events import BattleStarted, Event, Note, StatusChanged, TurnStarted, UnitMoved
from game.core.geometry import Geometry
from game.core.i18n import N_, join, msg, nmsg
from game.core.state import GameState, Point, Scenario
from game.rulesets.base import (
    RulesetBase,
    end_battle,
    objective_holders,
    unit_centroid,
    victory_breakdown,
)
from game.rulesets.ranks import (
    charge,
    combat,
    formation,
    movement,
    odds,
    offers,
    panic,
    search_hooks,
)
from game.rulesets.ranks.contacts import contacts
from game.rulesets.ranks.dice_plan import base_contacts, dice_plan
from game.rulesets.ranks.setup import GENERAL, OFFICER, PANICKED, build_game
from game.rulesets.ranks.wording import lowered

RULE_ORDERS = msg("Orders: each unit gets one order a turn: Hold, March, Turn or Charge; Fight "
                  "if in contact at the start of its turn (ranks [added])")
RULE_FIGHT = msg("Units in contact at the start of their turn get a Fight order (ranks)")
RULE_ROUTED_ORDERS = msg("A unit with all its front bases panicked can only Hold or flee (ranks)")
RULE_TURN_ORDER = msg("Turn order: each side's turn in order, round after round (common rules)")

#: "... has already had its order this turn (Hold)": one whole text per order (the order a unit
#: had is kept in `unit.flags["order"]`, a key), so each language names the order its own way.
ALREADY_ORDERED = {
    "Hold": N_("{unit} has already had its order this turn (Hold)"),
    "March": N_("{unit} has already had its order this turn (March)"),
    "Turn": N_("{unit} has already had its order this turn (Turn)"),
    "Charge": N_("{unit} has already had its order this turn (Charge)"),
    "Fight": N_("{unit} has already had its order this turn (Fight)"),
    "Flee": N_("{unit} has already had its order this turn (Flee)"),
}
#: "{unit} cannot march: ..." for a routed unit, and for one in contact since the start of the
#: turn, per order (the action's kind); other kinds say it with the kind as it is.
CANNOT_ROUTED = {
    "march": N_("{unit} cannot march: {rule}"),
    "turn": N_("{unit} cannot turn: {rule}"),
    "charge": N_("{unit} cannot charge: {rule}"),
    "fight": N_("{unit} cannot fight: {rule}"),
}
CANNOT_ROUTED_OTHER = N_("{unit} cannot {order}: {rule}")
CANNOT_IN_CONTACT_OTHER = N_("{unit} cannot {order}: it was in contact at the start of the "
                             "turn, so its order is Fight (or Hold if its enemy has gone) ({rule})")
CANNOT_IN_CONTACT = {
    "march": N_("{unit} cannot march: it was in contact at the start of the turn, so its order "
                "is Fight (or Hold if its enemy has gone) ({rule})"),
    "turn": N_("{unit} cannot turn: it was in contact at the start of the turn, so its order "
               "is Fight (or Hold if its enemy has gone) ({rule})"),
    "charge": N_("{unit} cannot charge: it was in contact at the start of the turn, so its "
                 "order is Fight (or Hold if its enemy has gone) ({rule})"),
}
#: How the log says a block moved (UnitMoved.how).
MOVED_HOW = {"march": msg("marches"), "turn": msg("turns")}

#: Each phase's name (the client's top bar, `phase_name`): orders, then the combats the
#: orders made (the log tells the orders and the combats, not the phases).
PHASE_NAMES = {"orders": msg("Orders"), "combat": msg("Combat")}
#: Unit flags that are bookkeeping, not statuses (kept as non-True values so the client does
#: not show them as markers).
TURN_FLAGS = ("order", "charged", "contact_at_start")


def control_value(s: GameState, model) -> int:
    """Objective control [added]: a panicked base, or any base of a routed unit, counts 0."""
    if PANICKED in model.statuses or s.units[model.unit].flags.get(panic.ROUTED):
        return 0
    return 1


class RanksRuleset(RulesetBase):
    last_side_reason = msg("only one side has bases on the table")
    id = "ranks"
    # the searcher's hooks (search_hooks.py; game.ai reads them with getattr)
    reach_odds = staticmethod(search_hooks.reach_odds)
    threat_weights = search_hooks.THREAT_WEIGHTS
    turn_horizons = search_hooks.TURN_HORIZONS
    horizon_remeasure = search_hooks.HORIZON_REMEASURE
    name = msg("Ranks: blocks with fronts, flanks, fumbles and panic")
    phase_names = PHASE_NAMES
    status_help = {
        panic.ROUTED: (msg("ROUT"), msg("Routed: it can only Hold or flee until it rallies.")),
        PANICKED: (msg("PAN"), msg("Panicked: rolls no dice, gives no support, is not active, "
                                   "does not count as a rank, uses no talent; still absorbs "
                                   "hits.")),
        OFFICER: (msg("OFC"), msg("Officer: -1 panic for the unit while unpanicked; helps it "
                                  "rally.")),
        GENERAL: (msg("GEN"), msg("General: -1 panic for the unit while unpanicked; helps it "
                                  "rally.")),
        "charged": (msg("CHG"), msg("Charged this turn: its fumbles count double for the "
                                    "enemy.")),
    }

    # --- contract ------------------------------------------------------------------------------
    def new_game(self, scenario: Scenario, seed: int, forces: list[str] | None = None) -> GameState:
        s = build_game(self.id, scenario, seed, forces)
        self.begin_turn(s, None)
        return s

    def start_events(self, s: GameState) -> list[Event]:
        return [BattleStarted(rule=msg("Set-up"), ruleset=msg("ranks"),
                              sides=tuple(x.name for x in s.sides)),
                TurnStarted(rule=RULE_TURN_ORDER, round=s.round, side=s.active,
                            side_name=s.sides[s.active].name)]

    def current_player(self, s: GameState) -> int | None:
        if s.over:
            return None
        if s.phase == "combat":
            return s.pending["combat"]["spender"]
        return s.active

    def legal_actions(self, s: GameState, geo: Geometry) -> list[Action]:
        if s.over:
            return []
        if s.phase == "combat":
            return combat.talent_actions(s)
        out: list[Action] = []
        bases = offers.Bases(s)
        for unit in s.units_of(s.active):
            if unit.flags.get("order"):
                continue
            out.extend(self.unit_orders(s, geo, unit.id, bases))
        if self._waiting_fight(s, geo) is None:
            out.append(Action("end_turn",
                              label=msg("End the turn (units without an order Hold)")))
        return out

    def unit_orders(self, s: GameState, geo: Geometry, unit_id: str,
                    bases: offers.Bases | None = None) -> list[Action]:
        """Every order offered to one unit (moves: a representative few; see movement.py;
        `bases`: the state's bases read once, when several units are listed)."""
        unit = s.units[unit_id]
        hold = Action("hold", unit_id, label=_named(N_("{unit}: Hold"), unit.name))
        if self._routed(s, unit_id):
            flight = self._flee_action(s, geo, unit_id, bases)
            return [hold] + ([flight] if flight else [])
        if unit.flags.get("contact_at_start"):
            if contacts(s, geo).in_contact(s, unit_id):
                return [Action("fight", unit_id, label=_named(N_("{unit}: Fight"), unit.name))]
            return [hold]
        nearest = self._nearest_enemy_point(s, unit_id)
        goals = self._goals(s, geo, unit_id, nearest)
        return [hold] + offers.moves(s, geo, unit_id, goals, nearest, bases)

    def charge_refusals(self, s: GameState, geo: Geometry) -> list[str]:
        """Why each of the active side's units free to move cannot charge an enemy within its
        move (guarantee 1: a charge the rules refuse is explained, with the rule). The
        state's bases are read once for every unit (`offers.Bases`)."""
        out = []
        bases = None
        for unit in s.units_of(s.active):
            if (unit.flags.get("order") or unit.flags.get("contact_at_start")
                    or self._routed(s, unit.id) or not s.unit_alive(unit.id)):
                continue
            bases = bases or offers.Bases(s)
            for _, why in offers.charges(s, geo, unit.id, bases=bases)[1]:
                out.append(msg("{unit}: {why}", unit=unit.name, why=why))
        return out

    def why_illegal(self, s: GameState, a: Action, geo: Geometry) -> str | None:
        if s.phase == "combat":
            return combat.talent_problem(s, a)
        if a.kind == "end_turn":
            waiting = self._waiting_fight(s, geo)
            if waiting:
                return msg("{unit} must fight first ({rule})", unit=s.units[waiting].name,
                           rule=lowered(RULE_FIGHT))
            return None
        if a.kind in ("talent", "talents_done"):
            return msg("No combat is waiting for enemy fumbles to be spent on talents")
        if a.unit not in s.units or s.units[a.unit].side != s.active:
            return msg("Choose one of your own units")
        unit = s.units[a.unit]
        if not s.unit_alive(unit.id):
            return msg("{unit} has no bases left", unit=unit.name)
        if unit.flags.get("order"):
            order = unit.flags["order"]
            if order in ALREADY_ORDERED:
                return msg(ALREADY_ORDERED[order], unit=unit.name)
            return msg("{unit} has already had its order this turn ({order})", unit=unit.name,
                       order=order)
        if a.kind == "hold":
            if (unit.flags.get("contact_at_start") and not self._routed(s, unit.id)
                    and contacts(s, geo).in_contact(s, unit.id)):
                return msg("{unit} cannot hold: it has been in contact since the start of the "
                           "turn, so its order is Fight ({rule})", unit=unit.name,
                           rule=RULE_FIGHT)
            return None
        if self._routed(s, unit.id):
            if a.kind != "flee":
                return msg(CANNOT_ROUTED.get(a.kind, CANNOT_ROUTED_OTHER), unit=unit.name,
                           order=a.kind, rule=RULE_ROUTED_ORDERS)
            flight = self._flee_action(s, geo, unit.id)
            if flight is None:
                return msg("{unit} is hemmed in and cannot flee", unit=unit.name)
            if a.placement and tuple(a.placement) != flight.placement:
                return msg("{unit} flees straight away from the enemy, a full move",
                           unit=unit.name)
            return None
        if a.kind == "flee":
            return msg("Only a routed unit flees ({rule})", rule=RULE_ROUTED_ORDERS)
        in_contact_start = unit.flags.get("contact_at_start")
        if a.kind == "fight":
            if not in_contact_start:
                return msg("{unit} was not in contact at the start of the turn: only a unit in "
                           "contact then gets a Fight order", unit=unit.name)
            if not contacts(s, geo).in_contact(s, unit.id):
                return msg("{unit} is no longer in contact with an enemy", unit=unit.name)
            return None
        if in_contact_start:
            return msg(CANNOT_IN_CONTACT.get(a.kind, CANNOT_IN_CONTACT_OTHER), unit=unit.name,
                       order=a.kind, rule=RULE_FIGHT)
        if a.kind in ("march", "turn"):
            return movement.check(s, geo, a)
        if a.kind == "charge":
            return charge.check(s, geo, a)
        return msg("'{order}' is not an order of this ruleset", order=a.kind)

    def act(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        events = self._do(s, a, geo, dice)
        s.phase = "combat" if "combat" in s.pending else "orders"
        return events

    def score(self, s: GameState, geo: Geometry | None = None) -> tuple[float, ...]:
        if s.over:
            return tuple(s.result["points"])
        holders = objective_holders(s, geo, control_value) if geo else []
        return tuple(float(r["points"]) for r in victory_breakdown(s, holders))

    def objective_holders(self, s: GameState, geo: Geometry) -> list[int | None]:
        return objective_holders(s, geo, control_value)

    def action_value(self, s: GameState, a: Action, geo: Geometry) -> float:
        """Expected points this action gains for the side taking it (the greedy AI's view)."""
        from game.rulesets.ranks.evaluation import action_value

        return action_value(s, a, geo)

    # --- what the client can show --------------------------------------------------------------
    def base_contacts(self, s: GameState, geo: Geometry) -> dict[str, str]:
        """Each base's contact type now: "front-to-front", "corner-to-corner", "flank",
        "rear", "support" or "exposed" (bases out of contact are left out)."""
        return base_contacts(s, geo)

    #: Short marks for each contact type, drawn on the bases by the client.
    CONTACT_MARKS = {"front-to-front": "F", "corner-to-corner": "C", "flank": "FL",
                     "rear": "R", "support": "S", "exposed": "X"}

    def base_marks(self, s: GameState, geo: Geometry) -> dict[str, str]:
        """The client's per-base marks: each base's contact type, with the dice it earns."""
        dice = self.base_dice(s, geo)
        return {mid: f"{self.CONTACT_MARKS.get(kind, '?')}{dice.get(mid, 0)}"
                for mid, kind in base_contacts(s, geo).items()}

    def info_panel(self, s: GameState, geo: Geometry) -> list[tuple[str, list[str]]]:
        """A legend for the base marks, shown while any bases touch; and why a unit of the
        side giving orders cannot charge an enemy it is near."""
        out = []
        if base_contacts(s, geo):
            out.append((msg("Contacts (mark = type + dice)"), [
                msg("F front-to-front: CV dice · C corner overlap: CV+1 · FL flank, R rear: "
                    "CV+1"),
                msg("S supporting 2nd rank: CV · X its flank or rear is attacked: no dice"),
            ]))
        if s.phase == "orders" and not s.over:
            refused = self.charge_refusals(s, geo)
            if refused:
                out.append((msg("Charges not possible"), refused))
        return out

    #: Unit flags that are bookkeeping of the rules, not for players (the hover card need not
    #: list them; the block's slots are a tuple of model ids).
    hidden_flags = ("slots", "files", "contact_at_start")

    def model_lines(self, s: GameState, model_id: str) -> list[str]:
        """The profile of a base in plain words, for the client's hover card (instead of the
        raw profile: "talents ['Parry', 'Steady']", "support True")."""
        m = s.models[model_id]
        p = m.profile
        lines = [msg("CV {cv} (dice) · AV {av} of {most} (armour) · move {move}\"",
                     cv=p["CV"], av=m.wounds, most=m.max_wounds, move=p["M"])]
        if p.get("talents"):
            lines.append(msg("talents: {talents}", talents=join(p["talents"])))
        if p.get("support"):
            lines.append(msg("supports the front rank: each 2nd-rank base rolls its CV while the "
                             "front is engaged"))
        if OFFICER in m.statuses:
            lines.append(msg("the unit's officer: -1 panic while unpanicked, helps it rally"))
        if GENERAL in m.statuses:
            lines.append(msg("the army's general: -1 panic while unpanicked, helps it rally"))
        return lines

    def base_dice(self, s: GameState, geo: Geometry) -> dict[str, int]:
        """How many dice each base would roll if every unit fought now."""
        return {mid: row.dice for mid, row in dice_plan(s, geo).items()}

    def hit_distribution(self, dice_count: int) -> dict[tuple[int, int], Fraction]:
        """P(hits = k, fumbles = f) for n dice, keyed (k, f)."""
        return odds.hit_distribution(dice_count)

    def combat_preview(self, s: GameState, a: Action, geo: Geometry) -> dict:
        """Before a charge or a Fight: the dice each side would roll once the charger stands
        where the action puts it, and the exact (hits, fumbles) law of each."""
        from game.rulesets.ranks.evaluation import charge_preview

        return charge_preview(s, a, geo)

    def action_odds(self, s: GameState, a: Action, geo: Geometry) -> dict[str, dict]:
        """For the client before a charge or a Fight: per side, its dice and the exact chances of the
        hits those dice roll (before talents) and of at least one fumble (`combat_preview`:
        the charger stood where this action puts it, the same melee and dice per base as the
        combat it makes)."""
        if a.kind not in ("charge", "fight"):
            return {}
        if a.kind == "fight" and self.why_illegal(s, a, geo) is not None:
            return {}
        out = {}
        for side in self.combat_preview(s, a, geo).values():
            law = side["distribution"]
            hits: dict[str, Fraction] = {}
            for (k, _), p in sorted(law.items()):
                label = msg("4+ hits") if k >= 4 else nmsg("{n} hit", "{n} hits", k)
                hits[label] = hits.get(label, Fraction(0)) + p
            hits[msg("a fumble or more")] = sum((p for (_, f), p in law.items() if f),
                                                Fraction(0))
            out[msg("{units} ({dice} dice)", units=join(side["units"], " + "),
                    dice=side["dice"])] = hits
        return out

    def placement_facings(self, s: GameState, a: Action) -> dict[str, float]:
        """The facing the unit's bases have after this move (a move may turn the block), read
        from the action's option; {} for actions that do not move a unit."""
        if a.unit not in s.units or not s.unit_alive(a.unit) or not a.placement:
            return {}
        if a.kind not in ("march", "turn", "flee") and not (
                a.kind == "charge" and "facing" in movement.parse_option(a.option)):
            return {}
        facing = movement.facing_after(s, a)
        return {m.id: facing for m in s.alive_models(a.unit)}

    def snap_placement(self, s: GameState, a: Action, geo: Geometry) -> Action:
        """For the client while a block is dragged (guarantee 1: what the rules allow can be
        reached by hand): a charge is put flush on the target edge where it was dragged along
        it (any such spot with the greatest number of front bases in contact is legal); a
        March or Turn keeps its wheel or turn and takes the advance it was dragged to (its
        option rewritten to match). Other actions come back unchanged."""
        if a.kind == "charge":
            return charge.snapped(s, geo, a)
        return movement.snapped(s, a)

    def move_allowance(self, s: GameState, a: Action) -> float | None:
        if a.unit in s.units and a.kind in ("march", "turn", "charge", "flee"):
            return movement.allowance(s, a.unit)
        return None

    # --- orders --------------------------------------------------------------------------------
    def _do(self, s: GameState, a: Action, geo: Geometry, dice: Dice) -> list[Event]:
        if s.phase == "combat":
            return combat.spend(s, geo, dice, a)
        if a.kind == "end_turn":
            return self._end_turn(s, geo)
        unit = s.units[a.unit]
        if a.kind == "hold":
            unit.flags["order"] = "Hold"
            return [Note(rule=movement.RULE_HOLD, text=msg("{unit} holds", unit=unit.name))]
        if a.kind == "fight":
            unit.flags["order"] = "Fight"
            return combat.start(s, geo, dice, unit.id)
        if a.kind == "flee":
            unit.flags["order"] = "Flee"
            return combat.flee(s, unit.id, self._threats(s, geo, unit.id))
        if a.kind == "charge":
            solution, _ = charge.chosen(s, geo, a)
            unit.flags["order"] = "Charge"
            unit.flags["charged"] = True
            moved = self._stand(s, unit.id, solution.plan, msg("charges"), charge.RULE_CHARGE)
            return [moved] + combat.start(s, geo, dice, unit.id)
        plan = movement.plan_of(s, a, geo)
        unit.flags["order"] = a.kind.capitalize()
        rule = movement.RULE_MARCH if a.kind == "march" else movement.RULE_TURN
        return [self._stand(s, unit.id, plan, MOVED_HOW[a.kind], rule)]

    @staticmethod
    def _stand(s: GameState, unit_id: str, plan: movement.Plan, how: str, rule: str) -> UnitMoved:
        dest = plan.destinations(s, unit_id)
        facing = round(plan.frame.facing, 6) % 360.0
        moves, longest = [], 0.0
        for mid, (x, y) in sorted(dest.items()):
            m = s.models[mid]
            moves.append((mid, m.x, m.y, x, y))
            longest = max(longest, ((x - m.x) ** 2 + (y - m.y) ** 2) ** 0.5)
            m.x, m.y, m.facing = x, y, facing
        return UnitMoved(rule=rule, unit=unit_id, unit_name=s.units[unit_id].name, how=how,
                         longest=longest, moves=tuple(moves))

    @staticmethod
    def _routed(s: GameState, unit_id: str) -> bool:
        return bool(s.units[unit_id].flags.get(panic.ROUTED)) or panic.front_all_panicked(
            s, unit_id)

    def _flee_action(self, s: GameState, geo: Geometry, unit_id: str,
                     bases: offers.Bases | None = None) -> Action | None:
        threats = self._threats(s, geo, unit_id)
        points = [m.pos for u in threats for m in s.alive_models(u)]
        if not points:
            return None
        away = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
        return offers.flight(s, geo, unit_id, away, bases)

    @staticmethod
    def _threats(s: GameState, geo: Geometry, unit_id: str) -> list[str]:
        """The enemies a unit flees from: those it touches, else the nearest enemy unit."""
        touching = sorted(contacts(s, geo).touching_units(s, unit_id))
        if touching:
            return touching
        return combat._nearest_enemy(s, unit_id)

    def _goals(self, s: GameState, geo: Geometry, unit_id: str, nearest: Point | None
               ) -> dict[str, tuple]:
        """Where the unit is offered to march: toward `nearest` (the nearest enemy's centre,
        worked out once by the caller) and to the nearest objectives."""
        goals: dict[str, tuple] = {}
        if nearest is not None:
            goals[TOWARD_NEAREST] = nearest
        cx, cy = unit_centroid(s, unit_id)
        near = sorted(s.scenario.objectives, key=lambda o: (o.x - cx) ** 2 + (o.y - cy) ** 2)
        for obj in near[:movement.OBJECTIVES_OFFERED]:
            goals[_to_objective(obj.name)] = (obj.x, obj.y)
        return goals

    @staticmethod
    def _nearest_enemy_point(s: GameState, unit_id: str):
        enemy = combat._nearest_enemy(s, unit_id)
        return unit_centroid(s, enemy[0]) if enemy else None

    def _waiting_fight(self, s: GameState, geo: Geometry) -> str | None:
        """A unit that still owes its compulsory Fight order this turn. The contacts are
        read only for a unit that was in contact at the start of the turn: every listing
        asks, after every order, and most turns have no such unit (a new board's contacts
        are a whole analysis)."""
        c = None
        for unit in s.units_of(s.active):
            if (unit.flags.get("contact_at_start") and not unit.flags.get("order")
                    and not self._routed(s, unit.id)):
                c = c or contacts(s, geo)
                if c.in_contact(s, unit.id):
                    return unit.id
        return None

    # --- turns ---------------------------------------------------------------------------------
    def begin_turn(self, s: GameState, geo: Geometry | None) -> list[Event]:
        """Start of a side's turn: note who is in contact (they get Fight orders), then units
        not in contact rally (remove panic markers)."""
        for unit in s.units.values():
            for flag in TURN_FLAGS:
                unit.flags.pop(flag, None)
        s.phase = "orders"
        if geo is None:
            return []
        c = contacts(s, geo)
        events: list[Event] = []
        for unit in s.units_of(s.active):
            if c.in_contact(s, unit.id):
                unit.flags["contact_at_start"] = 1
                continue
            if any(PANICKED in m.statuses for m in s.alive_models(unit.id)):
                freed = panic.remove_markers(s, unit.id, panic.rally_count(s, unit.id))
                events.append(Note(rule=panic.RULE_RALLY, text=nmsg(
                    "{unit} rallies {n} base: {bases}", "{unit} rallies {n} bases: {bases}",
                    len(freed), unit=unit.name, bases=join(m.name for m in freed))))
            if unit.flags.get(panic.ROUTED) and not panic.meets_rout(s, unit.id):
                unit.flags.pop(panic.ROUTED)
                events.append(StatusChanged(rule=panic.RULE_RALLY, unit=unit.id,
                                            unit_name=unit.name, status=panic.ROUTED_STATUS,
                                            gained=False))
        for line in self.charge_refusals(s, geo):
            events.append(Note(rule=charge.RULE_CHARGE, text=line))
        return events

    def _end_turn(self, s: GameState, geo: Geometry) -> list[Event]:
        s.active = (s.active + 1) % len(s.sides)
        if s.active == 0:
            ended = self.next_round(s, geo)
            if ended:
                return ended
        side = s.sides[s.active]
        events: list[Event] = [TurnStarted(rule=RULE_TURN_ORDER, round=s.round, side=s.active,
                                           side_name=side.name)]
        return events + self.begin_turn(s, geo)

    def round_limit_reason(self, rounds: int) -> str:
        """In this ruleset's catalog: its French texts call the battle round a "round"."""
        return msg("the round limit ({rounds}) was reached", rounds=rounds)

    def finish(self, s, geo, reason):
        return end_battle(s, geo, reason, control_value)


TOWARD_NEAREST = msg("toward the nearest enemy")


@lru_cache(maxsize=256)
def _named(template: str, unit: str) -> str:
    """An order's label naming its unit, made once per unit (a listing asks for it again
    after every order)."""
    return msg(template, unit=unit)


TO_OBJECTIVE = N_("to {objective}")


@lru_cache(maxsize=64)
def _to_objective(name: str) -> str:
    return msg(TO_OBJECTIVE, objective=name)


RULESET = RanksRuleset()

__all__ = ["RULESET", "RanksRuleset", "control_value", "formation"]
