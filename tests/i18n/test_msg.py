"""The translatable text (game.core.i18n.Msg) and its translation (game.i18n.translate):
English is the Msg's own value, a translation fills the translated template with translated
parts, plural forms follow the language's rule, and the language is chosen in a fixed order."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from game import i18n
from game.core.i18n import Msg, join, msg, nmsg
from game.core.text import count


class FakeCatalog:
    """A catalog with a few French entries (the real ones are tested in test_catalogs)."""

    TEXTS = {"{unit} holds": "{unit} tient", "Brute Mob": "Horde brute",
             "{who} rolls {label}: {faces}": "{who} lance {label} : {faces}"}
    PLURALS = {"{n} wound": ("{n} blessure", "{n} blessures")}

    def gettext(self, text):
        return self.TEXTS.get(text, text)

    def ngettext(self, singular, plural, n):
        forms = self.PLURALS.get(singular)
        if forms is None:
            return singular if n == 1 else plural
        return forms[0] if n <= 1 else forms[1]


@pytest.fixture
def french(monkeypatch):
    monkeypatch.setattr(i18n, "translations", lambda lang, ruleset=None: FakeCatalog())
    return "fr"


def test_a_msg_is_its_english_text_and_hashes_and_serializes_as_it():
    text = msg("{unit} holds", unit="Brute Mob I")
    assert text == "Brute Mob I holds"
    assert hash(text) == hash("Brute Mob I holds")
    assert json.dumps({"t": text}) == json.dumps({"t": "Brute Mob I holds"})
    assert text.template == "{unit} holds" and text.params == {"unit": "Brute Mob I"}


def test_a_msg_survives_copies_and_pickling_with_its_template():
    text = nmsg("{n} wound", "{n} wounds", 2)
    for other in (copy.copy(text), copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert other == "2 wounds" and other.template == "{n} wound" and other.params["n"] == 2


def test_english_possessive_spec_and_plural_choice():
    assert msg("{side:poss} turn", side="Stompers") == "Stompers' turn"
    assert msg("{side:poss} turn", side="Brute Mob") == "Brute Mob's turn"
    assert count(1, "wound") == "1 wound" and count(0, "hit") == "0 hits"
    assert count(2.5, "model") == "2.5 models"


def test_translation_fills_the_translated_template_with_translated_parts(french):
    text = msg("{unit} holds", unit="Brute Mob")
    assert i18n.translate(text, french) == "Horde brute tient"
    assert i18n.translate(text, "en") == "Brute Mob holds"


def test_plural_forms_come_from_the_language(french):
    assert i18n.translate(nmsg("{n} wound", "{n} wounds", 1), french) == "1 blessure"
    assert i18n.translate(nmsg("{n} wound", "{n} wounds", 0), french) == "0 blessure"
    assert i18n.translate(nmsg("{n} wound", "{n} wounds", 3), french) == "3 blessures"


def test_joined_parts_are_translated_each(french):
    line = join([msg("{who} rolls {label}: {faces}", who="Brute Mob", label="2D6", faces="3+4"),
                 " = 7"], "")
    assert line == "Brute Mob rolls 2D6: 3+4 = 7"
    assert i18n.translate(line, french) == "Horde brute lance 2D6 : 3+4 = 7"


def test_decimals_take_the_comma_in_french_and_possessive_is_english_only(french):
    assert i18n.translate(msg("{d:.1f}\"", d=6.0), french) == "6,0\""
    assert i18n.translate(msg("{side:poss} turn", side="Brute Mob"), french) == "Horde brute turn"


def test_a_missing_translation_is_reported_and_english_is_shown(french):
    missed = []
    text = msg("{unit} advances", unit="Brute Mob")
    assert i18n.translate(text, french, missed.append) == "Horde brute advances"
    assert missed == ["{unit} advances"]
    missed.clear()
    i18n.translate("A rule with no translation", french, missed.append)
    assert missed == ["A rule with no translation"]
    missed.clear()
    i18n.translate(msg("{a} {b} {c}", a="Lone Hero", b="2D6", c="IV"), french, missed.append)
    assert missed == ["{a} {b} {c}", "Lone Hero"]  # a name is checked, dice and numerals not


def test_language_order_cli_then_environment_then_settings_then_system(monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("SKIRMISH_LANG", raising=False)
    assert i18n.choose_language() == "ru"
    assert i18n.choose_language(setting="fr") == "fr"
    monkeypatch.setenv("SKIRMISH_LANG", "en")
    assert i18n.choose_language(setting="fr") == "en"
    assert i18n.choose_language(cli="fr-FR") == "fr"
    monkeypatch.setenv("SKIRMISH_LANG", "xx")
    monkeypatch.setenv("LANG", "C")
    assert i18n.choose_language() == "en"


def test_msg_formats_only_at_creation_so_the_rules_never_read_a_language(french):
    i18n.set_language("fr")
    try:
        assert str(msg("{unit} holds", unit="Brute Mob")) == "Brute Mob holds"
    finally:
        i18n.set_language("en")
    assert isinstance(msg("x"), Msg)


def test_an_empty_text_stays_empty_not_the_catalog_header():
    assert i18n.translate("", "fr") == "" and i18n.translate(None, "ru") == ""


def test_the_ruleset_shown_looks_in_its_own_catalogs_first():
    from pathlib import Path

    from game.i18n.catalogs import _ordered

    files = [Path(f"{d}.po") for d in ("cards", "core", "learn_cards", "learn_ranks", "ranks")]
    assert [p.stem for p in _ordered(files, "ranks")][:2] == ["ranks", "learn_ranks"]
    assert _ordered(files, None) == files


def test_a_numeral_is_never_looked_up(french, monkeypatch):
    from game.core.i18n import Verbatim

    FakeCatalog.TEXTS["I"] = "Ini"  # "I" is the initiative's abbreviation in a catalog
    try:
        name = msg("{name} {numeral}", name="Brute Mob", numeral=Verbatim("I"))
        assert i18n.translate(name, french) == "Horde brute I"
    finally:
        del FakeCatalog.TEXTS["I"]


def test_plain_words_keeps_the_french_space_before_a_colon():
    from game.core.text import plain_words

    assert plain_words("A se déplace (figurine la plus loin : 6,0\")") == \
        "A se déplace (figurine la plus loin : 6,0\")"
    assert plain_words("Charge [added]: roll 2D6") == "Charge: roll 2D6"
