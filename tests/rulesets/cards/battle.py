"""`cards` set-ups on the shared test Battle: a 48"x48" open table, figures stood exactly
where a test says (25 mm round bases), and helpers to reach a melee through the real flow."""

from game.core.actions import Action
from game.rulesets.cards import RULESET
from game.rulesets.cards.setup import build_state
from tests import battle

#: A 25 mm base in inches, and the centre spacing of two bases in base contact.
D = 25 / 25.4
TOUCH = D + 0.005
#: Centre spacing of a unit's figures in a file (0.2" apart: well within coherency).
STEP = 1.2

FIGHT = Action("fight")
ROUND = Action("melee_round", option="auto")
DRAW = Action("draw", option="auto")


def Battle(armies, terrain=()):  # noqa: N802 - reads like the class it builds
    b = battle.Battle(RULESET, build_state, armies, terrain, size=(48.0, 48.0))
    return b


def two_units(first="militia", second="militia", names=("Column", "War Party")):
    """One unit a side: s0u0 (side 0) and s1u0 (side 1)."""
    return Battle([(names[0], "garrison_column", [first]),
                   (names[1], "frontier_war_party", [second])])


def trim(b, unit_id, count):
    """Keep only the unit's first `count` figures (a smaller unit for a test, not casualties)."""
    unit = b.state.units[unit_id]
    for mid in unit.models[count:]:
        del b.state.models[mid]
    unit.models = unit.models[:count]
    unit.flags["starting_models"] = count


def stand(b, unit_id, points):
    """Put the unit's figures at these centres, in figure order (extra figures are trimmed)."""
    if len(points) < len(b.state.units[unit_id].models):
        trim(b, unit_id, len(points))
    for mid, (x, y) in zip(b.state.units[unit_id].models, points, strict=True):
        model = b.state.models[mid]
        model.x, model.y = x, y


def column(x, y0, count, step=STEP):
    return [(x, y0 + i * step) for i in range(count)]


def start_melee(b, acting=0):
    """The acting side's unit of the card activates (it stays: the figures already touch), so
    the melee steps follow the card, as in play."""
    s = b.state
    s.active = acting
    s.phase = "activate"
    unit = next(u.id for u in s.units.values() if u.side == acting)
    s.pending["activation"] = {"card": f"unit:{acting}:{s.units[unit].kind}", "units": [unit]}
    return b.apply(Action("stay", unit))


def stack_deck(b, *cards):
    """The next cards drawn, in order (the round's shuffle already done)."""
    b.state.pending["deck"] = list(cards)
    b.state.pending["shuffle"] = False


def alive(b, unit_id):
    return [m.id for m in b.state.alive_models(unit_id)]
