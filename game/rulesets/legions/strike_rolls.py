"""The two rolls of a strike (rules/legions.md, fight steps 5 and 6): to hit on the WS chart, then
to wound on the S-against-T chart. One place for both, so that the general fight and a
challenge's strike roll, log and refuse an impossible wound the same way."""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import DiceRolled, Event, Note
from game.core.i18n import join, msg
from game.core.text import count
from game.rulesets.legions.odds import wound_target


def roll_to_hit(dice: Dice, who: str, attacks: int, need: int, rule: str, dice_label: str,
                label: str, why: str = "") -> tuple[list[Event], int]:
    """`attacks` dice against `need`+: the event (its outcome followed by `why`) and the hits."""
    roll = dice.roll(attacks, dice_label, rule)
    hits = sum(1 for v in roll.values if v >= need)
    outcome = join([count(hits, "hit"), " (", why, ")"], "") if why else count(hits, "hit")
    return [DiceRolled(rule=rule, who=who, label=label, values=roll.values, needed=f"{need}+",
                       outcome=outcome)], hits


def roll_to_wound(dice: Dice, who: str, hits: int, strength: int, toughness: int, rule: str,
                  dice_label: str) -> tuple[list[Event], int | None]:
    """One die per hit on the S-against-T chart: the events and the wounds, or None wounds (and a
    note saying so) when S cannot wound that T."""
    need = wound_target(strength, toughness)
    if need is None:
        return [Note(rule=rule, text=msg("S{strength} against T{toughness}: no wound is "
                                         "possible", strength=strength,
                                         toughness=toughness))], None
    roll = dice.roll(hits, dice_label, rule)
    wounds = sum(1 for v in roll.values if v >= need)
    return [DiceRolled(rule=rule, who=who, label=msg("to wound"), values=roll.values,
                       needed=f"{need}+",
                       outcome=msg("{wounds} (S{strength} vs T{toughness})",
                                   wounds=count(wounds, "wound"), strength=strength,
                                   toughness=toughness))], wounds
