"""Steps 5 and 6 of the melee (rules/cards.md, "Melee steps"): the reaction test of the side
that lost more, then the end of combat: the survivors' free move when one side is gone, or both
sides back into base contact, the round's winner first, and another round.

A unit that recoils or flees has left the melee (the reaction test's whole point); a unit whose
figures in contact all died but which still has figures is still in it, and moves back in. The
free move is the seed's reward for wiping out the other side only: when the other side has left
instead, the melee ends without it.
"""

from __future__ import annotations

from game.core.actions import Action, make_placement
from game.core.dice import Dice
from game.core.events import Event, Note
from game.core.geometry import Geometry
from game.core.i18n import join, msg
from game.core.state import GameState
from game.rulesets.base import (
    coherency_problem,
    move_unit,
    placement_reason,
    representative_destinations,
    unit_centroid,
)
from game.rulesets.cards import reaction, solver
from game.rulesets.cards.activation import SPLIT, follow
from game.rulesets.cards.contact import CONTACT_STOP, contact_pairs
from game.rulesets.cards.events import MeleeRoundFought
from game.rulesets.cards.figures import as_stored, linked
from game.rulesets.cards.melee import finish, present_units, side_losses, used_talents
from game.rulesets.cards.profile import STEADY
from game.rulesets.cards.retreat import KEEP_CLEAR

RULE_REACTION_STEP = msg("Step 5, reaction: the side that lost more figures tests; equal "
                         "losses, no test (cards seed)")
RULE_END = msg("Step 6, end of combat (cards seed)")
RULE_FREE_MOVE = msg("End of combat: the survivors may move up to 2\", not within 1\" of an "
                     "enemy (cards seed)")
RULE_NO_FREE_MOVE = msg("the winners' free 2\" move comes only when the other side has lost "
                        "all its figures; a unit that recoiled or fled has left the melee "
                        "[added] (cards seed, step 6)")
RULE_CLOSE_IN = msg("End of combat: both sides move back into base contact, the round's winner "
                    "first; then step 2 again (cards seed)")

FREE_MOVE = 2.0
FREE_MOVE_CLEARANCE = 1.0


# --- step 5 --------------------------------------------------------------------------------------

def after_casualties(s: GameState, geo: Geometry, dice: Dice) -> list[Event]:
    """Step 5 (reaction), then step 6 (end of combat or back into contact)."""
    melee = s.pending["melee"]
    melee["stage"] = "reaction"
    losses = side_losses(s, melee)
    sides = sorted(losses)
    tester = None
    if len(sides) == 2 and losses[sides[0]] != losses[sides[1]]:
        tester = max(sides, key=lambda k: losses[k])
    melee["winner"] = None if tester is None else 1 - tester
    events: list[Event] = [MeleeRoundFought(
        rule=RULE_REACTION_STEP, round=melee["round"],
        side_names=tuple(s.sides[k].name for k in sides),
        losses=tuple(losses[k] for k in sides),
        tester=s.sides[tester].name if tester is not None else "")]
    if tester is not None:
        events.extend(reaction_step(s, geo, dice, tester))
    return events + end_of_combat(s, geo)


def reaction_step(s: GameState, geo: Geometry, dice: Dice, side: int) -> list[Event]:
    """Every unit of the losing side still in the melee tests."""
    melee = s.pending["melee"]
    events: list[Event] = []
    for unit_id in present_units(s, geo, melee):
        if s.units[unit_id].side != side or not s.unit_alive(unit_id):
            continue
        steady = STEADY not in used_talents(s, unit_id)
        result, tested, used_steady = reaction.take_test(
            s, geo, dice, unit_id, melee["lost"].get(unit_id, 0), steady)
        events.extend(tested)
        if used_steady:
            melee["used"].setdefault(unit_id, []).append(STEADY)
        enemies = [u for u in melee["units"] if s.units[u].side != side and s.unit_alive(u)]
        events.extend(reaction.apply_result(s, geo, dice, unit_id, result, enemies, True))
        if result in (reaction.RECOIL, reaction.FLIGHT):
            melee["left"].append(unit_id)
    return events


