"""The client in French and Russian: every character the catalogs hold has a glyph in the faces
the client draws with, the language setting offers the system's and each language by its own
name and applies at once, and the client's own words and the rules' texts are shown translated
(and the text cache never serves one language's picture for another's words)."""

from __future__ import annotations

from functools import cache

import pygame
import pytest

from game.i18n import LANGUAGE_NAMES, po, set_language
from game.i18n.extract import extract
from game.ui import settings as user_settings
from game.ui.render.text import TextCache, font_path

LANGS = ("fr", "ru")


@pytest.fixture
def english_after():
    yield
    set_language("en")


@cache
def catalog_characters(lang: str) -> frozenset[str]:
    chars: set[str] = set()
    for domain in extract():
        for message in po.read(lang, domain):
            if not message.id:
                continue
            forms = message.string if isinstance(message.string, tuple | list) \
                else [message.string]
            for form in forms:
                chars.update(form or "")
    return frozenset(c for c in chars if c not in "\n\t")


def glyph_check(bold: bool):
    """A test of "this face draws that character". pygame-ce's `Font.metrics` gives None for a
    missing glyph only with some SDL_ttf builds; this one (2.24) draws the face's .notdef box
    instead, so a character is missing when it draws exactly as a private-use character the
    face has no glyph for (U+E000) does."""
    pygame.font.init()
    font = pygame.font.Font(font_path(bold), 14)

    def picture(char: str):
        return font.metrics(char)[0], pygame.image.tobytes(
            font.render(char, True, (255, 255, 255)), "RGBA")

    notdef = picture("\ue000")

    def has(char: str) -> bool:
        metrics = font.metrics(char)
        return bool(metrics) and metrics[0] is not None and picture(char) != notdef

    return has


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_character_of_every_translation_has_a_glyph_in_the_client_font(lang, bold):
    has = glyph_check(bold)
    chars = sorted(catalog_characters(lang))
    assert len(chars) > 40  # the catalogs were read
    missing = [c for c in chars if not has(c)]
    assert not missing, f"no glyph for {missing!r} in {font_path(bold)}"


def test_a_missing_glyph_is_what_the_font_check_would_catch():
    """The check above can fail: letters of scripts Noto Sans does not draw are caught."""
    has = glyph_check(False)
    assert not has("\u0b95") and not has("\u4e00")  # a Tamil letter, a Chinese one
    assert has("é") and has("ж") and has("«") and has("—") and has(" ")


def test_the_language_setting_is_the_system_by_default_and_lists_each_language_in_itself():
    assert user_settings.Settings().language == ""
    assert list(user_settings.LANGUAGES) == ["", *LANGUAGE_NAMES]
    assert user_settings.LANGUAGES["fr"] == "Français"
    assert user_settings.LANGUAGES["ru"] == "Русский"
    for code in user_settings.LANGUAGES:
        assert user_settings.Settings.from_json({"language": code}).language == code
    with pytest.raises(ValueError, match="language must be one of"):
        user_settings.Settings.from_json({"language": "xx"})


def test_the_text_cache_keys_on_the_words_drawn_not_the_english_behind_them(english_after):
    from game.core.i18n import msg

    cache = TextCache()
    pygame.font.init()
    text = msg("{side} wins", side="Red")
    english = cache.render(text, 14)
    set_language("fr")
    french = cache.render(text, 14)
    assert french is not english  # another picture: "Red l'emporte"
    assert cache.size(text, 14) == cache.size("Red l'emporte", 14)


def choose(drive, widget, text: str) -> None:
    import pygame_gui

    drive.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=widget, text=text)
    drive.frames(2)


def test_choosing_a_language_in_the_settings_shows_every_screen_in_it_at_once(make_app,
                                                                             english_after):
    from game.ui.screens.menu import MenuScreen
    from game.ui.screens.settings import SettingsScreen

    drive = make_app()
    drive.frames(2)
    menu = drive.top
    assert menu.widgets["start"].text == "Start battle"
    drive.press(menu.widgets["settings"])
    assert isinstance(drive.top, SettingsScreen)
    choose(drive, drive.top.widgets["language"], "Français")
    assert drive.app.settings.language == "fr"
    assert drive.top.widgets["done"].text == "OK"  # the settings screen itself, rebuilt
    assert menu.widgets["start"].text == "Lancer la bataille"  # and the menu below it
    assert menu.ui.get_locale() == "fr"  # pygame_gui's own words follow
    choose(drive, drive.top.widgets["language"], "Русский")
    assert menu.widgets["start"].text == "Начать битву"
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.top, MenuScreen)
    assert user_settings.load()[0].language == "ru"  # kept for the next start


