"""The battle screen's panels read like a finished game: plain words (no provenance tags, no
Python), the dice tray showing every ruleset's rolls, text that fits its box, the layout."""

import importlib
import pkgutil
import re

import pygame

import game.rulesets
from game.core.events import DiceRolled, Note
from game.core.text import plain_words
from game.rulesets.ranks.events import CombatDice
from game.ui import explain
from game.ui.render import text as text_module
from game.ui.render.dice import ROLL_TIME, DiceTray

TAG = re.compile(r"seed|\[added|\((?:squads|warband|cards|legions|ranks)\)", re.IGNORECASE)


def rule_strings() -> set[str]:
    """Every RULE_* text of every ruleset (what the log, tooltips and refusals quote)."""
    found = set()
    for info in pkgutil.walk_packages(game.rulesets.__path__, "game.rulesets."):
        module = importlib.import_module(info.name)
        found.update(v for k, v in vars(module).items() if k.startswith("RULE")
                     and isinstance(v, str))
    return found


class Recorder:
    """Every text drawn while it listens, with the rectangle it was drawn in."""

    def __init__(self, monkeypatch):
        self.drawn: list[tuple[str, pygame.Rect]] = []
        original = text_module.TextCache.blit

        def blit(cache, target, value, pos, *args, **kwargs):
            rect = original(cache, target, value, pos, *args, **kwargs)
            self.drawn.append((value, rect))
            return rect

        monkeypatch.setattr(text_module.TextCache, "blit", blit)

    def texts(self) -> list[str]:
        return [t for t, _ in self.drawn]


# --- 1. plain words ------------------------------------------------------------------------------
def test_plain_words_removes_every_provenance_tag_from_the_real_rule_texts():
    rules = rule_strings()
    tagged = [r for r in rules if TAG.search(r)]
    assert len(tagged) > 50  # the rulesets really carry tags: this test reads them
    for rule in rules:
        plain = plain_words(rule)
        assert not TAG.search(plain), (rule, plain)
        assert plain and "  " not in plain and not plain.startswith((",", ";", ":"))
        assert "()" not in plain and " ," not in plain and " ;" not in plain


def test_plain_words_keeps_the_rule_itself():
    assert plain_words("Charge roll: 2D6, roll first, choose after (squads seed)") == \
        "Charge roll: 2D6, roll first, choose after"
    assert plain_words("Running [added, same game family]: a model with no enemy within 8\"") \
        == "Running: a model with no enemy within 8\""
    assert plain_words("[added] A model that Moves ends at least 1\" from every enemy") == \
        "A model that Moves ends at least 1\" from every enemy"
    assert plain_words("Talents: one enemy fumble = one talent (ranks seed; the talents are "
                       "[added])") == "Talents: one enemy fumble = one talent"
    assert plain_words("Routed: the unit falls back ([added] in its own Movement phase too)") \
        == "Routed: the unit falls back (in its own Movement phase too)"
    assert plain_words("WS and Ld halved, rounded up ([added] rounding) (legions)") == \
        "WS and Ld halved, rounded up"
    assert plain_words("Overwatch volley (reaction, 1 point): fires") == \
        "Overwatch volley (reaction, 1 point): fires"  # a parenthesis of rule words stays


def test_the_log_shows_rules_in_plain_words():
    event = Note(rule="Charge roll: 2D6, roll first, choose after (squads seed)", text="x")
    assert explain.rule_text(event) == "Rule: Charge roll: 2D6, roll first, choose after"


# --- 2. the dice tray ----------------------------------------------------------------------------
def combat_dice(**fields):
    fields.setdefault("rule", "Both sides roll at once: 1 fumble, 2-3 nothing, 4-5 one hit, "
                      "6 two hits (ranks seed)")
    return CombatDice(unit="s0u0", unit_name="Spear Wall I",
                      bases=(("Spear Wall I base 1", "front", (1, 4, 6)),
                             ("Spear Wall I base 2", "support", (2, 5))), **fields)


def test_the_tray_shows_a_ranks_combat_roll():
    tray = DiceTray(animate=False)
    tray.add([combat_dice(hits=4, fumbles=1)])
    assert len(tray.rows) == 1
    row = tray.rows[0]
    assert row.values == [1, 4, 6, 2, 5]
    assert row.title == "Spear Wall I: 5 dice in the combat"
    assert row.outcome_text() == "4 hits, 1 fumble"  # a pool of hits: never "total 18"
    assert "seed" not in row.rule


def test_a_real_ranks_combat_fills_the_tray(make_app):
    """Played through the client: the first combat's dice reach the tray."""
    from game.io.tmx import default_map_for
    from game.ui.app import AI_VS_AI, BattleConfig
    from game.ui.screens.battle import BattleScreen

    drive = make_app()
    battle = drive.app.start_battle(BattleConfig(ruleset="ranks", map_path=default_map_for(
        "ranks"), mode=AI_VS_AI, seed=3))
    for _ in range(400):
        if any(isinstance(e, CombatDice) for e in battle.controller.events):
            break
        battle.ai_act(limit=1)
        drive.frames(1)
        assert isinstance(drive.top, BattleScreen)
    assert any(isinstance(e, CombatDice) for e in battle.controller.events)
    assert any(row.label == "combat" for row in battle.tray.rows)


def test_long_tray_labels_never_run_under_the_dice(monkeypatch):
    record = Recorder(monkeypatch)
    tray = DiceTray(animate=False)
    long_label = "the very long name of a roll that goes on " * 4
    tray.add([DiceRolled(who="Veteran Guard of the Eastern Marches", label=long_label,
                         values=(3, 4, 5, 6, 1, 2) * 8, needed="4+", outcome="many hits")])
    for row in tray.rows:
        row.age = ROLL_TIME
    surface = pygame.Surface((880, 136))
    rect = surface.get_rect()
    tray.draw(surface, rect)
    dice_left = rect.x + 20 + min(330, rect.width // 3)
    labels = [(t, r) for t, r in record.drawn if t not in ("Dice",) and not t.startswith("+")]
    assert labels
    for value, box in labels:
        if len(value) > 2:  # not a face's number
            assert box.right <= dice_left, (value, box)
    more = [r for t, r in record.drawn if t.startswith("+")]
    assert more and more[0].right <= rect.right
