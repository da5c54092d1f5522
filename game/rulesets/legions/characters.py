"""Characters (rules/legions.md, "Profiles" and "Challenge sub-phase"; the seed's Paragon type
and Champion sub-type): who may issue and accept challenges, which models are fighting one, and
a Paragon joining or leaving an Infantry unit.

The seed: a Paragon "may issue and accept challenges", a model of the Champion sub-type too,
and the challenge text names "Officer/Champion". The data's sub-types are Sergeant, Champion,
Command and Transport: the seed's Officer is the Command sub-type (the one sub-type that leads a
unit besides the Sergeant), so a Paragon, a Champion or a Command model is a character.

Joining (the seed: a Paragon "may join or leave an Infantry unit"): an action of the Movement
phase. The Paragon's models become models of the unit (its model list, so that whatever carries
or moves the unit carries them too); from then on it is one unit: it moves in coherency, it is
charged, fights and takes wounds as one, the defender allocating wounds inside it by the usual
rule (an already wounded model first: a wounded Paragon takes the next wound), the Paragon
counting its base W in resolution (resolution.model_value) and lending its characteristics to
the unit's checks (checks.unit_value). [added]: it joins a unit within 2" (coherency) of one of
its models, neither locked in combat nor Routed, one character per unit, and it joins or leaves
once per Movement phase, whenever in the phase (a unit that has moved, or Ran, keeps that: the
joined unit has moved if either had). The Paragon's own unit stays in the state, empty while it
is joined (so that victory points do not count it wiped: `victory_rows`).

This module imports nothing of the fight at its top, so that the fight, the wounds and the
checks can ask it who is in a duel without a circle of imports.
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.events import Event
from game.core.geometry import Geometry
from game.core.i18n import msg
from game.core.state import GameState, Model
from game.rulesets.legions.events import CharacterJoined
from game.rulesets.legions.profile import has_sub_type, is_paragon

RULE_CHARACTERS = msg("A Paragon, or a Champion or Officer (Command) model, may issue and accept "
                      "challenges (legions seed)")
RULE_JOIN = msg("A Paragon may join or leave an Infantry unit (legions seed, the Paragon type); "
                "[added] in the Movement phase, within 2\" of the unit, neither locked in combat "
                "nor Routed, one character per unit, once per phase")
#: The sub-types that make a model a character (the seed's "Officer/Champion").
CHARACTER_SUB_TYPES = ("Champion", "Command")
#: Unit flags: the unit a Paragon has joined, the character unit a unit carries, the Paragon
#: unit's own models, and "joined or left this turn".
JOINED_TO = "joined_to"
CHARACTER = "character"
OWN_MODELS = "own_models"
CHANGED = "character_changed"
JOIN_RANGE = 2.0


def is_character(model: Model) -> bool:
    return is_paragon(model) or any(has_sub_type(model, t) for t in CHARACTER_SUB_TYPES)


def glory_value(model: Model) -> int:
    """What slaying this model in a challenge scores: its base W, +1 for a Paragon or a
    Command model (rules/legions.md, Glory)."""
    return int(model.profile["W"]) + (1 if is_paragon(model) or has_sub_type(model, "Command")
                                      else 0)


def duel_book(s: GameState) -> dict:
    """This phase's challenges: the duels fought (their models, units and glory), the models
    fighting one, the Disgraced models. Kept in `s.pending`, which the End phase empties."""
    return s.pending.setdefault("duels", {"records": [], "duellists": [], "disgraced": []})


def in_duel(s: GameState, model_id: str) -> bool:
    """The model fights a challenge this phase: it is not part of the general fight."""
    return model_id in s.pending.get("duels", {}).get("duellists", ())


def eligible(s: GameState, units, side: int) -> list[Model]:
    """The side's characters among these units that may take part in a challenge now: standing,
    and not already in one this phase."""
    out = []
    for u in units:
        if s.units[u].side != side:
            continue
        out.extend(m for m in s.alive_models(u)
                   if m.wounds > 0 and is_character(m) and not in_duel(s, m.id))
    return sorted(out, key=lambda m: m.id)


# --- joining and leaving a unit ------------------------------------------------------------------

def _common_problem(s: GameState, unit_id: str) -> str | None:
    from game.rulesets.legions import statuses
    from game.rulesets.legions.combat import is_locked

    unit = s.units[unit_id]
    if is_locked(s, unit_id):
        return msg("{unit} is locked in combat ({rule})", unit=unit.name, rule=RULE_JOIN)
    if statuses.has_status(s, unit_id, statuses.ROUTED):
        return msg("{unit} has a Routed model ({rule})", unit=unit.name, rule=RULE_JOIN)
    if unit.flags.get(CHANGED):
        return msg("{unit} has already joined or left a unit this phase ({rule})", unit=unit.name,
                   rule=RULE_JOIN)
    return None


def join_problem(s: GameState, geo: Geometry, paragon_unit: str, unit_id: str) -> str | None:
    """Why this Paragon's unit may not join that unit now, or None."""
    if s.phase != "movement":
        return msg("A Paragon joins a unit in the Movement phase ({rule})", rule=RULE_JOIN)
    if paragon_unit not in s.units or unit_id not in s.units or paragon_unit == unit_id:
        return msg("Name a Paragon's unit and the Infantry unit it joins")
    mine, theirs = s.units[paragon_unit], s.units[unit_id]
    if mine.side != s.active or theirs.side != s.active:
        return msg("A Paragon joins a unit of its own side, in its own turn")
    models, others = s.alive_models(paragon_unit), s.alive_models(unit_id)
    if not models or not all(is_paragon(m) for m in models):
        return msg("Only a Paragon may join a unit ({rule})", rule=RULE_JOIN)
    if not others or not all(m.profile.get("type") == "Infantry" for m in others):
        return msg("{unit} is not an Infantry unit: a Paragon joins Infantry ({rule})",
                   unit=theirs.name, rule=RULE_JOIN)
    if theirs.flags.get(CHARACTER):
        return msg("{unit} already has a character with it ({rule})", unit=theirs.name,
                   rule=RULE_JOIN)
    for uid in (paragon_unit, unit_id):
        reason = _common_problem(s, uid)
        if reason:
            return reason
    for m in models:
        if not any(geo.distance(m, o) <= JOIN_RANGE for o in others):
            return (msg("{model} is not within {distance:g}\" of {unit}: it must stand in "
                        "coherency with the unit it joins ({rule})",
                        model=m.name, distance=JOIN_RANGE, unit=theirs.name, rule=RULE_JOIN))
    return None


