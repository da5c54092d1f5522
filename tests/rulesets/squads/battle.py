"""Exact set-ups for squads rule tests: an open table, units stood where the test says."""

from game.core.deploy import place_block
from game.core.dice import Dice
from game.core.state import Scenario
from game.rulesets.squads import RULESET
from game.rulesets.squads.setup import build_state
from game.table import Table

MOB_RADIUS = 32 / 25.4 / 2


class Battle:
    """A state, its table and scripted dice, with helpers to act as a player would."""

    def __init__(self, armies, terrain=(), phase="charge"):
        self.scenario = Scenario(60.0, 44.0, terrain=tuple(terrain), source="test")
        self.state = build_state("squads", self.scenario, 0, armies)
        self.state.phase = phase
        self.geo = Table(self.scenario)
        self.dice = Dice(0, strict=True)

    def place(self, unit_id, x, y, facing, files=5):
        place_block(self.state.alive_models(unit_id), x, y, facing, files)

    def unit(self, unit_id):
        return self.state.units[unit_id]

    def positions(self, unit_id):
        return {m.id: (m.x, m.y) for m in self.state.alive_models(unit_id)}

    def legal(self):
        return RULESET.legal_actions(self.state, self.geo)

    def why(self, action):
        return RULESET.explain_illegal(self.state, action, self.geo)

    def apply(self, action, *dice):
        self.dice.script(*dice)
        events = RULESET.apply(self.state, action, self.geo, self.dice)
        assert self.dice.scripted_left == 0, "a test scripted more dice than the rule rolled"
        return events

    def distance(self, a, b):
        return self.geo.unit_distance(self.state, a, b)


def mob_vs_marines_battle():
    """The seed's worked example: a Brute Mob (s0u0) and Line Marines (s1u0) 7" apart."""
    battle = Battle([("Horde", "brute_horde", ["brute_mob"]),
                     ("Company", "line_company", ["line_marines"])])
    battle.place("s0u0", 10.0, 22.0, 0.0)
    battle.place("s1u0", 10.0 + 7.0 + 2 * MOB_RADIUS, 22.0, 180.0)
    assert abs(battle.distance("s0u0", "s1u0") - 7.0) < 1e-6
    return battle

