"""The ranks texts are messages: English exactly as the log always had it, and each language's
words where they are shown (wording.py's quoted rules and "and" lists, the moves' options)."""

from __future__ import annotations

from game.core.i18n import and_list
from game.i18n import translate
from game.rulesets.ranks import charge
from game.rulesets.ranks.events import CombatStarted
from game.rulesets.ranks.options import option_text, parse_option
from game.rulesets.ranks.panic import PanicTerms
from game.rulesets.ranks.wording import lowered


def test_a_quoted_rule_is_lower_case_in_english_and_the_rule_itself_when_translated():
    quoted = lowered(charge.RULE_REACH)
    assert quoted == "a charge that cannot reach is not allowed (ranks)"
    assert translate(quoted, "fr") == translate(charge.RULE_REACH, "fr")
    assert translate(quoted, "fr") != str(charge.RULE_REACH)


def test_the_units_of_a_combat_are_joined_by_each_languages_and():
    event = CombatStarted(attackers=("A1", "B2", "C3"), defenders=("D4",))
    assert event.describe() == "Combat: A1 and B2 and C3 against D4"
    assert translate(event.describe(), "fr") == "Combat : A1 et B2 et C3 contre D4"
    assert translate(event.describe(), "ru") == "Схватка: A1 и B2 и C3 против D4"
    assert and_list([]) == ""


def test_a_move_option_reads_back_the_same_numbers_and_is_shown_translated():
    text = option_text(wheel=-12.5, forward=3.25)
    assert text == "wheel 12.5\u00b0 left, then 3.25\" forward"
    assert parse_option(text) == {"wheel": -12.5, "forward": 3.25}
    assert translate(text, "fr") == "conversion de 12,5\u00b0 à gauche, puis 3,25\" en avant"


def test_panic_terms_read_the_same_in_english_and_are_translated_term_by_term():
    terms = PanicTerms(losses=3, officer=-1, flank=1, steady=-1)
    assert terms.describe() == "3 lost, -1 officer, +1 flank attack, -1 Steady = 2"
    assert translate(terms.describe(), "fr") == \
        "3 perdus, -1 officier, +1 prise de flanc, -1 Inébranlable = 2"


def test_move_numbers_print_as_the_options_always_wrote_them():
    from game.rulesets.ranks.options import number, shown

    for value in (5.0, 3.25, -12.5, 2.0255, 45.4779, 0.0, -0.0001, 7.4e-05, 359.9996, 90.123456):
        for places in (3, 6):
            assert str(shown(value, places)) == number(value, places), (value, places)