def leave_problem(s: GameState, unit_id: str) -> str | None:
    if s.phase != "movement":
        return msg("A Paragon leaves a unit in the Movement phase ({rule})", rule=RULE_JOIN)
    if unit_id not in s.units or s.units[unit_id].side != s.active:
        return msg("Name one of your units with a Paragon joined to it")
    paragon = s.units[unit_id].flags.get(CHARACTER)
    if not paragon or not any(s.models[i].alive for i in s.units[paragon].flags[OWN_MODELS]):
        return msg("{unit} has no Paragon joined to it ({rule})", unit=s.units[unit_id].name,
                   rule=RULE_JOIN)
    return _common_problem(s, unit_id)


def join(s: GameState, paragon_unit: str, unit_id: str) -> list[Event]:
    """The Paragon's models become the unit's; the Paragon's own unit waits, empty."""
    mine, theirs = s.units[paragon_unit], s.units[unit_id]
    own = tuple(mine.models)
    for mid in own:
        s.models[mid].unit = unit_id
    theirs.models = tuple(theirs.models) + own
    mine.models = ()
    mine.flags.update({JOINED_TO: unit_id, OWN_MODELS: own, CHANGED: True})
    theirs.flags[CHARACTER] = paragon_unit
    theirs.flags[CHANGED] = True
    for flag in ("moved", "ran"):
        if mine.flags.get(flag):
            theirs.flags[flag] = True
    return [CharacterJoined(rule=RULE_JOIN, character=mine.name, unit_name=theirs.name,
                            joined=True)]


