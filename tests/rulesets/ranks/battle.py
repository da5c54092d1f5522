"""ranks set-ups on the shared test Battle: blocks stood by the middle of their front edge."""

import math

from game.rulesets.ranks import RULESET
from game.rulesets.ranks.setup import build_state, stand
from tests import battle

#: 40x20 mm infantry and 40x40 mm cavalry bases, in inches.
WIDTH = 40 / 25.4
DEPTH = 20 / 25.4
#: A charger stops this far from its target: flush.
FLUSH = 0.004


class RanksBattle(battle.Battle):
    def stand(self, unit_id, x, y, facing):
        """The middle of the unit's front edge on (x, y), facing `facing` degrees."""
        stand(self.state, unit_id, x, y, facing)

    def facing_front(self, unit_id, other_id, gap=FLUSH, slide=0.0):
        """Stand `unit_id` front to front with `other_id`'s front edge, `slide` inches to its
        right along that edge."""
        other = self.state.alive_models(other_id)[0]
        front = self.front_centre(other_id)
        fx, fy = math.cos(math.radians(other.facing)), math.sin(math.radians(other.facing))
        rx, ry = -fy, fx
        x = front[0] + fx * gap + rx * slide
        y = front[1] + fy * gap + ry * slide
        self.stand(unit_id, x, y, (other.facing + 180.0) % 360.0)

    def front_centre(self, unit_id):
        from game.rulesets.ranks import formation

        frame = formation.frame_of(self.state, unit_id)
        return formation.front_centre(frame, formation.extent(self.state, unit_id))

    def begin_turn(self):
        return self.ruleset.begin_turn(self.state, self.geo)

    def models(self, unit_id):
        return self.state.alive_models(unit_id)


def Battle(armies, terrain=(), size=(60.0, 44.0)):  # noqa: N802 - reads like the class
    return RanksBattle(RULESET, build_state, armies, terrain, None, size)


def two_units(mine, theirs):
    """Side 0 ("Crown") with profile `mine` (s0u0), side 1 ("League") with `theirs` (s1u0)."""
    return Battle([("Crown", "crown_host", list(mine)), ("League", "marcher_league",
                                                         list(theirs))])