# --- step 6 --------------------------------------------------------------------------------------

def end_of_combat(s: GameState, geo: Geometry) -> list[Event]:
    """Step 6. One side has no unit left in the melee: the combat ends. Only when that side has
    lost all its figures in the melee (destroyed, or routed off the table) may the other side's
    units in it make the free move (the seed); a side that recoiled or fled has left with
    figures still on the table, and the melee simply ends. Otherwise both sides move back into
    contact, the round's winner first (equal losses: the player who played the card [added]),
    and the melee goes on; if no figure can reach contact any more, it ends there."""
    melee = s.pending["melee"]
    present = present_units(s, geo, melee)
    sides = {s.units[u].side for u in present}
    if len(sides) < 2:
        if not present or not all_figures_lost(s, melee, sides):
            finish(s)
            return [Note(rule=RULE_END, text=_ended_without_free_move(s, melee, present))]
        melee["stage"] = "free_move"
        melee["free"] = sorted(present)
        names = join(s.units[u].name for u in present)
        return [Note(rule=RULE_END, text=msg("the combat ends: {units} may move up to 2\"",
                                             units=names))]
    first = melee["winner"] if melee["winner"] is not None else s.active
    events: list[Event] = []
    for side in (first, 1 - first):
        for unit_id in sorted(u for u in present if s.units[u].side == side):
            events.extend(close_in(s, geo, unit_id, present))
    if not contact_pairs(s, geo, present):
        events.append(Note(rule=RULE_END, text=msg("no figure could move back into base "
                                                   "contact: the combat ends")))
        finish(s)
        return events
    melee["round"] += 1
    melee["stage"] = "round"
    return events


def all_figures_lost(s: GameState, melee: dict, staying: set[int]) -> bool:
    """Has every side other than `staying` lost all its figures of the melee's units?"""
    return not any(s.unit_alive(u) for u in melee["units"] if s.units[u].side not in staying)


def _ended_without_free_move(s: GameState, melee: dict, present: list[str]) -> str:
    if not present:
        return msg("the combat ends: no figure is left in it")
    gone = join(s.units[u].name for u in melee["units"]
                if s.unit_alive(u) and u not in present)
    return msg("the combat ends: {units} left the melee with figures still standing, so there "
               "is no free move ({rule})", units=gone, rule=RULE_NO_FREE_MOVE)


def close_in(s: GameState, geo: Geometry, unit_id: str, present: list[str]) -> list[Event]:
    """The unit's figures move back into base contact, as close as possible to the enemy figures
    it fights (up to a full move, [added]), never touching an enemy outside the melee. The
    figures that may reach contact (solver.may_reach) go for it by the table's approach; those
    that cannot close in straight toward the enemy behind them (not a search for contacts no
    path can make: issue 11, seed 5002)."""
    side = s.units[unit_id].side
    local = solver.local(geo)
    move = float(s.units[unit_id].profile["M"])
    goals = [u for u in present if s.units[u].side != side]
    avoid = [u.id for u in s.enemy_units(side) if u.id not in present]
    enemies = [m for u in goals for m in s.alive_models(u)]
    reaching = [m.id for m in s.alive_models(unit_id)
                if solver.may_reach(s, geo, m, enemies, move)]
    dest = {}
    if reaching:
        dest = solver.approach_each(s, geo, unit_id, reaching, goals, move, CONTACT_STOP,
                                    avoid=avoid, avoid_range=KEEP_CLEAR)
    point = (sum(m.x for m in enemies) / len(enemies), sum(m.y for m in enemies) / len(enemies))
    dest.update(follow(s, local, unit_id, dest, reaching, point, move))
    moved = {k: v for k, v in dest.items() if v != (s.models[k].x, s.models[k].y)}
    if not moved:
        return []
    return [move_unit(s, unit_id, moved, msg("moves back into contact"), RULE_CLOSE_IN)]


# --- the survivors' free move --------------------------------------------------------------------

