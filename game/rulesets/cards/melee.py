"""The melee, exactly as the seed gives its steps (rules/cards.md, "Melee steps").

1. Choosing melee: the player who carried out the card's actions fights or declines (then the
   contacting figures step back 1" apart: [added], not in the seed, which only gives the
   choice; the spec marks it so).
2. Attacks: one die per figure in base contact with an enemy figure (Fierce: 2 for figures
   within 1" of the officer), rolled separately per attacking unit, target unit and dice per
   figure; >= the unit's Aggression hits.
3. Defence: a die per hit, >= the target's Defence blocks (Inspiring re-rolls one failed die).
4. Casualties: each unblocked hit removes a figure of the target chosen by its owner among its
   figures in base contact; hits beyond those figures are ignored.
   Steps 2-4 are played for every figure before the next step: a figure removed in step 4
   still struck in step 2.
5. Reaction: the side that lost more figures tests for its units in the melee; equal losses,
   no test.
6. End of combat: one side has lost all its figures: the survivors may move up to 2", not
   within 1" of an enemy. A side that recoiled or fled out of contact has left the melee
   [added]: the combat ends there, without that free move. Otherwise both sides move back into
   base contact, the round's winner first, and the melee repeats from step 2.

The order dice are rolled in (what a scripted test gives): attack groups by attacking unit id,
then target unit id, then dice per figure; then defence dice by target unit id (an Inspiring
re-roll straight after its unit's defence dice); then reaction tests by unit id, each followed
by its contact deaths.

State: `s.pending["melee"]` holds the melee in progress (its units, round, stage, the talents
used, the figures that were in contact when the round was rolled, the casualties still to be
chosen), so a copied state carries the melee with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from game.core import probability as P
from game.core.actions import Action
from game.core.dice import Dice
from game.core.events import DiceRolled, Event, Note
from game.core.geometry import Geometry
from game.core.i18n import and_list, msg, nmsg
from game.core.state import GameState
from game.core.text import count as count_of
from game.rulesets.base import move_unit
from game.rulesets.cards import odds as O
from game.rulesets.cards.contact import (
    contact_pairs,
    enemy_contacts,
    melee_groups,
)
from game.rulesets.cards.figures import remove_figure
from game.rulesets.cards.profile import FIERCE, INSPIRING, OFFICER, has_talent, officer_of
from game.rulesets.cards.retreat import step_apart

RULE_CHOOSE = msg("Step 1, choosing melee: the acting player chooses whether to fight "
                  "(cards seed)")
RULE_DECLINE = msg("No melee: the contacting figures step back 1\" apart [added: the seed only "
                   "says the player chooses whether a melee is fought] (cards)")
RULE_ATTACKS = msg("Step 2, attacks: a die per figure in base contact, rolled separately where "
                   "modifiers differ; >= Aggression hits (cards seed)")
RULE_FIERCE = msg("Fierce: figures within 1\" of the officer roll 2 dice, once a melee (cards)")
RULE_TARGET = msg("Attacks go to the enemy unit the figure touches; touching two, the one with "
                  "the weaker Defence [added] (cards)")
RULE_DEFENCE = msg("Step 3, defence: a die per hit, >= Defence blocks the blow (cards seed)")
RULE_INSPIRING = msg("Inspiring: re-roll one failed defence die, once a melee (cards)")
RULE_CASUALTIES = msg("Step 4, casualties: the owner removes figures in base contact; hits "
                      "beyond them are ignored (cards seed)")
RULE_SIMULTANEOUS = msg("Both sides strike at the same time (cards seed)")
RULE_NO_CARD = msg("No new card is drawn while opposing figures remain in base contact "
                   "(cards seed)")

FIERCE_RANGE = 1.0


# --- who rolls what ------------------------------------------------------------------------------

@dataclass
class AttackGroup:
    """Dice rolled together: one attacking unit's figures on one target with the same dice."""

    unit: str
    target: str
    figures: tuple[str, ...]
    dice_each: int
    need: int

    @property
    def dice(self) -> int:
        return len(self.figures) * self.dice_each


@dataclass
class RoundPlan:
    """Everything one round's dice depend on, read from the table before anything is rolled."""

    units: list[str]
    groups: list[AttackGroup] = field(default_factory=list)
    contact: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Figures touching two enemy units, with the unit they strike.
    split: dict[str, str] = field(default_factory=dict)
    inspiring: dict[str, bool] = field(default_factory=dict)
    fierce: list[str] = field(default_factory=list)


def used_talents(s: GameState, unit_id: str) -> list[str]:
    melee = s.pending.get("melee") or {}
    return melee.get("used", {}).get(unit_id, [])


