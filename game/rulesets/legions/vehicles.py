"""Vehicle targets (rules/legions.md, "Vehicle target" [part 2]; seed 004, the wound step).

Why a module of its own: a vehicle takes no wound roll. Each hit on it is an armour
penetration test instead, D6 + the weapon's S against the armour value of the facing hit: lower,
nothing; equal, a glancing hit (a vehicle damage roll gives the vehicle a status); higher, a
penetrating hit, which takes a saving throw like a wound ("une sauvegarde peut être tentée pour
chaque blessure ou touche pénétrante") and, unsaved, costs D hull points. At 0 hull points the
vehicle is wrecked (removed like any casualty). The fight and the volleys both call `penetrate`.

Which facing: in the fight always the rear AV (the spec); a shot hits the facing whose arc of
the vehicle's hull the firing model stands in (the table's arcs, `target_arc`: front, rear,
left or right, the flanks being the side AV).

What a vehicle does in the assault ([added], the seed says nothing): it cannot declare a charge,
it can be charged and locked in combat, it makes no melee attacks (it only shoots, in volleys),
and it takes the aftermath's options like any unit (a Routed vehicle falls back). In combat
resolution it counts as its base hull points, as a Paragon counts its base W
(resolution.model_value).
"""

from __future__ import annotations

from fractions import Fraction

from game.core.dice import Dice
from game.core.events import DiceRolled, Event, Note
from game.core.geometry import Geometry
from game.core.i18n import join, msg
from game.core.state import GameState, Model
from game.core.text import count as count_of
from game.rulesets.legions import statuses
from game.rulesets.legions.profile import is_vehicle
from game.rulesets.legions.wounds import new_pool

RULE_PENETRATION = msg("Vehicle target: no wound roll; armour penetration D6 + S against the AV of "
                       "the facing hit: lower nothing, equal glancing, higher penetrating (legions "
                       "seed)")
RULE_MELEE_REAR = msg("Vehicle target in the fight: penetration against the rear AV (legions)")
RULE_FACING = msg("[added] A shot hits the facing of the vehicle whose arc the firing model stands "
                  "in (front, rear; the flanks: side)")
RULE_GLANCING = msg("Glancing hit: vehicle damage D6: 1-2 Stunned, 3-4 Pinned, 5-6 Suppressed "
                    "(legions)")
RULE_VOLLEY_NO_STATUS = msg("A volley never inflicts a status: its glancing hits do nothing "
                            "(legions)")
RULE_PENETRATING = msg("Penetrating hit: a saving throw for each (its Inv, or cover), then it "
                       "loses hull points equal to D (legions seed)")
RULE_NO_CHARGE = msg("[added] A Vehicle cannot declare a charge (it can be charged)")
RULE_NO_MELEE = msg("[added] A Vehicle makes no melee attacks: it fights with its guns only in "
                    "volleys")

FRONT, SIDE, REAR = "front", "side", "rear"
#: The facings as the log names them.
FACING_NAMES = {FRONT: msg("front"), SIDE: msg("side"), REAR: msg("rear")}
#: The table's arcs (target_arc) to the facings of a vehicle's armour.
ARC_FACING = {"front": FRONT, "rear": REAR, "left": SIDE, "right": SIDE}
#: Vehicle damage D6 for a glancing hit: 1-2, 3-4, 5-6.
GLANCE_STATUSES = (statuses.STUNNED, statuses.STUNNED, statuses.PINNED, statuses.PINNED,
                   statuses.SUPPRESSED, statuses.SUPPRESSED)

NOTHING, GLANCING, PENETRATING = "nothing", "glancing", "penetrating"


def unit_is_vehicle(s: GameState, unit_id: str) -> bool:
    models = s.alive_models(unit_id) or [s.models[i] for i in s.units[unit_id].models]
    return any(is_vehicle(m) for m in models)


def armour(model: Model, facing: str) -> int:
    return int(model.profile[f"AV_{facing}"])


def facing_hit(geo: Geometry, shooter: Model, vehicle: Model) -> str:
    """The facing a shot from `shooter` hits (RULE_FACING): the arc of the hull it stands in.
    A table that cannot tell arcs (no `target_arc`) gives the front ([added] fallback)."""
    arc_of = getattr(geo, "target_arc", None)
    if arc_of is None:
        return FRONT
    return ARC_FACING[arc_of([vehicle], shooter.pos)]


def result(roll: int, strength: int, av: int) -> str:
    total = roll + strength
    if total < av:
        return NOTHING
    return GLANCING if total == av else PENETRATING


