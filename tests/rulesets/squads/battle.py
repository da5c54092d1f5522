"""squads set-ups on the shared test Battle."""

from game.rulesets.squads import RULESET
from game.rulesets.squads.setup import build_state
from tests import battle

MOB_RADIUS = 32 / 25.4 / 2


def Battle(armies, terrain=(), phase="charge"):  # noqa: N802 - reads like the class it builds
    return battle.Battle(RULESET, build_state, armies, terrain, phase)


def mob_vs_marines_battle():
    """The seed's worked example: a Brute Mob (s0u0) and Line Marines (s1u0) 7" apart."""
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])])
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + 7.0 + 2 * MOB_RADIUS, 22.0, 180.0)
    assert abs(b.distance("s0u0", "s1u0") - 7.0) < 1e-6
    return b


def mob_of(size, marines_x=30.0, phase="charge"):
    """A Brute Mob (s0u0) cut down to `size` models (files of up to 5, from x = 10") and Line
    Marines (s1u0) at `marines_x`: the mob the coherency tests string out."""
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines"])], phase=phase)
    b.place("s0u0", 10.0, 22.0, 0.0, files=min(size, 5))
    b.place("s1u0", marines_x, 22.0, 180.0)
    for m in b.state.alive_models("s0u0")[size:]:
        m.alive = False
    return b


def mob_against_two_lines(gap):
    """A Brute Mob (s0u0) charging Line Marines (s1u0) `gap`" away edge to edge, with a
    second unit of Line Marines (s1u1) close by: the charge searches' shortcut tests."""
    d = 2 * MOB_RADIUS
    b = Battle([("Horde", "brute_horde", ["brute_mob"]),
                ("Company", "line_company", ["line_marines", "line_marines"])])
    b.place("s0u0", 10.0, 22.0, 0.0)
    b.place("s1u0", 10.0 + gap + d, 22.0, 180.0)
    b.place("s1u1", 10.0 + 8.0 + d, 30.0, 180.0)
    return b
