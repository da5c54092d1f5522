"""Every text squads shows a player is a message a translation can see into (issue 17): the
choices offered, the rule each event cites and the words an event carries (notes, dice labels and
outcomes, statuses, phases, how a unit moved, why a charge failed), through a whole greedy battle.
A plain string here would stay English in every language; names (units, weapons) are parts of
messages and are looked up on their own, so they may stay plain."""

from __future__ import annotations

from game import rulesets
from game.core.events import (
    ChargeResolved,
    DiceRolled,
    Note,
    PhaseStarted,
    StatusChanged,
    UnitMoved,
)
from game.core.i18n import Joined, Msg
from game.io.tmx import default_map_for, load_scenario
from game.rulesets.squads import RULESET
from game.rulesets.squads.odds import charge_odds_reason
from game.sim import _make_agent, battle_forces, start_battle

#: The event fields that hold words the rules chose (not names), by event type.
WORDS = {Note: ("text",), DiceRolled: ("label", "outcome"), StatusChanged: ("status",),
         PhaseStarted: ("phase",), UnitMoved: ("how",), ChargeResolved: ("reason",)}


def is_message(text) -> bool:
    return isinstance(text, Msg | Joined)


def greedy_battle(seed: int = 0):
    ruleset = rulesets.get("squads")
    scenario = load_scenario(default_map_for("squads"))
    controller = start_battle(ruleset, scenario, seed, battle_forces(ruleset, 2, scenario))
    players = {i: _make_agent("greedy", seed * 31 + i, None) for i in range(2)}
    labels = []
    while not controller.over:
        labels.extend(a.label for a in controller.legal_actions())
        controller.apply(players[controller.current_player()].choose(controller))
    return labels, controller.events


def test_squads_choices_rules_and_event_words_are_translatable_messages():
    labels, events = greedy_battle()
    plain = {str(label) for label in labels if not is_message(label)}
    assert not plain, sorted(plain)[:5]
    squads_events = [e for e in events if e.rule != "Victory points (common rules)"]
    assert not [e.rule for e in squads_events if not is_message(e.rule)]
    kinds = {type(e) for e in events}
    assert {Note, DiceRolled, PhaseStarted, UnitMoved, ChargeResolved} <= kinds
    for event in events:
        for name in WORDS.get(type(event), ()):
            value = getattr(event, name)
            assert not value or is_message(value), (type(event).__name__, name, value)


def test_squads_status_help_ranges_name_and_odds_reasons_are_translatable_messages():
    for short, text in RULESET.status_help.values():
        assert is_message(short) and is_message(text)
    assert all(is_message(label) for _, label in RULESET.overlay_ranges if label)
    assert is_message(RULESET.name)
    assert is_message(charge_odds_reason(1.5)) and is_message(charge_odds_reason(13.0))
    assert charge_odds_reason(7.0) is None
