"""A way the `ranks` texts put words together that a plain `msg` does not cover.

- `lowered`: a rule quoted inside a refusal, lower-cased in English as it always was ("... (a
  charge that cannot reach is not allowed (ranks))"). `str.lower()` would give a plain string
  that no catalog knows; this keeps the rule's message id, so a translation shows the rule as
  its catalog writes it (capitalised: the quoted rule then reads as a rule's title).
"""

from __future__ import annotations

from game.core.i18n import Msg, msg


class Lowered(Msg):
    """A rule text whose English is lower-cased; translated as the rule itself."""

    def __new__(cls, rule: str):
        self = str.__new__(cls, str(rule).lower())
        if isinstance(rule, Msg):
            self.template, self.plural, self.params = rule.template, rule.plural, rule.params
        else:
            self.template, self.plural, self.params = str(rule), None, {}
        return self

    def __reduce__(self):
        return (Lowered, (Msg(self.template, self.plural, self.params),))


def lowered(rule: str) -> Msg:
    return Lowered(rule)


#: A target's edges (and a block's arcs) as the texts name them; the arcs themselves are keys
#: (geometry.ARC_*).
EDGE_NAMES = {"front": msg("front"), "rear": msg("rear"), "left": msg("left"),
              "right": msg("right")}