def _target_for(s: GameState, touched: list) -> str:
    """The enemy unit a figure strikes: the one it touches; touching two, the one with the
    weaker (higher) Defence, then the one it touches most, then by id [added]."""
    counts: dict[str, int] = {}
    for enemy in touched:
        counts[enemy.unit] = counts.get(enemy.unit, 0) + 1
    return max(counts, key=lambda u: (s.units[u].profile["Defence"], counts[u], u))


def round_plan(s: GameState, geo: Geometry, units: list[str]) -> RoundPlan:
    """Step 2's dice: for each unit, its figures in base contact, grouped where modifiers (the
    target, Fierce) differ. Also records each unit's figures in contact (step 4's pool)."""
    plan = RoundPlan(sorted(u for u in units if s.unit_alive(u)))
    figures = [m for u in plan.units for m in s.alive_models(u)]
    for unit_id in plan.units:
        side = s.units[unit_id].side
        enemies = [m for m in figures if m.side != side]
        touching = {}
        for model in s.alive_models(unit_id):
            touched = enemy_contacts(s, geo, model, enemies)
            if touched:
                touching[model.id] = touched
        plan.contact[unit_id] = tuple(touching)
        plan.inspiring[unit_id] = (has_talent(s, unit_id, INSPIRING)
                                   and INSPIRING not in used_talents(s, unit_id))
        fierce_near: set[str] = set()
        officer = officer_of(s, unit_id)
        if (officer is not None and has_talent(s, unit_id, FIERCE)
                and FIERCE not in used_talents(s, unit_id)):
            fierce_near = {mid for mid in touching
                           if geo.distance(officer, s.models[mid]) <= FIERCE_RANGE}
            if fierce_near:
                plan.fierce.append(unit_id)
        grouped: dict[tuple[str, int], list[str]] = {}
        for mid, touched in touching.items():
            target = _target_for(s, touched)
            if len({e.unit for e in touched}) > 1:
                plan.split[mid] = target
            key = (target, 2 if mid in fierce_near else 1)
            grouped.setdefault(key, []).append(mid)
        for (target, each), mids in sorted(grouped.items()):
            plan.groups.append(AttackGroup(unit_id, target, tuple(mids), each,
                                           int(s.units[unit_id].profile["Aggression"])))
    return plan


# --- exact odds of one round ---------------------------------------------------------------------

def plan_losses(s: GameState, plan: RoundPlan) -> dict[str, dict[int, Fraction]]:
    """Per unit: the exact distribution of figures it loses this round."""
    out = {}
    for unit_id in plan.units:
        attacks = [(g.dice, g.need) for g in plan.groups if g.target == unit_id]
        out[unit_id] = O.unit_losses(attacks, int(s.units[unit_id].profile["Defence"]),
                                     plan.inspiring.get(unit_id, False),
                                     len(plan.contact.get(unit_id, ())))
    return out


def current_melee_units(s: GameState, geo: Geometry) -> list[str]:
    """The melee in progress, else the first group of touching units on the table."""
    melee = s.pending.get("melee")
    if melee:
        return present_units(s, geo, melee)
    groups = melee_groups(s, geo)
    return groups[0] if groups else []


def round_odds(s: GameState, geo: Geometry, units: list[str] | None = None) -> dict:
    """Exact odds of one melee round (steps 2-4): per side the distribution of figures lost,
    the joint distribution, the chance each side takes the reaction test, and per unit."""
    if units is None:
        units = current_melee_units(s, geo)
    plan = round_plan(s, geo, units)
    per_unit = plan_losses(s, plan)
    sides = sorted({s.units[u].side for u in plan.units})
    marginal = {side: O.side_losses([d for u, d in per_unit.items()
                                     if s.units[u].side == side]) for side in sides}
    out: dict = {"units": plan.units, "sides": sides, "per_unit": per_unit,
                 "marginal": marginal, "expected": {k: P.mean(d) for k, d in marginal.items()}}
    if len(sides) == 2:
        a, b = sides
        table = O.joint(marginal[a], marginal[b])
        out["joint"] = table
        out["tests"] = {a: sum((p for (la, lb), p in table.items() if la > lb), Fraction(0)),
                        b: sum((p for (la, lb), p in table.items() if lb > la), Fraction(0))}
        out["equal"] = sum((p for (la, lb), p in table.items() if la == lb), Fraction(0))
    return out


# --- starting, declining -------------------------------------------------------------------------