def needs_text(strength: int, av: int) -> str:
    """What the D6 needs, for the log: "2 to glance, 3+ to penetrate"."""
    glance = av - strength
    if glance > 6:
        return msg("more than 6: no roll can glance")
    if glance < 1:
        return msg("any roll to penetrate")
    if glance == 6:
        return msg("6 to glance")
    return msg("{glance} to glance, {penetrate}+ to penetrate", glance=glance,
               penetrate=glance + 1)


def penetration_odds(strength: int, av: int) -> dict[str, Fraction]:
    """Exact chances of each result of one penetration test (one D6)."""
    out = {NOTHING: Fraction(0), GLANCING: Fraction(0), PENETRATING: Fraction(0)}
    for roll in range(1, 7):
        out[result(roll, strength, av)] += Fraction(1, 6)
    return out


def charge_refusal(s: GameState, unit_id: str) -> str | None:
    if unit_is_vehicle(s, unit_id):
        return msg("Cannot charge: {unit} is a Vehicle ({rule})", unit=s.units[unit_id].name,
                   rule=RULE_NO_CHARGE)
    return None


def penetrate(s: GameState, dice: Dice, attacker: str, target_id: str, hits: int,
              strength: int, profile, label: str, facing: str, *, volley: bool,
              simultaneous: bool, strikers: list[Model], attacks: int,
              cover: bool = False) -> tuple[list[Event], dict | None]:
    """The penetration tests of `hits` hits on one facing of the vehicle `target_id`: the
    glancing hits' vehicle damage rolls (none from a volley), and the penetrating hits as a
    pool of wounds to save and take (wounds.py: each unsaved one takes D hull points)."""
    vehicle = next(m for m in s.alive_models(target_id) if m.wounds > 0)
    unit, target = s.units[attacker], s.units[target_id]
    av = armour(vehicle, facing)
    rule = RULE_PENETRATION if volley else RULE_MELEE_REAR
    roll = dice.roll(hits, msg("{unit} {weapon} armour penetration", unit=unit.name, weapon=label),
                     RULE_PENETRATION)
    results = [result(v, strength, av) for v in roll.values]
    glancing, piercing = results.count(GLANCING), results.count(PENETRATING)
    events: list[Event] = [DiceRolled(
        rule=rule, who=unit.name, label=msg("armour penetration (D6 + S{strength} vs {facing} "
                                            "AV {av} of {unit})",
                                            strength=strength, av=av,
                                            facing=FACING_NAMES.get(facing, facing),
                                            unit=target.name),
        values=roll.values, needed=needs_text(strength, av),
        outcome=msg("{piercing} penetrating, {glancing} glancing", piercing=piercing,
                    glancing=glancing))]
    if glancing:
        events.extend(_glancing(s, dice, target_id, glancing, volley))
    if not piercing:
        return events, None
    pool = new_pool(s, attacker, target_id, piercing, profile.ap, profile.damage,
                    msg("{weapon} (penetrating)", weapon=label), RULE_PENETRATING, attacks, hits,
                    simultaneous=simultaneous, strikers=strikers, cover=cover)
    return events, pool


def _glancing(s: GameState, dice: Dice, target_id: str, count: int, volley: bool
              ) -> list[Event]:
    name = s.units[target_id].name
    if volley:
        return [Note(rule=RULE_VOLLEY_NO_STATUS,
                     text=msg("{hits} on {unit}: a volley inflicts no status",
                              hits=count_of(count, "glancing hit"), unit=name))]
    roll = dice.roll(count, msg("vehicle damage for {unit}", unit=name), RULE_GLANCING)
    gained = [GLANCE_STATUSES[v - 1] for v in roll.values]
    events: list[Event] = [DiceRolled(rule=RULE_GLANCING, who=name,
                                      label=msg("vehicle damage for {hits}",
                                                hits=count_of(count, "glancing hit")),
                                      values=roll.values,
                                      outcome=join(statuses.title(g) for g in gained))]
    for status in dict.fromkeys(gained):
        if not statuses.has_status(s, target_id, status):
            events.extend(statuses.gain(s, target_id, status, RULE_GLANCING))
    return events


def expected_hull_share(strength: int, av: int, damage: int, unsaved: Fraction,
                        vehicle: Model) -> float:
    """The share of the vehicle one hit is expected to take away (the AI's view): the chance of
    a penetrating hit, unsaved, times D over its hull points."""
    pen = penetration_odds(strength, av)[PENETRATING]
    return float(pen * unsaved) * min(1.0, damage / vehicle.max_wounds)
