"""Exact set-ups for rule tests of any ruleset: an open table (or the terrain a test gives),
units stood where the test says, scripted strict dice, and helpers to act as a player would."""

from game.core.deploy import place_block
from game.core.dice import Dice
from game.core.state import Scenario
from game.table import Table


class Battle:
    """`ruleset` is a registered Ruleset; `build_state(ruleset_id, scenario, seed, armies)` is
    that ruleset's builder (armies: (side name, force id, [profile ids]) per side)."""

    def __init__(self, ruleset, build_state, armies, terrain=(), phase=None,
                 size=(60.0, 44.0)):
        self.ruleset = ruleset
        self.scenario = Scenario(size[0], size[1], terrain=tuple(terrain), source="test")
        self.state = build_state(ruleset.id, self.scenario, 0, armies)
        if phase is not None:
            self.state.phase = phase
        self.geo = Table(self.scenario)
        self.dice = Dice(0, strict=True)

    def place(self, unit_id, x, y, facing, files=5, gap=0.5):
        place_block(self.state.alive_models(unit_id), x, y, facing, files, gap)

    def unit(self, unit_id):
        return self.state.units[unit_id]

    def positions(self, unit_id):
        return {m.id: (m.x, m.y) for m in self.state.alive_models(unit_id)}

    def legal(self):
        return self.ruleset.legal_actions(self.state, self.geo)

    def why(self, action):
        return self.ruleset.explain_illegal(self.state, action, self.geo)

    def apply(self, action, *dice):
        """Apply with exactly these dice: strict, so a test fails if the rule rolls more, and
        checked after, so it fails if the rule rolls fewer."""
        self.dice.script(*dice)
        events = self.ruleset.apply(self.state, action, self.geo, self.dice)
        assert self.dice.scripted_left == 0, "a test scripted more dice than the rule rolled"
        return events

    def distance(self, a, b):
        return self.geo.unit_distance(self.state, a, b)