def start(s: GameState, units: list[str]) -> list[Event]:
    s.phase = "melee"
    s.pending["melee"] = {"units": list(units), "round": 1, "stage": "choose", "used": {},
                          "left": [], "contact": {}, "choose": {}, "lost": {}, "free": [],
                          "winner": None}
    names = and_list(s.units[u].name for u in units)
    return [Note(rule=RULE_NO_CARD, text=msg("Melee: {units} (no card is drawn until no opposing "
                                             "figures touch)", units=names)),
            Note(rule=RULE_CHOOSE, text=msg("{side} chooses whether to fight",
                                            side=s.sides[s.active].name))]


def decline_moves(s: GameState, geo: Geometry) -> dict[str, dict] | None:
    """The step back 1" apart: the acting player's figures in contact step back (if they
    cannot, the other side's do). None when neither side has room."""
    melee = s.pending["melee"]
    units = [u for u in melee["units"] if s.unit_alive(u)]
    for side in (s.active, 1 - s.active):
        mine = [u for u in units if s.units[u].side == side]
        theirs = [u for u in units if s.units[u].side != side]
        trial = s.copy()
        moves: dict[str, dict] = {}
        for unit_id in mine:
            dest = step_apart(trial, geo, unit_id, theirs)
            if dest is None:
                moves = {}
                break
            if dest:
                moves[unit_id] = dest
                for mid, (x, y) in dest.items():
                    trial.models[mid].x, trial.models[mid].y = x, y
        if moves and not contact_pairs(trial, geo, units):
            return moves
    return None


def decline(s: GameState, geo: Geometry) -> list[Event]:
    events: list[Event] = [Note(rule=RULE_CHOOSE,
                                text=msg("{side} chooses not to fight",
                                         side=s.sides[s.active].name))]
    for unit_id, dest in (decline_moves(s, geo) or {}).items():
        events.append(move_unit(s, unit_id, dest, msg("steps back 1\""), RULE_DECLINE))
    s.pending["melee"] = None
    return events


# --- one round: steps 2, 3, 4 --------------------------------------------------------------------

def fight_round(s: GameState, geo: Geometry, dice: Dice) -> list[Event]:
    """Steps 2-4 for every figure of the melee, all at the same time."""
    melee = s.pending["melee"]
    plan = round_plan(s, geo, present_units(s, geo, melee))
    events: list[Event] = []
    used = melee["used"]
    for unit_id in plan.fierce:
        used.setdefault(unit_id, []).append(FIERCE)
        events.append(Note(rule=RULE_FIERCE, text=msg(
            "{unit:poss} officer is Fierce: figures within 1\" roll 2 dice",
            unit=s.units[unit_id].name)))
    for mid, target in plan.split.items():
        events.append(Note(rule=RULE_TARGET, text=msg(
            "{model} touches two units and strikes {target}", model=s.models[mid].name,
            target=s.units[target].name)))
    # Step 2: attacks
    hits: dict[str, int] = {}
    for g in plan.groups:
        unit, target = s.units[g.unit], s.units[g.target]
        roll = dice.roll(g.dice, f"{unit.name} attack {target.name}", RULE_ATTACKS)
        scored = sum(1 for v in roll.values if v >= g.need)
        hits[g.target] = hits.get(g.target, 0) + scored
        label = (nmsg("{n} figure (Fierce: 2 dice each) against {target}",
                      "{n} figures (Fierce: 2 dice each) against {target}", len(g.figures),
                      target=target.name) if g.dice_each == 2 else
                 nmsg("{n} figure against {target}", "{n} figures against {target}",
                      len(g.figures), target=target.name))
        events.append(DiceRolled(rule=RULE_ATTACKS, who=unit.name, label=label,
                                 values=roll.values, needed=f"{g.need}+",
                                 outcome=count_of(scored, "hit")))
    # Step 3: defence
    unblocked: dict[str, int] = {}
    for target_id in plan.units:
        count = hits.get(target_id, 0)
        if not count:
            continue
        target = s.units[target_id]
        need = int(target.profile["Defence"])
        roll = dice.roll(count, f"{target.name} defence", RULE_DEFENCE)
        values = list(roll.values)
        blocked = sum(1 for v in values if v >= need)
        events.append(DiceRolled(rule=RULE_DEFENCE, who=target.name, label=msg("defence"),
                                 values=roll.values, needed=f"{need}+",
                                 outcome=msg("{blocked} blocked", blocked=blocked)))
        if blocked < count and plan.inspiring.get(target_id):
            used.setdefault(target_id, []).append(INSPIRING)
            again = dice.d6(f"{target.name} Inspiring re-roll", RULE_INSPIRING)
            if again >= need:
                blocked += 1
            events.append(DiceRolled(rule=RULE_INSPIRING, who=target.name,
                                     label=msg("Inspiring re-roll of a failed defence die"),
                                     values=(again,), needed=f"{need}+",
                                     outcome=msg("blocked") if again >= need
                                     else msg("fails again")))
        unblocked[target_id] = count - blocked
    events.append(Note(rule=RULE_SIMULTANEOUS, text=msg("every die of the round is rolled "
                                                        "before any figure is removed")))
    # Step 4: casualties, among the figures in base contact when the round was rolled
    melee["contact"] = {u: list(f) for u, f in plan.contact.items()}
    melee["lost"] = {u: 0 for u in plan.units}
    melee["choose"] = {}
    for target_id, count in sorted(unblocked.items()):
        pool = plan.contact.get(target_id, ())
        taken = min(count, len(pool))
        if count > taken:
            events.append(Note(rule=RULE_CASUALTIES, text=nmsg(
                "{n} unblocked hit on {unit} is ignored (only {figures} in base contact)",
                "{n} unblocked hits on {unit} are ignored (only {figures} in base contact)",
                count - taken, unit=s.units[target_id].name,
                figures=nmsg("{n} figure", "{n} figures", len(pool)))))
        melee["lost"][target_id] = taken
        if taken == len(pool):
            for mid in pool:
                events.append(remove_figure(s, mid, RULE_CASUALTIES))
        elif taken:
            melee["choose"][target_id] = taken
    melee["stage"] = "casualties" if melee["choose"] else "reaction"
    return events