def leave(s: GameState, unit_id: str) -> list[Event]:
    """The Paragon (alive) is a unit of its own again, where it stands, with what the unit has
    done this turn (moved, Ran)."""
    theirs = s.units[unit_id]
    paragon_unit = theirs.flags.pop(CHARACTER)
    mine = s.units[paragon_unit]
    own = tuple(mine.flags.pop(OWN_MODELS))
    mine.flags.pop(JOINED_TO, None)
    theirs.models = tuple(m for m in theirs.models if m not in own)
    mine.models = own
    for mid in own:
        s.models[mid].unit = paragon_unit
    mine.flags[CHANGED] = theirs.flags[CHANGED] = True
    for flag in ("moved", "ran"):
        if theirs.flags.get(flag):
            mine.flags[flag] = True
    return [CharacterJoined(rule=RULE_JOIN, character=mine.name, unit_name=theirs.name,
                            joined=False)]


def actions(s: GameState, geo: Geometry) -> list[Action]:
    """The joins and leaves the active player may make now (Movement phase)."""
    out = []
    units = s.units_of(s.active)
    for p in units:
        if not all(is_paragon(m) for m in s.alive_models(p.id)):
            continue
        for u in units:
            if u.id != p.id and join_problem(s, geo, p.id, u.id) is None:
                out.append(Action("join_unit", p.id, targets=(u.id,),
                                  label=msg("{model} joins {unit} (one unit from now on; it "
                                            "lends its Ld {ld} to the unit's checks)",
                                            model=p.name, unit=u.name,
                                            ld=int(s.alive_models(p.id)[0].profile['Ld']))))
    for u in units:
        if u.flags.get(CHARACTER) and leave_problem(s, u.id) is None:
            out.append(Action("leave_unit", u.id, targets=(u.flags[CHARACTER],),
                              label=msg("{character} leaves {unit} (a unit of its own again)",
                                        character=s.units[u.flags[CHARACTER]].name, unit=u.name)))
    return out


def problem(s: GameState, geo: Geometry, a: Action) -> str | None:
    if a.kind == "join_unit":
        if len(a.targets) != 1:
            return msg("Name the one unit the Paragon joins ({rule})", rule=RULE_JOIN)
        return join_problem(s, geo, a.unit or "", a.targets[0])
    reason = leave_problem(s, a.unit or "")
    if reason is None and tuple(a.targets) != (s.units[a.unit].flags[CHARACTER],):
        return msg("Name the Paragon that leaves {unit} ({rule})", unit=s.units[a.unit].name,
                   rule=RULE_JOIN)
    return reason


def apply_action(s: GameState, a: Action) -> list[Event]:
    if a.kind == "join_unit":
        return join(s, a.unit, a.targets[0])
    return leave(s, a.unit)


def join_value(s: GameState, a: Action) -> float:
    """The greedy AI's view: a joined Paragon lends its Ld and Cl to the unit's checks (panic,
    statuses); worth a little per point gained. Leaving gains nothing by itself."""
    if a.kind != "join_unit":
        return -0.05
    from game.rulesets.legions.checks import unit_value

    paragon = s.alive_models(a.unit)[0]
    gain = sum(max(0, int(paragon.profile[k]) - unit_value(s, a.targets[0], k))
               for k in ("Ld", "Cl"))
    return 0.05 * gain


def victory_rows(s: GameState, holders) -> list[dict]:
    """The common victory points, except that a Paragon's unit joined to another is not wiped
    while the Paragon lives (its models are counted with the unit it joined)."""
    from game.rulesets.base import POINTS_PER_UNIT_WIPED, victory_breakdown

    rows = victory_breakdown(s, holders)
    for unit in s.units.values():
        own = unit.flags.get(OWN_MODELS)
        if own and any(s.models[i].alive for i in own):
            for row in rows:
                if row["side"] != unit.side:
                    row["units_wiped"] -= 1
                    row["points"] -= POINTS_PER_UNIT_WIPED
    return rows


def challenge_points(s: GameState, combat: tuple[str, ...]) -> dict[int, int]:
    """Resolution points each side scored from a challenge fought in this combat this phase."""
    out: dict[int, int] = {}
    for record in s.pending.get("duels", {}).get("records", ()):
        if not set(record["units"]) & set(combat):
            continue
        for side, pts in record["glory"].items():
            out[int(side)] = out.get(int(side), 0) + int(pts)
    return out
