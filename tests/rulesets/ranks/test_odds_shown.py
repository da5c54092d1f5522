"""Guarantee 3: the odds shown before a charge are what the charge then does.

`action_odds` (what the client shows) is worked out from the same rules that resolve the
charge: the charger stood where the charge puts it, the same melee, the same dice per base.
Checked two ways on built positions: exactly (each side's shown dice are the dice the real
resolution rolls, and its law is the exact law of that many dice), and by a seeded Monte Carlo
over the real resolution (`apply` on copies): every shown chance within four standard errors
(plus 0.01) of the frequency seen.
"""

import math
import re
from fractions import Fraction

from game.core.dice import Dice
from game.rulesets.ranks import RULESET, formation, odds
from game.rulesets.ranks.contacts import contacts
from game.rulesets.ranks.events import CombatDice
from tests.rulesets.ranks.battle import DEPTH as D
from tests.rulesets.ranks.battle import WIDTH as W
from tests.rulesets.ranks.battle import Battle, two_units

#: Battles resolved for the Monte Carlo, per position.
TRIALS = 240


def angled():
    """A Sword Band at 20 degrees to a Pike Block's front, 1.4" from it."""
    b = two_units(["sword_band"], ["pike_block"])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.stand("s0u0", 27.5, 22.5, 20.0)
    b.begin_turn()
    return b


def flank_charge_into_a_melee():
    """The seed walk-through: Mailed Riders charge the right flank of a Pike Block that a
    Spear Wall fights front to front (the spear wall fights too: its Fight order)."""
    b = Battle([("Crown", "crown_host", ["spear_wall", "mailed_riders"]),
                ("League", "marcher_league", ["pike_block"])])
    b.stand("s1u0", 30.0, 22.0, 180.0)
    b.facing_front("s0u0", "s1u0")
    b.stand("s0u1", 30.0 + D + 0.6, 22.0 - 2 * W - 4.0, 90.0)
    b.begin_turn()
    return b


def the_charge(b, unit_id):
    return next(a for a in b.legal() if a.kind == "charge" and a.unit == unit_id)


def rolled(b, action, dice):
    """Per side (0 acting, 1 other): (dice rolled, hits rolled, fumbles) in the real charge."""
    state = b.state.copy()
    events = RULESET.apply(state, action, b.geo, dice)
    out = {0: [0, 0, 0], 1: [0, 0, 0]}
    for e in events:
        if isinstance(e, CombatDice):
            row = out[state.units[e.unit].side]
            row[0] += sum(len(values) for _, _, values in e.bases)
            row[1] += e.hits
            row[2] += e.fumbles
    return out


def shown(b, action):
    """Per side: (dice shown, the shown table of chances)."""
    tables = RULESET.action_odds(b.state, action, b.geo)
    preview = RULESET.combat_preview(b.state, action, b.geo)
    out = {}
    for role, side in (("attacker", 0), ("defender", 1)):
        row = preview[role]
        key = f"{' + '.join(row['units'])} ({row['dice']} dice)"
        out[side] = (row["dice"], tables[key])
    return out


def bucket(hits):
    return "4+ hits" if hits >= 4 else f"{hits} hit{'s' if hits != 1 else ''}"


def test_the_shown_dice_are_the_dice_the_charge_rolls():
    for b, unit in ((angled(), "s0u0"), (flank_charge_into_a_melee(), "s0u1")):
        action = the_charge(b, unit)
        real = rolled(b, action, Dice(1))
        for side, (dice, table) in shown(b, action).items():
            assert dice == real[side][0]
            law = odds.hit_distribution(dice)
            assert table["a fumble or more"] == sum((p for (_, f), p in law.items() if f),
                                                    Fraction(0))
            assert sum(p for label, p in table.items() if label != "a fumble or more") == 1


def test_the_odds_shown_before_a_fight_are_the_dice_it_rolls():
    """A Fight order (in contact since the start of the turn) shows its odds too."""
    b = flank_charge_into_a_melee()
    action = next(a for a in b.legal() if a.kind == "fight")
    real = rolled(b, action, Dice(2))
    for side, (dice, _) in shown(b, action).items():
        assert dice == real[side][0] > 0


def test_the_charge_label_shows_the_front_bases_the_charge_puts_in_contact():
    """"(N front bases in contact, D\")": N is what the table then finds, D the move made."""
    for b, unit in ((angled(), "s0u0"), (flank_charge_into_a_melee(), "s0u1")):
        action = the_charge(b, unit)
        promised = int(re.search(r"\((\d+) front bases in contact", action.label).group(1))
        state = b.state.copy()
        for m in state.alive_models(unit):  # where the charge move puts the block
            m.x, m.y = action.destinations()[m.id]
            m.facing = RULESET.placement_facings(b.state, action)[m.id]
        c = contacts(state, b.geo)
        touching = [m for m in formation.front_rank(state, unit)
                    if any(kind != "exposed" for _, kind in c.of(m.id))]
        assert len(touching) == promised


def test_the_shown_odds_match_the_real_resolution_by_monte_carlo():
    for b, unit in ((angled(), "s0u0"), (flank_charge_into_a_melee(), "s0u1")):
        action = the_charge(b, unit)
        table = {side: t for side, (_, t) in shown(b, action).items()}
        seen = {side: {} for side in table}
        for trial in range(TRIALS):
            real = rolled(b, action, Dice(1000 + trial))
            for side, (_, hits, fumbles) in real.items():
                for label in (bucket(hits),) + (("a fumble or more",) if fumbles else ()):
                    seen[side][label] = seen[side].get(label, 0) + 1
        for side, chances in table.items():
            for label, p in chances.items():
                frequency = seen[side].get(label, 0) / TRIALS
                error = 4 * math.sqrt(float(p * (1 - p)) / TRIALS) + 0.01
                assert abs(frequency - float(p)) <= error, (side, label, frequency, p)
