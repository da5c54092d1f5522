"""The battle screen's panels read like a finished game: plain words (no provenance tags, no
Python), the dice tray showing every ruleset's rolls, text that fits its box, the layout."""

import importlib
import pkgutil
import re

import pygame
import pytest

import game.rulesets
from game.core.events import DiceRolled, Note
from game.core.text import plain_words
from game.rulesets.ranks.events import CombatDice
from game.ui import explain
from game.ui.render.dice import ROLL_TIME, DiceTray
from tests.ui.drawn import Recorder

TAG = re.compile(r"seed|\[added|\((?:squads|warband|cards|legions|ranks)\)", re.IGNORECASE)


def rule_strings() -> set[str]:
    """Every RULE_* text of every ruleset (what the log, tooltips and refusals quote)."""
    found = set()
    for info in pkgutil.walk_packages(game.rulesets.__path__, "game.rulesets."):
        module = importlib.import_module(info.name)
        found.update(v for k, v in vars(module).items() if k.startswith("RULE")
                     and isinstance(v, str))
    return found


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
    assert row.title == "Spear Wall I: 5 dice"
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
    dice_left = rect.x + 20 + min(330, max(150, rect.width // 3))
    labels = [(t, r) for t, r in record.drawn if t not in ("Dice",) and not t.startswith("+")]
    assert labels
    for value, box in labels:
        if len(value) > 2:  # not a face's number
            assert box.right <= dice_left, (value, box)
    more = [r for t, r in record.drawn if t.startswith("+")]
    assert more and more[0].right <= rect.right


# --- 3. text fits its box ------------------------------------------------------------------------
RULESETS = ("squads", "warband", "cards", "legions", "ranks")
SIZES = ((1280, 800), (960, 640))  # the usual window and the smallest the client allows


def hot_seat(drive, ruleset: str):
    from game.io.tmx import default_map_for
    from game.ui.app import HOT_SEAT, BattleConfig

    return drive.app.start_battle(BattleConfig(ruleset=ruleset, map_path=default_map_for(
        ruleset), mode=HOT_SEAT, seed=3))


def play_until_odds(drive, battle, limit: int = 40) -> None:
    """Greedy decisions until a choice offers odds (what makes the longest hints)."""
    from game import ai as agents
    from game.ui.screens.overlays import HandOverScreen

    agent = agents.make("greedy", 1)
    for _ in range(limit):
        legal = battle.controller.legal_actions()
        if battle.controller.over or not legal:
            raise AssertionError("the battle ended before a choice offered odds")
        if any(battle.preview(a).get("outcomes") or battle.preview(a).get("odds")
               for a in legal[:12]) or (ruleset_without_odds(battle) and _ > 12):
            return
        battle.apply(agent.choose(battle.controller))
        drive.frames(1)
        while isinstance(drive.top, HandOverScreen):
            drive.app.pop()
            drive.frames(1)


def ruleset_without_odds(battle) -> bool:
    """Cards shows its melee odds in the info box, not on a choice: a dozen decisions do."""
    return battle.ruleset.id == "cards"


def status_overflows(battle, monkeypatch) -> list[str]:
    """Draw the decision column's head for every offered choice hovered (and a long refusal);
    return each text that leaves the column or runs into the list below it."""
    surface = pygame.Surface(battle.app.size)
    bad = []
    legal = battle.legal()
    assert legal
    for hovered in [None, *legal[:12]]:
        battle.hovered_action = hovered
        record = Recorder(monkeypatch)
        battle._draw_status(surface)
        monkeypatch.undo()
        limit = battle.panel.rect.y - 3
        for value, rect in record.drawn:
            if rect.left < battle.decide_rect.x or rect.right > battle.decide_rect.right - 6 \
                    or rect.bottom > limit:
                bad.append(f"{value!r} at {rect} (column {battle.decide_rect}, list at {limit})")
    return bad


def button_overflows(battle) -> list[str]:
    from game.ui.render.text import shared_text

    bad = []
    for row in battle.panel.rows:
        if row.button is not None:
            width = shared_text().size(row.button.text, 14)[0]
            if width > row.button.rect.width - 20:  # the theme's padding is 10 a side
                bad.append(f"{row.button.text!r} ({width} px in {row.button.rect.width})")
    return bad


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_decision_panel_text_fits_its_box(make_app, monkeypatch, ruleset):
    """The hint keeps to its lines above the list (warband odds once stopped at "…out of",
    ranks odds at their third line, squads' "In charge range" ran into the unit heading)."""
    drive = make_app(size=SIZES[0])
    battle = hot_seat(drive, ruleset)
    drive.frames(2)
    play_until_odds(drive, battle)
    for size in SIZES:
        drive.app.resize(size)
        drive.frames(2)
        assert status_overflows(battle, monkeypatch) == []
        assert button_overflows(battle) == []
    battle.say("Not allowed: " + "the move would end within 1\" of an enemy model " * 6, True)
    assert status_overflows(battle, monkeypatch) == []


# --- 4. layout -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_cards_deck_box_sits_beside_the_dice_not_on_the_table(make_app, monkeypatch, size):
    drive = make_app(size=size)
    battle = hot_seat(drive, "cards")
    drive.frames(2)
    record = Recorder(monkeypatch)
    drive.frames(1)
    deck = [r for t, r in record.drawn if t.startswith("Deck, round")]
    assert deck, record.texts()
    assert battle.info_rect is not None
    assert not battle.info_rect.colliderect(battle.view_rect)
    assert not battle.info_rect.colliderect(battle.tray_rect)
    for rect in deck:
        assert battle.info_rect.contains(rect) and not rect.colliderect(battle.view_rect)


def test_after_a_hand_over_the_heading_and_the_buttons_are_the_new_sides(make_app,
                                                                         monkeypatch):
    """Every frame drawn after the hand-over shows the side that acts, its name in the heading
    and only its units' buttons under it."""
    from game.ui.screens.overlays import HandOverScreen

    drive = make_app()
    battle = hot_seat(drive, "squads")
    drive.frames(2)
    first = battle.controller.current_player()
    while battle.controller.current_player() == first:
        ends = [a for a in battle.legal() if a.unit is None]
        battle.apply(ends[0] if ends else battle.legal()[0])
        drive.frames(1)
    assert isinstance(drive.top, HandOverScreen)
    drive.key(pygame.K_RETURN)
    player = battle.controller.current_player()
    record = Recorder(monkeypatch)
    drive.frames(1)
    name = battle.state.sides[player].name
    heading = [t for t, r in record.drawn if t.startswith(f"{name}: ")
               and r.top < battle.panel.rect.y]
    assert heading, record.texts()
    sides = {row.side for row in battle.panel.rows if row.action is not None and row.action.unit}
    assert sides == {player}


# --- 5. the header's VP ---------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_header_says_its_vp_are_if_the_battle_ended_now(make_app, monkeypatch, size):
    from game.ui.screens.battle.panels import VP_CAPTION, VP_CAPTION_SHORT

    drive = make_app(size=size)
    battle = hot_seat(drive, "squads")
    drive.frames(2)
    record = Recorder(monkeypatch)
    drive.frames(1)
    captions = [(t, r) for t, r in record.drawn if t in (VP_CAPTION, VP_CAPTION_SHORT)]
    assert captions, record.texts()
    caption = captions[0][1]
    assert caption.right <= battle.tools_left
    drive.move(battle._score_rects[0].center)  # hovering the scores explains them
    record.drawn.clear()
    drive.frames(1)
    assert any("stepping off an objective" in t for t in record.texts())


def test_a_long_rule_line_in_the_log_is_cut_with_an_ellipsis_inside_the_log(monkeypatch):
    from game.ui.render.log import BattleLog

    record = Recorder(monkeypatch)
    log = BattleLog()
    log.add([Note(rule="Movement: a model may move up to M\" (half that if it stood up this "
                  "turn) and then some more words to be sure it wraps (warband seed)",
                  text="Zealot I moves")])
    rect = pygame.Rect(0, 0, 400, 200)
    log.draw(pygame.Surface(rect.size), rect)
    rule = [(t, r) for t, r in record.drawn if t.startswith("Rule:")]
    assert rule and rule[0][0].endswith("…") and rule[0][1].right <= rect.right - 8
    assert "seed" not in rule[0][0]


def test_the_top_bar_counts_the_rounds_the_ruleset_plays_not_the_maps(make_app):
    """cards keeps its own 6 rounds on a map made for another ruleset (the squads map says 5):
    the top bar names the round the battle ends after."""
    from game.io.tmx import default_map_for, load_scenario
    from game.ui.app import HOT_SEAT, BattleConfig

    drive = make_app()
    squads_map = default_map_for("squads")
    assert load_scenario(squads_map).rounds == 5
    battle = drive.app.start_battle(BattleConfig(ruleset="cards", map_path=squads_map,
                                                 mode=HOT_SEAT, seed=2))
    drive.frames(1)
    assert battle.top_line().startswith("Round 1/6 ·")
    squads = drive.app.start_battle(BattleConfig(ruleset="squads", map_path=squads_map,
                                                 mode=HOT_SEAT, seed=2))
    drive.frames(1)
    assert squads.top_line().startswith("Round 1/5 ·")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_top_bar_names_the_phase_as_the_ruleset_and_its_log_do(make_app, monkeypatch,
                                                                    ruleset):
    """The top bar's phase is the ruleset's name for it (`current_phase_name`), the very message
    its log's last PhaseStarted gave (where the ruleset logs phases): the client keeps no table
    of phases of its own (warband's once said "Combat" where its log said "Close combat", and
    legions' "Assault" where its log named the sub-phase)."""
    from game import ai as agents
    from game.core.events import PhaseStarted
    from game.ui.screens.overlays import HandOverScreen

    drive = make_app()
    battle = hot_seat(drive, ruleset)
    rules, agent = battle.controller.ruleset, agents.make("greedy", 1)
    record = Recorder(monkeypatch)
    drive.frames(1)
    for _ in range(25):
        if battle.controller.over:
            break
        name = rules.current_phase_name(battle.state)
        assert battle.top_line().split(" · ")[1] == name
        assert any(f" · {name} · " in text for text in record.texts()), \
            [text for text in record.texts() if "·" in text]  # drawn, not only worked out
        started = [e.phase for e in battle.controller.events if isinstance(e, PhaseStarted)]
        assert not started or started[-1] == name, (started[-1], name)
        battle.apply(agent.choose(battle.controller))
        drive.frames(1)
        while isinstance(drive.top, HandOverScreen):
            drive.app.pop()
            drive.frames(1)
        record.drawn.clear()
        drive.frames(1)
    battle.state.pending.pop("sub", None)
    for phase_id, name in rules.phase_names.items():  # every phase, reached in play or not
        battle.state.phase = phase_id
        assert battle.top_line().split(" · ")[1] == name


def test_the_top_bar_says_the_phase_in_the_rulesets_own_words_in_french(make_app):
    """The name is the ruleset's message, translated from its own catalog."""
    from game.i18n import set_language

    drive = make_app()
    battle = hot_seat(drive, "warband")
    drive.frames(1)
    battle.state.phase = "combat"
    set_language("fr")
    assert " · Corps à corps · " in battle.top_line()