def test_system_language_follows_the_environment_when_chosen(make_app, english_after,
                                                            monkeypatch):
    monkeypatch.setenv("SKIRMISH_LANG", "fr")
    drive = make_app()
    drive.frames(2)
    assert drive.app.set_language("ru") == "ru"  # the player's choice wins while they play
    assert drive.app.set_language("") == "fr"  # "System language": $SKIRMISH_LANG, then the OS
    assert drive.app.settings.language == ""


def test_a_battle_in_french_shows_its_log_tools_and_panels_translated(make_app, english_after):
    from game.io.tmx import default_map_for
    from game.ui.app import HOT_SEAT, BattleConfig
    set_language("fr")
    drive = make_app()
    drive.app.start_battle(BattleConfig("squads", default_map_for("squads"), HOT_SEAT, 0, 3))
    drive.frames(3)
    battle = drive.top
    assert battle.tools["help"].text == "Aide (H)"
    events = battle.controller.events
    from game.ui import explain

    assert battle.log.entries[0].text == explain.event_text(events[0])
    assert battle.log_event(0) is events[0]  # "why?" still finds the line's event
    assert battle.log.entries[0].rule.startswith("Règle : ") or not events[0].rule
    assert battle.board._scaled  # the table's picture, with "Déploiement : camp 1" on it
    set_language("en")
    battle.language_changed()
    assert not battle.board._scaled  # drawn again, in English
    assert battle.tools["help"].text == "Help (H)"
    assert battle.log.entries[0].text == explain.event_text(events[0])


def test_play_with_lang_keeps_that_language_over_the_setting_and_the_setting_over_the_system(
        monkeypatch, tmp_path, english_after):
    """`skirmish play --lang fr` opens the window in French although the settings say Russian;
    without --lang (and no $SKIRMISH_LANG) the settings' Russian wins over the system's."""
    from game import cli
    from game.i18n import current_language
    from game.ui import app as client

    monkeypatch.setenv("SKIRMISH_CONFIG_DIR", str(tmp_path))
    monkeypatch.delenv("SKIRMISH_LANG", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert user_settings.save(user_settings.Settings(language="ru")) == ""
    seen = []
    monkeypatch.setattr(client, "run", lambda **kwargs: seen.append(current_language()) or 0)
    assert cli.main(["play", "--lang", "fr"]) == 0
    assert cli.main(["play"]) == 0
    assert seen == ["fr", "ru"]


def test_an_empty_text_is_shown_empty_never_as_the_catalogs_header(english_after):
    """gettext answers the empty message id with the catalog's header; the client must not
    draw "Project-Id-Version: ..." where a screen has no message."""
    from game.ui.words import rules_words, translate

    set_language("fr")
    assert translate("") == "" and rules_words("") == ""
    assert translate("Settings") == "Réglages"


@pytest.mark.parametrize("lang", LANGS)
def test_every_ruleset_s_battle_and_its_overlays_draw_in_another_language(make_app, lang,
                                                                         english_after):
    """A battle of each ruleset in French and Russian: the table, the panels, a hovered
    choice, the unit card, help, pause and the rules reference all draw without an error."""
    from game import rulesets
    from game.io.tmx import default_map_for
    from game.ui.app import VS_AI, BattleConfig
    from game.ui.screens.error import ErrorScreen
    from game.ui.screens.overlays import HelpScreen, PauseScreen
    from game.ui.screens.rules_reference import RulesReferenceScreen

    set_language(lang)
    drive = make_app()
    for rid in rulesets.ids():
        battle = drive.app.start_battle(BattleConfig(rid, default_map_for(rid), VS_AI, 0, 2))
        drive.frames(3)
        assert not isinstance(drive.top, ErrorScreen), drive.top.failure.trace
        button = next((r.button for r in battle.panel.rows if r.button is not None), None)
        if button is not None:
            drive.move(button.rect.center)  # a hovered choice: its preview and hint
        unit = next(iter(battle.state.units))
        battle.select(unit)
        battle.hovered_model = battle.state.alive_models(unit)[0].id
        drive.frames(2)
        for overlay in (HelpScreen(drive.app), PauseScreen(drive.app, battle),
                        RulesReferenceScreen(drive.app, rid, None, "charts")):
            drive.app.push(overlay)
            drive.frames(2)
            assert drive.top is overlay, getattr(drive.top, "failure", None)
            drive.app.pop()
        assert not isinstance(drive.top, ErrorScreen)