def casualty_chooser(s: GameState) -> str | None:
    """The unit whose owner chooses casualties now: the acting side's units first."""
    melee = s.pending["melee"]
    waiting = [u for u, n in melee["choose"].items() if n > 0]
    if not waiting:
        return None
    return min(waiting, key=lambda u: (s.units[u].side != s.active, u))


def casualty_candidates(s: GameState, unit_id: str) -> list[str]:
    melee = s.pending["melee"]
    return [mid for mid in melee["contact"].get(unit_id, []) if s.models[mid].alive]


def casualty_actions(s: GameState) -> list[Action]:
    unit_id = casualty_chooser(s)
    left = s.pending["melee"]["choose"][unit_id]
    out = []
    for mid in casualty_candidates(s, unit_id):
        model = s.models[mid]
        label = (msg("Remove {model} (officer) ({left} to remove)", model=model.name, left=left)
                 if OFFICER in model.statuses else
                 msg("Remove {model} ({left} to remove)", model=model.name, left=left))
        out.append(Action("remove", unit_id, targets=(mid,), label=label))
    return out


def casualty_problem(s: GameState, a: Action) -> str | None:
    unit_id = casualty_chooser(s)
    name = s.units[unit_id].name
    if a.kind != "remove" or a.unit != unit_id:
        return msg("{unit} must first remove its casualties (step 4)", unit=name)
    if len(a.targets) != 1:
        return msg("Remove one figure at a time")
    if a.targets[0] not in casualty_candidates(s, unit_id):
        return msg("That figure cannot be removed: casualties are chosen among {unit:poss} "
                   "figures in base contact (step 4)", unit=name)
    return None


def remove_casualty(s: GameState, a: Action) -> list[Event]:
    """One chosen casualty; when the last is chosen, step 4 is over (step 5 is next)."""
    melee = s.pending["melee"]
    events = [remove_figure(s, a.targets[0], RULE_CASUALTIES)]
    melee["choose"][a.unit] -= 1
    if melee["choose"][a.unit] == 0:
        del melee["choose"][a.unit]
    if not melee["choose"]:
        melee["stage"] = "reaction"
    return events


# --- who is still in the melee ------------------------------------------------------------------

def side_losses(s: GameState, melee: dict) -> dict[int, int]:
    out: dict[int, int] = {}
    for unit_id in melee["units"]:
        side = s.units[unit_id].side
        out[side] = out.get(side, 0) + melee["lost"].get(unit_id, 0)
    return out


def present_units(s: GameState, geo: Geometry, melee: dict) -> list[str]:
    """Units still in the melee: alive, and not gone by recoil or flight (unless a figure is
    still touching an enemy of the melee)."""
    alive = [u for u in melee["units"] if s.unit_alive(u)]
    touching = {m.unit for pair in contact_pairs(s, geo, alive) for m in pair}
    return [u for u in alive if u not in melee["left"] or u in touching]


def finish(s: GameState) -> None:
    """The melee is over (no free move left to make)."""
    s.pending["melee"] = None
