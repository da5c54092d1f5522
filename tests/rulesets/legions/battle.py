"""legions set-ups on the shared test Battle: a 72"x48" open table, units stood where a test
says, strict scripted dice."""

import math

from game import rulesets
from game.ai.greedy import GreedyAgent
from game.ai.playout import KeyedDice, Playout
from game.core.actions import Action
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.legions import RULESET
from game.rulesets.legions.setup import build_state
from game.sim import battle_forces
from game.turn import TurnController
from tests import battle

R32 = 32 / 25.4 / 2  # radius of a 32 mm base, inches
D32 = 2 * R32
R40 = 40 / 25.4 / 2

AZURE = "azure_legion"
ASHEN = "ashen_legion"


def Battle(side0, side1, terrain=(), phase="assault"):  # noqa: N802 - reads like a class
    """side0 / side1: profile ids of each side's units (s0u0, s0u1... and s1u0...)."""
    b = battle.Battle(RULESET, build_state, [("Azure Legion", AZURE, list(side0)),
                                             ("Ashen Legion", ASHEN, list(side1))],
                      terrain, phase, size=(72.0, 48.0))
    if phase == "assault":
        b.state.pending["sub"] = "charge"
    return b


def facing_lines(gap, side0=("line_squad",), side1=("ember_squad",), files=5, y=24.0):
    """Side 0's first unit (facing right, front rank at x = 20) faces side 1's first unit
    (facing left) across `gap` inches edge to edge; blocks `files` models wide."""
    b = Battle(side0, side1)
    x0 = 20.0
    b.place("s0u0", x0, y, 0.0, files=files)
    b.place("s1u0", x0 + D32 + gap, y, 180.0, files=files)
    return b


def declare(b, unit, target, *dice):
    return b.apply(Action("declare_charge", unit, targets=(target,)), *dice)


def only(b, kind):
    """The single legal action of this kind (fails the test if there is not exactly one)."""
    found = [a for a in b.legal() if a.kind == kind]
    assert len(found) == 1, [a.to_text() for a in b.legal()]
    return found[0]


def decline_reaction(b):
    """The charged unit declares no reaction at the start of step 4 (when it is offered one)."""
    c = b.state.pending.get("charge")
    if c and c["stage"] == "reaction":
        return b.apply(option(b, "react", "none"))
    return []


def option(b, kind, opt):
    found = [a for a in b.legal() if a.kind == kind and a.option == opt]
    assert found, [a.to_text() for a in b.legal()]
    return found[0]


#: Where supporting models stand round the first model (degrees from straight behind it).
SUPPORT_ANGLES = (0.0, -50.0, 50.0, -90.0, 90.0)


def stand(b, model_id, x, y):
    m = b.state.models[model_id]
    m.x, m.y = x, y


def keep_only(b, unit_id, keep):
    """Only these models of the unit are in the battle (the others are off the table)."""
    for mid in b.state.units[unit_id].models:
        b.state.models[mid].alive = mid in keep


def radius(b, model_id):
    return b.state.models[model_id].base.width / 2


def skirmish(side0, side1, pairs, behind0=(), behind1=(), x=30.0, y=24.0, locked=True):
    """A fight set-up: `pairs` of (side 0 model, side 1 model) stand in base contact, one pair
    every 2" down the table from (x, y); `behind0`/`behind1` models stand 0.5" from the first
    pair's model of their side, behind it and to its sides (within 2": supporting it).
    Units s0u0 and s1u0 are locked unless told not."""
    from game.rulesets.legions.combat import lock

    b = Battle(side0, side1)
    used = [m for p in pairs for m in p] + list(behind0) + list(behind1)
    for unit in ("s0u0", "s1u0"):
        keep_only(b, unit, [m for m in used if m.startswith(unit)])
    for i, (a, c) in enumerate(pairs):
        stand(b, a, x, y + 2.0 * i)
        stand(b, c, x + radius(b, a) + radius(b, c), y + 2.0 * i)
    for first, extra, away in ((pairs[0][0], behind0, 180.0), (pairs[0][1], behind1, 0.0)):
        centre = b.state.models[first]
        for k, mid in enumerate(extra):
            angle = math.radians(away + SUPPORT_ANGLES[k])
            reach = radius(b, first) + radius(b, mid) + 0.5
            stand(b, mid, centre.x + reach * math.cos(angle), centre.y + reach * math.sin(angle))
    if locked:
        lock(b.state, "s0u0", "s1u0")
    return b


def fight(b, *dice):
    """End the charge sub-phase: the fight sub-phase begins."""
    return b.apply(Action("end_charges"), *dice)


def no_challenges(b):
    """Each side asked in the challenge sub-phase issues no challenge (the fight then begins)."""
    events = []
    while "challenge" in b.state.pending:
        found = [a for a in b.legal() if a.kind == "no_challenge"]
        assert found, [a.to_text() for a in b.legal()]
        events += b.apply(found[0])
    return events


def declaration_stages(seed: int, count: int, kind: str = "declare_charge"
                       ) -> tuple[list, object]:
    """The first `count` stages (state copy, listing) of a greedy battle from the shipped
    set-up where an action of this kind (a charge declaration) is offered, and its table."""
    ruleset = rulesets.get("legions")
    scenario = load_scenario(default_map_for("legions"))
    controller = TurnController(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    play = Playout(ruleset, controller.state.copy(), controller.geo, KeyedDice(seed))
    agent, stages = GreedyAgent(seed), []
    while not play.over and len(stages) < count:
        legal = play.legal_actions()
        if any(a.kind == kind for a in legal):
            stages.append((play.state.copy(), legal))
        play.apply(agent.choose(play))
    return stages, play.geo
