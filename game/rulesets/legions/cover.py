"""Cover terrain for `legions` shooting ([added]: the common rules reserve the `cover` kind for
shooting rules, and the seed's Overwatch volley takes "no cover roll" away from the charger, so
cover is a roll: a save).

A model whose base centre stands inside a piece of `cover` terrain has a 4+ cover save against
shots (volleys and Gun down): it takes the best of its armour save (Sv - AP), its invulnerable
save and the cover save, which AP does not touch. Cover does nothing in the fight, and an
Overwatch volley denies it. The seed's "concealment mitigation" has no rule in this game yet,
so an Overwatch volley has none to deny.

Pure geometry on the scenario's terrain outlines: the rules core reads no physics engine.
"""

from __future__ import annotations

from game.core.i18n import msg
from game.core.polygons import point_in_polygon
from game.core.state import GameState, Model

COVER = "cover"
COVER_SAVE = 4
RULE_COVER = msg("[added] Cover: a model whose base centre is inside cover terrain has a 4+ cover "
                 "save against volleys and Gun down (AP does not touch it); not in the fight")


def in_cover(s: GameState, model: Model) -> bool:
    point = (model.x, model.y)
    return any(COVER in {k.strip().lower() for k in t.kinds}
               and point_in_polygon(point, list(t.polygon)) for t in s.scenario.terrain)