def free_move_problem(s: GameState, geo: Geometry, unit_id: str, dest: dict) -> str | None:
    """Up to 2" (free, not counting as movement), no moved figure ending within 1" of an
    enemy, and the common rules (paths, bases, table, coherency)."""
    problem = placement_reason(s, geo, unit_id, dest, FREE_MOVE, how="move")
    if problem:
        return problem
    side = s.units[unit_id].side
    enemies = [m for m in s.models.values() if m.alive and m.side != side]
    for mid, (x, y) in dest.items():
        model = s.models[mid]
        if (model.x, model.y) == (x, y):
            continue
        probe = model.copy()
        probe.x, probe.y = x, y
        if any(geo.distance(probe, e) <= FREE_MOVE_CLEARANCE for e in enemies):
            return msg("{model} would end within 1\" of an enemy (the survivors' free move "
                       "may not come within 1\" of an enemy)", model=model.name)
    return None


def offered_free_move_problem(s: GameState, geo: Geometry, unit_id: str, dest: dict
                              ) -> str | None:
    """An offered free move comes from `move_toward` with 1" kept from the enemy and 2" of
    allowance, so its paths are legal already: check the end (bases, coherency, one body)."""
    dest = as_stored(s, dest)
    problem = geo.placement_problem(s, dest) or coherency_problem(s, geo, unit_id, dest)
    if problem:
        return problem
    return None if linked(s, geo, unit_id, dest) else SPLIT


def free_move_actions(s: GameState, geo: Geometry) -> list[Action]:
    geo = solver.local(geo)
    out: list[Action] = []
    for unit_id in s.pending["melee"]["free"]:
        name = s.units[unit_id].name
        goals = free_move_goals(s, geo, unit_id)
        found = representative_destinations(
            s, geo, unit_id, FREE_MOVE, goals, FREE_MOVE_CLEARANCE,
            lambda d, u=unit_id: offered_free_move_problem(s, geo, u, d))
        for goal, dest in found.items():
            offer = Action("free_move", unit_id, placement=make_placement(as_stored(s, dest)),
                           label=msg("{unit}: free move {goal}", unit=name, goal=goal))
            if offer.placement and free_move_problem_for(s, geo, offer) is None:  # as apply
                out.append(offer)
        out.append(Action("free_move", unit_id,
                          label=msg("{unit}: stay where it is", unit=name)))
    return out


def free_move_goals(s: GameState, geo: Geometry, unit_id: str) -> dict:
    side = s.units[unit_id].side
    cx, cy = unit_centroid(s, unit_id)
    goals = {}
    objectives = sorted(s.scenario.objectives, key=lambda o: (o.x - cx) ** 2 + (o.y - cy) ** 2)
    if objectives:
        goals[msg("to {objective}", objective=objectives[0].name)] = (objectives[0].x,
                                                                      objectives[0].y)
    enemies = s.enemy_units(side)
    if enemies:
        nearest = min(enemies, key=lambda e: geo.unit_distance(s, unit_id, e.id))
        goals[msg("toward {unit}", unit=nearest.name)] = unit_centroid(s, nearest.id)
    return goals


def free_move_problem_for(s: GameState, geo: Geometry, a: Action) -> str | None:
    melee = s.pending["melee"]
    if a.kind != "free_move" or a.unit not in melee["free"]:
        names = join(s.units[u].name for u in melee["free"])
        return msg("The combat is over: the survivors ({units}) may make their free 2\" move",
                   units=names)
    if not a.placement:
        return None
    return free_move_problem(s, geo, a.unit, a.destinations())


def free_move(s: GameState, geo: Geometry, a: Action) -> list[Event]:
    melee = s.pending["melee"]
    melee["free"].remove(a.unit)
    events: list[Event]
    if a.placement:
        events = [move_unit(s, a.unit, a.destinations(), msg("makes its free move"),
                               RULE_FREE_MOVE)]
    else:
        events = [Note(rule=RULE_FREE_MOVE, text=msg("{unit} stays", unit=s.units[a.unit].name))]
    if not melee["free"]:
        finish(s)
    return events

